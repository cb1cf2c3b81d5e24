"""PNG previews: the SVG rasterised by cairosvg at a modest resolution."""

from __future__ import annotations

import cairosvg


def svg_to_png(svg_text: str, dpi: float = 100.0) -> bytes:
    """Rasterise SVG text (sized in mm) at ``dpi`` on a white background."""
    return cairosvg.svg2png(bytestring=svg_text.encode("utf-8"), dpi=dpi, background_color="white")
