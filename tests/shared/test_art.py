"""Shared parametric artwork the built-in games and designers' art hooks draw with (printkit.kitart): its ids,
classes and pixels."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from printkit.draw.shapes import Drawing, Group, Rect, Style, Text
from printkit.draw.svg import to_svg
from printkit.kitart import PLAYER_COLOURS, mark_tokens, position_diagram
from tests.conftest import render_svg

SVG = "{http://www.w3.org/2000/svg}"
DPI = 200


def _px(mm: float) -> int:
    return int(mm / 25.4 * DPI)


def _picture(pieces: list, width: float) -> Drawing:
    return Drawing(width, pieces[0].h, tuple(Group((p.front,), dx=i * p.w) for i, p in enumerate(pieces)))


def test_mark_tokens_are_named_and_classed_by_mark() -> None:
    tokens = mark_tokens("O", 3, 20.0, PLAYER_COLOURS[1], bleed=2.0)
    assert [t.name for t in tokens] == ["O token 1", "O token 2", "O token 3"]
    assert all(t.round and t.kind == "token" and (t.w, t.h) == (20.0, 20.0) for t in tokens)
    assert tokens[0].underlay is not None and tokens[0].underlay.r == 12.0  # the disc runs 2 mm into the bleed
    root = ET.fromstring(to_svg(_picture(tokens, 60.0)))
    groups = {g.get("id"): g.get("class") for g in root.iter(f"{SVG}g") if g.get("id")}
    assert groups == {f"token-O-{i}": "token o" for i in (1, 2, 3)}


def test_mark_tokens_draw_a_white_mark_on_the_players_colour() -> None:
    x, o = mark_tokens("X", 1, 20.0, PLAYER_COLOURS[0])[0], mark_tokens("O", 1, 20.0, PLAYER_COLOURS[1])[0]
    image = render_svg(to_svg(_picture([x, o], 40.0)), dpi=DPI)
    assert image.getpixel((_px(10), _px(10))) == (255, 255, 255)  # the cross's centre
    assert image.getpixel((_px(10), _px(3))) == (0xD5, 0x5E, 0x00)  # between the cross's arms: the disc
    assert image.getpixel((_px(30), _px(10))) == (0x00, 0x72, 0xB2)  # inside the ring: the disc
    ring = [image.getpixel((_px(30 + dx / 10), _px(10))) for dx in range(40, 70)]
    assert (255, 255, 255) in ring  # the ring, white, about 5.6 mm from the centre
    assert image.getpixel((_px(20.3), _px(0.3))) == (255, 255, 255)  # outside both discs: the paper


def test_position_diagram_draws_each_shape_a_piece_returns() -> None:
    def two(cx: float, cy: float, r: float) -> list:
        return [Rect(cx - r, cy - r, r, r, Style(fill="#000000")), Text(cx, cy, "2", size=6)]

    def one(cx: float, cy: float, r: float) -> Rect:
        return Rect(cx - r, cy - r, 2 * r, 2 * r, Style(fill="#009E73"))

    drawing = position_diagram(2, 2, {"A1": two, "B2": one}, cell=10.0, highlight={"B1": "#F0E442"})
    assert (drawing.width, drawing.height) == (25.0, 25.0)
    rects = [s for s in drawing.children if isinstance(s, Rect)]
    assert len(rects) == 4 + 2  # four cells, the two pieces' squares
    assert [s.text for s in drawing.children if isinstance(s, Text)] == ["2", "A", "B", "1", "2"]
    image = render_svg(to_svg(drawing), dpi=DPI)
    assert image.getpixel((_px(6), _px(6))) == (0, 0, 0)  # A1's black square, top left of its centre
    assert image.getpixel((_px(19), _px(19))) == (0x00, 0x9E, 0x73)  # B2's piece
    assert image.getpixel((_px(19), _px(6))) == (0xF0, 0xE4, 0x42)  # B1 highlighted
