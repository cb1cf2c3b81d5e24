"""Decks and token sheets: one piece per row copy, fronts and backs drawn from layouts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from printkit.datakit.data import Row, record_label
from printkit.datakit.layout import Painter, Target, layout_of
from printkit.datakit.schema import Deck, Layout, Tokens
from printkit.press.pieces import Piece
from printkit.press.settings import PrintSettings
from printkit.userinput.text import quoted


@dataclass(frozen=True)
class Sides:
    """What one kind of piece is drawn from: its name, size, layouts and rows."""

    name: str
    what: str
    w: float
    h: float
    front: str
    back: str | None
    label: str | None
    key: str


def _label(row: Row, column: str | None, n: int) -> str:
    return record_label(row.fields, column) or str(n)


def _copies(rows: list[Row]) -> dict[str, tuple[int, int]]:
    """Each row's first and last piece number: a row with a quantity of 3 is pieces n to n + 2."""
    found: dict[str, tuple[int, int]] = {}
    for n, row in enumerate(rows, start=1):
        first, _ = found.get(row.where, (n, n))
        found[row.where] = (first, n)
    return found


def pieces(sides: Sides, rows: list[Row], painter: Painter, layouts: Mapping[str, Layout], settings: PrintSettings,
           kind: str, shape: str = "rect") -> list[Piece]:
    """A piece per row: front ``<kind>-<name>-<n>``, back (if any) shared where it draws the same."""
    made: list[Piece] = []
    copies = _copies(rows)
    for n, row in enumerate(rows, start=1):
        fields = dict(row.fields)
        fields.setdefault("n", str(n))
        first, last = copies[row.where]
        numbers = f"{kind}s {first}-{last}" if last > first else f"{kind} {n}"
        target = Target(sides.w, sides.h, settings.bleed_mm, settings.safe_mm, fields, row.where,
                        f"{sides.what} {quoted(sides.name)}, {numbers}", f"{sides.what} {quoted(sides.name)}")
        front_layout = layout_of(sides.front, dict(layouts), fields, row.where, f"{sides.key}.front")
        front = painter.draw(front_layout, target, ident=f"{kind}-{sides.name}-{n}", cls=(kind, sides.name))
        back = None
        if sides.back is not None:
            back_layout = layout_of(sides.back, dict(layouts), fields, row.where, f"{sides.key}.back")
            back = painter.draw(back_layout, target, cls=(f"{kind}-back", sides.name))
        made.append(Piece(f"{sides.name} {n}: {_label(row, sides.label, n)}", sides.w, sides.h, front, back,
                          round=shape == "round", hex=shape == "hex", kind=kind))
    return made


def deck_pieces(deck: Deck, rows: list[Row], painter: Painter, layouts: Mapping[str, Layout], settings: PrintSettings,
                key: str) -> list[Piece]:
    sides = Sides(deck.name, "deck", deck.width, deck.height, deck.front, deck.back, deck.label, key)
    return pieces(sides, rows, painter, layouts, settings, "card")


def token_pieces(spec: Tokens, rows: list[Row], painter: Painter, layouts: Mapping[str, Layout], settings: PrintSettings,
                 key: str) -> list[Piece]:
    """Round, square or hex counters; round and hex ones are cut along a guide of their shape."""
    w = spec.size
    h = w * 2 / 3 ** 0.5 if spec.shape == "hex" else w
    sides = Sides(spec.name, "token sheet", w, h, spec.front, spec.back, spec.label, key)
    return pieces(sides, rows, painter, layouts, settings, "token", spec.shape)
