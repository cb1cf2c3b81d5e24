"""Where a marker may go (paths.reach), compiled with numba for ``jit.py``.

Spaces are compact indices with a bit code each (``COLL`` ...); ``barred`` and ``stops`` are
the bits that bar or stop the moving side. Instead of every path of the rolled length, the end
spaces come from distances: a stop within the roll is reached by a shortest path, and so is any
other space exactly the roll away; any other space of the end colour within the roll (the board
is bipartite: a path of ``steps`` steps changes colour ``steps`` times) needs one path of exactly
``steps`` steps, which ``_path_exists`` looks for. Distance arrays passed in are -1 everywhere and
are left so.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
from numba import njit

COLL, OBS, CONT, SZ, PATH = 1, 2, 4, 8, 16
"""The bits of a space's code: a collector, an obstructor, a container, a safe-zone space, and
(while ``_path_exists`` runs) a space on the path being searched."""


def compiled(fn: Callable[..., Any]) -> Any:
    """``numba.njit`` (cached) without reference counting, for functions that allocate nothing:
    numba would count references to each array argument of every call (two atomic operations
    apiece), which costs more than the work of these small functions. ``_nrt`` is a private option
    of numba: a numba without it compiles them plainly (slower, same results)."""
    from numba.core import cpu

    return njit(cache=True, _nrt=False)(fn) if hasattr(cpu.CPUTargetOptions, "_nrt") else njit(cache=True)(fn)


@compiled
def spread(nb: np.ndarray, deg: np.ndarray, code: np.ndarray, barred: int, stops: int, limit: int,
           dist: np.ndarray, queue: np.ndarray, head: int, tail: int) -> int:
    """Breadth-first steps from the spaces queued (``queue[head:tail]``, with their ``dist``) up
    to ``limit``: never into a space with a ``barred`` bit, nor on from a space with a ``stops``
    bit (other than a source). Returns how many spaces the queue then holds, in order."""
    while head < tail:
        cell = queue[head]
        head += 1
        d = dist[cell]
        if (d == limit) | ((d > 0) & (code[cell] & stops != 0)):
            continue
        for i in range(deg[cell]):
            nxt = nb[cell, i]
            if dist[nxt] < 0:
                if code[nxt] & barred == 0:
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
        tail = spread(nb, deg, nobody, 0, 0, radius, dist, order[cell], 0, 1)
        for i in range(tail):
            within[cell, dist[order[cell, i]]:] = i + 1
        for i in range(tail):
            dist[order[cell, i]] = -1
    return order, within


YES, NO, MAYBE = 1, 0, -1


@compiled
def _near(nb: np.ndarray, deg: np.ndarray, color: np.ndarray, code: np.ndarray, barred: int, stops: int,
          src: int, end: int, steps: int) -> int:
    """``leads`` without distances: NO for a barred space or one of the wrong colour (not a stop),
    YES or NO for one or two steps, else MAYBE. (Calls nothing: numba keeps it cheap.)"""
    bits = code[end]
    stop = bits & stops != 0
    if (end == src) | (bits & barred != 0) | (~stop & (color[end] != color[src] ^ (steps & 1))):
        return NO
    if steps > 2:
        return MAYBE
    for i in range(deg[src]):  # one step, or two through an open space next to both
        x = nb[src, i]
        if x == end:
            return YES if (steps == 1) | stop else NO
        if (steps == 2) & (code[x] & (barred | stops) == 0):
            for j in range(deg[x]):
                if nb[x, j] == end:
                    return YES
    return NO


@compiled
def candidates(nb: np.ndarray, deg: np.ndarray, color: np.ndarray, code: np.ndarray, barred: int,
               stops: int, src: int, steps: int, mdst: np.ndarray, sure: np.ndarray, count: int,
               dist: np.ndarray, queue: np.ndarray) -> int:
    """Appends to ``mdst`` (from ``count`` on) every end space of a legal path from ``src``, and
    perhaps some others: the stops within ``steps`` steps and the other spaces of the end colour
    within them. ``sure`` marks the certain ones (the stops and the spaces exactly ``steps``
    away, all of them for one or two steps); ``leads`` decides the others. Returns the new count."""
    dist[src] = 0
    queue[0] = src
    tail = spread(nb, deg, code, barred, stops, steps, dist, queue, 0, 1)
    parity = color[src] ^ (steps & 1)
    for i in range(1, tail):
        cell = queue[i]
        stop = code[cell] & stops
        if (stop != 0) | (color[cell] == parity):
            mdst[count] = cell
            sure[count] = (stop != 0) | (dist[cell] == steps)
            count += 1
    for i in range(tail):
        dist[queue[i]] = -1
    return count


@compiled
def _far(nb: np.ndarray, deg: np.ndarray, code: np.ndarray, barred: int, stops: int, src: int, end: int,
         steps: int, de: np.ndarray, queue: np.ndarray, pathc: np.ndarray, nbi: np.ndarray) -> bool:
    """``leads`` for an open space of the end colour or a stop, three steps or more away: the
    steps to the end decide, or failing that a search for a path of exactly ``steps`` steps."""
    closed = barred | stops
    de[end] = 0
    queue[0] = end
    tail = spread(nb, deg, code, closed, 0, steps, de, queue, 0, 1)
    near = -1
    for i in range(deg[src]):
        d = de[nb[src, i]]
        if (d >= 0) & ((near < 0) | (d < near)):
            near = d
    if (near < 0) | (near + 1 > steps):
        found = False
    elif (code[end] & stops != 0) | (near + 1 == steps):
        found = True
    else:
        de[src] = near + 1
        found = _path_exists(nb, deg, code, closed, src, end, steps, de, pathc, nbi)
        de[src] = -1
    for i in range(tail):
        de[queue[i]] = -1
    return found


@compiled
def leads(nb: np.ndarray, deg: np.ndarray, color: np.ndarray, code: np.ndarray, barred: int,
          stops: int, src: int, end: int, steps: int, de: np.ndarray, queue: np.ndarray,
          pathc: np.ndarray, nbi: np.ndarray) -> bool:
    """Whether a legal path of ``steps`` steps from ``src`` ends on ``end`` (paths.reach)."""
    near = _near(nb, deg, color, code, barred, stops, src, end, steps)
    if near != MAYBE:
        return near == YES
    return _far(nb, deg, code, barred, stops, src, end, steps, de, queue, pathc, nbi)


@compiled
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
        if (d < 0) | (d > left) | (code[nxt] & (closed | PATH) != 0) | ((i < deg[cell]) != (d > de[cell])):
            continue
        code[nxt] |= PATH
        depth += 1
        pathc[depth] = nxt
        nbi[depth] = 0
    if found:
        for i in range(depth + 1):
            code[pathc[i]] &= ~PATH
    return found


@compiled
def draw(nb: np.ndarray, deg: np.ndarray, color: np.ndarray, order: np.ndarray, within: np.ndarray,
         code: np.ndarray, barred: int, stops: int, steps: int, srcs: np.ndarray, row: int, count: int,
         returns: np.ndarray, nret: int, tries: int, de: np.ndarray, queue: np.ndarray, pathc: np.ndarray,
         nbi: np.ndarray) -> tuple[int, int]:
    """A uniformly random legal move of the markers on ``srcs[row, :count]``, by rejection: a pair
    (marker, space within ``steps`` board steps of it) or a return to ``returns[:nret]`` (marker
    -1) drawn uniformly and kept if legal. Every legal move is one such pair, so a kept draw is
    uniform over them. (-2, -2) after ``tries`` rejections."""
    total = nret
    for i in range(count):
        total += within[srcs[row, i], steps] - 1
    for _ in range(tries if total > 0 else 0):
        k = np.random.randint(0, total)
        i = 0
        while i < count:
            size = within[srcs[row, i], steps] - 1
            if k < size:
                break
            k -= size
            i += 1
        if i == count:
            return -1, returns[k]
        src = srcs[row, i]
        end = order[src, k + 1]
        near = _near(nb, deg, color, code, barred, stops, src, end, steps)
        if near == YES:
            return src, end
        if near == MAYBE:
            if _far(nb, deg, code, barred, stops, src, end, steps, de, queue, pathc, nbi):
                return src, end
    return -2, -2
