"""Board operations on mutable lists of spaces and walls (the engine copies, then calls these)."""

from __future__ import annotations

from functools import reduce
from operator import and_

from printkit.games.tictactwo.geometry import Geometry
from printkit.games.tictactwo.state import ANY_DIBS, DIBS, INTERSECT, LETTER, VOID, O, X

Cells = list[int]
Walls = list[int]


def can_write(v: int, player: int) -> bool:
    """May ``player`` write a letter in a space holding ``v``?"""
    if v & VOID:
        return False
    if v & DIBS[player]:
        return True
    if v & INTERSECT:
        return not v & LETTER[player]
    return not v & (X | O)


def open_cells(cells: Cells | tuple[int, ...], player: int) -> list[int]:
    """Every space where ``player`` may write, ascending."""
    return [i for i, v in enumerate(cells) if can_write(v, player)]


def write(cells: Cells, cell: int, player: int) -> None:
    """Write the player's letter; on their own dibs space this overwrites everything."""
    v = cells[cell]
    cells[cell] = LETTER[player] if v & DIBS[player] else v | LETTER[player]


def erase(cells: Cells, cell: int) -> None:
    """Erase the letters of a space (a topple): dibs spaces are immune, indicators stay."""
    if not cells[cell] & ANY_DIBS:
        cells[cell] &= ~(X | O)


def blocked(geo: Geometry, walls: Walls | tuple[int, ...], a: int, b: int) -> bool:
    """Does a wall stand between neighbouring spaces a and b?"""
    return any(walls[s] >= 0 for s in geo.blocking(a, b))


def kind(v: int) -> str:
    """What a swap sees in a space: X, O, V(oid), E(mpty), or F(eature: intersect or dibs)."""
    if v & (INTERSECT | ANY_DIBS):
        return "F"
    if v & VOID:
        return "V"
    return "X" if v & X else "O" if v & O else "E"


def swap_problem(geo: Geometry, cells: Cells | tuple[int, ...], walls: Walls | tuple[int, ...], a: int, b: int) -> str | None:
    """Why spaces a and b cannot be swapped, or None if they can."""
    names = geo.names
    if b not in geo.neighbours[a]:
        return f"{names[a]} and {names[b]} are not adjacent"
    ka, kb = kind(cells[a]), kind(cells[b])
    for cell, k in ((a, ka), (b, kb)):
        if k == "F":
            return f"{names[cell]} is an intersect or dibs space (immune to swaps)"
    if ka == kb:
        what = {"X": "two Xs", "O": "two Os", "V": "two voids", "E": "two empty spaces"}[ka]
        return f"cannot swap {what}"
    if blocked(geo, walls, a, b):
        return f"a wall stands between {names[a]} and {names[b]}"
    return None


def swap(cells: Cells, a: int, b: int) -> None:
    cells[a], cells[b] = cells[b], cells[a]


def line_cells(geo: Geometry, axis: str, index: int) -> list[int]:
    """The spaces of a row or column, in increasing order."""
    n = geo.n
    if axis == "row":
        return [index * n + c for c in range(n)]
    return [r * n + index for r in range(n)]


def shift(geo: Geometry, cells: Cells, walls: Walls, axis: str, index: int, step: int) -> None:
    """Push a row/column one space (wrapping), dibs spaces staying; crossing walls topple."""
    movable = [c for c in line_cells(geo, axis, index) if not cells[c] & ANY_DIBS]
    contents = [cells[c] for c in movable]
    for i, c in enumerate(movable):
        cells[c] = contents[(i - step) % len(movable)]
    for slot, cell in shift_topples(geo, axis, index, step):
        if walls[slot] >= 0:
            walls[slot] = -1
            if cell >= 0:
                erase(cells, cell)


def shift_topples(geo: Geometry, axis: str, index: int, step: int) -> list[tuple[int, int]]:
    """(slot, erased space or -1) for the walls across a row/column; they fall against the shift."""
    n, out = geo.n, []
    for s in geo.slots:
        if s.vertical != (axis == "row"):
            continue
        (x, y), _ = s.ends
        if (y if axis == "row" else x) != index:
            continue
        pos = x if axis == "row" else y
        target = pos - 1 if step > 0 else pos
        if 0 <= target < n:
            out.append((s.index, index * n + target if axis == "row" else target * n + index))
        else:
            out.append((s.index, -1))
    return out


def lines_made(geo: Geometry, cells: Cells | tuple[int, ...], walls: Walls | tuple[int, ...]) -> tuple[bool, bool]:
    """(X has a line, O has a line): every space holds the letter and no wall cuts it."""
    found = 0
    get = cells.__getitem__
    for line in geo.lines:
        both = reduce(and_, map(get, line.cells)) & (X | O)
        if both & ~found and not any(walls[s] >= 0 for s in line.blockers):
            found |= both
    return bool(found & X), bool(found & O)
