"""``spaces`` boards: every row a space of its own, placed at its ``x``, ``y`` (mm from the top-left corner inside the
board's margin) in a ``w`` x ``h`` box and drawn with a layout, so a track of any shape, a chart or a tracker is data
(or rows rules.py computes); the board is as large as its spaces with the margin all round."""

from __future__ import annotations

import math
from typing import Mapping

from printkit.datakit.components import claim_id, piece_classes, piece_ident, row_label
from printkit.datakit.data import Row
from printkit.datakit.layout import Painter, Target, layout_of
from printkit.datakit.schema import MAX_BOARD_MM, Board, Layout
from printkit.draw.shapes import Group, Shape
from printkit.errors import ConfigError
from printkit.press.pieces import Piece, bleed_rect
from printkit.userinput.text import quoted

PLACE = ("x", "y", "w", "h")
"""The columns placing a space: its box's left and top edges and its size, in mm."""


def _mm(row: Row, column: str) -> float:
    """A placing column as mm: a number, at least 0 (a box's size above 0), within a board's largest side."""
    text = row.fields.get(column)
    if text is None:
        raise ConfigError(row.where, f"column {quoted(column)}", f"missing: a space of a 'spaces' board is placed by "
                                                                 f"{', '.join(PLACE)} (mm)")
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    low = 0.0 if column in ("x", "y") else 0.1
    if not (math.isfinite(value) and low <= value <= MAX_BOARD_MM):
        raise ConfigError(row.where, f"column {quoted(column)}", f"expected a number of mm from {low:g} to {MAX_BOARD_MM:g}, "
                                                                 f"got {quoted(text)}")
    return value


def spaces_board(board: Board, rows: list[Row], painter: Painter, layouts: Mapping[str, Layout], key: str,
                 seen: dict[str, str]) -> Piece:
    """The board: each row's ``space`` layout drawn in its box, ids and classes from the board's ``id``/``class``;
    ``seen`` holds the kit's SVG ids so far (a repeat is an error)."""
    assert board.space is not None, "a spaces board names its layout"
    placed: list[Shape] = []
    right = bottom = 0.0
    for n, row in enumerate(rows, start=1):
        fields = {**row.fields, "n": row.fields.get("n", str(n))}
        x, y, w, h = (_mm(row, column) for column in PLACE)
        layout = layout_of(board.space, dict(layouts), fields, row.where, f"{key}.space")
        ident = piece_ident(board.ids.front, fields, painter, f"{key}.id", row)
        if ident is not None:
            claim_id(seen, ident, row, f"{key}.id")
        target = Target(w, h, 0.0, 0.0, fields, row.where, f"board {quoted(board.name)}, space {n} ({row_label(row, None, n)})",
                        f"board {quoted(board.name)}")
        cls = piece_classes(board.ids.front_class, fields, painter, f"{key}.class", row)
        placed.append(Group((painter.draw(layout, target, ident=ident, cls=cls),), dx=board.margin + x, dy=board.margin + y))
        right, bottom = max(right, x + w), max(bottom, y + h)
    width, height = right + 2 * board.margin, bottom + 2 * board.margin
    if max(width, height) > MAX_BOARD_MM:
        raise ConfigError(rows[-1].where if rows else "", key, f"a board of at most {MAX_BOARD_MM:g} mm a side, its spaces "
                                                               f"reach {width:g} x {height:g} mm")
    if not rows:
        width = height = 2 * board.margin or 10.0
    return Piece(board.name, width, height, Group((bleed_rect(width, height, board.background), *placed), id="board"),
                 kind="board")
