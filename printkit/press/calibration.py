"""A duplex calibration sheet: measure how far a printer shifts the back side.

The front carries two scales (one across, one down) with ticks every millimetre, each numbered (6 pt, even numbers on
one side of the scale and odd ones on the other, so that neighbours never touch; each scale's ends marked - and +), and a 50 mm bar to check the
scale; the back carries
one line per scale, drawn where the zero tick lands when the sheet is printed double-sided on the
configured flip edge, with the configured back offsets applied. Held against the light, each line
falls on a tick; its number is what to add to ``back_offset_x_mm`` / ``back_offset_y_mm``.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.draw import fonts
from printkit.draw.pdf import DrawingPage
from printkit.draw.shapes import Drawing, Line, Shape, Style, Text
from printkit.press.ruler import ruler
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


LABEL_PT = 6.0
"""The scales' numbers: every millimetre labelled, even ones on one side of the scale, odd ones on the other."""
TEXT_MARGIN = 15.0


def _front(settings: PrintSettings) -> Drawing:
    pw, ph = settings.page_size
    ink = settings.colours.ink
    shapes = [*_scales(settings, ph * 0.3, pw * 0.3), *_instructions(settings), *ruler(TEXT_MARGIN, ph * 0.75, ink)]
    return Drawing(pw, ph, tuple(shapes), title="duplex calibration: front")


def _scales(settings: PrintSettings, top: float, left: float) -> list[Shape]:
    """The two millimetre scales the back's lines are read on: across at ``top``, down at ``left``."""
    ink = settings.colours.ink
    across, down = scales(settings)
    thin = Style(stroke=ink, width=0.15)
    shapes: list[Shape] = []
    for tick in range(-SPAN, SPAN + 1):
        x, y = across.zero + tick, down.zero + tick
        odd = abs(tick) % 2 == 1
        reach = 6.0 if odd else 3.0
        number = str(abs(tick))  # without sign: the scale's ends are marked - and +
        # across: ticks run down from the scale's line; even numbers above the line, odd ones under their longer ticks
        shapes.append(Line(x, top, x, top + reach, thin))
        shapes.append(Text(x, top + reach + 2.4 if odd else top - 1.0, number, size=LABEL_PT, anchor="middle", fill=ink,
                           cls=("scale-label",)))
        # down: ticks run right; even numbers left of the scale, odd ones right of their longer ticks
        shapes.append(Line(left, y, left + reach, y, thin))
        shapes.append(Text(left + reach + 0.8 if odd else left - 0.8, y + 0.77, number, size=LABEL_PT,
                           anchor="start" if odd else "end", fill=ink, cls=("scale-label",)))
    shapes += [Line(across.zero - SPAN, top, across.zero + SPAN, top, thin), Line(left, down.zero - SPAN, left, down.zero + SPAN, thin)]
    for scale in (across, down):
        for end in (-1, 1):
            sign = "+" if scale.label(end) > 0 else "-"
            if scale.axis == "x":
                shapes.append(Text(scale.zero + end * (SPAN + 2.5), top + 1.5, sign, size=9, bold=True, anchor="middle", fill=ink))
            else:
                shapes.append(Text(left + 1.5, scale.zero + end * (SPAN + 2.5) + 1.2, sign, size=9, bold=True, anchor="middle",
                                   fill=ink))
    return shapes


def _instructions(settings: PrintSettings) -> list[Shape]:
    """The heading and the steps, wrapped to the page's width from the top."""
    ink = settings.colours.ink
    width = settings.page_size[0] - 2 * TEXT_MARGIN
    heading = ("Duplex calibration - print this page double-sided, at 100%, flipping on the "
               f"{settings.duplex_flip} edge, on the printer and paper you will use.")
    body = [
        "Hold the sheet against the light. The line printed on the back crosses each scale at one tick. Each scale counts "
        "millimetres from 0 in the middle: its numbers are negative on the side marked - and positive on the side marked +.",
        f"Add the number at the vertical line to back_offset_x_mm (now {settings.back_offset_x_mm:g}) and the number "
        f"beside the horizontal line to back_offset_y_mm (now {settings.back_offset_y_mm:g}).",
        "Print again: both lines should now fall on 0. Check the 50 mm bar with a ruler first: if it is not 50 mm, "
        "the printer scaled the page (print at 100% / actual size).",
    ]
    shapes: list[Shape] = []
    y = 20.0
    for line in fonts.wrap(heading, 9, width, bold=True):
        shapes.append(Text(TEXT_MARGIN, y, line, size=9, bold=True, fill=ink, box=(TEXT_MARGIN, y - 4, width, 5)))
        y += 4.5
    y += 1.0
    for paragraph in body:
        for line in fonts.wrap(paragraph, 8, width):
            shapes.append(Text(TEXT_MARGIN, y, line, size=8, fill=ink, box=(TEXT_MARGIN, y - 3.5, width, 4.5)))
            y += 4.0
    return shapes


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
