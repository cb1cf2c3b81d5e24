"""The SiTTeRS players compiled with numba for ``jit.py``: players.py's random and basic choices.

The moves come from ``jit_paths``; ``moves`` lists them all (some perhaps illegal, marked unsure),
``any_legal`` and ``best_legal`` choose among them as the random and basic players do, checking
only the moves they would choose. ``chase`` finds the basic obstructors' best moves without the
list. Pieces are ``pos[row, :cnt[row]]`` (rows: collectors, obstructors, containers).
"""

from __future__ import annotations

import numpy as np

from printkit.games.sitters.jit_paths import COLL, CONT, OBS, SZ, candidates, compiled, leads, spread

FAR = 99
"""players.FAR: the distance of an unreached space."""
NEAR = 32
"""The code bit of a space ``chase`` has listed (jit_paths.PATH is 16)."""
ZERO, ONE = np.uint64(0), np.uint64(1)


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
def moves(nb: np.ndarray, deg: np.ndarray, color: np.ndarray, code: np.ndarray, barred: int, stops: int,
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
def any_legal(nb: np.ndarray, deg: np.ndarray, color: np.ndarray, code: np.ndarray, barred: int,
               stops: int, steps: int, msrc: np.ndarray, mdst: np.ndarray, sure: np.ndarray, count: int,
               de: np.ndarray, queue: np.ndarray, pathc: np.ndarray, nbi: np.ndarray) -> int:
    """The random player: the index of a legal move drawn uniformly from the ``moves``, -1 if
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
def best_legal(nb: np.ndarray, deg: np.ndarray, color: np.ndarray, code: np.ndarray, barred: int,
                stops: int, steps: int, msrc: np.ndarray, mdst: np.ndarray, sure: np.ndarray,
                mval: np.ndarray, count: int, de: np.ndarray, queue: np.ndarray, pathc: np.ndarray,
                nbi: np.ndarray) -> int:
    """The basic player: the index of a highest-valued legal move among the ``moves`` (ties
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
def place(free: np.ndarray, code: np.ndarray, basic: bool, value: np.ndarray, tmp: np.ndarray,
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
def collector_values(nb: np.ndarray, deg: np.ndarray, rows: np.ndarray, cols: np.ndarray,
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
def obstructor_values(nb: np.ndarray, deg: np.ndarray, code: np.ndarray, pos: np.ndarray, cnt: np.ndarray,
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
def chase(nb: np.ndarray, deg: np.ndarray, color: np.ndarray, rows: np.ndarray, cols: np.ndarray,
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
