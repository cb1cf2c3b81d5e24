"""Small position diagrams for rule sheets: a labelled grid with pieces drawn on cells."""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

from printkit.art.board import column_name
from printkit.draw.shapes import Drawing, Group, Line, Polygon, Rect, Shape, Style, Text

LABEL_PT = 6.0
"""Column letters and row numbers of rule-sheet diagrams: the smallest size printkit prints (see MIN_PRINTED_PT)."""
BAND = 4.0
"""The band (mm) above and left of a diagram's grid that holds its labels."""
PieceArt = Callable[[float, float, float], Shape | Sequence[Shape]]
"""Draws a piece (a shape, or several) centred at (cx, cy) with radius r."""


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
    band = BAND
    shapes: list[Shape] = []
    for r in range(rows):
        for c in range(cols):
            name = f"{column_name(c)}{r + 1}"
            fill = (highlight or {}).get(name, "#FFFFFF")
            shapes.append(Rect(band + c * cell, band + r * cell, cell, cell, Style(fill=fill, stroke=ink, width=0.25)))
            if name in pieces:
                art = pieces[name](band + (c + 0.5) * cell, band + (r + 0.5) * cell, cell * 0.42)
                if isinstance(art, Sequence):
                    shapes.extend(art)
                else:
                    shapes.append(art)
    if labels:
        shapes.extend(grid_labels(cols, rows, cell, ink))
    height = band + rows * cell + (5.0 if caption else 1.0)
    if caption:
        shapes.append(Text(band, height - 1, caption, size=6.5, fill=ink))
    return Drawing(band + cols * cell + 1, height, tuple(shapes))


def grid_labels(cols: int, rows: int, cell: float, ink: str = "#1A1A1A") -> list[Text]:
    """A diagram's column letters above its grid and row numbers left of it (the grid starting at :data:`BAND`)."""
    return [*(Text(BAND + (c + 0.5) * cell, BAND - 1, column_name(c), size=LABEL_PT, anchor="middle", fill=ink)
              for c in range(cols)),
            *(Text(BAND / 2, BAND + (r + 0.5) * cell + 0.7, str(r + 1), size=LABEL_PT, anchor="middle", fill=ink)
              for r in range(rows))]


def in_a_row(items: list[Drawing | str], caption: str = "", gap: float = 12.0, ink: str = "#1A1A1A") -> Drawing:
    """Diagrams side by side; a string between two leaves a gap, ``"->"`` an arrow in it (before -> after)."""
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
