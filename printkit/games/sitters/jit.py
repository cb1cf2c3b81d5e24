"""The compiled SiTTeRS playouts (numba): the reference rules and players, one game after another.

Everything here mirrors ``engine.py`` and ``players.py`` move for move; only the random stream
differs (numba's generator instead of ``random.Random``). Where a marker may go is
``jit_paths.py``, the players' choices ``jit_players.py``. Cells are compact indices ``0..N-1``
in the engine's cell order. ``play`` returns one row per game and, when recording, one row per
move (kinds below), which ``kernel.py`` turns back into engine moves for the tests.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from printkit.games.sitters.jit_paths import COLL, CONT, OBS, SZ, compiled, draw
from printkit.games.sitters.jit_players import (
    FAR,
    any_legal,
    best_legal,
    chase,
    collector_values,
    moves,
    obstructor_values,
    place,
)
from printkit.games.sitters.rules import MAX_MOVES

# recorded move kinds: (game, kind, a, b); a roll keeps its dice in a, b
ROLL1, ROLL2, CONTAINER, COLLECTOR, OBSTRUCTOR, STEP, RETURN, PASS = range(8)
# columns of a game's result row
LENGTH, SURVIVORS, LOOT, TURNS = range(4)
NONE = -2
"""No move (a return's marker is -1)."""
START_COUNTS, START_CELLS = 5, 8
"""A start position for ``play``: the turn, survivors, loot, the lost collectors and obstructors, the counts of
collectors, obstructors and containers on the board, then their cells (compact indices) in that order."""
TRIES = 16
"""Rejected draws after which the random player lists every move (jit_paths.draw)."""


@compiled
def _roll(faces: int) -> int:
    """One die."""
    return np.random.randint(1, faces + 1)


@njit(cache=True)
def _record(rec: np.ndarray, n: int, game: int, kind: int, a: int, b: int) -> np.ndarray:
    """Append one move row (doubling the buffer when full)."""
    if n >= rec.shape[0]:
        bigger = np.empty((rec.shape[0] * 2, 4), dtype=np.int32)
        bigger[:n] = rec[:n]
        rec = bigger
    rec[n, 0], rec[n, 1], rec[n, 2], rec[n, 3] = game, kind, a, b
    return rec


@compiled
def _drop(pos: np.ndarray, cnt: np.ndarray, row: int, cell: int) -> None:
    """Removes ``cell`` from the ``cnt[row]`` first entries of ``pos[row]`` (order not kept)."""
    last = cnt[row] - 1
    for i in range(last + 1):
        if pos[row, i] == cell:
            pos[row, i] = pos[row, last]
            cnt[row] = last
            return


@njit(cache=True)
def play(nb: np.ndarray, deg: np.ndarray, order: np.ndarray, within: np.ndarray, bitof: np.ndarray, stride: int,
         rows: np.ndarray, cols: np.ndarray, sz: np.ndarray, c_starts: np.ndarray, o_starts: np.ndarray,
         x_spaces: np.ndarray, to_sz: np.ndarray, from_c: np.ndarray, n_coll: int, n_obs: int, cpp: int,
         faces: int, basic0: bool, basic1: bool, games: int, seed: int, record: bool,
         no_return0: bool, no_return1: bool, start: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``games`` games: a row per game (moves, survivors, loot, turns) and the recorded moves.

    ``no_return0``/``no_return1`` (restricted play): that side never returns a defeated marker while it
    has another move; it chooses among the others as its player would (returns only when nothing else
    is legal). ``start``: empty, or a position at a roll every game starts from (see :data:`START_COUNTS`)."""
    np.random.seed(seed)
    n = deg.shape[0]
    color = (rows + cols) % 2
    results = np.zeros((games, 4), dtype=np.int64)
    rec = np.empty((1024 if record else 1, 4), dtype=np.int32)
    nrec = 0
    code = np.zeros(n, dtype=np.int64)
    pos = np.empty((3, n), dtype=np.int64)  # collectors, obstructors, containers
    cnt = np.zeros(3, dtype=np.int64)
    tmp = np.empty(n, dtype=np.int64)
    pathc = np.empty(n + 1, dtype=np.int64)
    nbi = np.empty(n + 1, dtype=np.int64)
    cap = 64 * n + 8
    msrc = np.empty(cap, dtype=np.int64)
    mdst = np.empty(cap, dtype=np.int64)
    mval = np.empty(cap, dtype=np.float64)
    sure = np.empty(cap, dtype=np.bool_)
    rets = np.empty(n, dtype=np.int64)
    dist = np.empty(n, dtype=np.int64)
    near = np.full(n, -1, dtype=np.int64)
    de = np.full(n, -1, dtype=np.int64)
    queue = np.empty(n, dtype=np.int64)
    wave = np.empty(n, dtype=np.int64)
    bits = np.zeros((4, bitof.max() // 64 + 1), dtype=np.uint64)
    # set-up values of players._setup_value (static: the empty board's distances)
    route = np.empty(n, dtype=np.float64)
    near_sz = np.empty(n, dtype=np.float64)
    for c in range(n):
        a = to_sz[c] if to_sz[c] >= 0 else FAR
        b = from_c[c] if from_c[c] >= 0 else FAR
        route[c] = (a + b) + 0.01 * b
        near_sz[c] = -a
    neg_route = -route
    auto_obs = n_obs == o_starts.shape[0]
    nstart = np.array([c_starts.shape[0], o_starts.shape[0]])
    starts = np.empty((2, n), dtype=np.int64)
    starts[0, :nstart[0]] = c_starts
    starts[1, :nstart[1]] = o_starts
    for g in range(games):
        for c in range(n):
            code[c] = SZ if sz[c] else 0
        cnt[:] = 0
        length = 0
        survivors, loot, turn = 0, 0, 0
        lost = np.zeros(2, dtype=np.int64)
        if start.shape[0]:  # a game under way (the mcts player's playouts): no set-up
            turn, survivors, loot, lost[0], lost[1] = start[0], start[1], start[2], start[3], start[4]
            at = START_CELLS
            for row, bit in ((0, COLL), (1, OBS), (2, CONT)):
                for i in range(start[START_COUNTS + row]):
                    cell = start[at]
                    at += 1
                    code[cell] |= bit
                    pos[row, cnt[row]] = cell
                    cnt[row] += 1
        for i in range(0 if start.shape[0] else 2 * cpp):
            side = 0 if i < cpp else 1
            cell = place(x_spaces, code, basic0 if side == 0 else basic1,
                          neg_route if side == 0 else route, tmp, mval)
            code[cell] |= CONT
            pos[2, cnt[2]] = cell
            cnt[2] += 1
            length += 1
            if record:
                rec = _record(rec, nrec, g, CONTAINER, cell, 0)
                nrec += 1
        for i in range(0 if start.shape[0] else n_coll):
            cell = place(c_starts, code, basic0, near_sz, tmp, mval)
            code[cell] |= COLL
            pos[0, cnt[0]] = cell
            cnt[0] += 1
            length += 1
            if record:
                rec = _record(rec, nrec, g, COLLECTOR, cell, 0)
                nrec += 1
        for i in range(0 if start.shape[0] else n_obs):
            if auto_obs:
                cell = o_starts[i]
            else:
                cell = place(o_starts, code, basic1, near_sz, tmp, mval)
                length += 1
                if record:
                    rec = _record(rec, nrec, g, OBSTRUCTOR, cell, 0)
                    nrec += 1
            code[cell] |= OBS
            pos[1, cnt[1]] = cell
            cnt[1] += 1
        while True:
            if length > MAX_MOVES:
                raise RuntimeError("game did not end within 100000 moves")
            side = 0 if turn % 3 < 2 else 1
            roll = _roll(faces)
            length += 1
            if record:
                rec = _record(rec, nrec, g, ROLL1, roll, 0)
                nrec += 1
            own, enemy = (COLL, OBS) if side == 0 else (OBS, COLL)
            barred = COLL if side == 0 else OBS | CONT | SZ
            stops = OBS | CONT | SZ if side == 0 else COLL
            nret = 0
            if (roll == faces) & (lost[side] > 0):
                for i in range(nstart[side]):
                    if code[starts[side, i]] & (COLL | OBS) == 0:
                        rets[nret] = starts[side, i]
                        nret += 1
            length += 1
            allowed = nret
            banned = no_return0 if side == 0 else no_return1
            basic = basic0 if side == 0 else basic1
            for attempt in range(2):  # a side without returns tries the other moves first
                nret = 0 if banned and attempt == 0 else allowed
                src, dst = NONE, NONE
                if not basic:
                    src, dst = draw(nb, deg, color, order, within, code, barred, stops, roll, pos, side, cnt[side],
                                    rets, nret, TRIES, de, queue, pathc, nbi)
                elif side == 1:
                    best = chase(nb, deg, color, rows, cols, order, within, bitof, stride, code, roll, pos, cnt, rets, nret,
                                  bits, wave, de, queue, pathc, nbi, msrc, mdst)
                    if best:
                        k = np.random.randint(0, best)
                        src, dst = msrc[k], mdst[k]
                if src == NONE:
                    count = moves(nb, deg, color, code, barred, stops, roll, pos, side, cnt[side], rets, nret,
                                   msrc, mdst, sure, near, queue)
                    if not basic:
                        k = any_legal(nb, deg, color, code, barred, stops, roll, msrc, mdst, sure, count, de, queue,
                                       pathc, nbi)
                    else:
                        if side == 0:
                            collector_values(nb, deg, rows, cols, code, to_sz, pos, cnt, faces, msrc, mdst, mval,
                                              count, dist, queue)
                        else:
                            obstructor_values(nb, deg, code, pos, cnt, msrc, mdst, mval, count, dist, queue)
                        k = best_legal(nb, deg, color, code, barred, stops, roll, msrc, mdst, sure, mval, count, de,
                                        queue, pathc, nbi)
                    if k >= 0:
                        src, dst = msrc[k], mdst[k]
                if src != NONE or not banned or allowed == 0:
                    break
            if src == NONE:
                if record:
                    rec = _record(rec, nrec, g, PASS, 0, 0)
                    nrec += 1
            else:
                if src < 0:
                    lost[side] -= 1
                    if record:
                        rec = _record(rec, nrec, g, RETURN, dst, 0)
                        nrec += 1
                else:
                    code[src] &= ~own
                    _drop(pos, cnt, side, src)
                    if record:
                        rec = _record(rec, nrec, g, STEP, src, dst)
                        nrec += 1
                code[dst] |= own
                pos[side, cnt[side]] = dst
                cnt[side] += 1
                if (side == 0) & (code[dst] & SZ != 0):
                    code[dst] &= ~COLL
                    _drop(pos, cnt, 0, dst)
                    survivors += 1
                elif (side == 0) & (code[dst] & CONT != 0):
                    value = _roll(faces)
                    length += 1
                    if record:
                        rec = _record(rec, nrec, g, ROLL1, value, 0)
                        nrec += 1
                    loot += value
                    code[dst] &= ~CONT
                    _drop(pos, cnt, 2, dst)
                elif (src >= 0) & (code[dst] & enemy != 0):
                    while True:
                        c_die = _roll(faces)
                        o_die = _roll(faces)
                        length += 1
                        if record:
                            rec = _record(rec, nrec, g, ROLL2, c_die, o_die)
                            nrec += 1
                        if c_die != o_die:
                            break
                    loser = 1 if c_die > o_die else 0
                    code[dst] &= ~(OBS if loser == 1 else COLL)
                    _drop(pos, cnt, loser, dst)
                    lost[loser] += 1
            if cnt[0] == 0:
                break
            turn += 1
        results[g, LENGTH] = length
        results[g, SURVIVORS] = survivors
        results[g, LOOT] = loot
        results[g, TURNS] = turn + 1
    return results, rec[:nrec]
