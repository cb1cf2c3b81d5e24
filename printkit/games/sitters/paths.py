"""Where a marker may go: paths of exactly the rolled length, or shorter when they stop early.

A path moves one orthogonal step at a time, may turn, never enters a space twice (nor its own
start), never enters a space holding a marker of its own kind; obstructors never enter a
container or a safe-zone space. A path stops early on a space holding an opponent or (for a
collector) a container, and a collector's path stops on reaching a safe-zone space.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import count
from typing import Iterable

from printkit.games.sitters.board import Board

WALK_ALL_UP_TO = 9
"""Rolls of up to this many steps list every path (quickest there); longer rolls, whose paths grow
about 2.6-fold a step, look for one path per candidate end space instead (same result)."""


@dataclass(frozen=True)
class Terrain:
    """What one side's marker meets: its own kind (blocked), stops and forbidden spaces."""

    own: frozenset[int]
    stops: frozenset[int]
    forbidden: frozenset[int]


def reach(board: Board, terrain: Terrain, src: int, steps: int) -> dict[int, tuple[int, ...]]:
    """Every end space of a legal path from ``src`` with ``steps`` steps, with the first such path
    of a depth-first walk trying each space's neighbours in board order."""
    if steps <= WALK_ALL_UP_TO:
        return _walk_all(board, terrain, src, steps)
    found = {}
    for end in _candidates(board, terrain, src, steps):
        path = _first_path(board, terrain, src, end, steps)
        if path is not None:
            found[end] = path
    return found


def _walk_all(board: Board, terrain: Terrain, src: int, steps: int) -> dict[int, tuple[int, ...]]:
    """``reach`` by a depth-first walk through every path; the last step is taken inline (most of
    the paths end there)."""
    found: dict[int, tuple[int, ...]] = {}
    path = [src]
    on_path = {src}
    neighbours, stops = board.neighbours, terrain.stops
    barred = terrain.own | terrain.forbidden

    def walk(cell: int, left: int) -> None:
        for nxt in neighbours[cell]:
            if nxt in barred or nxt in on_path:
                continue
            if left == 1 or nxt in stops:
                if nxt not in found:
                    found[nxt] = (*path, nxt)
            elif left == 2:
                for end in neighbours[nxt]:
                    if end not in barred and end not in on_path and end not in found:
                        found[end] = (*path, nxt, end)
            else:
                path.append(nxt)
                on_path.add(nxt)
                walk(nxt, left - 1)
                path.pop()
                on_path.discard(nxt)

    walk(src, steps)
    return found



def _candidates(board: Board, terrain: Terrain, src: int, steps: int) -> list[int]:
    """The spaces a legal path might end on: the stops within ``steps`` steps (through spaces
    neither barred nor stops) and the other spaces within them of the end colour (the board is
    bipartite: each step changes the colour)."""
    barred = terrain.own | terrain.forbidden
    dist = distances(board, (src,), barred, terrain.stops - {src}, steps)
    colour = (_colour(board, src) + steps) % 2
    return [end for end in dist if end != src and (end in terrain.stops or _colour(board, end) == colour)]


def distances(board: Board, sources: Iterable[int], barred: frozenset[int] = frozenset(),
              stops: frozenset[int] = frozenset(), limit: int | None = None) -> dict[int, int]:
    """Steps from the nearest of ``sources`` to every space reachable (up to ``limit`` steps), never into a barred space
    nor on from a stop."""
    dist = {s: 0 for s in sources}
    frontier = list(dist)
    for d in count(1) if limit is None else range(1, limit + 1):
        if not frontier:
            break
        grown = []
        for cell in frontier:
            if cell not in stops:
                for nxt in board.neighbours[cell]:
                    if nxt not in dist and nxt not in barred:
                        dist[nxt] = d
                        grown.append(nxt)
        frontier = grown
    return dist


def _colour(board: Board, cell: int) -> int:
    return (cell // board.width + cell % board.width) % 2


def _first_path(board: Board, terrain: Terrain, src: int, end: int, steps: int) -> tuple[int, ...] | None:
    """The first legal path from ``src`` to ``end`` of ``_walk_all``'s walk, or None: the same walk,
    skipping every step after which ``end`` is out of reach of the steps left."""
    closed = terrain.own | terrain.forbidden | terrain.stops
    stop = end in terrain.stops
    near = distances(board, (end,), closed, frozenset(), steps - 1)  # steps to the end, open spaces
    path, on_path = [src], {src}

    def walk(cell: int, left: int) -> tuple[int, ...] | None:
        for nxt in board.neighbours[cell]:
            if nxt == end:
                if left == 1 or stop:
                    return (*path, end)
            elif nxt not in on_path and nxt not in closed and near.get(nxt, steps) < left:
                path.append(nxt)
                on_path.add(nxt)
                got = walk(nxt, left - 1)
                path.pop()
                on_path.discard(nxt)
                if got is not None:
                    return got
        return None

    return walk(src, steps)


def path_problem(board: Board, terrain: Terrain, path: list[int], steps: int) -> str | None:
    """Why ``path`` (start included) is not a legal path of ``steps`` steps, or None."""
    names = board.names
    if len(path) - 1 > steps:
        return f"the path has {len(path) - 1} steps, the roll is {steps}"
    for i, (a, b) in enumerate(zip(path, path[1:]), start=1):
        if b not in board.neighbours[a]:
            return f"{names[a]}-{names[b]} is not one orthogonal step"
        if b in path[:i]:
            return f"the path enters {names[b]} twice"
        if b in terrain.own:
            return f"{names[b]} holds a marker of the same kind"
        if b in terrain.forbidden:
            return f"{names[b]} may not be entered"
        if b in terrain.stops and i < len(path) - 1:
            return f"the path must stop on {names[b]}"
    if len(path) - 1 < steps and path[-1] not in terrain.stops:
        return f"the path has {len(path) - 1} steps, the roll is {steps}"
    return None
