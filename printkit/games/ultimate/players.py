"""Players (random, greedy), simulation counters and a fast random-vs-random kernel."""

from __future__ import annotations

import random
import time

from printkit.games.ultimate.board import FREE, MARK_POINTS, OPPONENT_POINTS, OWN_POINTS
from printkit.games.ultimate.engine import State, UltimateRules
from printkit.games.ultimate.params import Params
from printkit.rules.game import Playout, Policy, random_policy
from printkit.rules.simulate import Tally, result_of


def greedy_policy(rules: UltimateRules, state: State, rng: random.Random) -> int:
    """The move scoring the most points right now; ties broken at random."""
    best: list[int] = []
    top = -1
    for cell in rules.legal_moves(state):
        points = rules.points(state, cell)
        if points > top:
            best, top = [cell], points
        elif points == top:
            best.append(cell)
    return best[rng.randrange(len(best))]


PLAYERS: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}

COUNTERS = ("first_points", "second_points", "margin", "abs_margin", "margin_squared", "extra_turns")
"""Keys ``observe`` adds to ``Tally.extra`` (sums over games; margin = first minus second)."""


def count_margins(tally: Tally, first: int, second: int, extra_turns: int) -> None:
    margin = first - second
    for key, value in zip(COUNTERS, (first, second, margin, abs(margin), margin * margin, extra_turns), strict=True):
        tally.extra[key] += value


def observe(tally: Tally, playout: Playout[State, int]) -> None:
    """Add the scores, the margin (X minus O: X moves first) and the extra turns of one game."""
    final = playout.final
    assert final is not None
    extra = sum(1 for p in final.history if p.extra_turn)
    count_margins(tally, final.scores[0], final.scores[1], extra)


def summary(tally: Tally) -> dict[str, float]:
    """Means over the games of a tally with ``observe`` counters: points, margin, its spread."""
    n = tally.games
    if n == 0:
        return {}
    mean = tally.extra["margin"] / n
    variance = max(0.0, tally.extra["margin_squared"] / n - mean * mean)
    return {
        "mean_first_points": tally.extra["first_points"] / n,
        "mean_second_points": tally.extra["second_points"] / n,
        "mean_margin": mean,
        "mean_abs_margin": tally.extra["abs_margin"] / n,
        "margin_stdev": variance ** 0.5,
        "mean_extra_turns": tally.extra["extra_turns"] / n,
    }


def fast_simulate(params: Params, games: int, seed: int) -> Tally:
    """Random vs random, the same games (same seed, same draws) as the generic simulate."""
    rules = UltimateRules(params)
    rng = random.Random(seed)
    tally = Tally()
    start = time.perf_counter()
    for _ in range(games):
        x, o, moves, extra = _fast_game(rules, rng)
        winner = None if x == o else (0 if x > o else 1)
        tally.add(result_of(winner, 0), moves, "board full")
        count_margins(tally, x, o, extra)
    tally.seconds = time.perf_counter() - start
    return tally


def _fast_game(rules: UltimateRules, rng: random.Random) -> tuple[int, int, int, int]:
    """One random game on a mutable board: (X points, O points, marks placed, extra turns)."""
    state = rules.initial_state()
    geo, wild = rules.geometry, rules.wild
    cells, empty = list(state.cells), list(state.empty)
    scores, player, moves, extra = [0, 0], 0, 0, 0
    while empty:
        cell = empty.pop(rng.randrange(len(empty)))
        own, other, total = player + 1, 2 - player, MARK_POINTS
        for n in geo.neighbours[cell]:
            value = cells[n]
            if value == own or (value == FREE and wild):
                total += OWN_POINTS
            elif value == other:
                total += OPPONENT_POINTS
        cells[cell] = own
        scores[player] += total * geo.multiplier[cell]
        moves += 1
        if cell in geo.extra_turn and empty:
            extra += 1
        else:
            player = 1 - player
    return scores[0], scores[1], moves, extra
