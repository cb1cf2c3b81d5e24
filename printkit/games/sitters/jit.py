"""The compiled SiTTeRS playouts (numba): the reference rules and players, one game after another.

Everything here mirrors ``engine.py`` and ``players.py`` move for move; only the random stream
differs (numba's generator instead of ``random.Random``). Cells are compact indices ``0..N-1``
in the engine's cell order. ``play`` returns one row per game and, when recording, one row per
move (kinds below), which ``kernel.py`` turns back into engine moves for the tests.
"""

from __future__ import annotations

import numpy as np
from numba import njit

FAR = 99
# recorded move kinds: (game, kind, a, b); a roll keeps its dice in a, b
ROLL1, ROLL2, CONTAINER, COLLECTOR, OBSTRUCTOR, STEP, RETURN, PASS = range(8)
# columns of a game's result row
LENGTH, SURVIVORS, LOOT, TURNS = range(4)
MAX_MOVES = 100_000
# bits of a space's code
COLL, OBS, CONT, SZ, PATH = 1, 2, 4, 8, 16


@njit(cache=True)
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


@njit(cache=True)
def _spread(nb: np.ndarray, deg: np.ndarray, code: np.ndarray, barred: int, stops: int, limit: int,
            dist: np.ndarray, queue: np.ndarray, tail: int) -> int:
    """Breadth-first steps from the spaces already queued (``queue[:tail]``, with their ``dist``)
    up to ``limit``: never into a space with a ``barred`` bit, nor on from a space with a ``stops``
    bit (other than a source). Returns how many spaces the queue then holds, in order."""
    head = 0
    while head < tail:
        cell = queue[head]
        head += 1
        d = dist[cell]
        if d == limit or (d and code[cell] & stops):
            continue
        for i in range(deg[cell]):
            nxt = nb[cell, i]
            if dist[nxt] < 0 and not code[nxt] & barred:
                dist[nxt] = d + 1
                queue[tail] = nxt
                tail += 1
    return tail


@njit(cache=True)
def _distances(nb: np.ndarray, deg: np.ndarray, sources: np.ndarray, barred: int, code: np.ndarray,
               dist: np.ndarray, queue: np.ndarray) -> None:
    """players.distances: steps from the nearest source not entering spaces with a ``barred``
    bit; unreached spaces get -1."""
    dist[:] = -1
    tail = 0
    for s in sources:
        if dist[s] < 0:
            dist[s] = 0
            queue[tail] = s
            tail += 1
    _spread(nb, deg, code, barred, 0, dist.shape[0], dist, queue, tail)


@njit(cache=True)
def _candidates(nb: np.ndarray, deg: np.ndarray, color: np.ndarray, code: np.ndarray, barred: int,
                stops: int, src: int, steps: int, mdst: np.ndarray, sure: np.ndarray, count: int,
                dist: np.ndarray, queue: np.ndarray) -> int:
    """Appends to ``mdst`` every space a legal path from ``src`` may end on (paths.reach), some
    perhaps not: each stop within ``steps`` steps and each other space of the end colour within
    them. ``sure`` marks the certain ones: the stops (a shortest path stops early on them) and the
    spaces exactly ``steps`` away (a shortest path); ``_path_exists`` decides the others."""
    dist[:] = -1
    dist[src] = 0
    queue[0] = src
    tail = _spread(nb, deg, code, barred, stops, steps, dist, queue, 1)
    parity = color[src] ^ (steps & 1)
    for i in range(1, tail):
        cell = queue[i]
        stop = code[cell] & stops
        if stop or color[cell] == parity:
            mdst[count] = cell
            sure[count] = stop or dist[cell] == steps
            count += 1
    return count


@njit(cache=True)
def _path_exists(nb: np.ndarray, deg: np.ndarray, code: np.ndarray, closed: int, src: int, end: int,
                 steps: int, de: np.ndarray, queue: np.ndarray, pathc: np.ndarray, nbi: np.ndarray) -> bool:
    """Whether a path of exactly ``steps`` steps leads from ``src`` to ``end`` through spaces
    without a ``closed`` bit, entering none twice (nor ``src``).

    A depth-first search for one such path: a step is taken only if the end stays within the steps
    left (``de``: steps to the end through open spaces; on the bipartite board the parity then
    agrees too), and steps away from the end come first (they spend the spare steps). When no path
    exists the search has tried every path the distances allow.
    """
    de[:] = -1
    de[end] = 0
    queue[0] = end
    _spread(nb, deg, code, closed, 0, steps, de, queue, 1)
    best = -1
    for i in range(deg[src]):
        d = de[nb[src, i]]
        if d >= 0 and (best < 0 or d < best):
            best = d
    if best < 0 or best + 1 > steps:
        return False
    de[src] = best + 1
    depth = 0
    pathc[0] = src
    nbi[0] = 0
    code[src] |= PATH
    found = False
    while depth >= 0:
        cell = pathc[depth]
        i = nbi[depth]
        if i >= 2 * deg[cell]:  # first the steps away from the end, then those towards it
            code[cell] &= ~PATH
            depth -= 1
            continue
        nbi[depth] = i + 1
        nxt = nb[cell, i % deg[cell]]
        left = steps - depth - 1
        if nxt == end:
            if left == 0:
                found = True
                break
            continue
        d = de[nxt]
        if d < 0 or d > left or code[nxt] & (closed | PATH) or (i < deg[cell]) != (d > de[cell]):
            continue
        code[nxt] |= PATH
        depth += 1
        pathc[depth] = nxt
        nbi[depth] = 0
    if found:
        for i in range(depth + 1):
            code[pathc[i]] &= ~PATH
    return found


@njit(cache=True)
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


@njit(cache=True)
def _any_legal(nb: np.ndarray, deg: np.ndarray, code: np.ndarray, closed: int, steps: int,
               msrc: np.ndarray, mdst: np.ndarray, sure: np.ndarray, count: int, de: np.ndarray,
               queue: np.ndarray, pathc: np.ndarray, nbi: np.ndarray) -> int:
    """The random player: the index of a legal move drawn uniformly from the candidates, -1 if
    none is legal. A drawn candidate found illegal leaves the draw (swapped to the back), which
    keeps the draw uniform over the legal ones."""
    while count > 0:
        k = np.random.randint(0, count)
        if sure[k] or _path_exists(nb, deg, code, closed, msrc[k], mdst[k], steps, de, queue, pathc, nbi):
            return k
        count -= 1
        msrc[k], mdst[k], sure[k] = msrc[count], mdst[count], sure[count]
    return -1


@njit(cache=True)
def _best_legal(nb: np.ndarray, deg: np.ndarray, code: np.ndarray, closed: int, steps: int,
                msrc: np.ndarray, mdst: np.ndarray, sure: np.ndarray, mval: np.ndarray, count: int,
                de: np.ndarray, queue: np.ndarray, pathc: np.ndarray, nbi: np.ndarray) -> int:
    """The basic player: the index of a highest-valued legal move (ties broken uniformly), -1 if
    none is legal. Only the candidates of the highest value left are checked; illegal ones drop
    out (value -inf)."""
    while True:
        top = -np.inf
        for j in range(count):
            top = max(top, mval[j])
        if top == -np.inf:
            return -1
        legal = 0
        for j in range(count):
            if mval[j] == top:
                if sure[j] or _path_exists(nb, deg, code, closed, msrc[j], mdst[j], steps, de, queue, pathc, nbi):
                    legal += 1
                else:
                    mval[j] = -np.inf
        if legal:
            return _pick_best(mval, count)


@njit(cache=True)
def _place(free: np.ndarray, code: np.ndarray, basic: bool, value: np.ndarray, tmp: np.ndarray) -> int:
    """One set-up placement on a free space of ``free``: uniform (random) or best value (basic)."""
    n = 0
    for c in free:
        if not code[c] & (COLL | OBS | CONT):
            tmp[n] = c
            n += 1
    if not basic:
        return tmp[np.random.randint(0, n)]
    if n == 1:
        return tmp[0]
    vals = np.empty(n, dtype=np.float64)
    for i in range(n):
        vals[i] = value[tmp[i]]
    return tmp[_pick_best(vals, n)]


@njit(cache=True)
def _drop(pos: np.ndarray, count: int, cell: int) -> None:
    """Removes ``cell`` from the first ``count`` entries of ``pos`` (order not kept)."""
    for i in range(count):
        if pos[i] == cell:
            pos[i] = pos[count - 1]
            return


@njit(cache=True)
def _collector_values(nb: np.ndarray, deg: np.ndarray, rows: np.ndarray, cols: np.ndarray,
                      code: np.ndarray, to_sz: np.ndarray, conts: np.ndarray, obs: np.ndarray,
                      faces: int, msrc: np.ndarray, mdst: np.ndarray, mval: np.ndarray, count: int,
                      dist: np.ndarray, queue: np.ndarray) -> None:
    """players._collector_value of every listed move."""
    if conts.shape[0]:
        _distances(nb, deg, conts, 0, code, dist, queue)
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
            for o in obs:
                if abs(rows[o] - rows[d]) + abs(cols[o] - cols[d]) <= faces:
                    threat += 1
            b = dist[d] if conts.shape[0] and dist[d] >= 0 else 0
            mval[j] = -(a + 0.7 * b) - 2.0 * threat


@njit(cache=True)
def _obstructor_values(nb: np.ndarray, deg: np.ndarray, code: np.ndarray, colls: np.ndarray,
                       msrc: np.ndarray, mdst: np.ndarray, mval: np.ndarray, count: int,
                       dist: np.ndarray, queue: np.ndarray) -> None:
    """players._obstructor_value of every listed move."""
    _distances(nb, deg, colls, CONT | SZ, code, dist, queue)
    for j in range(count):
        d = mdst[j]
        prey = dist[d] if dist[d] >= 0 else FAR
        if msrc[j] < 0:
            mval[j] = 1000.0 - prey
        elif code[d] & COLL:
            mval[j] = 1500.0
        else:
            mval[j] = -float(prey)


@njit(cache=True)
def play(nb: np.ndarray, deg: np.ndarray, rows: np.ndarray, cols: np.ndarray, sz: np.ndarray, c_starts: np.ndarray, o_starts: np.ndarray,
         x_spaces: np.ndarray, to_sz: np.ndarray, from_c: np.ndarray, n_coll: int, n_obs: int, cpp: int, faces: int, basic0: bool,
         basic1: bool, games: int, seed: int, record: bool) -> tuple[np.ndarray, np.ndarray]:
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
    dist = np.empty(n, dtype=np.int64)
    de = np.empty(n, dtype=np.int64)
    queue = np.empty(n, dtype=np.int64)
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
    for g in range(games):
        for c in range(n):
            code[c] = SZ if sz[c] else 0
        cnt[:] = 0
        length = 0
        for i in range(2 * cpp):
            side = 0 if i < cpp else 1
            cell = _place(x_spaces, code, basic0 if side == 0 else basic1,
                          neg_route if side == 0 else route, tmp)
            code[cell] |= CONT
            pos[2, cnt[2]] = cell
            cnt[2] += 1
            length += 1
            if record:
                rec = _record(rec, nrec, g, CONTAINER, cell, 0)
                nrec += 1
        for i in range(n_coll):
            cell = _place(c_starts, code, basic0, near_sz, tmp)
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
                cell = _place(o_starts, code, basic1, near_sz, tmp)
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
            count = 0
            for i in range(cnt[side]):
                src = pos[side, i]
                before = count
                count = _candidates(nb, deg, color, code, barred, stops, src, roll, mdst, sure, count, dist, queue)
                for j in range(before, count):
                    msrc[j] = src
            if roll == faces and lost[side] > 0:
                for c in c_starts if side == 0 else o_starts:
                    if not code[c] & (COLL | OBS):
                        msrc[count] = -1
                        mdst[count] = c
                        sure[count] = True
                        count += 1
            length += 1
            closed = barred | stops
            if not (basic0 if side == 0 else basic1):
                k = _any_legal(nb, deg, code, closed, roll, msrc, mdst, sure, count, de, queue, pathc, nbi)
            else:
                if side == 0:
                    _collector_values(nb, deg, rows, cols, code, to_sz, pos[2, :cnt[2]], pos[1, :cnt[1]],
                                      faces, msrc, mdst, mval, count, dist, queue)
                else:
                    _obstructor_values(nb, deg, code, pos[0, :cnt[0]], msrc, mdst, mval, count, dist, queue)
                k = _best_legal(nb, deg, code, closed, roll, msrc, mdst, sure, mval, count, de, queue, pathc, nbi)
            if k < 0:
                if record:
                    rec = _record(rec, nrec, g, PASS, 0, 0)
                    nrec += 1
            else:
                src, dst = msrc[k], mdst[k]
                if src < 0:
                    lost[side] -= 1
                    if record:
                        rec = _record(rec, nrec, g, RETURN, dst, 0)
                        nrec += 1
                else:
                    code[src] &= ~own
                    _drop(pos[side], cnt[side], src)
                    cnt[side] -= 1
                    if record:
                        rec = _record(rec, nrec, g, STEP, src, dst)
                        nrec += 1
                code[dst] |= own
                pos[side, cnt[side]] = dst
                cnt[side] += 1
                if side == 0 and code[dst] & SZ:
                    code[dst] &= ~COLL
                    _drop(pos[0], cnt[0], dst)
                    cnt[0] -= 1
                    survivors += 1
                elif side == 0 and code[dst] & CONT:
                    value = _roll(faces)
                    length += 1
                    if record:
                        rec = _record(rec, nrec, g, ROLL1, value, 0)
                        nrec += 1
                    loot += value
                    code[dst] &= ~CONT
                    _drop(pos[2], cnt[2], dst)
                    cnt[2] -= 1
                elif src >= 0 and code[dst] & enemy:
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
                    _drop(pos[loser], cnt[loser], dst)
                    cnt[loser] -= 1
                    lost[loser] += 1
            if cnt[0] == 0:
                break
            turn += 1
        results[g, LENGTH] = length
        results[g, SURVIVORS] = survivors
        results[g, LOOT] = loot
        results[g, TURNS] = turn + 1
    return results, rec[:nrec]
