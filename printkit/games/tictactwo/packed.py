"""The kernel's boards and the tables of a board as numpy arrays for the compiled code (``jit.py``).

A board is 12 uint64 words: X letters, O letters, intersect, void, dibs of X, dibs of O (one bit
per space: rules.py's space bits in this order), then the walls of X and of O in three words each
(slot ``s`` is bit ``s % 64`` of word ``s // 64``). ``pack(n, k)`` is the tuple every ``jit``
function takes: ``(lines, dirs, line_at, through, swaps, shifts, slots, info, full)``, built from
the reference geometry:

- ``lines`` uint64 [line, 4]: the line's spaces, then the slots that cut it in three words;
- ``dirs`` uint64 [direction, 2]: bits to the next space, starts of the direction's lines;
- ``line_at`` int64 [direction, space]: the line starting on a space (-1: none);
- ``through`` int64 [space, 1 + lines]: how many lines pass a space, then their indices;
- ``swaps`` uint64 [swap, 5]: the two spaces, then the slots between them in three words;
- ``shifts`` int64 [shift, ...]: step, length, its spaces, the number of walls it crosses, then
  (slot, space toppled or -1) per wall;
- ``slots`` int64 [slot, 2]: the spaces beside a slot (-1: none);
- ``info`` int64 [3]: n, k, the number of slots; ``full`` uint64 [1]: all spaces.

Swaps and shifts are numbered in the order of ``rules.action_options``: the swaps by first then
second space, the shifts as :func:`shift_keys` lists them.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from printkit.games.tictactwo.rules import geometry, line_cells, shift_topples

WORD = (1 << 64) - 1


def split(mask: int) -> list[int]:
    """A slot mask as three 64-bit words."""
    return [mask & WORD, mask >> 64 & WORD, mask >> 128]


def mask(items: tuple[int, ...] | list[int]) -> int:
    """The bits of some spaces or slots."""
    return sum(1 << i for i in set(items))


@lru_cache(maxsize=32)
def shift_keys(n: int) -> tuple[tuple[str, int, int], ...]:
    """The shifts by number: (axis, row or column, step) as rules.py's shift action takes them."""
    return tuple((axis, i, step) for axis in ("row", "column") for i in range(n) for step in (-1, 1))


@lru_cache(maxsize=32)
def pack(n: int, k: int) -> tuple[np.ndarray, ...]:
    """The tables of an ``n`` x ``n`` board with lines of ``k`` (see the module docstring)."""
    geo = geometry(n, k)
    cells = n * n
    lines = np.array([[mask(line.cells), *split(mask(line.blockers))] for line in geo.lines], dtype=np.uint64).reshape(-1, 4)
    steps = sorted({line.cells[1] - line.cells[0] for line in geo.lines})
    dirs = np.zeros((len(steps), 2), dtype=np.uint64)
    line_at = np.full((len(steps), cells), -1, dtype=np.int64)
    for i, line in enumerate(geo.lines):
        d = steps.index(line.cells[1] - line.cells[0])
        dirs[d, 0] = line.cells[1] - line.cells[0]
        dirs[d, 1] |= np.uint64(1 << line.cells[0])
        line_at[d, line.cells[0]] = i
    passing = [[i for i, line in enumerate(geo.lines) if c in line.cells] for c in range(cells)]
    through = np.zeros((cells, 1 + max(map(len, passing))), dtype=np.int64)
    for c, ids in enumerate(passing):
        through[c, 0] = len(ids)
        through[c, 1:1 + len(ids)] = ids
    swaps = np.array([[a, b, *split(mask(geo.blocking(a, b)))] for a in range(cells) for b in geo.neighbours[a] if a < b],
                     dtype=np.uint64).reshape(-1, 5)
    rows = []
    for axis, i, step in shift_keys(n):
        falls = shift_topples(geo, axis, i, step)
        rows.append([step, n, *line_cells(geo, axis, i), len(falls), *(v for fall in falls for v in fall)])
    shifts = np.zeros((len(rows), max(map(len, rows))), dtype=np.int64)
    for i, row in enumerate(rows):
        shifts[i, :len(row)] = row
    slots = np.array([[*s.cells, -1][:2] for s in geo.slots], dtype=np.int64)
    info = np.array([n, k, len(geo.slots)], dtype=np.int64)
    return lines, dirs, line_at, through, swaps, shifts, slots, info, np.array([(1 << cells) - 1], dtype=np.uint64)
