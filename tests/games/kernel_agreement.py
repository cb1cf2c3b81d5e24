"""Shared checks of the fast kernels' tests: a kernel's tally against the reference engine's."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any, Callable

from printkit.rules.game import Outcome, Playout, play_out
from printkit.rules.simulate import RESULTS, Tally

Z_CRITICAL = 3.2905
"""Two-sided 0.1% critical value of the standard normal: with fixed seeds the tests are deterministic,
and a real difference in play of a few points shows up far beyond it at the sample sizes used."""


def two_proportion_z(hits_a: int, n_a: int, hits_b: int, n_b: int) -> float:
    """The pooled two-proportion z statistic (0 when both samples are all hits or all misses)."""
    pooled = (hits_a + hits_b) / (n_a + n_b)
    se = (pooled * (1 - pooled) * (1 / n_a + 1 / n_b)) ** 0.5
    return 0.0 if se == 0 else abs(hits_a / n_a - hits_b / n_b) / se


def assert_rates_agree(kernel: Tally, reference: Tally) -> None:
    """First, second and draw rates statistically equal (two-proportion z-test, 0.1% level)."""
    for key in RESULTS:
        z = two_proportion_z(kernel.results[key], kernel.games, reference.results[key], reference.games)
        assert z < Z_CRITICAL, (key, kernel.results[key] / kernel.games, reference.results[key] / reference.games, z)


def restricted_reference(spec: Any, params: Any, names: tuple[str, str], restrict: tuple[int, str] | None,
                         games: int, seed: int) -> Tally:
    """Restricted play (``balance --abilities``) by the reference engine: the players of
    ``balance.restrict`` with each seat's wins counted, what a game's ``restricted_kernel`` must match."""
    from printkit.balance.restrict import restricted_spec
    from printkit.rules.playouts import play_games

    return play_games(restricted_spec(spec, params, names, restrict), params, ("first-seat", "second-seat"), games, seed)


def assert_seat_wins_agree(kernel: Tally, reference: Tally) -> None:
    """Each seat's wins (restricted play's ``seat_1_wins``, ``seat_2_wins``) statistically equal (0.1% level)."""
    for key in ("seat_1_wins", "seat_2_wins"):
        z = two_proportion_z(kernel.extra[key], kernel.games, reference.extra[key], reference.games)
        assert z < Z_CRITICAL, (key, kernel.extra[key] / kernel.games, reference.extra[key] / reference.games, z)


def assert_lengths_agree(kernel: Tally, reference: Tally) -> None:
    """Mean game lengths equal within the same 0.1% level (Welch's z on the two means)."""

    def moments(t: Tally) -> tuple[float, float]:
        mean = sum(t.lengths) / t.games
        return mean, sum((x - mean) ** 2 for x in t.lengths) / max(1, t.games - 1)

    (ma, va), (mb, vb) = moments(kernel), moments(reference)
    se = (va / kernel.games + vb / reference.games) ** 0.5
    assert (abs(ma - mb) / se if se else abs(ma - mb)) < Z_CRITICAL, (ma, mb)


def replayed(rules: Any, games: list[list[Any]], observe: Callable[[Tally, Playout], None] | None = None) -> Tally:
    """Recorded kernel games played again through the reference rules (every move must be legal, no move
    after the end) into a tally; ``observe`` adds the game's own counters."""
    tally = Tally()
    for moves in games:
        state = rules.initial_state()
        for move in moves:
            assert rules.outcome(state) is None
            state = rules.apply(state, move)
        result = rules.outcome(state)
        assert result is not None
        tally.add("first" if result.winner == 0 else "second" if result.winner == 1 else "draw", len(moves), result.reason)
        if observe is not None:
            observe(tally, Playout(moves, state, result, rules.first_player(state), rules))
    return tally


def endings(games: int, play: Callable[[], Outcome]) -> tuple[Counter[int | None], set[str]]:
    """The winners of ``games`` calls of ``play()`` (an outcome each) and their reasons (numbers left out)."""
    winners: Counter[int | None] = Counter()
    reasons = set()
    for _ in range(games):
        ended = play()
        winners[ended.winner] += 1
        reasons.add(re.sub(r"\d+", "N", ended.reason))
    return winners, reasons


def assert_same_endings(rules: Any, playout_from: Callable[[Any, random.Random], tuple[Outcome, int]], player: Any,
                        state: Any, games: int, rng: random.Random) -> None:
    """A kernel's playouts from ``state`` (``playout_from(state, rng)`` -> (outcome, cost)) end like the engine's games of
    ``player`` from it (winners at the 0.1% level; every reason the kernel gives, the engine gives too), and each costs
    the search's budget at least a move."""
    costs = []

    def fast() -> Outcome:
        ended, cost = playout_from(state, rng)
        costs.append(cost)
        return ended

    kernel, kernel_reasons = endings(games, fast)
    engine, engine_reasons = endings(games, lambda: play_out(rules, (player, player), rng, state=state).outcome)
    for winner in (0, 1, None):
        assert two_proportion_z(kernel[winner], games, engine[winner], games) < Z_CRITICAL, (winner, kernel, engine)
    assert kernel_reasons <= engine_reasons and min(costs) >= 1
