"""Where a marker may go (paths.reach), compiled with numba for ``jit.py``.

Spaces are compact indices with a bit code each (``jit.COLL`` ...); ``barred`` and ``stops`` are
the bits that bar or stop the moving side. Instead of every path of the rolled length, the end
spaces come from distances: a stop within the roll is reached by a shortest path, and so is any
other space exactly the roll away; any other space of the end colour within the roll (the board
is bipartite: a path of ``steps`` steps changes colour ``steps`` times) needs one path of exactly
``steps`` steps, which ``_path_exists`` looks for. Distance arrays passed in are -1 everywhere and
are left so.
"""

from __future__ import annotations

import numpy as np
from numba import njit

PATH = 16
"""The code bit of a space on the path being searched (above the bits of ``jit``)."""


@njit(cache=True)
def spread(nb: np.ndarray, deg: np.ndarray, code: np.ndarray, barred: int, stops: int, limit: int,
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
def balls(nb: np.ndarray, deg: np.ndarray, radius: int) -> tuple[np.ndarray, np.ndarray]:
    """Every space's spaces by board distance (``order[cell]``, the space itself first) and how
    many lie within each radius up to ``radius`` (``within[cell, r]``)."""
    n = deg.shape[0]
    order = np.empty((n, min(n, 2 * radius * (radius + 1) + 1)), dtype=np.int64)  # a grid ball's size
    within = np.zeros((n, radius + 1), dtype=np.int64)
    dist = np.full(n, -1, dtype=np.int64)
    nobody = np.zeros(n, dtype=np.int64)
    for cell in range(n):
        dist[cell] = 0
        order[cell, 0] = cell
        tail = spread(nb, deg, nobody, 0, 0, radius, dist, order[cell], 1)
        for i in range(tail):
            within[cell, dist[order[cell, i]]:] = i + 1
        for i in range(tail):
            dist[order[cell, i]] = -1
    return order, within


@njit(cache=True)
def candidates(nb: np.ndarray, deg: np.ndarray, color: np.ndarray, code: np.ndarray, barred: int,
               stops: int, src: int, steps: int, mdst: np.ndarray, sure: np.ndarray, count: int,
               dist: np.ndarray, queue: np.ndarray) -> int:
    """Appends to ``mdst`` (from ``count`` on) every end space of a legal path from ``src``, and
    perhaps some others: the stops within ``steps`` steps and the other spaces of the end colour
    within them. ``sure`` marks the certain ones (the stops and the spaces exactly ``steps``
    away); ``leads`` decides the others. Returns the new count."""
    dist[src] = 0
    queue[0] = src
    tail = spread(nb, deg, code, barred, stops, steps, dist, queue, 1)
    parity = color[src] ^ (steps & 1)
    for i in range(1, tail):
        cell = queue[i]
        stop = code[cell] & stops
        if stop or color[cell] == parity:
            mdst[count] = cell
            sure[count] = stop or dist[cell] == steps
            count += 1
    for i in range(tail):
        dist[queue[i]] = -1
    return count


@njit(cache=True)
def leads(nb: np.ndarray, deg: np.ndarray, color: np.ndarray, code: np.ndarray, barred: int,
          stops: int, src: int, end: int, steps: int, de: np.ndarray, queue: np.ndarray,
          pathc: np.ndarray, nbi: np.ndarray) -> bool:
    """Whether a legal path of ``steps`` steps from ``src`` ends on ``end`` (paths.reach)."""
    bits = code[end]
    if end == src or bits & barred:
        return False
    stop = bits & stops
    if not stop and color[end] != color[src] ^ (steps & 1):
        return False
    closed = barred | stops
    de[end] = 0
    queue[0] = end
    tail = spread(nb, deg, code, closed, 0, steps, de, queue, 1)
    near = -1
    for i in range(deg[src]):
        d = de[nb[src, i]]
        if d >= 0 and (near < 0 or d < near):
            near = d
    if near < 0 or near + 1 > steps:
        found = False
    elif stop or near + 1 == steps:
        found = True
    else:
        de[src] = near + 1
        found = _path_exists(nb, deg, code, closed, src, end, steps, de, pathc, nbi)
        de[src] = -1
    for i in range(tail):
        de[queue[i]] = -1
    return found


@njit(cache=True)
def _path_exists(nb: np.ndarray, deg: np.ndarray, code: np.ndarray, closed: int, src: int, end: int,
                 steps: int, de: np.ndarray, pathc: np.ndarray, nbi: np.ndarray) -> bool:
    """Whether a path of exactly ``steps`` steps leads from ``src`` to ``end`` through spaces
    without a ``closed`` bit, entering none twice (nor ``src``); ``de`` holds the steps to the end.

    A depth-first search for one such path: a step is taken only if the end stays within the steps
    left (on the bipartite board the parity then agrees too), and steps away from the end come
    first (they spend the spare steps). When there is no such path, every path the distances
    allow has been tried.
    """
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
def draw(nb: np.ndarray, deg: np.ndarray, color: np.ndarray, order: np.ndarray, within: np.ndarray,
         code: np.ndarray, barred: int, stops: int, steps: int, srcs: np.ndarray, returns: np.ndarray,
         tries: int, de: np.ndarray, queue: np.ndarray, pathc: np.ndarray, nbi: np.ndarray
         ) -> tuple[int, int]:
    """A uniformly random legal move, by rejection: a pair (marker, space within ``steps`` board
    steps of it) or a return (marker -1) drawn uniformly and kept if legal. Every legal move is
    one such pair, so a kept draw is uniform over them. (-2, -2) after ``tries`` rejections."""
    total = returns.shape[0]
    for src in srcs:
        total += within[src, steps] - 1
    for _ in range(tries if total else 0):
        k = np.random.randint(0, total)
        for src in srcs:
            size = within[src, steps] - 1
            if k < size:
                end = order[src, k + 1]
                if leads(nb, deg, color, code, barred, stops, src, end, steps, de, queue, pathc, nbi):
                    return src, end
                break
            k -= size
        else:
            return -1, returns[k]
    return -2, -2
