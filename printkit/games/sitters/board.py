"""The SiTTeRS map: an ASCII drawing (as in the seed) parsed into cells, kinds and neighbours."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from printkit.userinput.text import quoted

COLLECTOR_START, CONTAINER, OBSTRUCTOR_START, SAFE_ZONE, FLOOR = (
    "collector-start", "container", "obstructor-start", "safe-zone", "floor")
LETTER_OF_KIND = {COLLECTOR_START: "C", CONTAINER: "X", OBSTRUCTOR_START: "O", SAFE_ZONE: "SZ"}
"""The map's letters for each kind of space (the floor is left blank)."""
KIND_OF_TOKEN = {**{letter: kind for kind, letter in LETTER_OF_KIND.items()}, "": FLOOR, ".": FLOOR}
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

DEFAULT_MAP: str = tomllib.loads(Path(__file__).with_name("kit.toml").read_text(encoding="utf-8"))["params"]["map"]
"""The seed's board: kit.toml's ``map``."""


class MapError(ValueError):
    """A map drawing that cannot be read; the message names the line or the row and column."""


def coord(row: int, col: int) -> str:
    """The name of a cell: column letter then 1-based row from the top (``A1``)."""
    return f"{LETTERS[col]}{row + 1}"


def _row_tokens(line: str, number: int) -> list[str] | None:
    """The cell tokens of one map line, None for a border or blank line."""
    text = line.strip()
    if not text or set(text) <= set("+-="):
        return None
    if not (text.startswith("|") and text.endswith("|")):
        raise MapError(f"map line {number}: expected a row like '| C |   | X |' or a border "
                       f"like '+---+', got {quoted(text)}")
    return [t.strip().upper() for t in text[1:-1].split("|")]


def parse_map(text: str) -> tuple[tuple[str, ...], ...]:
    """The kinds of the map's cells row by row (rows may differ in length)."""
    rows: list[tuple[str, ...]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        tokens = _row_tokens(line, number)
        if tokens is None:
            continue
        if len(rows) >= 99:
            raise MapError("map has more than 99 rows")
        if len(tokens) > len(LETTERS):
            raise MapError(f"map row {len(rows) + 1}: {len(tokens)} columns, at most 26")
        kinds = []
        for col, token in enumerate(tokens):
            if token not in KIND_OF_TOKEN:
                raise MapError(f"map row {len(rows) + 1}, column {LETTERS[col]}: unknown cell "
                               f"{quoted(token)} (expected C, X, O, SZ or a blank)")
            kinds.append(KIND_OF_TOKEN[token])
        rows.append(tuple(kinds))
    if not rows:
        raise MapError("map has no rows (expected lines like '| C |   | X |')")
    return tuple(rows)


@dataclass(frozen=True)
class Board:
    """The cells of a map as integers (row * width + column) with their kinds and neighbours."""

    width: int
    height: int
    kinds: dict[int, str]
    names: dict[int, str]
    neighbours: dict[int, tuple[int, ...]]

    def cells_of(self, kind: str) -> tuple[int, ...]:
        """Cells of one kind, in reading order."""
        return tuple(c for c in sorted(self.kinds) if self.kinds[c] == kind)

    def cell(self, name: str) -> int | None:
        """The cell named ``name`` (``D3``), None if no such cell is on the map."""
        name = name.strip().upper()
        if len(name) < 2 or name[0] not in LETTERS or not (name[1:].isascii() and name[1:].isdigit() and len(name[1:]) <= 9):
            return None
        col, row = LETTERS.index(name[0]), int(name[1:]) - 1
        cell = row * self.width + col
        return cell if 0 <= row < self.height and col < self.width and cell in self.kinds else None

    def describe_limits(self) -> str:
        """The coordinate ranges, for messages."""
        return f"columns A-{LETTERS[self.width - 1]}, rows 1-{self.height}"


def _neighbours(cell: int, width: int, kinds: dict[int, str]) -> tuple[int, ...]:
    row, col = divmod(cell, width)
    steps = ((row - 1, col), (row, col + 1), (row + 1, col), (row, col - 1))
    return tuple(r * width + c for r, c in steps if 0 <= c < width and r * width + c in kinds
                 and r >= 0)


@lru_cache(maxsize=32)
def build_board(text: str) -> Board:
    """The board of a map drawing (cached: maps are immutable strings)."""
    rows = parse_map(text)
    width = max(len(r) for r in rows)
    kinds = {r * width + c: kind for r, row in enumerate(rows) for c, kind in enumerate(row)}
    names = {cell: coord(*divmod(cell, width)) for cell in kinds}
    neighbours = {cell: _neighbours(cell, width, kinds) for cell in kinds}
    return Board(width, len(rows), kinds, names, neighbours)
