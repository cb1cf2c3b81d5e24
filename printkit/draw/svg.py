"""Render a Drawing to SVG text: a small writer of its own (see the README's dependency list for why).

The output is what svgwrite wrote for the same drawing, byte for byte (a test compares the two on
random drawings): attributes sorted by name, empty ones left out, ElementTree's escaping, empty
elements closed with `` />``, a ``<defs>`` after the optional ``<title>``.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from printkit.draw.fonts import svg_family
from printkit.draw.images import data_uri
from printkit.draw.shapes import PT_PER_MM, Circle, Drawing, Group, Image, Line, Polygon, Rect, Shape, Style, Text

NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
"""Characters XML 1.0 cannot hold (control characters, lone surrogates): user text may carry them, an SVG may not."""
ROOT = {"baseProfile": "full", "version": "1.1", "xmlns": "http://www.w3.org/2000/svg",
        "xmlns:ev": "http://www.w3.org/2001/xml-events", "xmlns:xlink": "http://www.w3.org/1999/xlink"}
_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTR = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\r": "&#13;", "\n": "&#10;", "\t": "&#09;"})


def num(value: float) -> str:
    """A coordinate with at most three decimals and no trailing zeros (stable output)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _open(tag: str, attrs: dict[str, str]) -> str:
    """``<tag`` and its non-empty attributes, sorted by name and escaped (no closing bracket)."""
    return f"<{tag}" + "".join(f' {name}="{value.translate(_ATTR)}"' for name, value in sorted(attrs.items()) if value)


def _element(tag: str, attrs: dict[str, str], inner: str = "") -> str:
    return f"{_open(tag, attrs)}>{inner}</{tag}>" if inner else f"{_open(tag, attrs)} />"


def transform(shape: Group) -> str:
    """A group's moves as an SVG ``transform`` (empty when it does not move)."""
    parts = []
    if shape.dx or shape.dy:
        parts.append(f"translate({num(shape.dx)},{num(shape.dy)})")
    if shape.scale != 1:
        parts.append(f"scale({num(shape.scale)})")
    if shape.rotate:
        parts.append(f"rotate({num(shape.rotate)})")
    return " ".join(parts)


def _paint(style: Style) -> dict[str, str]:
    attrs = {"fill": style.fill or "none"}
    if style.stroke:
        attrs["stroke"] = style.stroke
        attrs["stroke-width"] = num(style.width)
        if style.dash:
            attrs["stroke-dasharray"] = ",".join(num(d) for d in style.dash)
    if style.opacity < 1:
        attrs["opacity"] = num(style.opacity)
    return attrs


def _ident(shape: Any) -> dict[str, str]:
    attrs = {}
    if shape.id:
        attrs["id"] = shape.id
    if shape.cls:
        attrs["class"] = " ".join(shape.cls)
    return attrs


_PLAIN = (Rect, Circle, Line, Polygon)
"""Shapes whose SVG depends on nothing but their own fields."""


class _Writer:
    """Writes shapes into ``out``; clip paths go to ``defs`` (numbered in drawing order)."""

    def __init__(self) -> None:
        self.defs: list[str] = []
        self.clip_ids = itertools.count(1)
        self.pictures: dict[tuple[str, bytes], str] = {}
        self.written: dict[int, str] = {}
        """Plain shapes written so far, by identity: a deck's shared frame and panel are written once."""

    def shape(self, shape: Shape) -> str:
        if type(shape) in _PLAIN:
            written = self.written.get(id(shape))
            if written is None:
                written = self.written[id(shape)] = self._plain(shape)
            return written
        ident = _ident(shape)
        if isinstance(shape, Text):
            return self.text(shape, ident)
        if isinstance(shape, Image):
            return self.image(shape, ident)
        if isinstance(shape, Group):
            return self.group(shape, ident)
        raise TypeError(f"not a shape: {type(shape).__name__}")

    def _plain(self, shape: Shape) -> str:
        ident = _ident(shape)
        if isinstance(shape, Rect):
            extra = {"rx": num(shape.rx)} if shape.rx else {}
            return _element("rect", {"x": num(shape.x), "y": num(shape.y), "width": num(shape.w), "height": num(shape.h),
                                     **extra, **_paint(shape.style), **ident})
        if isinstance(shape, Circle):
            return _element("circle", {"cx": num(shape.cx), "cy": num(shape.cy), "r": num(shape.r), **_paint(shape.style), **ident})
        if isinstance(shape, Line):
            return _element("line", {"x1": num(shape.x1), "y1": num(shape.y1), "x2": num(shape.x2), "y2": num(shape.y2),
                                     **_paint(shape.style), **ident})
        if isinstance(shape, Polygon):
            points = " ".join(f"{num(x)},{num(y)}" for x, y in shape.points)
            return _element("polygon" if shape.closed else "polyline", {"points": points, **_paint(shape.style), **ident})
        raise TypeError(f"not a plain shape: {type(shape).__name__}")

    def image(self, shape: Image, ident: dict[str, str]) -> str:
        """A ``<use>`` of the picture, which ``<defs>`` holds once per file as a unit-square ``<image>``.

        An ``<image>`` clips its picture to its box (an SVG to its viewport), as browsers do.
        """
        key = (shape.kind, shape.data)
        if key not in self.pictures:
            self.pictures[key] = f"picture-{len(self.pictures) + 1}"
            self.defs.append(_element("image", {"xlink:href": data_uri(shape), "x": "0", "y": "0", "width": "1", "height": "1",
                                                "preserveAspectRatio": "none", "id": self.pictures[key]}))
        place = f"translate({num(shape.x)},{num(shape.y)}) scale({num(shape.w)},{num(shape.h)})"
        return _element("use", {"xlink:href": f"#{self.pictures[key]}", "transform": place, **ident})

    def text(self, shape: Text, ident: dict[str, str]) -> str:
        attrs = {"x": num(shape.x), "y": num(shape.y), "font-family": svg_family(shape.font),
                 "font-size": num(shape.size / PT_PER_MM), "fill": shape.fill, "text-anchor": shape.anchor, **ident}
        if shape.bold:
            attrs["font-weight"] = "bold"
        if shape.italic and not shape.font:
            attrs["font-style"] = "italic"
        return _element("text", attrs, shape.text.translate(_TEXT))

    def group(self, shape: Group, ident: dict[str, str]) -> str:
        attrs = {**ident, "transform": transform(shape)}
        clip_id = ""
        if shape.clip is not None:
            clip_id = f"clip{next(self.clip_ids)}"
            if isinstance(shape.clip, Circle):
                outline = _element("circle", {"cx": num(shape.clip.cx), "cy": num(shape.clip.cy), "r": num(shape.clip.r)})
            elif isinstance(shape.clip, Polygon):
                outline = _element("polygon", {"points": " ".join(f"{num(x)},{num(y)}" for x, y in shape.clip.points)})
            else:
                x, y, w, h = shape.clip
                outline = _element("rect", {"x": num(x), "y": num(y), "width": num(w), "height": num(h)})
            self.defs.append(_element("clipPath", {"id": clip_id}, outline))
        inner = "".join(self.shape(child) for child in shape.children)
        if clip_id:
            inner = _element("g", {"clip-path": f"url(#{clip_id})"}, inner)
        return _element("g", attrs, inner)


def to_svg(drawing: Drawing) -> str:
    """The drawing as a standalone SVG document sized in millimetres."""
    writer = _Writer()
    body = "".join(writer.shape(child) for child in drawing.children)
    title = _element("title", {}, drawing.title.translate(_TEXT)) if drawing.title else ""
    root = {**ROOT, "width": f"{num(drawing.width)}mm", "height": f"{num(drawing.height)}mm",
            "viewBox": f"0 0 {num(drawing.width)} {num(drawing.height)}"}
    document = _element("svg", root, title + _element("defs", {}, "".join(writer.defs)) + body)
    return NOT_XML.sub("", document) + "\n"
