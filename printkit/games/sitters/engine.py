"""The SiTTeRS rules: set-up, rounds of two collector turns and one obstructor turn, dice."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Sequence

from printkit.games.sitters import notation, text
from printkit.games.sitters.board import COLLECTOR_START, CONTAINER, OBSTRUCTOR_START, SAFE_ZONE, Board
from printkit.games.sitters.params import Params
from printkit.games.sitters.paths import Terrain, reach
from printkit.games.sitters.scoring import score, verdict
from printkit.games.sitters.state import (
    BATTLE,
    CHANCE_PHASES,
    COLLECTORS,
    CONTAINERS,
    LOOT,
    MOVE,
    OBSTRUCTORS,
    OVER,
    PLACE_COLLECTORS,
    PLACE_OBSTRUCTORS,
    ROLL,
    Move,
    State,
)
from printkit.rules.game import CHANCE, IllegalMove, Outcome

PLACE_KIND = {CONTAINERS: "container", PLACE_COLLECTORS: "collector",
              PLACE_OBSTRUCTORS: "obstructor"}


def _add(cells: tuple[int, ...], cell: int) -> tuple[int, ...]:
    return tuple(sorted((*cells, cell)))


def _drop(cells: tuple[int, ...], cell: int) -> tuple[int, ...]:
    return tuple(c for c in cells if c != cell)


class SittersRules:
    """The engine for one set of Params; states are immutable ``State`` values."""

    def __init__(self, params: Params | None = None) -> None:
        self.params = params or Params()
        self.board: Board = self.params.board
        self.player_names = self.params.player_names
        self.starts = (self.board.cells_of(COLLECTOR_START), self.board.cells_of(OBSTRUCTOR_START))
        self.container_spaces = self.board.cells_of(CONTAINER)
        self.safe_zone = frozenset(self.board.cells_of(SAFE_ZONE))
        self.faces = self.params.die_sides
        self._cached: State | None = None
        self._terrain = Terrain(frozenset(), frozenset(), frozenset())
        self._found: dict[int, dict[int, tuple[int, ...]]] = {}

    # -- the contract -------------------------------------------------------------------------
    def initial_state(self) -> State:
        return State(phase=CONTAINERS if self.params.containers_per_player else PLACE_COLLECTORS)

    def current_player(self, state: State) -> int:
        if state.phase in CHANCE_PHASES:
            return CHANCE
        if state.phase == CONTAINERS:
            return COLLECTORS if len(state.containers) < self.params.containers_per_player \
                else OBSTRUCTORS
        if state.phase == PLACE_COLLECTORS:
            return COLLECTORS
        if state.phase == PLACE_OBSTRUCTORS:
            return OBSTRUCTORS
        return state.mover

    def legal_moves(self, state: State) -> Sequence[Move]:
        if state.phase in PLACE_KIND:
            return [Move(PLACE_KIND[state.phase], dst=c) for c in self._free_places(state)]
        if state.phase != MOVE:
            return []
        moves = [Move("move", src, dst) for src in state.markers(state.mover)
                 for dst in sorted(self.destinations(state, src))]
        moves += [Move("return", dst=c) for c in self._returns(state)]
        return moves or [Move("pass")]

    def chance_outcomes(self, state: State) -> Sequence[tuple[Move, float]]:
        faces = range(1, self.faces + 1)
        if state.phase in (ROLL, LOOT):
            return [(Move("roll", dice=(v,)), 1 / self.faces) for v in faces]
        if state.phase == BATTLE:
            return [(Move("roll", dice=(c, o)), 1 / self.faces ** 2) for c in faces for o in faces]
        return []

    def apply(self, state: State, move: Move) -> State:
        if state.phase == OVER:
            raise IllegalMove("the game is over")
        if state.phase in CHANCE_PHASES:
            return self._apply_roll(state, move)
        if move.kind == "roll":
            raise IllegalMove(f"the {self.player_names[self.current_player(state)]} must "
                              f"{'place a piece' if state.phase in PLACE_KIND else 'move'}, "
                              "not roll")
        if state.phase in PLACE_KIND:
            return self._apply_place(state, move)
        return self._apply_turn(state, move)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        value = score(self.params, state.survivors, state.loot)
        winner = verdict(self.params, value)
        where = {None: "equals", 0: "is above", 1: "is below"}[winner]
        reason = (f"score {value} ({state.survivors} survivors, {state.loot} loot) {where} "
                  f"{self.params.target}")
        return Outcome(winner, reason, (float(value),))

    def first_player(self, state: State) -> int | None:
        started = state.containers or state.collectors or state.phase not in PLACE_KIND
        return COLLECTORS if started else None

    def format_move(self, state: State, move: Move) -> str:
        return notation.format_move(self.board, move)

    def parse_move(self, state: State, text_: str) -> Move:
        return notation.parse_move(self, state, text_)

    def render_text(self, state: State) -> str:
        return text.render(self, state)

    def state_json(self, state: State) -> dict[str, Any]:
        return text.as_json(self, state)

    # -- geometry ------------------------------------------------------------------------------
    def terrain(self, state: State, side: int) -> Terrain:
        """What a marker of ``side`` may enter and where it stops."""
        if side == COLLECTORS:
            return Terrain(frozenset(state.collectors),
                           frozenset(state.obstructors) | frozenset(state.containers)
                           | self.safe_zone, frozenset())
        return Terrain(frozenset(state.obstructors), frozenset(state.collectors),
                       frozenset(state.containers) | self.safe_zone)

    def destinations(self, state: State, src: int) -> dict[int, tuple[int, ...]]:
        """End spaces (with a path) of the current mover's marker on ``src`` for the roll."""
        if self._cached is not state:
            self._cached, self._terrain = state, self.terrain(state, state.mover)
            self._found = {}
        if src not in self._found:
            self._found[src] = reach(self.board, self._terrain, src, state.roll)
        return self._found[src]

    def _free_places(self, state: State) -> list[int]:
        taken = set(state.containers) | set(state.collectors) | set(state.obstructors)
        spaces = {CONTAINERS: self.container_spaces, PLACE_COLLECTORS: self.starts[COLLECTORS],
                  PLACE_OBSTRUCTORS: self.starts[OBSTRUCTORS]}[state.phase]
        return [c for c in spaces if c not in taken]

    def _returns(self, state: State) -> list[int]:
        side = state.mover
        if state.roll != self.faces or not state.lost[side]:
            return []
        taken = set(state.collectors) | set(state.obstructors)
        return [c for c in self.starts[side] if c not in taken]

    # -- set-up --------------------------------------------------------------------------------
    def _apply_place(self, state: State, move: Move) -> State:
        kind = PLACE_KIND[state.phase]
        if move.kind != kind:
            raise IllegalMove(f"the {self.player_names[self.current_player(state)]} must place "
                              f"a {kind}, not {notation.describe(move)}")
        if move.dst not in self._free_places(state):
            letter = {"container": "X", "collector": "C", "obstructor": "O"}[kind]
            raise IllegalMove(f"{self.board.names.get(move.dst, '?')} is not a free {letter} space")
        if kind == "container":
            state = replace(state, containers=_add(state.containers, move.dst))
            if len(state.containers) == 2 * self.params.containers_per_player:
                state = replace(state, phase=PLACE_COLLECTORS)
            return state
        if kind == "collector":
            state = replace(state, collectors=_add(state.collectors, move.dst))
            return self._after_collectors(state)
        state = replace(state, obstructors=_add(state.obstructors, move.dst))
        done = len(state.obstructors) == self.params.obstructors
        return replace(state, phase=ROLL) if done else state

    def _after_collectors(self, state: State) -> State:
        """After the last collector: obstructors fill the O spaces (automatic when they all fit)."""
        if len(state.collectors) < self.params.collectors:
            return state
        if self.params.obstructors == len(self.starts[OBSTRUCTORS]):
            return replace(state, obstructors=self.starts[OBSTRUCTORS], phase=ROLL)
        return replace(state, phase=PLACE_OBSTRUCTORS)

    # -- turns ---------------------------------------------------------------------------------
    def _apply_roll(self, state: State, move: Move) -> State:
        count = 2 if state.phase == BATTLE else 1
        if move.kind != "roll" or len(move.dice) != count:
            what = ("a battle roll of two dice (collector, obstructor)" if count == 2
                    else "a die roll")
            raise IllegalMove(f"expected {what}, not {notation.describe(move)}")
        for value in move.dice:
            if not 1 <= value <= self.faces:
                raise IllegalMove(f"a die shows 1 to {self.faces}, got {value}")
        if state.phase == ROLL:
            return replace(state, phase=MOVE, roll=move.dice[0])
        if state.phase == LOOT:
            return self._next_turn(replace(state, loot=state.loot + move.dice[0],
                                           containers=_drop(state.containers, state.cell)))
        return self._battle(state, *move.dice)

    def _battle(self, state: State, collector: int, obstructor: int) -> State:
        if collector == obstructor:
            return state
        lost_c, lost_o = state.lost
        if collector > obstructor:
            state = replace(state, obstructors=_drop(state.obstructors, state.cell),
                            lost=(lost_c, lost_o + 1))
        else:
            state = replace(state, collectors=_drop(state.collectors, state.cell),
                            lost=(lost_c + 1, lost_o))
        return self._next_turn(state)

    def _next_turn(self, state: State) -> State:
        """Ends the turn; the game ends the moment no collector is on the board."""
        if not state.collectors:
            return replace(state, phase=OVER, roll=0, cell=-1)
        return replace(state, phase=ROLL, turn=state.turn + 1, roll=0, cell=-1)

    def _apply_turn(self, state: State, move: Move) -> State:
        if move.kind == "move":
            return self._apply_step(state, move)
        if move.kind == "return":
            return self._apply_return(state, move)
        if move.kind == "pass":
            possible = [m for m in self.legal_moves(state) if m.kind != "pass"]
            if possible:
                raise IllegalMove("a turn is passed only when no move is possible "
                                  f"({notation.format_move(self.board, possible[0])} is possible)")
            return self._next_turn(state)
        raise IllegalMove(f"the {self.player_names[state.mover]} must move, not "
                          f"{notation.describe(move)}")

    def _apply_step(self, state: State, move: Move) -> State:
        side, names = state.mover, self.board.names
        kind = ("collector", "obstructor")[side]
        if move.src not in state.markers(side):
            raise IllegalMove(f"no {kind} on {names.get(move.src, '?')}")
        if move.dst not in self.destinations(state, move.src):
            raise IllegalMove(f"no path of {state.roll} steps from {names[move.src]} ends on "
                              f"{names.get(move.dst, '?')}")
        own = _add(_drop(state.markers(side), move.src), move.dst)
        moved = replace(state, collectors=own) if side == COLLECTORS \
            else replace(state, obstructors=own)
        return self._arrive(moved, side, move.dst)

    def _arrive(self, state: State, side: int, cell: int) -> State:
        """What the space reached does: exit, loot roll, battle, or nothing."""
        if side == COLLECTORS and cell in self.safe_zone:
            return self._next_turn(replace(state, collectors=_drop(state.collectors, cell),
                                           survivors=state.survivors + 1))
        if side == COLLECTORS and cell in state.containers:
            return replace(state, phase=LOOT, cell=cell)
        enemy = state.obstructors if side == COLLECTORS else state.collectors
        if cell in enemy:
            return replace(state, phase=BATTLE, cell=cell)
        return self._next_turn(state)

    def _apply_return(self, state: State, move: Move) -> State:
        side = state.mover
        kind = ("collector", "obstructor")[side]
        if state.roll != self.faces:
            raise IllegalMove(f"a defeated marker returns only on a roll of {self.faces}, "
                              f"rolled {state.roll}")
        if not state.lost[side]:
            raise IllegalMove(f"no defeated {kind} to return")
        if move.dst not in self._returns(state):
            letter = "C" if side == COLLECTORS else "O"
            raise IllegalMove(f"{self.board.names.get(move.dst, '?')} is not a free {letter} space")
        lost = (state.lost[0] - 1, state.lost[1]) if side == COLLECTORS \
            else (state.lost[0], state.lost[1] - 1)
        placed = replace(state, lost=lost, collectors=_add(state.collectors, move.dst)) \
            if side == COLLECTORS else replace(state, lost=lost,
                                               obstructors=_add(state.obstructors, move.dst))
        return self._next_turn(placed)
