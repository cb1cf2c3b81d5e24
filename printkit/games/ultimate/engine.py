"""The rules engine of Ultimate Tic-Tac-Toe: marks on an 11 x 11 board, scored when placed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from printkit.games.ultimate import notation
from printkit.games.ultimate.board import EMPTY, FREE, MARK_POINTS, MARKS, OPPONENT_POINTS, OWN_POINTS, Geometry
from printkit.games.ultimate.params import Params
from printkit.rules.game import IllegalMove, Outcome
from printkit.userinput.text import quoted

Move = int
"""A move is the index of the cell that gets the mover's mark (row-major from A1)."""


@dataclass(frozen=True)
class Placed:
    """One mark placed: by whom (0 = X, 1 = O), where, its points and whether its player moves again.

    ``extra_turn`` is False for a mark on an extra-turn space that filled the board: no turn is left.
    """

    player: int
    cell: int
    points: int
    extra_turn: bool


@dataclass(frozen=True)
class State:
    """A position: cell contents, the player to move, both scores and every mark placed so far."""

    cells: tuple[int, ...]
    to_move: int
    scores: tuple[int, int]
    empty: tuple[int, ...]
    history: tuple[Placed, ...] = ()

    @property
    def last(self) -> Placed | None:
        return self.history[-1] if self.history else None


class UltimateRules:
    """Ultimate Tic-Tac-Toe for any valid :class:`Params`."""

    def __init__(self, params: Params | None = None) -> None:
        self.params = params if params is not None else Params()
        self.geometry = Geometry.of(self.params)
        self.player_names: tuple[str, str] = (self.params.player_x, self.params.player_o)
        self.wild = self.params.free_space == "wild"
        self.prefilled = frozenset() if self.params.free_space == "open" else self.geometry.free

    # -- board data for the kit --------------------------------------------------------------
    @property
    def cells(self) -> tuple[str, ...]:
        """Every coordinate, row by row from A1."""
        return self.geometry.coords

    def cell_kinds(self) -> dict[str, str]:
        """Coordinate -> kind (extra-turn, triple, double, free or '')."""
        return dict(zip(self.geometry.coords, self.geometry.kinds, strict=True))

    # -- the contract ------------------------------------------------------------------------
    def initial_state(self) -> State:
        """The empty board (free spaces marked unless they are open); X to move."""
        count = len(self.geometry.coords)
        cells = tuple(FREE if c in self.prefilled else EMPTY for c in range(count))
        empty = tuple(c for c in range(count) if cells[c] == EMPTY)
        return State(cells=cells, to_move=0, scores=(0, 0), empty=empty)

    def current_player(self, state: State) -> int:
        return state.to_move

    def legal_moves(self, state: State) -> Sequence[Move]:
        """Every empty cell in row-major order (none once the board is full)."""
        return state.empty

    def chance_outcomes(self, state: State) -> Sequence[tuple[Move, float]]:
        return ()

    def points(self, state: State, cell: Move, player: int | None = None) -> int:
        """What a mark of ``player`` (default: the mover) on empty ``cell`` would score."""
        player = state.to_move if player is None else player
        own, other, cells = player + 1, 2 - player, state.cells
        total = MARK_POINTS
        for n in self.geometry.neighbours[cell]:
            value = cells[n]
            if value == own or (value == FREE and self.wild):
                total += OWN_POINTS
            elif value == other:
                total += OPPONENT_POINTS
        return total * self.geometry.multiplier[cell]

    def apply(self, state: State, move: Move) -> State:
        """Place the mover's mark on ``move``; raises IllegalMove if the cell cannot take it."""
        self._check(state, move)
        player, points = state.to_move, self.points(state, move)
        cells = list(state.cells)
        cells[move] = player + 1
        empty = tuple(c for c in state.empty if c != move)
        extra = move in self.geometry.extra_turn and bool(empty)
        scores = list(state.scores)
        scores[player] += points
        to_move = player if extra else 1 - player
        placed = Placed(player, move, points, extra)
        return State(tuple(cells), to_move, (scores[0], scores[1]), empty, state.history + (placed,))

    def _check(self, state: State, move: Move) -> None:
        """Raise IllegalMove unless ``move`` is an empty cell of a game still going on."""
        if not state.empty:
            raise IllegalMove("the game is over: no empty space is left")
        if not isinstance(move, int) or not 0 <= move < len(state.cells):
            raise IllegalMove(f"{quoted(move)} is not a cell of the board")
        value = state.cells[move]
        name = self.geometry.coords[move]
        if value == FREE:
            raise IllegalMove(f"{name} is a free space: it counts as marked and takes no mark")
        if value != EMPTY:
            raise IllegalMove(f"{name} already holds an {MARKS[value - 1]}")

    def outcome(self, state: State) -> Outcome | None:
        """Once no empty space is left: the most points wins, equal points draw."""
        if state.empty:
            return None
        x, o = state.scores
        winner = None if x == o else (0 if x > o else 1)
        return Outcome(winner, "board full", (float(x), float(o)))

    def first_player(self, state: State) -> int | None:
        """X always moves first."""
        return 0

    def format_move(self, state: State, move: Move) -> str:
        return notation.format_move(self.geometry, state.to_move, move)

    def parse_move(self, state: State, text: str) -> Move:
        return notation.parse_move(self.geometry, state.to_move, text)

    def render_text(self, state: State) -> str:
        return notation.render_text(self, state)

    def state_json(self, state: State) -> dict[str, Any]:
        return notation.state_json(self, state)
