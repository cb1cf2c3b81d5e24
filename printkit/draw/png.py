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
    """Rasterise SVG text (sized in mm) at ``dpi`` on a white background.

    cairo's pixels depend on the order fonts were first loaded in the process, so every process
    loads them the same way (:func:`warm_up`) before its first picture.
    """
    warm_up()
    return cairosvg.svg2png(bytestring=svg_text.encode("utf-8"), dpi=dpi, background_color="white")
