"""The shared kit checks find what they claim to find."""

from __future__ import annotations

from printkit.draw.pdf import DrawingPage
from printkit.draw.shapes import Drawing, Group, Line, Rect, Style, Text
from printkit.draw.svg import to_svg
from printkit.kit.checks import board_findings, sheet_findings, text_overflows
from printkit.press.settings import PrintSettings
from printkit.press.sheets import Placed, Sheet


def test_text_that_leaves_its_box_is_reported() -> None:
    ok = Text(10, 10, "Bomb", size=10, box=(9, 5, 20, 8))
    wide = Text(10, 10, "A much longer title", size=10, box=(9, 5, 20, 8))
    inside_group = Group((Text(0, 5, "Fortress", size=12, anchor="middle", box=(-5, 0, 10, 6)),), dx=50)
    found = list(text_overflows(Drawing(100, 100, (ok, wide, inside_group))))
    assert len(found) == 2 and "'A much longer title'" in found[0] and "'Fortress'" in found[1]


def test_pieces_outside_the_margins_and_marks_on_pieces_are_errors() -> None:
    s = PrintSettings()
    page = DrawingPage(Drawing(210, 297))
    sheet = Sheet(page, "p", placed=[Placed("card", 2, 50, 63, 88)], marks=[Line(30, 40, 30, 60, Style(stroke="#000000"))])
    messages = [f.message for f in sheet_findings(sheet, s)]
    assert "p: card reaches outside the printable area (6 mm margins)" in messages
    assert "p: a crop mark touches card" in messages


def test_board_svg_is_compared_with_the_engine_cells() -> None:
    drawing = Drawing(20, 10, (Rect(0, 0, 10, 10, id="cell-A1", cls=("cell",)), Rect(10, 0, 10, 10, id="cell-B1", cls=("cell",))))
    expected = {"A1": {"cell", "free"}, "C1": {"cell"}}
    messages = sorted(f.message for f in board_findings(to_svg(drawing), expected))
    assert messages == [
        "board.svg draws cells the rules do not have: B1",
        "board.svg lacks cells the rules use: C1",
        "board.svg: cell A1 lacks class free",
    ]


def test_text_under_7pt_on_a_piece_is_found_but_page_labels_are_not() -> None:
    from printkit.kit.checks import small_text_on_pieces

    piece = Group((Text(0, 5, "tiny", size=6), Text(0, 10, "fine", size=7)), cls=("piece",))
    label = Text(100, 290, "page label", size=6.5)
    sheet = Sheet(DrawingPage(Drawing(210, 297, (piece, label))), "p")
    assert list(small_text_on_pieces(sheet)) == ["'tiny' is 6 pt"]


def test_text_near_a_cut_line_is_found() -> None:
    from printkit.kit.checks import text_outside_safe_area

    piece = Group((Group((Text(1.0, 10, "edge", size=8), Text(20, 20, "middle", size=8)),),), dx=50, dy=50, cls=("piece",))
    sheet = Sheet(DrawingPage(Drawing(210, 297, (piece,))), "p", placed=[Placed("card", 50, 50, 63, 88)])
    assert list(text_outside_safe_area(sheet, 3.0)) == ["'edge' on card"]
