"""Small position diagrams for rule sheets: a labelled grid with pieces drawn on cells."""

from __future__ import annotations

from typing import Callable, Mapping

from printkit.art.board import column_name
from printkit.draw.shapes import Drawing, Rect, Shape, Style, Text

LABEL_PT = 6.0
"""Column letters and row numbers of rule-sheet diagrams: the smallest size printkit prints (see MIN_PRINTED_PT)."""
PieceArt = Callable[[float, float, float], Shape]
"""Draws a piece centred at (cx, cy) with radius r."""


def position_diagram(
    cols: int,
    rows: int,
    pieces: Mapping[str, PieceArt],
    cell: float = 7.0,
    ink: str = "#1A1A1A",
    highlight: Mapping[str, str] | None = None,
    caption: str = "",
    labels: bool = True,
) -> Drawing:
    """A board position: ``pieces`` maps a coordinate (``C3``) to the art drawn on it;
    ``highlight`` maps coordinates to a fill colour; ``labels`` prints column letters and row numbers
    (:data:`LABEL_PT`: for rule sheets, not for pieces)."""
    band = 4.0
    shapes: list[Shape] = []
    for r in range(rows):
        for c in range(cols):
            name = f"{column_name(c)}{r + 1}"
            fill = (highlight or {}).get(name, "#FFFFFF")
            shapes.append(Rect(band + c * cell, band + r * cell, cell, cell, Style(fill=fill, stroke=ink, width=0.25)))
            if name in pieces:
                shapes.append(pieces[name](band + (c + 0.5) * cell, band + (r + 0.5) * cell, cell * 0.42))
    for c in range(cols if labels else 0):
        shapes.append(Text(band + (c + 0.5) * cell, band - 1, column_name(c), size=LABEL_PT, anchor="middle", fill=ink))
    for r in range(rows if labels else 0):
        shapes.append(Text(band / 2, band + (r + 0.5) * cell + 0.7, str(r + 1), size=LABEL_PT, anchor="middle", fill=ink))
    height = band + rows * cell + (5.0 if caption else 1.0)
    if caption:
        shapes.append(Text(band, height - 1, caption, size=6.5, fill=ink))
    return Drawing(band + cols * cell + 1, height, tuple(shapes))


def in_a_row(items: list[Drawing | str], caption: str = "", gap: float = 12.0, ink: str = "#1A1A1A") -> Drawing:
    """Diagrams side by side; a string between two leaves a gap, ``"->"`` an arrow in it (before -> after)."""
    from printkit.draw.shapes import Group, Line, Polygon

    height = max(d.height for d in items if isinstance(d, Drawing))
    mid, x = height / 2, 0.0
    shapes: list[Shape] = []
    for item in items:
        if isinstance(item, Drawing):
            shapes.append(Group(item.children, dx=x))
            x += item.width
        elif item == "->":
            shapes += [Line(x + 2, mid, x + gap - 3, mid, Style(stroke=ink, width=0.5)),
                       Polygon(((x + gap - 1, mid), (x + gap - 3.5, mid - 1.5), (x + gap - 3.5, mid + 1.5)), Style(fill=ink))]
            x += gap
        else:
            x += gap
    total = height + (5.0 if caption else 0.0)
    if caption:
        shapes.append(Text(4, total - 1, caption, size=6.5, fill=ink))
    return Drawing(x, total, tuple(shapes))
