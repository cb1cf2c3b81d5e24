"""Imposition: card grids, duplex backs, tokens, tiles, crop marks."""

from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from printkit.draw.shapes import Group, Rect, Style, Text, walk
from printkit.kit.checks import sheet_findings, unmarked_cut_lines
from printkit.press.blocks import Block, block_sheets
from printkit.press.marks import MIN_MARK_MM
from printkit.press.pieces import Piece, bleed_rect
from printkit.press.settings import PrintSettings
from printkit.press.sheets import grid_sheets
from printkit.press.tiles import board_sheets, fits_one_page, tile_windows


def card(i: int, w: float = 63, h: float = 88) -> Piece:
    return Piece(f"card {i}", w, h, Group((bleed_rect(w, h, "#D55E00"),)), Group((bleed_rect(w, h, "#2E3A4F"),)))


@pytest.mark.parametrize("paper, butted, per_page", [("A4", False, 8), ("letter", False, 6), ("universal", False, 6),
                                                     ("A4", True, 8), ("letter", True, 8), ("A3", False, 16)])
def test_poker_cards_per_page_with_crop_marks_for_every_cut_line(paper: str, butted: bool, per_page: int) -> None:
    """Every cut line has its crop marks outside the printer's 5 mm margin: 3 x 3 poker cards (9) no longer fit A4 or
    Letter with them; turned a quarter turn, 8 do (6 on Letter with a bleed between cards); verify notes the cost."""
    s = PrintSettings(paper=paper, butted=butted)
    sheets = grid_sheets([card(i) for i in range(18)], s, "T", "cards")
    assert [sh.side for sh in sheets[:2]] == ["front", "back"]
    assert len(sheets[0].placed) == per_page
    for sheet in sheets:
        assert unmarked_cut_lines(sheet, s) == []
        assert [f for f in sheet_findings(sheet, s) if f.level != "note"] == []
        for mark in sheet.marks:
            assert math.hypot(mark.x2 - mark.x1, mark.y2 - mark.y1) >= MIN_MARK_MM
    turned = sheets[0].placed[0].w == 88
    assert turned == (paper != "A3")
    assert (sheets[0].note is not None) == turned


def test_backs_mirror_fronts_for_long_and_short_edge_flips() -> None:
    for flip in ("long", "short"):
        s = PrintSettings(duplex_flip=flip)
        pw, ph = s.page_size
        fronts, backs = grid_sheets([card(i) for i in range(7)], s, "T", "cards")
        for f, b in zip(fronts.placed, backs.placed):
            assert f.name == b.name
            if flip == "long":
                assert abs((pw - f.x - f.w) - b.x) < 1e-9 and abs(f.y - b.y) < 1e-9
            else:
                assert abs((ph - f.y - f.h) - b.y) < 1e-9 and abs(f.x - b.x) < 1e-9


def test_back_offset_shifts_every_back() -> None:
    s = PrintSettings(back_offset_x_mm=1.5, back_offset_y_mm=-2)
    plain = grid_sheets([card(0)], PrintSettings(), "T", "c")[1].placed[0]
    moved = grid_sheets([card(0)], s, "T", "c")[1].placed[0]
    assert (round(moved.x - plain.x, 6), round(moved.y - plain.y, 6)) == (1.5, -2)


def test_trim_and_bleed_boxes_surround_the_pieces() -> None:
    sheet = grid_sheets([card(i) for i in range(9)], PrintSettings(butted=True), "T", "c")[0]
    x, y, w, h = sheet.page.trim
    assert (round(w, 6), round(h, 6)) == (176, 252)  # 2 x 4 cards turned a quarter turn
    bx, by, bw, bh = sheet.page.bleed
    assert (round(x - bx, 6), round(bw - w, 6)) == (3, 6)


def _overlap(a, b) -> bool:
    return a.x < b.x + b.w - 1e-6 and b.x < a.x + a.w - 1e-6 and a.y < b.y + b.h - 1e-6 and b.y < a.y + a.h - 1e-6


@hsettings(max_examples=60, deadline=None)
@given(
    count=st.integers(1, 40),
    w=st.floats(15, 120),
    h=st.floats(15, 150),
    paper=st.sampled_from(["A4", "letter", "A3", "universal"]),
    bleed=st.floats(0, 5),
    round_=st.booleans(),
)
def test_imposition_keeps_every_piece_inside_and_apart(count, w, h, paper, bleed, round_) -> None:
    s = PrintSettings(paper=paper, bleed_mm=bleed)
    pieces = [dataclasses.replace(card(i, w, h), round=round_, back=None) for i in range(count)]
    sheets = grid_sheets(pieces, s, "T", "p")
    placed = [p for sheet in sheets for p in sheet.placed]
    assert sorted(p.name for p in placed) == sorted(p.name for p in pieces)
    for sheet in sheets:
        assert not [f for f in sheet_findings(sheet, s) if f.level == "error"]
        if sheet.note is None or "no room" not in sheet.note:
            assert unmarked_cut_lines(sheet, s) == [], "every cut line has its crop marks"
        for i, a in enumerate(sheet.placed):
            assert not any(_overlap(a, b) for b in sheet.placed[i + 1:])


@hsettings(max_examples=40, deadline=None)
@given(
    sizes=st.lists(st.tuples(st.integers(1, 160), st.floats(8, 60), st.booleans()), min_size=1, max_size=4),
    paper=st.sampled_from(["A4", "letter", "A3", "universal"]),
    bleed=st.floats(0, 5),
)
def test_blocks_of_any_size_keep_every_piece_inside_and_apart(sizes, paper, bleed) -> None:
    """Tic Tac Two's 8 x 8 board: 128 tokens in one block, taller than a page. A block that does not fit a page goes on
    in whole rows on the next, captioned "(continued)"; each piece is placed once, inside the printable area."""
    s = PrintSettings(paper=paper, bleed_mm=bleed)
    blocks = [Block(f"set {k}", [dataclasses.replace(card(i, size, size), name=f"set {k} piece {i}", round=round_, back=None)
                                 for i in range(count)]) for k, (count, size, round_) in enumerate(sizes)]
    sheets = block_sheets(blocks, s, "T")
    placed = [p.name for sheet in sheets for p in sheet.placed]
    assert placed == [piece.name for block in blocks for piece in block.pieces]
    for sheet in sheets:
        assert not [f for f in sheet_findings(sheet, s) if f.level == "error"]
        for i, a in enumerate(sheet.placed):
            assert not any(_overlap(a, b) for b in sheet.placed[i + 1:])
    captions = [shape.text for sheet in sheets for shape, _, _ in walk(sheet.page.drawing.children)
                if isinstance(shape, Text) and "block-caption" in shape.cls]
    assert [c for c in captions if not c.endswith(" (continued)")] == [b.caption for b in blocks]


def test_a_block_taller_than_a_page_goes_on_in_rows_captioned_continued() -> None:
    s = PrintSettings(paper="A4")
    tokens = Block("Tokens: 64 X, 64 O", [dataclasses.replace(card(i, 20, 20), name=f"token {i}", round=True, back=None)
                                          for i in range(128)])
    sheets = block_sheets([tokens, Block("Walls", [dataclasses.replace(card(0, 40, 10), back=None)])], s, "T")
    rows = {round(p.y, 3) for p in sheets[0].placed}
    assert len(sheets[0].placed) % len(rows) == 0 and len(sheets[0].placed) < 128  # whole rows fill the first page
    assert [p.name for sheet in sheets for p in sheet.placed] == [f"token {i}" for i in range(128)] + ["card 0"]
    captions = [[shape.text for shape, _, _ in walk(sheet.page.drawing.children)
                 if isinstance(shape, Text) and "block-caption" in shape.cls] for sheet in sheets]
    assert captions[0] == ["Tokens: 64 X, 64 O"] and captions[1][0] == "Tokens: 64 X, 64 O (continued)"
    assert [c for page in captions for c in page][-1] == "Walls"


def board(w: float, h: float) -> Piece:
    return Piece("board", w, h, Group((Rect(0, 0, w, h, Style(fill="#F4EFE3")),)))


def test_a_board_that_fits_is_centred_on_one_page() -> None:
    s = PrintSettings()
    sheets = board_sheets(board(180, 180), s, "B")
    assert len(sheets) == 1
    p = sheets[0].placed[0]
    assert abs(p.x - (210 - 180) / 2) < 1e-9 and abs(p.y - (297 - 180) / 2) < 1e-9


def test_a_large_board_is_tiled_with_overlap_and_labels() -> None:
    s = PrintSettings()
    piece = board(440, 300)
    assert not fits_one_page(piece, s)
    windows = tile_windows(piece, s)
    rows, cols = windows[-1].row + 1, windows[-1].col + 1
    assert len(windows) == rows * cols >= 4
    # the windows cover the board (the outer tiles show its bleed too), neighbours overlapping by the overlap strip
    assert abs(windows[0].x) < 1e-9 and abs(windows[-1].x + windows[-1].w - 440) < 1e-6
    assert abs((windows[0].x + windows[0].w) - windows[1].x - s.tile_overlap_mm) < 1e-6
    sheets = board_sheets(piece, s, "Board")
    assert sheets[1].label == f"tile 2 of {len(windows)}: row 1, column 2"
    for sheet in sheets:
        assert not [f for f in sheet_findings(sheet, s) if f.level == "error"]


@hsettings(max_examples=60, deadline=None)
@given(
    w=st.floats(150, 900), h=st.floats(150, 900),
    paper=st.sampled_from(["A4", "letter", "A3", "universal"]),
    bleed=st.floats(0, 6), margin=st.floats(3, 30), offset=st.floats(0.5, 10), length=st.floats(3, 20),
    printer_margin=st.floats(0, 20), overlap=st.floats(5, 30),
)
def test_boards_tile_cleanly_at_every_print_setting(w, h, paper, bleed, margin, offset, length, printer_margin, overlap
                                                    ) -> None:
    """Any board at any [print] values a designer may set: no check error on its pages (a crop mark of 18.8 mm ran
    into the tile's caption), and the marks under the board still at least 3 mm long."""
    s = PrintSettings(paper=paper, bleed_mm=bleed, margin_mm=margin, mark_offset_mm=offset, mark_length_mm=length,
                      printer_margin_mm=printer_margin, tile_overlap_mm=overlap)
    for sheet in board_sheets(board(w, h), s, "Tic Tac Two board"):
        assert not [f for f in sheet_findings(sheet, s) if f.level == "error"], sheet.label
        if sheet.label.startswith("tile "):
            assert all(math.hypot(mk.x2 - mk.x1, mk.y2 - mk.y1) >= MIN_MARK_MM - 1e-6 for mk in sheet.marks
                       if max(mk.y1, mk.y2) < s.page_size[1] - printer_margin - 1e-6)


def test_crop_marks_stay_off_the_pieces_and_the_paper_edge() -> None:
    s = PrintSettings()
    sheet = grid_sheets([card(i) for i in range(9)], s, "T", "c")[0]
    assert sheet.marks
    for mark in sheet.marks:
        assert min(mark.x1, mark.x2) >= s.printer_margin_mm - 1e-9
        assert min(mark.y1, mark.y2) >= s.printer_margin_mm - 1e-9
    assert not grid_sheets([card(0)], PrintSettings(crop_marks=False), "T", "c")[0].marks


@pytest.mark.parametrize("paper", ["A4", "letter", "universal"])
@pytest.mark.parametrize("offset", [(0.5, 0.0), (1.5, -1.0), (-4.0, 3.0)])
def test_calibrated_back_offsets_keep_every_crop_mark_whole(paper: str, offset: tuple[float, float]) -> None:
    """Backs shifted by a measured offset still get crop marks of 3 mm or more outside the printer margin for every
    cut line (the grid keeps the room): no warning on every build."""
    s = PrintSettings(paper=paper, back_offset_x_mm=offset[0], back_offset_y_mm=offset[1])
    for sheet in grid_sheets([card(i) for i in range(9)], s, "T", "cards"):
        assert [f for f in sheet_findings(sheet, s) if f.level != "note"] == [], sheet.side
        assert unmarked_cut_lines(sheet, s) == []
