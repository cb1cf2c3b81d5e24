"""Shared parametric artwork the built-in games and designers' art hooks draw with (printkit.kitart): its ids,
classes and pixels."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from printkit.art.board import GridStyle, grid_board, label_band, swatch_legend
from printkit.draw import fonts
from printkit.draw.fonts import text_extent
from printkit.draw.shapes import Circle, Drawing, Group, Line, Rect, Style, Text, walk
from printkit.draw.svg import to_svg
from printkit.kit.checks import text_overflows
from printkit.kitart import (
    PLAYER_COLOURS,
    die_net,
    mark_tokens,
    position_diagram,
    score_card,
    score_layout,
    spinner,
    standee_panel,
    standee_piece,
    tile_piece,
)
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


def test_die_net_has_six_faces_of_one_to_six_pips_and_seven_glue_tabs() -> None:
    net = die_net(20.0)
    faces = [s for s in net.children if isinstance(s, Rect) and "die-face" in s.cls]
    pips = [s for s in net.children if isinstance(s, Circle) and "pip" in s.cls]
    tabs = [s for s in net.children if "glue-tab" in getattr(s, "cls", ())]
    assert (net.id, len(faces), len(pips), len(tabs)) == ("die-net", 6, 21, 7)
    image = render_svg(to_svg(Drawing(90, 66, (Group((net,), dx=3, dy=3),))), dpi=DPI)
    assert image.getpixel((_px(3 + 30), _px(3 + 30))) == (0x1A, 0x1A, 0x1A)  # the 1's single pip, mid face
    assert image.getpixel((_px(3 + 30 + 4), _px(3 + 30))) == (255, 255, 255)  # beside it, the white face
    assert image.getpixel((_px(3 + 10), _px(3 + 10))) == (255, 255, 255)  # no face above the net's left arm


def test_spinner_numbers_its_sectors_clockwise_from_the_top() -> None:
    wheel = spinner(5, radius=30.0)
    numbers = [s for s in wheel.children if isinstance(s, Text)]
    assert wheel.id == "spinner" and [t.text for t in numbers] == ["1", "2", "3", "4", "5"]
    assert numbers[0].x > 30 and numbers[0].y < 30  # 1 just right of the top
    assert numbers[-1].x < 30 and numbers[-1].y < 30  # 5 just left of it
    assert sum(isinstance(s, Line) for s in wheel.children) == 5


def test_standee_is_one_strip_with_the_panel_twice_and_three_folds() -> None:
    panel = standee_panel(lambda cx, cy, r: Circle(cx, cy, r, Style(fill="#0072B2")), "Longbeard the Second",
                          20.0, 30.0, 2.0, "#1A1A1A", ("marker-name",))
    piece = standee_piece("hero standee 1", "hero-1", ("standee",), 20.0, 30.0, 8.0, "#D55E00", panel)
    assert (piece.w, piece.h, piece.kind, piece.front.id) == (20.0, 76.0, "standee", "hero-1")
    names = [s for s in panel if isinstance(s, Text)]
    assert names and all("marker-name" in t.cls and t.size >= 7 for t in names)
    assert " ".join(t.text for t in names) == "Longbeard the Second"
    image = render_svg(to_svg(Drawing(20, 76, (piece.front,))), dpi=DPI)
    assert image.getpixel((_px(10), _px(4))) == (0xD5, 0x5E, 0x00)  # a base: the colour
    r = min(20 * 0.3, 30 * 0.22)
    assert image.getpixel((_px(10), _px(38 + 2.5 + r))) == (0x00, 0x72, 0xB2)  # the front's symbol, upright
    assert image.getpixel((_px(10), _px(38 - 2.5 - r))) == (0x00, 0x72, 0xB2)  # the back's, upside down


def test_swatch_legend_puts_each_sample_beside_its_text_in_columns() -> None:
    entries = [("#CFE8F6", (), "blue space", ("legend-swatch", "a")), ("#F6D0B8", (), "red space", ("legend-swatch", "b")),
               ("#FAE6B4", (), "yellow space", ("legend-swatch", "c"))]
    shapes, bottom = swatch_legend(entries, 5.0, 10.0, 100.0, 2, 10.0, "#1A1A1A", 0.4, 8.0)
    swatches = [s for s in shapes if isinstance(s, Group)]
    assert [(g.dx, g.dy, g.cls[1]) for g in swatches] == [(5.0, 10.0, "a"), (5.0 + 48.5 + 3.0, 10.0, "b"), (5.0, 23.0, "c")]
    assert bottom == 10.0 + 2 * 13.0
    texts = [s for s in shapes if isinstance(s, Text)]
    assert [t.text for t in texts] == ["blue space", "red space", "yellow space"] and texts[0].x == 5.0 + 12.0


def test_score_cards_number_a_row_for_every_turn_on_as_few_cards_as_fit() -> None:
    lay = score_layout(70, 3.0)
    assert lay.cards * lay.per_card >= 70 and (lay.cards - 1) * lay.per_card < 70
    assert score_layout(20, 3.0).cards == 1 and score_layout(20, 3.0).row_h == 6.0  # rows as tall as allowed

    def numbers(card: Group) -> list[int]:
        return [int(t.text) for t, _, _ in walk((card,)) if isinstance(t, Text) and t.text.isdigit()]

    cards = [score_card("Alice: score card", "#0072B2", lambda cx, cy, r: Circle(cx, cy, r, Style(fill="#FFFFFF")),
                        i, lay, 70, 3.0, "#1A1A1A", f"score-card-A-{i + 1}", ("score-card", "a")) for i in range(lay.cards)]
    assert sorted(n for card in cards for n in numbers(card)) == list(range(1, 71))
    assert [c.id for c in cards] == [f"score-card-A-{i + 1}" for i in range(lay.cards)]
    title = [t for t, _, _ in walk((cards[0],)) if isinstance(t, Text) and "score-title" in t.cls]
    assert [t.text for t in title] == ["Alice: score card"] and title[0].fill == "#FFFFFF"
    image = render_svg(to_svg(Drawing(127, 76.2, (cards[0],))), dpi=DPI)
    assert image.getpixel((_px(60), _px(2))) == (0x00, 0x72, 0xB2)  # the title band
    assert image.getpixel((_px(3 + 3.2), _px(4.5 + 1.2))) == (255, 255, 255)  # the emblem on it


@hsettings(max_examples=30, deadline=None)
@given(turns=st.integers(1, 400), safe=st.floats(0, 10), name=st.sampled_from(["X", "Mary-Jane Smith_01", "W" * 24]))
def test_score_cards_keep_their_text_inside_the_safe_margin_at_every_safe_mm(turns, safe, name) -> None:
    """print.safe_mm up to 10 mm: at 5.6 mm Ultimate's score-card title rose out of its box above the 9 mm title band;
    the band deepens instead, every text in its box and ``safe`` mm or more inside the card."""
    lay = score_layout(turns, safe)
    cards = [score_card(f"{name}: score card", "#0072B2", lambda cx, cy, r: Circle(cx, cy, r, Style(fill="#FFFFFF")),
                        i, lay, turns, safe, "#1A1A1A", f"score-card-{i + 1}", ("score-card",)) for i in range(lay.cards)]
    for card in cards:
        drawing = Drawing(127, 76.2, (card,))
        assert list(text_overflows(drawing)) == []
        for text, dx, dy in walk(drawing.children):
            if isinstance(text, Text):
                x0, y0, x1, y1 = text_extent(text)
                assert min(x0 + dx, y0 + dy, 127 - x1 - dx, 76.2 - y1 - dy) >= safe - 1e-6, text.text


def test_tile_piece_is_its_colour_to_the_bleed_under_its_shapes() -> None:
    tile = tile_piece("dibs marker 1", 10.0, 6.0, "#CC79A7", (Circle(5, 3, 2, Style(fill="#FFFFFF")),), "dibs-1",
                      ("dibs-marker",))
    assert (tile.w, tile.h, tile.kind, tile.front.id, tile.front.cls) == (10.0, 6.0, "marker", "dibs-1", ("dibs-marker",))
    image = render_svg(to_svg(Drawing(20, 16, (Group((tile.front,), dx=5, dy=5),))), dpi=DPI)
    assert image.getpixel((_px(5 + 5), _px(5 + 3))) == (255, 255, 255)  # the circle
    assert image.getpixel((_px(5 + 1), _px(5 + 1))) == (0xCC, 0x79, 0xA7)  # the tile
    assert image.getpixel((_px(5 - 1), _px(5 - 1))) == (0xCC, 0x79, 0xA7)  # its colour runs on into the bleed


@hsettings(max_examples=40, deadline=None)
@given(cols=st.integers(3, 26), rows=st.integers(3, 26), band=st.sampled_from([8.0, 9.0, 10.0]), safe=st.floats(0, 10))
def test_grid_labels_fit_inside_the_safe_margin_at_every_safe_mm(cols, rows, band, safe) -> None:
    """print.safe_mm up to 10 mm: Ultimate's 8 mm label band left its letters a box 0 mm (or less) high; the band
    widens instead, each label inside its box and ``safe`` mm or more from the cut line, the band unchanged where it
    had room."""
    style = GridStyle(cell=15.0, label_band=band, ink="#000000", background="#FFFFFF", safe=safe)
    piece = grid_board(cols, rows, style)
    drawing = Drawing(piece.w, piece.h, (piece.front,))
    assert list(text_overflows(drawing)) == []
    labels = [shape for shape, _, _ in walk(drawing.children) if isinstance(shape, Text) and "label" in shape.cls]
    for label in labels:
        x0, y0, x1, y1 = text_extent(label)
        assert min(x0, y0, piece.w - x1, piece.h - y1) >= safe - 1e-6
    if safe <= 3:  # the built-in bands had room at the default 3 mm: those boards keep their size
        assert label_band(style, cols, rows) == band and piece.w == cols * 15.0 + 2 * band


@hsettings(max_examples=30, deadline=None)
@given(width=st.floats(40, 300), cols=st.integers(1, 3), swatch=st.floats(6, 14),
       words=st.lists(st.integers(1, 40), min_size=1, max_size=6))
def test_a_board_key_fits_its_texts_at_any_width(width, cols, swatch, words) -> None:
    """Ultimate's 3 x 3 board (45 mm inside): the free space's text overflowed its 14 mm row; a row grows to its text
    (at 7 pt), the rows below move down, and the key's bottom is under the last row."""
    entries = [("#FFFFFF", (), " ".join(["multiplied"] * n), ("swatch",)) for n in words]
    shapes, bottom = swatch_legend(entries, 8.0, 11.0, width, cols, swatch, "#000000", 0.5, 8.5)
    drawing = Drawing(width + 16, bottom + 5, tuple(shapes))
    if all(fonts.text_width("multiplied", 7) <= (width - (cols - 1) * 3.0) / cols - swatch - 2 for _ in words):
        assert list(text_overflows(drawing)) == []
    texts = [text_extent(t)[3] + dy for t, _, dy in walk(drawing.children) if isinstance(t, Text)]
    assert max(texts) <= bottom
