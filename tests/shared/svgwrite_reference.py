"""The SVG writer printkit had before its own (svgwrite), kept as the reference the new one must match byte for byte."""

from __future__ import annotations

import itertools
from typing import Any

import svgwrite

from printkit.draw import svg
from printkit.draw.fonts import svg_family
from printkit.draw.images import data_uri
from printkit.draw.shapes import PT_PER_MM, Circle, Drawing, Group, Image, Line, Polygon, Rect, Shape, Style, Text
from printkit.draw.svg import NOT_XML, num


def _paint(style: Style) -> dict[str, Any]:
    """The paint attributes printkit writes, as svgwrite's keyword names (the values are the writer's own:
    what this reference checks is svgwrite's element, order, escaping and serialisation)."""
    return {name.replace("-", "_"): value for name, value in svg._paint(style).items()}


def _ident(shape: Any) -> dict[str, Any]:
    return {"class_" if name == "class" else name: value for name, value in svg._ident(shape).items()}


class _Writer:
    def __init__(self, dwg: svgwrite.Drawing) -> None:
        self.dwg = dwg
        self.clip_ids = itertools.count(1)
        self.pictures: dict[tuple[str, bytes], str] = {}

    def shape(self, shape: Shape) -> Any:
        d, ident = self.dwg, _ident(shape)
        if isinstance(shape, Rect):
            extra = {"rx": num(shape.rx)} if shape.rx else {}
            return d.rect((num(shape.x), num(shape.y)), (num(shape.w), num(shape.h)), **extra, **_paint(shape.style), **ident)
        if isinstance(shape, Circle):
            return d.circle((num(shape.cx), num(shape.cy)), num(shape.r), **_paint(shape.style), **ident)
        if isinstance(shape, Line):
            return d.line((num(shape.x1), num(shape.y1)), (num(shape.x2), num(shape.y2)), **_paint(shape.style), **ident)
        if isinstance(shape, Polygon):
            points = [(num(x), num(y)) for x, y in shape.points]
            make = d.polygon if shape.closed else d.polyline
            return make(points, **_paint(shape.style), **ident)
        if isinstance(shape, Text):
            return self.text(shape, ident)
        if isinstance(shape, Image):
            return self.image(shape, ident)
        return self.group(shape, ident)

    def image(self, shape: Image, ident: dict[str, Any]) -> Any:
        key = (shape.kind, shape.data)
        if key not in self.pictures:
            self.pictures[key] = f"picture-{len(self.pictures) + 1}"
            self.dwg.defs.add(self.dwg.image(data_uri(shape), insert=(0, 0), size=(1, 1), preserveAspectRatio="none",
                                             id=self.pictures[key]))
        place = f"translate({num(shape.x)},{num(shape.y)}) scale({num(shape.w)},{num(shape.h)})"
        return self.dwg.use(f"#{self.pictures[key]}", transform=place, **ident)

    def text(self, shape: Text, ident: dict[str, Any]) -> Any:
        attrs = {
            "font_family": svg_family(shape.font),
            "font_size": num(shape.size / PT_PER_MM),
            "fill": shape.fill,
            "text_anchor": shape.anchor,
        }
        if shape.bold:
            attrs["font_weight"] = "bold"
        if shape.italic and not shape.font:
            attrs["font_style"] = "italic"
        return self.dwg.text(shape.text, insert=(num(shape.x), num(shape.y)), **attrs, **ident)

    def group(self, shape: Group, ident: dict[str, Any]) -> Any:
        attrs = dict(ident)
        if svg.transform(shape):
            attrs["transform"] = svg.transform(shape)
        g = self.dwg.g(**attrs)
        target = g
        if shape.clip is not None:
            clip_id = f"clip{next(self.clip_ids)}"
            path = self.dwg.defs.add(self.dwg.clipPath(id=clip_id))
            if isinstance(shape.clip, Circle):
                path.add(self.dwg.circle((num(shape.clip.cx), num(shape.clip.cy)), num(shape.clip.r)))
            elif isinstance(shape.clip, Polygon):
                path.add(self.dwg.polygon([(num(x), num(y)) for x, y in shape.clip.points]))
            else:
                x, y, w, h = shape.clip
                path.add(self.dwg.rect((num(x), num(y)), (num(w), num(h))))
            target = self.dwg.g(clip_path=f"url(#{clip_id})")
            g.add(target)
        for child in shape.children:
            target.add(self.shape(child))
        return g


def svgwrite_svg(drawing: Drawing) -> str:
    """The drawing as svgwrite wrote it."""
    dwg = svgwrite.Drawing(
        size=(f"{num(drawing.width)}mm", f"{num(drawing.height)}mm"),
        viewBox=f"0 0 {num(drawing.width)} {num(drawing.height)}",
        debug=False,
        profile="full",
    )
    if drawing.title:
        dwg.set_desc(title=drawing.title)
    writer = _Writer(dwg)
    for child in drawing.children:
        dwg.add(writer.shape(child))
    return NOT_XML.sub("", dwg.tostring()) + "\n"
