"""SiTTeRS: pieces of the compiled kernel against the reference: the end spaces (jit_paths) are
exactly paths.reach's on random positions, the basic obstructors' best moves those of players."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest

from printkit.games.sitters import jit_paths, jit_players
from printkit.games.sitters.kernel import _arrays, run
from printkit.games.sitters.paths import reach
from printkit.games.sitters.rules import COLLECTORS, MOVE, OBSTRUCTORS, State, distances
from printkit.games.sitters.rules import obstructor_value as _obstructor_value
from tests.games.sitters_helpers import OPEN_MAP, Params, SittersRules, positions

pytestmark = pytest.mark.usefixtures("kernel_unwatched")


def encoded(rules: SittersRules, state: State) -> tuple[tuple[int, ...], dict[str, Any], np.ndarray, np.ndarray,
                                                       np.ndarray]:
    """The kernel's view of a position: engine cells, board arrays, space codes and the pieces
    (rows: collectors, obstructors, containers) with their counts."""
    cells, a = _arrays(rules.params)
    index = {cell: i for i, cell in enumerate(cells)}
    code = np.array([jit_paths.SZ if c in rules.safe_zone else 0 for c in cells], dtype=np.int64)
    pos, cnt = np.zeros((3, len(cells)), dtype=np.int64), np.zeros(3, dtype=np.int64)
    for row, (bit, pieces) in enumerate(((jit_paths.COLL, state.collectors), (jit_paths.OBS, state.obstructors),
                                         (jit_paths.CONT, state.containers))):
        for c in pieces:
            code[index[c]] |= bit
            pos[row, cnt[row]] = index[c]
            cnt[row] += 1
    return cells, a, code, pos, cnt


def compiled_ends(rules: SittersRules, state: State, src: int, steps: int) -> tuple[set[int], set[int], Counter[str]]:
    """The end spaces by jit_paths.candidates (unsure ones decided by leads) and by leads alone,
    and how many candidates were sure, unsure and kept, unsure and dropped."""
    cells, a, code, _, _ = encoded(rules, state)
    index = {cell: i for i, cell in enumerate(cells)}
    n = len(cells)
    side = state.mover
    barred = jit_paths.COLL if side == COLLECTORS else jit_paths.OBS | jit_paths.CONT | jit_paths.SZ
    stops = jit_paths.OBS | jit_paths.CONT | jit_paths.SZ if side == COLLECTORS else jit_paths.COLL
    color = (a["rows"] + a["cols"]) % 2
    dist, de = np.full(n, -1, dtype=np.int64), np.full(n, -1, dtype=np.int64)
    queue, pathc, nbi = (np.empty(n + 1, dtype=np.int64) for _ in range(3))
    mdst, sure = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.bool_)
    me = index[src]

    def leads(end: int) -> bool:
        return bool(jit_paths.leads(a["nb"], a["deg"], color, code, barred, stops, me, end, steps, de, queue, pathc,
                                    nbi))

    count = jit_paths.candidates(a["nb"], a["deg"], color, code, barred, stops, me, steps, mdst, sure, 0, dist, queue)
    kinds = Counter("sure" if certain else "kept" if leads(e) else "dropped"
                    for e, certain in zip(mdst[:count], sure[:count]))
    listed = {cells[e] for e, certain in zip(mdst[:count], sure[:count]) if certain or leads(e)}
    assert (dist == -1).all() and (de == -1).all() and not (code & jit_paths.PATH).any()
    return listed, {cells[e] for e in range(n) if leads(e)}, kinds


@pytest.mark.parametrize("params,seed,count,sparse", [
    (Params(die_sides=20), 1, 40, 0.3),
    (Params(map=OPEN_MAP, collectors=2, obstructors=2, containers_per_player=1, die_sides=20), 2, 60, 0.1),
], ids=["default-map", "open-map"])
def test_compiled_end_spaces_are_the_reference_ones_for_every_roll(params: Params, seed: int, count: int,
                                                                   sparse: float) -> None:
    rules = SittersRules(params)
    kinds: Counter[str] = Counter()
    for state in positions(rules, seed, count, sparse):
        mover = state.mover
        for src in state.markers(mover)[:2]:
            terrain = rules.terrain(state, mover)
            for steps in range(1, params.die_sides + 1):
                expected = set(reach(rules.board, terrain, src, steps))
                listed, decided, seen = compiled_ends(rules, state, src, steps)
                assert listed == expected == decided, (state, src, steps)
                kinds += seen
    assert min(kinds["sure"], kinds["kept"], kinds["dropped"]) > 20, kinds


def best_obstructor_moves(rules: SittersRules, state: State) -> set[tuple[int, int]] | None:
    """The moves jit_players.chase finds best for the obstructors, as (marker, space) engine cells
    (marker -1: a return), None when it leaves the choice to every value."""
    cells, a, code, pos, cnt = encoded(rules, state)
    n = len(cells)
    returns = np.array([cells.index(c) for c in rules._returns(state)], dtype=np.int64)
    color = (a["rows"] + a["cols"]) % 2
    bits = np.zeros((4, a["bitof"].max() // 64 + 1), dtype=np.uint64)
    near, queue, pathc, nbi = (np.empty(n + 1, dtype=np.int64) for _ in range(4))
    de, msrc, mdst = np.full(n, -1, dtype=np.int64), np.empty(64 * n, dtype=np.int64), np.empty(64 * n, dtype=np.int64)
    found = jit_players.chase(a["nb"], a["deg"], color, a["rows"], a["cols"], a["order"], a["within"], a["bitof"], a["stride"],
                       code, state.roll, pos, cnt, returns, len(returns), bits, near, de, queue, pathc, nbi, msrc, mdst)
    assert (de == -1).all() and not (code & (jit_paths.PATH | jit_players.NEAR)).any()
    return {(cells[s] if s >= 0 else -1, cells[d]) for s, d in zip(msrc[:found], mdst[:found])} if found else None


@pytest.mark.parametrize("params", [Params(die_sides=2, collectors=7), Params(die_sides=6), Params(die_sides=12)],
                         ids=["d2-7-collectors", "d6", "d12"])
def test_compiled_obstructors_find_the_reference_best_moves(params: Params) -> None:
    """On the default map every distance is under FAR: the search decides whenever a move exists."""
    rules = SittersRules(params)
    seen = 0
    for game in run(params, ("random", "basic"), 20, seed=2, record=True)[1] or []:
        state = rules.initial_state()
        for move in game[:400]:
            if state.phase == MOVE and state.mover == OBSTRUCTORS:
                legal = [m for m in rules.legal_moves(state) if m.kind != "pass"]
                prey = distances(rules.board, state.collectors, frozenset(state.containers) | rules.safe_zone)
                value = {m: _obstructor_value(state, m, prey) for m in legal}
                best = {(m.src, m.dst) for m in legal if value[m] == max(value.values())}
                assert best_obstructor_moves(rules, state) == (best or None), state
                seen += bool(best)
            state = rules.apply(state, move)
    assert seen > 100
