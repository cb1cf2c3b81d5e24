"""Small symbols drawn from shapes, sized by a radius in mm: cross, ring, tower, burst, shield, arrows, gem, stop sign,
chest, exit arrow, flag; the players' colours."""

from __future__ import annotations

import math

from printkit.draw.shapes import Circle, Group, Polygon, Rect, Shape, Style

PLAYER_COLOURS = ("#D55E00", "#0072B2")
"""Okabe-Ito vermillion for X, blue for O; the shapes (cross, ring) tell them apart in greyscale."""


def cross(cx: float, cy: float, r: float, colour: str, thickness: float = 0.28) -> Group:
    """An X: two bars of ``thickness * r`` width, corner to corner within radius ``r``."""
    t = thickness * r / 2
    a = r * 0.72
    bar = ((-a - t, -a + t), (-a + t, -a - t), (a + t, a - t), (a - t, a + t))
    style = Style(fill=colour)
    one = Polygon(bar, style)
    two = Polygon(tuple((x, -y) for x, y in bar), style)
    return Group((one, two), dx=cx, dy=cy)


def ring(cx: float, cy: float, r: float, colour: str, thickness: float = 0.26) -> Circle:
    """An O: a circle stroke of ``thickness * r`` width."""
    w = thickness * r
    return Circle(cx, cy, r * 0.78 - w / 2, Style(stroke=colour, width=w))


def tower(cx: float, cy: float, r: float, colour: str) -> Group:
    """A fortress tower with battlements, fitting inside radius ``r``."""
    s = r / 10
    outline = (
        (-6, 8), (-6, -3), (-8, -3), (-8, -8), (-5, -8), (-5, -6), (-2, -6), (-2, -8), (2, -8), (2, -6),
        (5, -6), (5, -8), (8, -8), (8, -3), (6, -3), (6, 8), (2, 8), (2, 3), (-2, 3), (-2, 8),
    )
    return Group((Polygon(tuple((x * s, y * s) for x, y in outline), Style(fill=colour)),), dx=cx, dy=cy)


def star(cx: float, cy: float, r: float, colour: str, points: int = 8, inner: float = 0.45) -> Polygon:
    """A burst (bomb blast) with ``points`` rays."""
    pts = []
    for i in range(points * 2):
        radius = r if i % 2 == 0 else r * inner
        angle = math.pi * i / points - math.pi / 2
        pts.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return Polygon(tuple(pts), Style(fill=colour))


def shield(cx: float, cy: float, r: float, colour: str) -> Polygon:
    """A heater shield outline, filled."""
    s = r / 10
    pts = ((-8, -8), (8, -8), (8, 0), (6, 5), (0, 9), (-6, 5), (-8, 0))
    return Polygon(tuple((cx + x * s, cy + y * s) for x, y in pts), Style(fill=colour))


def arrows(cx: float, cy: float, r: float, colour: str) -> Group:
    """Two curved-looking arrows (convert), drawn as two triangles and bars."""
    s = r / 10
    style = Style(fill=colour)
    top = Polygon(tuple((x * s, y * s) for x, y in ((-7, -5), (3, -5), (3, -8), (8, -3), (3, 2), (3, -1), (-7, -1))), style)
    bottom = Polygon(tuple((-x * s, -y * s) for x, y in ((-7, -5), (3, -5), (3, -8), (8, -3), (3, 2), (3, -1), (-7, -1))), style)
    return Group((top, bottom), dx=cx, dy=cy)


def player_mark(kind: str, cx: float, cy: float, r: float, colour: str) -> Shape:
    """The player's symbol: ``"X"`` a cross, anything else a ring."""
    return cross(cx, cy, r, colour) if kind == "X" else ring(cx, cy, r, colour)


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


def flag(cx: float, cy: float, r: float, colour: str) -> Group:
    """A pennant on a pole (a dibs claim), fitting inside radius ``r``."""
    pole = Rect(cx - r * 0.55, cy - r, r * 0.16, r * 2, Style(fill=colour))
    cloth = Polygon(((cx - r * 0.4, cy - r), (cx + r * 0.85, cy - r * 0.55), (cx - r * 0.4, cy - r * 0.1)), Style(fill=colour))
    return Group((pole, cloth))
