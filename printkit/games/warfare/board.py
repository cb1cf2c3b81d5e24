"""Board geometry: coordinates (columns A, B, ...; rows 1, 2, ... from the top), lines, crosses."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from printkit.rules.game import NotationError
from printkit.userinput.text import quoted

COORD = re.compile(r"([A-Za-z])(\d{1,2})")
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


@dataclass(frozen=True)
class Geometry:
    """A square board of ``size`` cells per side with lines of ``length`` cells.

    Cells are numbered row by row from the top left: cell ``r * size + c`` is column ``c``
    (letter), row ``r + 1``.
    """

    size: int
    length: int
    names: tuple[str, ...]
    lines: tuple[tuple[int, ...], ...]
    lines_through: tuple[tuple[tuple[int, ...], ...], ...]
    crosses: tuple[tuple[int, ...], ...]

    @property
    def cells(self) -> int:
        return self.size * self.size

    def name(self, cell: int) -> str:
        """``C4`` for a cell index."""
        return self.names[cell]

    def parse(self, text: str) -> int:
        """The cell index of a coordinate such as ``C4`` (case-insensitive)."""
        match = COORD.fullmatch(text.strip())
        if not match:
            raise NotationError(f"expected a cell such as 'C4', got {quoted(text)}")
        col = ord(match.group(1).upper()) - ord("A")
        row = int(match.group(2)) - 1
        if not (0 <= col < self.size and 0 <= row < self.size):
            last = chr(ord("A") + self.size - 1)
            raise NotationError(
                f"{quoted(text)} is off the board (columns A-{last}, rows 1-{self.size})"
            )
        return row * self.size + col


def _lines(size: int, length: int) -> list[tuple[int, ...]]:
    """Every run of ``length`` cells in a row, column or diagonal."""
    out = []
    for r in range(size):
        for c in range(size):
            for dr, dc in DIRECTIONS:
                end_r, end_c = r + dr * (length - 1), c + dc * (length - 1)
                if 0 <= end_r < size and 0 <= end_c < size:
                    out.append(tuple((r + dr * k) * size + c + dc * k for k in range(length)))
    return out


def _cross(size: int, cell: int) -> tuple[int, ...]:
    """The cell and its orthogonal neighbours on the board."""
    r, c = divmod(cell, size)
    out = [cell]
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        if 0 <= r + dr < size and 0 <= c + dc < size:
            out.append((r + dr) * size + c + dc)
    return tuple(sorted(out))


@lru_cache(maxsize=64)
def geometry(size: int, length: int) -> Geometry:
    """The (cached) geometry of a board."""
    names = tuple(f"{chr(ord('A') + i % size)}{i // size + 1}" for i in range(size * size))
    lines = _lines(size, length)
    through = tuple(tuple(ln for ln in lines if i in ln) for i in range(size * size))
    crosses = tuple(_cross(size, i) for i in range(size * size))
    return Geometry(size, length, names, tuple(lines), through, crosses)
