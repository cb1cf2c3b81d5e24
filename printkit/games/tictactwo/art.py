"""Tic Tac Two's pieces that data cannot draw (kit.toml names these functions): the board with its wall slots, the X
and O tokens, walls, dibs and intersect markers, voids, the action cards and draft trackers, and the rule sheet's
figures, each moved by the rules themselves (a swap, a shift that wraps, walls toppling).

A space of ``cell_mm`` is laid out so every piece it can hold has its own place: walls stand on
the borders (``wall_mm`` wide, half in each space), a dibs marker sits in the top-left corner, an
intersect marker in the top-right corner, one token in the middle, or in an intersect space the X
and the O side by side along the bottom.
"""

from __future__ import annotations

from copy import copy
from dataclasses import replace
from typing import AbstractSet, Any, Mapping

from printkit.art import symbols
from printkit.art.cards import MIN_TEXT_PT, card_back, card_piece, line_pt, text_block
from printkit.art.diagram import BAND, PieceArt
from printkit.art.symbols import flag
from printkit.draw import fonts
from printkit.draw.shapes import walk
from printkit.errors import BuildError
from printkit.games.tictactwo.params import ACTIONS
from printkit.games.tictactwo.rules import (
    MARKS,
    TITLES,
    State,
    Work,
    action_text,
    check_action,
    check_topple,
    do_action,
    do_topple,
    lines_made,
    mid_position,
    needs,
    parse_action,
    position,
)
from printkit.kit.model import Finding
from printkit.kitart import (
    PLAYER_COLOURS,
    ArtKit,
    Circle,
    Drawing,
    GridStyle,
    Group,
    Line,
    Piece,
    Polygon,
    Rect,
    Shape,
    Style,
    Text,
    board_drawing,
    grid_board,
    label_band,
    mark_tokens,
    position_diagram,
    tile_piece,
)
from printkit.press.pieces import bleed_rect
from printkit.press.settings import PrintSettings

INTERSECT_COLOUR = "#009E73"
VOID_COLOUR = "#2B2B2B"
SLOT_COLOUR = "#9C8F74"
WHITE = "#FFFFFF"
LABEL_BAND = 10.0
"""Room for the coordinate labels outside the grid, clear of the wall slots on the outer edge."""


# --- symbols ------------------------------------------------------------------------------------


def intersect_symbol(cx: float, cy: float, r: float, colour: str) -> Group:
    """A cross over a ring: X and O sharing one space."""
    return Group((symbols.ring(cx, cy, r, colour, 0.2), symbols.cross(cx, cy, r * 0.8, colour, 0.3)))


def mark(player: int, cx: float, cy: float, r: float, colour: str | None = None) -> Shape:
    return symbols.player_mark(MARKS[player], cx, cy, r, colour or PLAYER_COLOURS[player])


# --- the board --------------------------------------------------------------------------------


def slot_rect(geo_slot: dict[str, Any], params: Any, band: float = LABEL_BAND) -> Rect:
    """A wall slot as a band ``wall_mm`` wide on its border, short of the corners (board coordinates, the grid
    ``band`` mm in from the edge)."""
    c, w = params.cell_mm, params.wall_mm
    (x0, y0), (x1, y1) = geo_slot["from"], geo_slot["to"]
    vertical = geo_slot["orientation"] == "vertical"
    left, top = band + min(x0, x1) * c, band + min(y0, y1) * c
    style = Style(fill=SLOT_COLOUR, opacity=0.35)
    classes = ("wall-slot", geo_slot["orientation"], "edge" if geo_slot["edge"] else "interior")
    if vertical:
        return Rect(left - w / 2, top + w / 2, w, c - w, style, rx=w / 2, id=f"wall-{geo_slot['id']}", cls=classes)
    return Rect(left + w / 2, top - w / 2, c - w, w, style, rx=w / 2, id=f"wall-{geo_slot['id']}", cls=classes)


def board(kit: ArtKit, name: str) -> list[Piece]:
    """The grid (cells ``cell-<coord>`` from the rules' spaces, labels on every edge) and every wall slot, checked
    against the rules' slots."""
    params, geo, settings = kit.params, kit.game.geometry(), kit.settings
    style = GridStyle(cell=params.cell_mm, label_band=LABEL_BAND, ink=settings.colours.ink, safe=settings.safe_mm,
                      background=settings.colours.board)
    grid = grid_board(geo["size"], geo["size"], style, title="board")
    band = label_band(style, geo["size"], geo["size"])
    slots = Group(tuple(slot_rect(s, params, band) for s in geo["walls"]), id="wall-slots")
    piece = Piece("board", grid.w, grid.h, Group((grid.front, slots), id="board-with-slots"), kind="board")
    drawn = board_drawing(piece, f"{kit.title} board").children
    kit.findings.extend((f.level, f.message) for f in slot_findings(kit.game, drawn, band))
    return [piece]


def slot_findings(rules: Any, drawing_children: tuple[Shape, ...], band: float = LABEL_BAND) -> list[Finding]:
    """The drawn wall slots against the engine's: same ids, orientation and place on the board (its grid ``band`` mm
    in from the edge)."""
    c = rules.params.cell_mm
    want = {s["id"]: s for s in rules.geometry()["walls"]}
    drawn: dict[str, tuple[float, float, bool]] = {}
    for shape, dx, dy in walk(drawing_children):
        if isinstance(shape, Rect) and (shape.id or "").startswith("wall-") and "wall-slot" in shape.cls:
            drawn[shape.id[5:]] = (dx + shape.x + shape.w / 2, dy + shape.y + shape.h / 2, shape.h > shape.w)  # type: ignore[index]
    found = []
    missing, extra = sorted(set(want) - set(drawn)), sorted(set(drawn) - set(want))
    if missing:
        found.append(Finding("error", f"board.svg lacks wall slots the rules use: {', '.join(missing)}"))
    if extra:
        found.append(Finding("error", f"board.svg draws wall slots the rules do not have: {', '.join(extra)}"))
    for name in sorted(set(want) & set(drawn)):
        s = want[name]
        cx = band + (s["from"][0] + s["to"][0]) / 2 * c
        cy = band + (s["from"][1] + s["to"][1]) / 2 * c
        x, y, vertical = drawn[name]
        if abs(x - cx) > 0.01 or abs(y - cy) > 0.01 or vertical != (s["orientation"] == "vertical"):
            found.append(Finding("error", f"board.svg: wall slot {name} is not drawn on its border"))
    return found


# --- pieces -----------------------------------------------------------------------------------


def tokens(kit: ArtKit, name: str) -> list[Piece]:
    """As many tokens per player as the rules can need."""
    count = needs(kit.params).tokens
    return [t for p, m in enumerate(MARKS) for t in mark_tokens(m, count, kit.params.token_mm, PLAYER_COLOURS[p],
                                                                 kit.settings.bleed_mm)]


def blocks(kit: ArtKit, pieces: Mapping[str, list[Piece]]) -> list[tuple[str, list[Piece]]]:
    """kit.pdf's pieces section: equal-sized pieces share a block (tokens, walls, square markers, voids)."""
    counts = needs(kit.params)
    return [
        (f"Tokens: {counts.tokens} X, {counts.tokens} O", pieces["tokens"]),
        (f"Walls: {counts.walls} X, {counts.walls} O", pieces["walls"]),
        (f"Markers: {counts.dibs} X dibs, {counts.dibs} O dibs, {counts.intersects} intersect",
         pieces["dibs-markers"] + pieces["intersect-markers"]),
        (f"Voids: {counts.voids} (Void variation)", pieces["voids"]),
    ]


def walls(kit: ArtKit, name: str) -> list[Piece]:
    """As many walls per player as the rules can need: a strip the length of a border, the owner's marks along it."""
    params, count = kit.params, needs(kit.params).walls
    length, w = params.cell_mm - params.wall_mm, params.wall_mm
    step = w * 1.8
    n = max(1, int((length - w) // step))
    start = (length - (n - 1) * step) / 2
    pieces = []
    for p, m in enumerate(MARKS):
        marks_along = tuple(mark(p, start + i * step, w / 2, w * 0.42, WHITE) for i in range(n))
        pieces += [tile_piece(f"{m} wall {i + 1}", length, w, PLAYER_COLOURS[p], marks_along, f"wall-piece-{m}-{i + 1}",
                              ("wall-piece", m.lower()), kind="wall") for i in range(count)]
    return pieces


def dibs(kit: ArtKit, name: str) -> list[Piece]:
    """As many dibs markers per player as the rules can need: a flag and the owner's mark on the owner's colour."""
    k, count = kit.params.marker_mm, needs(kit.params).dibs
    return [tile_piece(f"{m} dibs marker {i + 1}", k, k, PLAYER_COLOURS[p],
                       (flag(k * 0.36, k / 2, k * 0.3, WHITE), mark(p, k * 0.68, k * 0.64, k * 0.2, WHITE)),
                       f"dibs-{m}-{i + 1}", ("dibs-marker", m.lower()))
            for p, m in enumerate(MARKS) for i in range(count)]


def intersects(kit: ArtKit, name: str) -> list[Piece]:
    """As many intersect markers as the rules can need (nobody owns an intersect space)."""
    k, count = kit.params.marker_mm, needs(kit.params).intersects
    return [tile_piece(f"intersect marker {i + 1}", k, k, INTERSECT_COLOUR, (intersect_symbol(k / 2, k / 2, k * 0.3, WHITE),),
                       f"intersect-{i + 1}", ("intersect-marker",)) for i in range(count)]


def voids(kit: ArtKit, name: str) -> list[Piece]:
    """The voids of the Void variation: dark tiles that cover a space inside its walls, hatched and labelled."""
    params, count, safe = kit.params, needs(kit.params).voids, kit.settings.safe_mm
    s = params.cell_mm - params.wall_mm - 2
    hatch = Style(stroke="#5A5A5A", width=0.8)
    stripes = tuple(Line(t, -4.0, t + s + 8.0, s + 4.0, hatch) for t in _steps(-s - 8.0, s + 4.0, 6.0))
    label_pt = 10.0
    box = (safe, s / 2 - 4, s - 2 * safe, 8)
    plate = Rect(s / 2 - 10, s / 2 - 4.5, 20, 9, Style(fill=VOID_COLOUR))
    text = Text(s / 2, s / 2 + 1.3, "VOID", size=label_pt, bold=True, anchor="middle", fill=WHITE, box=box, cls=("void-label",))
    return [tile_piece(f"void {i + 1}", s, s, VOID_COLOUR, (*stripes, plate, text), f"void-{i + 1}", ("void-marker",))
            for i in range(count)]


def _steps(start: float, stop: float, step: float) -> list[float]:
    out, t = [], start
    while t < stop:
        out.append(t)
        t += step
    return out


# --- cards ----------------------------------------------------------------------------------------------------


ACTION_COLOURS = {
    "double": "#E69F00", "swap": "#56B4E9", "shift": "#F0E442",
    "dibs": "#CC79A7", "intersect": "#009E73", "wall": "#A8A8A8",
}
"""Okabe-Ito colours other than the players' vermillion and blue (grey for Wall); titles in ink."""
CARD_BAND = 13.0
"""Height of a card's coloured title band (deeper where its title needs it: :func:`_band_title`)."""
ICON_H = 20.0


def _cells(n: int, size: float, x0: float, y0: float, ink: str) -> list[Shape]:
    style = Style(fill=WHITE, stroke=ink, width=0.35)
    return [Rect(x0 + i * size, y0, size, size, style) for i in range(n)]


def _arrow(x0: float, y: float, x1: float, colour: str, both: bool = False) -> list[Shape]:
    head = 1.6 if x1 > x0 else -1.6
    shapes: list[Shape] = [Line(x0, y, x1, y, Style(stroke=colour, width=0.6)),
                           Polygon(((x1 + head, y), (x1 - head * 0.4, y - 1.3), (x1 - head * 0.4, y + 1.3)), Style(fill=colour))]
    if both:
        shapes.append(Polygon(((x0 - head, y), (x0 + head * 0.4, y - 1.3), (x0 + head * 0.4, y + 1.3)), Style(fill=colour)))
    return shapes


def icon(action: str, ink: str) -> Group:
    """A 40 x 20 mm picture of the action."""
    s, r = 10.0, 3.6
    x, o = PLAYER_COLOURS
    if action == "double":
        shapes = [*_cells(1, s, 6, 5, ink), *_cells(1, s, 24, 5, ink), mark(0, 11, 10, r, x), mark(0, 29, 10, r, x),
                  Text(20, 12, "+", size=14, bold=True, anchor="middle", fill=ink)]
    elif action == "swap":
        shapes = [*_cells(2, s, 10, 3, ink), mark(0, 15, 8, r, x), mark(1, 25, 8, r, o), *_arrow(13, 16.5, 27, ink, both=True)]
    elif action == "shift":
        shapes = [*_cells(4, 8.0, 4, 2, ink), mark(1, 8, 6, 2.9, o), mark(0, 16, 6, 2.9, x), mark(0, 32, 6, 2.9, x),
                  Polygon(((36, 11), (36, 16), (8, 16), (8, 12.5)), Style(stroke=ink, width=0.6), closed=False),
                  Polygon(((8, 11), (6.7, 13.4), (9.3, 13.4)), Style(fill=ink))]
    elif action == "dibs":
        shapes = [*_cells(1, 14.0, 13, 3, ink), flag(16.5, 7, 2.8, ACTION_COLOURS["dibs"]), mark(0, 20, 10.5, 3.4, x)]
    elif action == "intersect":
        shapes = [*_cells(1, 14.0, 13, 3, ink), intersect_symbol(23.5, 6.8, 2.4, ACTION_COLOURS["intersect"]),
                  mark(0, 16.8, 13, 2.8, x), mark(1, 23.2, 13, 2.8, o)]
    else:
        shapes = [*_cells(2, s, 10, 3, ink), mark(0, 15, 8, r, x), mark(1, 25, 8, r, o),
                  Rect(18.8, 2.4, 2.4, 11.2, Style(fill=ink), rx=0.8)]
    return Group(tuple(shapes))


def _face(colour: str, settings: PrintSettings, band: float) -> tuple[Shape, Shape]:
    """A card's colour to the bleed, and the white panel under its coloured title band ``band`` mm deep: 1 mm outside
    the safe line, never past the cut (at print.safe_mm under 1, the panel's edges are the cut's)."""
    w, h = settings.card_width_mm, settings.card_height_mm
    edge = max(0.0, settings.safe_mm - 1)
    return bleed_rect(w, h, colour), Rect(edge, band, w - 2 * edge, h - band - edge, Style(fill=WHITE), rx=1.5)


def _band_title(text: str, w: float, safe: float, colour: str, inset: float = 0.0) -> tuple[list[Text], float]:
    """The title centred in the coloured band, ``inset`` mm clear of each side (for a corner mark): one line down to
    8 pt, else (a long player's name) two lines at the largest size down to 7 pt they fit (else a name too long for a
    line broken where the line is full); and the band's depth,
    :data:`CARD_BAND` or more where the title, ``safe`` mm from the card's top (print.safe_mm), needs it."""
    room = w - 2 * (safe + inset)
    pt, lines = line_pt(text, room - 2, 13.0, 8, step=0.5), [text]
    if fonts.text_width(text, pt, True) > room - 2:
        for broken, pt in [(b, p) for b in (False, True) for p in (8.0, 7.5, MIN_TEXT_PT)]:
            lines = fonts.wrap(text, pt, room - 2, bold=True, break_words=broken)
            if len(lines) <= 2 and all(fonts.text_width(ln, pt, True) <= room - 2 for ln in lines):
                break
    lead = pt * 1.15 * 25.4 / 72
    top = max(CARD_BAND / 2 + fonts.ascent(pt) / 2 + 0.8 - (len(lines) - 1) * lead / 2, safe + fonts.ascent(pt))  # safe mm down
    band = max(CARD_BAND, top + (len(lines) - 1) * lead + fonts.descent(pt) + 0.5)
    return [Text(w / 2, top + i * lead, line, size=pt, bold=True, anchor="middle", fill=colour,
                 box=(safe + inset, safe, room, band - safe + 2), cls=("card-title",))
            for i, line in enumerate(lines)], band


def action_front(action: str, params: Any, settings: PrintSettings, footer: str) -> Group:
    w, h, safe, ink = settings.card_width_mm, settings.card_height_mm, settings.safe_mm, settings.colours.ink
    title, band = _band_title(TITLES[action], w, safe, ink)
    top = band + 2.5 + ICON_H
    shapes: list[Shape] = [*_face(ACTION_COLOURS[action], settings, band), *title,
                           Group((icon(action, ink),), dx=(w - 40) / 2, dy=band + 1.5)]
    shapes += text_block(action_text(action, params), safe + 1, top, w - 2 * safe - 2, h - top - safe - 5.5, ink, max_pt=8.5)
    shapes.append(Text(w / 2, h - safe - 1, footer, size=MIN_TEXT_PT, anchor="middle", fill="#6B6B6B",
                       box=(safe, h - safe - 5, w - 2 * safe, 5), cls=("card-footer",)))
    return Group(tuple(shapes), id=f"card-{action}", cls=("action-card",))


def action_back(title: str, settings: PrintSettings) -> Group:
    w, h, safe = settings.card_width_mm, settings.card_height_mm, settings.safe_mm + 1
    emblem = Group((mark(0, w / 2 - 11, h * 0.4, 9, WHITE), mark(1, w / 2 + 11, h * 0.4, 9, WHITE)))
    return card_back(title, "special action", settings.colours.card_back, emblem, w, h, safe)


def action_cards(kit: ArtKit, name: str) -> list[Piece]:
    """One card per special action (the draft pool), all with the same back."""
    params, settings = kit.params, kit.settings
    footer = ("Meta: any player may draft it, repeats too" if params.meta else
              "Drafted by one player only - use once")
    back = action_back(kit.title, settings)
    w, h = settings.card_width_mm, settings.card_height_mm
    return [card_piece(f"{a} card", action_front(a, params, settings, footer), back, w, h) for a in ACTIONS]


# --- the draft tracker ------------------------------------------------------------------------


def _box(x: float, y: float, size: float, ink: str, ident: str) -> Rect:
    return Rect(x, y, size, size, Style(fill=WHITE, stroke=ink, width=0.35), id=ident, cls=("tracker-box",))


def tracker_front(player: int, params: Any, settings: PrintSettings) -> Group:
    """Rows of the six actions, one box per pick: tick the action of each pick, cross it out when used."""
    w, h, safe, ink = settings.card_width_mm, settings.card_height_mm, settings.safe_mm, settings.colours.ink
    name, m, picks = (params.player_x, params.player_o)[player], MARKS[player], params.actions_each
    title, band = _band_title(f"{name} draft", w, safe, WHITE, inset=8.0)
    shapes: list[Shape] = [*_face(PLAYER_COLOURS[player], settings, band),
                           mark(player, safe + 4, max(CARD_BAND / 2, safe + 3.4), 3.4, WHITE), *title]
    howto = (f"Draft {picks}: for pick 1, 2, 3 ... tick that action's box in the pick's column. "
             "Used it? Cross the box out.")
    shapes += text_block(howto, safe + 1, band + 1.5, w - 2 * safe - 2, 12, ink, max_pt=7.5)
    name_w, y0, row = 25.0, band + 15.0, 6.2
    pitch = min(7.0, (w - 2 * safe - 2 - name_w) / max(1, picks))
    box = min(4.6, pitch - 1.2)
    x0 = safe + 1 + name_w
    for j in range(picks):
        cx = x0 + j * pitch + pitch / 2
        shapes.append(Text(cx, y0 + 3.2, str(j + 1), size=7, bold=True, anchor="middle", fill=ink,
                           box=(cx - pitch / 2, y0, pitch, row - 1.5), cls=("tracker-head",)))
    for i, action in enumerate(ACTIONS):
        y = y0 + 5.0 + i * row
        shapes.append(Rect(safe, y - 0.3, w - 2 * safe, row, Style(fill=ACTION_COLOURS[action], opacity=0.25)))
        shapes.append(Text(safe + 1.5, y + row / 2 + 1.2, TITLES[action], size=7, bold=True, fill=ink,
                           box=(safe + 1, y, name_w, row), cls=("tracker-action",)))
        for j in range(picks):
            shapes.append(_box(x0 + j * pitch + (pitch - box) / 2, y + (row - box) / 2 - 0.3, box, ink,
                               f"tracker-{m}-{action}-{j + 1}"))
    rule = ("Meta: tick any action, repeats and your opponent's too; each tick is one use."
            if params.meta else "No action twice, none your opponent holds; each is used once.")
    bottom = y0 + 5.0 + len(ACTIONS) * row + 1.0
    shapes += text_block(rule, safe + 1, bottom, w - 2 * safe - 2, h - safe - bottom, ink, max_pt=7.5)
    return Group(tuple(shapes), id=f"tracker-{m}", cls=("draft-tracker", m.lower()))


def tracker_back(player: int, params: Any, settings: PrintSettings) -> Group:
    """A turn summary for the player holding the tracker."""
    w, h, safe, ink = settings.card_width_mm, settings.card_height_mm, settings.safe_mm, settings.colours.ink
    k = params.line_length
    title, band = _band_title("Your turn", w, safe, WHITE)
    shapes: list[Shape] = [*_face(PLAYER_COLOURS[player], settings, band), *title]
    text = ("First turn: write your letter, nothing else.\n"
            "Later turns, in this order:\n"
            "1. You may use one unused special action.\n"
            "2. You may topple one of your walls onto a space beside it (free).\n"
            "3. Write your letter: it ends the turn.\n"
            f"After every step look for lines of {k}: the first line ends the game. A line of your "
            "opponent's letters wins for them; lines for both at once: a draw.")
    shapes += text_block(text, safe + 1, band + 2, w - 2 * safe - 2, h - band - 2 * safe - 2, ink, max_pt=8.5)
    return Group(tuple(shapes), id=f"tracker-back-{MARKS[player]}", cls=("card-back",))


def trackers(kit: ArtKit, name: str) -> list[Piece]:
    """A draft tracker per player, a turn summary on its back."""
    params, settings = kit.params, kit.settings
    w, h = settings.card_width_mm, settings.card_height_mm
    return [card_piece(f"{m} draft tracker", tracker_front(p, params, settings), tracker_back(p, params, settings), w, h)
            for p, m in enumerate(MARKS)]


# --- the rule sheet's figures -------------------------------------------------------------------------------------


CELL = 9.0
INK = "#1A1A1A"
CHANGED = "#FBF1B0"
CAPTION_PT = 7.0


def _space(cell: dict[str, Any]) -> PieceArt:
    """What a figure draws on a space (``as_json``'s cell): a void, its letters, an intersect, a dibs flag."""
    return lambda cx, cy, r: _space_shapes(cell, cx - CELL / 2, cy - CELL / 2, CELL)


def _space_shapes(cell: dict[str, Any], x: float, y: float, s: float) -> list[Shape]:
    shapes: list[Shape] = []
    if cell["void"]:
        return [Rect(x, y, s, s, Style(fill=VOID_COLOUR))]
    letters = cell["letters"]
    if cell["intersect"]:
        shapes.append(intersect_symbol(x + s * 0.8, y + s * 0.2, s * 0.14, INTERSECT_COLOUR))
        for ch in letters:
            cx = x + s * (0.3 if ch == "X" else 0.7)
            shapes.append(mark(MARKS.index(ch), cx, y + s * 0.64, s * 0.24))
    elif letters:
        shapes.append(mark(MARKS.index(letters), x + s / 2, y + s / 2 + (s * 0.06 if cell["dibs"] else 0), s * 0.34))
    if cell["dibs"]:
        shapes.append(flag(x + s * 0.2, y + s * 0.2, s * 0.15, PLAYER_COLOURS[MARKS.index(cell["dibs"])]))
    return shapes


def position_board(rules: Any, state: State, changed: AbstractSet[str] = frozenset(), ghosts: Mapping[str, str] | None = None) -> Group:
    """A position: spaces with letters, intersects (green), dibs flags, voids (black) and walls."""
    geo, data = rules.geo, rules.as_json(state)
    spaces = {name: _space(data["cells"][name]) for name in geo.names}
    shapes = list(position_diagram(geo.n, geo.n, spaces, cell=CELL, ink=INK, highlight=dict.fromkeys(changed, CHANGED)).children)
    for name, owner in sorted(data["walls"].items()):
        shapes.append(_wall(rules, name, Style(stroke=PLAYER_COLOURS[MARKS.index(owner)], width=1.4)))
    for name, owner in sorted((ghosts or {}).items()):
        shapes.append(_wall(rules, name, Style(stroke=PLAYER_COLOURS[MARKS.index(owner)], width=0.6, dash=(0.8, 0.8))))
    return Group(tuple(shapes))


def _wall(rules: Any, name: str, style: Style) -> Line:
    (x0, y0), (x1, y1) = rules.geo.slot_by_name[name].ends
    inset = 0.9 / CELL
    if x0 == x1:
        return Line(BAND + x0 * CELL, BAND + (y0 + inset) * CELL, BAND + x1 * CELL, BAND + (y1 - inset) * CELL, style)
    return Line(BAND + (x0 + inset) * CELL, BAND + y0 * CELL, BAND + (x1 - inset) * CELL, BAND + y1 * CELL, style)


def board_size(rules: Any) -> float:
    return BAND + rules.geo.n * CELL + 1


def _caption(text: str, width: float, y: float) -> tuple[list[Shape], float]:
    lines = fonts.wrap(text, CAPTION_PT, width)
    lead = CAPTION_PT * 1.25 * 25.4 / 72
    return [Text(0.5, y + fonts.ascent(CAPTION_PT) + i * lead, ln, size=CAPTION_PT, fill=INK) for i, ln in enumerate(lines)], len(lines) * lead


def before_after(rules: Any, before: State, after: State, caption: str,
                 ghosts: Mapping[str, str] | None = None) -> Drawing:
    """Two boards with an arrow between them and a caption under both."""
    size = board_size(rules)
    changed = {name for name, (a, b) in zip(rules.geo.names, zip(before.cells, after.cells)) if a != b}
    gap = 16.0
    arrow_y = BAND + rules.geo.n * CELL / 2
    arrow: list[Shape] = [Line(size + 3, arrow_y, size + gap - 4, arrow_y, Style(stroke=INK, width=0.6)),
             Polygon(((size + gap - 2.5, arrow_y), (size + gap - 4.5, arrow_y - 1.4), (size + gap - 4.5, arrow_y + 1.4)),
                     Style(fill=INK))]
    width = 2 * size + gap
    text, height = _caption(caption, max(width, 110.0), size + 2)
    shapes: list[Shape] = [position_board(rules, before), *arrow, Group((position_board(rules, after, changed, ghosts),), dx=size + gap),
                           *text]
    return Drawing(max(width, 110.0), size + 3 + height, tuple(shapes))


def single(rules: Any, state: State, caption: str, changed: AbstractSet[str] = frozenset()) -> Drawing:
    size = board_size(rules)
    text, height = _caption(caption, 110.0, size + 2)
    return Drawing(110.0, size + 3 + height, (position_board(rules, state, changed), *text))


def winning_cells(rules: Any, state: State) -> set[str]:
    """The spaces of every line the rules' ``lines_made`` finds for the winner (empty for a draw or an open game)."""
    if state.winner is None:
        return set()
    one = copy(rules.geo)
    found = set()
    for line in rules.geo.lines:
        one.lines = (line,)
        if lines_made(one, state.cells, state.walls)[state.winner]:
            found.update(rules.geo.names[c] for c in line.cells)
    return found


def step(rules: Any, state: State, action: str | None = None, topple: str | None = None) -> State:
    """The position after one action and/or topple, checked and performed by the engine's own steps."""
    geo = rules.geo
    work = Work(geo, state)
    if action is not None:
        act = parse_action(geo, action)
        check_action(geo, state, work, act)
        do_action(geo, work, act)
    if topple is not None:
        words = topple.split()
        slot, cell = geo.slot(words[0]).index, geo.cell(words[2])
        check_topple(geo, state, work, slot, cell)
        do_topple(work, slot, cell)
    return work.finish(state)


def _engine_says(condition: bool, what: str) -> None:
    if not condition:
        raise BuildError(f"rule sheet figure: the engine no longer does what the caption says ({what})")


def figures(kit: ArtKit) -> dict[str, Drawing]:
    """The rule sheet's figures: the swap, shift, topple and shift-topple (on the standard 4 x 4 board), two spaces at
    actual size, and the worked example after the move that last places a wall and at its end."""
    game, params = kit.game, kit.params
    drawn = action_figures(type(game)(replace(params, board_size=4, line_length=4), {}, {}, {}))
    drawn["space"] = space_layout(params)
    move, state = mid_position(game, kit.example)
    drawn["example-mid"] = single(game, state, f"The worked example after move {move}: walls are bars in their owner's "
                                  "colour, flags mark dibs spaces, green the intersect spaces.")
    final = kit.example[-1].after if kit.example else game.setup()
    line = winning_cells(game, final)
    drawn["example-final"] = single(game, final, "The worked example's final position"
                                    + (", the winning line shaded." if line else "."), line)
    return drawn


def action_figures(rules: Any) -> dict[str, Drawing]:
    """The swap, shift, topple and shift-topple figures (on the standard 4 x 4 board)."""
    x, o = rules.player_names
    swap_before = position(rules, {"A2": "X", "B2": "X", "C2": "O", "D2": "X", "D3": "X", "B3": "O", "C4": "O"})
    swap_after = step(rules, swap_before, "swap C2 D3")
    _engine_says(swap_after.winner == 0, "the swap wins for X")
    shift_before = position(rules, {"A3": "O", "B3": "^x", "C3": "*X", "D3": "O", "B1": "X", "C2": "O"})
    shift_after = step(rules, shift_before, "shift row 3 right")
    _engine_says(rules.as_json(shift_after)["cells"]["A3"]["letters"] == "O", "D3's O wraps to A3")
    topple_before = position(rules, {"C1": "O", "C2": "O", "C3": "O", "A1": "X", "B2": "X", "B3": "X"}, {"B2|C2": "X"})
    topple_after = rules.play(topple_before, rules.parse(topple_before, "X topple B2|C2 onto C2, C2"))
    _engine_says(rules.as_json(topple_after)["cells"]["C2"]["letters"] == "X", "X writes on the erased space")
    fall_before = position(rules, {"A2": "O", "B2": "X", "C2": "O", "D2": "X", "B3": "O"}, {"B2|C2": "X"}, to_move="O",
                           hands=(("wall", "dibs", "intersect"), ("shift", "swap", "double")))
    fall_after = step(rules, fall_before, "shift row 2 left")
    _engine_says(rules.as_json(fall_after)["cells"]["C2"]["letters"] == "", "the wall erases C2")
    return {
        "swap": before_after(rules, swap_before, swap_after,
                             f"Swap: {x} swaps O's C2 with its own X on the diagonal neighbour D3. Row 2 reads "
                             "X X X X: a line of 4, and X wins at once, before writing a letter."),
        "shift": before_after(rules, shift_before, shift_after,
                              f"Shift row 3 right: D3's O wraps round to A3, the intersect space moves from C3 to D3 "
                              f"with its X, and A3's O hops over {x}'s dibs space B3 (the flag), which stays put."),
        "topple": before_after(rules, topple_before, topple_after,
                               f"Toppling: {x} topples its wall between B2 and C2 onto C2 (free, no action), erasing "
                               "the O there, and writes X on C2: column C is broken.", ghosts={"B2|C2": "X"}),
        "shift-topple": before_after(rules, fall_before, fall_after,
                                     f"A wall across a shift: {o} shifts row 2 left. A2's O wraps to D2; X's wall between "
                                     "B2 and C2 stays and falls to the right, against the shift, erasing the X that "
                                     "has just arrived on C2.", ghosts={"B2|C2": "X"}),
    }


def space_layout(params: Any) -> Drawing:
    """Two spaces at actual size: a token with a wall on its border, and a dibs + intersect space."""
    c, t, k, w = params.cell_mm, params.token_mm, params.marker_mm, params.wall_mm
    clear = w / 2 + 1
    ink = Style(fill="#FFFFFF", stroke=INK, width=0.4)

    def token(player: int, cx: float, cy: float) -> Group:
        return Group((Circle(cx, cy, t / 2, Style(fill=PLAYER_COLOURS[player])), mark(player, cx, cy, t * 0.36, "#FFFFFF")))

    def square(x: float, y: float, colour: str, art: Shape) -> Group:
        return Group((Rect(x, y, k, k, Style(fill=colour)), art))

    low = c - clear - t / 2
    shapes: list[Shape] = [
        Rect(0, 0, c, c, ink), Rect(c, 0, c, c, ink),
        token(0, c / 2, c / 2),
        Rect(c - w / 2, w / 2, w, c - w, Style(fill=PLAYER_COLOURS[1]), rx=0.5),
        square(c + clear, clear, PLAYER_COLOURS[0], flag(c + clear + k * 0.4, clear + k / 2, k * 0.3, "#FFFFFF")),
        square(2 * c - clear - k, clear, INTERSECT_COLOUR, intersect_symbol(2 * c - clear - k / 2, clear + k / 2, k * 0.3, "#FFFFFF")),
        token(0, c + clear + t / 2, low), token(1, 2 * c - clear - t / 2, low),
    ]
    caption = (f"Actual size: two {c:g} mm spaces. Left, a token in the middle and O's wall standing on the "
               "border slot. Right, an intersect space claimed by X: dibs marker top left, intersect marker "
               "top right, the X and the O side by side.")
    text, height = _caption(caption, 2 * c, c + 2)
    return Drawing(2 * c + 1, c + 3 + height, (*shapes, *text))
