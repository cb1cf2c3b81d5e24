"""PNG previews: the SVG rasterised by cairosvg at a modest resolution."""

from __future__ import annotations

from functools import lru_cache

import cairosvg

from printkit.draw.fonts import SVG_FAMILY


@lru_cache(maxsize=None)
def warm_up() -> None:
    """Load cairo's fonts once (fontconfig costs ~50 ms), so worker processes forked later inherit them."""
    texts = "".join(
        f'<text x="0" y="3" font-family="{SVG_FAMILY}" font-size="3"{weight}>A</text>'
        for weight in ("", ' font-weight="bold"')
    )
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="4mm" height="4mm" viewBox="0 0 4 4">{texts}</svg>'
    cairosvg.svg2png(bytestring=svg.encode("utf-8"))


def svg_to_png(svg_text: str, dpi: float = 100.0) -> bytes:
    """Rasterise SVG text (sized in mm) at ``dpi`` on a white background."""
    return cairosvg.svg2png(bytestring=svg_text.encode("utf-8"), dpi=dpi, background_color="white")


def raster_problem(data: bytes) -> str | None:
    """Why cairosvg cannot draw an SVG picture (None when it can), tried on a 16-pixel image: a kit checks
    its pictures before the preview workers meet them."""
    try:
        cairosvg.svg2png(bytestring=data, output_width=16, output_height=16)
    except Exception as exc:  # cairosvg parses whatever a designer saved: any failure means "cannot draw it"
        return f"an SVG the PNG previews cannot draw ({type(exc).__name__}: {str(exc)[:80]})"
    return None
