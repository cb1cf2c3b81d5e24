"""SiTTeRS paper sheets: the loot tally and score sheet (with the scoring table) and the die page."""

from __future__ import annotations

from typing import Any

from printkit.art.cards import centred_text, text_block
from printkit.draw import fonts
from printkit.draw.shapes import Drawing, Group, Line, Rect, Shape, Style, Text
from printkit.games.sitters import art_pieces as sym
from printkit.games.sitters.params import sided, theme_names
from printkit.games.sitters.rules import score_table, verdict_line
from printkit.kitart import Page, die_net, spinner
from printkit.press.settings import PrintSettings

GRID = Style(stroke="#8C8C8C", width=0.25)
STRONG = Style(stroke=sym.INK, width=0.4)
WIN_TINT = {0: "#CDE5F4", 1: "#F7D3BE", None: "#D9D9D9"}
"""Scoring-table cells: collectors win (blue), obstructors win (vermillion), draw (grey, bold)."""


def _cell(x: float, y: float, w: float, h: float, text: str, pt: float = 9.0, bold: bool = False,
          ident: str | None = None, fill: str = sym.INK) -> Text:
    return centred_text(x, y, w, h, text, pt, bold, fill, ident, ("sheet-text",))


def scoring_grid(params: Any, x: float, y: float, width: float) -> tuple[list[Shape], float]:
    """The scoring table from ``score_table``: loot bands down, surviving collectors across."""
    table = score_table(params)
    n = theme_names(params.theme)
    row_h, label_w = 7.0, 22.0
    col_w = (width - label_w) / len(table["columns"])
    shapes: list[Shape] = [_cell(x + label_w, y, width - label_w, row_h, f"surviving {n['collectors']}", 8.0, True)]
    top = y + row_h
    shapes.append(_cell(x, top, label_w, row_h, n["loot"], 8.0, True))
    for i, s in enumerate(table["columns"]):
        shapes.append(_cell(x + label_w + i * col_w, top, col_w, row_h, str(s), 9.0, True))
    for r, (label, scores) in enumerate(zip(table["rows"], table["scores"])):
        ry = top + (r + 1) * row_h
        shapes.append(_cell(x, ry, label_w, row_h, label, 9.0, True, ident=f"loot-band-{r}"))
        for i, value in enumerate(scores):
            winner = 0 if value > params.target else (1 if value < params.target else None)
            cx = x + label_w + i * col_w
            shapes.append(Rect(cx, ry, col_w, row_h, Style(fill=WIN_TINT[winner], stroke="#FFFFFF", width=0.4)))
            shapes.append(_cell(cx, ry, col_w, row_h, str(value), 9.5, winner is None,
                                ident=f"score-{r}-{table['columns'][i]}"))
    bottom = top + (len(table["rows"]) + 1) * row_h
    shapes += [Line(x, top + row_h, x + width, top + row_h, STRONG), Line(x + label_w, top, x + label_w, bottom, STRONG)]
    return shapes, bottom - y


def _heading(x: float, y: float, text: str, width: float) -> Text:
    return Text(x, y + fonts.ascent(10.5), text, size=10.5, bold=True, fill=sym.INK, box=(x, y, width, 6))


def loot_tally(params: Any, x: float, y: float, width: float) -> tuple[list[Shape], float]:
    """One row per container that can be opened: space, loot roll, running total."""
    n = theme_names(params.theme)
    rows, row_h = 2 * params.containers_per_player, 7.5
    heads = (("#", 0.12), ("space", 0.24), ("roll", 0.30), ("total", 0.34))
    shapes: list[Shape] = [_heading(x, y, f"{n['loot'].capitalize()} tally", width)]
    shapes.extend(text_block(f"One row per {n['container']} opened: its space, the roll, the new total.",
                             x, y + 6.5, width, 8.0, sym.INK, max_pt=9.0))
    top, cx = y + 15.0, x
    for text, frac in heads:
        shapes.append(_cell(cx, top, width * frac, row_h, text, 8.0, True))
        cx += width * frac
    for i in range(rows):
        ry = top + (i + 1) * row_h
        shapes.append(_cell(x, ry, width * 0.12, row_h, str(i + 1), 8.0, fill="#6B6B6B"))
        shapes.append(Line(x, ry + row_h, x + width, ry + row_h, GRID))
    bottom = top + (rows + 1) * row_h
    shapes.append(Line(x, top + row_h, x + width, top + row_h, STRONG))
    cx = x
    for _, frac in heads[:-1]:
        cx += width * frac
        shapes.append(Line(cx, top, cx, bottom, GRID))
    return shapes, bottom - y


def boxes(label: str, count: int, x: float, y: float, width: float, ident: str) -> tuple[list[Shape], float]:
    """A label, then ``count`` tick boxes."""
    shapes: list[Shape] = list(text_block(label, x, y, width, 8.0, sym.INK, max_pt=9.0))
    size, gap = 7.0, 2.5
    per_row = max(1, int((width + gap) // (size + gap)))
    for i in range(count):
        r, c = divmod(i, per_row)
        shapes.append(Rect(x + c * (size + gap), y + 9 + r * (size + gap), size, size,
                           Style(fill="#FFFFFF", stroke=sym.INK, width=0.35), cls=("tick-box", ident)))
    rows = -(-count // per_row) if count else 0
    return shapes, 9 + rows * (size + gap) + 2


def score_sheet(params: Any, settings: PrintSettings) -> Page:
    """The whole page: tallies on the left, survivors and defeated markers on the right, the table, the result."""
    n = theme_names(params.theme)
    pw, ph = settings.page_size
    x0, width = 15.0, pw - 30.0
    half = (width - 8) / 2
    shapes: list[Shape] = [Text(x0, 22, "SiTTeRS - loot tally and score sheet", size=15, bold=True, fill=sym.INK,
                                box=(x0, 14, width, 10))]
    shapes.extend(text_block(f"{n['collectors'].capitalize()} against {n['obstructors']}. Copy this page for "
                             "more games.", x0, 26, width, 6, "#6B6B6B", max_pt=9.0))
    tally, tally_h = loot_tally(params, x0, 36, half)
    shapes.extend(tally)
    rx, ry = x0 + half + 8, 36.0
    for label, count, ident in (
            (f"Survivors: tick a box for each {n['collector']} reaching the safe zone.", params.collectors, "survivor"),
            (f"Defeated {n['collectors']} off the board (one comes back on {params.a_top_roll}).",
             params.collectors, "defeated-collector"),
            (f"Defeated {n['obstructors']} off the board (one comes back on {params.a_top_roll}).",
             params.obstructors, "defeated-obstructor")):
        part, part_h = boxes(label, count, rx, ry, half, ident)
        shapes.extend(part)
        ry += part_h + 2
    y = max(36 + tally_h, ry) + 6
    shapes.append(_heading(x0, y, "Scoring table", width))
    grid, grid_h = scoring_grid(params, x0, y + 8, width)
    shapes.extend(grid)
    y += 8 + grid_h + 3
    shapes.extend(text_block(f"When no {n['collector']} is left on the board, find the score: the row of your "
                             f"{n['loot']} total, the column of your survivors. "
                             f"{verdict_line(params).capitalize()}.", x0, y, width, 12, sym.INK, max_pt=10.0))
    y += 15
    fields = (f"{n['loot'].capitalize()} total", "Survivors", "Score", "Winner")
    fw = width / len(fields)
    for i, label in enumerate(fields):
        fx = x0 + i * fw
        shapes.append(Text(fx, y + fonts.ascent(9), label, size=9, bold=True, fill=sym.INK, box=(fx, y, fw - 3, 5)))
        shapes.append(Line(fx, y + 14, fx + fw - 4, y + 14, STRONG))
    return Page((Group(tuple(shapes), id="score-sheet"),), "SiTTeRS - score sheet", title="SiTTeRS score sheet")


def die_page(params: Any, settings: PrintSettings) -> Page:
    """The D6 net (or a spinner for another die) with how to make it; its artwork file the net (or spinner) alone."""
    pw, _ = settings.page_size
    x0, width = 15.0, pw - 30.0
    if params.die_sides == 6:
        art, w, h = die_net(20.0), 86.0, 60.0
        how = ("A die for players without one. Cut along the solid outline, fold along the dashed lines (grey tabs "
               "inside), glue the tabs. Opposite faces add up to 7.")
    else:
        art, w, h = spinner(params.die_sides), 76.0, 76.0
        how = (f"This edition plays with {sided(params.die_sides)} die (games.sitters.die_sides), which has no "
               f"simple paper net: use a real d{params.die_sides}, or this spinner. Cut out the disc, hold a paper "
               "clip at its centre with a pencil tip and flick the clip: it points at your roll.")
    shapes: list[Shape] = [Text(x0, 22, f"SiTTeRS - {'die' if params.die_sides == 6 else 'spinner'}", size=15,
                                bold=True, fill=sym.INK, box=(x0, 14, width, 10))]
    shapes.extend(text_block(how, x0, 27, width, 14, sym.INK, max_pt=10.0))
    ax, ay = (pw - w) / 2, 50.0
    shapes.append(Group((art,), dx=ax, dy=ay))
    label = f"SiTTeRS - {'die net' if params.die_sides == 6 else 'spinner'}"
    return Page(tuple(shapes), label, cut=((label, ax, ay, w, h),),
                artwork=Drawing(w + 4, h + 16, (Group((art,), dx=2, dy=8),), title="SiTTeRS die"))
