"""Grids of pieces on pages: cards (each with its bleed, or butted; backs mirrored for duplex) and tokens, with crop marks
for every cut line outside the printer's margin."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field

from printkit.draw.pdf import DrawingPage
from printkit.draw.shapes import Drawing, Group, Line, Shape, Text
from printkit.press.marks import LABEL_PT, MIN_MARK_MM, crop_marks, label, mark_room
from printkit.press.pieces import Piece, bleed_outline
from printkit.press.settings import PrintSettings

FOOTER_PT = LABEL_PT


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
    note: str | None = None
    """How the layout gave way to the crop marks (fewer pieces, pieces turned): verify's note."""
    bleed_mm: float | None = None
    """The bleed this sheet was laid out with, when not the kit's (a one-page board that needed a smaller one)."""


@dataclass(frozen=True)
class Page:
    """A page of kit.pdf drawn whole by a kit's Python (kit.toml's ``[[pages]]``: a score sheet, a die net to fold):
    its shapes on the paper in mm (y down, the print settings' page size), the label printed at its foot, the drawing's
    title (default: the label), the parts to cut out as ``(name, x, y, w, h)`` and the picture of its artwork file
    (default: the page itself)."""

    shapes: tuple[Shape, ...]
    label: str
    title: str = ""
    cut: tuple[tuple[str, float, float, float, float], ...] = ()
    artwork: Drawing | None = None

    def drawing(self, settings: PrintSettings) -> Drawing:
        """The whole page: its shapes and the footer with its label."""
        pw, ph = settings.page_size
        return Drawing(pw, ph, (*self.shapes, footer(self.label, settings)), title=self.title or self.label)

    def sheet(self, settings: PrintSettings) -> Sheet:
        """The page as kit.pdf prints it (and verify checks its cut parts)."""
        return Sheet(DrawingPage(self.drawing(settings)), self.label, placed=[Placed(*part) for part in self.cut])


def footer(text: str, settings: PrintSettings, marks: list[Line] | tuple[Line, ...] = (), short: str | None = None) -> Text:
    """The page's label line at the foot of the page, inside the printer margin, never under a crop mark
    (see :func:`printkit.press.marks.label`)."""
    return label(text, settings, list(marks), short)


def _fit(area_w: float, area_h: float, w: float, h: float, gap: float) -> tuple[int, int]:
    cols = max(0, math.floor((area_w + gap + 1e-9) / (w + gap)))
    rows = max(0, math.floor((area_h + gap + 1e-9) / (h + gap)))
    return cols, rows


@dataclass(frozen=True)
class Grid:
    """How equal pieces sit on a page: ``cols`` x ``rows`` slots, each piece turned a quarter turn when ``turned``
    (its slot is then ``h`` wide and ``w`` high); ``marked``: every cut line gets crop marks of full length."""

    cols: int
    rows: int
    turned: bool = False
    marked: bool = True
    unmarked: int = 0
    """How many pieces a page would hold upright with no room for crop marks (what the marks cost)."""
    capacity: int = 0
    """How many pieces a page of this grid holds (its rows may be fewer when the pieces are fewer)."""

    @property
    def per_page(self) -> int:
        return self.cols * self.rows


def grid_layout(count: int, w: float, h: float, gap: float, settings: PrintSettings, turnable: bool = True) -> Grid:
    """The grid of ``w`` x ``h`` pieces (``gap`` apart) that holds most pieces on a page with crop marks of at least
    :data:`~printkit.press.marks.MIN_MARK_MM` for every cut line, outside the printer's margin: upright or turned a
    quarter turn (upright when both hold as many), the room kept wider by the back offsets (backs move by them). When
    not even one piece fits that way, the pieces fill the page inside its margins and verify reports the short marks.
    """
    pw, ph = settings.page_size
    m = settings.margin_mm
    plain = _fit(pw - 2 * m, ph - 2 * m, w, h, gap)
    if plain[0] == 0 or plain[1] == 0:
        raise ValueError(f"a {w:g} x {h:g} mm piece does not fit on {settings.paper} paper")
    room = mark_room(settings)
    shift_x, shift_y = abs(settings.back_offset_x_mm), abs(settings.back_offset_y_mm)  # backs move by these
    unmarked = plain[0] * plain[1]
    best: Grid | None = None
    for turned in (False, True) if turnable and abs(w - h) > 1e-9 else (False,):
        sw, sh = (h, w) if turned else (w, h)
        cols, rows = _fit(pw - 2 * (room + shift_x), ph - 2 * (room + shift_y), sw, sh, gap)
        if cols and rows and (best is None or min(count, cols * rows) > min(count, best.per_page)):
            best = Grid(cols, rows, turned, True, min(count, unmarked), min(count, cols * rows))
    if best is None:
        best = Grid(plain[0], plain[1], False, not settings.crop_marks, min(count, unmarked), min(count, unmarked))
    cols = best.cols
    return dataclasses.replace(best, rows=min(best.rows, math.ceil(count / cols)))


def grid_note(grid: Grid, settings: PrintSettings, what: str) -> str | None:
    """What the crop marks cost on a sheet of ``what`` (for verify), or None when they cost nothing."""
    if not settings.crop_marks:
        return None
    if not grid.marked:
        return (f"{what}: a piece leaves no room for crop marks of {MIN_MARK_MM:g} mm outside the printer's "
                f"{settings.printer_margin_mm:g} mm margin on {settings.paper} paper")
    full = grid.capacity
    if full < grid.unmarked:
        how = ", turned a quarter turn" if grid.turned else ""
        return (f"{what}: {full} per {settings.paper} sheet{how}, where {grid.unmarked} would fit without room for crop marks "
                f"outside the printer's {settings.printer_margin_mm:g} mm margin")
    if grid.turned:
        return f"{what}: {full} per {settings.paper} sheet, turned a quarter turn so that every cut line gets its crop marks"
    return None


def _slots(cols: int, rows: int, w: float, h: float, gap: float, settings: PrintSettings) -> list[tuple[float, float]]:
    """Slot origins of a grid centred on the page (so mirrored backs land on their fronts)."""
    pw, ph = settings.page_size
    x0 = (pw - (cols * w + (cols - 1) * gap)) / 2
    y0 = (ph - (rows * h + (rows - 1) * gap)) / 2
    return [(x0 + c * (w + gap), y0 + r * (h + gap)) for r in range(rows) for c in range(cols)]


def _clip(x: float, y: float, w: float, h: float, taken: set[tuple[float, float]], b: float, gap: float) -> tuple[float, float, float, float]:
    """The slot's visible rectangle: full bleed on every side without a butted neighbour."""
    inner = min(b, gap / 2)
    step_x, step_y = w + gap, h + gap

    def side(dx: float, dy: float) -> float:
        return inner if (round(x + dx, 3), round(y + dy, 3)) in taken else b

    left, right, top, bottom = side(-step_x, 0), side(step_x, 0), side(0, -step_y), side(0, step_y)
    return (-left, -top, w + left + right, h + top + bottom)


def turn(art: Shape, piece: Piece, side: str, flip: str) -> Group:
    """A piece's art turned a quarter turn into its slot (``piece.h`` wide, ``piece.w`` high): fronts clockwise, their
    top to the right; backs so that each back's top lies behind its front's top once the sheet is flipped on ``flip``."""
    clockwise = side == "front" or flip == "short"
    if clockwise:
        return Group((art,), dx=piece.h, dy=0.0, rotate=90.0, cls=("turned",))
    return Group((art,), dx=0.0, dy=piece.w, rotate=-90.0, cls=("turned",))


def _edges(values: list[float], size: float) -> list[float]:
    return sorted({round(v, 4) for v in values} | {round(v + size, 4) for v in values})


def _page(pieces: list[Piece], slots: list[tuple[float, float]], settings: PrintSettings, label: str, side: str, gap: float,
          turned: bool = False, short: str | None = None) -> Sheet:
    pw, ph = settings.page_size
    w, h = (pieces[0].h, pieces[0].w) if turned else (pieces[0].w, pieces[0].h)
    xs, ys = _edges([s[0] for s in slots], w), _edges([s[1] for s in slots], h)
    taken = {(round(x, 3), round(y, 3)) for x, y in slots}
    shapes: list[Shape] = []
    placed: list[Placed] = []
    for piece, (x, y) in zip(pieces, slots):
        art = piece.front if side == "front" else piece.back
        assert art is not None
        under = [piece.underlay] if piece.underlay is not None and side == "front" else []
        children: tuple[Shape, ...] = (*under, art)
        if turned:
            children = (turn(Group(children), piece, side, settings.duplex_flip),)
        if piece.shaped:
            clip = bleed_outline(piece, settings.bleed_mm)
        else:
            clip = _clip(x, y, w, h, taken, settings.bleed_mm, gap)
        clipped = Group((Group(children, clip=clip),), dx=x, dy=y, cls=("piece",))
        shapes.append(clipped)
        placed.append(Placed(piece.name, x, y, w, h))
    marks = crop_marks(xs, ys, (pw, ph), settings)
    drawing = Drawing(pw, ph, (*shapes, *marks, footer(label, settings, marks, short)), title=label)
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

    Pieces sit :attr:`~PrintSettings.piece_gap` apart (each with its own bleed; butted with ``print.butted``), shaped
    ones two bleeds apart, in the :func:`grid_layout` that gives every cut line its crop marks.
    """
    if not pieces:
        return []
    w, h = pieces[0].w, pieces[0].h
    gap = 2 * settings.bleed_mm if pieces[0].shaped else settings.piece_gap
    grid = grid_layout(len(pieces), w, h, gap, settings, turnable=not pieces[0].shaped)
    cols = grid.cols
    sw, sh = (h, w) if grid.turned else (w, h)
    total = math.ceil(len(pieces) / grid.per_page)
    sheets: list[Sheet] = []
    note = grid_note(grid, settings, f"{title} - {what}")
    for index in range(total):
        batch = pieces[index * grid.per_page:(index + 1) * grid.per_page]
        rows_here = math.ceil(len(batch) / cols)
        slots = _slots(cols, rows_here, sw, sh, gap, settings)[: len(batch)]
        name = f"{title} - {what}, sheet {index + 1} of {total}"
        short = f"{what}, sheet {index + 1} of {total}"
        has_backs = all(p.back is not None for p in batch)
        duplex = f" - print double-sided, flip on the {settings.duplex_flip} edge" if has_backs else ""
        front = _page(batch, slots, settings, f"{name}: fronts{duplex}" if has_backs else name, "front", gap, grid.turned,
                      f"fronts (double-sided, {settings.duplex_flip} edge) - {short}" if has_backs else short)
        front.note = note if index == 0 else None
        sheets.append(front)
        if has_backs:
            backs = mirror_slots(_slots(cols, rows_here, sw, sh, gap, settings), sw, sh, settings)[: len(batch)]
            sheets.append(_page(batch, backs, settings, f"{name}: backs", "back", gap, grid.turned, f"backs - {short}"))
    return sheets
