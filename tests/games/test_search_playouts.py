"""The mcts player's playouts from a position by a compiled kernel (Tic Tac Warfare's ``[hooks] playout_from``),
cross-checked against random games of the reference engine from the same positions: the same winners and reasons,
statistically, and the kernel's recorded games legal in the engine."""

from __future__ import annotations

import random
from typing import Any

import pytest

from printkit.games import get_game, params_class
from printkit.rules.game import CHANCE, chance_move
from tests.games.kernel_agreement import assert_same_endings as same_endings

WarfareParams = params_class("warfare")
Abilities = type(WarfareParams().abilities)

GAMES = 600


def position(rules: Any, player: Any, rng: random.Random, wanted: Any) -> Any:
    """A state of a random game for which ``wanted(state)`` holds (the first such, in the first game that has one)."""
    while True:
        state = rules.initial_state()
        while rules.outcome(state) is None:
            if wanted(state):
                return state
            mover = rules.current_player(state)
            state = rules.apply(state, chance_move(rules, state, rng) if mover == CHANCE else player(rules, state, rng))


def assert_same_endings(rules: Any, player: Any, state: Any, games: int = GAMES) -> None:
    """The kernel's playouts from ``state`` end like the engine's random games from it (kernel_agreement)."""
    same_endings(rules, rules.playout_from, player, state, games, random.Random(7))


@pytest.mark.parametrize("params", [
    WarfareParams(board_size=4, line_length=3, abilities=Abilities(2, 1, 2, 2), fortress_victory=2),
    WarfareParams(board_size=5, line_length=4, territory_victory=False, abilities=Abilities(3, 2, 1, 0)),
], ids=["4x4-cards", "5x5-no-territory"])
def test_warfare_kernel_plays_from_a_position_like_the_engine(params: WarfareParams) -> None:
    """From a position with tokens, fortresses, a shield and cards spent: the kernel's random games (one call each)
    end as the engine's random player's do."""
    spec = get_game("warfare")
    rules, player = spec.rules(params), spec.players["random"]
    assert rules.kernel_playout is not None  # kit.toml's [hooks] playout_from
    forts = params.abilities.fortress > 0
    state = position(rules, player, random.Random(3),
                     lambda s: s.turns >= 5 and s.shields != (-1, -1) and any(v >= 3 for v in s.board) == forts)
    assert_same_endings(rules, player, state)


def replay_from(rules: Any, state: Any, moves: list[Any]) -> Any:
    """``moves`` played through the engine from ``state`` (each must be legal); the outcome they reach."""
    for move in moves:
        assert rules.outcome(state) is None
        state = rules.apply(state, move)
    return rules.outcome(state)


def test_warfare_kernel_games_from_a_position_replay_through_the_engine() -> None:
    """The kernel's recorded games from a position (the start array the playouts hand it): every turn legal in the
    engine from that position, and the same winner and reason."""
    import numpy as np

    from printkit.games.warfare import compiled, jit

    params = WarfareParams(board_size=4, line_length=3, abilities=Abilities(2, 1, 2, 2), fortress_victory=2)
    spec = get_game("warfare")
    rules, player = spec.rules(params), spec.players["random"]
    for seed in range(12):
        state = position(rules, player, random.Random(seed), lambda s: s.turns >= 3 + seed % 4)
        start = np.array((state.to_move, *state.shields, *state.cards[0], *state.cards[1], *state.board), dtype=np.int64)
        rows, turns = jit.play(*compiled._fixed(params), 1, seed, True, start)
        ended = replay_from(rules, state, compiled._moves(rows, turns)[0][1:])  # the kernel's own chance move left out
        assert (ended.winner if ended.winner is not None else jit.DRAW, ended.reason) == \
               (rows[0, jit.WINNER], compiled.REASONS[rows[0, jit.REASON]])


@pytest.mark.parametrize("game", ["warfare", "sitters"])
def test_a_built_in_game_opened_as_a_kit_folder_keeps_its_compiled_playouts(game: str) -> None:
    """The browser table opens a built-in game as a plain kit folder (``open_loaded``): its rules still play the mcts
    player's playouts by the kit's ``[hooks] playout_from``, as ``--game`` does, and a playout from the first position
    to move ends the game."""
    from printkit.config import load_config
    from printkit.kitgame.spec import open_loaded
    from printkit.table.kitsource import built_in_kit_folder

    config = load_config(None)
    rules = open_loaded(built_in_kit_folder(game)(config.game_params(game), config.print)).rules()
    assert rules.kernel_playout is not None
    rng = random.Random(4)
    state = rules.initial_state()
    while rules.current_player(state) == CHANCE:
        state = rules.apply(state, chance_move(rules, state, rng))
    ended, cost = rules.playout_from(state, rng)
    assert ended.winner in (0, 1, None) and cost >= 1
