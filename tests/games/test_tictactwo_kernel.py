"""Tic Tac Two: the bitboard kernel (fast.py) cross-checked against the reference engine and players."""

from __future__ import annotations

from collections import Counter

import pytest

from printkit.games.tictactwo import SPEC, Params, TicTacTwo
from printkit.games.tictactwo.analysis import observe
from printkit.games.tictactwo.fast import kernel, run
from printkit.games.tictactwo.players import PLAYERS
from printkit.rules.playouts import play_games
from printkit.rules.simulate import Tally, simulate

DEFAULT = Params()
VOID = Params(void=True)
META = Params(meta=True, void=True, actions_each=4)
SMALL = Params(board_size=3, line_length=3)
WIDE = Params(board_size=5, line_length=4, actions_each=2)
SIX = Params(board_size=6, line_length=3, meta=True, actions_each=6)
NONE = Params(actions_each=0, void=True)

# (params, pair, games): the reference engine is slow for greedy, hence few of its games
SAME_GAMES = [
    (DEFAULT, ("random", "random"), 40), (DEFAULT, ("uniform", "uniform"), 5), (DEFAULT, ("greedy", "greedy"), 3),
    (DEFAULT, ("greedy", "random"), 3), (DEFAULT, ("uniform", "greedy"), 2),
    (VOID, ("random", "greedy"), 2), (META, ("greedy", "uniform"), 2), (META, ("random", "random"), 20),
    (SMALL, ("greedy", "greedy"), 8), (SMALL, ("uniform", "random"), 10),
    (WIDE, ("uniform", "uniform"), 2), (WIDE, ("random", "random"), 10), (SIX, ("random", "random"), 4),
    (NONE, ("greedy", "uniform"), 4),
]


def reference(params: Params, pair: tuple[str, str], games: int, seed: int) -> Tally:
    policies = (PLAYERS[pair[0]], PLAYERS[pair[1]])
    return simulate(TicTacTwo(params), policies, games, seed, observe=observe)


def content(tally: Tally) -> tuple[object, ...]:
    return tally.results, tally.lengths, tally.reasons, tally.extra


@pytest.mark.parametrize(("params", "pair", "games"), SAME_GAMES)
def test_kernel_plays_the_reference_games(params: Params, pair: tuple[str, str], games: int) -> None:
    """Same draws in the same order: the same seed gives the reference engine's very games."""
    fast = kernel(params, pair, games, 5)
    assert fast is not None
    assert content(fast) == content(reference(params, pair, games, 5))


@pytest.mark.parametrize("params", [DEFAULT, VOID, META, SMALL, WIDE, SIX, NONE])
def test_kernel_games_replay_through_the_rules(params: Params) -> None:
    """Every recorded move is legal for the reference rules, which end each game the same way."""
    rules, seen = TicTacTwo(params), []
    for pair in (("random", "uniform"), ("greedy", "greedy"), ("uniform", "greedy")):
        games = 20 if params is not SIX else 4
        tally, recorded = run(params, pair, games, 3, record=True)
        assert recorded is not None and len(recorded) == games
        for moves in recorded:
            state = rules.initial_state()
            for move in moves:
                assert rules.outcome(state) is None
                state = rules.apply(state, move)
            result = rules.outcome(state)
            assert result is not None
            winner = "draw" if result.winner is None else ("first" if result.winner == 0 else "second")
            seen.append((winner, len(moves), result.reason))
        assert Counter(w for w, _, _ in seen[-games:]) == tally.results
        assert [n for _, n, _ in seen[-games:]] == tally.lengths
        assert Counter(r for _, _, r in seen[-games:]) == tally.reasons


def _rates_agree(a: Tally, b: Tally, z: float = 3.29) -> None:
    """Two-proportion z-test per result (two-sided 0.1% level), and mean lengths within 0.6 turns."""
    na, nb = a.games, b.games
    for key in ("first", "second", "draw"):
        pa, pb = a.results[key] / na, b.results[key] / nb
        pooled = (a.results[key] + b.results[key]) / (na + nb)
        se = (pooled * (1 - pooled) * (1 / na + 1 / nb)) ** 0.5
        assert abs(pa - pb) <= z * se + 1e-9, (key, pa, pb)
    assert abs(sum(a.lengths) / na - sum(b.lengths) / nb) < 0.6


@pytest.mark.parametrize(("params", "pair", "games", "reference_games"), [
    (DEFAULT, ("random", "random"), 3000, 300),
    (SMALL, ("uniform", "uniform"), 3000, 120),
    (SMALL, ("greedy", "greedy"), 2000, 100),
    (Params(actions_each=1), ("greedy", "greedy"), 2000, 40),
])
def test_kernel_rates_match_the_reference_engine(
    params: Params, pair: tuple[str, str], games: int, reference_games: int
) -> None:
    """Other seeds, many more kernel games: the rates agree with the reference engine's."""
    fast = kernel(params, pair, games, 17)
    assert fast is not None
    _rates_agree(fast, reference(params, pair, reference_games, 23))


def test_simulate_plays_through_the_kernel() -> None:
    assert SPEC.kernel is kernel
    assert kernel(DEFAULT, ("random", "nobody"), 1, 0) is None
    tally = play_games(SPEC, DEFAULT, ("greedy", "uniform"), 30, 4)
    assert content(tally) == content(kernel(DEFAULT, ("greedy", "uniform"), 30, 4))  # type: ignore[arg-type]
    assert tally.games == 30 and sum(tally.reasons.values()) == 30
