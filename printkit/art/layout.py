"""Artwork files: pieces laid out side by side, trimmed, for the SVG artwork and previews."""

from __future__ import annotations

import math

from printkit.draw.shapes import Drawing, Group, Shape
from printkit.press.pieces import Piece, bleed_outline


def pieces_drawing(pieces: list[Piece], title: str, cols: int, gap: float = 4.0, backs: bool = False) -> Drawing:
    """Pieces in rows of ``cols``, each clipped at its cut line (a round or hex piece: its outline); with ``backs``
    each distinct back follows."""
    items: list[tuple[Piece, Group]] = [(p, p.front) for p in pieces]
    if backs:
        distinct: list[Group] = []
        for piece in pieces:
            if piece.back is not None and piece.back not in distinct:
                distinct.append(piece.back)
                items.append((piece, piece.back))
    if not items:
        return Drawing(10, 10, (), title=title)
    w, h = max(p.w for p, _ in items), max(p.h for p, _ in items)
    rows = math.ceil(len(items) / cols)
    shapes: list[Shape] = []
    for i, (piece, art) in enumerate(items):
        r, c = divmod(i, cols)
        clipped = Group((art,), clip=bleed_outline(piece, 0.0) if piece.shaped else (0.0, 0.0, piece.w, piece.h))
        shapes.append(Group((clipped,), dx=gap + c * (w + gap), dy=gap + r * (h + gap)))
    width = gap + min(cols, len(items)) * (w + gap)
    return Drawing(width, gap + rows * (h + gap), tuple(shapes), title=title)
