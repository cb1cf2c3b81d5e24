"""Grids of pieces on pages: cards (butted, backs mirrored for duplex) and tokens."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from printkit.draw.pdf import DrawingPage
from printkit.draw.shapes import Drawing, Group, Line, Shape, Text
from printkit.press.marks import crop_marks
from printkit.press.pieces import Piece, bleed_outline, cut_guide, printable_area
from printkit.press.settings import PrintSettings

FOOTER_PT = 6.5


@dataclass(frozen=True)
class Placed:
    """A piece's cut rectangle on a page."""

    name: str
    x: float
    y: float
    w: float
    h: float


@dataclass
class Sheet:
    """One page of pieces: what the PDF shows and what verify checks."""

    page: DrawingPage
    label: str
    side: str = "front"
    placed: list[Placed] = field(default_factory=list)
    marks: list[Line] = field(default_factory=list)


def footer(text: str, settings: PrintSettings) -> Text:
    """The page's label line, centred at the foot of the page, outside every piece."""
    pw, ph = settings.page_size
    return Text(pw / 2, ph - settings.mark_margin_mm, text, size=FOOTER_PT, anchor="middle",
                fill=settings.colours.muted, cls=("page-label",))


def _fit(area_w: float, area_h: float, w: float, h: float, gap: float) -> tuple[int, int]:
    cols = max(0, math.floor((area_w + gap + 1e-9) / (w + gap)))
    rows = max(0, math.floor((area_h + gap + 1e-9) / (h + gap)))
    return cols, rows


def grid_shape(count: int, w: float, h: float, gap: float, settings: PrintSettings) -> tuple[int, int]:
    """Columns and rows of ``w`` x ``h`` pieces (``gap`` apart) whose cut lines fit inside the margins.

    The grid leaves room for full-length crop marks unless that costs more than a quarter of the
    pieces on a page (3 x 3 poker cards on A4 keep their 9 and get shorter side marks).
    """
    area = printable_area(settings, reserve_bottom=0)
    cols, rows = _fit(area.w, area.h, w, h, gap)
    if cols == 0 or rows == 0:
        raise ValueError(f"a {w:g} x {h:g} mm piece does not fit on {settings.paper} paper")
    if settings.crop_marks:
        marks = settings.bleed_mm + settings.mark_offset_mm + settings.mark_length_mm + settings.mark_margin_mm
        inset = 2 * max(0.0, marks - settings.margin_mm)
        roomy = _fit(area.w - inset, area.h - inset, w, h, gap)
        if roomy[0] * roomy[1] * 4 >= cols * rows * 3:
            cols, rows = roomy
    return cols, min(rows, math.ceil(count / cols))


def _slots(cols: int, rows: int, w: float, h: float, gap: float, settings: PrintSettings) -> list[tuple[float, float]]:
    """Slot origins of a grid centred on the page (so mirrored backs land on their fronts)."""
    pw, ph = settings.page_size
    x0 = (pw - (cols * w + (cols - 1) * gap)) / 2
    y0 = (ph - (rows * h + (rows - 1) * gap)) / 2
    return [(x0 + c * (w + gap), y0 + r * (h + gap)) for r in range(rows) for c in range(cols)]


def _clip(piece: Piece, x: float, y: float, taken: set[tuple[float, float]], b: float, gap: float) -> tuple[float, float, float, float]:
    """The piece's visible rectangle: full bleed on every side without a butted neighbour."""
    inner = min(b, gap / 2)
    step_x, step_y = piece.w + gap, piece.h + gap

    def side(dx: float, dy: float) -> float:
        return inner if (round(x + dx, 3), round(y + dy, 3)) in taken else b

    left, right, top, bottom = side(-step_x, 0), side(step_x, 0), side(0, -step_y), side(0, step_y)
    return (-left, -top, piece.w + left + right, piece.h + top + bottom)


def _edges(values: list[float], size: float) -> list[float]:
    return sorted({round(v, 4) for v in values} | {round(v + size, 4) for v in values})


def _page(pieces: list[Piece], slots: list[tuple[float, float]], settings: PrintSettings, label: str, side: str, gap: float) -> Sheet:
    pw, ph = settings.page_size
    w, h = pieces[0].w, pieces[0].h
    xs, ys = _edges([s[0] for s in slots], w), _edges([s[1] for s in slots], h)
    taken = {(round(x, 3), round(y, 3)) for x, y in slots}
    shapes: list[Shape] = []
    placed: list[Placed] = []
    for piece, (x, y) in zip(pieces, slots):
        art = piece.front if side == "front" else piece.back
        assert art is not None
        under = [piece.underlay] if piece.underlay is not None and side == "front" else []
        children = [*under, art, *cut_guide(piece)]
        clip = bleed_outline(piece, settings.bleed_mm) if piece.shaped else _clip(piece, x, y, taken, settings.bleed_mm, gap)
        clipped = Group((Group(tuple(children), clip=clip),), dx=x, dy=y, cls=("piece",))
        shapes.append(clipped)
        placed.append(Placed(piece.name, x, y, w, h))
    marks = crop_marks(xs, ys, (pw, ph), settings)
    drawing = Drawing(pw, ph, (*shapes, *marks, footer(label, settings)), title=label)
    trim = (xs[0], ys[0], xs[-1] - xs[0], ys[-1] - ys[0])
    b = settings.bleed_mm
    bleed = (max(0.0, trim[0] - b), max(0.0, trim[1] - b), min(pw, trim[0] + trim[2] + b) - max(0.0, trim[0] - b),
             min(ph, trim[1] + trim[3] + b) - max(0.0, trim[1] - b))
    return Sheet(DrawingPage(drawing, trim, bleed), label, side, placed, marks)


def mirror_slots(slots: list[tuple[float, float]], w: float, h: float, settings: PrintSettings) -> list[tuple[float, float]]:
    """Where each front slot's back goes when the sheet is flipped on the configured edge."""
    pw, ph = settings.page_size
    dx, dy = settings.back_offset_x_mm, settings.back_offset_y_mm
    if settings.duplex_flip == "long":
        return [(pw - x - w + dx, y + dy) for x, y in slots]
    return [(x + dx, ph - y - h + dy) for x, y in slots]


def grid_sheets(pieces: list[Piece], settings: PrintSettings, title: str, what: str) -> list[Sheet]:
    """Pages of equal-sized pieces: fronts, and after each a backs page if the pieces have backs.

    Pieces sit ``print.card_gap`` apart (shaped ones two bleeds apart); their bleed fills the gap up to its middle.
    """
    if not pieces:
        return []
    w, h = pieces[0].w, pieces[0].h
    gap = 2 * settings.bleed_mm if pieces[0].shaped else settings.card_gap
    cols, rows = grid_shape(len(pieces), w, h, gap, settings)
    per_page = cols * rows
    total = math.ceil(len(pieces) / per_page)
    sheets: list[Sheet] = []
    for index in range(total):
        batch = pieces[index * per_page:(index + 1) * per_page]
        rows_here = math.ceil(len(batch) / cols)
        slots = _slots(cols, rows_here, w, h, gap, settings)[: len(batch)]
        name = f"{title} - {what}, sheet {index + 1} of {total}"
        has_backs = all(p.back is not None for p in batch)
        note = f" - print double-sided, flip on the {settings.duplex_flip} edge" if has_backs else ""
        sheets.append(_page(batch, slots, settings, f"{name}: fronts{note}" if has_backs else name, "front", gap))
        if has_backs:
            backs = mirror_slots(_slots(cols, rows_here, w, h, gap, settings), w, h, settings)[: len(batch)]
            sheets.append(_page(batch, backs, settings, f"{name}: backs", "back", gap))
    return sheets
