"""A turn of play: optional special action, optional topple, then the letter.

Lines are checked after every step; the first step that makes a line ends the game (both
players at once: a draw), and nothing of the turn follows it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from printkit.games.tictactwo import ops
from printkit.games.tictactwo.geometry import Geometry
from printkit.games.tictactwo.params import ACTIONS
from printkit.games.tictactwo.state import ANY_DIBS, DIBS, INTERSECT, VOID, Action, State, Turn
from printkit.rules.game import IllegalMove


class Work:
    """A turn in progress: mutable copies of the spaces, walls and hand, and the result."""

    def __init__(self, geo: Geometry, state: State) -> None:
        self.geo, self.player = geo, state.to_move
        self.first = state.turns[self.player] == 0
        self.cells, self.walls = list(state.cells), list(state.walls)
        self.hand = list(state.hands[self.player])
        self.winner: int | None = None
        self.reason: str | None = None

    def copy(self) -> "Work":
        other = object.__new__(Work)
        other.__dict__.update(self.__dict__)
        other.cells, other.walls, other.hand = list(self.cells), list(self.walls), list(self.hand)
        return other

    def check(self, step: str) -> bool:
        """Look for lines after a step; True when the game is decided."""
        x, o = ops.lines_made(self.geo, self.cells, self.walls)
        if x and o:
            self.reason = f"both players made a line ({step})"
        elif x or o:
            self.winner = 0 if x else 1
            self.reason = f"line of {self.geo.k}"
        return self.reason is not None

    def finish(self, state: State) -> State:
        p = self.player
        hands = (tuple(self.hand), state.hands[1]) if p == 0 else (state.hands[0], tuple(self.hand))
        turns = (state.turns[0] + 1, state.turns[1]) if p == 0 else (state.turns[0], state.turns[1] + 1)
        return replace(
            state, cells=tuple(self.cells), walls=tuple(self.walls), hands=hands, turns=turns,
            to_move=1 - p, winner=self.winner, reason=self.reason,
        )


# -- the options of each step ---------------------------------------------------------------
def action_options(geo: Geometry, work: Work, name: str) -> list[Action]:
    """Every legal use of one action in this position (before its consequences)."""
    cells, walls, p = work.cells, work.walls, work.player
    if name == "double":
        return [Action(name, (c,)) for c in ops.open_cells(cells, p)]
    if name == "swap":
        pairs = [(a, b) for a in range(len(cells)) for b in geo.neighbours[a] if a < b]
        return [Action(name, (a, b)) for a, b in pairs if ops.swap_problem(geo, cells, walls, a, b) is None]
    if name == "shift":
        return [
            Action(name, (axis, i, step)) for axis in ("row", "column") for i in range(geo.n) for step in (-1, 1)
        ]
    if name == "dibs":
        return [Action(name, (c,)) for c, v in enumerate(cells) if not v & (VOID | ANY_DIBS)]
    if name == "intersect":
        return [Action(name, (c,)) for c, v in enumerate(cells) if not v & (VOID | INTERSECT)]
    return [Action(name, (s,)) for s, owner in enumerate(walls) if owner < 0]


def topple_options(geo: Geometry, work: Work) -> list[tuple[int, int]]:
    """(slot, space it falls onto) for every wall of the player to move (none on a first turn)."""
    if work.first:
        return []
    return [(s, c) for s, owner in enumerate(work.walls) if owner == work.player for c in geo.slots[s].cells]


def action_names(state: State) -> list[str]:
    """The distinct unused actions of the player to move (none on their first turn)."""
    if state.turns[state.to_move] == 0:
        return []
    hand = state.hands[state.to_move]
    return [a for a in ACTIONS if a in hand]


# -- performing steps -------------------------------------------------------------------------
def do_action(geo: Geometry, work: Work, action: Action) -> None:
    """Perform an action (already known legal) and check for lines."""
    name, args, cells = action.name, action.args, work.cells
    work.hand.remove(name)
    if name == "double":
        ops.write(cells, int(args[0]), work.player)
    elif name == "swap":
        ops.swap(cells, int(args[0]), int(args[1]))
    elif name == "shift":
        ops.shift(geo, cells, work.walls, str(args[0]), int(args[1]), int(args[2]))
    elif name == "dibs":
        cells[int(args[0])] |= DIBS[work.player]
    elif name == "intersect":
        cells[int(args[0])] |= INTERSECT
    else:
        work.walls[int(args[0])] = work.player
    work.check(name)


def do_topple(work: Work, slot: int, cell: int) -> None:
    work.walls[slot] = -1
    ops.erase(work.cells, cell)
    work.check("topple")


def do_place(work: Work, cell: int) -> None:
    ops.write(work.cells, cell, work.player)
    work.check("placement")


# -- validation -----------------------------------------------------------------------------
def apply_turn(geo: Geometry, state: State, turn: Turn) -> State:
    """The state after a whole turn; IllegalMove names the first faulty step."""
    work, names = Work(geo, state), geo.names
    if turn.action is not None:
        check_action(geo, state, work, turn.action)
        do_action(geo, work, turn.action)
        if work.reason is not None:
            return _stop(work, state, turn.topple is not None or turn.place is not None, turn.action.name)
    if turn.topple is not None:
        check_topple(geo, state, work, *turn.topple)
        do_topple(work, *turn.topple)
        if work.reason is not None:
            return _stop(work, state, turn.place is not None, "topple")
    if turn.place is None:
        raise IllegalMove("a turn must end with a letter")
    if not ops.can_write(work.cells[turn.place], work.player):
        raise IllegalMove(f"{names[turn.place]} is {_describe(work.cells[turn.place], work.player)}")
    do_place(work, turn.place)
    return work.finish(state)


def _stop(work: Work, state: State, more: bool, step: str) -> State:
    if more:
        raise IllegalMove(f"the {step} ended the game ({work.reason}): nothing may follow it")
    return work.finish(state)


def check_action(geo: Geometry, state: State, work: Work, action: Action) -> None:
    if state.turns[state.to_move] == 0:
        raise IllegalMove("a player's first turn is a letter only (no special action)")
    if action.name not in work.hand:
        raise IllegalMove(f"{action.name} is not among your unused actions ({', '.join(work.hand) or 'none'})")
    if action not in action_options(geo, work, action.name):
        raise IllegalMove(_action_problem(geo, work, action))


def _action_problem(geo: Geometry, work: Work, action: Action) -> str:
    names, args = geo.names, action.args
    if action.name == "swap":
        return ops.swap_problem(geo, work.cells, work.walls, int(args[0]), int(args[1])) or "bad swap"
    if action.name == "wall":
        return f"there is already a wall on {geo.slots[int(args[0])].name}"
    cell = int(args[0])
    if action.name == "double":
        return f"{names[cell]} is {_describe(work.cells[cell], work.player)}"
    what = "a void" if work.cells[cell] & VOID else (
        "already a dibs space" if action.name == "dibs" else "already an intersect space")
    return f"{names[cell]} is {what}"


def check_topple(geo: Geometry, state: State, work: Work, slot: int, cell: int) -> None:
    s = geo.slots[slot]
    if state.turns[state.to_move] == 0:
        raise IllegalMove("a player's first turn is a letter only (no topple)")
    if work.walls[slot] < 0:
        raise IllegalMove(f"there is no wall on {s.name}")
    if work.walls[slot] != work.player:
        raise IllegalMove(f"the wall on {s.name} is not yours (only its owner topples it)")
    if cell not in s.cells:
        raise IllegalMove(f"the wall on {s.name} cannot fall onto {geo.names[cell]} (not beside it)")


def _describe(v: int, player: int) -> str:
    if v & VOID:
        return "a void (no letters)"
    if v & INTERSECT:
        return "an intersect space already holding your letter"
    if v & ANY_DIBS:
        return "the other player's dibs space, already written on"
    return "taken"


# -- enumeration ----------------------------------------------------------------------------
def legal_turns(geo: Geometry, state: State) -> list[Turn]:
    """Every legal turn, in a stable order: no action first, then by action, topple, letter."""
    start, p = Work(geo, state), state.to_move
    out: list[Turn] = []
    for action, work in _after_actions(geo, state, start):
        if work.reason is not None:
            out.append(Turn(p, action))
            continue
        for topple, after in _after_topples(geo, work):
            if after.reason is not None:
                out.append(Turn(p, action, topple))
                continue
            out.extend(Turn(p, action, topple, c) for c in ops.open_cells(after.cells, p))
    return out


def _after_actions(geo: Geometry, state: State, start: Work) -> Iterator[tuple[Action | None, Work]]:
    yield None, start
    for name in action_names(state):
        for action in action_options(geo, start, name):
            work = start.copy()
            do_action(geo, work, action)
            yield action, work


def _after_topples(geo: Geometry, work: Work) -> Iterator[tuple[tuple[int, int] | None, Work]]:
    yield None, work
    for topple in topple_options(geo, work):
        after = work.copy()
        do_topple(after, *topple)
        yield topple, after


def expand(geo: Geometry, state: State) -> Iterator[tuple[Turn, Work]]:
    """Every legal turn with the position it leaves (for players that look one turn ahead)."""
    start, p = Work(geo, state), state.to_move
    for action, work in _after_actions(geo, state, start):
        if work.reason is not None:
            yield Turn(p, action), work
            continue
        for topple, after in _after_topples(geo, work):
            if after.reason is not None:
                yield Turn(p, action, topple), after
                continue
            for cell in ops.open_cells(after.cells, p):
                final = after.copy()
                do_place(final, cell)
                yield Turn(p, action, topple, cell), final
