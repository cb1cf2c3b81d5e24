"""The Tic Tac Two rules engine: draft, voids, turns with special actions, lines."""

from __future__ import annotations

from typing import Any, Sequence

from printkit.games.tictactwo import notation, turns
from printkit.games.tictactwo.geometry import Geometry, geometry
from printkit.games.tictactwo.ops import open_cells
from printkit.games.tictactwo.params import ACTIONS, Params
from printkit.games.tictactwo.state import DRAFT, PLAY, VOID, VOIDS, Move, Pick, PlaceVoid, State, Turn
from printkit.rules.game import IllegalMove, Outcome
from printkit.userinput.text import quoted

MARK = ("X", "O")


class TicTacTwo:
    """Rules of Tic Tac Two for one set of Params (player 0 writes X, player 1 writes O)."""

    def __init__(self, params: Params | None = None) -> None:
        self.params = params or Params()
        self.geo: Geometry = geometry(self.params.board_size, self.params.line_length)
        self.player_names = (self.params.player_x, self.params.player_o)

    # -- geometry for the kit ------------------------------------------------------------
    def geometry(self) -> dict[str, Any]:
        """Spaces, wall slots and lines as plain data."""
        return self.geo.as_json()

    # -- the contract ---------------------------------------------------------------------
    def initial_state(self) -> State:
        n = self.params.board_size
        phase = DRAFT if self.params.actions_each else (VOIDS if self.params.void else PLAY)
        return State(
            phase=phase,
            to_move=0 if phase == PLAY else 1,
            hands=((), ()),
            drafted=((), ()),
            cells=(0,) * (n * n),
            walls=(-1,) * len(self.geo.slots),
        )

    def current_player(self, state: State) -> int:
        return state.to_move

    def first_player(self, state: State) -> int | None:
        """X (player 0): the player who writes first (O only drafts first)."""
        return 0

    def outcome(self, state: State) -> Outcome | None:
        if state.decided:
            scores = (0.5, 0.5) if state.winner is None else tuple(float(state.winner == p) for p in (0, 1))
            return Outcome(state.winner, state.reason or "", scores)
        if state.phase == PLAY and not open_cells(state.cells, state.to_move):
            return Outcome(None, "board full", (0.5, 0.5))
        return None

    def legal_moves(self, state: State) -> Sequence[Move]:
        if self.outcome(state) is not None:
            return []
        p = state.to_move
        if state.phase == DRAFT:
            return [Pick(p, a) for a in self.draft_options(state)]
        if state.phase == VOIDS:
            return [PlaceVoid(p, c) for c, v in enumerate(state.cells) if not v & VOID]
        return turns.legal_turns(self.geo, state)

    def chance_outcomes(self, state: State) -> Sequence[tuple[Move, float]]:
        return []

    def apply(self, state: State, move: Move) -> State:
        if state.decided:
            raise IllegalMove("the game has ended")
        self._check_phase(state, move)
        if move.player != state.to_move:
            raise IllegalMove(f"it is {MARK[state.to_move]}'s turn, not {MARK[move.player]}'s")
        if isinstance(move, Pick):
            return self._pick(state, move)
        if isinstance(move, PlaceVoid):
            return self._void(state, move)
        if self.outcome(state) is not None:
            raise IllegalMove("the board is full")
        return turns.apply_turn(self.geo, state, move)

    def format_move(self, state: State, move: Move) -> str:
        return notation.format_move(self.geo, move)

    def parse_move(self, state: State, text: str) -> Move:
        return notation.parse_move(self.geo, state, text)

    def render_text(self, state: State) -> str:
        return notation.render_text(self.geo, state, self.player_names)

    def state_json(self, state: State) -> dict[str, Any]:
        out = notation.state_json(self.geo, state)
        result = self.outcome(state)
        out["result"] = None if result is None else {
            "winner": None if result.winner is None else MARK[result.winner],
            "reason": result.reason,
        }
        return out

    def _check_phase(self, state: State, move: Move) -> None:
        if isinstance(move, Pick) and state.phase != DRAFT:
            raise IllegalMove("the draft is over")
        if isinstance(move, PlaceVoid) and state.phase != VOIDS:
            raise IllegalMove("voids are placed only before play, in the Void variation")
        if isinstance(move, Turn) and state.phase != PLAY:
            raise IllegalMove(f"the {'draft' if state.phase == DRAFT else 'void placement'} is not over")

    # -- setup phases -----------------------------------------------------------------------
    def draft_options(self, state: State) -> list[str]:
        """Actions the player to move may pick (Meta: any)."""
        if self.params.meta:
            return list(ACTIONS)
        taken = set(state.drafted[0]) | set(state.drafted[1])
        return [a for a in ACTIONS if a not in taken]

    def _pick(self, state: State, move: Pick) -> State:
        if move.action not in ACTIONS:
            raise IllegalMove(f"unknown action {quoted(move.action)} (expected one of {', '.join(ACTIONS)})")
        if move.action not in self.draft_options(state):
            whose = "you" if move.action in state.drafted[move.player] else MARK[1 - move.player]
            raise IllegalMove(f"{move.action} is already held by {whose} (no action is drafted twice)")
        p = move.player
        drafted = _with(state.drafted, p, state.drafted[p] + (move.action,))
        hands = _with(state.hands, p, state.hands[p] + (move.action,))
        done = all(len(d) == self.params.actions_each for d in drafted)
        if not done:
            return _replace(state, drafted=drafted, hands=hands, to_move=1 - p)
        phase = VOIDS if self.params.void else PLAY
        return _replace(state, drafted=drafted, hands=hands, phase=phase, to_move=1 if phase == VOIDS else 0)

    def _void(self, state: State, move: PlaceVoid) -> State:
        if state.cells[move.cell] & VOID:
            raise IllegalMove(f"{self.geo.names[move.cell]} is already a void")
        cells = list(state.cells)
        cells[move.cell] |= VOID
        if move.player == 1:
            return _replace(state, cells=tuple(cells), to_move=0)
        return _replace(state, cells=tuple(cells), to_move=0, phase=PLAY)


def _with(pair: tuple[Any, Any], index: int, value: Any) -> Any:
    return (value, pair[1]) if index == 0 else (pair[0], value)


def _replace(state: State, **changes: Any) -> State:
    from dataclasses import replace

    return replace(state, **changes)


__all__ = ["TicTacTwo", "Turn"]
