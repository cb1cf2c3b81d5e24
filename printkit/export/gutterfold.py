"""Gutter fold: each card's front and back on the same side of the sheet, mirrored across a fold line.

For single-sided printers: print, fold on the dashed line (printed side out), glue, cut along the crop
marks. Fronts sit on one side of the fold and their backs at the mirrored places on the other. With a
vertical fold (fronts left, backs right) a back stands upright; with a horizontal fold (fronts above,
used when a card is too wide for two columns) each back is turned 180 degrees, so both read upright
after the card is turned over sideways. The fold line keeps clear of every bleed and crop mark.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from printkit.draw.pdf import DrawingPage, pdf_bytes
from printkit.draw.shapes import Drawing, Group, Line, Shape, Style, Text
from printkit.export.common import Export, ExportError, NothingToExport
from printkit.kit.model import Kit, PieceSet
from printkit.press.marks import MIN_MARK_MM, crop_marks, label_band, mark_room, tight
from printkit.press.pieces import Piece
from printkit.press.settings import PrintSettings
from printkit.press.sheets import FOOTER_PT, Placed, Sheet, footer
from printkit.userinput.text import plural, quoted

FOLD_CLEARANCE_MM = 5.0
"""The fold line stays at least this far from the bleed (shared/PRINT.md)."""


@dataclass(frozen=True)
class Fold:
    """How a deck's cards sit on a page: ``vertical`` fold or not, and the grid of fronts on one side."""

    vertical: bool
    cols: int
    rows: int
    gap: float
    """From the fold line to the nearest cut line."""
    spacing: float = 0.0
    """Between neighbouring cards on one side (:attr:`~printkit.press.settings.PrintSettings.piece_gap`)."""


def fold_gap(settings: PrintSettings) -> float:
    """Cut line to fold: the bleed, then room for crop marks, then a millimetre, and never under 5 mm past the bleed."""
    marks = settings.mark_offset_mm + MIN_MARK_MM + 1.0 if settings.crop_marks else 0.0
    return settings.bleed_mm + max(FOLD_CLEARANCE_MM, marks)


def _mark_settings(settings: PrintSettings) -> PrintSettings:
    """The settings the crop marks are drawn with: marks no longer than the fold gap leaves (a millimetre short of it)."""
    room = fold_gap(settings) - settings.bleed_mm - settings.mark_offset_mm - 1.0
    return dataclasses.replace(settings, mark_length_mm=max(MIN_MARK_MM, min(settings.mark_length_mm, room)))


def plan(w: float, h: float, settings: PrintSettings) -> Fold | None:
    """The fold for ``w`` x ``h`` mm cards: vertical when a column fits each side, else horizontal; None if neither."""
    pw, ph = settings.page_size
    m, gap, s = mark_room(settings), fold_gap(settings), settings.piece_gap

    def fit(room: float, size: float) -> int:
        return math.floor((room + s + 1e-9) / (size + s))

    cols, rows = fit(pw / 2 - gap - m, w), fit(ph - 2 * m, h)
    if cols >= 1 and rows >= 1:
        return Fold(True, cols, rows, gap, s)
    cols, rows = fit(pw - 2 * m, w), fit(ph / 2 - gap - m, h)
    if cols >= 1 and rows >= 1:
        return Fold(False, cols, rows, gap, s)
    return None


def _clip(x: float, y: float, w: float, h: float, slots: set[tuple[float, float]], b: float, s: float
          ) -> tuple[float, float, float, float]:
    """Full bleed on every side without a neighbour; up to the middle of the gap ``s`` where one is (0: the cut line)."""
    def side(dx: float, dy: float) -> float:
        return min(b, s / 2) if (round(x + dx, 3), round(y + dy, 3)) in slots else b

    left, right, top, bottom = side(-w - s, 0), side(w + s, 0), side(0, -h - s), side(0, h + s)
    return (-left, -top, w + left + right, h + top + bottom)


def _side(pieces: list[Piece], slots: list[tuple[float, float]], which: str, turn: bool, settings: PrintSettings
          ) -> tuple[list[Shape], list[Placed], list[Line]]:
    w, h = pieces[0].w, pieces[0].h
    taken = {(round(x, 3), round(y, 3)) for x, y in slots}
    shapes: list[Shape] = []
    placed: list[Placed] = []
    for piece, (x, y) in zip(pieces, slots):
        art: list[Shape] = []
        if which == "front":
            art = [a for a in (piece.underlay, piece.front) if a is not None]
        elif piece.back is not None:
            art = [Group((piece.back,), dx=w, dy=h, rotate=180.0) if turn else piece.back]
        clip = _clip(x, y, w, h, taken, settings.bleed_mm, settings.piece_gap)
        shapes.append(Group((Group(tuple(art), clip=clip),), dx=x, dy=y, cls=("piece", which)))
        placed.append(Placed(f"{piece.name} ({which})", x, y, w, h))
    xs = sorted({round(v, 4) for x, _ in slots for v in (x, x + w)})
    ys = sorted({round(v, 4) for _, y in slots for v in (y, y + h)})
    return shapes, placed, crop_marks(xs, ys, settings.page_size, _mark_settings(settings))


def page(pieces: list[Piece], fold: Fold, settings: PrintSettings, label: str, short: str | None = None) -> Sheet:
    """One gutter-fold page: fronts, their mirrored backs, crop marks, the fold line and a label."""
    pw, ph = settings.page_size
    w, h = pieces[0].w, pieces[0].h
    cols = min(fold.cols, len(pieces))
    rows = math.ceil(len(pieces) / cols)
    s = fold.spacing
    if fold.vertical:
        x0, y0 = pw / 2 - fold.gap - cols * w - (cols - 1) * s, (ph - rows * h - (rows - 1) * s) / 2
        fronts = [(x0 + c * (w + s), y0 + r * (h + s)) for r in range(rows) for c in range(cols)][: len(pieces)]
        backs = [(pw - x - w, y) for x, y in fronts]
        fold_line = Line(pw / 2, settings.printer_margin_mm, pw / 2, ph - settings.printer_margin_mm - label_band(settings),
                         Style(stroke="#808080", width=0.25, dash=(3.0, 2.0)), cls=("fold-line",))
        caption = Text(pw / 2 - 1.5, settings.printer_margin_mm + 3, "fold", size=FOOTER_PT, anchor="end", fill="#808080")
    else:
        x0, y0 = (pw - cols * w - (cols - 1) * s) / 2, ph / 2 - fold.gap - rows * h - (rows - 1) * s
        fronts = [(x0 + c * (w + s), y0 + r * (h + s)) for r in range(rows) for c in range(cols)][: len(pieces)]
        backs = [(x, ph - y - h) for x, y in fronts]
        fold_line = Line(settings.printer_margin_mm, ph / 2, pw - settings.printer_margin_mm, ph / 2,
                         Style(stroke="#808080", width=0.25, dash=(3.0, 2.0)), cls=("fold-line",))
        caption = Text(settings.printer_margin_mm + 1, ph / 2 - 1.5, "fold", size=FOOTER_PT, fill="#808080")
    f_shapes, f_placed, f_marks = _side(pieces, fronts, "front", False, settings)
    b_shapes, b_placed, b_marks = _side(pieces, backs, "back", not fold.vertical, settings)
    drawing = Drawing(pw, ph, (*f_shapes, *b_shapes, *f_marks, *b_marks, fold_line, caption,
                               footer(label, settings, f_marks + b_marks, short)), title=label)
    every = f_placed + b_placed
    x_lo, y_lo = min(p.x for p in every), min(p.y for p in every)
    x_hi, y_hi = max(p.x + p.w for p in every), max(p.y + p.h for p in every)
    b = settings.bleed_mm
    trim = (x_lo, y_lo, x_hi - x_lo, y_hi - y_lo)
    bleed = (x_lo - b, y_lo - b, x_hi - x_lo + 2 * b, y_hi - y_lo + 2 * b)
    return Sheet(DrawingPage(drawing, trim, bleed), label, "front", every, f_marks + b_marks)


def folding(w: float, h: float, settings: PrintSettings) -> tuple[Fold, PrintSettings] | None:
    """How ``w`` x ``h`` mm cards fold two-up, and the settings that fit them: the kit's, or (rather than refusing cards
    that nearly fit) crop marks closer to a smaller bleed (:func:`~printkit.press.marks.tight`)."""
    for candidate in (settings, tight(settings)):
        fold = plan(w, h, candidate)
        if fold is not None:
            return fold, candidate
    return None


def deck_pages(deck: PieceSet, kit: Kit) -> list[Sheet]:
    """A deck's gutter-fold pages, or an error naming the deck when its cards cannot fold two-up on the paper."""
    w, h = deck.pieces[0].w, deck.pieces[0].h
    found = folding(w, h, kit.settings)
    if found is None:
        s = tight(kit.settings)
        pw, ph = s.page_size
        need = 2 * fold_gap(s) + 2 * mark_room(s)
        raise ExportError(f"gutterfold: deck {quoted(deck.title)}: {w:g} x {h:g} mm cards do not fit two-up on {s.paper} paper "
                          f"({pw:g} x {ph:g} mm): a front and its back need {2 * w + need:.0f} mm across or {2 * h + need:.0f} mm "
                          "down (room for crop marks and the fold gap included); choose a larger paper with --paper or smaller cards")
    fold, s = found
    per_page = fold.cols * fold.rows
    pieces = list(deck.pieces)
    total = math.ceil(len(pieces) / per_page)
    edge = "vertical" if fold.vertical else "horizontal"
    sheets = [page(pieces[i * per_page:(i + 1) * per_page], fold, s,
                   f"{kit.title} - {deck.title}, gutter fold {i + 1} of {total}: print single-sided at 100%, fold on the "
                   f"{edge} dashed line, glue, cut on the crop marks", f"{deck.title}, gutter fold {i + 1} of {total}")
              for i in range(total)]
    if s != kit.settings:
        for sheet in sheets:
            sheet.bleed_mm = s.bleed_mm
    return sheets


def export_gutterfold(kit: Kit) -> Export:
    """``gutterfold.pdf``: every double-sided deck folded two-up; README.txt says how to make the cards."""
    decks = [d for d in kit.decks if d.pieces and all(p.back is not None for p in d.pieces)]
    if not decks:
        raise NothingToExport(f"{kit.game}: no double-sided cards to fold (gutter fold pairs each front with its back)")
    sheets: list[Sheet] = []
    lines: list[str] = []
    for deck in decks:
        pages = deck_pages(deck, kit)
        sheets += pages
        found = folding(deck.pieces[0].w, deck.pieces[0].h, kit.settings)
        assert found is not None
        fold, used = found
        tightened = (f"; a {used.bleed_mm:g} mm bleed, crop marks {used.mark_offset_mm:g} mm from it, so that they fold "
                     f"two-up on {used.paper} paper" if used != kit.settings else "")
        lines.append(f"- {deck.title}: {plural(len(deck.pieces), 'card')} on {plural(len(pages), 'page')}, "
                     f"{'vertical fold, fronts left' if fold.vertical else 'horizontal fold, fronts above, backs turned'}"
                     + tightened)
    skipped = [d.title for d in kit.decks if d not in decks and d.pieces]
    pdf = pdf_bytes([s.page for s in sheets], f"{kit.title} - gutter fold cards")
    text = "\n".join([
        f"{kit.title}: gutter-fold cards (printkit export --to gutterfold)",
        "",
        f"gutterfold.pdf: {plural(len(sheets), 'page')} of {kit.settings.paper} paper. Each card's front and back are on the same",
        "side of the sheet, mirrored across the dashed fold line, for printers without duplex:",
        "1. Print single-sided at 100% / actual size (no fit to page), on paper or thin card.",
        "2. Fold along the dashed line, printed side out; line the crop marks up against a window if needed.",
        "3. Glue the halves together (glue stick or spray), let it dry flat.",
        "4. Cut along the crop marks through both layers.",
        "",
        *lines,
        *([f"Single-sided decks left out (nothing to fold): {', '.join(skipped)}"] if skipped else []),
        "",
    ])
    return Export({"README.txt": text.encode("utf-8"), "gutterfold.pdf": pdf})
