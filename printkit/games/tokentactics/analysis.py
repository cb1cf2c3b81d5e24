"""Simulation for ``simulate --game tokentactics``: the counters of each game, and a fast random-vs-random kernel
(its games are replayed with rules.py by the tests, so the two stay in step)."""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from printkit.games.tokentactics.params import Params
from printkit.rules.game import Playout
from printkit.rules.simulate import Tally, result_of

PEAK_PREFIX = "max_reserve_"


def peak_key(value: int) -> str:
    """The ``Tally.extra`` key counting games whose largest reserve was ``value``."""
    return f"{PEAK_PREFIX}{value:02d}"


def observe(tally: Tally, game: Playout[Any, Any]) -> None:
    """Counters per game for ``simulate``.

    ``cap_reached``: games where a reserve reached the cap; ``largest_reserve``: the largest
    reserve of any game; ``max_reserve_NN``: games whose largest reserve was NN; ``both_empty``:
    games that ended with both reserves at 0; ``attacks`` / ``fortifies``: moves of each kind.
    """
    final = game.final
    assert final is not None
    attacks = sum(m != "fortify" for m in game.moves)
    reserves = final["reserves"]
    record(tally, max(final["peak"]), (reserves[0], reserves[1]), attacks, len(game.moves), final["cap_reached"])


def summarize(tally: Tally) -> dict[str, float]:
    """How often the cap was reached, the largest reserve, attacks per game, double knock-outs."""
    n = tally.games or 1
    return {
        "cap_reached_rate": tally.extra["cap_reached"] / n,
        "largest_reserve": float(tally.extra["largest_reserve"]),
        "mean_attacks": tally.extra["attacks"] / n,
        "both_empty_rate": tally.extra["both_empty"] / n,
    }


def record(tally: Tally, peak: int, reserves: tuple[int, int], attacks: int, moves: int,
           capped: bool) -> None:
    """Add one game's counters to ``tally.extra`` (shared by observe and the fast kernel)."""
    extra = tally.extra
    extra["cap_reached"] += int(capped)
    extra[peak_key(peak)] += 1
    extra["largest_reserve"] = max(extra["largest_reserve"], peak)
    extra["attacks"] += attacks
    extra["fortifies"] += moves - attacks
    if reserves == (0, 0):
        extra["both_empty"] += 1


def peak_histogram(tally: Tally) -> dict[int, int]:
    """Games per largest reserve reached, from the counters of :func:`observe`."""
    return {int(k[len(PEAK_PREFIX):]): n for k, n in tally.extra.items() if k.startswith(PEAK_PREFIX)}


def peak_percentile(tally: Tally, percent: float = 99.9) -> int:
    """The smallest reserve that at least ``percent`` % of games never exceeded."""
    histogram = peak_histogram(tally)
    total = sum(histogram.values())
    need, seen = math.ceil(total * percent / 100), 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen >= need:
            return value
    return 0


@dataclass(frozen=True)
class Battle:
    """A resolved attack: who won the battle, the difference won, and both reserves after."""

    attacker_wins: bool
    difference: int
    attacker_after: int
    defender_after: int


def resolve(attacker: int, defender: int, attack: int, defend: int) -> Battle:
    """The fast playouts' copy of rules.py's ``resolve`` (the kernel tests replay its games with rules.py)."""
    difference = abs(attack - defend)
    if attack > defend:
        return Battle(True, difference, attacker - attack + difference, max(0, defender - defend - difference))
    return Battle(False, difference, max(0, attacker - attack - difference), defender - defend + difference)


def fast_simulate(params: Params, games: int, seed: int) -> Tally:
    """Random-vs-random games, drawing the same numbers as ``simulate`` with the random player."""
    rng, tally = random.Random(seed), Tally()
    start = time.perf_counter()
    for _ in range(games):
        winner, reserves, peak, moves, attacks = _random_game(params, rng)
        tally.add(result_of(winner, 0), moves, end_reason(params, reserves, winner))
        record(tally, peak, reserves, attacks, moves, peak >= params.reserve_cap)
    tally.seconds = time.perf_counter() - start
    return tally


def _random_game(params: Params, rng: random.Random) -> tuple[int, tuple[int, int], int, int, int]:
    """One random game: (winner, final reserves, largest reserve, moves, attacks)."""
    res, mover, peak, moves, attacks = [params.starting_tokens] * 2, 0, params.starting_tokens, 0, 0
    cap, low = params.reserve_cap, params.minimum_attack
    while True:
        moves += 1
        mine, theirs = res[mover], res[1 - mover]
        fortify, can_attack = mine < cap, mine >= low
        if fortify and (not can_attack or rng.randrange(2) == 0):
            res[mover] = min(cap, mine + params.fortify_amount)
            peak, mover = max(peak, res[mover]), 1 - mover
            continue
        attacks += 1
        a, d = rng.randint(low, mine), rng.randint(0, theirs)
        battle = resolve(mine, theirs, a, d)
        res[mover], res[1 - mover] = battle.attacker_after, battle.defender_after
        if 0 in res:
            winner = ended_winner(res, mover, battle.attacker_wins)
            return winner, (res[0], res[1]), peak, moves, attacks
        mover = 1 - mover


def ended_winner(res: list[int], mover: int, attacker_wins: bool) -> int:
    """The winner once a reserve ran out: the side with tokens left (both out at once: the mover if ``attacker_wins``, else the other)."""
    if res[0] == res[1] == 0:
        return mover if attacker_wins else 1 - mover
    return 1 if res[0] == 0 else 0


def end_reason(params: Params, reserves: tuple[int, int], winner: int) -> str:
    """The same reason text as :meth:`TokenTactics.outcome`."""
    if reserves[winner] == 0:
        return "both reserves empty, defender won the battle"
    return f"P{2 - winner} has no tokens left"
