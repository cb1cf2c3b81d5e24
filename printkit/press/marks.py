"""Crop marks as plain geometry, drawn the same by every backend."""

from __future__ import annotations

from printkit.draw.shapes import Line, Style
from printkit.press.settings import PrintSettings


def _span(start: float, length: float, limit_lo: float, limit_hi: float, outward: int) -> tuple[float, float] | None:
    """A mark from ``start`` going ``outward`` (+1/-1) for ``length``, kept inside the limits."""
    end = start + outward * length
    lo, hi = sorted((start, end))
    lo, hi = max(lo, limit_lo), min(hi, limit_hi)
    return (lo, hi) if hi - lo >= 0.5 else None


def crop_marks(
    xs: list[float], ys: list[float], page: tuple[float, float], settings: PrintSettings
) -> list[Line]:
    """Marks around a block of butted pieces whose cut lines are at ``xs`` and ``ys`` (mm).

    Marks start ``bleed + mark_offset`` outside the block, so they never touch a piece, and
    stop ``mark_margin`` short of the paper edge (shorter marks where the paper is tight).
    """
    if not settings.crop_marks:
        return []
    style = Style(stroke=settings.colours.marks, width=settings.mark_width_mm)
    gap = settings.bleed_mm + settings.mark_offset_mm
    pw, ph = page
    m = settings.mark_margin_mm
    top, bottom, left, right = ys[0] - gap, ys[-1] + gap, xs[0] - gap, xs[-1] + gap
    lines: list[Line] = []
    for x in xs:
        for start, out in ((top, -1), (bottom, 1)):
            span = _span(start, settings.mark_length_mm, m, ph - m, out)
            if span:
                lines.append(Line(x, span[0], x, span[1], style, cls=("crop-mark",)))
    for y in ys:
        for start, out in ((left, -1), (right, 1)):
            span = _span(start, settings.mark_length_mm, m, pw - m, out)
            if span:
                lines.append(Line(span[0], y, span[1], y, style, cls=("crop-mark",)))
    return lines
