"""Seeded playouts of Ultimate Tic-Tac-Toe: no errors, text round trips, simulate figures."""

from __future__ import annotations

import random

import pytest

from printkit.games import get_game, params_class
from printkit.games.ultimate.rules import cell_kinds
from printkit.kitgame.engine import playouts, random_player
from printkit.rules.game import play_out
from printkit.rules.simulate import Tally, simulate

pytestmark = pytest.mark.usefixtures("kernel_unwatched")

SPEC = get_game("ultimate")
Params = params_class("ultimate")


def UltimateRules(params: object = None):  # type: ignore[no-untyped-def]  # noqa: N802
    """The rules engine for ``params`` (default: the defaults)."""
    return SPEC.rules(params if params is not None else Params())


PLAYERS, observe = SPEC.players, SPEC.observe


def fast_simulate(params: object, games: int, seed: int) -> Tally:
    """Random against random: the reference engine's own games (its playouts, no copy of the state)."""
    return playouts(UltimateRules(params), (random_player, random_player), games, seed)


def summary(tally: Tally) -> dict[str, float]:
    return SPEC.summarize(Params(), tally)  # type: ignore[misc]

SMALL = Params(board_size=5, extra_turn=("C3", "A1"), triple=("E5",), double=("B4",), free=("E1",))


def walk(rules: UltimateRules, rng: random.Random, policies: tuple) -> tuple:  # type: ignore[type-arg]
    """Play one game checking every step; returns the final state and the outcome."""
    state = rules.initial_state()
    while rules.outcome(state) is None:
        moves = rules.legal_moves(state)
        assert moves and list(moves) == sorted(set(moves))
        move = policies[rules.current_player(state)](rules, state, rng)
        text = rules.format_move(state, move)
        assert rules.parse_move(state, text) == move
        before = sum(state.scores)
        state = rules.apply(state, move)
        assert sum(state.scores) == before + state.last.points
    assert rules.legal_moves(state) == []
    return state, rules.outcome(state)


@pytest.mark.parametrize("reading", ["wild", "blocked", "open"])
def test_random_playouts_default_board(reading: str) -> None:
    rules = UltimateRules(Params(free_space=reading))
    rng = random.Random(reading)
    marks = 121 if reading == "open" else 119
    for _ in range(100):
        state, outcome = walk(rules, rng, (PLAYERS["random"], PLAYERS["random"]))
        assert len(state.history) == marks
        assert outcome.scores == tuple(float(s) for s in state.scores)


def test_random_playouts_small_board() -> None:
    rules = UltimateRules(SMALL)
    rng = random.Random(5)
    winners = set()
    for _ in range(1000):
        state, outcome = walk(rules, rng, (PLAYERS["random"], PLAYERS["random"]))
        assert len(state.history) == 24
        winners.add(outcome.winner)
    assert winners == {0, 1, None}


def test_greedy_takes_the_best_points() -> None:
    rules = UltimateRules()
    rng = random.Random(3)
    state = rules.initial_state()
    for _ in range(40):
        move = PLAYERS["greedy"](rules, state, rng)
        best = max(rules.points(state, m) for m in rules.legal_moves(state))
        assert rules.points(state, move) == best
        state = rules.apply(state, move)


def test_greedy_opening_is_a_triple_space() -> None:
    rules = UltimateRules()
    start = rules.initial_state()
    firsts = {rules.format_move(start, PLAYERS["greedy"](rules, start, random.Random(s))) for s in range(40)}
    assert firsts == {"X C3", "X I3", "X C9", "X I9"}


def test_fast_simulate_matches_generic() -> None:
    rules = UltimateRules()
    generic = simulate(rules, (PLAYERS["random"], PLAYERS["random"]), 300, 11, observe=observe)
    fast = fast_simulate(Params(), 300, 11)
    assert fast.results == generic.results and fast.lengths == generic.lengths
    assert fast.extra == generic.extra and fast.reasons == generic.reasons


@pytest.mark.parametrize("reading", ["blocked", "open"])
def test_fast_simulate_matches_generic_other_readings(reading: str) -> None:
    params = Params(free_space=reading)
    generic = simulate(UltimateRules(params), (PLAYERS["random"], PLAYERS["random"]), 100, 4, observe=observe)
    fast = fast_simulate(params, 100, 4)
    assert fast.results == generic.results and fast.extra == generic.extra


def test_fast_simulate_figures() -> None:
    tally = fast_simulate(Params(), 4000, 2026)
    data = tally.as_json()
    assert data["games"] == 4000 and data["min_length"] == data["max_length"] == 119
    assert data["reasons"] == {"board full": 4000}
    assert data["results"] == {"first": 2155, "second": 1814, "draw": 31}
    assert data["intervals"]["first"][0] > 0.5  # X, moving first, has a real edge
    assert dict(tally.extra) == {
        "first_points": 1670342, "second_points": 1649692, "margin": 20650,
        "abs_margin": 154956, "margin_squared": 9526264, "extra_turns": 15872,
    }
    stats = summary(tally)
    assert stats["mean_margin"] == pytest.approx(5.1625)
    assert stats["margin_stdev"] == pytest.approx(48.5275, abs=1e-4)
    assert stats["mean_extra_turns"] == pytest.approx(3.968)


def test_simulate_is_deterministic_and_greedy_beats_random() -> None:
    rules = UltimateRules()
    policies = (PLAYERS["greedy"], PLAYERS["random"])
    a = simulate(rules, policies, 30, 9, observe=observe)
    b = simulate(rules, policies, 30, 9, observe=observe)
    assert a.results == b.results and a.extra == b.extra
    assert a.results["first"] == 30
    swapped = simulate(rules, (PLAYERS["random"], PLAYERS["greedy"]), 30, 9, observe=observe)
    assert swapped.results["second"] == 30
    assert summary(swapped)["mean_margin"] < -200


def test_spec_registered() -> None:
    spec = get_game("ultimate")
    assert spec is SPEC and spec.name == "ultimate" and spec.seed == "001_13b6a92f50f535d8.txt"
    assert set(spec.players) == {"random", "greedy"}
    rules = spec.rules(spec.params())
    game = play_out(rules, (spec.players["random"], spec.players["greedy"]), random.Random(1))
    assert game.outcome is not None and len(game.moves) == 119
    assert cell_kinds(spec.params())["E3"] == "extra-turn"
