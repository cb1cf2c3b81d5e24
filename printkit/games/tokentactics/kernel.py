"""``SPEC.kernel``: every pair of Token Tactics' players on plain integers, the reference's very games.

The players of rules.py decide from two reserves, so a game is a short loop over two ints.
Each seat makes the same choices as its player of rules.py under ``kitgame.players.pair`` (the mover chooses the
action and the commitment, the defender its defence) and draws the same numbers from the same
``random.Random`` in the same order, so a seed gives exactly the games ``simulate`` plays with the
reference engine (the tests compare them game by game). Random against random is
``analysis.fast_simulate``, the same loop specialised.
"""

from __future__ import annotations

import random
import time
from typing import Any

from printkit.games.tokentactics.analysis import end_reason, ended_winner, fast_simulate, record, resolve
from printkit.games.tokentactics.params import Params
from printkit.kitrules import Answered
from printkit.rules.simulate import Tally, result_of

PLAYERS = ("random", "strategic", "mixed")


def kernel(params: Params, names: tuple[str, str], games: int, seed: int) -> Tally | None:
    """Playouts of the named players (seat 0 moves first); None for a name it does not know."""
    if any(name not in PLAYERS for name in names):
        return None
    if names == ("random", "random"):
        return fast_simulate(params, games, seed)
    return run(params, names, games, seed)[0]


def run(params: Params, names: tuple[str, str], games: int, seed: int,
        record_moves: bool = False) -> tuple[Tally, list[list[Any]] | None]:
    """``games`` games of the named players; with ``record_moves`` also every game's moves."""
    rng, tally = random.Random(seed), Tally()
    moves: list[list[Any]] | None = [] if record_moves else None
    start = time.perf_counter()
    for _ in range(games):
        log: list[Any] | None = [] if moves is not None else None
        winner, reserves, peak, length, attacks = _game(params, names, rng, log)
        tally.add(result_of(winner, 0), length, end_reason(params, reserves, winner))
        record(tally, peak, reserves, attacks, length, peak >= params.reserve_cap)
        if moves is not None and log is not None:
            moves.append(log)
    tally.seconds = time.perf_counter() - start
    return tally, moves


def _game(params: Params, names: tuple[str, str], rng: random.Random,
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
                log.append("fortify")
            continue
        attacks += 1
        a, d = _commit(names[mover], mine, low, rng), _defend(names[1 - mover], theirs, rng)
        if log is not None:
            log.append(Answered(("attack", a), d))
        battle = resolve(mine, theirs, a, d)
        res[mover], res[1 - mover] = battle.attacker_after, battle.defender_after
        if 0 in res:
            return ended_winner(res, mover, battle.attacker_wins), (res[0], res[1]), peak, length, attacks
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
