"""The compiled SiTTeRS playouts (numba): the reference rules and players, one game after another.

Everything here mirrors ``engine.py`` and ``players.py`` move for move; only the random stream
differs (numba's generator instead of ``random.Random``). Cells are compact indices ``0..N-1``
in the engine's cell order. ``play`` returns one row per game and, when recording, one row per
move (kinds below), which ``kernel.py`` turns back into engine moves for the tests.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from printkit.games.sitters.jit_paths import candidates, compiled, draw, leads, spread

FAR = 99
# recorded move kinds: (game, kind, a, b); a roll keeps its dice in a, b
ROLL1, ROLL2, CONTAINER, COLLECTOR, OBSTRUCTOR, STEP, RETURN, PASS = range(8)
# columns of a game's result row
LENGTH, SURVIVORS, LOOT, TURNS = range(4)
MAX_MOVES = 100_000
NONE = -2
"""No move (a return's marker is -1)."""
TRIES = 16
"""Rejected draws after which the random player lists every move (jit_paths.draw)."""
# bits of a space's code
COLL, OBS, CONT, SZ = 1, 2, 4, 8
NEAR = 32
"""A space ``_chase`` has listed (jit_paths.PATH is 16)."""
ZERO, ONE = np.uint64(0), np.uint64(1)


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
def _distances(nb: np.ndarray, deg: np.ndarray, pos: np.ndarray, cnt: np.ndarray, row: int, barred: int,
               code: np.ndarray, dist: np.ndarray, queue: np.ndarray) -> None:
    """players.distances: steps from the nearest of the pieces ``pos[row, :cnt[row]]`` not
    entering spaces with a ``barred`` bit; unreached spaces get -1."""
    dist[:] = -1
    tail = 0
    for i in range(cnt[row]):
        s = pos[row, i]
        if dist[s] < 0:
            dist[s] = 0
            queue[tail] = s
            tail += 1
    spread(nb, deg, code, barred, 0, dist.shape[0], dist, queue, 0, tail)


@compiled
def _pick_best(values: np.ndarray, count: int) -> int:
    """players._best: the index of a highest value, ties broken uniformly."""
    top = values[0]
    for i in range(1, count):
        if values[i] > top:
            top = values[i]
    ties = 0
    for i in range(count):
        if values[i] == top:
            ties += 1
    k = np.random.randint(0, ties)
    for i in range(count):
        if values[i] == top:
            if k == 0:
                return i
            k -= 1
    return 0


@compiled
def _moves(nb: np.ndarray, deg: np.ndarray, color: np.ndarray, code: np.ndarray, barred: int, stops: int,
           steps: int, srcs: np.ndarray, row: int, nsrc: int, returns: np.ndarray, nret: int,
           msrc: np.ndarray, mdst: np.ndarray, sure: np.ndarray, near: np.ndarray, queue: np.ndarray) -> int:
    """engine.legal_moves, perhaps with some illegal steps (``sure`` false: ``leads`` decides):
    the candidate steps of each marker on ``srcs[row, :nsrc]`` then the returns to
    ``returns[:nret]`` (marker -1). Returns the count."""
    count = 0
    for i in range(nsrc):
        src = srcs[row, i]
        before = count
        count = candidates(nb, deg, color, code, barred, stops, src, steps, mdst, sure, count, near, queue)
        msrc[before:count] = src
    for i in range(nret):
        msrc[count], mdst[count], sure[count] = -1, returns[i], True
        count += 1
    return count


@compiled
def _any_legal(nb: np.ndarray, deg: np.ndarray, color: np.ndarray, code: np.ndarray, barred: int,
               stops: int, steps: int, msrc: np.ndarray, mdst: np.ndarray, sure: np.ndarray, count: int,
               de: np.ndarray, queue: np.ndarray, pathc: np.ndarray, nbi: np.ndarray) -> int:
    """The random player: the index of a legal move drawn uniformly from the ``_moves``, -1 if
    none is legal. A drawn move found illegal leaves the draw (swapped to the back), which keeps
    the draw uniform over the legal ones."""
    while count > 0:
        k = np.random.randint(0, count)
        if sure[k] or leads(nb, deg, color, code, barred, stops, msrc[k], mdst[k], steps, de, queue, pathc, nbi):
            return k
        count -= 1
        msrc[k], mdst[k], sure[k] = msrc[count], mdst[count], sure[count]
    return -1


@compiled
def _best_legal(nb: np.ndarray, deg: np.ndarray, color: np.ndarray, code: np.ndarray, barred: int,
                stops: int, steps: int, msrc: np.ndarray, mdst: np.ndarray, sure: np.ndarray,
                mval: np.ndarray, count: int, de: np.ndarray, queue: np.ndarray, pathc: np.ndarray,
                nbi: np.ndarray) -> int:
    """The basic player: the index of a highest-valued legal move among the ``_moves`` (ties
    broken uniformly), -1 if none is legal. Only the moves of the highest value left are
    checked; illegal ones drop out (value -inf)."""
    while True:
        top = -np.inf
        for j in range(count):
            top = max(top, mval[j])
        if top == -np.inf:
            return -1
        legal = 0
        for j in range(count):
            if mval[j] == top:
                if sure[j] or leads(nb, deg, color, code, barred, stops, msrc[j], mdst[j], steps, de, queue,
                                    pathc, nbi):
                    legal += 1
                else:
                    mval[j] = -np.inf
        if legal:
            return _pick_best(mval, count)


@compiled
def _place(free: np.ndarray, code: np.ndarray, basic: bool, value: np.ndarray, tmp: np.ndarray,
           vals: np.ndarray) -> int:
    """One set-up placement on a free space of ``free``: uniform (random) or best value (basic);
    ``tmp`` and ``vals`` are scratch."""
    n = 0
    for c in free:
        if not code[c] & (COLL | OBS | CONT):
            tmp[n] = c
            n += 1
    if not basic:
        return tmp[np.random.randint(0, n)]
    if n == 1:
        return tmp[0]
    for i in range(n):
        vals[i] = value[tmp[i]]
    return tmp[_pick_best(vals, n)]


@compiled
def _drop(pos: np.ndarray, cnt: np.ndarray, row: int, cell: int) -> None:
    """Removes ``cell`` from the ``cnt[row]`` first entries of ``pos[row]`` (order not kept)."""
    last = cnt[row] - 1
    for i in range(last + 1):
        if pos[row, i] == cell:
            pos[row, i] = pos[row, last]
            cnt[row] = last
            return


@compiled
def _collector_values(nb: np.ndarray, deg: np.ndarray, rows: np.ndarray, cols: np.ndarray,
                      code: np.ndarray, to_sz: np.ndarray, pos: np.ndarray, cnt: np.ndarray,
                      faces: int, msrc: np.ndarray, mdst: np.ndarray, mval: np.ndarray, count: int,
                      dist: np.ndarray, queue: np.ndarray) -> None:
    """players._collector_value of every listed move (``pos``, ``cnt``: the pieces as in play)."""
    if cnt[2]:
        _distances(nb, deg, pos, cnt, 2, 0, code, dist, queue)
    for j in range(count):
        d = mdst[j]
        a = to_sz[d] if to_sz[d] >= 0 else FAR
        if msrc[j] < 0:
            mval[j] = 1000.0
        elif code[d] & SZ:
            mval[j] = 2000.0
        elif code[d] & CONT:
            mval[j] = 500.0 - a
        elif code[d] & OBS:
            mval[j] = -200.0
        else:
            threat = 0
            for i in range(cnt[1]):
                o = pos[1, i]
                if abs(rows[o] - rows[d]) + abs(cols[o] - cols[d]) <= faces:
                    threat += 1
            b = dist[d] if (cnt[2] > 0) & (dist[d] >= 0) else 0
            mval[j] = -(a + 0.7 * b) - 2.0 * threat


@compiled
def _obstructor_values(nb: np.ndarray, deg: np.ndarray, code: np.ndarray, pos: np.ndarray, cnt: np.ndarray,
                       msrc: np.ndarray, mdst: np.ndarray, mval: np.ndarray, count: int,
                       dist: np.ndarray, queue: np.ndarray) -> None:
    """players._obstructor_value of every listed move (``pos``, ``cnt``: the pieces as in play)."""
    _distances(nb, deg, pos, cnt, 0, CONT | SZ, code, dist, queue)
    for j in range(count):
        d = mdst[j]
        prey = dist[d] if dist[d] >= 0 else FAR
        if msrc[j] < 0:
            mval[j] = 1000.0 - prey
        elif code[d] & COLL:
            mval[j] = 1500.0
        else:
            mval[j] = -float(prey)


@compiled
def _bit(bits: np.ndarray, b: int) -> bool:
    """Whether bit ``b`` of the bitset ``bits`` (words of 64) is set."""
    return (bits[b >> 6] >> np.uint64(b & 63)) & ONE != 0


@compiled
def _grow(front: np.ndarray, free: np.ndarray, seen: np.ndarray, grown: np.ndarray, stride: int) -> bool:
    """One breadth-first layer on bitsets (``stride`` bits a row, the last of them empty): the
    spaces of ``free`` next to ``front`` and not ``seen`` go to ``grown`` and ``seen``. Whether
    there are any."""
    one, row, back = ONE, np.uint64(stride), np.uint64(64 - stride)
    last = front.shape[0] - 1
    grew = False
    for i in range(last + 1):
        x = front[i]
        lo = front[i - 1] if i > 0 else ZERO
        hi = front[i + 1] if i < last else ZERO
        near = (x << one) | (lo >> np.uint64(63)) | (x >> one) | (hi << np.uint64(63))
        near |= (x << row) | (lo >> back) | (x >> row) | (hi << back)
        grown[i] = near & free[i] & ~seen[i]
        grew |= grown[i] != ZERO
    for i in range(last + 1):
        seen[i] |= grown[i]
    return grew


@compiled
def _chase(nb: np.ndarray, deg: np.ndarray, color: np.ndarray, rows: np.ndarray, cols: np.ndarray,
           order: np.ndarray, within: np.ndarray, bitof: np.ndarray, stride: int, code: np.ndarray, steps: int,
           pos: np.ndarray, cnt: np.ndarray, returns: np.ndarray, nret: int, bits: np.ndarray, near: np.ndarray,
           de: np.ndarray, queue: np.ndarray, pathc: np.ndarray, nbi: np.ndarray, msrc: np.ndarray,
           mdst: np.ndarray) -> int:
    """The basic obstructors' best moves (players.basic) without listing every move: one onto a
    collector is worth most, then a return, then a step, the nearer to a collector the better
    (under ``FAR`` steps); so a search from the collectors (on bitsets, ``bitof`` a space's bit),
    one layer of distance at a time, meets the best legal moves first. They go to ``msrc``,
    ``mdst`` (marker -1 for a return); returns their count, 0 when every value must decide.
    ``bits`` holds four scratch bitsets, ``near`` room for the spaces within ``steps`` board steps
    of an obstructor."""
    free, seen, front, grown = bits[0], bits[1], bits[2], bits[3]
    free[:], seen[:] = ZERO, ZERO
    for cell in range(code.shape[0]):
        if code[cell] & (CONT | SZ) == 0:
            b = bitof[cell]
            free[b >> 6] |= ONE << np.uint64(b & 63)
    for i in range(cnt[0]):
        b = bitof[pos[0, i]]
        seen[b >> 6] |= ONE << np.uint64(b & 63)
    for i in range(seen.shape[0]):
        front[i] = seen[i]
    close = 0
    for m in range(cnt[1]):  # the spaces within ``steps`` board steps of an obstructor, once each
        for i in range(1, within[pos[1, m], steps]):
            cell = order[pos[1, m], i]
            if code[cell] & NEAR == 0:
                code[cell] |= NEAR
                near[close] = cell
                close += 1
    for i in range(close):
        code[near[i]] &= ~NEAR
    found, layer = 0, 0
    while True:
        if (layer > 0) & (nret > 0):  # a return beats any step
            for r in range(nret):
                if _bit(front, bitof[returns[r]]):
                    msrc[found], mdst[found] = -1, returns[r]
                    found += 1
        else:  # layer 0: onto a collector
            for i in range(close):
                cell = near[i]
                if _bit(front, bitof[cell]):
                    for m in range(cnt[1]):
                        src = pos[1, m]
                        if abs(rows[src] - rows[cell]) + abs(cols[src] - cols[cell]) <= steps:
                            if leads(nb, deg, color, code, OBS | CONT | SZ, COLL, src, cell, steps, de, queue, pathc,
                                     nbi):
                                msrc[found], mdst[found] = src, cell
                                found += 1
        layer += 1
        if (found > 0) | (layer >= FAR):
            return found
        if not _grow(front, free, seen, grown, stride):
            return 0
        for i in range(front.shape[0]):
            front[i] = grown[i]


@njit(cache=True)
def play(nb: np.ndarray, deg: np.ndarray, order: np.ndarray, within: np.ndarray, bitof: np.ndarray, stride: int,
         rows: np.ndarray, cols: np.ndarray, sz: np.ndarray, c_starts: np.ndarray, o_starts: np.ndarray,
         x_spaces: np.ndarray, to_sz: np.ndarray, from_c: np.ndarray, n_coll: int, n_obs: int, cpp: int,
         faces: int, basic0: bool, basic1: bool, games: int, seed: int, record: bool) -> tuple[np.ndarray, np.ndarray]:
    """``games`` games: a row per game (moves, survivors, loot, turns) and the recorded moves."""
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
        for i in range(2 * cpp):
            side = 0 if i < cpp else 1
            cell = _place(x_spaces, code, basic0 if side == 0 else basic1,
                          neg_route if side == 0 else route, tmp, mval)
            code[cell] |= CONT
            pos[2, cnt[2]] = cell
            cnt[2] += 1
            length += 1
            if record:
                rec = _record(rec, nrec, g, CONTAINER, cell, 0)
                nrec += 1
        for i in range(n_coll):
            cell = _place(c_starts, code, basic0, near_sz, tmp, mval)
            code[cell] |= COLL
            pos[0, cnt[0]] = cell
            cnt[0] += 1
            length += 1
            if record:
                rec = _record(rec, nrec, g, COLLECTOR, cell, 0)
                nrec += 1
        for i in range(n_obs):
            if auto_obs:
                cell = o_starts[i]
            else:
                cell = _place(o_starts, code, basic1, near_sz, tmp, mval)
                length += 1
                if record:
                    rec = _record(rec, nrec, g, OBSTRUCTOR, cell, 0)
                    nrec += 1
            code[cell] |= OBS
            pos[1, cnt[1]] = cell
            cnt[1] += 1
        survivors, loot, turn = 0, 0, 0
        lost = np.zeros(2, dtype=np.int64)
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
            basic = basic0 if side == 0 else basic1
            src, dst = NONE, NONE
            if not basic:
                src, dst = draw(nb, deg, color, order, within, code, barred, stops, roll, pos, side, cnt[side],
                                rets, nret, TRIES, de, queue, pathc, nbi)
            elif side == 1:
                best = _chase(nb, deg, color, rows, cols, order, within, bitof, stride, code, roll, pos, cnt, rets, nret,
                              bits, wave, de, queue, pathc, nbi, msrc, mdst)
                if best:
                    k = np.random.randint(0, best)
                    src, dst = msrc[k], mdst[k]
            if src == NONE:
                count = _moves(nb, deg, color, code, barred, stops, roll, pos, side, cnt[side], rets, nret,
                               msrc, mdst, sure, near, queue)
                if not basic:
                    k = _any_legal(nb, deg, color, code, barred, stops, roll, msrc, mdst, sure, count, de, queue,
                                   pathc, nbi)
                else:
                    if side == 0:
                        _collector_values(nb, deg, rows, cols, code, to_sz, pos, cnt, faces, msrc, mdst, mval,
                                          count, dist, queue)
                    else:
                        _obstructor_values(nb, deg, code, pos, cnt, msrc, mdst, mval, count, dist, queue)
                    k = _best_legal(nb, deg, color, code, barred, stops, roll, msrc, mdst, sure, mval, count, de,
                                    queue, pathc, nbi)
                if k >= 0:
                    src, dst = msrc[k], mdst[k]
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
