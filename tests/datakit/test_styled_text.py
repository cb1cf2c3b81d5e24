"""Styled text (kit tests/datakit/kits/styled-text): **bold** and *italic* in card text and board labels,
``:coin:`` in card text, board labels and the rule sheet; checked on the shapes and the rendered pages."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader

from printkit.build import make_data_kit, write_kit
from printkit.datakit.markup import segments
from printkit.draw.shapes import Image, Text, walk
from tests.conftest import render_pdf_page

KIT = Path(__file__).parent / "kits" / "styled-text"
GOLD = (0xE0, 0xA8, 0x00)
DPI = 127.0


def _built(tmp_path: Path):
    kit = make_data_kit(str(shutil.copytree(KIT, tmp_path / "kit")), ())
    out = write_kit(kit, tmp_path / "out", "kit.toml")
    return kit, out.folder


def _gold(image, box: tuple[int, int, int, int] | None = None) -> int:
    """Pixels of the coin's colour (in ``box``, or the whole image)."""
    pixels = np.asarray(image.crop(box) if box else image, dtype=int)
    return int((np.abs(pixels - np.array(GOLD)).max(axis=2) <= 12).sum())


@pytest.mark.parametrize("text, expected", [
    ("**Gain** 2", [("Gain", True, False), (" 2", False, False)]),
    ("<b>x <i>y</i></b> z", [("x ", True, False), ("y", True, True), (" z", False, False)]),
    ("a *b* <em>c</em> <strong>d</strong>", [("a ", False, False), ("b", False, True), (" ", False, False), ("c", False, True),
                                            (" ", False, False), ("d", True, False)]),
    ("2 * 3 * 4", [("2 * 3 * 4", False, False)]),
    ("**open and <i>unclosed", [("**open and <i>unclosed", False, False)]),
    (r"\*star\*", [("*star*", False, False)]),
])
def test_markers_pair_up_or_stay_as_written(text: str, expected: list) -> None:
    assert segments(text) == expected


def test_card_text_takes_bold_italic_and_icons(tmp_path: Path) -> None:
    kit, folder = _built(tmp_path)
    first = kit.artwork["cards"].children[0]
    runs = [(s.text, s.bold, s.italic) for s, _, _ in walk((first,)) if isinstance(s, Text)]
    # a space between words goes with the word before it (the next run starts where the layout measured it)
    assert runs == [("Gain ", True, False), ("2 ", False, False), (" then ", False, False), ("draw ", False, True), ("one", False, False)]
    assert len([s for s, _, _ in walk((first,)) if isinstance(s, Image)]) == 1
    svg = (folder / "artwork" / "cards.svg").read_text()
    assert re.search(r'<text [^>]*font-weight="bold"[^>]*>Gain <', svg) and re.search(r'<text [^>]*font-style="italic"[^>]*>draw <', svg) and "**" not in svg and "&lt;b&gt;" not in svg
    pdf = PdfReader(folder / "kit.pdf")
    page = pdf.pages[-1]
    faces = {str(f.get_object()["/BaseFont"]).split("+")[-1] for f in page["/Resources"]["/Font"].values()}
    assert {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold", "BitstreamVeraSans-Oblique"} <= faces
    assert "Gain" in page.extract_text() and ":coin:" not in page.extract_text()
    picture = render_pdf_page((folder / "kit.pdf").read_bytes(), len(pdf.pages) - 1, DPI)
    assert _gold(picture) > 100  # three coins drawn on the two cards


def test_board_labels_and_the_rule_sheet_show_icons_not_their_names(tmp_path: Path) -> None:
    kit, folder = _built(tmp_path)
    board = kit.artwork["market"]
    labels = [(s.text, s.bold) for s, _, _ in walk(board.children) if isinstance(s, Text) and "cell-label" in s.cls]
    assert ("Buy ", True) in labels and ("here", False) in labels and ("Plain label", False) in labels
    assert not any(":coin:" in text or "**" in text for text, _ in labels)
    pdf = (folder / "kit.pdf").read_bytes()
    reader = PdfReader(io.BytesIO(pdf))
    rules = reader.pages[0]
    assert "Each turn take" in rules.extract_text() and ":coin:" not in rules.extract_text()
    assert _gold(render_pdf_page(pdf, 0, DPI)) > 100  # four coins in the text and the table
    board_page = next(i for i, p in enumerate(reader.pages) if "Styled Text Market" in p.extract_text())
    sheet = next(s for s in kit.sections if s.name.startswith("board")).sheets[0]
    cell = sheet.placed[0]
    page = render_pdf_page(pdf, board_page, DPI)
    px = DPI / 25.4
    a1 = tuple(round(v * px) for v in (cell.x, cell.y, cell.x + cell.w / 2, cell.y + cell.h / 2))
    assert _gold(page, a1) > 20  # the coin in cell A1
