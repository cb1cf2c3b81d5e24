"""Boards on paper: centred on one page when they fit, else tiled with overlap; crop marks at the board's outer corners
and registration targets at the seams' ends, outside the bleed and off the art."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from printkit.draw.fonts import text_extent
from printkit.draw.pdf import DrawingPage
from printkit.draw.shapes import Circle, Drawing, Group, Line, Rect, Shape, Style, Text
from printkit.press.marks import LABEL_CLEAR_MM, MIN_MARK_MM, TIGHT_BLEED_MM, TIGHT_OFFSET_MM, crop_marks, mark_room
from printkit.press.pieces import Piece
from printkit.press.settings import PrintSettings
from printkit.press.sheets import Placed, Sheet, footer

LABEL_BAND = 12.0
"""Space kept at the foot of a tile page for its label and assembly map."""
MAP_CELL = 4.0
"""Side of one tile's square on a tile page's assembly map."""
TARGET_MM = 5.0
"""Width of a registration target (its cross); its ring is 3 mm across."""


@dataclass(frozen=True)
class TileWindow:
    """The part of the board that one tile shows, in board coordinates (plus the bleed on the board's outer edges)."""

    row: int
    col: int
    x: float
    y: float
    w: float
    h: float


def one_page_settings(piece: Piece, settings: PrintSettings) -> PrintSettings | None:
    """The settings a board printed on one page uses: the kit's own when its bleed and crop marks fit around it; else,
    rather than tiling a board that nearly fits, the marks closer to the bleed (down to 0.5 mm) and then a smaller bleed
    (down to 2 mm, the low end of the usual 2-3 mm); None when it does not fit even so."""
    pw, ph = settings.page_size
    room = min(pw - piece.w, ph - piece.h) / 2
    if room >= mark_room(settings) - 1e-6:
        return settings
    if not settings.crop_marks:
        return None
    spare = room - settings.printer_margin_mm - MIN_MARK_MM
    offset = max(TIGHT_OFFSET_MM, min(settings.mark_offset_mm, spare - settings.bleed_mm))
    bleed = min(settings.bleed_mm, spare - offset)
    if bleed < min(settings.bleed_mm, TIGHT_BLEED_MM) - 1e-6 or room < settings.margin_mm - 1e-6:
        return None
    return dataclasses.replace(settings, mark_offset_mm=offset, bleed_mm=bleed)


def fits_one_page(piece: Piece, settings: PrintSettings) -> bool:
    """The board with its bleed and crop marks fits one page (closer together if need be: :func:`one_page_settings`)."""
    return one_page_settings(piece, settings) is not None


def _single(piece: Piece, kit_settings: PrintSettings, label: str) -> Sheet:
    settings = one_page_settings(piece, kit_settings) or kit_settings
    pw, ph = settings.page_size
    b = settings.bleed_mm
    x, y = (pw - piece.w) / 2, (ph - piece.h) / 2
    art = Group((Group(_art(piece), clip=(-b, -b, piece.w + 2 * b, piece.h + 2 * b)),), dx=x, dy=y, cls=("piece",))
    marks = crop_marks([x, x + piece.w], [y, y + piece.h], (pw, ph), settings)
    drawing = Drawing(pw, ph, (art, *marks, footer(label, settings, marks)), title=label)
    trim = (x, y, piece.w, piece.h)
    bleed = (x - b, y - b, piece.w + 2 * b, piece.h + 2 * b)
    note = None
    if settings != kit_settings:
        note = (f"{label}: its crop marks start {settings.mark_offset_mm:g} mm from a {settings.bleed_mm:g} mm bleed, so that "
                f"the board fits one {settings.paper} page with them outside the printer's {settings.printer_margin_mm:g} mm margin")
    return Sheet(DrawingPage(drawing, trim, bleed), label, "front", [Placed(piece.name, x, y, piece.w, piece.h)], marks, note,
                 b if note else None)


def _art(piece: Piece) -> tuple[Shape, ...]:
    """The board's art with its underlay (the bleed of art that stops at the cut line), as print sheets draw it."""
    return (piece.underlay, piece.front) if piece.underlay is not None else (piece.front,)


def _room(settings: PrintSettings) -> float:
    """mm from the board's outer cut line to the paper edge on a tile: its crop marks or its targets, whichever needs more."""
    b, off, m = settings.bleed_mm, settings.mark_offset_mm, settings.printer_margin_mm
    return max(mark_room(settings), b + off + TARGET_MM + m)


def tile_windows(piece: Piece, settings: PrintSettings) -> list[TileWindow]:
    """Windows covering the board, neighbours sharing an overlap strip; each tile shows its window plus the bleed on
    the board's outer edges, with room around for crop marks and targets."""
    pw, ph = settings.page_size
    room, o = _room(settings), settings.tile_overlap_mm
    area_w, area_h = pw - 2 * room, ph - 2 * room - LABEL_BAND
    cols = max(1, math.ceil((piece.w - o) / (area_w - o)))
    rows = max(1, math.ceil((piece.h - o) / (area_h - o)))
    tw = (piece.w + (cols - 1) * o) / cols
    th = (piece.h + (rows - 1) * o) / rows
    return [TileWindow(r, c, c * (tw - o), r * (th - o), tw, th) for r in range(rows) for c in range(cols)]


def _seams(windows: list[TileWindow], settings: PrintSettings) -> list[tuple[str, float]]:
    """The middle of every overlap strip: ``("x", board x)`` for a seam between columns, ``("y", board y)`` between rows."""
    o = settings.tile_overlap_mm
    cols = sorted({(w.col, w.x + w.w) for w in windows})
    rows = sorted({(w.row, w.y + w.h) for w in windows})
    last_col, last_row = max(w.col for w in windows), max(w.row for w in windows)
    return ([("x", right - o / 2) for col, right in cols if col < last_col]
            + [("y", bottom - o / 2) for row, bottom in rows if row < last_row])


def _target(x: float, y: float, settings: PrintSettings) -> list[Shape]:
    """A registration target (ring and cross) centred on ``x, y``."""
    r = TARGET_MM / 2
    style = Style(stroke=settings.colours.marks, width=0.2)
    return [Circle(x, y, r * 0.6, Style(fill="#FFFFFF", stroke=settings.colours.marks, width=0.2), cls=("alignment-mark",)),
            Line(x - r, y, x + r, y, style), Line(x, y - r, x, y + r, style)]


def _outside(piece: Piece, win: TileWindow, windows: list[TileWindow], ox: float, oy: float, settings: PrintSettings
             ) -> tuple[list[Line], list[Shape]]:
    """Crop marks at the board's corners on this tile, and a target at each end of a seam that reaches the board's
    outer edge here: all outside the bleed, off the art (page coordinates)."""
    b, off = settings.bleed_mm, settings.mark_offset_mm
    pw, ph = settings.page_size

    def page(bx: float, by: float) -> tuple[float, float]:
        return ox + bx - win.x, oy + by - win.y

    left, top = win.col == 0, win.row == 0
    right, bottom = win.x + win.w >= piece.w - 1e-6, win.y + win.h >= piece.h - 1e-6
    xs = [v for v, here in ((0.0, left), (piece.w, right)) if here]
    ys = [v for v, here in ((0.0, top), (piece.h, bottom)) if here]
    marks: list[Line] = []
    for bx in xs:
        for by in ys:
            x, y = page(bx, by)
            corner = crop_marks([x], [y], (pw, ph), settings)
            marks += [mk for mk in corner if _points_away(mk, x, y, bx == 0.0, by == 0.0)]
    targets: list[Shape] = []
    reach = b + off + TARGET_MM / 2
    for axis, at in _seams(windows, settings):
        if axis == "x" and win.x <= at <= win.x + win.w:
            for by, here, out in ((0.0, top, -1), (piece.h, bottom, 1)):
                if here:
                    x, y = page(at, by)
                    targets += _target(x, y + out * reach, settings)
        if axis == "y" and win.y <= at <= win.y + win.h:
            for bx, here, out in ((0.0, left, -1), (piece.w, right, 1)):
                if here:
                    x, y = page(bx, at)
                    targets += _target(x + out * reach, y, settings)
    return marks, targets


def _points_away(mark: Line, x: float, y: float, left: bool, top: bool) -> bool:
    """A corner's mark that runs away from the board: above or below a vertical cut line's end, beside a horizontal one's."""
    if mark.x1 == mark.x2:
        return (max(mark.y1, mark.y2) <= y) == top
    return (max(mark.x1, mark.x2) <= x) == left


def _map_x(x: float, y: float, cols: int, rows: int, marks: list[Line]) -> float:
    """The assembly map's left edge: ``x`` (by the right margin), or left of the crop marks it would lie under,
    :data:`LABEL_CLEAR_MM` from them (at a small bleed a mark of a board's bottom corner runs down past the map)."""
    w, h = cols * MAP_CELL, rows * MAP_CELL
    while True:
        hit = [min(mk.x1, mk.x2) for mk in marks
               if min(mk.x1, mk.x2) <= x + w + LABEL_CLEAR_MM and max(mk.x1, mk.x2) >= x - LABEL_CLEAR_MM
               and min(mk.y1, mk.y2) <= y + h + LABEL_CLEAR_MM and max(mk.y1, mk.y2) >= y - LABEL_CLEAR_MM]
        if not hit:
            return x
        x = min(hit) - LABEL_CLEAR_MM - w - 0.01


def _assembly_map(windows: list[TileWindow], current: TileWindow, x: float, y: float, settings: PrintSettings) -> Group:
    cell = MAP_CELL
    shapes: list[Shape] = []
    for win in windows:
        fill = settings.colours.ink if win == current else "#FFFFFF"
        shapes.append(Rect(win.col * cell, win.row * cell, cell, cell, Style(fill=fill, stroke=settings.colours.ink, width=0.2)))
    return Group(tuple(shapes), dx=x, dy=y, cls=("assembly-map",))


def _tile(piece: Piece, win: TileWindow, windows: list[TileWindow], settings: PrintSettings, title: str) -> Sheet:
    pw, ph = settings.page_size
    room, b = _room(settings), settings.bleed_mm
    ox, oy = (pw - win.w) / 2, room
    left, top = b if win.col == 0 else 0.0, b if win.row == 0 else 0.0
    right = b if win.x + win.w >= piece.w - 1e-6 else 0.0
    bottom = b if win.y + win.h >= piece.h - 1e-6 else 0.0
    shown = (-left, -top, win.w + left + right, win.h + top + bottom)
    board = Group(_art(piece), dx=-win.x, dy=-win.y)
    view = Group((board,), dx=ox, dy=oy, clip=shown, cls=("tile",))
    marks, targets = _outside(piece, win, windows, ox, oy, settings)
    cols = windows[-1].col + 1
    number = windows.index(win) + 1
    text = f"tile {number} of {len(windows)}: row {win.row + 1}, column {win.col + 1}"
    label_y = oy + win.h + bottom + room - settings.printer_margin_mm + 2
    x0 = settings.margin_mm
    caption = Text(x0, label_y, f"{title}: {text}", size=8, bold=True, fill=settings.colours.ink, cls=("tile-label",))
    hint = Text(x0, label_y + 4, f"overlap {settings.tile_overlap_mm:g} mm: lay tiles over each other so the targets meet, then tape",
                size=6.5, fill=settings.colours.muted)
    marks = _clear_of(marks, [text_extent(caption), text_extent(hint)], oy + win.h)
    rows = windows[-1].row + 1
    amap = _assembly_map(windows, win, _map_x(pw - settings.margin_mm - cols * MAP_CELL, label_y - 3.5, cols, rows, marks),
                         label_y - 3.5, settings)
    trim = (ox, oy, win.w, win.h)
    bleed = (ox - left, oy - top, win.w + left + right, win.h + top + bottom)
    drawing = Drawing(pw, ph, (view, *targets, *marks, caption, hint, amap, footer(f"{title} - {text}", settings, marks)),
                      title=text)
    return Sheet(DrawingPage(drawing, trim, bleed), text, "front", [Placed(piece.name, ox, oy, win.w, win.h)], marks)


def _clear_of(marks: list[Line], boxes: list[tuple[float, float, float, float]], cut_y: float) -> list[Line]:
    """The marks below the cut line ``cut_y`` that run into a box (x0, y0, x1, y1: the tile's caption and hint)
    stopped :data:`LABEL_CLEAR_MM` above it, still over :data:`MIN_MARK_MM` long: a long ``print.mark_length_mm``
    reaches the captions, which the tile's room keeps clear of marks of :data:`TARGET_MM` only."""
    kept: list[Line] = []
    for mk in marks:
        top, end = min(mk.y1, mk.y2), max(mk.y1, mk.y2)
        x0, x1 = min(mk.x1, mk.x2), max(mk.x1, mk.x2)
        hit = [by0 for bx0, by0, bx1, by1 in boxes
               if top > cut_y and x0 <= bx1 and x1 >= bx0 and top <= by1 and end >= by0]
        if hit and mk.x1 == mk.x2:
            mk = dataclasses.replace(mk, y1=top, y2=min(hit) - LABEL_CLEAR_MM)
        kept.append(mk)
    return kept


def turned(piece: Piece) -> Piece:
    """The piece a quarter turn clockwise (its width becomes its height)."""
    return Piece(piece.name, piece.h, piece.w, Group((piece.front,), dx=piece.h, rotate=90), kind=piece.kind)


def oriented(piece: Piece, settings: PrintSettings) -> Piece:
    """A board as printed when it may turn to fit the paper: upright when that fits one page, else turned when that
    fits one page or needs fewer tiles than upright."""
    other = turned(piece)
    if fits_one_page(piece, settings):
        return piece
    if fits_one_page(other, settings):
        return other
    return other if len(tile_windows(other, settings)) < len(tile_windows(piece, settings)) else piece


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
