"""Limits that keep a build within seconds and memory, checked before the work starts."""

from __future__ import annotations

import math
from typing import Mapping

from printkit.draw.shapes import Drawing
from printkit.errors import BuildError

MM_PER_INCH = 25.4
MAX_PREVIEW_PIXELS = 60_000_000
"""A PNG preview's pixels (width x height): cairo holds 4 bytes a pixel, so 60 megapixels is about 240 MB."""
MAX_PREVIEW_SIDE = 32_767
"""A PNG preview's longest side in pixels: cairo's own limit (it fails past it)."""


def check_previews(drawings: Mapping[str, Drawing], dpi: float) -> None:
    """Refuse previews that would take gigabytes: naming the artwork, its size, and the largest dpi that fits."""
    for stem, drawing in sorted(drawings.items()):
        w, h = drawing.width / MM_PER_INCH * dpi, drawing.height / MM_PER_INCH * dpi
        if w * h <= MAX_PREVIEW_PIXELS and max(w, h) <= MAX_PREVIEW_SIDE:
            continue
        area_in = drawing.width * drawing.height / MM_PER_INCH ** 2
        fits = min(math.sqrt(MAX_PREVIEW_PIXELS / area_in), MAX_PREVIEW_SIDE * MM_PER_INCH / max(drawing.width, drawing.height))
        raise BuildError(f"print.preview_dpi: the preview of artwork/{stem}.svg ({drawing.width:.0f} x {drawing.height:.0f} mm) "
                         f"would be {math.ceil(w):,} x {math.ceil(h):,} pixels at {dpi:g} dpi; at most "
                         f"{MAX_PREVIEW_PIXELS // 1_000_000} megapixels and {MAX_PREVIEW_SIDE:,} pixels a side: "
                         f"set print.preview_dpi to {math.floor(fits):d} or less")
