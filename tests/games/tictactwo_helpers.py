"""Shared helpers of the Tic Tac Two tests: positions from text, moves, board and wall views."""

from __future__ import annotations

import pytest

from printkit.games import get_game, params_class
from printkit.games.tictactwo.params import ACTIONS
from printkit.games.tictactwo.rules import State, cell_text, position
from printkit.rules.game import IllegalMove

SPEC = get_game("tictactwo")
Params = params_class("tictactwo")


def TicTacTwo(params: object = None):  # type: ignore[no-untyped-def]  # noqa: N802
    """The rules engine for ``params`` (default: the defaults)."""
    return SPEC.rules(params if params is not None else Params())

R = TicTacTwo()


def pos(cells: dict[str, str] | None = None, walls: dict[str, str] | None = None, to_move: str = "X") -> State:
    return position(R, cells, walls, to_move, (ACTIONS, ACTIONS))


def move(state: State, text: str) -> State:
    """The state after one move in log notation."""
    return R.apply(state, R.parse_move(state, text))


def board(state: State) -> dict[str, str]:
    """The non-empty spaces by name, as ``cell_text`` writes them."""
    return {R.geo.names[i]: cell_text(v) for i, v in enumerate(state.cells) if v}


def walls(state: State) -> dict[str, str]:
    """The walls by slot name with their owner's letter."""
    return {s.name: "XO"[state.walls[s.index]] for s in R.geo.slots if state.walls[s.index] >= 0}


def illegal(state: State, text: str, match: str) -> None:
    with pytest.raises(IllegalMove, match=match):
        move(state, text)


def winner(state: State) -> str | None:
    result = R.outcome(state)
    assert result is not None
    return None if result.winner is None else "XO"[result.winner]
