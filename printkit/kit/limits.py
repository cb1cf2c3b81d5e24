"""Limits that keep a build within seconds and memory, checked before the work starts."""

from __future__ import annotations

import math
from typing import Mapping

from printkit.draw.shapes import Drawing
from printkit.errors import BuildError
from printkit.press.settings import DEFAULT_PREVIEW_DPI

MM_PER_INCH = 25.4
MAX_PREVIEW_PIXELS = 60_000_000
"""A PNG preview's pixels (width x height): cairo holds 4 bytes a pixel, so 60 megapixels is about 240 MB."""
MAX_PREVIEW_SIDE = 32_767
"""A PNG preview's longest side in pixels: cairo's own limit (it fails past it)."""


def preview_dpis(drawings: Mapping[str, Drawing], dpi: float) -> dict[str, float]:
    """Each artwork's preview resolution: ``dpi``, or for an artwork too large for it (more than 60 megapixels or
    32,767 pixels a side, which would take gigabytes) the most that fits, when ``dpi`` is no more than the default;
    a higher ``dpi`` asked for is refused, naming the artwork, its size and the largest dpi that fits."""
    found = {}
    for stem, drawing in sorted(drawings.items()):
        w, h = drawing.width / MM_PER_INCH * dpi, drawing.height / MM_PER_INCH * dpi
        if w * h <= MAX_PREVIEW_PIXELS and max(w, h) <= MAX_PREVIEW_SIDE:
            found[stem] = dpi
            continue
        area_in = drawing.width * drawing.height / MM_PER_INCH ** 2
        fits = min(math.sqrt(MAX_PREVIEW_PIXELS / area_in), MAX_PREVIEW_SIDE * MM_PER_INCH / max(drawing.width, drawing.height))
        if dpi <= DEFAULT_PREVIEW_DPI:
            found[stem] = float(math.floor(fits))
            continue
        raise BuildError(f"print.preview_dpi: the preview of artwork/{stem}.svg ({drawing.width:.0f} x {drawing.height:.0f} mm) "
                         f"would be {math.ceil(w):,} x {math.ceil(h):,} pixels at {dpi:g} dpi; at most "
                         f"{MAX_PREVIEW_PIXELS // 1_000_000} megapixels and {MAX_PREVIEW_SIDE:,} pixels a side: "
                         f"set print.preview_dpi to {math.floor(fits):d} or less")
    return found
