"""SiTTeRS: paths.reach against the rule as written (every path walked), on random positions."""

from __future__ import annotations

import pytest

from printkit.games.sitters.board import Board
from printkit.games.sitters.paths import WALK_ALL_UP_TO, Terrain, reach
from tests.games.sitters_helpers import OPEN_MAP, Params, SittersRules, positions


def plain_reach(board: Board, terrain: Terrain, src: int, steps: int) -> dict[int, tuple[int, ...]]:
    """Every legal path walked depth first (neighbours in board order): each end space with the
    first path that ends there. A path never enters its own kind, a forbidden space or itself;
    it ends after ``steps`` steps or on a stop."""
    found: dict[int, tuple[int, ...]] = {}

    def walk(path: tuple[int, ...]) -> None:
        for nxt in board.neighbours[path[-1]]:
            if nxt in path or nxt in terrain.own or nxt in terrain.forbidden:
                continue
            if len(path) == steps or nxt in terrain.stops:
                found.setdefault(nxt, (*path, nxt))
            else:
                walk((*path, nxt))

    walk((src,))
    return found


@pytest.mark.parametrize("params,seed,count,sparse", [
    (Params(die_sides=20), 3, 30, 0.3),
    (Params(map=OPEN_MAP, collectors=2, obstructors=2, containers_per_player=1, die_sides=20), 4, 40, 0.1),
], ids=["default-map", "open-map"])
def test_reach_gives_the_first_path_to_every_end_space_of_the_rule(params: Params, seed: int, count: int,
                                                                      sparse: float) -> None:
    rules = SittersRules(params)
    searched = 0
    for state in positions(rules, seed, count, sparse):
        terrain = rules.terrain(state, state.mover)
        for src in state.markers(state.mover)[:2]:
            for steps in range(1, params.die_sides + 1):
                expected = plain_reach(rules.board, terrain, src, steps)
                assert reach(rules.board, terrain, src, steps) == expected, (state, src, steps)
                searched += steps > WALK_ALL_UP_TO and bool(expected)
    assert searched > count
