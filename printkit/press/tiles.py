"""Boards on paper: centred on one page when they fit, else tiled with overlap and alignment marks."""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.draw.pdf import DrawingPage
from printkit.draw.shapes import Circle, Drawing, Group, Line, Rect, Shape, Style, Text
from printkit.press.marks import crop_marks
from printkit.press.pieces import Piece, printable_area
from printkit.press.settings import PrintSettings
from printkit.press.sheets import Placed, Sheet, footer

LABEL_BAND = 16.0
"""Space kept at the foot of a tile page for its label and assembly map."""


@dataclass(frozen=True)
class TileWindow:
    """The part of the board (with its bleed) that one tile shows, in board coordinates."""

    row: int
    col: int
    x: float
    y: float
    w: float
    h: float


def fits_one_page(piece: Piece, settings: PrintSettings) -> bool:
    area = printable_area(settings)
    b = settings.bleed_mm
    return piece.w + 2 * b <= area.w + 1e-6 and piece.h + 2 * b <= area.h + 1e-6


def _single(piece: Piece, settings: PrintSettings, label: str) -> Sheet:
    pw, ph = settings.page_size
    b = settings.bleed_mm
    x, y = (pw - piece.w) / 2, (ph - piece.h) / 2
    art = Group((Group((piece.front,), clip=(-b, -b, piece.w + 2 * b, piece.h + 2 * b)),), dx=x, dy=y, cls=("piece",))
    marks = crop_marks([x, x + piece.w], [y, y + piece.h], (pw, ph), settings)
    drawing = Drawing(pw, ph, (art, *marks, footer(label, settings)), title=label)
    trim = (x, y, piece.w, piece.h)
    bleed = (x - b, y - b, piece.w + 2 * b, piece.h + 2 * b)
    return Sheet(DrawingPage(drawing, trim, bleed), label, "front", [Placed(piece.name, x, y, piece.w, piece.h)], marks)


def tile_windows(piece: Piece, settings: PrintSettings) -> list[TileWindow]:
    """Windows covering the board plus its bleed, neighbours sharing an overlap strip."""
    area = printable_area(settings, reserve_bottom=LABEL_BAND)
    b, o = settings.bleed_mm, settings.tile_overlap_mm
    total_w, total_h = piece.w + 2 * b, piece.h + 2 * b
    cols = max(1, math.ceil((total_w - o) / (area.w - o)))
    rows = max(1, math.ceil((total_h - o) / (area.h - o)))
    tw = (total_w + (cols - 1) * o) / cols
    th = (total_h + (rows - 1) * o) / rows
    return [TileWindow(r, c, -b + c * (tw - o), -b + r * (th - o), tw, th) for r in range(rows) for c in range(cols)]


def _alignment_marks(windows: list[TileWindow], settings: PrintSettings) -> list[Shape]:
    """Registration targets in the middle of every overlap strip, in board coordinates."""
    style = Style(stroke=settings.colours.marks, width=0.25)
    o = settings.tile_overlap_mm
    points: set[tuple[float, float]] = set()
    for win in windows:
        right = [w for w in windows if w.row == win.row and w.col == win.col + 1]
        below = [w for w in windows if w.col == win.col and w.row == win.row + 1]
        if right:
            x = win.x + win.w - o / 2
            points.update((round(x, 3), round(win.y + f * win.h, 3)) for f in (0.25, 0.75))
        if below:
            y = win.y + win.h - o / 2
            points.update((round(win.x + f * win.w, 3), round(y, 3)) for f in (0.25, 0.75))
    shapes: list[Shape] = []
    for x, y in sorted(points):
        shapes += [Circle(x, y, 2.5, Style(fill="#FFFFFF", stroke=settings.colours.marks, width=0.25), cls=("alignment-mark",)),
                   Line(x - 4, y, x + 4, y, style), Line(x, y - 4, x, y + 4, style)]
    return shapes


def _assembly_map(windows: list[TileWindow], current: TileWindow, x: float, y: float, settings: PrintSettings) -> Group:
    cell = 4.0
    shapes: list[Shape] = []
    for win in windows:
        fill = settings.colours.ink if win == current else "#FFFFFF"
        shapes.append(Rect(win.col * cell, win.row * cell, cell, cell, Style(fill=fill, stroke=settings.colours.ink, width=0.2)))
    return Group(tuple(shapes), dx=x, dy=y, cls=("assembly-map",))


def _tile(piece: Piece, win: TileWindow, windows: list[TileWindow], settings: PrintSettings, title: str) -> Sheet:
    pw, ph = settings.page_size
    area = printable_area(settings, reserve_bottom=LABEL_BAND)
    ox, oy = area.x + (area.w - win.w) / 2, area.y
    marks_layer = _alignment_marks(windows, settings)
    board = Group((piece.front, *marks_layer), dx=-win.x, dy=-win.y)
    view = Group((board,), dx=ox, dy=oy, clip=(0, 0, win.w, win.h), cls=("tile",))
    cols = windows[-1].col + 1
    number = windows.index(win) + 1
    text = f"tile {number} of {len(windows)}: row {win.row + 1}, column {win.col + 1}"
    label_y = oy + win.h + 6
    caption = Text(area.x, label_y, f"{title}: {text}", size=8, bold=True, fill=settings.colours.ink, cls=("tile-label",))
    hint = Text(area.x, label_y + 4, f"overlap {settings.tile_overlap_mm:g} mm: lay tiles over each other so the targets meet, then tape",
                size=6.5, fill=settings.colours.muted)
    amap = _assembly_map(windows, win, area.x + area.w - cols * 4.0, label_y - 3.5, settings)
    trim = (ox, oy, win.w, win.h)
    drawing = Drawing(pw, ph, (view, caption, hint, amap, footer(f"{title} - {text}", settings)), title=text)
    return Sheet(DrawingPage(drawing, trim, trim), text, "front", [Placed(piece.name, ox, oy, win.w, win.h)], [])


def board_advice(sheets: list[Sheet]) -> str:
    """How to print and cut a board's pages: one page, or tiles to join."""
    if len(sheets) > 1:
        return "single-sided; lay the tiles over each other so the targets meet, tape, then cut along the outer edge"
    return "single-sided; cut along the crop marks"


def board_sheets(piece: Piece, settings: PrintSettings, title: str) -> list[Sheet]:
    """A board centred on one page, or tiled over several when it does not fit."""
    if fits_one_page(piece, settings):
        return [_single(piece, settings, f"{title} - cut along the crop marks")]
    windows = tile_windows(piece, settings)
    return [_tile(piece, win, windows, settings, title) for win in windows]
