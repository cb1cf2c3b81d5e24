"""SiTTeRS symbols and colours: one shape per kind of marker, so greyscale tells them apart.

Collectors are a diamond (a gem), obstructors an octagon (a stop sign), containers a chest and the
safe zone an arrow leaving the board (printkit.art.symbols). Colours are Okabe-Ito; every symbol also works in outline.
"""

from __future__ import annotations

from printkit.art.symbols import chest, diamond, octagon
from printkit.draw.shapes import Shape

COLLECTOR_COLOUR = "#0072B2"
"""Okabe-Ito blue."""
OBSTRUCTOR_COLOUR = "#D55E00"
"""Okabe-Ito vermillion."""
CONTAINER_COLOUR = "#E69F00"
"""Okabe-Ito orange."""
SAFE_COLOUR = "#009E73"
"""Okabe-Ito bluish green."""
INK = "#1A1A1A"


SYMBOLS = {"collector": diamond, "obstructor": octagon, "container": chest}
COLOURS = {"collector": COLLECTOR_COLOUR, "obstructor": OBSTRUCTOR_COLOUR, "container": CONTAINER_COLOUR}


def marker(kind: str, cx: float, cy: float, r: float, colour: str | None = None, outline: float = 0.0) -> Shape:
    """The symbol of a marker kind (collector, obstructor, container)."""
    return SYMBOLS[kind](cx, cy, r, colour or COLOURS[kind], outline)
