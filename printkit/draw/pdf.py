"""Render Drawings to PDF pages with reportlab: vector shapes and embedded TrueType text.

Drawings are in mm with y down; this module is the one border where mm become points.
Each page may carry a TrimBox and a BleedBox (mm rectangles on the page).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO
from typing import Any, Callable, Sequence, Union

from reportlab.lib.colors import HexColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from printkit.draw import fonts
from printkit.draw.shapes import PT_PER_MM, Circle, Drawing, Group, Image, Line, Polygon, Rect, Shape, Style, Text

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


def _set_style(c: Canvas, style: Style) -> tuple[bool, bool]:
    fill = style.fill is not None
    stroke = style.stroke is not None
    if fill:
        c.setFillColor(HexColor(style.fill))
        c.setFillAlpha(style.opacity)
    if stroke:
        c.setStrokeColor(HexColor(style.stroke))
        c.setStrokeAlpha(style.opacity)
        c.setLineWidth(style.width)
        c.setDash(list(style.dash) if style.dash else [])
    return fill, stroke


def _text(c: Canvas, shape: Text) -> None:
    size = shape.size / PT_PER_MM
    c.saveState()
    c.translate(shape.x, shape.y)
    c.scale(1, -1)
    c.setFillColor(HexColor(shape.fill))
    c.setFont(fonts.face(shape.bold, shape.font), size)
    draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[shape.anchor]
    draw(0, 0, shape.text)
    c.restoreState()


def _group(c: Canvas, shape: Group) -> None:
    c.saveState()
    c.translate(shape.dx, shape.dy)
    if shape.scale != 1:
        c.scale(shape.scale, shape.scale)
    if shape.rotate:
        c.rotate(shape.rotate)
    if shape.clip is not None:
        path = c.beginPath()
        path.rect(*shape.clip)
        c.clipPath(path, stroke=0, fill=0)
    for child in shape.children:
        draw_shape(c, child)
    c.restoreState()


@lru_cache(maxsize=256)
def _vector(data: bytes) -> Any:
    """An SVG as a reportlab Drawing (svglib, imported only when a kit has SVG pictures).

    Text inside the picture is set in Vera, so every font of the PDF stays embedded.
    """
    from svglib.svglib import svg2rlg

    picture = svg2rlg(BytesIO(data))
    if picture is None:
        raise ValueError("an SVG that svglib cannot read")
    picture.initialFontName = fonts.REGULAR  # renderPDF would otherwise set (unembedded) Helvetica
    stack = [picture]
    while stack:
        node = stack.pop()
        if hasattr(node, "fontName"):
            node.fontName = fonts.face("bold" in str(node.fontName).lower())
        stack.extend(getattr(node, "contents", ()))
    return picture


def vector_problem(data: bytes) -> str | None:
    """Why svglib cannot turn an SVG into a PDF drawing (None when it can): a kit checks its pictures before building."""
    try:
        _vector(data)
    except Exception as exc:  # svglib parses whatever a designer saved: any failure means "cannot read it"
        return f"an SVG the PDF writer cannot read ({type(exc).__name__}: {str(exc)[:80]})"
    return None


def _image(c: Canvas, shape: Image) -> None:
    c.saveState()
    c.translate(shape.x, shape.y + shape.h)
    if shape.kind == "svg":
        from reportlab.graphics import renderPDF

        picture = _vector(shape.data)
        c.scale(shape.w / picture.width, -shape.h / picture.height)
        renderPDF.draw(picture, c, 0, 0)
    else:
        c.scale(1, -1)
        c.drawImage(ImageReader(BytesIO(shape.data)), 0, 0, shape.w, shape.h, mask="auto")
    c.restoreState()


def draw_shape(c: Canvas, shape: Shape) -> None:
    """Draw one shape (and its children) in the current mm, y-down coordinates."""
    if isinstance(shape, Text):
        _text(c, shape)
    elif isinstance(shape, Image):
        _image(c, shape)
    elif isinstance(shape, Group):
        _group(c, shape)
    else:
        c.saveState()
        fill, stroke = _set_style(c, shape.style)
        if isinstance(shape, Rect):
            if shape.rx:
                c.roundRect(shape.x, shape.y, shape.w, shape.h, shape.rx, stroke=stroke, fill=fill)
            else:
                c.rect(shape.x, shape.y, shape.w, shape.h, stroke=stroke, fill=fill)
        elif isinstance(shape, Circle):
            c.circle(shape.cx, shape.cy, shape.r, stroke=stroke, fill=fill)
        elif isinstance(shape, Line):
            c.line(shape.x1, shape.y1, shape.x2, shape.y2)
        elif isinstance(shape, Polygon):
            path = c.beginPath()
            path.moveTo(*shape.points[0])
            for point in shape.points[1:]:
                path.lineTo(*point)
            if shape.closed:
                path.close()
            c.drawPath(path, stroke=stroke, fill=fill and shape.closed)
        c.restoreState()


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


def pdf_bytes(pages: Sequence[Page], title: str) -> bytes:
    """A PDF of the pages: deterministic (invariant mode), every font embedded."""
    fonts.register()
    out = BytesIO()
    c = Canvas(out, invariant=1, initialFontName=fonts.REGULAR, initialFontSize=10, pageCompression=1)
    c.setTitle(title)
    c.setAuthor("printkit")
    c.setCreator("printkit")
    c.setProducer("printkit (reportlab)")
    for page in pages:
        if isinstance(page, DrawingPage):
            paint_drawing_page(c, page)
        else:
            c.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
            page.paint(c)
    c.save()
    return out.getvalue()
