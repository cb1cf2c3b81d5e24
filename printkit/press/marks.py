"""Crop marks as plain geometry, drawn the same by every backend, and the page label placed clear of them."""

from __future__ import annotations

import dataclasses

from printkit.draw import fonts
from printkit.draw.shapes import Line, Style, Text
from printkit.press.settings import PrintSettings

MIN_MARK_MM = 3.0
"""The shortest crop mark a layout accepts: shorter ones are hard to lay a ruler on (verify warns)."""
LABEL_PT = 6.5
"""The page label's size."""
LABEL_CLEAR_MM = 0.8
"""Space kept between the page label and a crop mark."""


def mark_room(settings: PrintSettings) -> float:
    """mm from an outer cut line to the paper edge that crop marks of :data:`MIN_MARK_MM` need: the bleed, the
    mark's offset, the mark, the printer's unprintable margin (without crop marks: the page margin)."""
    if not settings.crop_marks:
        return settings.margin_mm
    need = settings.bleed_mm + settings.mark_offset_mm + MIN_MARK_MM + settings.printer_margin_mm
    return max(settings.margin_mm, need)


TIGHT_OFFSET_MM = 0.5
TIGHT_BLEED_MM = 2.0
"""How close crop marks may come to the bleed, and how small the bleed may get (the low end of the usual 2-3 mm), before
a piece that nearly fits with its marks is tiled or refused: see :func:`tight`."""


def tight(settings: PrintSettings) -> PrintSettings:
    """The settings with crop marks :data:`TIGHT_OFFSET_MM` from a bleed of at most :data:`TIGHT_BLEED_MM`: the least
    room that still gives every cut line its marks outside the printer's margin."""
    return dataclasses.replace(settings, mark_offset_mm=min(settings.mark_offset_mm, TIGHT_OFFSET_MM),
                               bleed_mm=min(settings.bleed_mm, TIGHT_BLEED_MM))


def label_band(settings: PrintSettings) -> float:
    """Height of the page label's band above the printer margin (the label and its clearance)."""
    return fonts.ascent(LABEL_PT) + fonts.descent(LABEL_PT) + LABEL_CLEAR_MM


def _span(start: float, length: float, limit_lo: float, limit_hi: float, outward: int) -> tuple[float, float] | None:
    """A mark from ``start`` going ``outward`` (+1/-1) for ``length``, kept inside the limits."""
    end = start + outward * length
    lo, hi = sorted((start, end))
    lo, hi = max(lo, limit_lo), min(hi, limit_hi)
    return (lo, hi) if hi - lo >= 0.5 else None


def crop_marks(
    xs: list[float], ys: list[float], page: tuple[float, float], settings: PrintSettings
) -> list[Line]:
    """Marks for every cut line at ``xs`` and ``ys`` (mm) around the outside of the block they bound.

    Marks start ``bleed + mark_offset`` outside the block, so they never touch a piece, and stop at the
    printer's unprintable margin (``print.printer_margin_mm``); below the block they also stop above the page
    label's band when they keep :data:`MIN_MARK_MM` that way (else the label goes between them, see :func:`label`).
    """
    if not settings.crop_marks or not xs or not ys:
        return []
    style = Style(stroke=settings.colours.marks, width=settings.mark_width_mm)
    gap = settings.bleed_mm + settings.mark_offset_mm
    pw, ph = page
    m = settings.printer_margin_mm
    top, bottom, left, right = ys[0] - gap, ys[-1] + gap, xs[0] - gap, xs[-1] + gap
    low = ph - m - label_band(settings)
    if low - bottom < MIN_MARK_MM:
        low = ph - m
    length = settings.mark_length_mm
    lines: list[Line] = []
    for x in xs:
        for start, out, limit in ((top, -1, ph - m), (bottom, 1, low)):
            span = _span(start, length, m, limit, out)
            if span:
                lines.append(Line(x, span[0], x, span[1], style, cls=("crop-mark",)))
    for y in ys:
        for start, out in ((left, -1), (right, 1)):
            span = _span(start, length, m, pw - m, out)
            if span:
                lines.append(Line(span[0], y, span[1], y, style, cls=("crop-mark",)))
    return lines


def label(text: str, settings: PrintSettings, marks: list[Line], short: str | None = None) -> Text:
    """The page's label line at the foot of the page, inside the printer margin and never under a crop mark.

    Centred when the marks leave the band free; else in the widest space between the marks crossing the band,
    as ``short`` (or shortened with an ellipsis) when the full text is too wide for it.
    """
    pw, ph = settings.page_size
    m = settings.printer_margin_mm
    y = ph - m - fonts.descent(LABEL_PT)
    band = (y - fonts.ascent(LABEL_PT) - LABEL_CLEAR_MM, y + fonts.descent(LABEL_PT) + LABEL_CLEAR_MM)
    blocked = sorted((min(mk.x1, mk.x2) - LABEL_CLEAR_MM, max(mk.x1, mk.x2) + LABEL_CLEAR_MM) for mk in marks
                     if min(mk.y1, mk.y2) <= band[1] and max(mk.y1, mk.y2) >= band[0])
    free: list[tuple[float, float]] = []
    x = m
    for lo, hi in blocked:
        if lo > x:
            free.append((x, lo))
        x = max(x, hi)
    if x < pw - m:
        free.append((x, pw - m))

    def width(t: str) -> float:
        return fonts.text_width(t, LABEL_PT)

    def fits(t: str, lo: float, hi: float) -> bool:
        return lo <= pw / 2 - width(t) / 2 and pw / 2 + width(t) / 2 <= hi

    if any(fits(text, lo, hi) for lo, hi in free):
        return Text(pw / 2, y, text, size=LABEL_PT, anchor="middle", fill=settings.colours.muted, cls=("page-label",))
    lo, hi = max(free, key=lambda span: span[1] - span[0]) if free else (m, pw - m)
    chosen = next((t for t in (text, short) if t is not None and width(t) <= hi - lo), None)
    if chosen is None:
        chosen = short or text
        while len(chosen) > 1 and width(chosen + "...") > hi - lo:
            chosen = chosen[:-1]
        chosen = chosen.rstrip() + "..."
    return Text((lo + hi) / 2, y, chosen, size=LABEL_PT, anchor="middle", fill=settings.colours.muted, cls=("page-label",))
