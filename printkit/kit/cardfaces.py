"""Card faces drawn clean: every shape on a card inside its cut (or running on into the bleed, as a background does),
and every text line clear of the other shapes on its face (not covered by a shape drawn after it, not straddling the
edge of one drawn before it: a corner mark over a title, an emblem under the back's name)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Iterator

from printkit.draw.fonts import text_extent
from printkit.draw.shapes import Circle, Group, Image, Line, Polygon, Rect, Shape, Text

OVERFULL = "overfull"
"""The class of text lines whose drawer already reported that they do not fit: checks do not say it again."""
TOLERANCE = 0.05
"""Millimetres a shape may pass the cut, or two shapes overlap, before it counts (rounding)."""
OVERLAP_MM = 0.2
"""How far (each way) a shape must reach into a text line's box to clash with it: less is a glyph's own margin."""
Box = tuple[float, float, float, float]
Matrix = tuple[float, float, float, float, float, float]
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class Drawn:
    """A shape of a card face as it lands on the card: its box (x0, y0, x1, y1, mm from the cut's top-left), whether
    it hides what is under it, and for a circle on an unturned frame its centre and radius."""

    shape: Shape
    box: Box
    opaque: bool
    circle: tuple[float, float, float] | None = None


def _then(outer: Matrix, group: Group) -> Matrix:
    """``outer`` followed by the group's translate, scale and rotate (the order SVG writes them)."""
    a, b, c, d, e, f = outer
    turn = math.radians(group.rotate)
    cos, sin = math.cos(turn) * group.scale, math.sin(turn) * group.scale
    inner = (cos, sin, -sin, cos, group.dx, group.dy)
    ia, ib, ic, id_, ie, if_ = inner
    return (a * ia + c * ib, b * ia + d * ib, a * ic + c * id_, b * ic + d * id_, a * ie + c * if_ + e, b * ie + d * if_ + f)


def _mapped(matrix: Matrix, box: Box) -> Box:
    a, b, c, d, e, f = matrix
    xs, ys = [], []
    for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
        xs.append(a * x + c * y + e)
        ys.append(b * x + d * y + f)
    return min(xs), min(ys), max(xs), max(ys)


def _own_box(shape: Shape) -> Box | None:
    """The shape's box in its own frame, by its geometry: a stroke centred on a cut line (a frame drawn on the trim)
    is not art past the cut (None: a shape with no extent of its own)."""
    if isinstance(shape, Rect):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    if isinstance(shape, Circle):
        return shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r
    if isinstance(shape, Polygon) and shape.points:
        xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
        return min(xs), min(ys), max(xs), max(ys)
    if isinstance(shape, Line):
        return min(shape.x1, shape.x2), min(shape.y1, shape.y2), max(shape.x1, shape.x2), max(shape.y1, shape.y2)
    if isinstance(shape, Text):
        return text_extent(shape)
    if isinstance(shape, Image):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    return None


def _clip_box(group: Group) -> Box | None:
    clip = group.clip
    if clip is None:
        return None
    if isinstance(clip, tuple):
        return clip[0], clip[1], clip[0] + clip[2], clip[1] + clip[3]
    return _own_box(clip)


def _cut(box: Box, clip: Box | None) -> Box | None:
    if clip is None:
        return box
    x0, y0, x1, y1 = max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]), min(box[3], clip[3])
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None


def drawn(shapes: Iterable[Shape], matrix: Matrix = _IDENTITY, clip: Box | None = None) -> Iterator[Drawn]:
    """The face's shapes in drawing order (groups opened, their moves and clips applied; text already reported as not
    fitting its box left out)."""
    for shape in shapes:
        if isinstance(shape, Group):
            inner = _then(matrix, shape)
            own = _clip_box(shape)
            yield from drawn(shape.children, inner, _cut(_mapped(inner, own), clip) if own else clip)
            continue
        box = _own_box(shape)
        if box is None or (isinstance(shape, Text) and OVERFULL in shape.cls):
            continue
        placed = _cut(_mapped(matrix, box), clip)
        if placed is None:
            continue
        opaque = (isinstance(shape, Image)
                  or (isinstance(shape, (Rect, Circle, Polygon)) and shape.style.fill not in (None, "none")
                      and shape.style.opacity >= 1.0))
        circle = None
        if isinstance(shape, Circle) and matrix[1] == matrix[2] == 0 and matrix[0] == matrix[3]:
            a, _, _, _, e, f = matrix
            circle = (a * shape.cx + e, a * shape.cy + f, a * shape.r)
        yield Drawn(shape, placed, opaque, circle)


def _name(shape: Shape) -> str:
    """What a message calls a shape: its layout element's name (its last class), its id, or its kind."""
    if isinstance(shape, Text):
        return repr(shape.text)
    named = shape.cls[-1] if shape.cls else shape.id
    return f"{type(shape).__name__.lower()} {named!r}" if named else type(shape).__name__.lower()


def past_the_cut(face: Iterable[Drawn], w: float, h: float, bleed: float) -> Iterator[tuple[Drawn, float]]:
    """Each shape reaching past the card's cut without running on to the bleed's edge (art cut off at the trim, not a
    background or band bled on purpose), with how far; a text line or a disc past the cut at all (a disc cannot cover
    the bleed: one past the cut is cut off)."""
    reach = max(0.0, bleed) - TOLERANCE
    for item in face:
        x0, y0, x1, y1 = item.box
        over = {"left": -x0, "top": -y0, "right": x1 - w, "bottom": y1 - h}
        if isinstance(item.shape, (Text, Circle)):
            worst = max(over.values())
        else:
            worst = max((mm for mm in over.values() if TOLERANCE < mm < reach), default=0.0)
            if bleed <= TOLERANCE:
                worst = 0.0
        if worst > TOLERANCE:
            yield item, worst


def _meets(text: Box, item: Drawn) -> bool:
    """Whether ``item`` reaches :data:`OVERLAP_MM` into the text's box (a circle by its round edge)."""
    x0, y0, x1, y1 = text
    bx0, by0, bx1, by1 = item.box
    if min(x1, bx1) - max(x0, bx0) < OVERLAP_MM or min(y1, by1) - max(y0, by0) < OVERLAP_MM:
        return False
    if item.circle is None:
        return True
    cx, cy, r = item.circle
    nx, ny = min(max(cx, x0), x1), min(max(cy, y0), y1)
    return math.hypot(nx - cx, ny - cy) < r - OVERLAP_MM


def _holds(outer: Drawn, text: Box) -> bool:
    """Whether ``outer`` lies wholly under the text's box (a panel the text is written on)."""
    x0, y0, x1, y1 = text
    if outer.circle is not None:
        cx, cy, r = outer.circle
        return all(math.hypot(x - cx, y - cy) <= r + TOLERANCE for x in (x0, x1) for y in (y0, y1))
    bx0, by0, bx1, by1 = outer.box
    return bx0 <= x0 + TOLERANCE and by0 <= y0 + TOLERANCE and x1 <= bx1 + TOLERANCE and y1 <= by1 + TOLERANCE


def text_clashes(face: list[Drawn]) -> Iterator[tuple[Drawn, Drawn, bool]]:
    """Each (text, shape, whether the shape is drawn over it) where an opaque shape drawn after the text covers part of
    it, or one drawn before it lies partly under it (the text straddles its edge)."""
    for i, text in enumerate(face):
        if not isinstance(text.shape, Text) or not text.shape.text.strip():
            continue
        for j, other in enumerate(face):
            if j == i or not other.opaque or not _meets(text.box, other):
                continue
            if j > i or not _holds(other, text.box):
                yield text, other, j > i


def face_problems(side: Group | None, w: float, h: float, bleed: float) -> list[str]:
    """What is wrong with one face of a ``w`` x ``h`` card: shapes past the cut, text under or across another shape."""
    if side is None:
        return []
    face = list(drawn((side,)))
    problems = [f"{_name(item.shape)} reaches {mm:.1f} mm past the cut" for item, mm in past_the_cut(face, w, h, bleed)]
    problems += [f"{_name(text.shape)} lies {'under' if over else 'across'} {_name(other.shape)}"
                 for text, other, over in text_clashes(face)]
    return list(dict.fromkeys(problems))
