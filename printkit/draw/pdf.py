"""Render Drawings to PDF pages with reportlab: vector shapes and embedded TrueType text.

Drawings are in mm with y down; this module is the one border where mm become points.
Each page may carry a TrimBox and a BleedBox (mm rectangles on the page).
"""

from __future__ import annotations

import hashlib
import math
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO
from typing import TYPE_CHECKING, Any, Callable, Sequence, Union

from printkit.draw import fonts
from printkit.draw.shapes import PT_PER_MM, Circle, Drawing, Group, Image, Line, Polygon, Rect, Shape, Style, Text

if TYPE_CHECKING:
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

    from printkit.draw.cmyk import Inks

Box = tuple[float, float, float, float]
"""x, y, width, height in mm, y measured down from the top of the page."""


@dataclass(frozen=True)
class DrawingPage:
    """One page showing a Drawing of the page's size, with optional trim and bleed boxes."""

    drawing: Drawing
    trim: Box | None = None
    bleed: Box | None = None


@dataclass(frozen=True)
class CanvasPages:
    """Pages painted by a callback (flowing text): ``paint(canvas)`` ends each page itself."""

    width: float
    height: float
    paint: Callable[[Canvas], None]


Page = Union[DrawingPage, CanvasPages]

_INKS: ContextVar[Inks | None] = ContextVar("printkit_inks", default=None)
"""The CMYK converter of the PDF being written (None: RGB, the kit's own colours)."""

@lru_cache(maxsize=None)
def colour(hex_text: str) -> Any:
    """A reportlab colour for ``#RRGGBB`` text (parsed once; reportlab imported on first use)."""
    from reportlab.lib.colors import HexColor

    return HexColor(hex_text)

def _area(shape: Shape) -> float:
    """A filled shape's area in its own mm (for rich black on large areas)."""
    if isinstance(shape, Rect):
        return shape.w * shape.h
    if isinstance(shape, Circle):
        return math.pi * shape.r ** 2
    if isinstance(shape, Polygon) and len(shape.points) > 2:
        pts = shape.points
        return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]))) / 2
    return 0.0


def _set_style(c: Canvas, style: Style, shape: Shape | None = None) -> tuple[bool, bool]:
    """Set the style's paint; a CMYK PDF's fill of a large ``shape`` may be rich black (see ``Inks.area``)."""
    fill = style.fill is not None
    stroke = style.stroke is not None
    inks = _INKS.get()
    if fill:
        c.setFillColor(inks.area(style.fill, _area(shape) if shape is not None else 0.0) if inks is not None
                       else colour(style.fill))
        c.setFillAlpha(style.opacity)
    if stroke:
        c.setStrokeColor(colour(style.stroke))
        c.setStrokeAlpha(style.opacity)
        c.setLineWidth(style.width)
        c.setDash(list(style.dash) if style.dash else [])
    return fill, stroke


_DRAW_TEXT = {"start": "drawString", "middle": "drawCentredString", "end": "drawRightString"}


def _text(c: Canvas, shape: Text) -> None:
    c.saveState()
    c.translate(shape.x, shape.y)
    c.scale(1, -1)
    c.setFillColor(colour(shape.fill))
    c.setFont(fonts.face(shape.bold, shape.font, shape.italic), shape.size / PT_PER_MM)
    getattr(c, _DRAW_TEXT[shape.anchor])(0, 0, shape.text)
    c.restoreState()


def _trace(path: Any, points: tuple[tuple[float, float], ...], closed: bool) -> Any:
    """The path through ``points`` (closed back to the first when ``closed``)."""
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    if closed:
        path.close()
    return path


def _group(c: Canvas, shape: Group) -> None:
    c.saveState()
    c.translate(shape.dx, shape.dy)
    if shape.scale != 1:
        c.scale(shape.scale, shape.scale)
    if shape.rotate:
        c.rotate(shape.rotate)
    if shape.clip is not None:
        path = c.beginPath()
        if isinstance(shape.clip, Circle):
            path.circle(shape.clip.cx, shape.clip.cy, shape.clip.r)
        elif isinstance(shape.clip, Polygon):
            _trace(path, shape.clip.points, closed=True)
        else:
            path.rect(*shape.clip)
        c.clipPath(path, stroke=0, fill=0)
    for child in shape.children:
        draw_shape(c, child)
    c.restoreState()


class _VeraFonts:
    """svglib's font lookup answered without fontconfig: every family is Vera (bold where asked).

    The picture's text is set in Vera anyway (see :func:`_vector`); asking fontconfig for each
    family costs half a second per process.
    """

    def find_font(self, font_name: str, weight: str = "normal", style: str = "normal") -> tuple[str, bool]:
        w = str(weight).lower()
        return fonts.face(w in ("bold", "bolder") or (w.isdigit() and int(w) >= 600)), True


@lru_cache(maxsize=256)
def _vector(data: bytes) -> Any:
    """An SVG as a reportlab Drawing (svglib, imported only when a kit has SVG pictures).

    Text inside the picture is set in Vera, so every font of the PDF stays embedded.
    """
    from svglib.svglib import svg2rlg

    from printkit.draw.svgprep import fold_opacity

    fonts.register()
    picture = svg2rlg(BytesIO(fold_opacity(data)), font_map=_VeraFonts())
    if picture is None:
        raise ValueError("an SVG that svglib cannot read")
    picture.initialFontName = fonts.REGULAR  # renderPDF would otherwise set (unembedded) Helvetica
    stack = [picture]
    while stack:
        node = stack.pop()
        if hasattr(node, "fontName"):
            name = str(node.fontName)
            node.fontName = fonts.face(name == fonts.BOLD or "bold" in name.lower())
        stack.extend(getattr(node, "contents", ()))
    return picture


def vector_problem(data: bytes) -> str | None:
    """Why svglib cannot turn an SVG into a PDF drawing (None when it can, or when the picture is flat
    and printkit draws it itself): a kit checks its pictures before building."""
    from printkit.draw.flatsvg import flat_picture

    if flat_picture(data) is not None:
        return None
    try:
        _vector(data)
    except Exception as exc:  # svglib parses whatever a designer saved: any failure means "cannot read it"
        return f"an SVG the PDF writer cannot read ({type(exc).__name__}: {str(exc)[:80]})"
    return None


def _image(c: Canvas, shape: Image) -> None:
    """The picture clipped to its box, as a browser clips an SVG to its viewport; each picture is stored once
    per PDF (a form XObject of the unit square, placed by every use)."""
    name = _form(c, shape)
    c.saveState()
    c.translate(shape.x, shape.y + shape.h)
    c.scale(shape.w, -shape.h)
    c.doForm(name)
    c.restoreState()


def _form(c: Canvas, shape: Image) -> str:
    """The name of the picture's form in this PDF, drawn into it on first use (its BBox, the unit square, clips)."""
    name = f"picture-{shape.kind}-{hashlib.sha1(shape.data).hexdigest()[:20]}"
    if c.hasForm(name):
        return name
    c.beginForm(name, 0, 0, 1, 1)
    if shape.kind == "svg":
        from printkit.draw.flatsvg import flat_picture

        flat = flat_picture(shape.data)
        if flat is not None:  # drawn by printkit's painter, y down in the picture's viewBox units
            c.scale(1 / flat.width, 1 / flat.height)
            c.translate(0, flat.height)
            c.scale(1, -1)
            for child in flat.children:
                draw_shape(c, child)
        else:
            from reportlab.graphics import renderPDF

            picture = _vector(shape.data)
            c.scale(1 / picture.width, 1 / picture.height)
            renderPDF.draw(picture, c, 0, 0)
    else:
        c.drawImage(_picture(shape.data), 0, 0, 1, 1, mask="auto")
    _end_form(c)
    return name


def _end_form(c: Canvas) -> None:
    """End the form with the resources its drawing used, as a page lists them.

    reportlab's own forms list fonts and pictures only: transparency (ExtGState), gradients
    (shadings) and colour spaces would be lost, so a translucent shape would print solid.
    """
    from reportlab.pdfbase.pdfdoc import PDFResourceDictionary

    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if c._formsinuse:
        resources.XObject = c._doc.xobjDict(c._formsinuse)
    state = c._extgstate.getState()
    if state:
        resources.ExtGState = state
    resources.setShading(c._shadingUsed)
    resources.setColorSpace(c._colorsUsed)
    c.endForm(Resources=resources)


def _picture(data: bytes) -> ImageReader:
    """A PNG for reportlab; in a CMYK PDF its pixels converted to CMYK, its transparency kept as a soft mask."""
    from reportlab.lib.utils import ImageReader

    from printkit.draw.cmyk import cmyk_image

    inks = _INKS.get()
    if inks is None:
        return ImageReader(BytesIO(data))
    image, alpha = cmyk_image(data)
    reader = ImageReader(image)
    reader.getRGBData()
    if alpha is not None:
        reader._dataA = ImageReader(alpha)
    return reader


def _rect(c: Canvas, shape: Rect) -> None:
    c.saveState()
    fill, stroke = _set_style(c, shape.style, shape)
    if shape.rx:
        c.roundRect(shape.x, shape.y, shape.w, shape.h, shape.rx, stroke=stroke, fill=fill)
    else:
        c.rect(shape.x, shape.y, shape.w, shape.h, stroke=stroke, fill=fill)
    c.restoreState()


def _circle(c: Canvas, shape: Circle) -> None:
    c.saveState()
    fill, stroke = _set_style(c, shape.style, shape)
    c.circle(shape.cx, shape.cy, shape.r, stroke=stroke, fill=fill)
    c.restoreState()


def _line(c: Canvas, shape: Line) -> None:
    c.saveState()
    _set_style(c, shape.style, shape)
    c.line(shape.x1, shape.y1, shape.x2, shape.y2)
    c.restoreState()


def _polygon(c: Canvas, shape: Polygon) -> None:
    c.saveState()
    fill, stroke = _set_style(c, shape.style, shape)
    c.drawPath(_trace(c.beginPath(), shape.points, shape.closed), stroke=stroke, fill=fill and shape.closed)
    c.restoreState()


_PAINTERS: dict[type, Callable[[Any, Any], None]] = {
    Text: _text, Image: _image, Group: _group, Rect: _rect, Circle: _circle, Line: _line, Polygon: _polygon}
"""Each kind of shape's painter (shapes are exact instances of these classes)."""


def draw_shape(c: Canvas, shape: Shape) -> None:
    """Draw one shape (and its children) in the current mm, y-down coordinates."""
    _PAINTERS[type(shape)](c, shape)


def _pt_box(box: Box, page_height: float) -> tuple[float, float, float, float]:
    x, y, w, h = box
    return (x * PT_PER_MM, (page_height - y - h) * PT_PER_MM, (x + w) * PT_PER_MM, (page_height - y) * PT_PER_MM)


def paint_drawing_page(c: Canvas, page: DrawingPage) -> None:
    """Paint one Drawing page and end it."""
    d = page.drawing
    c.setPageSize((d.width * PT_PER_MM, d.height * PT_PER_MM))
    full = (0.0, 0.0, d.width, d.height)
    c.setTrimBox(_pt_box(page.trim or full, d.height))
    c.setBleedBox(_pt_box(page.bleed or page.trim or full, d.height))
    c.saveState()
    c.translate(0, d.height * PT_PER_MM)
    c.scale(PT_PER_MM, -PT_PER_MM)
    for child in d.children:
        draw_shape(c, child)
    c.restoreState()
    c.showPage()


def pdf_bytes(pages: Sequence[Page], title: str, inks: Inks | None = None, compress: bool = True) -> bytes:
    """A PDF of the pages: deterministic (invariant mode), every font embedded.

    With ``inks`` every colour (shapes, text, rule-sheet flowables, SVG pictures) is written as
    DeviceCMYK through ``inks.convert`` and PNG pictures are converted to CMYK images. ``compress=False``
    leaves the pages' content streams uncompressed (a PDF that is only rendered, never kept: a preview's).
    """
    fonts.register()
    out = BytesIO()
    token = _INKS.set(inks)
    try:
        return _write(pages, title, inks, out, compress)
    finally:
        _INKS.reset(token)


def _write(pages: Sequence[Page], title: str, inks: Inks | None, out: BytesIO, compress: bool) -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(out, invariant=1, initialFontName=fonts.REGULAR, initialFontSize=10, pageCompression=int(compress),
               enforceColorSpace=inks.convert if inks is not None else None)
    c.setTitle(title)
    c.setAuthor("printkit")
    c.setCreator("printkit")
    c.setProducer("printkit (reportlab)")
    if inks is not None and inks.intent is not None:
        inks.intent.write(c)
    for page in pages:
        if isinstance(page, DrawingPage):
            paint_drawing_page(c, page)
        else:
            c.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
            page.paint(c)
    c.save()
    return out.getvalue()
