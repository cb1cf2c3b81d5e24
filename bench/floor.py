"""The PDF floor of the benchmark: raw reportlab drawing the same shapes as printkit's PDF stage.

:func:`flatten` turns a page's Drawing into absolute primitives in PDF points (untimed);
:func:`raw_pdf` draws them with plain reportlab calls (one colour object per colour, no shape
tree, no per-shape state saving), on a canvas set up like ``printkit.draw.pdf.pdf_bytes``, so
the ratio of the two timings is what printkit's drawing model costs over reportlab itself.
"""

from __future__ import annotations

import math
from io import BytesIO
from typing import Any

from printkit.draw import fonts
from printkit.draw.flatsvg import flat_picture
from printkit.draw.pdf import DrawingPage, colour
from printkit.draw.shapes import PT_PER_MM, Circle, Drawing, Group, Image, Line, Polygon, Rect, Shape, Text

Matrix = tuple[float, float, float, float, float, float]


def _mul(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _at(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _walk(shape: Shape, m: Matrix, ops: list[tuple[Any, ...]]) -> None:
    if isinstance(shape, Group):
        g = _mul(m, (1, 0, 0, 1, shape.dx, shape.dy))
        if shape.scale != 1:
            g = _mul(g, (shape.scale, 0, 0, shape.scale, 0, 0))
        if shape.rotate:
            r = math.radians(shape.rotate)
            g = _mul(g, (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0))
        if isinstance(shape.clip, Circle):
            x, y = _at(g, shape.clip.cx, shape.clip.cy)
            ops.append(("clip-circle", x, y, shape.clip.r * math.hypot(g[0], g[1])))
        elif isinstance(shape.clip, Polygon):
            ops.append(("clip", [_at(g, px, py) for px, py in shape.clip.points]))
        elif shape.clip is not None:
            x, y, w, h = shape.clip
            ops.append(("clip", [_at(g, px, py) for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]))
        for child in shape.children:
            _walk(child, g, ops)
        if shape.clip is not None:
            ops.append(("unclip",))
        return
    if isinstance(shape, Image):  # a flat SVG picture: its shapes drawn in place, clipped to the box
        flat = flat_picture(shape.data) if shape.kind == "svg" else None
        if flat is None:
            raise NotImplementedError("the floor draws flat SVG pictures only")
        box = ((shape.x, shape.y), (shape.x + shape.w, shape.y), (shape.x + shape.w, shape.y + shape.h), (shape.x, shape.y + shape.h))
        ops.append(("clip", [_at(m, px, py) for px, py in box]))
        g = _mul(m, (shape.w / flat.width, 0, 0, shape.h / flat.height, shape.x, shape.y))
        for child in flat.children:
            _walk(child, g, ops)
        ops.append(("unclip",))
        return
    scale = math.hypot(m[0], m[1])
    if isinstance(shape, Text):
        x, y = _at(m, shape.x, shape.y)
        ops.append(("text", x, y, math.degrees(math.atan2(-m[1], m[0])), shape.size / PT_PER_MM * scale, shape.text,
                    fonts.face(shape.bold, shape.font, shape.italic), shape.anchor, colour(shape.fill)))
        return
    st = shape.style
    paint = (colour(st.fill) if st.fill else None, colour(st.stroke) if st.stroke else None, st.width * scale,
             [d * scale for d in st.dash], st.opacity)
    if isinstance(shape, Circle):
        x, y = _at(m, shape.cx, shape.cy)
        ops.append(("circle", paint, x, y, shape.r * scale))
    elif isinstance(shape, Line):
        ops.append(("line", paint, *_at(m, shape.x1, shape.y1), *_at(m, shape.x2, shape.y2)))
    elif isinstance(shape, Rect) and not shape.rx and abs(m[1]) < 1e-9:
        x1, y1 = _at(m, shape.x, shape.y)
        x2, y2 = _at(m, shape.x + shape.w, shape.y + shape.h)
        ops.append(("rect", paint, min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1), shape.rx * scale))
    elif isinstance(shape, Rect):
        x1, y1 = _at(m, shape.x, shape.y)
        x2, y2 = _at(m, shape.x + shape.w, shape.y + shape.h)
        ops.append(("roundrect", paint, min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1), shape.rx * scale))
    elif isinstance(shape, Polygon):
        ops.append(("poly", paint, [_at(m, px, py) for px, py in shape.points], shape.closed))


def flatten(page: DrawingPage) -> tuple[float, float, list[tuple[Any, ...]]]:
    """A page's shapes as absolute primitives in points, y up (the page size in points first)."""
    d: Drawing = page.drawing
    top = (PT_PER_MM, 0.0, 0.0, -PT_PER_MM, 0.0, d.height * PT_PER_MM)
    ops: list[tuple[Any, ...]] = []
    for child in d.children:
        _walk(child, top, ops)
    return d.width * PT_PER_MM, d.height * PT_PER_MM, ops


def _paint(c: Any, paint: tuple[Any, ...]) -> tuple[int, int]:
    fill, stroke, width, dash, opacity = paint
    if fill is not None:
        c.setFillColor(fill, alpha=opacity)
    if stroke is not None:
        c.setStrokeColor(stroke, alpha=opacity)
        c.setLineWidth(width)
        c.setDash(dash)
    return int(stroke is not None), int(fill is not None)


def raw_pdf(pages: list[tuple[float, float, list[tuple[Any, ...]]]]) -> bytes:
    """The flattened pages drawn with plain reportlab calls; fonts embedded, compressed like printkit's."""
    from reportlab.pdfgen.canvas import Canvas

    fonts.register()
    out = BytesIO()
    c = Canvas(out, invariant=1, initialFontName=fonts.REGULAR, initialFontSize=10, pageCompression=1)
    for width, height, ops in pages:
        c.setPageSize((width, height))
        for op in ops:
            kind = op[0]
            if kind == "text":
                _, x, y, angle, size, text, face, anchor, fill = op
                c.setFillColor(fill)
                c.setFont(face, size)
                if angle:
                    c.saveState()
                    c.translate(x, y)
                    c.rotate(angle)
                    x = y = 0
                draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[anchor]
                draw(x, y, text)
                if angle:
                    c.restoreState()
            elif kind == "clip":
                c.saveState()
                path = c.beginPath()
                path.moveTo(*op[1][0])
                for point in op[1][1:]:
                    path.lineTo(*point)
                path.close()
                c.clipPath(path, stroke=0, fill=0)
            elif kind == "clip-circle":
                c.saveState()
                path = c.beginPath()
                path.circle(op[1], op[2], op[3])
                c.clipPath(path, stroke=0, fill=0)
            elif kind == "unclip":
                c.restoreState()
            else:
                stroke, fill = _paint(c, op[1])
                if kind == "rect":
                    c.rect(op[2], op[3], op[4], op[5], stroke=stroke, fill=fill)
                elif kind == "roundrect":
                    c.roundRect(op[2], op[3], op[4], op[5], op[6], stroke=stroke, fill=fill)
                elif kind == "circle":
                    c.circle(op[2], op[3], op[4], stroke=stroke, fill=fill)
                elif kind == "line":
                    c.line(op[2], op[3], op[4], op[5])
                else:
                    path = c.beginPath()
                    path.moveTo(*op[2][0])
                    for point in op[2][1:]:
                        path.lineTo(*point)
                    if op[3]:
                        path.close()
                    c.drawPath(path, stroke=stroke, fill=fill and op[3])
        c.showPage()
    c.save()
    return out.getvalue()


def serve() -> None:
    """Time the floor on request: each line read from stdin answers with the median seconds of three
    :func:`raw_pdf` runs over every built-in kit's component pages (made once, untimed). The benchmark runs
    this in a process of its own, so the one that starts the timed commands stays small (a child's peak
    memory counts what it was forked from)."""
    import statistics
    import sys
    import time

    from printkit.build import make_kit
    from printkit.config import load_config

    config = load_config(None, ())
    games = ("warfare", "ultimate", "sitters", "tictactwo", "tokentactics")
    flat = [flatten(sheet.page) for game in games for section in make_kit(config, game).sections for sheet in section.sheets]
    raw_pdf(flat)
    print("ready", flush=True)
    for _ in sys.stdin:
        times = []
        for _ in range(3):
            start = time.perf_counter()
            raw_pdf(flat)
            times.append(time.perf_counter() - start)
        print(statistics.median(times), flush=True)


if __name__ == "__main__":
    serve()
