"""Boards from kit.toml: a square or hex grid whose cells take labels, classes and fills from data,
or a track of numbered spaces around the edge (a score track)."""

from __future__ import annotations

import dataclasses
import math
import re
from typing import Callable

from printkit.art.board import GridStyle, coord, grid_board
from printkit.datakit.data import Row
from printkit.datakit.markup import segments
from printkit.datakit.schema import Board, edge_spaces
from printkit.datakit.textfit import ICON, TextBox, set_text
from printkit.draw import fonts
from printkit.draw.shapes import Group, Polygon, Rect, Shape, Style, Text
from printkit.errors import ConfigError
from printkit.press.pieces import Piece, bleed_rect
from printkit.userinput.text import quoted

CellData = dict[str, tuple[str, tuple[str, ...], str | None]]
"""Cell name -> (label, extra classes, fill)."""
BAND = 10.0
IconLookup = Callable[[str], bytes | None]


def no_icons(name: str) -> bytes | None:
    """No icon for any name (boards drawn without a kit folder)."""
    return None


def cell_data(board: Board, rows: list[Row], names: list[str]) -> CellData:
    """The data file's cells (column ``cell``, or ``space`` on a track), checked against the board."""
    column = "space" if board.shape == "track" else "cell"
    known = set(names)
    cells: CellData = {}
    for row in rows:
        name = row.fields.get(column, "").strip().upper()
        if name not in known:
            example = f"{names[0]}..{names[-1]}"
            raise ConfigError(row.where, f"column {quoted(column)}", f"expected a {column} of the board ({example}), got {quoted(name)}")
        classes = tuple(c for c in re.split(r"[\s,]+", row.fields.get("class", "")) if c)
        for cls in classes:
            if not re.fullmatch(r"[A-Za-z_][\w-]*", cls):
                raise ConfigError(row.where, "column 'class'", f"expected class names of letters, digits, - and _, got {quoted(cls)}")
        fill = row.fields.get("fill", "").strip() or None
        if fill is not None and not re.fullmatch(r"#[0-9A-Fa-f]{6}", fill):
            raise ConfigError(row.where, "column 'fill'", f"expected a colour like #2a6fdb, got {quoted(fill)}")
        cells[name] = (row.fields.get("label", "").strip(), classes, fill)
    return cells


def cell_names(board: Board) -> list[str]:
    if board.shape == "track":
        return [str(board.start + i) for i in range(track_length(board))]
    return [coord(c, r) for r in range(board.rows) for c in range(board.columns)]


def _label(text: str, x: float, y: float, w: float, h: float, ink: str, icon: IconLookup = no_icons) -> list[Shape]:
    """A cell's label centred in its box, as large as fits (5 to 10 pt); ``:icon:``, ``**bold**`` and ``*italic*``
    are set like card text."""
    if not text:
        return []
    if any(icon(name) is not None for name in ICON.findall(text)) or segments(text) != [(text, False, False)]:
        box = TextBox(x, y, w, h, 10.0, 5.0, align="center", valign="middle", colour=ink)
        return [dataclasses.replace(s, cls=("cell-label",)) for s in set_text(text, box, icon).shapes]
    size = fonts.fit_size(lambda s: fonts.wrap(text, s, w), 10.0, 5.0, w, h)
    lines = fonts.wrap(text, size, w)
    leading = size * 1.2 * 25.4 / 72
    top = y + (h - (len(lines) - 1) * leading - fonts.ascent(size)) / 2 + fonts.ascent(size)
    return [Text(x + w / 2, top + i * leading, line, size=size, anchor="middle", fill=ink, box=(x, y, w, h), cls=("cell-label",))
            for i, line in enumerate(lines)]


def square_board(board: Board, cells: CellData, safe: float, icon: IconLookup = no_icons) -> Piece:
    style = GridStyle(cell=board.cell_mm, label_band=BAND if board.labels else 0.0, ink=board.ink, background=board.background,
                      cell_fill=board.cell_fill, show_coords=board.labels, safe=safe)

    def art(name: str, size: float) -> tuple[tuple[str, ...], str | None, tuple[Shape, ...]]:
        label, classes, fill = cells.get(name, ("", (), None))
        pad = size * 0.12
        return classes, fill, tuple(_label(label, pad, size * 0.3, size - 2 * pad, size * 0.6, board.ink, icon))

    if board.labels:
        return grid_board(board.columns, board.rows, style, art, title=board.name)
    return _plain_grid(board, cells, icon)


def _plain_grid(board: Board, cells: CellData, icon: IconLookup) -> Piece:
    """A square grid without coordinate labels (no label band)."""
    size = board.cell_mm
    shapes: list[Shape] = [bleed_rect(board.columns * size, board.rows * size, board.background)]
    for r in range(board.rows):
        for c in range(board.columns):
            name = coord(c, r)
            label, classes, fill = cells.get(name, ("", (), None))
            rect = Rect(0, 0, size, size, Style(fill=fill or board.cell_fill, stroke=board.ink, width=0.5), id=f"cell-{name}",
                        cls=("cell", *classes))
            pad = size * 0.12
            shapes.append(Group((rect, *_label(label, pad, size * 0.2, size - 2 * pad, size * 0.6, board.ink, icon)), dx=c * size, dy=r * size))
    return Piece(board.name, board.columns * size, board.rows * size, Group(tuple(shapes), id="board"), kind="board")


def hex_board(board: Board, cells: CellData, icon: IconLookup = no_icons) -> Piece:
    """Pointy-top hexes in rows (odd rows shifted right) or flat-top hexes in columns; cells A1, B1, ..."""
    s = board.cell_mm / math.sqrt(3) if board.orientation == "pointy" else board.cell_mm / 2
    band = BAND if board.labels else 4.0
    centres = {}
    for r in range(board.rows):
        for c in range(board.columns):
            if board.orientation == "pointy":
                x = math.sqrt(3) * s * (c + 0.5 + 0.5 * (r % 2))
                y = s + 1.5 * s * r
            else:
                x = s + 1.5 * s * c
                y = math.sqrt(3) * s * (r + 0.5 + 0.5 * (c % 2))
            centres[coord(c, r)] = (band + x, band + y)
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    half_w = math.sqrt(3) * s / 2 if board.orientation == "pointy" else s
    half_h = s if board.orientation == "pointy" else math.sqrt(3) * s / 2
    w, h = max(xs) + half_w + band, max(ys) + half_h + band
    shapes: list[Shape] = [bleed_rect(w, h, board.background)]
    turn = -90 if board.orientation == "pointy" else 0
    for name, (cx, cy) in centres.items():
        label, classes, fill = cells.get(name, ("", (), None))
        points = tuple((cx + s * math.cos(math.radians(turn + 60 * i)), cy + s * math.sin(math.radians(turn + 60 * i))) for i in range(6))
        parts: list[Shape] = [Polygon(points, Style(fill=fill or board.cell_fill, stroke=board.ink, width=0.5), id=f"cell-{name}",
                                      cls=("cell", "hex", *classes))]
        box = half_w * 1.4
        parts += _label(label, cx - box / 2, cy - half_h * 0.35, box, half_h * 0.9, board.ink, icon)
        if board.labels:
            pt = max(5.0, min(7.0, s * 0.9))
            parts.append(Text(cx, cy - half_h * 0.45, name, size=pt, anchor="middle", fill="#8C8C8C", cls=("coord",)))
        shapes.append(Group(tuple(parts)))
    return Piece(board.name, w, h, Group(tuple(shapes), id="board"), kind="board")


def track_length(board: Board) -> int:
    return board.spaces or edge_spaces(board.rows, board.columns)


TRACK_FRAME_MM = 4.0
"""The board's background all round a track's spaces: the cut runs through it, not along the spaces' edges (a cut a
little off would show the background beside a space's colour, and half the spaces' outline)."""


def track_board(board: Board, cells: CellData, icon: IconLookup = no_icons) -> Piece:
    """Numbered spaces clockwise around a ``columns`` x ``rows`` frame from the top-left corner, inside a
    :data:`TRACK_FRAME_MM` border of the board's background."""
    size, frame = board.cell_mm, TRACK_FRAME_MM
    cols, rows = board.columns, board.rows
    ring = [(c, 0) for c in range(cols)] + [(cols - 1, r) for r in range(1, rows)]
    ring += [(c, rows - 1) for c in range(cols - 2, -1, -1)] + [(0, r) for r in range(rows - 2, 0, -1)]
    ring = list(dict.fromkeys(ring))  # a frame one cell wide: its way back runs over the same cells
    w, h = cols * size + 2 * frame, rows * size + 2 * frame
    shapes: list[Shape] = [bleed_rect(w, h, board.background)]
    for i, (c, r) in enumerate(ring[: track_length(board)]):
        name = str(board.start + i)
        label, classes, fill = cells.get(name, ("", (), None))
        rect = Rect(0, 0, size, size, Style(fill=fill or board.cell_fill, stroke=board.ink, width=0.5), id=f"cell-{name}",
                    cls=("cell", "space", *classes))
        pt = max(7.0, min(14.0, size * 0.45))
        number = Text(size / 2, size * 0.45, name, size=pt, bold=True, anchor="middle", fill=board.ink, cls=("space-number",))
        pad = size * 0.08
        shapes.append(Group((rect, number, *_label(label, pad, size * 0.55, size - 2 * pad, size * 0.38, board.ink, icon)),
                            dx=frame + c * size, dy=frame + r * size))
    return Piece(board.name, w, h, Group(tuple(shapes), id="board"), kind="board")


def board_piece(board: Board, rows: list[Row], safe: float, icon: IconLookup = no_icons) -> Piece:
    """The board drawn; ``icon`` finds the pictures of ``:name:`` in cell labels."""
    cells = cell_data(board, rows, cell_names(board))
    if board.shape == "hex":
        return hex_board(board, cells, icon)
    if board.shape == "track":
        return track_board(board, cells, icon)
    return square_board(board, cells, safe, icon)


