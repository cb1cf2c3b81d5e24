"""PNG pictures of drawings: a drawing's PDF rendered by PDFium (the kit's previews), or SVG text
rasterised by cairosvg (the tests' look at the SVG files themselves)."""

from __future__ import annotations

import io
from functools import lru_cache

from printkit.draw.fonts import SVG_FAMILY

PNG_LEVEL = 3
"""zlib's level for previews: on the kits' artwork level 3 is both faster than PIL's default (6) and
smaller (the pixels are the same at any level)."""


def pdf_to_png(pdf: bytes, dpi: float = 100.0) -> bytes:
    """The first page of a PDF as a PNG at ``dpi`` on white (PDFium: the exact fonts the PDF embeds).

    Deterministic: the same PDF gives the same bytes (no timestamp or metadata in the PNG).
    """
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=dpi / 72, fill_color=(255, 255, 255, 255)).to_pil()
    finally:
        document.close()
    if image.mode != "RGB":
        image = image.convert("RGB")
    out = io.BytesIO()
    image.save(out, "PNG", optimize=False, compress_level=PNG_LEVEL)
    return out.getvalue()


def warm_pdfium() -> None:
    """Import PDFium and PIL's PNG writer and render a blank page, so a preview worker started early has
    paid for its first preview's set-up before the first job arrives."""
    import pypdfium2
    from PIL import PngImagePlugin  # noqa: F401

    document = pypdfium2.PdfDocument.new()
    try:
        image = document.new_page(10, 10).render(fill_color=(255, 255, 255, 255)).to_pil().convert("RGB")
    finally:
        document.close()
    image.save(io.BytesIO(), "PNG", optimize=False, compress_level=PNG_LEVEL)


@lru_cache(maxsize=None)
def warm_up() -> None:
    """Load cairo's fonts once (fontconfig costs ~50 ms), so worker processes forked later inherit them."""
    texts = "".join(
        f'<text x="0" y="3" font-family="{SVG_FAMILY}" font-size="3"{weight}>A</text>'
        for weight in ("", ' font-weight="bold"')
    )
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="4mm" height="4mm" viewBox="0 0 4 4">{texts}</svg>'
    import cairosvg

    cairosvg.svg2png(bytestring=svg.encode("utf-8"))


def svg_to_png(svg_text: str, dpi: float = 100.0) -> bytes:
    """Rasterise SVG text (sized in mm) at ``dpi`` on a white background.

    cairo's pixels depend on the order fonts were first loaded in the process, so every process
    loads them the same way (:func:`warm_up`) before its first picture.
    """
    import cairosvg

    warm_up()
    return cairosvg.svg2png(bytestring=svg_text.encode("utf-8"), dpi=dpi, background_color="white")


def svg_icon_png(data: bytes, height_px: int) -> bytes:
    """An SVG picture as a PNG ``height_px`` tall, its shape kept, transparent around it (an icon in a line of text)."""
    import cairosvg

    warm_up()
    return cairosvg.svg2png(bytestring=data, output_height=max(1, height_px))
