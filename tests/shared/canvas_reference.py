"""The PDF painter printkit had before its own: reportlab's canvas methods, one call per operator. Kept as the
reference the painter in printkit.draw.pdf must match byte for byte (see test_pdf_painter.py)."""

from __future__ import annotations

from typing import Any, Callable

from printkit.draw import fonts, pdf
from printkit.draw.shapes import PT_PER_MM, Circle, Group, Image, Line, Polygon, Rect, Shape, Style, Text


def _set_style(c: Any, style: Style, shape: Shape) -> tuple[bool, bool]:
    fill = style.fill is not None
    stroke = style.stroke is not None
    inks = pdf._INKS.get()
    if fill:
        c.setFillColor(inks.area(style.fill, pdf._area(shape)) if inks is not None else pdf.colour(style.fill))
        c.setFillAlpha(style.opacity)
    if stroke:
        c.setStrokeColor(pdf.colour(style.stroke))
        c.setStrokeAlpha(style.opacity)
        c.setLineWidth(style.width)
        c.setDash(list(style.dash) if style.dash else [])
    return fill, stroke


def _text(c: Any, shape: Text) -> None:
    c.saveState()
    c.translate(shape.x, shape.y)
    c.scale(1, -1)
    c.setFillColor(pdf.colour(shape.fill))
    c.setFont(fonts.face(shape.bold, shape.font, shape.italic), shape.size / PT_PER_MM)
    getattr(c, {"start": "drawString", "middle": "drawCentredString", "end": "drawRightString"}[shape.anchor])(0, 0, shape.text)
    c.restoreState()


def _trace(path: Any, points: tuple[tuple[float, float], ...], closed: bool) -> Any:
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    if closed:
        path.close()
    return path


def _group(c: Any, shape: Group) -> None:
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


def _image(c: Any, shape: Image) -> None:
    name = pdf._form(c, shape)
    c.saveState()
    c.translate(shape.x, shape.y + shape.h)
    c.scale(shape.w, -shape.h)
    c.doForm(name)
    c.restoreState()


def _rect(c: Any, shape: Rect) -> None:
    c.saveState()
    fill, stroke = _set_style(c, shape.style, shape)
    if shape.rx:
        c.roundRect(shape.x, shape.y, shape.w, shape.h, shape.rx, stroke=stroke, fill=fill)
    else:
        c.rect(shape.x, shape.y, shape.w, shape.h, stroke=stroke, fill=fill)
    c.restoreState()


def _circle(c: Any, shape: Circle) -> None:
    """reportlab's ``circle``, its path closed (an open stroke shows a seam at its start)."""
    from reportlab.pdfgen.pathobject import PDFPathObject

    c.saveState()
    fill, stroke = _set_style(c, shape.style, shape)
    x1, y1, x2, y2 = shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r
    path = PDFPathObject(code=c._code)
    path.ellipse(x1, y1, x2 - x1, y2 - y1)  # what canvas.circle passes on
    path.close()
    c._strokeAndFill(stroke, fill)
    c.restoreState()


def _line(c: Any, shape: Line) -> None:
    c.saveState()
    _set_style(c, shape.style, shape)
    c.line(shape.x1, shape.y1, shape.x2, shape.y2)
    c.restoreState()


def _polygon(c: Any, shape: Polygon) -> None:
    c.saveState()
    fill, stroke = _set_style(c, shape.style, shape)
    c.drawPath(_trace(c.beginPath(), shape.points, shape.closed), stroke=stroke, fill=fill and shape.closed)
    c.restoreState()


_PAINTERS: dict[type, Callable[[Any, Any], None]] = {
    Text: _text, Image: _image, Group: _group, Rect: _rect, Circle: _circle, Line: _line, Polygon: _polygon}


def draw_shape(c: Any, shape: Shape) -> None:
    _PAINTERS[type(shape)](c, shape)


class ReferencePainter:
    """Stands in for printkit.draw.pdf._Painter (monkeypatched): every shape through reportlab's canvas methods."""

    def __init__(self, c: Any) -> None:
        self.c = c

    def draw(self, shape: Shape) -> None:
        draw_shape(self.c, shape)
