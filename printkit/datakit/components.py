"""Decks and token sheets: one piece per row copy, fronts and backs drawn from layouts."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

from printkit.datakit.data import Row, record_label
from printkit.datakit.fields import fields_in, fill
from printkit.datakit.layout import Painter, Target, layout_of
from printkit.datakit.schema import Deck, Layout, PieceIds, Tokens
from printkit.errors import ConfigError
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
    ids: PieceIds = PieceIds()


ID = re.compile(r"[A-Za-z_][A-Za-z0-9_.:-]{0,127}")
CLASS = re.compile(r"[A-Za-z_][A-Za-z0-9_-]{0,63}")


def _filled(template: str, fields: dict[str, str], painter: Painter, key: str, row: Row) -> str:
    """``template`` filled from the row; a ``{field}`` the rows lack is an error naming kit.toml's key."""
    for name in fields_in(template):
        if name not in painter.columns:
            known = ", ".join(sorted(painter.columns)) or "none"
            raise ConfigError(painter.source, key, f"no column {name!r} in {painter.data} (columns: {known})")
    return fill(template, fields)


def piece_ident(template: str | None, fields: dict[str, str], painter: Painter, key: str, row: Row) -> str | None:
    """The SVG id ``template`` (kit.toml's ``key``) makes for ``row``; None without a template or when it fills to nothing."""
    if template is None:
        return None
    made = _filled(template, fields, painter, key, row).strip()
    if not made:
        return None  # an id the row leaves empty: none (a deck's piece then takes its default id)
    if not ID.fullmatch(made):
        raise ConfigError(row.where, key, f"the SVG id {quoted(made)} (from {template!r}): expected a letter or _ first, "
                                          "then letters, digits, _ . : or -")
    return made


def piece_classes(template: str | None, fields: dict[str, str], painter: Painter, key: str, row: Row) -> tuple[str, ...]:
    """The SVG classes ``template`` (kit.toml's ``key``) makes for ``row``, each checked, repeats dropped."""
    if template is None:
        return ()
    made = tuple(dict.fromkeys(_filled(template, fields, painter, key, row).split()))
    for name in made:
        if not CLASS.fullmatch(name):
            raise ConfigError(row.where, key, f"the SVG class {quoted(name)} (from {template!r}): expected a letter or _ "
                                              "first, then letters, digits, _ or -")
    return made


def row_label(row: Row, column: str | None, n: int) -> str:
    """The row's label: its ``label`` column, else its first cell (kit.toml's ``params.*`` fields aside)."""
    own = {k: v for k, v in row.fields.items() if not k.startswith("params.")}
    return record_label(own, column) or str(n)


def _copies(rows: list[Row]) -> dict[str, tuple[int, int]]:
    """Each row's first and last piece number: a row with a quantity of 3 is pieces n to n + 2."""
    found: dict[str, tuple[int, int]] = {}
    for n, row in enumerate(rows, start=1):
        first, _ = found.get(row.where, (n, n))
        found[row.where] = (first, n)
    return found


def pieces(sides: Sides, rows: list[Row], painter: Painter, layouts: Mapping[str, Layout], settings: PrintSettings,
           kind: str, shape: str = "rect", seen: dict[str, str] | None = None) -> list[Piece]:
    """A piece per row: front ``<kind>-<name>-<n>`` (or the set's ``id`` template), back (if any) shared where it draws
    the same. ``seen``: the front ids made so far in the kit (id -> the row that made it), to refuse a repeat."""
    made: list[Piece] = []
    seen = {} if seen is None else seen
    copies = _copies(rows)
    for n, row in enumerate(rows, start=1):
        first, last = copies[row.where]
        target = piece_target(sides, row, n, f"{kind}s {first}-{last}" if last > first else f"{kind} {n}", settings)
        fields = target.row
        front_layout = layout_of(sides.front, dict(layouts), fields, row.where, f"{sides.key}.front")
        ident = piece_ident(sides.ids.front, fields, painter, f"{sides.key}.id", row) or f"{kind}-{sides.name}-{n}"
        claim_id(seen, ident, row, f"{sides.key}.id")
        extra = piece_classes(sides.ids.front_class, fields, painter, f"{sides.key}.class", row)
        front = painter.draw(front_layout, target, ident=ident, cls=tuple(dict.fromkeys((kind, sides.name, *extra))))
        back = None
        if sides.back is not None:
            back_layout = layout_of(sides.back, dict(layouts), fields, row.where, f"{sides.key}.back")
            back = painter.draw(back_layout, target, ident=piece_ident(sides.ids.back, fields, painter, f"{sides.key}.back_id", row),
                                cls=(f"{kind}-back", sides.name,
                                     *piece_classes(sides.ids.back_class, fields, painter, f"{sides.key}.back_class", row)))
        made.append(Piece(f"{sides.name} {n}: {row_label(row, sides.label, n)}", sides.w, sides.h, front, back,
                          round=shape == "round", hex=shape == "hex", kind=kind))
    return made


def piece_target(sides: Sides, row: Row, n: int, numbers: str, settings: PrintSettings) -> Target:
    """Where piece ``n`` (of ``row``; ``numbers``: ``card 3`` or ``cards 3-5``) is drawn: its size, print geometry and
    fields (``{n}`` its number)."""
    fields = dict(row.fields)
    fields.setdefault("n", str(n))
    return Target(sides.w, sides.h, settings.bleed_mm, settings.safe_mm, fields, row.where,
                  f"{sides.what} {quoted(sides.name)}, {numbers}", f"{sides.what} {quoted(sides.name)}")


def claim_id(seen: dict[str, str], ident: str, row: Row, key: str) -> None:
    """Note that ``row`` made the SVG id ``ident``; an id the kit made before is a ConfigError naming both rows."""
    if ident in seen:
        raise ConfigError(row.where, key, f"the SVG id {quoted(ident)} is made twice (also by {seen[ident]}): "
                                          "every piece needs its own; use {n}, the piece's number")
    seen[ident] = row.where


def deck_sides(deck: Deck, key: str) -> Sides:
    """What a deck's cards are drawn from."""
    return Sides(deck.name, "deck", deck.width, deck.height, deck.front, deck.back, deck.label, key, deck.ids)


def token_sides(spec: Tokens, key: str) -> Sides:
    """What a token sheet's counters are drawn from (a hex counter is ``size`` across its flats)."""
    w = spec.size
    h = w * 2 / 3 ** 0.5 if spec.shape == "hex" else w
    return Sides(spec.name, "token sheet", w, h, spec.front, spec.back, spec.label, key, spec.ids)


def deck_pieces(deck: Deck, rows: list[Row], painter: Painter, layouts: Mapping[str, Layout], settings: PrintSettings,
                key: str, seen: dict[str, str] | None = None) -> list[Piece]:
    return pieces(deck_sides(deck, key), rows, painter, layouts, settings, "card", seen=seen)


def token_pieces(spec: Tokens, rows: list[Row], painter: Painter, layouts: Mapping[str, Layout], settings: PrintSettings,
                 key: str, seen: dict[str, str] | None = None) -> list[Piece]:
    """Round, square or hex counters; round and hex ones are cut along a guide of their shape."""
    return pieces(token_sides(spec, key), rows, painter, layouts, settings, "token", spec.shape, seen)
