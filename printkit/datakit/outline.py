"""The layout view (``printkit build --outline``): each layout a deck or token sheet uses, drawn large on its first piece,
with every element's box, name and kit.toml line over it and the bleed, cut and safe lines around.

Layouts are typed as numbers in kit.toml; this is where a designer sees what those numbers place, and which line of
kit.toml to change. One drawing per set and layout: ``outline/<set>.<layout>.svg`` (and its PNG).
"""

from __future__ import annotations

from typing import Callable, Mapping

from printkit.datakit.components import Sides, piece_target
from printkit.datakit.data import Row
from printkit.datakit.layout import Painter, Target, layout_of
from printkit.datakit.schema import Element, Layout
from printkit.draw import fonts
from printkit.draw.shapes import Circle, Drawing, Group, Polygon, Rect, Shape, Style, Text
from printkit.errors import ConfigError
from printkit.press.pieces import hexagon
from printkit.press.settings import PrintSettings

PALETTE = ("#C62828", "#1565C0", "#2E7D32", "#6A1B9A", "#EF6C00", "#00838F", "#AD1457", "#4E342E")
"""Element box colours, in turn: dark enough for white tag text, apart in hue (and told apart by their tags' numbers
where a printout is grey)."""
DRAWN = 260.0
"""The larger side of a piece's bleed box as drawn, in mm: a 63 x 88 mm card about 2.8 times its size."""
MARGIN = 10.0
TITLE_SPACE = 18.0
LEGEND_WIDTH = 150.0
LEGEND_STEP = 9.5
"""mm from one element's lines in the legend to the next's."""
CUT, SAFE, BLEED = "#000000", "#00897B", "#9E9E9E"
TAG_PT, LEGEND_PT = 7.5, 8.0


def set_outlines(sides: Sides, shape: str, rows: list[Row], painter: Painter, layouts: Mapping[str, Layout],
                 settings: PrintSettings, kind: str) -> dict[str, Drawing]:
    """``<set>.<layout>`` -> its layout view, for every layout the set's pieces use (fronts and backs), each drawn on the
    first piece that uses it."""
    out: dict[str, Drawing] = {}
    for n, row in enumerate(rows, start=1):
        target = piece_target(sides, row, n, f"{kind} {n}", settings)
        for side, template in (("front", sides.front), ("back", sides.back)):
            if template is None:
                continue
            layout = layout_of(template, dict(layouts), target.row, row.where, f"{sides.key}.{side}")
            stem = f"{sides.name}.{layout.name}"
            if stem not in out:
                out[stem] = outline_drawing(layout, target, painter, shape, f"{side}: layout {layout.name!r}")
    return out


def outline_drawing(layout: Layout, piece: Target, painter: Painter, shape: str, caption: str) -> Drawing:
    """The piece drawn large and veiled, the bleed edge, cut line and safe line, each element's numbered box with its
    name and kit.toml line, and a legend beside it: each element's type, line and box in mm from the cut."""
    b, s, w, h = piece.bleed, piece.safe, piece.w, piece.h
    k = DRAWN / max(w + 2 * b, h + 2 * b)
    sx, sy = (s, s * h / w) if shape == "hex" else (s, s)  # a hex shrinks to its own shape: s inside each flat side
    ox, oy = MARGIN, MARGIN + TITLE_SPACE

    def at(x: float, y: float) -> tuple[float, float]:
        return ox + k * (x + b), oy + k * (y + b)

    art = painter.draw(layout, piece)
    shapes: list[Shape] = [
        Text(MARGIN, MARGIN + 5, f"{piece.what} ({piece.where}), {caption}", 11, bold=True),
        Text(MARGIN, MARGIN + 11, "printkit build --outline: boxes as kit.toml places them on this piece; "
                                  "numbers in mm from the cut line's top-left", LEGEND_PT, fill="#424242"),
        Group((Group((art,), clip=(-b, -b, w + 2 * b, h + 2 * b)),), dx=ox + k * b, dy=oy + k * b, scale=k),
        Rect(ox, oy, k * (w + 2 * b), k * (h + 2 * b), Style(fill="#FFFFFF", opacity=0.45)),
        Rect(ox, oy, k * (w + 2 * b), k * (h + 2 * b), Style(stroke=BLEED, width=0.4)),
        *_outline(shape, *at(0, 0), k * w, k * h, Style(stroke=CUT, width=0.6)),
        *_outline(shape, *at(sx, sy), k * (w - 2 * sx), k * (h - 2 * sy), Style(stroke=SAFE, width=0.5, dash=(2.5, 1.5))),
    ]
    legend_x, legend_y = ox + k * (w + 2 * b) + 12, oy + 4
    key = [(BLEED, (), f"bleed edge: {b:g} mm outside the cut (art that runs off the card reaches it)"),
           (CUT, (), f"cut line: {w:g} x {h:g} mm" + ({"round": " (round)", "hex": " (hex)"}.get(shape, ""))),
           (SAFE, (2.5, 1.5), f"safe line: {s:g} mm inside the cut (text and pictures stay within it)")]
    for i, (colour, dash, text) in enumerate(key):
        y = legend_y + i * 6
        shapes += [Rect(legend_x, y - 2.6, 8, 3.2, Style(stroke=colour, width=0.5, dash=dash)),
                   Text(legend_x + 11, y, text, LEGEND_PT)]
    legend_y += len(key) * 6 + 5
    shapes += _elements(layout, piece, painter, at, k, (legend_x, legend_y))
    height = max(oy + k * (h + 2 * b), legend_y + len(layout.elements) * LEGEND_STEP) + MARGIN
    return Drawing(legend_x + LEGEND_WIDTH, height, tuple(shapes), title=f"{piece.group} {caption}")


def _elements(layout: Layout, piece: Target, painter: Painter, at: Callable[[float, float], tuple[float, float]], k: float,
              legend: tuple[float, float]) -> list[Shape]:
    """Each element's numbered box over the piece (dashed where it draws nothing) and its entry in the legend at
    ``legend``; the boxes' name tags come last, over every box."""
    legend_x, legend_y = legend
    shapes: list[Shape] = []
    tags: list[tuple[float, float, float, float]] = []
    labels: list[Shape] = []
    for i, element in enumerate(layout.elements, start=1):
        colour = PALETTE[(i - 1) % len(PALETTE)]
        shown, box = _placed(painter, element, piece)
        if box is not None:
            x, y = at(box[0], box[1])
            style = Style(stroke=colour, width=0.6, dash=() if shown else (1.5, 1.5))
            shapes.append(Rect(x, y, max(k * box[2], 0.6), max(k * box[3], 0.6), style))
            line = painter.art.line(element.key)
            labels += _tag(x, y, f"{i} {element.name}" + (f" (line {line})" if line is not None else ""), colour, tags)
        y = legend_y + (i - 1) * LEGEND_STEP
        shapes += _tag(legend_x, y - 3.2, str(i), colour, [])
        shapes.append(Text(legend_x + 8, y, f"{element.name} ({element.type}): {painter.art.where(element.key)}", LEGEND_PT,
                           bold=True))
        shapes.append(Text(legend_x + 8, y + 4, _described(element, box, shown), LEGEND_PT, fill="#424242"))
    return shapes + labels


def _placed(painter: Painter, element: Element, piece: Target) -> tuple[bool, tuple[float, float, float, float] | None]:
    """Whether the element is drawn on the piece, and its box (None: its keys place nothing on this piece, e.g. a
    column it reads is empty here)."""
    try:
        shown = painter.shows(element, piece)
    except ConfigError:
        shown = False
    try:
        return shown, painter.bounds(element, piece)
    except (ConfigError, ValueError):
        return shown, None


def _described(element: Element, box: tuple[float, float, float, float] | None, shown: bool) -> str:
    """``x 5, y 4, 39.1 x 9 mm`` and what else a designer needs to read the box (its frame, a ``when`` that hides it)."""
    parts = [f"x {box[0]:.1f}, y {box[1]:.1f}, {box[2]:.1f} x {box[3]:.1f} mm" if box is not None else "no box on this piece"]
    if element.frame != "trim":
        parts.append(f"frame = {element.frame!r}")
    if element.props.get("rotate"):
        parts.append(f"rotate = {element.props['rotate']!r} (box before turning)")
    if element.when is not None:
        parts.append(f"when = {element.when.text!r}" + ("" if shown else ": not on this piece (dashed)"))
    return "; ".join(parts)


def _tag(x: float, y: float, text: str, colour: str, taken: list[tuple[float, float, float, float]]) -> list[Shape]:
    """A label in the box colour at the box's top-left corner, moved down past the labels ``taken`` already (which it
    joins) where it would cover one."""
    width = fonts.text_width(text, TAG_PT, bold=True) + 2.0
    while any(x < tx + tw and tx < x + width and y < ty + th and ty < y + 3.6 for tx, ty, tw, th in taken):
        y += 3.8
    taken.append((x, y, width, 3.6))
    return [Rect(x, y, width, 3.6, Style(fill=colour)), Text(x + 1.0, y + 2.75, text, TAG_PT, bold=True, fill="#FFFFFF")]


def _outline(shape: str, x: float, y: float, w: float, h: float, style: Style) -> list[Shape]:
    """A rectangle, or the round or hex outline of a counter, in the box."""
    if shape == "round":
        return [Circle(x + w / 2, y + h / 2, min(w, h) / 2, style)]
    if shape == "hex":
        return [Polygon(tuple((x + px, y + py) for px, py in hexagon(w, h)), style)]
    return [Rect(x, y, w, h, style)]
