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
from weakref import WeakKeyDictionary

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


_PATH_OPS = {(False, False): "n", (True, False): "S", (False, True): "f*", (True, True): "B*"}
"""The paint operator after a path, by (stroke, fill): reportlab's, with its default even-odd fill rule."""
ROUND_CORNER = 0.4472
"""How far along a rounded corner's sides its Bezier control points sit, as a share of the radius (reportlab's)."""


@lru_cache(maxsize=None)
def _rgb(hex_text: str) -> tuple[str, str, float | None]:
    """A colour's fill and stroke operators in an RGB PDF, and its alpha."""
    from reportlab.lib.rl_accel import fp_str

    col = colour(hex_text)
    rgb = fp_str((col.red, col.green, col.blue))
    return f"{rgb} rg", f"{rgb} RG", getattr(col, "alpha", None)


def _cmyk(col: Any, operator: str) -> str:
    """A colour of a CMYK PDF (as :class:`~printkit.draw.cmyk.Inks` gave it) as its fill (``k``) or stroke (``K``)
    operator."""
    from reportlab.lib.colors import CMYKColor
    from reportlab.lib.rl_accel import fp_str

    if isinstance(col, CMYKColor):
        d = col.density
        return f"{fp_str(d * col.cyan, d * col.magenta, d * col.yellow, d * col.black)} {operator}"
    return f"{fp_str((col.red, col.green, col.blue))} {'rg' if operator == 'k' else 'RG'}"


@lru_cache(maxsize=4096)
def _circle_path(x1: float, y1: float, width: float, height: float) -> tuple[str, ...]:
    """An ellipse's path in the box at ``x1, y1`` (four Bezier quarters), as reportlab writes it (remembered: pieces
    drawn in their own coordinates repeat the same circles)."""
    from reportlab.lib.rl_accel import fp_str
    from reportlab.pdfgen.pdfgeom import bezierArc

    curves = bezierArc(x1, y1, x1 + width, y1 + height, 0, 360)
    return ("n", f"{fp_str(*curves[0][:2])} m", *(f"{fp_str(*curve[2:])} c" for curve in curves))


class _Painter:
    """Shapes written as PDF content operators into a reportlab canvas's current page (or form).

    The operators are the very ones reportlab's canvas methods write for the same calls (numbers through its
    ``fp_str``, consecutive ``cm`` merged, a ``/gs`` only where the transparency changes), so the PDF is the same
    byte for byte; writing them directly skips the canvas's state tracking, which costs several times the
    writing itself. Every shape is wrapped in ``q ... Q``, so the canvas's own state holds again after it.
    """

    def __init__(self, c: Canvas) -> None:
        self.c = c
        self.code: list[str] = c._code
        self.inks = _INKS.get()
        state = c._extgstate._d
        self.alpha = [state.get("ca", 1), state.get("CA", 1)]
        self.saved: list[list[Any]] = []
        self.transparency = False

    def draw(self, shape: Shape) -> None:
        _PAINT[type(shape)](self, shape)

    def _push(self) -> None:
        self.code.append("q")
        self.saved.append(self.alpha[:])

    def _pop(self) -> None:
        self.code.append("Q")
        self.alpha = self.saved.pop()

    def _cm(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        """Adjoin a transform; right after another ``cm`` the two become one (reportlab merges them, from the numbers
        it wrote)."""
        from reportlab.lib.rl_accel import fp_str

        code = self.code
        if code[-1][-3:] == " cm":
            a0, b0, c0, d0, e0, f0 = map(float, code[-1].split()[:6])
            code[-1] = f"{fp_str(a0 * a + c0 * b, b0 * a + d0 * b, a0 * c + c0 * d, b0 * c + d0 * d, a0 * e + c0 * f + e0, b0 * e + d0 * f + f0)} cm"
        else:
            code.append(f"{fp_str(a, b, c, d, e, f)} cm")

    def _set_alpha(self, index: int, value: float) -> None:
        """Fill (0) or stroke (1) opacity: a named ExtGState of the page, set where it changes."""
        if not (isinstance(value, (float, int)) and 0 <= value <= 1):
            raise ValueError(f"{'setFillAlpha' if index == 0 else 'setStrokeAlpha'} invalid value {value!r}")
        if not self.transparency:
            self.c._doc.ensureMinPdfVersion("transparency")
            self.transparency = True
        if value != self.alpha[index]:
            self.alpha[index] = value
            names = self.c._extgstate._c
            key = ("ca" if index == 0 else "CA", value)
            name = names.get(key)
            if name is None:
                name = names[key] = f"gRLs{len(names)}"
            self.code.append(f"/{name} gs")

    def _fill(self, hex_text: str, area: float = 0.0) -> None:
        inks = self.inks
        if inks is None:
            operator, _, alpha = _rgb(hex_text)
        else:
            col = inks.convert(inks.area(hex_text, area))
            operator, alpha = _cmyk(col, "k"), getattr(col, "alpha", None)
        self.code.append(operator)
        if alpha is not None:
            self._set_alpha(0, alpha)

    def _stroke(self, hex_text: str) -> None:
        inks = self.inks
        if inks is None:
            _, operator, alpha = _rgb(hex_text)
        else:
            col = inks.convert(colour(hex_text))
            operator, alpha = _cmyk(col, "K"), getattr(col, "alpha", None)
        self.code.append(operator)
        if alpha is not None:
            self._set_alpha(1, alpha)

    def _style(self, style: Style, shape: Shape) -> tuple[bool, bool]:
        """Set the style's paint; a CMYK PDF's fill of a large shape may be rich black (see ``Inks.area``)."""
        from reportlab.lib.rl_accel import fp_str

        fill = style.fill is not None
        stroke = style.stroke is not None
        opacity = style.opacity
        fill_colour, stroke_colour = style.fill, style.stroke
        if self.inks is not None and self.inks.flatten and opacity < 1:  # PDF/X-1a: the opaque mix over the paper
            fill_colour = fill_colour and self.inks.over_paper(fill_colour, opacity)
            stroke_colour = stroke_colour and self.inks.over_paper(stroke_colour, opacity)
            opacity = 1.0
        if fill:
            self._fill(fill_colour, _area(shape) if self.inks is not None else 0.0)  # type: ignore[arg-type]
            self._set_alpha(0, opacity)
        if stroke:
            self._stroke(stroke_colour)  # type: ignore[arg-type]
            self._set_alpha(1, opacity)
            self.code.append(f"{fp_str(style.width)} w")
            self.code.append(f"[{fp_str(list(style.dash))}] 0 d")
        return fill, stroke

    def group(self, shape: Group) -> None:
        self._push()
        self._cm(1, 0, 0, 1, shape.dx, shape.dy)
        if shape.scale != 1:
            self._cm(shape.scale, 0, 0, shape.scale, 0, 0)
        if shape.rotate:
            cos, sin = math.cos(shape.rotate * math.pi / 180), math.sin(shape.rotate * math.pi / 180)
            self._cm(cos, sin, -sin, cos, 0, 0)
        clip = shape.clip
        if clip is not None:
            from reportlab.lib.rl_accel import fp_str

            path: Sequence[str]
            if isinstance(clip, Circle):
                path = _circle_path(clip.cx - clip.r, clip.cy - clip.r, 2 * clip.r, 2 * clip.r)
            elif isinstance(clip, Polygon):
                path = _polyline(clip.points, closed=True)
            else:
                path = ("n", f"{fp_str(clip)} re")
            self.code.append(f"{' '.join(path)} W* n")
        for child in shape.children:
            _PAINT[type(child)](self, child)
        self._pop()

    def rect(self, shape: Rect) -> None:
        from reportlab.lib.rl_accel import fp_str

        self._push()
        fill, stroke = self._style(shape.style, shape)
        if shape.rx:
            self.code.extend(_round_rect(shape.x, shape.y, shape.w, shape.h, shape.rx))
            self.code.append(_PATH_OPS[stroke, fill])
        else:
            self.code.append(f"n {fp_str(shape.x, shape.y, shape.w, shape.h)} re {_PATH_OPS[stroke, fill]}")
        self._pop()

    def circle(self, shape: Circle) -> None:
        self._push()
        fill, stroke = self._style(shape.style, shape)
        x1, y1, x2, y2 = shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r
        self.code.extend(_circle_path(x1, y1, x2 - x1, y2 - y1))
        self.code.append("h")  # closed: an open stroke leaves a hairline seam where it starts (3 o'clock) in PDFium
        self.code.append(_PATH_OPS[stroke, fill])
        self._pop()

    def line(self, shape: Line) -> None:
        from reportlab.lib.rl_accel import fp_str

        self._push()
        self._style(shape.style, shape)
        self.code.append(f"n {fp_str(shape.x1, shape.y1)} m {fp_str(shape.x2, shape.y2)} l S")
        self._pop()

    def polygon(self, shape: Polygon) -> None:
        self._push()
        fill, stroke = self._style(shape.style, shape)
        self.code.append(" ".join(_polyline(shape.points, shape.closed)))
        self.code.append(_PATH_OPS[stroke, fill and shape.closed])
        self._pop()

    def text(self, shape: Text) -> None:

        self._push()
        self._cm(1, 0, 0, 1, shape.x, shape.y)  # moved to the baseline, then y up again: two steps, merged as reportlab
        self._cm(1, 0, 0, -1, 0, 0)  # merges them (a position of -0.0000001 writes 0, as its canvas does)
        self._fill(shape.fill)
        doc = self.c._doc
        written = _TEXTS.get(doc)
        if written is None:
            written = _TEXTS[doc] = {}
        key = (fonts.face(shape.bold, shape.font, shape.italic), shape.size, shape.anchor, shape.text)
        if key not in written:
            written[key] = _text_object(doc, *key)
        self.code.append(written[key])
        self._pop()

    def image(self, shape: Image) -> None:
        """The picture clipped to its box, as a browser clips an SVG to its viewport; each picture is stored once
        per PDF (a form XObject of the unit square, placed by every use)."""
        name = _form(self.c, shape)
        self.code = self.c._code  # a form drawn just now swapped the canvas's content list out and back
        self._push()
        self._cm(1, 0, 0, 1, shape.x, shape.y + shape.h)
        self._cm(shape.w, 0, 0, -shape.h, 0, 0)
        self.code.append(f"/{self.c._doc.getXObjectName(name)} Do")
        self.c._formsinuse.append(name)
        self._pop()


_TEXTS: WeakKeyDictionary[Any, dict[tuple[str, float, str, str], str]] = WeakKeyDictionary()
"""Per PDF, each text object written so far (by face, size, anchor, text): its characters keep the numbers they were
given, so the same text writes the same operators again (a deck repeats its labels on every card)."""


def _text_object(doc: Any, name: str, size_pt: float, anchor: str, text: str) -> str:
    """One line of text as reportlab's drawString, drawCentredString or drawRightString write it at the origin."""
    from reportlab.lib.rl_accel import escapePDF, fp_str
    from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

    size = size_pt / PT_PER_MM
    x = 0 if anchor == "start" else 0 - stringWidth(text, name, size) * _ANCHOR_SHARE[anchor]
    font = getFont(name)
    parts, current = [], -1
    for subset, chars in font.splitString(text, doc):
        if subset != current:
            parts.append(f"{font.getSubsetInternalName(subset, doc)} {fp_str(size)} Tf {fp_str(size * 1.2)} TL")
            current = subset
        parts.append(f"({escapePDF(chars)}) Tj")
    return f"BT 1 0 0 1 {fp_str(x, 0)} Tm {' '.join(parts)} T* ET"


def _polyline(points: tuple[tuple[float, float], ...], closed: bool) -> list[str]:
    """The path through ``points`` (closed back to the first when ``closed``)."""
    from reportlab.lib.rl_accel import fp_str

    path = ["n", f"{fp_str(*points[0])} m", *(f"{fp_str(*point)} l" for point in points[1:])]
    if closed:
        path.append("h")
    return path


def _round_rect(x: float, y: float, width: float, height: float, radius: float) -> list[str]:
    """A rectangle with rounded corners as reportlab writes it (corners approximately quarter circles)."""
    from reportlab.lib.rl_accel import fp_str

    t = ROUND_CORNER * radius
    xlo, xhi = min(x, x + width), max(x, x + width)
    ylo, yhi = min(y, y + height), max(y, y + height)
    return ["n", f"{fp_str(xlo + radius, ylo)} m", f"{fp_str(xhi - radius, ylo)} l",
            f"{fp_str(xhi - t, ylo, xhi, ylo + t, xhi, ylo + radius)} c", f"{fp_str(xhi, yhi - radius)} l",
            f"{fp_str(xhi, yhi - t, xhi - t, yhi, xhi - radius, yhi)} c", f"{fp_str(xlo + radius, yhi)} l",
            f"{fp_str(xlo + t, yhi, xlo, yhi - t, xlo, yhi - radius)} c", f"{fp_str(xlo, ylo + radius)} l",
            f"{fp_str(xlo, ylo + t, xlo + t, ylo, xlo + radius, ylo)} c", "h"]


_ANCHOR_SHARE = {"middle": 0.5, "end": 1}
"""How much of its width a text starts left of its anchor (reportlab's centred and right-aligned strings)."""
_PAINT: dict[type, Callable[[_Painter, Any], None]] = {
    Text: _Painter.text, Image: _Painter.image, Group: _Painter.group, Rect: _Painter.rect, Circle: _Painter.circle,
    Line: _Painter.line, Polygon: _Painter.polygon}
"""Each kind of shape's painter (shapes are exact instances of these classes)."""


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


def _opaque(picture: Any, inks: Inks) -> Any:
    """A copy of an svglib drawing whose translucent fills and strokes are the opaque mixes they make over the paper
    (PDF/X-1a allows no transparency)."""
    import copy

    from reportlab.lib.colors import Color

    picture = copy.deepcopy(picture)
    stack = [picture]
    while stack:
        node = stack.pop()
        for paint, opacity in (("fillColor", "fillOpacity"), ("strokeColor", "strokeOpacity")):
            colour = getattr(node, paint, None)
            alpha = getattr(node, opacity, None)
            if isinstance(colour, Color):
                alpha = (1.0 if alpha is None else alpha) * (1.0 if colour.alpha is None else colour.alpha)
                if alpha < 1:
                    hex_text = "#%02X%02X%02X" % tuple(round(v * 255) for v in (colour.red, colour.green, colour.blue))
                    setattr(node, paint, colour_of(inks.over_paper(hex_text, alpha)))
            if getattr(node, opacity, None) is not None:
                setattr(node, opacity, 1.0)
        stack.extend(getattr(node, "contents", ()))
    return picture


def colour_of(hex_text: str) -> Any:
    """An opaque reportlab colour for ``#RRGGBB`` (a fresh object: svglib drawings are mutable)."""
    from reportlab.lib.colors import HexColor

    return HexColor(hex_text)


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
            inks = _INKS.get()
            if inks is not None and inks.flatten:
                picture = _opaque(picture, inks)
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
    image, alpha = cmyk_image(data, inks.profile, inks.flatten)
    reader = ImageReader(image)
    reader.getRGBData()
    if alpha is not None:
        reader._dataA = ImageReader(alpha)
    return reader


def draw_shape(c: Canvas, shape: Shape) -> None:
    """Draw one shape (and its children) in the current mm, y-down coordinates."""
    _Painter(c).draw(shape)


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
    painter = _Painter(c)
    for child in d.children:
        painter.draw(child)
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
        inks.intent.write(c, inks.profile)
    if inks is not None and inks.pdfx is not None:
        inks.pdfx(c)
    for page in pages:
        if isinstance(page, DrawingPage):
            paint_drawing_page(c, page)
        else:
            c.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
            page.paint(c)
    c.save()
    return out.getvalue()
