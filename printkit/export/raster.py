"""Pieces as pixels: one face of a piece drawn to an exact pixel size, and images laid out on sheets.

Every export that writes images goes through here, so a card looks the same in Tabletop Simulator as
in a print-on-demand upload. Output is deterministic: the art is drawn by the PDF backend and rendered
by PDFium (like the kit's previews: the fonts the PDF embeds), Pillow lays out the sheets, and PNG
files carry no timestamps or other varying metadata.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from io import BytesIO
from typing import Any, Sequence

from PIL import Image as PILImage

from printkit.draw.shapes import Drawing, Group, Shape
from printkit.press.pieces import Piece

MM_PER_INCH = 25.4


def px(mm: float, dpi: float) -> int:
    """Millimetres as whole pixels at ``dpi``."""
    return max(1, round(mm / MM_PER_INCH * dpi))


def face(piece: Piece, side: str, bleed: float = 0.0) -> Drawing:
    """One side of a piece on its own: ``w + 2 bleed`` by ``h + 2 bleed`` mm, art clipped to that box.

    The front carries the piece's underlay (the bleed of art that stops at the cut). A piece with no
    back gets a blank white back.
    """
    art: Shape | None = piece.front if side == "front" else piece.back
    children: list[Shape] = []
    if side == "front" and piece.underlay is not None:
        children.append(piece.underlay)
    if art is not None:
        children.append(art)
    clip = (-bleed, -bleed, piece.w + 2 * bleed, piece.h + 2 * bleed)
    return Drawing(piece.w + 2 * bleed, piece.h + 2 * bleed, (Group(tuple(children), dx=bleed, dy=bleed, clip=clip),))


def render(drawing: Drawing, width_px: int, height_px: int) -> bytes:
    """The drawing stretched to exactly ``width_px`` x ``height_px`` on white (callers keep its shape), as PNG bytes."""
    import pypdfium2

    from printkit.draw.pdf import DrawingPage, pdf_bytes

    document = pypdfium2.PdfDocument(pdf_bytes([DrawingPage(drawing)], "piece"))
    try:
        page = document[0]
        image = page.render(scale=width_px / page.get_width(), fill_color=(255, 255, 255, 255)).to_pil().convert("RGB")
    finally:
        document.close()
    if image.size != (width_px, height_px):
        image = image.resize((width_px, height_px), PILImage.Resampling.LANCZOS)
    return png_bytes(image, width_px / (drawing.width / MM_PER_INCH))


def open_png(data: bytes) -> PILImage.Image:
    image = PILImage.open(BytesIO(data))
    image.load()
    return image


def png_bytes(image: PILImage.Image, dpi: float | None = None) -> bytes:
    """An image as PNG without metadata but its resolution (``dpi``, or the one the image was read with): same pixels,
    same bytes."""
    out = BytesIO()
    dpi = dpi or image.info.get("dpi", (None,))[0]
    extra = {"dpi": (dpi, dpi)} if dpi else {}
    image.save(out, format="PNG", optimize=False, compress_level=6, **extra)
    return out.getvalue()


def sheet(images: Sequence[bytes | None], cols: int, rows: int, cell_w: int, cell_h: int, mode: str = "RGB") -> bytes:
    """PNG images (each ``cell_w`` x ``cell_h``) in a ``cols`` x ``rows`` grid, row by row; None leaves a cell white."""
    background = (255, 255, 255, 0) if mode == "RGBA" else (255, 255, 255)
    canvas = PILImage.new(mode, (cols * cell_w, rows * cell_h), background)
    for index, data in enumerate(images):
        if data is None:
            continue
        r, c = divmod(index, cols)
        image = open_png(data).convert(mode)
        if image.size != (cell_w, cell_h):
            raise ValueError(f"image {index} is {image.size[0]} x {image.size[1]} px, the sheet's cells {cell_w} x {cell_h}")
        canvas.paste(image, (c * cell_w, r * cell_h))
        canvas.info.setdefault("dpi", image.info.get("dpi", (None,)))
    return png_bytes(canvas)


def fit_canvas(data: bytes, width_px: int, height_px: int) -> bytes:
    """A PNG centred on a ``width_px`` x ``height_px`` canvas: cropped where larger, its edge pixels
    repeated outward where smaller (the usual way to widen a bleed that is a little short)."""
    import numpy as np

    pixels = np.asarray(open_png(data).convert("RGB"))
    h, w = pixels.shape[:2]
    top, left = (height_px - h) // 2, (width_px - w) // 2
    if top < 0:
        pixels, top = pixels[-top:-top + height_px], 0
    if left < 0:
        pixels, left = pixels[:, -left:-left + width_px], 0
    h, w = pixels.shape[:2]
    padded = np.pad(pixels, ((top, height_px - h - top), (left, width_px - w - left), (0, 0)), mode="edge")
    return png_bytes(PILImage.fromarray(padded, "RGB"), open_png(data).info.get("dpi", (None,))[0])


def anonymous(shape: Any) -> Any:
    """A shape tree without SVG ids and classes: two copies of one card compare equal."""
    if not is_dataclass(shape):
        return shape
    changes: dict[str, Any] = {}
    for f in fields(shape):
        value = getattr(shape, f.name)
        if f.name == "id" and value is not None:
            changes["id"] = None
        elif f.name == "cls" and value:
            changes["cls"] = ()
        elif f.name == "children":
            changes["children"] = tuple(anonymous(child) for child in value)
    return replace(shape, **changes) if changes else shape


def same_art(piece: Piece) -> tuple[Any, Any, Any]:
    """What a piece looks like (front, back, underlay) regardless of its ids: equal for copies of a card."""
    return anonymous(piece.front), anonymous(piece.back), anonymous(piece.underlay)
