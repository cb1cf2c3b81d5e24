"""Pictures from files: what kind they are, their natural size, and a box that keeps their shape."""

from __future__ import annotations

import base64
import io
import math
import re
import struct
import xml.etree.ElementTree as ET
from functools import lru_cache

from printkit.draw.shapes import Image

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_PNG_PIXELS = 50_000_000
"""The largest PNG a kit takes (width x height): decoding one costs 4 bytes a pixel in every renderer."""
MAX_PICTURE_BYTES = 50 * 1024 * 1024
"""The largest picture file read (SVG or PNG)."""
_UNITS_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72, "pc": 25.4 / 6, "px": 25.4 / 96, "": 25.4 / 96}


class NotAnImage(ValueError):
    """Bytes that are neither a PNG nor an SVG document (the message says what was found)."""


class ImageTooLarge(ValueError):
    """A picture whose decoding would take more memory than a kit may use (the message names the limit)."""


def kind_of(data: bytes) -> str:
    """"png" or "svg" by content (not by file name); anything else is NotAnImage."""
    if data.startswith(PNG_SIGNATURE):
        return "png"
    head = data[:2048].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"<") and b"<svg" in data[:4096]:
        return "svg"
    raise NotAnImage("not a PNG or SVG image")


def length_mm(text: str | None) -> float | None:
    """An SVG length (a number with mm, cm, in, pt, pc, px or no unit) in mm; None when it is none."""
    match = re.fullmatch(r"\s*([0-9.]+)\s*(mm|cm|in|pt|pc|px|)\s*", text or "")
    if not match:
        return None
    try:
        return float(match.group(1)) * _UNITS_MM[match.group(2)]
    except ValueError:
        return None


def svg_size(data: bytes) -> tuple[float, float]:
    """The SVG's width and height (mm, or viewBox units: only the ratio matters)."""
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise NotAnImage(f"not a valid SVG document ({exc})") from None
    if not root.tag.endswith("svg"):
        raise NotAnImage("not an SVG document")
    w, h = length_mm(root.get("width")), length_mm(root.get("height"))
    box = (root.get("viewBox") or "").replace(",", " ").split()
    if (w is None or h is None) and len(box) == 4:
        try:
            w, h = float(box[2]), float(box[3])
        except ValueError:
            pass
    if not w or not h or w <= 0 or h <= 0:
        raise NotAnImage("an SVG without a size (width/height or viewBox)")
    return w, h


def png_size(data: bytes) -> tuple[float, float]:
    """A PNG's pixel width and height, read from its header."""
    if len(data) < 24 or data[12:16] != b"IHDR":
        raise NotAnImage("a damaged PNG file")
    w, h = struct.unpack(">II", data[16:24])
    if w == 0 or h == 0:
        raise NotAnImage("a PNG of no pixels")
    if w * h > MAX_PNG_PIXELS:
        raise ImageTooLarge(f"a PNG of {w} x {h} pixels: at most {MAX_PNG_PIXELS // 1_000_000} megapixels "
                            "(scale it down; 300 dpi is plenty for print)")
    return float(w), float(h)


@lru_cache(maxsize=32)  # few: it keeps the pictures' bytes alive (printkit watch runs for hours)
def natural_size(data: bytes) -> tuple[str, float, float]:
    """Kind and natural width and height of image bytes (NotAnImage if they are none); a picture placed
    on every card is measured once."""
    kind = kind_of(data)
    w, h = svg_size(data) if kind == "svg" else png_size(data)
    return kind, w, h


def contain(data: bytes, x: float, y: float, w: float, h: float, halign: str = "center", valign: str = "middle",
            stretch: bool = False, **ident: object) -> Image:
    """The image scaled to fit the box whole, keeping its shape, aligned in the box (or ``stretch``-ed)."""
    kind, nw, nh = natural_size(data)
    if stretch:
        return Image(x, y, w, h, data, kind, **ident)  # type: ignore[arg-type]
    scale = min(w / nw, h / nh)
    iw, ih = nw * scale, nh * scale
    ix = x + {"left": 0.0, "center": (w - iw) / 2, "right": w - iw}[halign]
    iy = y + {"top": 0.0, "middle": (h - ih) / 2, "bottom": h - ih}[valign]
    return Image(ix, iy, iw, ih, data, kind, **ident)  # type: ignore[arg-type]


def data_uri(image: Image) -> str:
    mime = "image/svg+xml" if image.kind == "svg" else "image/png"
    return f"data:{mime};base64,{base64.b64encode(image.data).decode('ascii')}"


PRINT_DPI = 300
"""The resolution a PNG is kept at for print: more pixels than its box needs at this dpi are resampled away."""
SLACK = 1.25
"""A PNG is resampled only when it has this many times the pixels its box needs (a side), so near-fits stay untouched."""


MIN_PPI = 200.0
"""Raster art printed at fewer pixels per inch than this looks soft or blocky: verify warns."""


def printed_ppi(image: Image) -> tuple[float, tuple[int, int]]:
    """The pixels per inch a PNG picture prints at in its box (the lower of the two directions), and its pixels."""
    w, h = png_size(image.data)
    return min(w / (image.w / 25.4), h / (image.h / 25.4)), (round(w), round(h))


def print_pixels(w_mm: float, h_mm: float, dpi: float = PRINT_DPI) -> tuple[int, int]:
    """The pixels a ``w`` x ``h`` mm box needs at ``dpi`` (at least one each way)."""
    return max(1, math.ceil(w_mm / 25.4 * dpi - 1e-9)), max(1, math.ceil(h_mm / 25.4 * dpi - 1e-9))


def downscaled(data: bytes, w_mm: float, h_mm: float, dpi: float = PRINT_DPI) -> bytes | None:
    """The PNG resampled to what a ``w`` x ``h`` mm box needs at ``dpi``, or None when it has no more than that.

    Deterministic (the same bytes in, the same bytes out); transparency is kept.
    """
    nw, nh = png_size(data)
    pw, ph = print_pixels(w_mm, h_mm, dpi)
    if nw <= pw * SLACK and nh <= ph * SLACK:
        return None
    try:
        return _resampled(data, min(pw, int(nw)), min(ph, int(nh)))
    except (OSError, ValueError):  # a PNG Pillow cannot decode or convert (a rare 16-bit mode): printed as it is
        return None


@lru_cache(maxsize=16)
def _resampled(data: bytes, w: int, h: int) -> bytes:
    from PIL import Image as PILImage

    with PILImage.open(io.BytesIO(data)) as picture:
        see_through = "transparency" in picture.info or picture.mode == "PA"
        mode = picture.mode if picture.mode in ("RGB", "RGBA", "L", "LA") else ("RGBA" if see_through else "RGB")
        small = picture.convert(mode).resize((w, h), PILImage.Resampling.LANCZOS, reducing_gap=3.0)
    out = io.BytesIO()
    small.save(out, "PNG", optimize=False, compress_level=6)
    return out.getvalue()
