"""Square-grid boards with coordinate labels: columns A, B, ... and rows 1, 2, ... from the top."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from printkit.art.cards import text_block, text_height
from printkit.draw import fonts
from printkit.draw.shapes import Drawing, Group, Rect, Shape, Style, Text
from printkit.press.pieces import Piece, bleed_rect


def column_name(index: int) -> str:
    """A, B, ..., Z, AA, AB, ... for 0, 1, ..."""
    name = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        name = chr(65 + rem) + name
    return name


def coord(col: int, row: int) -> str:
    """The cell name of a 0-based column and row, e.g. (2, 3) -> "C4"."""
    return f"{column_name(col)}{row + 1}"


@dataclass(frozen=True)
class GridStyle:
    """How a grid board looks; sizes in mm."""

    cell: float
    label_band: float
    ink: str
    background: str
    cell_fill: str = "#FFFFFF"
    line_width: float = 0.5
    show_coords: bool = True
    safe: float = 3.0
    """Labels stay this far inside the board's cut line."""


CellArt = Callable[[str, float], tuple[tuple[str, ...], str | None, tuple[Shape, ...]]]
"""For a cell name and its size: extra classes, a fill (None: default) and shapes (cell coords)."""


def _no_art(name: str, size: float) -> tuple[tuple[str, ...], str | None, tuple[Shape, ...]]:
    return (), None, ()


def grid_board(cols: int, rows: int, style: GridStyle, art: CellArt = _no_art, title: str = "") -> Piece:
    """A board piece: cells ``cell-<coord>`` (class ``cell`` plus extras), labels on all edges."""
    band, size = label_band(style, cols, rows), style.cell
    w, h = cols * size + 2 * band, rows * size + 2 * band
    shapes: list[Shape] = [bleed_rect(w, h, style.background)]
    label_pt = _label_size(cols, rows, band - style.safe)
    glyph = fonts.ascent(label_pt) + fonts.descent(label_pt)
    lo, hi = style.safe, band
    for c in range(cols):
        x = band + (c + 0.5) * size
        for top in (lo, h - hi):
            y = top + (hi - lo - glyph) / 2 + fonts.ascent(label_pt)
            shapes.append(Text(x, y, column_name(c), size=label_pt, bold=True, anchor="middle", fill=style.ink,
                               box=(x - size / 2, top, size, hi - lo), cls=("label",)))
    for r in range(rows):
        y = band + (r + 0.5) * size + (fonts.ascent(label_pt) - fonts.descent(label_pt)) / 2
        for left in (lo, w - hi):
            shapes.append(Text(left + (hi - lo) / 2, y, str(r + 1), size=label_pt, bold=True, anchor="middle", fill=style.ink,
                               box=(left, y - size / 2, hi - lo, size), cls=("label",)))
    cells: list[Shape] = []
    for r in range(rows):
        for c in range(cols):
            cells.append(_cell(coord(c, r), band + c * size, band + r * size, style, art))
    shapes.append(Group(tuple(cells), id="cells"))
    return Piece(title or "board", w, h, Group(tuple(shapes), id="board"), kind="board")


def label_band(style: GridStyle, cols: int, rows: int) -> float:
    """The width of the band of coordinate labels round the grid: the style's, or wider where ``style.safe``
    (print.safe_mm, up to 10 mm) leaves it no room for labels of :data:`MIN_LABEL_PT` inside the safe margin."""
    return max(style.label_band, style.safe + MIN_LABEL_PT * _label_mm_per_pt(cols, rows) + 0.5) if style.label_band else 0.0


MIN_LABEL_PT = 5.0
"""The smallest coordinate label."""


def _label_mm_per_pt(cols: int, rows: int) -> float:
    """mm per point of the widest or tallest label."""
    widest = max(fonts.text_width(column_name(cols - 1), 1, True), fonts.text_width(str(rows), 1, True))
    return max(widest, fonts.ascent(1) + fonts.descent(1))


def _label_size(cols: int, rows: int, room: float) -> float:
    """The largest label size (<= 12 pt) whose letters and numbers fit ``room`` mm, 0.5 mm spare."""
    return max(MIN_LABEL_PT, min(12.0, (room - 0.5) / _label_mm_per_pt(cols, rows)))


def _cell(name: str, x: float, y: float, style: GridStyle, art: CellArt) -> Group:
    classes, fill, extra = art(name, style.cell)
    rect = Rect(0, 0, style.cell, style.cell, Style(fill=fill or style.cell_fill, stroke=style.ink, width=style.line_width),
                id=f"cell-{name}", cls=("cell", *classes))
    shapes: list[Shape] = [rect, *extra]
    if style.show_coords:
        pt = max(5.0, min(7.0, style.cell * 0.25))
        shapes.append(Text(1.2, 1.2 + pt * 25.4 / 72 * 0.75, name, size=pt, fill="#8C8C8C", cls=("coord",)))
    return Group(tuple(shapes), dx=x, dy=y)


def board_drawing(piece: Piece, title: str, margin: float = 0.0) -> Drawing:
    """The board as a standalone picture (for board.svg): trimmed size, no bleed."""
    body = Group((piece.front,), dx=margin, dy=margin, clip=(0, 0, piece.w, piece.h))
    return Drawing(piece.w + 2 * margin, piece.h + 2 * margin, (body,), title=title)


LegendEntry = tuple[str | None, Sequence[Shape], str, tuple[str, ...]]
"""A legend's sample space: its fill, the shapes on it (cell coordinates), the text beside it, its classes."""


def swatch_legend(entries: Sequence[LegendEntry], x: float, top: float, width: float, cols: int, swatch: float,
                  ink: str, stroke: float, max_pt: float, gap: float = 3.0) -> tuple[list[Shape], float]:
    """A board's key: one sample space of ``swatch`` mm per entry with its text beside it, in ``cols`` columns across
    ``width`` from ``(x, top)``; the shapes and the y under the last row. A row is ``swatch`` mm high, or higher where
    a text needs more at the smallest size (a narrow board's key)."""
    col_w = (width - (cols - 1) * gap) / cols
    shapes: list[Shape] = []
    taller = 0.0  # what rows above grew past ``swatch``
    rows = -(-len(entries) // cols)
    for r in range(rows):
        row = entries[r * cols:(r + 1) * cols]
        row_h = max(swatch, *(text_height(text, col_w - swatch - 2) for _, _, text, _ in row))
        y = top + r * (swatch + gap) + taller
        for c, (fill, art, text, cls) in enumerate(row):
            left = x + c * (col_w + gap)
            rect = Rect(0, 0, swatch, swatch, Style(fill=fill, stroke=ink, width=stroke))
            shapes.append(Group((rect, *art), dx=left, dy=y, cls=cls))
            shapes.extend(text_block(text, left + swatch + 2, y, col_w - swatch - 2, row_h, ink, max_pt=max_pt))
        taller += row_h - swatch
    return shapes, top + rows * (swatch + gap) + taller
