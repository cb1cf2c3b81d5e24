"""What every export shares: its result, its errors, names for files, pieces grouped by look."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any

from printkit.errors import PrintkitError
from printkit.export.raster import same_art
from printkit.kit.model import Kit
from printkit.press.pieces import Piece

TARGETS = ("tts", "pod", "gutterfold", "cmyk", "pdfx")


class ExportError(PrintkitError):
    """An export that cannot be made from this kit (a size the shop does not print, a card too large to fold ...)."""


class NothingToExport(ExportError):
    """The kit has nothing this target makes (no decks with backs for a gutter fold ...)."""


@dataclass
class Export:
    """Files of one export, by path inside ``export/<target>/`` (README.txt among them), and its warnings."""

    files: dict[str, bytes]
    warnings: list[str] = field(default_factory=list)


def slug(text: str) -> str:
    """Lowercase letters and digits joined by ``-``: a file name part."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "piece"


def card_name(piece: Piece, copies: int = 1) -> str:
    """What a card is called: the label after ``deck n:`` for kits from data, else the piece's name;
    for a face printed several times, without the copy's trailing number (``X token``, not ``X token 1``)."""
    head, sep, label = piece.name.partition(": ")
    name = label if sep and label else head
    return re.sub(r"\s+\d+$", "", name) or name if copies > 1 else name


@dataclass(frozen=True)
class Face:
    """Copies of one card: the first piece, every index in the deck where it appears."""

    piece: Piece
    positions: tuple[int, ...]

    @property
    def count(self) -> int:
        return len(self.positions)


def distinct(pieces: tuple[Piece, ...] | list[Piece]) -> list[Face]:
    """Pieces that look the same (ids aside) gathered in order of first appearance."""
    order: list[Any] = []
    seen: dict[Any, list[int]] = {}
    first: dict[Any, Piece] = {}
    for index, piece in enumerate(pieces):
        key = same_art(piece)
        if key not in seen:
            seen[key], first[key] = [], piece
            order.append(key)
        seen[key].append(index)
    return [Face(first[key], tuple(seen[key])) for key in order]


def only_decks(kit: Kit, names: tuple[str, ...]) -> Kit:
    """The kit with only the decks named (``--deck``; no tokens or boards); a name no deck has is an error,
    and a kit holding none of them has nothing to export (``--all`` skips it)."""
    known = [d.name for d in kit.decks]
    kept = [d for d in kit.decks if d.name in names]
    if not kept:
        raise NothingToExport(f"{kit.game}: no deck named {', '.join(repr(n) for n in names)} (decks: {', '.join(known) or 'none'})")
    return dataclasses.replace(kit, decks=kept, tokens=[], boards=[])
