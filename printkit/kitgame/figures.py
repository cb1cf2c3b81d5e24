"""Positions of the rule sheet's example game drawn on the kit's own board: ``![After move 4](game:4)``.

The rules say where pieces stand with ``pieces(state)`` (board name -> space -> label or labels). A piece the kit
prints is drawn as printed, as the browser table draws it: a :class:`~printkit.kitrules.Shown` piece by its SVG id, a
card or token row by its row, a label naming a token (its SVG id or its row's label) as that token; its printed back
when the piece is ``face_down``, ringed in its player's colour. Any other label is a disc with the label on it, in its
player's colour (a :class:`~printkit.kitrules.Shown` without an id), else coloured by label. So the figure shows the
very board and pieces the players cut out.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Mapping

from printkit.art.board import board_drawing
from printkit.draw.shapes import Circle, Drawing, Group, Polygon, Rect, Shape, Style, Text, walk
from printkit.errors import ConfigError
from printkit.kitgame.blame import short
from printkit.kitgame.engine import KitRules
from printkit.kitgame.printed import NO_PIECES, PrintedPieces
from printkit.kitrules import Record, Shown
from printkit.press.pieces import Piece, bleed_outline

SOURCE = re.compile(r"game:(\d{1,6})(?:/([a-z0-9][a-z0-9_-]{0,63}))?")
"""``game:N`` (the position after move N of the example; 0 is the start), optionally ``/BOARD``."""
COLOURS = (("#1F3A93", "#FFFFFF"), ("#F2B33D", "#1A1A1A"), ("#5E8C61", "#FFFFFF"), ("#FFFFFF", "#1A1A1A"))
"""(fill, label) of markers by player (the default :attr:`~printkit.kitrules.Game.player_colours`), or by the order of
their labels for markers of no player: dark, light, mid and white, so they stay apart printed in greyscale (further
players or labels take these again)."""
RING_MM = 1.0
"""The width of the ring in its player's colour round a printed piece (half of it over the piece's edge)."""


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


def player_colours(rules: KitRules) -> list[tuple[str, str]]:
    """(fill, ink) of each player: the game's ``player_colours`` (ink black or white, whichever reads on it), else
    :data:`COLOURS`."""
    given = rules.call(lambda: tuple(rules.game.player_colours), "reading player_colours")
    for colour in given:
        if not isinstance(colour, str) or not re.fullmatch(r"#[0-9A-Fa-f]{6}", colour):
            raise rules.fail(f"player_colours holds {short(colour)}: expected colours like '#2a6fdb', one per player")
    return [(c, "#1A1A1A" if _light(c) else "#FFFFFF") for c in given] or list(COLOURS)


def _light(colour: str) -> bool:
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue > 150


def _markers(labels: list[str], x: float, y: float, half: float, colours: list[tuple[str, str]]) -> list[Shape]:
    """Discs side by side in the lower part of one space (its own label stays readable), each with its label."""
    r = min(half * 0.42, half * 1.7 / max(1, len(labels)) / 2.1)
    step = 2.1 * r
    start, cy = x - step * (len(labels) - 1) / 2, y + half * 0.38
    shapes: list[Shape] = []
    for i, (label, colour) in enumerate(zip(labels, colours)):
        shapes += _disc(label, start + i * step, cy, r, colour)
    return shapes


def _disc(label: str, cx: float, cy: float, r: float, colour: tuple[str, str]) -> list[Shape]:
    """A marker: a disc in its colour with its label."""
    fill, ink = colour
    size = max(4.0, min(9.0, r * 72 / 25.4 * (0.9 if len(label) <= 2 else 1.8 / len(label))))
    return [Circle(cx, cy, r, Style(fill=fill, stroke="#1A1A1A", width=0.35), cls=("piece-marker",)),
            Text(cx, cy + size * 0.35 * 25.4 / 72, label, size=size, bold=True, anchor="middle", fill=ink, cls=("piece-label",))]


def _printed(piece: Piece, face_down: bool, ring: str | None) -> list[Shape]:
    """A printed piece in its own coordinates as it lies on the table: its face, or its back when ``face_down`` (its
    outline in its player's colour, or grey, when it has no back), clipped at its cut line, ringed in ``ring``."""
    outline: Rect | Circle | Polygon = bleed_outline(piece, 0.0) if piece.shaped else Rect(0.0, 0.0, piece.w, piece.h)
    art: Shape | None = piece.back if face_down else piece.front
    if art is None:
        art = replace(outline, style=Style(fill=ring or "#8C8C8C", stroke="#1A1A1A", width=0.35))
    clip = outline if isinstance(outline, (Circle, Polygon)) else (0.0, 0.0, piece.w, piece.h)
    shapes: list[Shape] = [Group((art,), clip=clip, cls=("piece-back" if face_down else "piece-face",))]
    if ring is not None:
        shapes.append(replace(outline, style=Style(fill=None, stroke=ring, width=RING_MM), cls=("piece-ring",)))
    return shapes


def _laid_out(items: list[tuple[Piece | None, str, bool, tuple[str, str]]], x: float, y: float, half: float,
              ringed: list[bool]) -> list[Shape]:
    """Pieces (printed, or markers: None) side by side centred on one space, at their printed size where they fit,
    else all scaled down alike."""
    room, gap = 2 * half * 0.94, 1.0
    marker = half * 0.9
    sizes = [(p.w, p.h) if p is not None else (marker, marker) for p, _, _, _ in items]
    width = sum(w for w, _ in sizes) + gap * (len(items) - 1)
    scale = min(1.0, room / width, room / max(h for _, h in sizes))
    shapes: list[Shape] = []
    left = x - width * scale / 2
    for (piece, label, face_down, colour), (w, h), ring in zip(items, sizes, ringed):
        if piece is None:
            shapes += _disc(label, left + w * scale / 2, y, w * scale / 2, colour)
        else:
            drawn = Group(tuple(_printed(piece, face_down, colour[0] if ring else None)), scale=scale)
            shapes.append(Group((drawn,), dx=left, dy=y - h * scale / 2, cls=("piece",)))
        left += (w + gap) * scale
    return shapes


def position_figure(rules: KitRules, state: Any, boards: Mapping[str, Piece], src: str, where: str,
                    printed: PrintedPieces = NO_PIECES) -> Drawing:
    """The board of ``src`` with the pieces ``rules.game.pieces(state)`` places on it (``printed``: the kit's cards and
    tokens, drawn where a piece is one of them)."""
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
    spaces = {str(space).upper(): placed_on(rules, space, labels) for space, labels in dict(placed.get(name, {})).items()}
    colours = player_colours(rules)
    by_label = sorted({str(item) for listed in spaces.values() for item in listed
                       if printed.find(item) is None and _player(item) is None})
    label_colour = {label: COLOURS[i % len(COLOURS)] for i, label in enumerate(by_label)}  # P1 before P2, in every figure
    shapes: list[Shape] = []
    for space, listed in sorted(spaces.items()):
        if space not in centres:
            raise rules.fail(f"pieces() placed {short(listed)} on space {short(space)}, which board {name!r} does not have "
                             f"(spaces: {', '.join(list(centres)[:6])}, ...)")
        for item in listed:
            if isinstance(item, Shown) and item.id and printed.find(item) is None:
                raise rules.fail(f"pieces() placed {short(item)} on space {space}: no card or token the kit prints has the "
                                 f"SVG id {item.id!r}")
        refs = [printed.find(item) for item in listed]
        found = [printed.piece(ref) if ref is not None else None for ref in refs]
        owners = [_player(item) for item in listed]
        colour = [colours[p % len(colours)] if p is not None else label_colour.get(str(item), COLOURS[0])
                  for item, p in zip(listed, owners)]
        if all(p is None for p in found):
            shapes += _markers([str(item) for item in listed], *centres[space], colour)
            continue
        items = [(p, str(item), isinstance(item, Shown) and item.face_down, c) for item, p, c in zip(listed, found, colour)]
        shapes += _laid_out(items, *centres[space], [p is not None for p in owners])
    drawing = board_drawing(piece, f"{name}: {src}")
    return Drawing(drawing.width, drawing.height, (*drawing.children, Group(tuple(shapes), id="pieces")), title=drawing.title)


def _player(item: Any) -> int | None:
    """Whose piece ``item`` is: a :class:`Shown` piece's ``player`` (None: no one's)."""
    return item.player if isinstance(item, Shown) and isinstance(item.player, int) else None
