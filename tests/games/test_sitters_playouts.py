"""SiTTeRS seeded playouts: never raise, every move round-trips, outcomes only at the end."""

from __future__ import annotations

import random

import pytest

from printkit.games.sitters.rules import Move, State
from printkit.rules.game import CHANCE, play_out
from tests.games.sitters_helpers import PLAYERS, Params, SittersRules

R = SittersRules()


def check_move(rules: SittersRules, state: State, move: Move) -> None:
    """The move is legal, its text reads back, and a full path reads back to it too."""
    text = rules.format_move(state, move)
    assert rules.parse_move(state, text) == move, text
    if rules.current_player(state) == CHANCE:
        assert move in [m for m, _ in rules.chance_outcomes(state)]
        return
    assert move in rules.legal_moves(state)
    if move.kind == "move":
        path = rules.destinations(state, move.src)[move.dst]
        assert rules.parse_move(state, "-".join(rules.board.names[c] for c in path)) == move


def check_games(rules: SittersRules, names: tuple[str, str], games: int, seed: int) -> int:
    rng, total = random.Random(seed), 0
    for _ in range(games):
        game = play_out(rules, (PLAYERS[names[0]], PLAYERS[names[1]]), rng)
        state = rules.initial_state()
        for move in game.moves:
            assert rules.outcome(state) is None
            check_move(rules, state, move)
            state = rules.apply(state, move)
        assert rules.outcome(state) == game.outcome and not rules.legal_moves(state)
        assert not state.collectors and state.survivors + state.lost[0] == 4
        total += len(game.moves)
    return total


def test_random_playouts() -> None:
    assert check_games(R, ("random", "random"), 25, 11) > 25 * 100


def test_basic_playouts() -> None:
    assert check_games(R, ("basic", "basic"), 60, 12) > 60 * 40


def test_mixed_playouts_on_a_variant() -> None:
    rules = SittersRules(Params(obstructors=3, containers_per_player=2, die_sides=4,
                                theme="space"))
    rng = random.Random(5)
    for _ in range(20):
        game = play_out(rules, (PLAYERS["random"], PLAYERS["basic"]), rng)
        assert game.outcome is not None


@pytest.mark.parametrize("player", ["random", "basic"])
def test_players_return_legal_moves_in_setup(player: str) -> None:
    state, rng = R.initial_state(), random.Random(1)
    for _ in range(12):
        move = PLAYERS[player](R, state, rng)
        assert move in R.legal_moves(state)
        state = R.apply(state, move)
    assert state.phase == "roll" and len(state.containers) == 8 and len(state.collectors) == 4
