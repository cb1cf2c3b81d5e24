"""Tic Tac Warfare: random playouts, the random policy, the fast kernels, tic-tac-toe odds."""

from __future__ import annotations

import random

import pytest

from printkit.games import get_game, params_class
from printkit.games.warfare.rules import State, max_tokens_on_board, max_turns, token, walk
from printkit.rules.game import play_out
from printkit.rules.simulate import simulate

SPEC = get_game("warfare")
WarfareRules = SPEC.rules
Params = params_class("warfare")
Abilities = type(Params().abilities)
random_policy, greedy_policy = SPEC.players["random"], SPEC.players["greedy"]

TTT = Params(board_size=3, line_length=3, abilities=Abilities(0, 0, 0, 0), territory_victory=False)
SMALL = Params(board_size=4, line_length=3, abilities=Abilities(2, 1, 2, 2), fortress_victory=2)
VARIANTS = [Params(), SMALL, Params(board_size=5, line_length=4, territory_victory=False, abilities=Abilities(3, 2, 1, 0)), TTT]


def ordinary(state: State, player: int) -> int:
    return sum(1 for v in state.board if v == token(player))


@pytest.mark.parametrize("params", VARIANTS, ids=["default", "small", "five", "ttt"])
def test_random_playouts_round_trip_and_bounds(params: Params) -> None:
    rules, rng = WarfareRules(params), random.Random(7)
    bound, games = max_tokens_on_board(params), 60 if params == Params() else 300
    for _ in range(games):
        state = rules.initial_state()
        while rules.outcome(state) is None:
            move = random_policy(rules, state, rng)
            assert rules.parse_move(state, rules.format_move(state, move)) == move
            state = rules.apply(state, move)
            assert max(ordinary(state, 0), ordinary(state, 1)) <= bound
        assert rules.legal_moves(state) == [] and state.turns <= max_turns(params)


def test_walk_is_a_distribution_over_the_legal_moves() -> None:
    rules, rng = WarfareRules(SMALL), random.Random(3)
    for _ in range(20):
        game = play_out(rules, (random_policy, random_policy), rng)
        state = rules.initial_state()
        for move in game.moves[: rng.randrange(1, len(game.moves))]:
            state = rules.apply(state, move)
        if rules.current_player(state) < 0:
            continue
        pairs = list(walk(rules, state))
        assert sum(p for _, p in pairs) == 1
        assert [m for m, _ in pairs] == list(rules.legal_moves(state))
        assert len(set(m for m, _ in pairs)) == len(pairs)


def test_simulate_generic_and_greedy() -> None:
    rules = SPEC.rules(SMALL)
    tally = simulate(rules, (SPEC.players["random"], SPEC.players["random"]), 200, seed=5, observe=SPEC.observe)
    assert tally.games == 200 and sum(tally.results.values()) == 200
    assert set(tally.reasons) <= {"line", "fortress", "territory", "stalemate"}
    assert tally.extra["bomb"] > 0
    again = simulate(rules, (random_policy, random_policy), 200, seed=5)
    assert again.results == tally.results and again.lengths == tally.lengths
    greedy = simulate(rules, (greedy_policy, random_policy), 200, seed=1)
    assert greedy.games == 200


