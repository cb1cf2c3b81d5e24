"""The cards and tokens a kit prints, found as the rules name them: by the row the rules were dealt, by the SVG id of a
face (:class:`~printkit.kitrules.Shown`), or by a board piece's label (a token's SVG id or a token row's label). The
browser table and the rule sheet's figures find pieces through this one index, so both show the same piece."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from printkit.kit.model import PieceSet
from printkit.kitrules import Record, Shown
from printkit.press.pieces import Piece

KINDS = ("card", "token")


@dataclass(frozen=True)
class PieceRef:
    """Where a piece is: ``card`` or ``token``, its deck or token set, its number in the set (from 0)."""

    kind: str
    set: str
    index: int


class PrintedPieces:
    """The printed decks and token sets, indexed by row, by face id and by a token's label.

    ``deck_rows``/``token_rows``: the rows the rules are dealt, by set name; a set printed otherwise than the rules deal
    it (another number of pieces) is found by its faces' ids only, its rows shown as text."""

    def __init__(self, decks: Sequence[PieceSet], tokens: Sequence[PieceSet],
                 deck_rows: Mapping[str, Sequence[Record]], token_rows: Mapping[str, Sequence[Record]]) -> None:
        self.sets: dict[tuple[str, str], PieceSet] = {("card", s.name): s for s in decks}
        self.sets.update({("token", s.name): s for s in tokens})
        self._rows: dict[tuple[str, str], dict[Record, int]] = {}
        for kind, group in (("card", deck_rows), ("token", token_rows)):
            for name, rows in group.items():
                printed = self.sets.get((kind, name))
                if printed is None or len(printed.pieces) != len(rows):
                    continue
                index: dict[Record, int] = {}
                for i, row in enumerate(rows):
                    index.setdefault(row, i)
                self._rows[(kind, name)] = index
        self._ids: dict[str, PieceRef] = {}
        for (kind, name), printed in self.sets.items():
            for i, piece in enumerate(printed.pieces):
                if piece.front.id:
                    self._ids.setdefault(piece.front.id.casefold(), PieceRef(kind, name, i))
        self._labels = {ident: ref for ident, ref in self._ids.items() if ref.kind == "token"}
        for (kind, name), index in self._rows.items():
            if kind == "token":
                for row, i in index.items():
                    self._labels.setdefault(str(row).casefold(), PieceRef(kind, name, i))

    def row(self, value: Any) -> PieceRef | None:
        """The printed piece of a state's card or token row (None: a value the kit does not print)."""
        if not isinstance(value, Record):
            return None
        for kind in KINDS:
            index = self._rows.get((kind, value.set_name))
            if index is not None and value in index:
                return PieceRef(kind, value.set_name, index[value])
        return None

    def token(self, label: str) -> PieceRef | None:
        """The token a board piece's label names: a token's SVG id (``marker-1``) or a token row's label."""
        return self._labels.get(label.casefold())

    def printed(self, ident: str) -> PieceRef | None:
        """The card or token whose face has the SVG id ``ident`` (``card-X-bomb-1``), however the kit draws it."""
        return self._ids.get(ident.casefold())

    def find(self, item: Any) -> PieceRef | None:
        """The printed piece a board piece placed by ``pieces()`` is: a :class:`Shown` piece by its id (none without
        one), a row by its row, any other label as a token; None for a marker."""
        if isinstance(item, Shown):
            return self.printed(item.id) if item.id else None
        if isinstance(item, Record):
            return self.row(item)
        return self.token(str(item))

    def piece(self, ref: PieceRef) -> Piece | None:
        printed = self.sets.get((ref.kind, ref.set))
        return printed.pieces[ref.index] if printed is not None and 0 <= ref.index < len(printed.pieces) else None


NO_PIECES = PrintedPieces((), (), {}, {})
