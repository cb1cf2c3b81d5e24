"""kit.toml's ``[hooks] kernel``: fast playouts of every pair of Ultimate's players (random, greedy).

Every game lasts exactly as many moves as the board has empty spaces, so a batch of games moves in
lockstep, one mark per game per step, in numpy. Each game keeps, per player, what a mark on every
empty space would score (``-1`` on a marked space) and updates it around each new mark: a mark of
player ``p`` on a space adds ``OWN_POINTS`` times a neighbour's multiplier to ``p``'s value of that
empty neighbour and ``OPPONENT_POINTS`` times it to the other player's. A greedy mover takes a
space of the highest value, uniformly among ties; a random mover any empty space uniformly: the
move distributions of rules.py's ``player_greedy`` and the random player, with numpy's generator
instead of ``random.Random``. The tests replay its games through rules.py and check that its rates
agree with the reference engine's.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from printkit.games.ultimate.rules import OPPONENT_POINTS, OWN_POINTS, SPECIAL, UltimateTicTacToe, margin_counters
from printkit.rules.simulate import Tally, result_of

PLAYERS = ("random", "greedy")
CELLS_PER_BATCH = 2_000_000
"""Games x spaces held at once (a batch of 16,000 default games, fewer on larger boards)."""


def count_margins(tally: Tally, first: int, second: int, extra_turns: int) -> None:
    """One game's counters (rules.py's ``margin_counters``) added to ``tally``."""
    for key, value in margin_counters(first, second, extra_turns).items():
        tally.extra[key] += value


class Board:
    """The board of one set of parameters as arrays; index ``cells`` is a padding space that is never empty."""

    def __init__(self, params: Any) -> None:
        rules = UltimateTicTacToe(params, {}, {}, {})
        geo, setup = rules.geometry, rules.setup()
        cells = len(geo.coords)
        self.cells = cells
        self.neighbours = np.full((cells, 8), cells, dtype=np.int64)
        for c, found in enumerate(geo.neighbours):
            self.neighbours[c, : len(found)] = found
        mult = np.array(geo.multiplier + (0,), dtype=np.int8)
        self.own_gain, self.opponent_gain = mult * OWN_POINTS, mult * OPPONENT_POINTS
        self.extra_turn = np.zeros(cells + 1, dtype=bool)
        self.extra_turn[list(geo.extra_turn)] = True
        self.start = np.full(cells + 1, -1, dtype=np.int8)  # what a first mark scores: the same for either player
        self.start[list(setup.empty)] = [rules.points(setup, c) for c in setup.empty]
        self.moves = len(setup.empty)
        self.kinds = geo.kinds

    def of_kind(self, kind: str) -> np.ndarray:
        """Which spaces are special spaces of ``kind`` (the padding space is not)."""
        return np.array([self.kinds[c] == kind for c in range(self.cells)] + [False])


def kernel(params: Any, names: tuple[str, str], games: int, seed: int) -> Tally | None:
    """Playouts of the named players (seat 0 is X, who moves first); None for a name it does not know."""
    if any(name not in PLAYERS for name in names):
        return None
    return run(params, names, games, seed)[0]


def restricted(params: Any, names: tuple[str, str], games: int, seed: int,
               restrict: tuple[int, str] | None) -> Tally | None:
    """kit.toml's ``[hooks] restricted_kernel``: restricted play counting each seat's wins (None for unknown names or
    kinds)."""
    if any(name not in PLAYERS for name in names):
        return None
    if restrict is not None and restrict[1] not in SPECIAL:
        return None
    return run(params, names, games, seed, restrict=restrict, seats=True)[0]


def run(params: Any, names: tuple[str, str], games: int, seed: int, record: bool = False,
        restrict: tuple[int, str] | None = None, seats: bool = False) -> tuple[Tally, list[list[int]] | None]:
    """``games`` games of the named players; with ``record`` also every game's cells in order.

    ``restrict`` = (seat, kind): that seat never marks a space of the kind while another empty space is
    open to it (see :func:`_avoiding`); ``seats`` counts each seat's wins (X is seat 1).
    """
    board, greedy = Board(params), np.array([name == "greedy" for name in names])
    avoid = None if restrict is None else (restrict[0], board.of_kind(restrict[1]))
    rng, tally = np.random.default_rng(seed), Tally()
    recorded: list[list[int]] | None = [] if record else None
    size = max(64, CELLS_PER_BATCH // (board.cells + 1))
    start = time.perf_counter()
    for lo in range(0, games, size):
        scores, extra, cells = _batch(board, greedy, min(size, games - lo), rng, record, avoid)
        for (x, o), turns in zip(scores.tolist(), extra.tolist()):
            winner = None if x == o else (0 if x > o else 1)
            tally.add(result_of(winner, 0), board.moves, "board full")
            count_margins(tally, x, o, turns)
            if seats and winner is not None:
                tally.extra[f"seat_{winner + 1}_wins"] += 1
        if recorded is not None and cells is not None:
            recorded.extend(cells.T.tolist())
    tally.seconds = time.perf_counter() - start
    return tally, recorded


def _batch(board: Board, greedy: np.ndarray, games: int, rng: np.random.Generator, record: bool,
           avoid: tuple[int, np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """Play ``games`` games to the end: (scores (G, 2), extra turns (G,), cells played (moves, G) or None).

    Random movers draw from each game's list of empty spaces (``empties[:, :left]``, kept by
    swap-removal with ``where`` holding each space's place in it); greedy movers scan the values.
    ``avoid`` = (seat, spaces): that seat's moves go through :func:`_avoiding`.
    """
    value = np.broadcast_to(board.start, (2, games, board.cells + 1)).copy()  # per player, game, space
    rows, mover = np.arange(games), np.zeros(games, dtype=np.int64)
    empties = np.broadcast_to(np.flatnonzero(board.start >= 0), (games, board.moves)).copy()
    where = np.zeros((games, board.cells + 1), dtype=np.int64)
    where[:, empties[0]] = np.arange(board.moves)
    scores, extra = np.zeros((games, 2), dtype=np.int64), np.zeros(games, dtype=np.int64)
    played = np.zeros((board.moves, games), dtype=np.int64) if record else None
    for step in range(board.moves):
        left = board.moves - step
        cell = empties[rows, (rng.random(games) * left).astype(np.int64)]
        thinking = np.flatnonzero(greedy[mover])
        if thinking.size:
            mine = value[mover[thinking], thinking]
            cell[thinking] = _pick(mine == mine.max(1)[:, None], rng)
        if avoid is not None:
            held = np.flatnonzero(mover == avoid[0])
            if held.size:
                cell[held] = _avoiding(value[avoid[0], held], cell[held], bool(greedy[avoid[0]]), avoid[1], rng)
        scores[rows, mover] += value[mover, rows, cell]
        _mark(board, value, rows, mover, cell)
        at, last = where[rows, cell], empties[rows, left - 1]
        empties[rows, at], where[rows, last] = last, at
        if played is not None:
            played[step] = cell
        if step + 1 < board.moves:  # a mark that fills the board earns no turn
            again = board.extra_turn[cell]
            extra += again
            mover = np.where(again, mover, 1 - mover)
    return scores, extra, played


def _avoiding(mine: np.ndarray, chosen: np.ndarray, greedy: bool, spaces: np.ndarray,
              rng: np.random.Generator) -> np.ndarray:
    """The moves of a seat that never marks one of ``spaces`` while it has another empty space: the move of
    :func:`printkit.balance.restrict.without` in distribution (the players choose among the other empty
    spaces). A greedy seat takes a space of the highest value among them, uniformly among ties; a random
    seat any of them; with none left the chosen move stands. ``mine``: the seat's values (games, spaces;
    -1 on marked ones), ``chosen``: the unrestricted moves."""
    allowed = (mine >= 0) & ~spaces
    if greedy:
        values = np.where(allowed, mine, -1)
        allowed &= values == values.max(1)[:, None]
    some = allowed.any(1)
    out = chosen.copy()
    if some.any():
        out[some] = _pick(allowed[some], rng)
    return out


def _pick(choices: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Per row, a uniformly chosen True column (every row has one)."""
    found = np.flatnonzero(choices)  # row-major: each row's columns in order
    counts = np.bincount(found // choices.shape[1], minlength=len(choices))
    first = np.cumsum(counts) - counts
    return found[first + (rng.random(len(choices)) * counts).astype(np.int64)] % choices.shape[1]


def _mark(board: Board, value: np.ndarray, rows: np.ndarray, mover: np.ndarray, cell: np.ndarray) -> None:
    """Put each game's mark on ``cell`` and raise both players' values of its empty neighbours.

    Works on ``value`` flattened (one index array instead of three: several times faster)."""
    flat, width = value.reshape(-1), board.cells + 1
    near = board.neighbours[cell]  # (G, 8)
    game = (rows * width)[:, None]
    own = (mover * len(rows) * width)[:, None] + game + near
    other = ((1 - mover) * len(rows) * width)[:, None] + game + near
    empty = flat[own] >= 0
    flat[own] += np.where(empty, board.own_gain[near], 0).astype(np.int8)
    flat[other] += np.where(empty, board.opponent_gain[near], 0).astype(np.int8)
    flat[rows * width + cell] = -1
    flat[(len(rows) + rows) * width + cell] = -1
