"""Playouts by the compiled kernel (``jit.py``, numba, cached on disk) for boards above 8x8.

:func:`run` plays any pair of ``random`` and ``greedy`` and returns the tally that ``simulate``
with ``observe`` would hold (game lengths count the chance move) and, with ``record=True``, every
game's moves as engine moves, which the tests replay through :class:`WarfareRules`.
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any, Callable

import numpy as np

from printkit.games.warfare.rules import ABILITIES, First, Move, State, Turn, geometry
from printkit.rules.game import Outcome
from printkit.rules.jit_notice import notice_first_compile
from printkit.rules.simulate import Tally

REASONS = ("", "line", "fortress", "territory", "stalemate", "full board")
NO_START = np.zeros(0, dtype=np.int64)


@lru_cache(maxsize=8)
def _geometry(size: int, length: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Lines through each cell and crosses (rows padded with -1), and each line's sum of cells."""
    geo = geometry(size, length)
    index = {line: i for i, line in enumerate(geo.lines)}
    through = np.full((geo.cells, max(1, max(len(t) for t in geo.lines_through))), -1, dtype=np.int64)
    cross = np.full((geo.cells, 5), -1, dtype=np.int64)
    for cell in range(geo.cells):
        through[cell, : len(geo.lines_through[cell])] = [index[line] for line in geo.lines_through[cell]]
        cross[cell, : len(geo.crosses[cell])] = geo.crosses[cell]
    return through, np.array([sum(line) for line in geo.lines], dtype=np.int64), cross


def run(params: Any, greedy: tuple[bool, bool], games: int, seed: int, record: bool = False,
        restrict: tuple[int, str] | None = None, seats: bool = False) -> tuple[Tally, list[list[Move]] | None]:
    """``games`` seeded games, each seat greedy or random; with ``record`` also every game's moves.

    ``restrict`` = (seat, ability): that seat never plays the ability (restricted play); ``seats`` counts
    each seat's wins (``seat_1_wins``: X)."""
    from printkit.games.warfare import jit

    notice_first_compile(jit.play, "the Tic Tac Warfare playout kernel for large boards")

    start = time.perf_counter()
    through, lsum, cross, rules = _fixed(params)[:4]
    banned = np.full(2, -1, dtype=np.int64)
    if restrict is not None:
        banned[restrict[0]] = ABILITIES.index(restrict[1])
    rows, turns = jit.play(through, lsum, cross, rules, np.array(greedy, dtype=np.bool_), banned, games,
                           seed % 2**32, record, NO_START)
    tally = Tally()
    for first, winner, reason, length in rows[:, : jit.USED].tolist():
        result = "draw" if winner == jit.DRAW else "first" if winner == first else "second"
        tally.add(result, length + 1, REASONS[reason])
        if seats and winner != jit.DRAW:
            tally.extra[f"seat_{winner + 1}_wins"] += 1
    for ability, used in zip(ABILITIES, rows[:, jit.USED :].sum(axis=0).tolist(), strict=True):
        tally.extra[ability] += used
    tally.seconds = time.perf_counter() - start
    return tally, (_moves(rows, turns) if record else None)


def _moves(rows: np.ndarray, turns: np.ndarray) -> list[list[Move]]:
    """The recorded turn rows as engine moves, game by game (after each game's chance move)."""
    played: list[list[Move]] = [[First(first)] for first in rows[:, 0].tolist()]
    for game, player, ability, target, place, before in turns.tolist():
        played[game].append(as_turn(player, ability, target, place, before))
    return played


def as_turn(player: int, ability: int, target: int, place: int, before: bool) -> Turn:
    """A turn as the kernels record it (``ability`` -1: none, ``place`` -1: none) as rules.py's move."""
    if ability < 0:
        return Turn(player, place)
    return Turn(player, place if place >= 0 else None, ABILITIES[ability], target, bool(before))


# --- the mcts player's playouts --------------------------------------------------------------------------
@lru_cache(maxsize=8)
def _fixed(params: Any) -> tuple[np.ndarray, ...]:
    """The arrays of ``jit.play`` that one set of parameters fixes: the geometry, the rules and, for random against
    random, the players."""
    through, lsum, cross = _geometry(params.board_size, params.line_length)
    rules = np.array([params.line_length, params.fortress_victory, params.territory_victory]
                     + [params.abilities[a] for a in ABILITIES], dtype=np.int64)
    return through, lsum, cross, rules, np.zeros(2, dtype=np.bool_), np.full(2, -1, dtype=np.int64)


@lru_cache(maxsize=8)
def playouts(params: Any) -> Callable[[State, int], tuple[Outcome, int]]:
    """``playout(state, seed)``: a random game (rules.py's ``player_random`` for both) from ``state``, a position with a
    player to move, by the compiled kernel: its outcome (scores left out) and its cost to the search's budget, one
    move (what one call costs, about, next to a move of the reference engine, whatever the game's length)."""
    from printkit.games.warfare import jit

    notice_first_compile(jit.play, "the Tic Tac Warfare playout kernel")
    play, fixed, array, int64 = jit.play, _fixed(params), np.array, np.int64
    ends = [Outcome(winner, reason) for winner in (0, 1, None) for reason in REASONS]

    def playout(state: State, seed: int) -> tuple[Outcome, int]:
        start = array((state.to_move, *state.shields, *state.cards[0], *state.cards[1], *state.board), dtype=int64)
        row = play(*fixed, 1, seed, False, start)[0][0]
        return ends[row[jit.WINNER] * len(REASONS) + row[jit.REASON]], 1

    return playout
