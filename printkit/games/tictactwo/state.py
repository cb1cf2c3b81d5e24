"""The state and moves of Tic Tac Two (plain frozen values).

A space is a bit set: ``X`` / ``O`` letters, an ``INTERSECT`` indicator, a ``VOID`` and a pending
dibs claim of X (``DIBS_X``) or O (``DIBS_O``). Walls are a tuple with one entry per slot of the
geometry: -1 for none, else the owner (0 = X, 1 = O).
"""

from __future__ import annotations

from dataclasses import dataclass

X, O, INTERSECT, VOID, DIBS_X, DIBS_O = 1, 2, 4, 8, 16, 32
LETTER = (X, O)
DIBS = (DIBS_X, DIBS_O)
ANY_DIBS = DIBS_X | DIBS_O
MARKS = ("X", "O")

DRAFT, VOIDS, PLAY = "draft", "void", "play"


@dataclass(frozen=True)
class Pick:
    """A draft pick: ``O picks swap``."""

    player: int
    action: str


@dataclass(frozen=True)
class PlaceVoid:
    """A void placed before play (Void variation): ``X void B2``."""

    player: int
    cell: int


@dataclass(frozen=True)
class Action:
    """A special action and its arguments.

    double (cell,), swap (cell, cell) in ascending order, shift (axis, index, step) with axis
    "row" / "column" and step +1 (right / down) or -1 (left / up), dibs (cell,),
    intersect (cell,), wall (slot,).
    """

    name: str
    args: tuple[int | str, ...]


@dataclass(frozen=True)
class Turn:
    """A turn: optional special action, optional topple (slot, space), then the letter.

    ``place`` is None only when the game ended before the letter (an action or topple made a
    line).
    """

    player: int
    action: Action | None = None
    topple: tuple[int, int] | None = None
    place: int | None = None


Move = Pick | PlaceVoid | Turn


@dataclass(frozen=True)
class State:
    """A position: phase, player to move, hands, spaces, walls and the result once decided."""

    phase: str
    to_move: int
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    drafted: tuple[tuple[str, ...], tuple[str, ...]]
    cells: tuple[int, ...]
    walls: tuple[int, ...]
    turns: tuple[int, int] = (0, 0)
    winner: int | None = None
    reason: str | None = None

    @property
    def decided(self) -> bool:
        return self.reason is not None
