"""Board geometry as plain data: cells, the kind of each cell, neighbours, the scoring table."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.games.ultimate.params import Params, coord_cell, coord_name

KINDS = {"extra_turn": "extra-turn", "triple": "triple", "double": "double", "free": "free"}
"""Params key -> cell kind, as drawn on the board (``class="cell extra-turn"``)."""

MULTIPLIERS = {"triple": 3, "double": 2}
"""Cell kind -> factor applied to the points of a mark placed there."""

EMPTY, FREE = 0, 3
"""Cell contents: EMPTY, 1 for an X, 2 for an O, FREE for a free space marked from the start."""

MARKS = ("X", "O")
"""The mark of player 0 and of player 1, as written in the log."""

MARK_POINTS = 1
OWN_POINTS = 1
OPPONENT_POINTS = 2


def cell_kinds(params: Params) -> dict[str, str]:
    """Every coordinate (row by row from A1) with its kind: extra-turn, triple, double, free or ''."""
    size = params.board_size
    kinds = {coord_name(size, cell): "" for cell in range(size * size)}
    for key, kind in KINDS.items():
        for text in getattr(params, key):
            kinds[text] = kind
    return kinds


def neighbours(size: int, cell: int) -> tuple[int, ...]:
    """The up to 8 cells touching ``cell`` (diagonals count), in row-major order."""
    row, col = divmod(cell, size)
    found = []
    for r in range(row - 1, row + 2):
        for c in range(col - 1, col + 2):
            if (r, c) != (row, col) and 0 <= r < size and 0 <= c < size:
                found.append(r * size + c)
    return tuple(found)


@dataclass(frozen=True)
class Geometry:
    """The board of one Params, as indices: cell i is row i // size, column i % size."""

    size: int
    coords: tuple[str, ...]
    kinds: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    multiplier: tuple[int, ...]
    extra_turn: frozenset[int]
    free: frozenset[int]

    @classmethod
    def of(cls, params: Params) -> Geometry:
        """The geometry of ``params`` (assumed valid: see Params.check)."""
        size = params.board_size
        cells = range(size * size)
        kinds = cell_kinds(params)
        coords = tuple(coord_name(size, c) for c in cells)
        mult = tuple(MULTIPLIERS.get(kinds[name], 1) for name in coords)
        return cls(
            size=size,
            coords=coords,
            kinds=tuple(kinds[name] for name in coords),
            neighbours=tuple(neighbours(size, c) for c in cells),
            multiplier=mult,
            extra_turn=_cells(size, params.extra_turn),
            free=_cells(size, params.free),
        )


def _cells(size: int, coords: tuple[str, ...]) -> frozenset[int]:
    found = (coord_cell(size, text) for text in coords)
    return frozenset(c for c in found if c is not None)


def score_table(params: Params) -> list[dict[str, str]]:
    """Rows of the rule sheet's scoring table: points and what earns them."""
    rows = [
        {"points": f"{MARK_POINTS}", "action": "making a mark anywhere on the board"},
        {"points": f"+{OWN_POINTS} each", "action": "every mark of your own that the new mark touches"},
        {"points": f"+{OPPONENT_POINTS} each", "action": "every opponent's mark that the new mark touches"},
    ]
    if params.free and params.free_space == "wild":
        rows.append({"points": f"+{OWN_POINTS} each", "action": "every free space that the new mark touches"})
    for key, factor in (("double", 2), ("triple", 3)):
        if getattr(params, key):
            where = ", ".join(getattr(params, key))
            rows.append({"points": f"x{factor}", "action": f"the whole sum, for a mark on a x{factor} space ({where})"})
    return rows
