"""A duplex calibration sheet: measure how far a printer shifts the back side.

The front carries two scales (one across, one down) with ticks every millimetre; the back carries
one line per scale, drawn where the zero tick lands when the sheet is printed double-sided on the
configured flip edge, with the configured back offsets applied. Held against the light, each line
falls on a tick; its number is what to add to ``back_offset_x_mm`` / ``back_offset_y_mm``.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.draw.pdf import DrawingPage
from printkit.draw.shapes import Drawing, Line, Shape, Style, Text
from printkit.press.settings import PrintSettings

SPAN = 8
"""Ticks run from -SPAN to +SPAN millimetres."""


@dataclass(frozen=True)
class Scale:
    """One axis: its zero tick on the front, and the sign that turns a tick into a correction."""

    axis: str  # "x" (across) or "y" (down)
    zero: float
    sign: int

    def label(self, tick: int) -> int:
        """The number printed at ``zero + tick`` mm: the correction to add if the back line falls there."""
        return self.sign * tick


def scales(settings: PrintSettings) -> tuple[Scale, Scale]:
    """The across and down scales; the axis the flip mirrors reads directly, the other negated."""
    pw, ph = settings.page_size
    long = settings.duplex_flip == "long"
    return Scale("x", pw / 2, 1 if long else -1), Scale("y", ph / 2, -1 if long else 1)


def back_line(scale: Scale, settings: PrintSettings) -> float:
    """Where the back page draws the line for ``scale`` (back-page coordinates, offsets applied)."""
    pw, ph = settings.page_size
    if scale.axis == "x":
        mirrored = settings.duplex_flip == "long"
        return (pw - scale.zero if mirrored else scale.zero) + settings.back_offset_x_mm
    mirrored = settings.duplex_flip == "short"
    return (ph - scale.zero if mirrored else scale.zero) + settings.back_offset_y_mm


def _front(settings: PrintSettings) -> Drawing:
    pw, ph = settings.page_size
    ink = settings.colours.ink
    across, down = scales(settings)
    shapes: list[Shape] = []
    for tick in range(-SPAN, SPAN + 1):
        long_tick = 8.0 if tick % 5 == 0 else 5.0
        x, y = across.zero + tick, down.zero + tick
        shapes += [Line(x, ph * 0.3, x, ph * 0.3 + long_tick, Style(stroke=ink, width=0.15)),
                   Line(pw * 0.3, y, pw * 0.3 + long_tick, y, Style(stroke=ink, width=0.15))]
        if tick % 2 == 0:
            shapes += [Text(x, ph * 0.3 - 1.5, str(across.label(tick)), size=5, anchor="middle", fill=ink),
                       Text(pw * 0.3 - 1.5, y + 0.7, str(down.label(tick)), size=5, anchor="end", fill=ink)]
    lines = [
        "Duplex calibration - print this page double-sided, at 100%, flipping on the "
        f"{settings.duplex_flip} edge, on the printer and paper you will use.",
        "Hold the sheet against the light. The line printed on the back crosses each scale at one tick.",
        f"Add the number under the vertical line to back_offset_x_mm (now {settings.back_offset_x_mm:g}) "
        f"and the number beside the horizontal line to back_offset_y_mm (now {settings.back_offset_y_mm:g}).",
        "Print again: both lines should now fall on 0.",
    ]
    shapes += [Text(15, 20 + 5 * i, text, size=8 if i else 9, bold=i == 0, fill=ink) for i, text in enumerate(lines)]
    return Drawing(pw, ph, tuple(shapes), title="duplex calibration: front")


def _back(settings: PrintSettings) -> Drawing:
    pw, ph = settings.page_size
    across, down = scales(settings)
    x, y = back_line(across, settings), back_line(down, settings)
    style = Style(stroke=settings.colours.marks, width=0.3)
    mirrored_y = settings.duplex_flip == "short"
    top = ph - ph * 0.3 - 12 if mirrored_y else ph * 0.3 - 4
    mirrored_x = settings.duplex_flip == "long"
    left = pw - pw * 0.3 - 12 if mirrored_x else pw * 0.3 - 4
    shapes = (Line(x, top, x, top + 16, style), Line(left, y, left + 16, y, style))
    return Drawing(pw, ph, shapes, title="duplex calibration: back")


def calibration_pages(settings: PrintSettings) -> list[DrawingPage]:
    """The front and back page of the calibration sheet."""
    return [DrawingPage(_front(settings)), DrawingPage(_back(settings))]
