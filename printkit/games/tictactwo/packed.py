"""The tables and boards of ``bits.py`` as numpy arrays for the compiled counting (``jit.py``).

``pack(t)`` is the tuple every ``jit`` function takes: ``(lines, dirs, line_at, through, swaps,
shifts, slots, info, full)``:

- ``lines`` uint64 [line, 4]: the line's spaces, then the slots that cut it in three words;
- ``dirs`` uint64 [direction, 2]: bits to the next space, starts of the direction's lines;
- ``line_at`` int64 [direction, space]: the line starting on a space (-1: none);
- ``through`` int64 [space, 1 + lines]: how many lines pass a space, then their indices;
- ``swaps`` uint64 [swap, 5]: the two spaces, then the slots between them in three words;
- ``shifts`` int64 [shift, ...]: step, length, its spaces, the number of walls it crosses, then
  (slot, space toppled or -1) per wall;
- ``slots`` int64 [slot, 2]: the spaces beside a slot (-1: none);
- ``info`` int64 [3]: n, k, the number of slots; ``full`` uint64 [1]: all spaces.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from printkit.games.tictactwo.bits import Board, Tables, ones
from printkit.games.tictactwo.rules import geometry

WORD = (1 << 64) - 1


def split(mask: int) -> list[int]:
    """A slot mask as three 64-bit words."""
    return [mask & WORD, mask >> 64 & WORD, mask >> 128]


def words(b: Board) -> np.ndarray:
    """A board of ``bits.py`` as 12 uint64 words (the walls of each player in three)."""
    x, o = b[6], b[7]
    return np.array((b[0], b[1], b[2], b[3], b[4], b[5], x & WORD, x >> 64 & WORD, x >> 128,
                     o & WORD, o >> 64 & WORD, o >> 128), dtype=np.uint64)


@lru_cache(maxsize=32)
def pack(t: Tables) -> tuple[np.ndarray, ...]:
    """The tables of a board as arrays (see the module docstring)."""
    geo = geometry(t.n, t.k)
    cells = t.n * t.n
    index = {line.cells: i for i, line in enumerate(geo.lines)}
    lines = np.array([[sum(1 << c for c in line.cells), *split(sum(1 << s for s in line.blockers))]
                      for line in geo.lines], dtype=np.uint64).reshape(-1, 4)
    steps = sorted({line.cells[1] - line.cells[0] for line in geo.lines})
    dirs = np.zeros((len(steps), 2), dtype=np.uint64)
    line_at = np.full((len(steps), cells), -1, dtype=np.int64)
    for line in geo.lines:
        d = steps.index(line.cells[1] - line.cells[0])
        dirs[d, 0] = line.cells[1] - line.cells[0]
        dirs[d, 1] |= np.uint64(1 << line.cells[0])
        line_at[d, line.cells[0]] = index[line.cells]
    passing = [[i for i, line in enumerate(geo.lines) if c in line.cells] for c in range(cells)]
    through = np.zeros((cells, 1 + max(map(len, passing))), dtype=np.int64)
    for c, ids in enumerate(passing):
        through[c, 0] = len(ids)
        through[c, 1:1 + len(ids)] = ids
    swaps = np.array([[a, c, *split(blockers)] for a, c, _, blockers in t.swaps], dtype=np.uint64).reshape(-1, 5)
    rows = [[step, len(line), *line, len(falls), *(v for bit, cell in falls for v in (ones(bit)[0], cell))]
            for _, line, step, falls in t.shifts]
    shifts = np.zeros((len(rows), max(map(len, rows))), dtype=np.int64)
    for i, row in enumerate(rows):
        shifts[i, :len(row)] = row
    slots = np.array([[*s.cells, -1][:2] for s in geo.slots], dtype=np.int64)
    info = np.array([t.n, t.k, len(geo.slots)], dtype=np.int64)
    return lines, dirs, line_at, through, swaps, shifts, slots, info, np.array([t.full], dtype=np.uint64)
