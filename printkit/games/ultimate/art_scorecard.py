"""Score cards of index-card size (5 x 3 in): one row per mark, for points and the running total."""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.art import symbols
from printkit.draw import fonts
from printkit.draw.shapes import Group, Line, Rect, Shape, Style, Text
from printkit.press.pieces import Piece, bleed_rect

CARD_W, CARD_H = 127.0, 76.2
"""A 5 x 3 in index card, in mm."""

BAND = 9.0
"""Height of the coloured title band at the top of a card."""

HEAD = 4.2
"""Height of the column-heading row."""

MIN_ROW = 4.4
"""The smallest row a total can be written in by hand."""

MIN_COLUMN = 23.0
"""Width of one column group: turn number, points, running total."""

GRID = "#8C8C8C"
SHADE = "#EFEFEF"


@dataclass(frozen=True)
class CardLayout:
    """How the rows of one player's score cards are arranged."""

    cards: int
    columns: int
    rows: int
    row_h: float
    column_w: float

    @property
    def per_card(self) -> int:
        return self.columns * self.rows


def layout(turns: int, safe: float) -> CardLayout:
    """Columns and rows for ``turns`` rows: as few cards as possible, rows as tall as they can be."""
    inner_w = CARD_W - 2 * safe
    columns = max(1, math.floor(inner_w / MIN_COLUMN))
    space = CARD_H - BAND - 1.5 - HEAD - safe
    max_rows = max(1, math.floor(space / MIN_ROW))
    cards = max(1, math.ceil(turns / (columns * max_rows)))
    per_card = math.ceil(turns / cards)
    rows = math.ceil(per_card / columns)
    return CardLayout(cards, columns, rows, min(6.0, space / rows), inner_w / columns)


def _cell_text(x: float, y: float, w: float, h: float, text: str, bold: bool = False,
               fill: str = "#1A1A1A", anchor: str = "middle") -> Text:
    pt = 7.0
    tx = x + w / 2 if anchor == "middle" else x + 1.0
    return Text(tx, y + h / 2 + fonts.ascent(pt) / 2, text, size=pt, bold=bold, anchor=anchor, fill=fill, box=(x, y, w, h),
                cls=("score-text",))


def _column(first: int, last: int, x: float, y: float, lay: CardLayout, ink: str) -> list[Shape]:
    """One column group: a heading row, then rows numbered ``first``..``last``."""
    w = lay.column_w
    num_w, pts_w = 7.0, (w - 7.0) * 0.4
    tot_w = w - num_w - pts_w
    shapes: list[Shape] = []
    heads = (("#", x, num_w), ("pts", x + num_w, pts_w), ("total", x + num_w + pts_w, tot_w))
    for text, hx, hw in heads:
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


def card_front(player: int, name: str, colour: str, card: int, lay: CardLayout, turns: int,
               safe: float, ink: str) -> Group:
    """One card: title band in the player's colour, then numbered rows in columns."""
    mark = "X" if player == 0 else "O"
    who = name if name == mark else f"{name} ({mark})"
    of = f", card {card + 1} of {lay.cards}" if lay.cards > 1 else ""
    shapes: list[Shape] = [bleed_rect(CARD_W, CARD_H, "#FFFFFF"),
                           Rect(-10, -10, CARD_W + 20, BAND + 10, Style(fill=colour))]
    shapes.append(symbols.player_mark(mark, safe + 3.2, BAND / 2 + 1.2, 3.2, "#FFFFFF"))
    title = f"{who}: score card{of}"
    tx, tw = safe + 8.0, CARD_W - 2 * safe - 8.0
    pt = 9.5
    while pt > 7 and fonts.text_width(title, pt, True) > tw:
        pt -= 0.25
    shapes.append(Text(tx, BAND / 2 + 1.2 + fonts.ascent(pt) / 2, title, size=pt, bold=True, fill="#FFFFFF",
                       box=(tx, safe, tw, BAND - safe + 2.0), cls=("score-title",)))
    first = card * lay.per_card + 1
    last = min(turns, first + lay.per_card - 1)
    y = BAND + 1.5
    for c in range(lay.columns):
        a = first + c * lay.rows
        b = min(last, a + lay.rows - 1)
        if a > b:
            break
        shapes.extend(_column(a, b, safe + c * lay.column_w, y, lay, ink))
    return Group(tuple(shapes), id=f"score-card-{mark}-{card + 1}", cls=("score-card", mark.lower()))


def score_cards(names: tuple[str, str], colours: tuple[str, str], turns: tuple[int, int], safe: float,
                ink: str) -> tuple[list[Piece], list[CardLayout]]:
    """Each player's cards (rows for every mark that player can place) and their layouts."""
    pieces: list[Piece] = []
    layouts: list[CardLayout] = []
    for player in (0, 1):
        lay = layout(turns[player], safe)
        layouts.append(lay)
        for card in range(lay.cards):
            front = card_front(player, names[player], colours[player], card, lay, turns[player], safe, ink)
            pieces.append(Piece(f"{'XO'[player]} score card {card + 1}", CARD_W, CARD_H, front, kind="card"))
    return pieces, layouts
