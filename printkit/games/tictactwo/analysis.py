"""Simulation counters: which special action decided each won game, and how often each is used."""

from __future__ import annotations

from typing import Any

from printkit.games.tictactwo.params import Params
from printkit.games.tictactwo.state import Turn
from printkit.rules.simulate import Tally


def observe(tally: Tally, playout: Any) -> None:
    """Count uses of every action (and topples); for a won game, what the deciding turn used.

    Keys: ``uses.<action>``, ``uses.topple``, ``decided.<action>`` or ``decided.letter`` (a
    plain letter won), ``decided.topple`` (the deciding turn toppled a wall) and
    ``decided.for_opponent`` (the deciding turn made the other player's line).
    """
    played = [m for m in playout.moves if isinstance(m, Turn)]
    for turn in played:
        if turn.action is not None:
            tally.extra[f"uses.{turn.action.name}"] += 1
        if turn.topple is not None:
            tally.extra["uses.topple"] += 1
    outcome = playout.outcome
    if outcome is None or outcome.winner is None or not played or playout.moves[-1] is not played[-1]:
        return
    last = played[-1]
    tally.extra[f"decided.{last.action.name if last.action else 'letter'}"] += 1
    if last.topple is not None:
        tally.extra["decided.topple"] += 1
    if outcome.winner != last.player:
        tally.extra["decided.for_opponent"] += 1


def fast_simulate(params: Params, games: int, seed: int) -> Tally:
    """Random-vs-random games (step-by-step random players) with the counters above.

    Played by the bitboard kernel (fast.py), which plays the same games as ``simulate`` with the
    reference engine and ``observe`` for the same seed. The kernel (numpy, numba) is imported here, on
    first use, so commands that play no games start without it.
    """
    from printkit.games.tictactwo.fast import run

    return run(params, ("random", "random"), games, seed)[0]
