"""Pieces to cut out and the page geometry they are placed in."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.draw.shapes import Circle, Group, Polygon, Rect, Shape, Style
from printkit.press.settings import PrintSettings

OVERRUN = 10.0
"""How far piece art may run past its cut line; imposition clips it to the bleed."""


@dataclass(frozen=True)
class Piece:
    """A piece of ``w`` x ``h`` mm. Art is in the piece's own coordinates (0..w, 0..h).

    Art that must reach the cut line draws up to OVERRUN mm past it (see :func:`bleed_rect`);
    the imposition clips it to the bleed. Round and hex pieces print no line on their cut (a cut a little off
    would show it on one side): their bleed runs past it in their own shape.
    """

    name: str
    w: float
    h: float
    front: Group
    back: Group | None = None
    round: bool = False
    kind: str = "piece"
    underlay: Shape | None = None
    """Drawn under the front on print sheets only: the bleed of a piece whose art stops at its cut."""
    hex: bool = False
    """A hexagonal piece (pointy top, corners on the ``w`` x ``h`` box): cut along a hexagonal guide."""

    @property
    def shaped(self) -> bool:
        """Cut along its own outline (round or hex), so pieces sit apart instead of butted."""
        return self.round or self.hex


def hexagon(w: float, h: float) -> tuple[tuple[float, float], ...]:
    """A pointy-top hexagon touching the edges of a ``w`` x ``h`` box."""
    return ((w / 2, 0.0), (w, h / 4), (w, 3 * h / 4), (w / 2, h), (0.0, 3 * h / 4), (0.0, h / 4))


def bleed_outline(piece: Piece, bleed: float) -> Circle | Polygon:
    """A round or hex piece's outline grown by ``bleed`` on every side: what of its art prints around the cut."""
    if piece.hex:
        grow = (piece.w / 2 + bleed) / (piece.w / 2)  # the apothem (half the width across flats) grows by the bleed
        w, h = piece.w * grow, piece.h * grow
        dx, dy = (piece.w - w) / 2, (piece.h - h) / 2
        return Polygon(tuple((x + dx, y + dy) for x, y in hexagon(w, h)), Style())
    return Circle(piece.w / 2, piece.h / 2, min(piece.w, piece.h) / 2 + bleed, Style())


def bleed_rect(w: float, h: float, fill: str) -> Rect:
    """A background that covers a piece and runs past every cut line for the bleed."""
    return Rect(-OVERRUN, -OVERRUN, w + 2 * OVERRUN, h + 2 * OVERRUN, Style(fill=fill))


@dataclass(frozen=True)
class Area:
    """The part of a page pieces may occupy (mm, y down)."""

    x: float
    y: float
    w: float
    h: float


def printable_area(settings: PrintSettings, reserve_bottom: float = 0.0) -> Area:
    """The page inside its margins, less a band kept free at the bottom for labels."""
    pw, ph = settings.page_size
    m = settings.margin_mm
    return Area(m, m, pw - 2 * m, ph - 2 * m - reserve_bottom)
