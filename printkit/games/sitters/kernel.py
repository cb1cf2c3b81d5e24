"""Fast SiTTeRS playouts of the ``random`` and ``basic`` players (any pair, any parameters).

The games are played by ``jit.py`` (compiled with numba on first use, cached on disk), which
follows rules.py and its players move for move with numba's random generator instead
of ``random.Random``: the same move distribution, a different random stream. The tally holds
what ``simulate`` holds with rules.py's counters; game lengths count chance moves like the engine.
``run(..., record=True)`` also returns every game's moves as rules.py's moves, which the tests
replay through it. :func:`playout_from` plays a random game from any position (the mcts
player's playouts): rules.py up to the next roll, the kernel from there.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from functools import lru_cache
from typing import Any

import numpy as np

from printkit.games.sitters.board import COLLECTOR_START, CONTAINER, OBSTRUCTOR_START, SAFE_ZONE
from printkit.games.sitters.rules import COLLECTORS, OVER, ROLL, Move, State, counted, distances, ending
from printkit.rules.game import CHANCE, Outcome, chance_move, random_policy
from printkit.rules.jit_notice import notice_first_compile
from printkit.rules.simulate import Tally, result_of

POLICIES = ("random", "basic")
NO_START = np.zeros(0, dtype=np.int64)


@lru_cache(maxsize=4)
def _arrays(params: Any) -> tuple[tuple[int, ...], dict[str, Any]]:
    """The engine cells in order and the board as arrays of compact cell indices."""
    from printkit.games.sitters.jit_paths import balls

    board = params.board
    safe_zone = frozenset(board.cells_of(SAFE_ZONE))
    starts = (board.cells_of(COLLECTOR_START), board.cells_of(OBSTRUCTOR_START))
    cells = tuple(sorted(board.kinds))
    index = {cell: i for i, cell in enumerate(cells)}
    n = len(cells)
    nb = np.full((n, 4), -1, dtype=np.int64)
    deg = np.zeros(n, dtype=np.int64)
    for cell, i in index.items():
        for k, nxt in enumerate(board.neighbours[cell]):
            nb[i, k] = index[nxt]
        deg[i] = len(board.neighbours[cell])
    to_sz, from_c = distances(board, safe_zone), distances(board, starts[COLLECTORS])

    def field(dist: dict[int, int]) -> np.ndarray:
        return np.array([dist.get(cell, -1) for cell in cells], dtype=np.int64)

    def compact(spaces: tuple[int, ...]) -> np.ndarray:
        return np.array([index[c] for c in spaces], dtype=np.int64)

    arrays = {
        "nb": nb, "deg": deg,
        "rows": np.array([c // board.width for c in cells], dtype=np.int64),
        "cols": np.array([c % board.width for c in cells], dtype=np.int64),
        "sz": np.array([c in safe_zone for c in cells], dtype=np.bool_),
        "c_starts": compact(starts[0]), "o_starts": compact(starts[1]),
        "x_spaces": compact(board.cells_of(CONTAINER)), "to_sz": field(to_sz), "from_c": field(from_c),
    }
    arrays["order"], arrays["within"] = balls(nb, deg, params.die_sides)
    arrays["stride"] = board.width + 1  # a row's bits then an empty one: no step leaves the row (< 64)
    arrays["bitof"] = arrays["rows"] * arrays["stride"] + arrays["cols"]
    return cells, arrays


def _moves(cells: tuple[int, ...], rows: np.ndarray, games: int) -> list[list[Move]]:
    """The recorded move rows of ``jit.play`` as engine moves, game by game."""
    from printkit.games.sitters import jit

    played: list[list[Move]] = [[] for _ in range(games)]
    for game, kind, a, b in rows.tolist():
        if kind == jit.ROLL1:
            move = Move("roll", dice=(a,))
        elif kind == jit.ROLL2:
            move = Move("roll", dice=(a, b))
        elif kind == jit.STEP:
            move = Move("move", cells[a], cells[b])
        elif kind == jit.PASS:
            move = Move("pass")
        else:
            names = {jit.CONTAINER: "container", jit.COLLECTOR: "collector", jit.OBSTRUCTOR: "obstructor",
                     jit.RETURN: "return"}
            move = Move(names[kind], dst=cells[a])
        played[game].append(move)
    return played


def _tally(params: Any, rows: np.ndarray, seats: bool = False) -> Tally:
    """simulate's tally with rules.py's counters, from the per-game rows of ``jit.play``
    (``seats``: also each seat's wins, collectors being seat 1)."""
    tally = Tally()
    extra: Counter[str] = Counter()
    endings: dict[tuple[int, int], tuple[int | None, str]] = {}  # the few distinct endings, scored once
    times: Counter[tuple[int, int]] = Counter()
    games = rows.tolist()
    for length, survivors, loot, _ in games:
        if (survivors, loot) not in endings:
            outcome = ending(params, survivors, loot)
            endings[survivors, loot] = outcome.winner, outcome.reason
        winner, reason = endings[survivors, loot]
        tally.add(result_of(winner, COLLECTORS), length, reason)
        times[survivors, loot] += 1
    for (survivors, loot), count in times.items():  # rules.py's counters, each ending's times its games
        extra.update({key: value * count for key, value in counted(params, survivors, loot, 0).items()})
        winner = endings[survivors, loot][0]
        if seats and winner is not None:
            extra[f"seat_{winner + 1}_wins"] += count
    if games:
        extra["turns_sum"] += sum(row[3] for row in games)
    tally.extra = extra
    return tally


def _play(params: Any, basic: tuple[bool, bool], games: int, seed: int, record: bool, no_return: tuple[bool, bool],
          start: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``jit.play`` on the board's arrays and the parameters: ``basic`` and ``no_return`` per side, ``start`` a
    position at a roll (:func:`start_array`) or :data:`NO_START`."""
    from printkit.games.sitters import jit

    a = _arrays(params)[1]
    return jit.play(a["nb"], a["deg"], a["order"], a["within"], a["bitof"], a["stride"], a["rows"], a["cols"], a["sz"],  # type: ignore[no-any-return]
                    a["c_starts"], a["o_starts"], a["x_spaces"], a["to_sz"], a["from_c"], params.collectors,
                    params.obstructors, params.containers_per_player, params.die_sides, *basic, games, seed % 2**32,
                    record, *no_return, start)


def run(params: Any, names: tuple[str, str], games: int, seed: int, record: bool = False,
        no_return: tuple[bool, bool] = (False, False), seats: bool = False) -> tuple[Tally, list[list[Move]] | None]:
    """``games`` seeded games of the named players (collectors, obstructors); moves if ``record``.

    ``no_return``: per side, restricted play without returning defeated markers; ``seats`` counts each
    seat's wins."""
    from printkit.games.sitters import jit

    cells, _ = _arrays(params)

    def play(count: int) -> tuple[np.ndarray, np.ndarray]:
        return _play(params, (names[0] == "basic", names[1] == "basic"), count, seed, record, no_return, NO_START)

    notice_first_compile(jit.play, "the SiTTeRS playout kernel")
    play(0)  # loads (or compiles) the machine code, not counted in the speed
    start = time.perf_counter()
    rows, moves = play(games)
    tally = _tally(params, rows, seats)
    tally.seconds = time.perf_counter() - start
    return tally, (_moves(cells, moves, games) if record else None)


def kernel(params: Any, names: tuple[str, str], games: int, seed: int) -> Tally | None:
    """kit.toml's ``[hooks] kernel``: any pair of random and basic players; None for other players or bad params."""
    if not set(names) <= set(POLICIES) or params.check():
        return None
    return run(params, names, games, seed)[0]


def restricted(params: Any, names: tuple[str, str], games: int, seed: int,
               restrict: tuple[int, str] | None) -> Tally | None:
    """kit.toml's ``[hooks] restricted_kernel``: restricted play (the ``return`` ability) counting each seat's wins.

    A side without returns chooses among its other moves as its player would (the random player
    uniformly, the basic one the best of them), as ``balance.restrict.without`` has it; None for
    other players or abilities."""
    if not set(names) <= set(POLICIES) or params.check() or (restrict is not None and restrict[1] != "return"):
        return None
    no_return = (restrict == (0, "return"), restrict == (1, "return"))
    return run(params, names, games, seed, no_return=no_return, seats=True)[0]


# --- the mcts player's playouts --------------------------------------------------------------------------
KERNEL_COST = 2
"""A game of the kernel from a roll, in moves of the reference engine: about 80 us against 40 us a move."""


@lru_cache(maxsize=4)
def _index(params: Any) -> dict[int, int]:
    """Engine cell -> compact index of ``jit.play``."""
    return {cell: i for i, cell in enumerate(_arrays(params)[0])}


def start_array(params: Any, state: State) -> np.ndarray:
    """A position at a roll as ``jit.play`` starts from it (:data:`jit.START_COUNTS`)."""
    index = _index(params)
    markers = (state.collectors, state.obstructors, state.containers)
    return np.array((state.turn, state.survivors, state.loot, *state.lost, *(len(m) for m in markers),
                     *(index[cell] for group in markers for cell in group)), dtype=np.int64)


def playout_from(rules: Any, state: State, rng: random.Random) -> tuple[Outcome, int]:
    """A random game (``random_policy`` for both sides) from ``state``: the reference engine up to the next roll
    (set-up placements, a move after a roll, a loot roll or a battle), the compiled kernel from there. Its outcome
    and its cost to the search's budget: the engine's moves, and :data:`KERNEL_COST` for the kernel's game."""
    from printkit.games.sitters import jit

    cost = 0
    while state.phase not in (ROLL, OVER):
        chance = rules.current_player(state) == CHANCE
        state = rules.apply(state, chance_move(rules, state, rng) if chance else random_policy(rules, state, rng))
        cost += 1
    if state.phase == OVER:
        ended = rules.outcome(state)
        assert ended is not None
        return ended, cost
    notice_first_compile(jit.play, "the SiTTeRS playout kernel")
    params = rules.params
    rows, _ = _play(params, (False, False), 1, rng.getrandbits(32), False, (False, False), start_array(params, state))
    return ending(params, int(rows[0, jit.SURVIVORS]), int(rows[0, jit.LOOT])), cost + KERNEL_COST
