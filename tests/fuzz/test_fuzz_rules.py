"""Rule-sheet Markdown (a kit's rules.md, a game's template output) into PDF pages: any text gives pages
or a clean error, never a reportlab markup error (unbalanced emphasis, tags typed as text)."""

from __future__ import annotations

from hypothesis import strategies as st

from printkit.draw.pdf import pdf_bytes
from printkit.errors import PrintkitError
from printkit.press.settings import PrintSettings
from printkit.rulesheet import rule_pages
from tests.fuzz.harness import budgets, run_property

PIECES = st.sampled_from(["*", "**", "`", "<", ">", "&", "# ", "## ", "### ", "- ", "* ", "1. ", "| a | b |\n|---|---|\n",
                          "|", "[[figure:x]]", "\n", "\n\n", "a", " ", ":coin:", "&amp;", "<b>", "</b>", "<i>", "</i>",
                          "<font face='x'>", "</font>", "<para>", "<br/>", "&#0;", "&#xffff;", "&nbsp;", "\t", "_", "\\",
                          "<img src='/etc/passwd'/>", "é", "\U0001F600", "\u202e", "\x00", "x" * 200, "word " * 40])
MARKDOWN = st.one_of(st.lists(PIECES, max_size=30).map("".join), st.text(max_size=200))


def check_markdown(text: str) -> None:
    try:
        pdf = pdf_bytes([rule_pages(text, {}, PrintSettings(), "Rules")], "rules")
    except PrintkitError:
        return
    assert pdf.startswith(b"%PDF")


@budgets()
def test_rule_sheet_markdown(budget: int) -> None:
    run_property("rule-sheet Markdown", MARKDOWN, check_markdown, budget)
