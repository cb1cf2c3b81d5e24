"""Every kit, as SiTTeRS needs them: ``[[pages]]`` are pages of kit.pdf the kit's Python draws whole (a score sheet, a
die net with its cut outline), each an artwork file and a part of a section; a board drawn by Python with
``turn_to_fit`` is printed a quarter turn round when that fits the paper better, its artwork file upright."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from pypdf import PdfReader

from tests.kitrules.helpers import cli, one_error_line, scaffold

PAGES = '''
from printkit.kitart import ArtKit, Drawing, Page, Rect, Style, Text


def sheets(kit: ArtKit, name: str) -> list[Page]:
    width = kit.settings.page_size[0]
    title = Text(15, 22, "Star Race - score sheet", size=15, bold=True, id="sheet-title")
    rows = tuple(Rect(15, 40 + 10 * i, width - 30, 8, Style(stroke="#1A1A1A", width=0.3)) for i in range(kit.params.goal))
    return [Page((title, *rows), "Star Race - score sheet", title="Star Race score sheet")]


def spinner(kit: ArtKit, name: str) -> list[Page]:
    disc = Rect(60, 50, 76, 76, Style(fill="#FFFFFF", stroke="#1A1A1A", width=0.4), id="spinner-disc")
    note = Text(15, 22, "Star Race - spinner", size=15, bold=True)
    return [Page((note, disc), "Star Race - spinner", cut=(("spinner", 60, 50, 76, 76),),
                 artwork=Drawing(80, 80, (disc,), title="Star Race spinner")),
            Page((note,), "Star Race - spinner, spare")]


def board(kit: ArtKit, name: str):
    from printkit.kitart import Group, Piece

    w, h = kit.params.board_w, 180.0
    front = Group((Rect(0, 0, w, h, Style(fill="#F4EFE3", stroke="#1A1A1A", width=0.5)),), id="long-board")
    return [Piece("long board", w, h, front, kind="board")]
'''

ADDED = '''
[[pages]]
name = "score_sheet"
title = "score sheet"
art = "pages.py:sheets"

[[pages]]
name = "spinner"
art = "pages.py:spinner"
'''


def _kit(tmp_path: Path, extra: str = ADDED) -> Path:
    folder = scaffold(tmp_path)
    (folder / "pages.py").write_text(PAGES, encoding="utf-8")
    text = re.sub(r"(?m)^\[params\].*$", lambda m: m.group(0) + "\nboard_w = 260.0", (folder / "kit.toml").read_text(), 1)
    (folder / "kit.toml").write_text(text + extra)
    return folder


def _build(folder: Path, out: Path, *args: str) -> Path:
    result = cli("build", "--kit", str(folder), "--out", str(out), *args)
    assert result.exit_code == 0, result.output
    return out / "star-race"


def test_pages_are_sections_and_artwork_files(tmp_path: Path) -> None:
    built = _build(_kit(tmp_path), tmp_path / "out")
    artwork = {p.stem for p in (built / "artwork").glob("*.svg")}
    assert {"score_sheet", "spinner-1", "spinner-2"} <= artwork
    sheet = ET.parse(built / "artwork" / "score_sheet.svg").getroot()
    texts = [e.text for e in sheet.iter() if e.text]
    assert "Star Race - score sheet" in texts and "Star Race score sheet" in texts  # the footer and the title
    spinner = ET.parse(built / "artwork" / "spinner-1.svg").getroot()
    assert spinner.get("width") == "80mm" and any(e.get("id") == "spinner-disc" for e in spinner.iter())
    pages = [page.extract_text() for page in PdfReader(built / "kit.pdf").pages]
    assert sum("Star Race - score sheet" in text for text in pages) == 1
    assert sum("Star Race - spinner" in text for text in pages) == 2
    assert "Score sheet: 1 page." in pages[0] and "Spinner: 2 pages." in pages[0]  # the print note lists them


def test_pages_in_sections_keep_their_advice(tmp_path: Path) -> None:
    folder = _kit(tmp_path, ADDED + '\n[sections.track]\nsets = ["score-track", "coins", "cards"]\n\n[sections."score sheet"]\n'
                                    'sets = ["score_sheet", "spinner"]\nadvice = "single-sided; copy it for more games"\n')
    built = _build(folder, tmp_path / "out")
    first = PdfReader(built / "kit.pdf").pages[0].extract_text()
    assert "Score sheet: 3 pages. Single-sided; copy it for more games" in " ".join(first.split())
    folder = _kit(tmp_path / "mixed", ADDED + '\n[sections.all]\nsets = ["score-track", "coins", "cards", "score_sheet", "spinner"]\n')
    first = PdfReader(_build(folder, tmp_path / "mixed-out") / "kit.pdf").pages[0].extract_text()
    assert re.search(r"All: \d+ pages\. Double-sided", " ".join(first.split()))  # pages beside pieces: the pieces' advice


def test_a_page_set_is_refused_where_pieces_belong(tmp_path: Path) -> None:
    folder = _kit(tmp_path, ADDED + '\n[artwork]\nsheets = ["score_sheet"]\n')
    line = one_error_line(cli("build", "--kit", str(folder), "--out", str(tmp_path / "out")))
    assert line == (f"error: {folder}/kit.toml: artwork.sheets: 'score_sheet' is a [[pages]] set: its pages are artwork "
                    "files of their own")
    folder = _kit(tmp_path / "b", ADDED.replace('art = "pages.py:spinner"', 'art = "pages.py:board"'))
    line = one_error_line(cli("build", "--kit", str(folder), "--out", str(tmp_path / "out")))
    assert line == (f"error: {folder}/kit.toml: pages[1].art: pages.py:board returned Piece: expected a list of pages "
                    "(printkit.kitart.Page)")
    line = one_error_line(cli("build", "--kit", str(folder), "--out", str(tmp_path / "out"), "--no-code"))
    assert line == (f"error: {folder}/kit.toml: pages[0].art: the pages of 'score_sheet' are drawn by pages.py:sheets: they "
                    "cannot be printed with --no-code")


def _board_pages(tmp_path: Path, turn: str) -> tuple[int, Path]:
    folder = _kit(tmp_path, f'\n[[board]]\nname = "long"\nart = "pages.py:board"\n{turn}')
    built = _build(folder, tmp_path / "out")
    first = " ".join(PdfReader(built / "kit.pdf").pages[0].extract_text().split())
    count = next(int(part.split()[0]) for part in first.split(" Long: ")[1:])
    return count, built


def test_a_board_turned_to_fit_the_paper(tmp_path: Path) -> None:
    upright, _ = _board_pages(tmp_path / "a", "")
    turned, built = _board_pages(tmp_path / "b", "turn_to_fit = true\n")
    assert upright > 1 and turned == 1  # 260 x 180 mm: tiled upright on A4, one page turned
    board = ET.parse(built / "artwork" / "long.svg").getroot()
    assert float(board.get("width", "0").removesuffix("mm")) > float(board.get("height", "0").removesuffix("mm"))
    folder = _kit(tmp_path / "c", ADDED.replace('name = "spinner"', 'name = "spinner"\nturn_to_fit = true'))
    line = one_error_line(cli("build", "--kit", str(folder), "--out", str(tmp_path / "out")))
    assert line == f"error: {folder}/kit.toml: pages[1].turn_to_fit: only for a [[board]], this is a [[pages]]"
