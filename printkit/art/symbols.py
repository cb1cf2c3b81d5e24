"""Small symbols drawn from shapes: cross, ring, tower, burst. Sized by a radius in mm."""

from __future__ import annotations

import math

from printkit.draw.shapes import Circle, Group, Polygon, Shape, Style

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
