"""``[hooks] kernel``: every pair of Token Tactics' players on plain integers, the reference's very games.

The players of rules.py decide from two reserves, so a game is a short loop over two ints, the battle resolved by
rules.py's own ``resolve``. Each seat makes the same choices as its player of rules.py under ``kitgame.players.pair``
(the mover chooses the action and the commitment, the defender its defence) and draws the same numbers from the same
``random.Random`` in the same order, so a seed gives exactly the games ``simulate`` plays with the reference engine
(the tests compare them game by game, and tests/data/tokentactics/golden_trace.txt holds one). Random against random
is :func:`random_games`, the same loop specialised.
"""

from __future__ import annotations

import random
import time
from typing import Any

from printkit.games.tokentactics.rules import FORTIFY, PEAK_PREFIX, attack, end_reason, game_winner, resolve
from printkit.rules.simulate import Tally, result_of

PLAYERS = ("random", "strategic", "mixed")


def kernel(params: Any, names: tuple[str, str], games: int, seed: int) -> Tally | None:
    """Playouts of the named players (seat 0 moves first); None for a name it does not know."""
    if any(name not in PLAYERS for name in names):
        return None
    if names == ("random", "random"):
        return random_games(params, games, seed)
    return run(params, names, games, seed)[0]


def record(tally: Tally, peak: int, reserves: tuple[int, int], attacks: int, moves: int, capped: bool) -> None:
    """Add one game's counters to ``tally.extra``: rules.py's ``counters`` of its end."""
    extra = tally.extra
    extra["cap_reached"] += int(capped)
    extra[f"{PEAK_PREFIX}{peak:02d}"] += 1
    extra["largest_reserve"] = max(extra["largest_reserve"], peak)
    extra["attacks"] += attacks
    extra["fortifies"] += moves - attacks
    if reserves == (0, 0):
        extra["both_empty"] += 1


def ended(tally: Tally, params: Any, winner: int, reserves: tuple[int, int], peak: int, moves: int, attacks: int) -> None:
    """One game's result, length, end reason (rules.py's ``outcome``) and counters in ``tally``."""
    tally.add(result_of(winner, 0), moves, end_reason(winner, reserves))
    record(tally, peak, reserves, attacks, moves, peak >= params.reserve_cap)


def random_games(params: Any, games: int, seed: int) -> Tally:
    """Random-vs-random games, drawing the same numbers as ``simulate`` with the random player."""
    rng, tally = random.Random(seed), Tally()
    start = time.perf_counter()
    for _ in range(games):
        ended(tally, params, *_random_game(params, rng))
    tally.seconds = time.perf_counter() - start
    return tally


def _random_game(params: Any, rng: random.Random) -> tuple[int, tuple[int, int], int, int, int]:
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
        won, _, res[mover], res[1 - mover] = resolve(mine, theirs, rng.randint(low, mine), rng.randint(0, theirs))
        if 0 in res:
            return game_winner(res, mover, won), (res[0], res[1]), peak, moves, attacks
        mover = 1 - mover


def run(params: Any, names: tuple[str, str], games: int, seed: int,
        record_moves: bool = False) -> tuple[Tally, list[list[Any]] | None]:
    """``games`` games of the named players; with ``record_moves`` also every game's moves."""
    rng, tally = random.Random(seed), Tally()
    moves: list[list[Any]] | None = [] if record_moves else None
    start = time.perf_counter()
    for _ in range(games):
        log: list[Any] | None = [] if moves is not None else None
        ended(tally, params, *_game(params, names, rng, log))
        if moves is not None and log is not None:
            moves.append(log)
    tally.seconds = time.perf_counter() - start
    return tally, moves


def _game(params: Any, names: tuple[str, str], rng: random.Random,
          log: list[Any] | None) -> tuple[int, tuple[int, int], int, int, int]:
    """One game: (winner, final reserves, largest reserve, moves, attacks)."""
    cap, low, step = params.reserve_cap, params.minimum_attack, params.fortify_amount
    res, mover, peak, length, attacks = [params.starting_tokens] * 2, 0, params.starting_tokens, 0, 0
    while True:
        length += 1
        mine, theirs = res[mover], res[1 - mover]
        if _fortifies(names[mover], mine, theirs, mine < cap, mine >= low, rng):
            res[mover] = min(cap, mine + step)
            peak, mover = max(peak, res[mover]), 1 - mover
            if log is not None:
                log.append(FORTIFY)
            continue
        attacks += 1
        a, d = _commit(names[mover], mine, low, rng), _defend(names[1 - mover], theirs, rng)
        if log is not None:
            log.append(attack(a, d))
        won, _, res[mover], res[1 - mover] = resolve(mine, theirs, a, d)
        if 0 in res:
            return game_winner(res, mover, won), (res[0], res[1]), peak, length, attacks
        mover = 1 - mover


def _fortifies(name: str, mine: int, theirs: int, can_fortify: bool, can_attack: bool, rng: random.Random) -> bool:
    """The action of ``Player.action``: True for Fortify (one of the two is always legal)."""
    if name == "strategic":
        return not (can_attack and (mine > theirs or not can_fortify))
    if not (can_fortify and can_attack):
        return can_fortify
    if name == "random":
        return rng.randrange(2) == 0
    lead = (mine - theirs) / max(mine, theirs)
    return not rng.random() < 0.5 + lead / 2


def _commit(name: str, mine: int, low: int, rng: random.Random) -> int:
    """The attacker's commitment, as ``Player.commit``."""
    if name == "strategic":
        return mine
    if name == "random":
        return rng.randint(low, mine)
    return rng.randint(max(low, (mine + 1) // 2), mine)


def _defend(name: str, theirs: int, rng: random.Random) -> int:
    """The defender's commitment, as ``Player.defend``."""
    if name == "strategic":
        return theirs
    if name == "random":
        return rng.randint(0, theirs)
    return rng.randint((theirs + 1) // 2, theirs)
