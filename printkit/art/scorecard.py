"""Score cards to write on: 5 x 3 in index cards, a title band, then rows numbered for each turn in column groups of
turn number, points and running total, as few cards as the rows need."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from printkit.art.cards import centred_text, line_pt
from printkit.draw import fonts
from printkit.draw.shapes import Group, Line, Rect, Shape, Style, Text
from printkit.press.pieces import bleed_rect

CARD_W, CARD_H = 127.0, 76.2
"""A 5 x 3 in index card, in mm."""
BAND = 9.0
"""Height of the coloured title band at the top of a card (deeper where print.safe_mm passes 3 mm: :func:`band`)."""
HEAD = 4.2
"""Height of the column-heading row."""
MIN_ROW = 4.4
"""The smallest row a total can be written in by hand."""
MIN_COLUMN = 23.0
"""Width of one column group: turn number, points, running total."""
GRID = "#8C8C8C"
SHADE = "#EFEFEF"


@dataclass(frozen=True)
class ScoreLayout:
    """How the rows of one player's score cards are arranged."""

    cards: int
    columns: int
    rows: int
    row_h: float
    column_w: float

    @property
    def per_card(self) -> int:
        return self.columns * self.rows


def band(safe: float) -> float:
    """The title band's height: :data:`BAND`, or deeper so that the title keeps ``safe`` mm inside the card's top."""
    return max(BAND, safe + 6.0)


def _title_middle(safe: float) -> float:
    """The y of the title's and emblem's middle, ``safe`` + 2.7 mm down at the least (3.2 mm: the emblem's radius)."""
    return max(BAND / 2 + 1.2, safe + 2.7)


def score_layout(turns: int, safe: float) -> ScoreLayout:
    """Columns and rows for ``turns`` rows: as few cards as possible, rows as tall as they can be."""
    inner_w = CARD_W - 2 * safe
    columns = max(1, math.floor(inner_w / MIN_COLUMN))
    space = CARD_H - band(safe) - 1.5 - HEAD - safe
    max_rows = max(1, math.floor(space / MIN_ROW))
    cards = max(1, math.ceil(turns / (columns * max_rows)))
    per_card = math.ceil(turns / cards)
    rows = math.ceil(per_card / columns)
    return ScoreLayout(cards, columns, rows, min(6.0, space / rows), inner_w / columns)


def _cell_text(x: float, y: float, w: float, h: float, text: str, bold: bool = False, fill: str = "#1A1A1A") -> Text:
    return centred_text(x, y, w, h, text, 7.0, bold, fill, cls=("score-text",))


def _column(first: int, last: int, x: float, y: float, lay: ScoreLayout, ink: str) -> list[Shape]:
    """One column group: a heading row, then rows numbered ``first``..``last``."""
    w = lay.column_w
    num_w, pts_w = 7.0, (w - 7.0) * 0.4
    tot_w = w - num_w - pts_w
    shapes: list[Shape] = []
    for text, hx, hw in (("#", x, num_w), ("pts", x + num_w, pts_w), ("total", x + num_w + pts_w, tot_w)):
        shapes.append(_cell_text(hx, y, hw, HEAD, text, bold=True, fill=ink))
    thin, strong = Style(stroke=GRID, width=0.2), Style(stroke=ink, width=0.35)
    top = y + HEAD
    for i, turn in enumerate(range(first, last + 1)):
        ry = top + i * lay.row_h
        if i % 2 == 1:
            shapes.append(Rect(x, ry, w, lay.row_h, Style(fill=SHADE)))
        shapes.append(_cell_text(x, ry, num_w, lay.row_h, str(turn), fill="#4D4D4D"))
        shapes.append(Line(x, ry + lay.row_h, x + w, ry + lay.row_h, thin))
    bottom = top + (last - first + 1) * lay.row_h
    shapes.append(Line(x, top, x + w, top, strong))
    for lx in (x + num_w, x + num_w + pts_w):
        shapes.append(Line(lx, y + 0.5, lx, bottom, thin))
    shapes.append(Line(x + w, y + 0.5, x + w, bottom, strong))
    if x < lay.column_w:
        shapes.append(Line(x, y + 0.5, x, bottom, strong))
    return shapes


def _title_lines(title: str, width: float) -> tuple[float, list[str]]:
    """The title's size and lines: one line down to 7 pt, else (a long player's name, more so inside a wide
    print.safe_mm) the name and the rest on two lines at 7 pt (two lines of it fill the band), else wrapped at 7 pt,
    a name too long for a line broken where the line is full."""
    pt = line_pt(title, width, 9.5, 7)
    if fonts.text_width(title, pt, True) <= width:
        return pt, [title]
    name, colon, rest = title.partition(": ")
    lines = [name + colon.strip(), rest]
    if colon and all(fonts.text_width(line, 7.0, True) <= width for line in lines):
        return 7.0, lines
    return 7.0, fonts.wrap(title, 7.0, width, bold=True, break_words=True)


def score_card(title: str, colour: str, emblem: Callable[[float, float, float], Shape], card: int, lay: ScoreLayout,
               turns: int, safe: float, ink: str, ident: str, cls: tuple[str, ...]) -> Group:
    """Card ``card`` (from 0) of a player's ``turns`` rows: the title band in ``colour`` with ``emblem(cx, cy, r)`` and
    ``title`` in white, then its numbered rows in columns."""
    shapes: list[Shape] = [bleed_rect(CARD_W, CARD_H, "#FFFFFF"),
                           Rect(-10, -10, CARD_W + 20, band(safe) + 10, Style(fill=colour))]
    middle = _title_middle(safe)
    shapes.append(emblem(safe + 3.2, middle, 3.2))
    tx, tw = safe + 8.0, CARD_W - 2 * safe - 8.0
    pt, lines = _title_lines(title, tw)
    lead = pt * 1.15 * 25.4 / 72
    top = max(middle + fonts.ascent(pt) / 2 - (len(lines) - 1) * lead / 2, safe + fonts.ascent(pt))
    shapes += [Text(tx, top + i * lead, line, size=pt, bold=True, fill="#FFFFFF",
                    box=(tx, safe, tw, band(safe) - safe + 2.0), cls=("score-title",)) for i, line in enumerate(lines)]
    first = card * lay.per_card + 1
    last = min(turns, first + lay.per_card - 1)
    for c in range(lay.columns):
        a = first + c * lay.rows
        b = min(last, a + lay.rows - 1)
        if a > b:
            break
        shapes.extend(_column(a, b, safe + c * lay.column_w, band(safe) + 1.5, lay, ink))
    return Group(tuple(shapes), id=ident, cls=cls)
