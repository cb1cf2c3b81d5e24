"""Tic Tac Warfare: the fast kernels cross-checked against the engine; tic-tac-toe odds."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from printkit.games import get_game, params_class
from printkit.games.warfare.fast import fast_run
from printkit.games.warfare.rules import State, exact_random_results, max_tokens_on_board, token
from printkit.rules.simulate import simulate, wilson_interval

pytestmark = pytest.mark.usefixtures("kernel_unwatched")

SPEC = get_game("warfare")
WarfareRules = SPEC.rules
Params = params_class("warfare")
Abilities = type(Params().abilities)
random_policy = SPEC.players["random"]

TTT = Params(board_size=3, line_length=3, abilities=Abilities(0, 0, 0, 0), territory_victory=False)
SMALL = Params(board_size=4, line_length=3, abilities=Abilities(2, 1, 2, 2), fortress_victory=2)
VARIANTS = [Params(), SMALL, Params(board_size=5, line_length=4, territory_victory=False, abilities=Abilities(3, 2, 1, 0)), TTT]


def ordinary(state: State, player: int) -> int:
    return sum(1 for v in state.board if v == token(player))


@pytest.mark.parametrize("jit", [False, True], ids=["bits", "jit"])
@pytest.mark.parametrize("params", VARIANTS, ids=["default", "small", "five", "ttt"])
def test_fast_kernel_moves_replay_through_the_engine(params: Params, jit: bool) -> None:
    games = 120 if params == Params() else 300
    tally, moves = fast_run(params, games, seed=11, record=True, jit=jit)
    assert moves is not None
    rules, seen = WarfareRules(params), []
    bound = max_tokens_on_board(params)
    for game in moves:
        state = rules.initial_state()
        for move in game:
            assert rules.outcome(state) is None
            state = rules.apply(state, move)
            assert max(ordinary(state, 0), ordinary(state, 1)) <= bound
        result = rules.outcome(state)
        assert result is not None
        first = "first" if result.winner == state.first else "second"
        seen.append(("draw" if result.winner is None else first, len(game), result.reason))
    assert Counter(r for r, _, _ in seen) == tally.results
    assert Counter(r for _, _, r in seen) == tally.reasons
    assert sorted(n for _, n, _ in seen) == sorted(tally.lengths)


def _rates_agree(a: Counter[str], b: Counter[str]) -> None:
    """Each result's rate differs by under 4.5 standard errors of the difference."""
    na, nb = sum(a.values()), sum(b.values())
    for key in ("first", "second", "draw"):
        pa, pb = a[key] / na, b[key] / nb
        pooled = (a[key] + b[key]) / (na + nb)
        se = (pooled * (1 - pooled) * (1 / na + 1 / nb)) ** 0.5
        assert abs(pa - pb) <= 4.5 * se + 1e-9, (key, pa, pb)


@pytest.mark.parametrize("params,generic_games", [(SMALL, 600), (Params(), 150)], ids=["small", "default"])
def test_fast_kernel_agrees_with_the_generic_engine(params: Params, generic_games: int) -> None:
    generic = simulate(WarfareRules(params), (random_policy, random_policy), generic_games, seed=2)
    fast = SPEC.fast_simulate(params, 20_000, 9)
    _rates_agree(generic.results, fast.results)
    mean_generic = sum(generic.lengths) / generic.games
    mean_fast = sum(fast.lengths) / fast.games
    assert abs(mean_generic - mean_fast) < 1.0


def test_tic_tac_toe_exact_values() -> None:
    exact = exact_random_results(TTT)
    assert exact == {"first": Fraction(737, 1260), "second": Fraction(363, 1260), "draw": Fraction(160, 1260)}
    assert [round(float(exact[k]) * 100, 1) for k in ("first", "second", "draw")] == [58.5, 28.8, 12.7]


def test_tic_tac_toe_fast_simulation_matches() -> None:
    tally = SPEC.fast_simulate(TTT, 200_000, 1)
    exact = {"first": 737 / 1260, "second": 363 / 1260, "draw": 160 / 1260}
    for key, value in exact.items():
        lo, hi = wilson_interval(tally.results[key], tally.games)
        assert lo <= value <= hi, (key, lo, hi)
    assert set(tally.reasons) == {"line", "full board"} and max(tally.lengths) == 10
