"""Fold-up standees: one strip cut out whole, base, back (upside down), front, base.

Fold at the middle so the two halves sit back to back, fold the bases out in opposite directions and it stands on a
square.
"""

from __future__ import annotations

from typing import Callable, Sequence

from printkit.art.cards import centred_block
from printkit.draw.shapes import Group, Line, Rect, Shape, Style
from printkit.press.pieces import Piece, bleed_rect

FOLD = Style(stroke="#FFFFFF", width=0.35, dash=(1.5, 1.0))
"""The dashed white fold lines across the strip."""


def standee_panel(symbol: Callable[[float, float, float], Shape], name: str, w: float, h: float, safe: float,
                  ink: str, cls: tuple[str, ...] = ()) -> list[Shape]:
    """One half of a standee, upright, in panel coordinates: a white card, ``symbol(cx, cy, r)`` at its top and the
    name under it, wrapped to fit; a name too long for that runs up the panel (read by tilting the head)."""
    shapes: list[Shape] = [Rect(1.2, 1.2, w - 2.4, h - 2.4, Style(fill="#FFFFFF"), rx=1.5)]
    r = min(w * 0.3, h * 0.22)
    shapes.append(symbol(w / 2, 2.5 + r, r))
    top = 4.0 + 2 * r
    box_w, box_h = w - 2 * safe, h - top - 2.0
    flat = centred_block(name, safe, top, box_w, box_h, ink, cls=cls)
    if flat is not None:
        return shapes + flat
    upright = centred_block(name, 0, 0, box_h, box_w, ink, cls=cls)
    if upright is not None:
        shapes.append(Group(tuple(upright), dx=safe, dy=top + box_h, rotate=-90))
    return shapes


def standee_piece(name: str, ident: str, cls: tuple[str, ...], w: float, panel_h: float, base: float, colour: str,
                  panel: Sequence[Shape]) -> Piece:
    """A standee ``w`` mm wide of two ``panel_h`` halves drawing ``panel`` (:func:`standee_panel`) and two ``base``
    deep feet, on ``colour`` to the bleed; the SVG group's id ``ident`` and classes ``cls``."""
    h = 2 * base + 2 * panel_h
    back = Group(tuple(panel), dx=w, dy=base + panel_h, rotate=180)
    front = Group(tuple(panel), dy=base + panel_h)
    folds = [Line(-2, y, w + 2, y, FOLD) for y in (base, base + panel_h, base + 2 * panel_h)]
    art = Group((bleed_rect(w, h, colour), back, front, *folds), id=ident, cls=cls)
    return Piece(name, w, h, art, kind="standee")
