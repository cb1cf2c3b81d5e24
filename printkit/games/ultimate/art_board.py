"""Ultimate Tic-Tac-Toe artwork: the board with its special spaces and legend, tokens, rule-sheet figures."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from printkit.art import symbols
from printkit.art.board import GridStyle, grid_board
from printkit.art.cards import text_block
from printkit.art.diagram import LABEL_PT, position_diagram
from printkit.art.tokens import token_piece
from printkit.draw import fonts
from printkit.draw.shapes import Drawing, Group, Rect, Shape, Style, Text
from printkit.games.ultimate.board import cell_kinds
from printkit.games.ultimate.params import Params
from printkit.press.pieces import Piece, bleed_rect
from printkit.press.settings import PrintSettings

MARKS = ("X", "O")
MARK_COLOURS = ("#D55E00", "#0072B2")
"""Okabe-Ito vermillion for X, blue for O; the shapes (cross, ring) tell them apart in greyscale."""

KIND_STYLE: dict[str, tuple[str, str]] = {
    "extra-turn": ("T", "#CFE8F6"),
    "triple": ("x3", "#F6D0B8"),
    "double": ("x2", "#FAE6B4"),
    "free": ("FREE", "#D6D6D6"),
}
"""Cell kind -> the text printed on the space and its tint (the text alone tells the kinds apart)."""

LABEL_BAND = 8.0
MIN_PT = 7.0
STAR_GREY = "#6B6B6B"


def legend_text(kind: str, params: Params) -> str:
    """What a special space does, in a line or two for the board's legend."""
    free = {
        "wild": "Free space: already marked. A mark next to it earns +1, as if it were your own. Nobody marks it.",
        "blocked": "Free space: already marked, belongs to nobody. Nobody marks it; touching it earns nothing.",
        "open": "Free space: an ordinary space. Either player may mark it; it scores like a plain space.",
    }
    return {
        "extra-turn": "Extra turn: after your mark here is scored, you mark again.",
        "triple": "Triple: the whole score of a mark placed here is multiplied by 3.",
        "double": "Double: the whole score of a mark placed here is multiplied by 2.",
        "free": free[params.free_space],
    }[kind]


def prefilled(params: Params) -> bool:
    """Free spaces start the game marked (wild and blocked readings)."""
    return params.free_space != "open"


def label_size(text: str, size: float) -> float:
    """The point size of a space's label: as large as fits (up to 10 pt), never under 7 pt."""
    pt = 10.0
    while pt > MIN_PT and (fonts.text_width(text, pt, True) > size - 2 or fonts.ascent(pt) > size * 0.3):
        pt -= 0.25
    return pt


def special_art(kind: str, size: float, params: Params) -> tuple[str | None, tuple[Shape, ...]]:
    """The fill and the shapes (in cell coordinates) of a space of ``kind`` on a ``size`` mm cell."""
    if kind not in KIND_STYLE:
        return None, ()
    text, tint = KIND_STYLE[kind]
    pt = label_size(text, size)
    top = 1.0 + fonts.ascent(pt)
    shapes: list[Shape] = [Text(size / 2, top, text, size=pt, bold=True, anchor="middle", fill="#1A1A1A",
                                box=(0.5, 0.5, size - 1, size - 1), cls=("space-label",))]
    if kind == "free" and prefilled(params):
        shapes.append(symbols.star(size / 2, (top + size) / 2 + 0.3, (size - top) * 0.34, STAR_GREY, points=5, inner=0.45))
    return tint, tuple(shapes)


def cell_art(params: Params) -> Callable[[str, float], tuple[tuple[str, ...], str | None, tuple[Shape, ...]]]:
    """The board's per-cell callback: the engine's kind as a class, a tint, the label."""
    kinds = cell_kinds(params)

    def art(name: str, size: float) -> tuple[tuple[str, ...], str | None, tuple[Shape, ...]]:
        kind = kinds.get(name, "")
        fill, shapes = special_art(kind, size, params)
        return ((kind,) if kind else ()), fill, shapes

    return art


def present_kinds(params: Params) -> list[str]:
    """The special kinds this board has, in legend order."""
    found = set(cell_kinds(params).values())
    return [k for k in KIND_STYLE if k in found]


def legend(params: Params, width: float, ink: str) -> tuple[Group, float]:
    """The legend under the board: a scoring reminder, then one sample space per special kind."""
    swatch = min(params.cell_mm, 14.0)
    pad, gap = LABEL_BAND, 3.0
    shapes: list[Shape] = []
    head = ("Score a mark when you place it: 1, +1 for each of your own marks it touches, "
            "+2 for each opponent's mark it touches (diagonals count).")
    shapes.extend(text_block(head, pad, 1.0, width - 2 * pad, 9.0, ink, max_pt=8.5))
    kinds = present_kinds(params)
    cols = 2 if width - 2 * pad >= 150 else 1
    col_w = (width - 2 * pad - (cols - 1) * gap) / cols
    y0 = 11.0
    for i, kind in enumerate(kinds):
        r, c = divmod(i, cols)
        x, y = pad + c * (col_w + gap), y0 + r * (swatch + gap)
        fill, art = special_art(kind, swatch, params)
        cell = Group((Rect(0, 0, swatch, swatch, Style(fill=fill, stroke=ink, width=0.5)), *art), dx=x, dy=y,
                     cls=("legend-swatch",))
        shapes.append(cell)
        shapes.extend(text_block(legend_text(kind, params), x + swatch + 2, y, col_w - swatch - 2, swatch, ink, max_pt=8.5))
    rows = -(-len(kinds) // cols)
    height = y0 + rows * (swatch + gap) + 2.0
    return Group(tuple(shapes), id="legend"), height


def board_piece(params: Params, settings: PrintSettings) -> Piece:
    """The grid (cells ``cell-<coord>``, labels on every edge) with the legend on its bottom margin."""
    style = GridStyle(cell=params.cell_mm, label_band=LABEL_BAND, ink=settings.colours.ink, safe=settings.safe_mm,
                      background=settings.colours.board, show_coords=False)
    grid = grid_board(params.board_size, params.board_size, style, cell_art(params), title="board")
    key, key_h = legend(params, grid.w, settings.colours.ink)
    h = grid.h + key_h
    front = Group((bleed_rect(grid.w, h, settings.colours.board), grid.front, Group((key,), dy=grid.h)), id="board-with-legend")
    return Piece("board", grid.w, h, front, kind="board")


# --- tokens --------------------------------------------------------------------------------


def token_pieces(params: Params, counts: tuple[int, int], bleed: float) -> list[Piece]:
    """``counts[p]`` tokens of player p: a coloured disc with a white cross (X) or ring (O)."""
    d = params.token_mm
    pieces: list[Piece] = []
    for player, mark in enumerate(MARKS):
        for i in range(counts[player]):
            symbol = symbols.player_mark(mark, d / 2, d / 2, d * 0.36, "#FFFFFF")
            pieces.append(token_piece(f"{mark} token {i + 1}", d, MARK_COLOURS[player], symbol,
                                      f"token-{mark}-{i + 1}", (mark.lower(),), bleed))
    return pieces


# --- rule-sheet figures -----------------------------------------------------------------------


def mark_art(player: int) -> Callable[[float, float, float], Shape]:
    def draw(cx: float, cy: float, r: float) -> Shape:
        return symbols.player_mark(MARKS[player], cx, cy, r, MARK_COLOURS[player])

    return draw


def free_art(cx: float, cy: float, r: float) -> Shape:
    return symbols.star(cx, cy, r * 0.8, STAR_GREY, points=5, inner=0.45)


def label_art(text: str) -> Callable[[float, float, float], Shape]:
    """An empty special space in a figure: its label, so the figure reads in greyscale too."""
    def draw(cx: float, cy: float, r: float) -> Shape:
        return Text(cx, cy + 0.9, text, size=LABEL_PT, bold=True, anchor="middle", fill="#1A1A1A")

    return draw


def position_figure(board: list[str], kinds: Mapping[str, str], caption: str, cell: float,
                    new: str | None = None) -> Drawing:
    """A position from ``state_json``'s board rows: marks drawn, special spaces tinted, ``new`` outlined."""
    size = len(board)
    pieces: dict[str, Any] = {}
    for r, row in enumerate(board):
        for c, ch in enumerate(row):
            name = f"{chr(65 + c)}{r + 1}"
            if ch in MARKS:
                pieces[name] = mark_art(MARKS.index(ch))
            elif ch == "*":
                pieces[name] = free_art
            elif kinds.get(name) in KIND_STYLE:
                pieces[name] = label_art(KIND_STYLE[kinds[name]][0])
    tints = {name: KIND_STYLE[k][1] for name, k in kinds.items() if k in KIND_STYLE}
    if new is not None:
        tints[new] = "#F0E442"
    drawing = position_diagram(size, size, pieces, cell=cell, highlight=tints, caption=caption)
    return drawing
