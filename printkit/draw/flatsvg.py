"""Flat SVG pictures read into printkit's own shapes, so the PDF draws them without svglib.

svglib draws through reportlab.graphics, whose import brings reportlab's platypus: together about
0.1 s per process, more than the whole PDF of a small deck. A picture made only of flat shapes —
``rect``, ``circle``, ``line``, ``polygon``, ``polyline`` without fill, one-line ``text`` and ``g``
with translate/scale/rotate, painted with ``#rgb``/``#rrggbb`` colours, stroke width, dashes and
opacity — is read here with the standard library's XML parser and drawn by printkit's painter, as
svglib would draw it (text in Vera, bold where asked, like svglib's picture text). Anything else
(paths, CSS, gradients, units, ``use``, line joins, ...) makes :func:`flat_picture` return None, and
the picture goes through svglib as before.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from functools import lru_cache

from printkit.draw.shapes import PT_PER_MM, Circle, Drawing, Group, Line, Polygon, Rect, Shape, Style, Text

SVG = "{http://www.w3.org/2000/svg}"
INHERITED = {"fill", "stroke", "stroke-width", "stroke-dasharray", "font-family", "font-size", "font-weight", "text-anchor"}
"""Presentation attributes a shape takes from its groups (``opacity`` is not inherited: a group's is refused)."""
OWN = {"rect": {"x", "y", "width", "height", "rx", "ry"}, "circle": {"cx", "cy", "r"}, "line": {"x1", "y1", "x2", "y2"},
       "polygon": {"points"}, "polyline": {"points"}, "text": {"x", "y"}, "g": {"transform"}}
"""The geometry each element may carry (beside ``id``, ``class`` and the presentation attributes)."""
SKIPPED = {"title", "desc", "metadata"}
NAMED = {"black": "#000000", "white": "#FFFFFF"}
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_TRANSFORM = re.compile(r"\s*(translate|scale|rotate)\s*\(([^)]*)\)\s*")


class NotFlat(ValueError):
    """The picture uses something outside the flat subset (svglib draws it)."""


def _number(text: str | None, default: float | None = None) -> float:
    if text is None:
        if default is None:
            raise NotFlat("a required number is missing")
        return default
    if not _NUMBER.fullmatch(text.strip()):
        raise NotFlat(f"not a plain number: {text!r}")
    value = float(text)
    if not math.isfinite(value):
        raise NotFlat("not a finite number")
    return value


def _colour(text: str) -> str | None:
    text = text.strip()
    if text == "none":
        return None
    if text in NAMED:
        return NAMED[text]
    if re.fullmatch(r"#[0-9A-Fa-f]{6}", text):
        return text.upper()
    if re.fullmatch(r"#[0-9A-Fa-f]{3}", text):
        return "#" + "".join(c * 2 for c in text[1:]).upper()
    raise NotFlat(f"a colour svglib reads: {text!r}")


def _style(paint: dict[str, str], opacity: str | None) -> Style:
    stroke = _colour(paint.get("stroke", "none"))
    dash = tuple(_number(d) for d in re.split(r"[\s,]+", paint["stroke-dasharray"].strip())) if "stroke-dasharray" in paint else ()
    if dash and (len(dash) % 2 or any(d < 0 for d in dash)):
        raise NotFlat("a dash pattern of odd length")
    alpha = _number(opacity, 1.0)
    if not 0 <= alpha <= 1:
        raise NotFlat("an opacity outside 0..1")
    width = _number(paint.get("stroke-width"), 1.0)
    if width < 0:
        raise NotFlat("a negative stroke width")
    return Style(fill=_colour(paint.get("fill", "#000000")), stroke=stroke if width else None, width=width,
                 dash=dash if dash and any(dash) else (), opacity=alpha)


def _points(text: str) -> tuple[tuple[float, float], ...]:
    values = [_number(v) for v in re.split(r"[\s,]+", text.strip()) if v]
    if len(values) < 4 or len(values) % 2:
        raise NotFlat("a point list svglib reads")
    return tuple(zip(values[0::2], values[1::2]))


def _cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _simple(points: tuple[tuple[float, float], ...]) -> bool:
    """Whether the closed outline never crosses or touches itself: then printkit's even-odd fill is SVG's
    nonzero fill (a pentagram is not simple: svglib fills its centre, even-odd would not)."""
    if len(points) > 64:
        return False
    edges = list(zip(points, points[1:] + points[:1]))
    for i, (a, b) in enumerate(edges):
        for j in range(i + 1, len(edges)):
            if j == i + 1 or (i == 0 and j == len(edges) - 1):
                continue  # neighbours share a corner
            c, d = edges[j]
            if _cross(a, b, c) * _cross(a, b, d) <= 0 and _cross(c, d, a) * _cross(c, d, b) <= 0:
                return False
    return True


def _transform(text: str) -> dict[str, float]:
    """``translate(dx[,dy]) scale(s) rotate(a)``, in that order, each at most once: a printkit Group's moves."""
    moves: dict[str, float] = {}
    order = ("translate", "scale", "rotate")
    pos, last = 0, -1
    while pos < len(text):
        match = _TRANSFORM.match(text, pos)
        if match is None:
            raise NotFlat(f"a transform svglib reads: {text!r}")
        kind, args = match.group(1), [_number(a) for a in re.split(r"[\s,]+", match.group(2).strip()) if a]
        if order.index(kind) <= last:
            raise NotFlat("transforms in another order")
        last = order.index(kind)
        if kind == "translate" and len(args) in (1, 2):
            moves["dx"], moves["dy"] = args[0], args[1] if len(args) == 2 else 0.0
        elif kind == "scale" and (len(args) == 1 or len(args) == 2 and args[0] == args[1]) and args[0] > 0:
            moves["scale"] = args[0]
        elif kind == "rotate" and len(args) == 1:
            moves["rotate"] = args[0]
        else:
            raise NotFlat(f"a transform svglib reads: {text!r}")
        pos = match.end()
    return moves


def _tag(element: ET.Element) -> str:
    tag = element.tag if isinstance(element.tag, str) else ""
    if tag.startswith(SVG):
        return tag[len(SVG):]
    if tag.startswith("{"):
        raise NotFlat(f"an element of another namespace: {tag}")
    return tag


def _children(parent: ET.Element, paint: dict[str, str]) -> list[Shape]:
    shapes: list[Shape] = []
    for element in parent:
        tag = _tag(element)
        if tag in SKIPPED or (tag == "defs" and len(element) == 0 and not (element.text or "").strip()):
            continue  # an empty <defs/> (as svgwrite and some editors write) defines nothing
        if tag not in OWN:
            raise NotFlat(f"a <{tag}> element")
        allowed = OWN[tag] | INHERITED | {"id", "class", "opacity"}
        if any(name not in allowed for name in element.attrib):
            raise NotFlat(f"<{tag}> attributes outside the flat subset")
        own = {**paint, **{k: v for k, v in element.attrib.items() if k in INHERITED}}
        shape = _shape(tag, element, own)
        if shape is not None:
            shapes.append(shape)
    return shapes


def _shape(tag: str, e: ET.Element, paint: dict[str, str]) -> Shape | None:
    a = e.attrib
    if tag == "g":
        if "opacity" in a:
            raise NotFlat("a group's opacity")
        return Group(tuple(_children(e, paint)), **_transform(a.get("transform", "")))  # type: ignore[arg-type]
    if len(e):
        raise NotFlat(f"<{tag}> with children")
    style = _style(paint, a.get("opacity"))
    if tag == "rect":
        rx = a.get("rx", a.get("ry"))
        if a.get("ry", rx) != rx:
            raise NotFlat("a rectangle with two corner radii")
        w, h = _number(a.get("width")), _number(a.get("height"))
        if w <= 0 or h <= 0 or _number(rx, 0.0) < 0:
            raise NotFlat("a rectangle of no area or a negative radius")
        return Rect(_number(a.get("x"), 0.0), _number(a.get("y"), 0.0), w, h, style, rx=min(_number(rx, 0.0), w / 2, h / 2))
    if tag == "circle":
        if _number(a.get("r")) <= 0:
            raise NotFlat("a circle of no area")
        return Circle(_number(a.get("cx"), 0.0), _number(a.get("cy"), 0.0), _number(a.get("r")), style)
    if tag == "line":
        if style.stroke is None:
            return None
        return Line(_number(a.get("x1"), 0.0), _number(a.get("y1"), 0.0), _number(a.get("x2"), 0.0), _number(a.get("y2"), 0.0),
                    Style(stroke=style.stroke, width=style.width, dash=style.dash, opacity=style.opacity))
    if tag in ("polygon", "polyline"):
        if tag == "polyline" and style.fill is not None:
            raise NotFlat("a filled polyline")
        points = _points(a.get("points", ""))
        if tag == "polygon" and style.fill is not None and not _simple(points):
            raise NotFlat("a filled outline that crosses itself")
        return Polygon(points, style, closed=tag == "polygon")
    return _text(e, paint, style)


def _text(e: ET.Element, paint: dict[str, str], style: Style) -> Text | None:
    if style.stroke is not None or style.opacity != 1 or style.fill is None:
        raise NotFlat("text with a stroke, no fill or an opacity")
    weight = paint.get("font-weight", "normal").strip()
    if weight not in ("normal", "bold", "400", "700"):
        raise NotFlat(f"font-weight {weight!r}")
    anchor = paint.get("text-anchor", "start").strip()
    if anchor not in ("start", "middle", "end"):
        raise NotFlat(f"text-anchor {anchor!r}")
    words = " ".join((e.text or "").split())
    if not words:
        return None
    size = _number(paint.get("font-size"))
    return Text(_number(e.get("x"), 0.0), _number(e.get("y"), 0.0), words, size=size * PT_PER_MM,
                bold=weight in ("bold", "700"), anchor=anchor, fill=style.fill)  # type: ignore[arg-type]


@lru_cache(maxsize=256)
def flat_picture(data: bytes) -> Drawing | None:
    """The picture as a Drawing in its viewBox units (y down), or None when it is not flat (see the module)."""
    try:
        root = ET.fromstring(data)
        if _tag(root) != "svg" or any(k not in ("width", "height", "viewBox", "version", "id", "baseProfile") for k in root.attrib):
            return None
        box = [_number(v) for v in re.split(r"[\s,]+", root.get("viewBox", "").strip()) if v]
        if len(box) != 4 or box[0] or box[1] or box[2] <= 0 or box[3] <= 0:
            return None
        from printkit.draw.images import length_mm, svg_size

        if any(key in root.attrib and length_mm(root.get(key)) is None for key in ("width", "height")):
            return None  # a size svglib cannot read
        w, h = svg_size(data)
        if abs(w / h - box[2] / box[3]) > 1e-6 * (w / h):  # svglib would fit the viewBox: not flat
            return None
        return Drawing(box[2], box[3], tuple(_children(root, {})))
    except (NotFlat, ET.ParseError, ValueError):
        return None

