"""Where a marker may go: paths of exactly the rolled length, or shorter when they stop early.

A path moves one orthogonal step at a time, may turn, never enters a space twice (nor its own
start), never enters a space holding a marker of its own kind; obstructors never enter a
container or a safe-zone space. A path stops early on a space holding an opponent or (for a
collector) a container, and a collector's path stops on reaching a safe-zone space.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.games.sitters.board import Board


@dataclass(frozen=True)
class Terrain:
    """What one side's marker meets: its own kind (blocked), stops and forbidden spaces."""

    own: frozenset[int]
    stops: frozenset[int]
    forbidden: frozenset[int]


def reach(board: Board, terrain: Terrain, src: int, steps: int) -> dict[int, tuple[int, ...]]:
    """Every end space of a legal path from ``src`` with ``steps`` steps, with one such path.

    A depth-first walk; the last step is taken inline (most of the paths end there).
    """
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
