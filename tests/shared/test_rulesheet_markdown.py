"""Rule-sheet Markdown beyond the built-in sheets: nested lists, quotes, rules, pictures, raw HTML."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from printkit.draw.pdf import pdf_bytes
from printkit.draw.shapes import Drawing, Rect, Style
from printkit.errors import BuildError
from printkit.markdown_blocks import ListBlock, blocks, inline
from printkit.press.settings import PrintSettings
from printkit.rulesheet import ImageSource, rule_pages

RED = "#D55E00"


def pdf_of(text: str, image: ImageSource | None = None, figures: dict[str, Drawing] | None = None) -> bytes:
    return pdf_bytes([rule_pages(text, figures or {}, PrintSettings(), "T", image=image)], "T")


def text_x(pdf: bytes) -> dict[str, float]:
    """Each text run of the first page and the x (pt) where it starts."""
    found: dict[str, float] = {}

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip():
            found.setdefault(text.strip(), tm[4] * cm[0] + cm[4])

    PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    return found


def page_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def first_page_pixels(pdf: bytes):  # noqa: ANN201 - a PIL image
    return pdfium.PdfDocument(pdf)[0].render(scale=1).to_pil().convert("RGB")


def test_nested_list_items_hold_blocks_and_indent_further() -> None:
    text = "- outer one\n  - inner one\n    1. deepest\n- outer two\n"
    (kind, content), = blocks(text)
    assert kind == "ul" and isinstance(content, ListBlock) and len(content.items) == 2
    assert [k for k, _ in content.items[0]] == ["p", "ul"]
    x = text_x(pdf_of(text))
    assert x["outer one"] < x["inner one"] < x["deepest"]
    assert x["outer two"] == pytest.approx(x["outer one"])


def test_ordered_list_keeps_its_start_number() -> None:
    (kind, content), = blocks("3. three\n4. four\n")
    assert kind == "ol" and content.start == 3
    assert "3." in text_x(pdf_of("3. three\n4. four\n"))


def test_block_quote_is_an_indented_paragraph() -> None:
    text = "Plain text.\n\n> Quoted *words*\n> on two lines.\n"
    assert [k for k, _ in blocks(text)] == ["p", "quote"]
    assert blocks(text)[1][1][0][0] == "p"
    x = text_x(pdf_of(text))
    quoted = next(v for k, v in x.items() if k.startswith("Quoted"))
    assert quoted > x["Plain text."] + 10
    assert "Quoted words on two lines." in page_text(pdf_of(text))


def test_thematic_break_draws_a_thin_line_across_the_column() -> None:
    text = "Above.\n\n---\n\nBelow.\n"
    assert [k for k, _ in blocks(text)] == ["p", "rule", "p"]
    image = first_page_pixels(pdf_of(text))
    width, height = image.size
    rows = [y for y in range(height // 3) if sum(image.getpixel((x, y))[0] < 200 for x in range(width)) > width * 0.7]
    assert rows, "no line across the page"
    assert "Above." in page_text(pdf_of(text)) and "Below." in page_text(pdf_of(text))


def test_a_lone_picture_is_placed_through_the_image_callback_with_its_caption() -> None:
    asked: list[tuple[str, str]] = []

    def image(src: str, alt: str) -> Drawing | None:
        asked.append((src, alt))
        return Drawing(40, 20, (Rect(0, 0, 40, 20, Style(fill=RED)),))

    text = "Before.\n\n![The *red* box](art/box.svg)\n\nAfter.\n"
    assert blocks(text)[1] == ("image", ("art/box.svg", "The red box"))
    assert blocks("![Map](<art/my map é.svg>)\n") == [("image", ("art/my map é.svg", "Map"))]
    pdf = pdf_of(text, image)
    assert asked == [("art/box.svg", "The red box")]
    assert "The red box" in page_text(pdf)
    pixels = first_page_pixels(pdf)
    assert (0xD5, 0x5E, 0x00) in {pixels.getpixel((x, y)) for x in range(0, pixels.width, 4) for y in range(0, 250, 4)}


def test_a_picture_wider_than_the_column_is_scaled_down_to_it() -> None:
    wide = Drawing(400, 10, (Rect(0, 0, 400, 10, Style(fill=RED)),))
    pixels = first_page_pixels(pdf_of("![](wide.svg)\n", lambda src, alt: wide))
    red = [x for x in range(pixels.width) if pixels.getpixel((x, 48)) == (0xD5, 0x5E, 0x00)]  # 15 mm + 2 mm down
    assert red and red[-1] < pixels.width - 15 * 72 / 25.4 + 2  # inside the 15 mm right margin


def test_a_missing_picture_is_a_build_error_naming_it() -> None:
    with pytest.raises(BuildError, match="missing image 'art/nope.svg'"):
        pdf_of("![gone](art/nope.svg)\n", lambda src, alt: None)
    with pytest.raises(BuildError, match="image 'art/nope.svg'"):
        pdf_of("![gone](art/nope.svg)\n")


def test_a_picture_inside_text_shows_its_alt_text() -> None:
    assert inline("see ![the board](b.svg) here") == "see the board here"
    assert "see the board here" in page_text(pdf_of("see ![the board](b.svg) here\n"))


def test_html_in_the_text_is_shown_literally() -> None:
    text = "A <b>bold</b> tag & <script>x</script>.\n\n<div class='x'>a block</div>\n"
    assert inline("A <b>bold</b> & co") == "A &lt;b&gt;bold&lt;/b&gt; &amp; co"
    shown = page_text(pdf_of(text))
    assert "A <b>bold</b> tag & <script>x</script>." in shown
    assert "<div class='x'>a block</div>" in shown


def test_an_escaped_bar_stays_in_its_table_cell() -> None:
    text = "| Wall | Owner |\n|---|---|\n| A3\\|B3 | `X\\|Y` |\n"
    (kind, rows), = blocks(text)
    assert kind == "table" and rows == [["Wall", "Owner"], ["A3|B3", "`X|Y`"]]
    shown = page_text(pdf_of(text))
    assert "A3|B3" in shown and "X|Y" in shown


def test_inline_markup_links_breaks_and_code() -> None:
    assert inline("a [link](https://x.org) and <https://y.org>") == "a link and https://y.org"
    assert inline("one\ntwo") == "one two"
    assert inline("one  \ntwo") == "one<br/>two"
    assert inline("`a<b`") == "<b>a&lt;b</b>"
    assert inline("***both***") == "<i><b>both</b></i>"


def test_figure_lines_inside_a_paragraph_split_it() -> None:
    kinds = [k for k, _ in blocks("Text then\n[[figure:box]]\nand after.\n")]
    assert kinds == ["p", "figure", "p"]


def test_other_constructs_degrade_to_readable_text() -> None:
    text = "#### Deep heading\n\n    code  <kept>\n\n```\nfenced\n```\n\n-\n- after an empty item\n"
    assert [k for k, _ in blocks(text)] == ["h3", "code", "code", "ul"]
    shown = page_text(pdf_of(text))
    for part in ("Deep heading", "code", "<kept>", "fenced", "after an empty item"):
        assert part in shown


def test_a_quote_over_a_page_break_stays_indented_and_the_text_after_it_does_not() -> None:
    text = "Plain.\n\n" + "\n>\n".join(f"> Quoted line {i}." for i in range(70)) + "\n\nAfter the quote.\n"
    pdf = pdf_of(text)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) >= 2
    xs: dict[str, float] = {}

    def visit(run: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if run.strip():
            xs.setdefault(run.strip(), tm[4] * cm[0] + cm[4])

    for page in reader.pages:
        page.extract_text(visitor_text=visit)
    margin = xs["Plain."]
    assert xs["Quoted line 0."] == pytest.approx(margin + 18) and xs["Quoted line 69."] == pytest.approx(margin + 18)
    assert xs["After the quote."] == pytest.approx(margin)


def test_table_cells_beyond_the_header_are_kept_as_more_columns() -> None:
    text = "| a | b |\n|---|---|\n| 1 | 2 | 3 \\| **four** |\n| x |\n"
    (kind, rows), = blocks(text)
    assert kind == "table" and rows == [["a", "b", ""], ["1", "2", "3 | **four**"], ["x", "", ""]]
    assert "3 | four" in page_text(pdf_of(text))


@pytest.mark.parametrize("text", ["- >", "1. item\n\n   > a quote in an item\n\n   - nested\n\n     > deeper quote",
                                  "> top\n> - list in a quote\n>   > quote in a list in a quote"])
def test_quotes_inside_list_items_are_indented_blocks(text: str) -> None:
    """Found by the deep fuzzing run: a quote inside a list item crashed the sheet (platypus draws an item's
    flowables itself, and a frame indent there has nothing to draw)."""
    pdf = pdf_bytes([rule_pages(text, {}, PrintSettings(), "Rules")], "rules")
    words = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    for word in ("quote", "deeper", "nested", "list"):
        assert word not in text or word in words


def _page_of(pdf: bytes, words: str) -> int:
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]
    return next(i for i, text in enumerate(pages) if words in text)


TABLE = "| Turn | Log |\n|---|---|\n" + "".join(f"| {n} | move number {n} |\n" for n in range(1, 9))


@pytest.mark.parametrize("lead", ["Replayed move by move by the rules:", "## Worked example", "## Worked example\n\nThe moves:"])
def test_a_lead_in_is_never_left_at_the_foot_of_a_page(lead: str) -> None:
    """Filler pushes the lead-in down the page line by line: wherever the page breaks, the lead-in (a heading,
    a paragraph ending with a colon, or both) starts the same page as the table it leads into."""
    seen_breaks = set()
    for lines in range(25, 50):
        filler = "".join(f"Filler paragraph {n}.\n\n" for n in range(lines))
        pdf = pdf_of(f"{filler}{lead}\n\n{TABLE}")
        table_page = _page_of(pdf, "move number 1")
        heading = lead.splitlines()[0].lstrip("# ")
        assert _page_of(pdf, heading) == table_page, (lines, lead)
        if "The moves:" in lead:
            assert _page_of(pdf, "The moves:") == table_page
        seen_breaks.add(table_page)
    assert seen_breaks == {0, 1}  # the range crosses the page break
