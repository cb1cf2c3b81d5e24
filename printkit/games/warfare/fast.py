"""The batches of the bitboard kernel up to 8x8 (``bits.py``), the compiled kernel (``compiled.py``) beyond.

Both play exactly the policies of rules.py's ``player_random`` (and, in ``kernel.py``, ``player_greedy``), with
numpy's or numba's generator instead of ``random.Random``: same distribution, different random stream. The bitboard
kernel plays many games at once, one turn of every game per step, and drops finished games after every step; the
compiled one plays one game after another. ``record=True`` also returns every game's moves as rules.py's moves, which
the tests replay through rules.py. Game lengths count the chance move, like ``printkit.rules.simulate``.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any, Callable

import numpy as np

from printkit.games.warfare import compiled
from printkit.games.warfare.bits import BitBatch, BitKernel
from printkit.games.warfare.bits import step as bit_step
from printkit.games.warfare.compiled import REASONS, as_turn
from printkit.games.warfare.rules import ABILITIES, First, Move
from printkit.rules.simulate import Tally

BATCH = 16384
MAX_BITS = 64
Stepper = Callable[[BitKernel, BitBatch, np.random.Generator], dict[str, np.ndarray]]
"""One turn of every live game of a batch: the moves played, as ``bits.step`` returns them."""


def _run_batch(b: BitBatch, stepper: Callable[[], dict[str, np.ndarray]], tally: Tally, moves: list[list[Move]] | None) -> None:
    """Play every game of the batch to its end, one step (a turn of each game) at a time."""
    if moves is not None:
        for g, f in zip(b.gid, b.first):
            moves[g].append(First(int(f)))
    turns = 0
    while len(b.mover):
        me, gid, first = b.mover.copy(), b.gid, b.first
        step = stepper()
        turns += 1
        if moves is not None:
            _record(moves, gid, me, step)
        for a in range(4):
            tally.extra[ABILITIES[a]] += int((step["ability"] == a).sum())
        done = np.nonzero(step["winner"] >= 0)[0]
        for w, f, r in zip(step["winner"][done], first[done], step["reason"][done]):
            tally.add("draw" if w == 2 else ("first" if w == f else "second"), turns + 1, REASONS[r])
        b.keep(np.nonzero(step["winner"] < 0)[0])


def _record(moves: list[list[Move]], gid: np.ndarray, me: np.ndarray, step: dict[str, np.ndarray]) -> None:
    """Append each game's turn as an engine move."""
    rows = zip(gid, me, step["ability"], step["target"], step["place"], step["before"])
    for g, m, a, t, p, before in rows:
        moves[g].append(as_turn(int(m), int(a), int(t), int(p), bool(before)))


def use_bits(params: Any, jit: bool) -> bool:
    """Whether the bitboard kernel plays these games (boards of at most 64 cells, unless ``jit``)."""
    return params.board_size**2 <= MAX_BITS and not jit


def fast_run(params: Any, games: int, seed: int, record: bool = False, jit: bool = False,
             greedy: tuple[bool, bool] = (False, False), step: Stepper = bit_step) -> tuple[Tally, list[list[Move]] | None]:
    """Games of two seats each ``random``, or ``greedy`` where ``greedy`` says so; with ``record`` also every game's moves.

    Boards of at most 64 cells use the bitboard kernel of ``bits.py`` unless ``jit``, a turn of each batch played by
    ``step`` (the random policy's, or the greedy seats' of ``kernel.py``); larger ones the compiled kernel.
    """
    if not use_bits(params, jit):
        return compiled.run(params, greedy, games, seed, record)
    rng, tally = np.random.default_rng(seed), Tally()
    moves: list[list[Move]] | None = [[] for _ in range(games)] if record else None
    start = time.perf_counter()
    kernel = BitKernel(params)
    for lo in range(0, games, BATCH):
        size = min(BATCH, games - lo)
        b = BitBatch(kernel, rng.integers(0, 2, size=size), np.arange(lo, lo + size))
        _run_batch(b, partial(step, kernel, b, rng), tally, moves)
    tally.seconds = time.perf_counter() - start
    return tally, moves
