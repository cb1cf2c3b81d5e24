"""Rule-sheet markup: blocks, escaping, figures, and pages."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from printkit.draw.pdf import pdf_bytes
from printkit.draw.shapes import Drawing, Rect, Style
from printkit.errors import BuildError
from printkit.press.settings import PrintSettings
from printkit.rulesheet import _blocks, inline, rule_pages

TEXT = """# Title

A paragraph that
continues here with a <face-down> card and a<b.

## Section
- one **bold**
- two *italic*
1. first
2. second

| A | B |
|---|---|
| 1 | 2 |

[[figure:box]]
"""


def test_blocks() -> None:
    kinds = [k for k, _ in _blocks(TEXT)]
    assert kinds == ["h1", "p", "h2", "ul", "ol", "table", "figure"]
    assert dict(_blocks(TEXT))["table"] == [["A", "B"], ["1", "2"]]


def test_markup_is_escaped() -> None:
    assert inline("a<b & **c**") == "a&lt;b &amp; <b>c</b>"
    assert inline("<face-down>") == "&lt;face-down&gt;"


def test_pages_render_every_block_and_keep_angle_brackets() -> None:
    figure = Drawing(20, 10, (Rect(0, 0, 20, 10, Style(fill="#0072B2")),))
    pdf = pdf_bytes([rule_pages(TEXT, {"box": figure}, PrintSettings(), "T")], "T")
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "<face-down>" in text and "a<b" in text and "T - rules - page 1" in text


def test_unknown_figure_is_a_build_error() -> None:
    with pytest.raises(BuildError, match="unknown figure 'nope'"):
        pdf_bytes([rule_pages("[[figure:nope]]", {}, PrintSettings(), "T")], "T")


def test_a_bar_can_be_escaped_in_a_table_cell() -> None:
    blocks = _blocks("| Wall | Owner |\n|---|---|\n| A3\\|B3 | X |\n")
    assert blocks == [("table", [["Wall", "Owner"], ["A3|B3", "X"]])]
