"""SiTTeRS symbols and colours: one shape per kind of marker, so greyscale tells them apart.

Collectors are a diamond (a gem), obstructors an octagon (a stop sign), containers a chest and the
safe zone an arrow leaving the board. Colours are Okabe-Ito; every symbol also works in outline.
"""

from __future__ import annotations

import math

from printkit.draw.shapes import Group, Polygon, Rect, Shape, Style

COLLECTOR_COLOUR = "#0072B2"
"""Okabe-Ito blue."""
OBSTRUCTOR_COLOUR = "#D55E00"
"""Okabe-Ito vermillion."""
CONTAINER_COLOUR = "#E69F00"
"""Okabe-Ito orange."""
SAFE_COLOUR = "#009E73"
"""Okabe-Ito bluish green."""
INK = "#1A1A1A"


def _paint(colour: str, outline: float) -> Style:
    return Style(stroke=colour, width=outline) if outline else Style(fill=colour)


def diamond(cx: float, cy: float, r: float, colour: str, outline: float = 0.0) -> Shape:
    """A cut gem: a kite wider at its top third (the collectors' sign)."""
    pts = ((0.0, -r), (r * 0.82, -r * 0.3), (0.0, r), (-r * 0.82, -r * 0.3))
    return Polygon(tuple((cx + x, cy + y) for x, y in pts), _paint(colour, outline))


def octagon(cx: float, cy: float, r: float, colour: str, outline: float = 0.0) -> Shape:
    """A stop sign (the obstructors' sign)."""
    pts = tuple((cx + r * math.cos(math.pi / 8 + i * math.pi / 4), cy + r * math.sin(math.pi / 8 + i * math.pi / 4))
                for i in range(8))
    return Polygon(pts, _paint(colour, outline))


def chest(cx: float, cy: float, r: float, colour: str, outline: float = 0.0, lock: str = "#FFFFFF") -> Group:
    """A treasure chest: a domed lid over a box, with a lock (the containers' sign)."""
    w, lid_h, body_h = r * 1.8, r * 0.55, r * 0.95
    top = cy - (lid_h + body_h) / 2
    lid = tuple((cx + w / 2 * math.cos(a), top + lid_h - lid_h * math.sin(a))
                for a in (i * math.pi / 8 for i in range(9)))
    paint = _paint(colour, outline)
    shapes: list[Shape] = [Polygon(lid, paint), Rect(cx - w / 2, top + lid_h + r * 0.06, w, body_h - r * 0.06, paint)]
    if not outline:
        shapes.append(Rect(cx - r * 0.16, top + lid_h - r * 0.12, r * 0.32, r * 0.4, Style(fill=lock)))
    return Group(tuple(shapes))


def exit_arrow(cx: float, cy: float, r: float, colour: str, outline: float = 0.0) -> Shape:
    """A fat arrow pointing right, off the board (the safe zone's sign)."""
    pts = ((-r, -r * 0.32), (r * 0.15, -r * 0.32), (r * 0.15, -r * 0.8), (r, 0.0), (r * 0.15, r * 0.8),
           (r * 0.15, r * 0.32), (-r, r * 0.32))
    return Polygon(tuple((cx + x, cy + y) for x, y in pts), _paint(colour, outline))


SYMBOLS = {"collector": diamond, "obstructor": octagon, "container": chest}
COLOURS = {"collector": COLLECTOR_COLOUR, "obstructor": OBSTRUCTOR_COLOUR, "container": CONTAINER_COLOUR}


def marker(kind: str, cx: float, cy: float, r: float, colour: str | None = None, outline: float = 0.0) -> Shape:
    """The symbol of a marker kind (collector, obstructor, container)."""
    return SYMBOLS[kind](cx, cy, r, colour or COLOURS[kind], outline)
