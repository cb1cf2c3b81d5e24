"""Dice to print: a six-sided die's net to cut, fold and glue, and a paper-clip spinner for any other number of
faces."""

from __future__ import annotations

import math

from printkit.draw import fonts
from printkit.draw.shapes import Circle, Group, Line, Polygon, Rect, Shape, Style, Text

INK = "#1A1A1A"
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
NET = {(0, 1): 3, (1, 0): 2, (1, 1): 1, (1, 2): 5, (1, 3): 6, (2, 1): 4}
"""(row, column) of each face in the cross -> its pips; opposite faces add up to 7."""
TABS = (((1, 0), "top"), ((1, 0), "bottom"), ((1, 2), "top"), ((1, 2), "bottom"), ((1, 3), "top"),
        ((1, 3), "right"), ((1, 3), "bottom"))
"""One glue tab for each of the 7 edges that meet when the cube is folded."""


def _tab(x: float, y: float, side: float, edge: str, depth: float) -> Polygon:
    inset = depth * 0.8
    a = {"top": ((x, y), (x + inset, y - depth), (x + side - inset, y - depth), (x + side, y)),
         "bottom": ((x, y + side), (x + inset, y + side + depth), (x + side - inset, y + side + depth), (x + side, y + side)),
         "right": ((x + side, y), (x + side + depth, y + inset), (x + side + depth, y + side - inset), (x + side, y + side))}
    return Polygon(a[edge], Style(fill="#D9D9D9", stroke="#1A1A1A", width=0.3), cls=("glue-tab",))


def die_net(side: float = 20.0, ink: str = INK) -> Group:
    """A cross of six squares with pips and seven glue tabs; 4 x side + tab wide, 3 x side tall."""
    depth = 6.0
    shapes: list[Shape] = []
    for (r, c), edge in TABS:
        shapes.append(_tab(c * side, r * side, side, edge, depth))
    fold = Style(stroke="#8C8C8C", width=0.25, dash=(1.2, 0.8))
    for (r, c), face in sorted(NET.items()):
        x, y = c * side, r * side
        shapes.append(Rect(x, y, side, side, Style(fill="#FFFFFF", stroke=ink, width=0.35), cls=("die-face",)))
        for px, py in PIPS[face]:
            shapes.append(Circle(x + side / 2 + px * side * 0.27, y + side / 2 + py * side * 0.27, side * 0.08,
                                 Style(fill=ink), cls=("pip",)))
    for x0, y0, x1, y1 in ((side, side, side, 2 * side), (2 * side, side, 2 * side, 2 * side),
                           (3 * side, side, 3 * side, 2 * side), (side, side, 2 * side, side),
                           (side, 2 * side, 2 * side, 2 * side)):
        shapes.append(Line(x0, y0, x1, y1, fold))
    return Group(tuple(shapes), id="die-net")


def spinner(faces: int, radius: float = 38.0, ink: str = INK) -> Group:
    """A paper-clip spinner of ``faces`` equal sectors numbered 1..faces, centred on (radius, radius)."""
    c = radius
    shapes: list[Shape] = [Circle(c, c, radius, Style(fill="#FFFFFF", stroke=ink, width=0.4))]
    for i in range(faces):
        a = 2 * math.pi * i / faces - math.pi / 2
        shapes.append(Line(c, c, c + radius * math.cos(a), c + radius * math.sin(a), Style(stroke=ink, width=0.3)))
        mid = a + math.pi / faces
        pt = 12.0 if faces <= 12 else 9.0
        tx, ty = c + radius * 0.72 * math.cos(mid), c + radius * 0.72 * math.sin(mid)
        shapes.append(Text(tx, ty + fonts.ascent(pt) / 2, str(i + 1), size=pt, bold=True, anchor="middle", fill=ink,
                           cls=("spinner-number",)))
    shapes.append(Circle(c, c, 1.2, Style(fill=ink)))
    return Group(tuple(shapes), id="spinner")
