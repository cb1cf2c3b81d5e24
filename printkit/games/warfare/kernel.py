"""kit.toml's ``[hooks] kernel``: fast playouts of every pair of Warfare's players (random, greedy).

Every pair runs ``fast.py``'s kernels: boards above 8x8 the compiled one (``compiled.py``), smaller boards the batched
bitboard kernel, with one more phase in front of each step when a seat is greedy: in every game whose mover is greedy,
a placement that completes an own line is taken at once, else one that blocks the opponent's line, each uniformly
among such cells, exactly as rules.py's ``player_greedy`` (which breaks ties uniformly too). The remaining games play
the random policy's step on a sub-batch. ``record=True`` returns every game's moves, which the tests replay through
rules.py.
"""

from __future__ import annotations

import copy
import random
from functools import partial
from typing import Any

import numpy as np

from printkit.games.warfare import bits, compiled, fast
from printkit.games.warfare.bits import BitBatch, BitKernel
from printkit.games.warfare.rules import ABILITIES, Move, State
from printkit.rules.game import Outcome
from printkit.rules.simulate import Tally

PLAYERS = ("random", "greedy")
STEP_KEYS = ("ability", "before", "target", "place", "winner", "reason")


def kernel(params: Any, names: tuple[str, str], games: int, seed: int) -> Tally | None:
    """Playouts of the named players (seat 0 plays X, seat 1 plays O); None for unknown names."""
    if any(name not in PLAYERS for name in names):
        return None
    return greedy_run(params, names, games, seed)[0]


def restricted(params: Any, names: tuple[str, str], games: int, seed: int,
               restrict: tuple[int, str] | None) -> Tally | None:
    """``SPEC.restricted_kernel``: restricted play on the compiled kernel (any board size), counting seat wins.

    A seat without an ability plays the random policy conditioned on not playing it (its choice among
    "no card" and the other playable cards is uniform): the move of ``balance.restrict.without`` in
    distribution, since the greedy player's win and block placements use no card."""
    if any(name not in PLAYERS for name in names) or (restrict is not None and restrict[1] not in ABILITIES):
        return None
    greedy = (names[0] == "greedy", names[1] == "greedy")
    return compiled.run(params, greedy, games, seed, restrict=restrict, seats=True)[0]


def playout_from(rules: Any, state: State, rng: random.Random) -> tuple[Outcome, int]:
    """``[hooks] playout_from``: the ``mcts`` player's playout from ``state`` (a position with a player to move), a
    random game of the compiled kernel (``compiled.playouts``, any board size) seeded from ``rng``: its outcome and its
    cost to the search's budget (one move of the rules engine, about what a call costs)."""
    return compiled.playouts(rules.game.params)(state, rng.getrandbits(32))


def greedy_run(params: Any, names: tuple[str, str], games: int, seed: int, record: bool = False,
               jit: bool = False) -> tuple[Tally, list[list[Move]] | None]:
    """Games where each seat plays ``random`` or ``greedy``; with ``record`` also every game's moves.

    Boards of at most 64 cells use the bitboard kernel unless ``jit``."""
    greedy = np.array([name == "greedy" for name in names])
    step = partial(_step, greedy=greedy) if greedy.any() else bits.step
    return fast.fast_run(params, games, seed, record, jit, (bool(greedy[0]), bool(greedy[1])), step)


def _take(b: BitBatch, rows: np.ndarray) -> BitBatch:
    """A sub-batch holding copies of the given games."""
    sub = copy.copy(b)
    sub.keep(rows)
    return sub


def _put(b: BitBatch, rows: np.ndarray, sub: BitBatch) -> None:
    """Write a sub-batch's games back into their rows."""
    for name in BitBatch.FIELDS:
        getattr(b, name)[rows] = getattr(sub, name)


def _forced(k: BitKernel, b: BitBatch, greedy_rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For greedy movers: the cells they must choose among and whether those win; rows forced."""
    mine, theirs, empty = b.sides(np.arange(len(b.mover)), b.mover, np.uint64((1 << k.cells) - 1))
    win = np.where(greedy_rows, k.winning(mine, empty), np.uint64(0))
    block = np.where(greedy_rows & (win == 0), k.winning(theirs, empty), np.uint64(0))
    return np.where(win != 0, win, block), win != 0, (win | block) != 0


def _step(k: BitKernel, b: BitBatch, rng: np.random.Generator, greedy: np.ndarray) -> dict[str, np.ndarray]:
    """One turn of every live game: greedy movers with a winning or blocking cell place there,
    the others play the random policy's step."""
    n = len(b.mover)
    greedy_rows = greedy[b.mover]
    if not greedy_rows.any():
        return bits.step(k, b, rng)
    choices, wins, forced = _forced(k, b, greedy_rows)
    if not forced.any():
        return bits.step(k, b, rng)
    out = {"ability": np.full(n, -1), "before": np.zeros(n, dtype=bool), "target": np.full(n, -1),
           "place": np.full(n, -1), "winner": np.full(n, -1), "reason": np.zeros(n, dtype=np.int64)}
    rest = np.nonzero(~forced)[0]
    if rest.size:
        sub = _take(b, rest)
        s = bits.step(k, sub, rng)
        _put(b, rest, sub)
        for key in STEP_KEYS:
            out[key][rest] = s[key]
    rows = np.nonzero(forced)[0]
    sub = _take(b, rows)
    s = _place(k, sub, rng, choices[rows], wins[rows])
    _put(b, rows, sub)
    for key in STEP_KEYS:
        out[key][rows] = s[key]
    return out


def _place(k: BitKernel, b: BitBatch, rng: np.random.Generator, choices: np.ndarray, wins: np.ndarray) -> dict[str, np.ndarray]:
    """The greedy turn of every game of sub-batch ``b``: a plain placement among ``choices``."""
    n = len(b.mover)
    rows, me = np.arange(n), b.mover.astype(np.int64)
    b.shield[rows, me] = -1  # the mover's own shield ends as the turn begins
    s: dict[str, np.ndarray] = {"ability": np.full(n, -1), "before": np.zeros(n, dtype=bool),
                                "target": np.full(n, -1), "reason": np.where(wins, 1, 0).astype(np.int64)}
    s["place"] = bits.pick(choices, rng)
    b.xo[rows, me] |= bits.bit(s["place"])
    bits._end(k, b, s, np.uint64((1 << k.cells) - 1))
    b.mover = 1 - b.mover
    return s
