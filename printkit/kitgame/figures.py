"""Positions of the rule sheet's example game drawn on the kit's own board: ``![After move 4](game:4)``.

The rules say where pieces stand with ``pieces(state)`` (board name -> space -> label or labels); each
piece is a labelled disc on its space of the board the kit prints, so the figure shows the very board
the players cut out.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from printkit.art.board import board_drawing
from printkit.draw.shapes import Circle, Drawing, Group, Polygon, Rect, Shape, Style, Text, walk
from printkit.errors import ConfigError
from printkit.kitgame.blame import short
from printkit.kitgame.engine import KitRules
from printkit.kitrules import Record, Shown
from printkit.press.pieces import Piece

SOURCE = re.compile(r"game:(\d{1,6})(?:/([a-z0-9][a-z0-9_-]{0,63}))?")
"""``game:N`` (the position after move N of the example; 0 is the start), optionally ``/BOARD``."""
COLOURS = (("#1F3A93", "#FFFFFF"), ("#F2B33D", "#1A1A1A"), ("#5E8C61", "#FFFFFF"), ("#FFFFFF", "#1A1A1A"))
"""(fill, label) of pieces by the order their labels first appear: dark, light, mid and white, so they stay
apart printed in greyscale (further labels take these again)."""


def is_position(src: str) -> bool:
    return SOURCE.fullmatch(src) is not None


def space_centres(piece: Piece, every_id: bool = False) -> dict[str, tuple[float, float, float]]:
    """Each space's centre and half its smaller side, from the board's ``cell-NAME`` shapes (or groups: the spaces of a
    ``spaces`` board), by NAME; ``every_id``: also every other shape or group with an id, by its id (a ``spaces`` board's
    ``track-1-10``)."""
    return {name: (x, y, min(w, h) / 2) for name, (x, y, w, h) in space_boxes(piece, every_id).items()}


def space_boxes(piece: Piece, every_id: bool = False) -> dict[str, tuple[float, float, float, float]]:
    """The spaces of :func:`space_centres` as their centre, width and height (a wall's slot is long and thin)."""
    found = {}
    for shape, dx, dy in walk((piece.front,)):
        ident = getattr(shape, "id", None) or ""
        if not ident.startswith("cell-") and not (every_id and ident and ident != piece.front.id):
            continue
        name = ident[5:] if ident.startswith("cell-") else ident
        if isinstance(shape, Group):  # a space of a `spaces` board: its first rect or circle is the space
            inner = next(((s, x, y) for s, x, y in walk(shape.children, dx + shape.dx, dy + shape.dy)
                          if isinstance(s, (Rect, Circle))), None)
            if inner is None:
                continue
            shape, dx, dy = inner
        if isinstance(shape, Circle):
            found[name] = (dx + shape.cx, dy + shape.cy, 2 * shape.r, 2 * shape.r)
        elif isinstance(shape, Rect):
            found[name] = (dx + shape.x + shape.w / 2, dy + shape.y + shape.h / 2, shape.w, shape.h)
        elif isinstance(shape, Polygon):
            xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
            found[name] = (dx + sum(xs) / len(xs), dy + sum(ys) / len(ys), max(xs) - min(xs), max(ys) - min(ys))
    return found


def one_or_more(labels: Any) -> list[Any] | None:
    """What ``pieces()`` placed on one space as a list: one label (text, a number, a row, a :class:`Shown` piece) or a
    list of them; None for anything else."""
    if isinstance(labels, (str, int, float, Record, Shown)):
        return [labels]
    return list(labels) if isinstance(labels, (list, tuple)) else None


def placed_on(rules: KitRules, space: Any, labels: Any) -> list[Any]:
    """:func:`one_or_more`, or the rules' error naming what ``pieces()`` placed."""
    listed = one_or_more(labels)
    if listed is None:
        raise rules.fail(f"pieces() placed {short(labels)} on space {short(space)}: expected a label or a list of labels")
    return listed


def _markers(labels: list[str], x: float, y: float, half: float, colour_of: dict[str, tuple[str, str]]) -> list[Shape]:
    """Discs side by side in the lower part of one space (its own label stays readable), each with its label."""
    r = min(half * 0.42, half * 1.7 / max(1, len(labels)) / 2.1)
    step = 2.1 * r
    start, cy = x - step * (len(labels) - 1) / 2, y + half * 0.38
    shapes: list[Shape] = []
    for i, label in enumerate(labels):
        cx = start + i * step
        fill, ink = colour_of[label]
        size = max(4.0, min(9.0, r * 72 / 25.4 * (0.9 if len(label) <= 2 else 1.8 / len(label))))
        shapes.append(Circle(cx, cy, r, Style(fill=fill, stroke="#1A1A1A", width=0.35), cls=("piece-marker",)))
        shapes.append(Text(cx, cy + size * 0.35 * 25.4 / 72, label, size=size, bold=True, anchor="middle", fill=ink,
                           cls=("piece-label",)))
    return shapes


def position_figure(rules: KitRules, state: Any, boards: Mapping[str, Piece], src: str, where: str) -> Drawing:
    """The board of ``src`` with the pieces ``rules.game.pieces(state)`` places on it."""
    match = SOURCE.fullmatch(src)
    assert match is not None
    try:
        placed = rules.game.pieces(state)
    except BaseException as exc:  # the designer's code
        raise rules.blame(exc, f"in pieces(), for the figure {src!r} at {where}") from None
    if not isinstance(placed, Mapping):
        raise rules.fail(f"pieces() returned {short(placed)}: expected board name -> space -> label(s)")
    name = match.group(2) or (next(iter(placed), None) if len(boards) != 1 else next(iter(boards)))
    if name not in boards:
        raise ConfigError(where, "", f"figure {src!r}: no board {name!r} in the kit (boards: {', '.join(boards) or 'none'})")
    piece = boards[name]
    centres = space_centres(piece)
    spaces = {str(space).upper(): [str(label) for label in placed_on(rules, space, labels)]
              for space, labels in dict(placed.get(name, {})).items()}
    labels = sorted({label for listed in spaces.values() for label in listed})
    colours = {label: COLOURS[i % len(COLOURS)] for i, label in enumerate(labels)}  # P1 before P2, in every figure
    shapes: list[Shape] = []
    for space, listed in sorted(spaces.items()):
        if space not in centres:
            raise rules.fail(f"pieces() placed {short(listed)} on space {short(space)}, which board {name!r} does not have "
                             f"(spaces: {', '.join(list(centres)[:6])}, ...)")
        shapes += _markers(listed, *centres[space], colours)
    drawing = board_drawing(piece, f"{name}: {src}")
    return Drawing(drawing.width, drawing.height, (*drawing.children, Group(tuple(shapes), id="pieces")), title=drawing.title)
