"""Board geometry as plain data: spaces, wall slots on borders, winning lines.

Spaces are numbered ``row * n + col`` (A1 = 0, B1 = 1, ...; rows count from the top). Grid
points are ``(x, y)`` with ``0 <= x, y <= n``; space (col, row) spans points (col, row) to
(col + 1, row + 1). A wall slot is one unit of border: interior slots lie between two spaces
(``B2|C2`` is vertical, ``B2|B3`` horizontal), edge slots on the outer rim (``A1|top``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from printkit.rules.game import NotationError
from printkit.userinput.text import quoted

EDGES = ("top", "bottom", "left", "right")


@dataclass(frozen=True)
class Slot:
    """One wall slot: its name, the spaces beside it, orientation and end points."""

    index: int
    name: str
    cells: tuple[int, ...]
    vertical: bool
    ends: tuple[tuple[int, int], tuple[int, int]]

    @property
    def edge(self) -> bool:
        return len(self.cells) == 1


@dataclass(frozen=True)
class Line:
    """A winning segment: its spaces and every slot that cuts it."""

    cells: tuple[int, ...]
    blockers: tuple[int, ...]


class Geometry:
    """Spaces, slots and lines of an ``n`` x ``n`` board with lines of ``k``."""

    def __init__(self, n: int, k: int) -> None:
        self.n, self.k = n, k
        self.names = tuple(f"{chr(65 + i % n)}{i // n + 1}" for i in range(n * n))
        self.slots = _make_slots(n)
        self.slot_by_name = {s.name: s for s in self.slots}
        self.corner_slots = _corner_slots(n, self.slots)
        self.lines = tuple(self._make_lines())
        self.neighbours = tuple(tuple(self._neighbours(c)) for c in range(n * n))

    def cell(self, text: str) -> int:
        """A space from its name (``C3``); NotationError when off the board."""
        t = text.strip().upper()
        n = self.n
        if len(t) >= 2 and t[0].isalpha() and t[1:].isascii() and t[1:].isdigit() and len(t[1:]) <= 9:
            col, row = ord(t[0]) - 65, int(t[1:]) - 1
            if 0 <= col < n and 0 <= row < n:
                return row * n + col
        raise NotationError(
            f"{quoted(text)} is off the board (columns A-{chr(64 + n)}, rows 1-{n})"
        )

    def slot(self, text: str) -> Slot:
        """A wall slot from ``B2|C2`` / ``C2|B2`` / ``A1|top``; NotationError otherwise."""
        parts = [p.strip() for p in text.split("|")]
        if len(parts) != 2:
            raise NotationError(f"{quoted(text)} is not a wall slot (expected like B2|C2 or A1|top)")
        if parts[0].lower() in EDGES:
            parts.reverse()
        first = self.names[self.cell(parts[0])]
        second = parts[1].lower() if parts[1].lower() in EDGES else self.names[self.cell(parts[1])]
        for name in (f"{first}|{second}", f"{second}|{first}"):
            if name in self.slot_by_name:
                return self.slot_by_name[name]
        raise NotationError(f"{quoted(text)} is not a wall slot (the spaces must share a border)")

    def blocking(self, a: int, b: int) -> tuple[int, ...]:
        """Slots that stand between neighbouring spaces a and b (orthogonal or diagonal)."""
        n = self.n
        (ca, ra), (cb, rb) = divmod(a, n)[::-1], divmod(b, n)[::-1]
        if ca == cb or ra == rb:
            return tuple(s.index for s in self.slots if set(s.cells) == {a, b})
        point = (max(ca, cb), max(ra, rb))
        return self.corner_slots.get(point, ())

    def _make_lines(self) -> list[Line]:
        n, k, out = self.n, self.k, []
        for dc, dr in ((1, 0), (0, 1), (1, 1), (-1, 1)):
            for r in range(n):
                for c in range(n):
                    cells = [(c + i * dc, r + i * dr) for i in range(k)]
                    if all(0 <= x < n and 0 <= y < n for x, y in cells):
                        ids = tuple(y * n + x for x, y in cells)
                        blockers = sorted({s for a, b in zip(ids, ids[1:]) for s in self.blocking(a, b)})
                        out.append(Line(ids, tuple(blockers)))
        return out

    def _neighbours(self, cell: int) -> list[int]:
        n, (r, c) = self.n, divmod(cell, self.n)
        return [
            (r + dr) * n + c + dc
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n
        ]

    def as_json(self) -> dict[str, Any]:
        """Plain data for the kit: spaces, wall slots and lines."""
        n = self.n
        return {
            "size": n,
            "line_length": self.k,
            "cells": [{"id": name, "col": i % n, "row": i // n} for i, name in enumerate(self.names)],
            "walls": [
                {
                    "id": s.name,
                    "cells": [self.names[c] for c in s.cells],
                    "orientation": "vertical" if s.vertical else "horizontal",
                    "edge": s.edge,
                    "from": list(s.ends[0]),
                    "to": list(s.ends[1]),
                }
                for s in self.slots
            ],
            "lines": [[self.names[c] for c in line.cells] for line in self.lines],
        }


def _name(n: int, col: int, row: int) -> str:
    return f"{chr(65 + col)}{row + 1}"


def _make_slots(n: int) -> tuple[Slot, ...]:
    """Every slot: interior vertical, interior horizontal, then the rim (stable order)."""
    raw: list[tuple[str, tuple[int, ...], bool, tuple[tuple[int, int], tuple[int, int]]]] = []
    for r in range(n):
        for c in range(n):
            cell = r * n + c
            if c + 1 < n:
                raw.append((f"{_name(n, c, r)}|{_name(n, c + 1, r)}", (cell, cell + 1), True, ((c + 1, r), (c + 1, r + 1))))
            if r + 1 < n:
                raw.append((f"{_name(n, c, r)}|{_name(n, c, r + 1)}", (cell, cell + n), False, ((c, r + 1), (c + 1, r + 1))))
    for r in range(n):
        for c in range(n):
            cell, here = r * n + c, _name(n, c, r)
            if r == 0:
                raw.append((f"{here}|top", (cell,), False, ((c, 0), (c + 1, 0))))
            if r == n - 1:
                raw.append((f"{here}|bottom", (cell,), False, ((c, n), (c + 1, n))))
            if c == 0:
                raw.append((f"{here}|left", (cell,), True, ((0, r), (0, r + 1))))
            if c == n - 1:
                raw.append((f"{here}|right", (cell,), True, ((n, r), (n, r + 1))))
    return tuple(Slot(i, *item) for i, item in enumerate(raw))


def _corner_slots(n: int, slots: tuple[Slot, ...]) -> dict[tuple[int, int], tuple[int, ...]]:
    """For each interior grid point, the slots that end there (they cut diagonals through it)."""
    out: dict[tuple[int, int], list[int]] = {}
    for s in slots:
        for point in s.ends:
            if 0 < point[0] < n and 0 < point[1] < n:
                out.setdefault(point, []).append(s.index)
    return {p: tuple(v) for p, v in out.items()}


@lru_cache(maxsize=32)
def geometry(n: int, k: int) -> Geometry:
    """The (cached) geometry of a board."""
    return Geometry(n, k)
