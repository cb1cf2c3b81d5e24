"""Several small groups of pieces on one page, each under a caption with its own crop marks.

``grid_sheets`` puts one kind of piece per page; a kit with several small kinds (Token Tactics:
round chips, square chips, round and square markers) gets labelled blocks one
under the other, each with its own crop marks, and starts a new page only when one is full.
Round and hex pieces are spaced two bleeds apart; square pieces sit apart like cards, each with its own bleed
(``print.butted``: sharing cut lines).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.draw.pdf import DrawingPage
from printkit.draw.shapes import Circle, Drawing, Group, Line, Polygon, Shape, Text
from printkit.press.marks import crop_marks, mark_room
from printkit.press.pieces import Piece, bleed_outline, printable_area
from printkit.press.settings import PrintSettings
from printkit.press.sheets import Placed, Sheet, footer, mirror_slots

CAPTION_PT = 8.0


@dataclass(frozen=True)
class Block:
    """Equal pieces printed together under a caption."""

    caption: str
    pieces: list[Piece]


def _geometry(block: Block, settings: PrintSettings) -> tuple[int, int, float]:
    piece = block.pieces[0]
    gap = 2 * settings.bleed_mm if piece.shaped else settings.piece_gap
    pw, _ = settings.page_size
    cols = max(1, math.floor((pw - 2 * mark_room(settings) + gap + 1e-9) / (piece.w + gap)))
    cols = min(cols, len(block.pieces))
    return cols, math.ceil(len(block.pieces) / cols), gap


def block_height(block: Block, settings: PrintSettings) -> float:
    """Height of a block on paper: caption, marks above, pieces, marks below."""
    _, rows, gap = _geometry(block, settings)
    h = block.pieces[0].h
    return _top_room(settings) + rows * h + (rows - 1) * gap + _mark_room(settings)


def _mark_room(settings: PrintSettings) -> float:
    return settings.bleed_mm + settings.mark_offset_mm + settings.mark_length_mm + 1.0


def _top_room(settings: PrintSettings) -> float:
    return _mark_room(settings) + 6.0


def _clip(piece: Piece, r: int, c: int, cols: int, rows: int, count: int, b: float, gap: float
          ) -> tuple[float, float, float, float] | Circle | Polygon:
    """Full bleed on sides with no neighbour, up to the middle of the gap where one is (butted: the shared cut line);
    round and hex pieces: their grown outline."""
    if piece.shaped:
        return bleed_outline(piece, b)
    index = r * cols + c
    inner = min(b, gap / 2)
    left = b if c == 0 else inner
    right = b if c == cols - 1 or index + 1 >= count else inner
    top = b if r == 0 else inner
    bottom = b if r == rows - 1 or index + cols >= count else inner
    return (-left, -top, piece.w + left + right, piece.h + top + bottom)


def _flipped(clip: tuple[float, float, float, float] | Circle | Polygon, piece: Piece, flip: str) -> tuple[float, float, float, float] | Circle | Polygon:
    """A back's clip: the front's bleed sides swapped across the edge the sheet flips on (shaped outlines are symmetric)."""
    if not isinstance(clip, tuple):
        return clip
    x, y, w, h = clip
    if flip == "long":
        return (-(w - piece.w + x), y, w, h)
    return (x, -(h - piece.h + y), w, h)


def _place(block: Block, y: float, settings: PrintSettings, side: str = "front") -> tuple[list[Shape], list[Placed], list[Line]]:
    """The block's shapes with its caption at ``y`` (top of the caption band); ``side="back"``: the backs, mirrored
    for duplex like a card grid's, without the caption."""
    cols, rows, gap = _geometry(block, settings)
    pw, ph = settings.page_size
    w, h = block.pieces[0].w, block.pieces[0].h
    x0 = (pw - (cols * w + (cols - 1) * gap)) / 2
    y0 = y + _top_room(settings)
    slots = [(x0 + c * (w + gap), y0 + r * (h + gap)) for r, c in (divmod(i, cols) for i in range(len(block.pieces)))]
    front = side == "front"
    if not front:
        slots = mirror_slots(slots, w, h, settings)
    shapes: list[Shape] = [Text(settings.margin_mm + 2, y + 4, block.caption, size=CAPTION_PT, bold=True,
                                fill=settings.colours.ink, cls=("block-caption",))] if front else []
    placed: list[Placed] = []
    xs: set[float] = set()
    ys: set[float] = set()
    for i, (piece, (x, top)) in enumerate(zip(block.pieces, slots)):
        r, c = divmod(i, cols)
        art = piece.front if front else piece.back
        assert art is not None
        children: list[Shape] = [piece.underlay] if piece.underlay is not None and front else []
        children.append(art)
        clip = _clip(piece, r, c, cols, rows, len(block.pieces), settings.bleed_mm, gap)
        clip = clip if front else _flipped(clip, piece, settings.duplex_flip)
        shapes.append(Group((Group(tuple(children), clip=clip),), dx=x, dy=top, cls=("piece",)))
        placed.append(Placed(piece.name, x, top, w, h))
        xs.update((round(x, 4), round(x + w, 4)))
        ys.update((round(top, 4), round(top + h, 4)))
    marks = crop_marks(sorted(xs), sorted(ys), (pw, ph), settings)
    return shapes, placed, marks


def block_sheets(blocks: list[Block], settings: PrintSettings, title: str, what: str = "chips and markers",
                 backs: bool = False) -> list[Sheet]:
    """Pages of blocks, top to bottom; a block that does not fit starts the next page (labelled ``title - what, sheet i of n``).

    ``backs``: every piece has a back; each page of fronts is followed by its page of backs, mirrored for duplex.
    """
    area = printable_area(settings)
    pages: list[list[tuple[Block, float]]] = [[]]
    y = area.y
    for whole in blocks:
        if not whole.pieces:
            continue
        for block in _page_parts(whole, settings, area.y + area.h - y if pages[-1] else area.h, area.h):
            need = block_height(block, settings)
            if pages[-1] and y + need > area.y + area.h:
                pages.append([])
                y = area.y
            pages[-1].append((block, y))
            y += need + 2.0
    sheets: list[Sheet] = []
    for i, page in enumerate(p for p in pages if p):
        label = f"{title} - {what}, sheet {i + 1} of {len(pages)}"
        if not backs:
            sheets.append(_sheet(page, settings, label))
            continue
        sheets.append(_sheet(page, settings, f"{label}: fronts - print double-sided, flip on the {settings.duplex_flip} edge"))
        sheets.append(_sheet(page, settings, f"{label}: backs", "back"))
    return sheets


def _page_parts(block: Block, settings: PrintSettings, left: float, page: float) -> list[Block]:
    """``block`` whole when it fits a page; a taller one in parts of whole rows (``left``: the room left on the page being
    filled, ``page``: a page's printable height), the first filling that room when a row fits it, each part after the
    first captioned "(continued)". A piece taller than a page stays whole: the checks say it reaches outside."""
    if block_height(block, settings) <= page:
        return [block]
    cols, _, gap = _geometry(block, settings)

    def rows_in(room: float) -> int:
        return math.floor((room - _top_room(settings) - _mark_room(settings) + gap + 1e-9) / (block.pieces[0].h + gap))

    if rows_in(page) < 1:
        return [block]
    parts: list[Block] = []
    pieces, rows = block.pieces, rows_in(left) if rows_in(left) >= 1 else rows_in(page)
    while pieces:
        caption = block.caption if not parts else f"{block.caption} (continued)"
        parts.append(Block(caption, pieces[:rows * cols]))
        pieces, rows = pieces[rows * cols:], rows_in(page)
    return parts


def _sheet(page: list[tuple[Block, float]], settings: PrintSettings, label: str, side: str = "front") -> Sheet:
    pw, ph = settings.page_size
    shapes: list[Shape] = []
    placed: list[Placed] = []
    marks: list[Line] = []
    for block, y in page:
        s, p, m = _place(block, y, settings, side)
        shapes += s
        placed += p
        marks += m
    x0, y0 = min(p.x for p in placed), min(p.y for p in placed)
    x1, y1 = max(p.x + p.w for p in placed), max(p.y + p.h for p in placed)
    b = settings.bleed_mm
    trim = (x0, y0, x1 - x0, y1 - y0)
    bleed = (x0 - b, y0 - b, x1 - x0 + 2 * b, y1 - y0 + 2 * b)
    drawing = Drawing(pw, ph, (*shapes, *marks, footer(label, settings, marks)), title=label)
    return Sheet(DrawingPage(drawing, trim, bleed), label, side, placed, marks)
