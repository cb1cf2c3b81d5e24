"""Backend-neutral shapes in millimetres, y pointing down.

A :class:`Drawing` is a tree of shapes that the SVG and PDF renderers draw the same way.
Shapes are immutable values; ``id`` and ``cls`` end up as SVG ``id`` / ``class`` attributes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Union

PT_PER_MM = 72 / 25.4


@dataclass(frozen=True)
class Style:
    """Paint: fill and stroke colours as ``#rrggbb`` (None for none), stroke width in mm."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.3
    dash: tuple[float, ...] = ()
    opacity: float = 1.0


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style = Style(fill="#000000")
    rx: float = 0.0
    id: str | None = None
    cls: tuple[str, ...] = ()


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style = Style(fill="#000000")
    id: str | None = None
    cls: tuple[str, ...] = ()


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = Style(stroke="#000000")
    id: str | None = None
    cls: tuple[str, ...] = ()


@dataclass(frozen=True)
class Polygon:
    """A closed (``closed=True``) or open polyline through ``points``."""

    points: tuple[tuple[float, float], ...]
    style: Style = Style(fill="#000000")
    closed: bool = True
    id: str | None = None
    cls: tuple[str, ...] = ()


@dataclass(frozen=True)
class Text:
    """One line of text; ``y`` is the baseline, ``size`` in points.

    ``box`` (x, y, w, h in the same coordinates) is the space the text must fit in; kit
    checks measure the text with the font's metrics against it.
    """

    x: float
    y: float
    text: str
    size: float = 10.0
    bold: bool = False
    anchor: str = "start"  # start | middle | end
    fill: str = "#000000"
    box: tuple[float, float, float, float] | None = None
    id: str | None = None
    cls: tuple[str, ...] = ()
    font: str = ""
    """A kit's own registered TrueType font (see ``fonts.register_file``); empty: Vera."""
    italic: bool = False
    """Vera's italic face (a kit's own font stays upright: it has no italic)."""


@dataclass(frozen=True)
class Image:
    """A picture stretched to the box ``x, y, w, h``: ``data`` holds SVG or PNG bytes (``kind``).

    Callers keep the aspect ratio by choosing the box (see :func:`printkit.draw.images.contain`);
    SVG stays vector in every backend.
    """

    x: float
    y: float
    w: float
    h: float
    data: bytes
    kind: str = "svg"  # svg | png
    id: str | None = None
    cls: tuple[str, ...] = ()


@dataclass(frozen=True)
class Group:
    """Children moved by ``dx, dy``, then scaled, then rotated (degrees) about the origin.

    ``clip`` (x, y, w, h, or a Circle or closed Polygon, in the group's own coordinates) hides what lies outside.
    """

    children: tuple["Shape", ...]
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    scale: float = 1.0
    clip: "tuple[float, float, float, float] | Circle | Polygon | None" = None
    id: str | None = None
    cls: tuple[str, ...] = ()


Shape = Union[Rect, Circle, Line, Polygon, Text, Image, Group]


@dataclass(frozen=True)
class Drawing:
    """A picture of ``width`` x ``height`` mm: what one SVG file or one PDF page holds."""

    width: float
    height: float
    children: tuple[Shape, ...] = field(default_factory=tuple)
    title: str = ""


def group(*children: Shape | None, dx: float = 0.0, dy: float = 0.0, **kw: object) -> Group:
    """A Group of the given shapes, None entries dropped."""
    return Group(tuple(c for c in children if c is not None), dx=dx, dy=dy, **kw)  # type: ignore[arg-type]


def walk(shapes: tuple[Shape, ...], dx: float = 0.0, dy: float = 0.0) -> Iterator[tuple[Shape, float, float]]:
    """Every shape with the offset of its untransformed ancestors (rotated/scaled groups: their origin)."""
    for shape in shapes:
        yield shape, dx, dy
        if isinstance(shape, Group):
            yield from walk(shape.children, dx + shape.dx, dy + shape.dy)
