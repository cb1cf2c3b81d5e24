"""A 50 mm scale-check ruler: printed on a kit's first page and on the calibration sheet, to check "print at 100%"."""

from __future__ import annotations

from printkit.draw.shapes import Line, Shape, Style, Text

RULER_MM = 50


def ruler(x: float, y: float, ink: str) -> list[Shape]:
    """A 50 mm bar with millimetre ticks, its length written under it."""
    style = Style(stroke=ink, width=0.25)
    shapes: list[Shape] = [Line(x, y, x + RULER_MM, y, Style(stroke=ink, width=0.4), id="scale-ruler")]
    for mm in range(RULER_MM + 1):
        tick = 4.0 if mm % 10 == 0 else (2.8 if mm % 5 == 0 else 1.6)
        shapes.append(Line(x + mm, y, x + mm, y - tick, style))
    for mm in range(0, RULER_MM + 1, 10):
        shapes.append(Text(x + mm, y + 3.2, str(mm), size=6, anchor="middle", fill=ink))
    shapes.append(Text(x + RULER_MM / 2, y + 7, f"this bar must measure {RULER_MM} mm", size=6.5, anchor="middle", fill=ink))
    return shapes
