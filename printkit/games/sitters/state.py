"""The values the SiTTeRS rules transform: a position and a move."""

from __future__ import annotations

from dataclasses import dataclass

COLLECTORS, OBSTRUCTORS = 0, 1

# phases: set-up placements, then turns of roll -> move -> (loot roll | battle rolls)
CONTAINERS, PLACE_COLLECTORS, PLACE_OBSTRUCTORS = "containers", "collectors", "obstructors"
ROLL, MOVE, LOOT, BATTLE, OVER = "roll", "move", "loot", "battle", "over"
SETUP = (CONTAINERS, PLACE_COLLECTORS, PLACE_OBSTRUCTORS)
CHANCE_PHASES = (ROLL, LOOT, BATTLE)


@dataclass(frozen=True)
class State:
    """A position. Cells are board integers; marker tuples are sorted."""

    phase: str
    collectors: tuple[int, ...] = ()
    obstructors: tuple[int, ...] = ()
    containers: tuple[int, ...] = ()
    survivors: int = 0
    loot: int = 0
    lost: tuple[int, int] = (0, 0)
    """Defeated markers off the board: (collectors, obstructors)."""
    turn: int = 0
    """Turn number from 0: in each round of 3 turns, the collectors play 2, the obstructors 1."""
    roll: int = 0
    cell: int = -1
    """The space of a pending loot roll or battle."""

    @property
    def mover(self) -> int:
        """Whose turn it is in the round (collectors twice, then obstructors once)."""
        return COLLECTORS if self.turn % 3 < 2 else OBSTRUCTORS

    def markers(self, side: int) -> tuple[int, ...]:
        return self.collectors if side == COLLECTORS else self.obstructors


@dataclass(frozen=True)
class Move:
    """kind: roll, container, collector, obstructor (set-up placements), move, return, pass."""

    kind: str
    src: int = -1
    dst: int = -1
    dice: tuple[int, ...] = ()
