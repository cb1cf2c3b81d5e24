"""Tic Tac Two artwork: the board with its wall slots, tokens, wall pieces and markers.

A space of ``cell_mm`` is laid out so every piece it can hold has its own place: walls stand on
the borders (``wall_mm`` wide, half in each space), a dibs marker sits in the top-left corner, an
intersect marker in the top-right corner, one token in the middle, or in an intersect space the X
and the O side by side along the bottom.
"""

from __future__ import annotations

from typing import Any

from printkit.art import symbols
from printkit.art.board import GridStyle, grid_board
from printkit.art.tokens import token_piece
from printkit.draw.shapes import Group, Line, Polygon, Rect, Shape, Style, Text, walk
from printkit.games.tictactwo.engine import TicTacTwo
from printkit.games.tictactwo.params import Params
from printkit.kit.model import Finding
from printkit.press.pieces import Piece, bleed_rect
from printkit.press.settings import PrintSettings

MARKS = ("X", "O")
MARK_COLOURS = ("#D55E00", "#0072B2")
"""Okabe-Ito vermillion for X, blue for O; the shapes (cross, ring) tell them apart in greyscale."""
INTERSECT_COLOUR = "#009E73"
VOID_COLOUR = "#2B2B2B"
SLOT_COLOUR = "#9C8F74"
WHITE = "#FFFFFF"
LABEL_BAND = 10.0
"""Room for the coordinate labels outside the grid, clear of the wall slots on the outer edge."""


# --- symbols ------------------------------------------------------------------------------------


def flag(cx: float, cy: float, r: float, colour: str) -> Group:
    """A pennant on a pole (a dibs claim), fitting inside radius ``r``."""
    pole = Rect(cx - r * 0.55, cy - r, r * 0.16, r * 2, Style(fill=colour))
    cloth = Polygon(((cx - r * 0.4, cy - r), (cx + r * 0.85, cy - r * 0.55), (cx - r * 0.4, cy - r * 0.1)), Style(fill=colour))
    return Group((pole, cloth))


def intersect_symbol(cx: float, cy: float, r: float, colour: str) -> Group:
    """A cross over a ring: X and O sharing one space."""
    return Group((symbols.ring(cx, cy, r, colour, 0.2), symbols.cross(cx, cy, r * 0.8, colour, 0.3)))


def mark(player: int, cx: float, cy: float, r: float, colour: str | None = None) -> Shape:
    return symbols.player_mark(MARKS[player], cx, cy, r, colour or MARK_COLOURS[player])


# --- the board --------------------------------------------------------------------------------


def slot_rect(geo_slot: dict[str, Any], params: Params) -> Rect:
    """A wall slot as a band ``wall_mm`` wide on its border, short of the corners (board coordinates)."""
    c, w, band = params.cell_mm, params.wall_mm, LABEL_BAND
    (x0, y0), (x1, y1) = geo_slot["from"], geo_slot["to"]
    vertical = geo_slot["orientation"] == "vertical"
    left, top = band + min(x0, x1) * c, band + min(y0, y1) * c
    style = Style(fill=SLOT_COLOUR, opacity=0.35)
    classes = ("wall-slot", geo_slot["orientation"], "edge" if geo_slot["edge"] else "interior")
    if vertical:
        return Rect(left - w / 2, top + w / 2, w, c - w, style, rx=w / 2, id=f"wall-{geo_slot['id']}", cls=classes)
    return Rect(left + w / 2, top - w / 2, c - w, w, style, rx=w / 2, id=f"wall-{geo_slot['id']}", cls=classes)


def board_piece(rules: TicTacTwo, settings: PrintSettings) -> Piece:
    """The grid (cells ``cell-<coord>`` from the engine's spaces, labels on every edge) and every wall slot."""
    params, geo = rules.params, rules.geometry()
    style = GridStyle(cell=params.cell_mm, label_band=LABEL_BAND, ink=settings.colours.ink, safe=settings.safe_mm,
                      background=settings.colours.board)
    grid = grid_board(geo["size"], geo["size"], style, title="board")
    slots = Group(tuple(slot_rect(s, params) for s in geo["walls"]), id="wall-slots")
    return Piece("board", grid.w, grid.h, Group((grid.front, slots), id="board-with-slots"), kind="board")


def slot_findings(rules: TicTacTwo, drawing_children: tuple[Shape, ...]) -> list[Finding]:
    """The drawn wall slots against the engine's: same ids, orientation and place on the board."""
    c, band = rules.params.cell_mm, LABEL_BAND
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


def tokens(params: Params, count: int, bleed: float) -> list[Piece]:
    """``count`` tokens per player: a coloured disc with a white cross (X) or ring (O)."""
    d = params.token_mm
    return [token_piece(f"{m} token {i + 1}", d, MARK_COLOURS[p], mark(p, d / 2, d / 2, d * 0.36, WHITE),
                        f"token-{m}-{i + 1}", (m.lower(),), bleed)
            for p, m in enumerate(MARKS) for i in range(count)]


def wall_pieces(params: Params, count: int) -> list[Piece]:
    """``count`` walls per player: a strip the length of a border, the owner's marks along it."""
    length, w = params.cell_mm - params.wall_mm, params.wall_mm
    pieces = []
    for p, m in enumerate(MARKS):
        step = w * 1.8
        n = max(1, int((length - w) // step))
        start = (length - (n - 1) * step) / 2
        marks_along = tuple(mark(p, start + i * step, w / 2, w * 0.42, WHITE) for i in range(n))
        for i in range(count):
            art = Group((bleed_rect(length, w, MARK_COLOURS[p]), *marks_along), id=f"wall-piece-{m}-{i + 1}",
                        cls=("wall-piece", m.lower()))
            pieces.append(Piece(f"{m} wall {i + 1}", length, w, art, kind="wall"))
    return pieces


def dibs_markers(params: Params, count: int) -> list[Piece]:
    """``count`` dibs markers per player: a flag and the owner's mark on the owner's colour."""
    k = params.marker_mm
    pieces = []
    for p, m in enumerate(MARKS):
        for i in range(count):
            art = Group((bleed_rect(k, k, MARK_COLOURS[p]), flag(k * 0.36, k / 2, k * 0.3, WHITE),
                         mark(p, k * 0.68, k * 0.64, k * 0.2, WHITE)), id=f"dibs-{m}-{i + 1}", cls=("dibs-marker", m.lower()))
            pieces.append(Piece(f"{m} dibs marker {i + 1}", k, k, art, kind="marker"))
    return pieces


def intersect_markers(params: Params, count: int) -> list[Piece]:
    """``count`` intersect markers (nobody owns an intersect space)."""
    k = params.marker_mm
    return [Piece(f"intersect marker {i + 1}", k, k,
                  Group((bleed_rect(k, k, INTERSECT_COLOUR), intersect_symbol(k / 2, k / 2, k * 0.3, WHITE)),
                        id=f"intersect-{i + 1}", cls=("intersect-marker",)), kind="marker")
            for i in range(count)]


def void_markers(params: Params, count: int, safe: float) -> list[Piece]:
    """``count`` voids: dark tiles that cover a space inside its walls, hatched and labelled."""
    s = params.cell_mm - params.wall_mm - 2
    hatch = Style(stroke="#5A5A5A", width=0.8)
    stripes = tuple(Line(t, -4.0, t + s + 8.0, s + 4.0, hatch) for t in _steps(-s - 8.0, s + 4.0, 6.0))
    label_pt = 10.0
    box = (safe, s / 2 - 4, s - 2 * safe, 8)
    plate = Rect(s / 2 - 10, s / 2 - 4.5, 20, 9, Style(fill=VOID_COLOUR))
    text = Text(s / 2, s / 2 + 1.3, "VOID", size=label_pt, bold=True, anchor="middle", fill=WHITE, box=box, cls=("void-label",))
    return [Piece(f"void {i + 1}", s, s, Group((bleed_rect(s, s, VOID_COLOUR), *stripes, plate, text),
                                                 id=f"void-{i + 1}", cls=("void-marker",)), kind="marker")
            for i in range(count)]


def _steps(start: float, stop: float, step: float) -> list[float]:
    out, t = [], start
    while t < stop:
        out.append(t)
        t += step
    return out
