"""Tic Tac Two: the bitboard kernel (fast.py) cross-checked against the reference engine and players."""

from __future__ import annotations

import random

import numpy as np
import pytest

from printkit.games import get_game, params_class
from printkit.games.tictactwo import jit
from printkit.games.tictactwo import rules as ops
from printkit.games.tictactwo import rules as turns
from printkit.games.tictactwo.fast import engine_action, kernel, run
from printkit.games.tictactwo.packed import pack, split
from printkit.games.tictactwo.params import ACTIONS
from printkit.games.tictactwo.rules import DIBS_O, DIBS_X, INTERSECT, PLAY, VOID, O, X, threats
from printkit.rules.playouts import play_games
from printkit.rules.simulate import Tally, simulate
from tests.games.kernel_agreement import replayed

pytestmark = pytest.mark.usefixtures("kernel_unwatched")

SPEC = get_game("tictactwo")
Params = params_class("tictactwo")


def TicTacTwo(params: object = None):  # type: ignore[no-untyped-def]  # noqa: N802
    """The rules engine for ``params`` (default: the defaults)."""
    return SPEC.rules(params if params is not None else Params())


observe, PLAYERS = SPEC.observe, SPEC.players
random_player = PLAYERS["random"]

DEFAULT = Params()
VOIDS = Params(void=True)
META = Params(meta=True, void=True, actions_each=4)
SMALL = Params(board_size=3, line_length=3)
WIDE = Params(board_size=5, line_length=4, actions_each=2)
SIX = Params(board_size=6, line_length=3, meta=True, actions_each=6)
NONE = Params(actions_each=0, void=True)
FIVE = Params(board_size=5, line_length=3, meta=True, void=True, actions_each=6)

# (params, pair, games): the reference engine is slow for greedy, hence few of its games
SAME_GAMES = [
    (DEFAULT, ("random", "random"), 40), (DEFAULT, ("uniform", "uniform"), 5), (DEFAULT, ("greedy", "greedy"), 3),
    (DEFAULT, ("greedy", "random"), 3), (DEFAULT, ("uniform", "greedy"), 2),
    (VOIDS, ("random", "greedy"), 2), (META, ("greedy", "uniform"), 2), (META, ("random", "random"), 20),
    (SMALL, ("greedy", "greedy"), 8), (SMALL, ("uniform", "random"), 10),
    (WIDE, ("uniform", "uniform"), 2), (WIDE, ("random", "random"), 10), (SIX, ("random", "random"), 4),
    (Params(board_size=4, line_length=3, meta=True, actions_each=4), ("greedy", "greedy"), 3),
    (NONE, ("greedy", "uniform"), 4),
    (FIVE, ("uniform", "greedy"), 2), (FIVE, ("greedy", "greedy"), 2),
    (Params(board_size=7, line_length=3, meta=True, void=True, actions_each=5), ("uniform", "greedy"), 1),
    (Params(board_size=8, line_length=8), ("random", "random"), 3),
]


def reference(params: Params, pair: tuple[str, str], games: int, seed: int) -> Tally:
    policies = (PLAYERS[pair[0]], PLAYERS[pair[1]])
    return simulate(TicTacTwo(params), policies, games, seed, observe=observe)


def content(tally: Tally) -> tuple[object, ...]:
    return tally.results, tally.lengths, tally.reasons, tally.extra


@pytest.mark.parametrize(("params", "pair", "games"), SAME_GAMES)
def test_kernel_plays_the_reference_games(params: Params, pair: tuple[str, str], games: int) -> None:
    """Same draws in the same order: the same seed gives the reference engine's very games."""
    fast = kernel(params, pair, games, 5)
    assert fast is not None
    assert content(fast) == content(reference(params, pair, games, 5))


@pytest.mark.parametrize("params", [DEFAULT, VOIDS, META, SMALL, WIDE, SIX, NONE])
def test_kernel_games_replay_through_the_rules(params: Params) -> None:
    """Every recorded move is legal for the reference rules, which end each game the same way."""
    rules = TicTacTwo(params)
    for pair in (("random", "uniform"), ("greedy", "greedy"), ("uniform", "greedy")):
        games = 20 if params is not SIX else 4
        tally, recorded = run(params, pair, games, 3, record=True)
        assert recorded is not None and len(recorded) == games
        again = replayed(rules, recorded)
        assert again.results == tally.results and again.lengths == tally.lengths and again.reasons == tally.reasons


def _rates_agree(a: Tally, b: Tally, z: float = 3.29) -> None:
    """Two-proportion z-test per result (two-sided 0.1% level), and mean lengths within 0.6 turns."""
    na, nb = a.games, b.games
    for key in ("first", "second", "draw"):
        pa, pb = a.results[key] / na, b.results[key] / nb
        pooled = (a.results[key] + b.results[key]) / (na + nb)
        se = (pooled * (1 - pooled) * (1 / na + 1 / nb)) ** 0.5
        assert abs(pa - pb) <= z * se + 1e-9, (key, pa, pb)
    assert abs(sum(a.lengths) / na - sum(b.lengths) / nb) < 0.6


@pytest.mark.parametrize(("params", "pair", "games", "reference_games"), [
    (DEFAULT, ("random", "random"), 2000, 200),
    (SMALL, ("uniform", "uniform"), 2000, 100),
    (SMALL, ("greedy", "greedy"), 1500, 80),
    (Params(actions_each=1), ("greedy", "greedy"), 1500, 30),
])
def test_kernel_rates_match_the_reference_engine(
    params: Params, pair: tuple[str, str], games: int, reference_games: int
) -> None:
    """Other seeds, many more kernel games: the rates agree with the reference engine's."""
    fast = kernel(params, pair, games, 17)
    assert fast is not None
    _rates_agree(fast, reference(params, pair, reference_games, 23))


def test_simulate_plays_through_the_kernel() -> None:
    assert content(SPEC.kernel(DEFAULT, ("random", "uniform"), 20, 3)) == content(kernel(DEFAULT, ("random", "uniform"), 20, 3))  # type: ignore[misc]
    assert kernel(DEFAULT, ("random", "nobody"), 1, 0) is None
    tally = play_games(SPEC, DEFAULT, ("greedy", "uniform"), 30, 4)
    assert content(tally) == content(kernel(DEFAULT, ("greedy", "uniform"), 30, 4))  # type: ignore[arg-type]
    assert tally.games == 30 and sum(tally.reasons.values()) == 30


def ones(mask: int) -> list[int]:
    """The set bits of ``mask``, ascending."""
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def bits_of(cells: list[int] | tuple[int, ...], walls: list[int] | tuple[int, ...]) -> np.ndarray:
    """A reference position as a kernel board (packed.py's 12 words)."""
    layers = [sum(1 << c for c, v in enumerate(cells) if v & bit) for bit in (X, O, INTERSECT, VOID, DIBS_X, DIBS_O)]
    walled = [split(sum(1 << s for s, owner in enumerate(walls) if owner == p)) for p in (0, 1)]
    return np.array([*layers, *walled[0], *walled[1]], dtype=np.uint64)


def end_code(after: turns.Work) -> int:
    """A reference step's end as the compiled steps' code."""
    return jit.NONE if after.reason is None else jit.BOTH if after.winner is None else after.winner


@pytest.mark.parametrize("params", [DEFAULT, META, WIDE, SIX])
def test_board_operations_match_the_reference(params: Params) -> None:
    """In positions of random games: every compiled action's options and result, topples, letters, threats."""
    rules, rng = TicTacTwo(params), random.Random(8)
    geo, packed = rules.geo, pack(params.board_size, params.line_length)
    lines, dirs, line_at, through, swaps, shifts, slots, info, spaces = packed
    checked = 0
    for _ in range(3):
        state = rules.initial_state()
        while rules.outcome(state) is None:
            if state.phase == PLAY and state.turns[state.to_move]:
                p, q = state.to_move, 1 - state.to_move
                work, board = turns.Work(geo, state), bits_of(state.cells, state.walls)
                assert ones(int(jit.writable(board, p, spaces[0]))) == ops.open_cells(state.cells, p)
                for a, name in enumerate(ACTIONS):
                    options = turns.action_options(geo, work, name)
                    mine = [int(arg) for arg in jit.options(board, p, a, spaces[0], int(info[2]), swaps, len(shifts))]
                    assert [engine_action(packed, a, arg) for arg in mine] == options
                    for arg, action in list(zip(mine, options))[::3]:
                        after, done = work.copy(), board.copy()
                        after.hand.append(name)  # any action, held or not
                        turns.do_action(geo, after, action)
                        end = jit.acted(done, p, a, arg, lines, dirs, line_at, through, swaps, shifts, params.line_length)
                        assert list(done) == list(bits_of(after.cells, after.walls))
                        assert end == (end_code(after) if a < 3 else jit.NONE)
                        if a < 3:
                            assert jit.check(done, lines, dirs, line_at, params.line_length) == end_code(after)
                        checked += 1
                listed = [tuple(row) for row in jit.topples(board, p, slots)]
                assert listed == turns.topple_options(geo, work)
                assert jit.draws(board, p, False, spaces[0], slots) == (len(listed), jit.writable(board, p, spaces[0]))
                for slot, cell in listed:
                    after, done = work.copy(), board.copy()
                    turns.do_topple(after, slot, cell)
                    jit.topple(done, slot, cell)
                    assert list(done) == list(bits_of(after.cells, after.walls))
                for cell in ops.open_cells(state.cells, p):
                    after, done = work.copy(), board.copy()
                    turns.do_place(after, cell)
                    code, open_ = jit.letter(done, p, cell, lines, through, spaces[0])
                    assert list(done) == list(bits_of(after.cells, after.walls)) and code == end_code(after)
                    assert ones(int(open_)) == ops.open_cells(after.cells, q)
                for reach in (1, 2):
                    assert jit.threatened(board, q, reach, packed) == bool(threats(rules, state.cells, state.walls, q, reach))
                    safe = [c for c in ops.open_cells(state.cells, p)
                            if not threats(rules, _written(state.cells, c, p), state.walls, q, reach)]
                    if not jit.win_cells(board, p, packed):
                        assert ones(int(jit.safe_cells(board, p, reach, packed))) == safe
                wins = [c for c in ops.open_cells(state.cells, p)
                        if ops.lines_made(geo, _written(state.cells, c, p), state.walls)[p]]
                assert ones(int(jit.win_cells(board, p, packed))) == wins
            state = rules.apply(state, random_player(rules, state, rng))
    assert checked > 100


def _written(cells: tuple[int, ...], cell: int, p: int) -> list[int]:
    out = list(cells)
    ops.write(out, cell, p)
    return out


EIGHT = Params(board_size=8, line_length=3, meta=True, actions_each=6, void=True)


@pytest.mark.parametrize(("params", "every", "greedy"), [
    (DEFAULT, 1, True), (META, 1, True), (SIX, 3, True), (EIGHT, 4, False), (Params(board_size=8, line_length=8), 6, False),
])
def test_compiled_counts_match_the_rules(params: Params, every: int, greedy: bool) -> None:
    """jit.py in positions of random games up to 8 x 8 (walls in three words): its options, steps and ends are the
    reference's, the uniform player's groups add up to the legal turns, and so do the prefixes' letters; with
    ``greedy``, the prefixes' safe and winning letters add up to the turns the reference greedy player counts."""
    rules, rng = TicTacTwo(params), random.Random(4)
    packed, checked = pack(params.board_size, params.line_length), 0
    state = rules.initial_state()
    while rules.outcome(state) is None:
        checked += 1
        if state.phase == PLAY and state.turns[state.to_move] and not checked % every:
            p, q = state.to_move, 1 - state.to_move
            packed_board = bits_of(state.cells, state.walls)
            work = turns.Work(rules.geo, state)
            names = np.array([ACTIONS.index(a) for a in turns.action_names(state)], dtype=np.int64)
            for a in map(int, names):
                mine = jit.options(packed_board, p, a, packed[8][0], packed[7][2], packed[4], len(packed[5]))
                options = turns.action_options(rules.geo, work, ACTIONS[a])
                assert [engine_action(packed, a, int(arg)) for arg in mine] == options
                for arg, action in list(zip(map(int, mine), options))[::5]:
                    after, again = work.copy(), packed_board.copy()
                    after.hand.append(ACTIONS[a])
                    turns.do_action(rules.geo, after, action)
                    jit.act(again, p, a, arg, packed[4], packed[5])
                    assert list(again) == list(bits_of(after.cells, after.walls))
                    assert jit.check(again, *packed[:3], params.line_length) == end_code(after)
            assert [tuple(row) for row in jit.topples(packed_board, p, packed[6])] == turns.topple_options(rules.geo, work)
            wins = [c for c in ops.open_cells(state.cells, p) if ops.lines_made(rules.geo, _written(state.cells, c, p), state.walls)[p]]
            assert ones(int(jit.win_cells(packed_board, p, packed))) == wins
            short = min(sum(1 for c in line.cells if not state.cells[c] & (X, O)[p]) for line in rules.geo.lines)
            assert jit.missing(packed_board[p], packed[1], params.line_length) == min(short, 3)
            for reach in (1, 2):
                assert jit.threatened(packed_board, q, reach, packed) == bool(threats(rules, state.cells, state.walls, q, reach))
            expanded = list(turns.expand(rules.geo, state))
            assert jit.uniform_groups(packed_board, p, False, names, packed)[-1, 2] == len(expanded)
            reach = 1 + checked % 2
            if not wins:
                safe_cells = [c for c in ops.open_cells(state.cells, p)
                              if not threats(rules, _written(state.cells, c, p), state.walls, q, reach)]
                assert ones(int(jit.safe_cells(packed_board, p, reach, packed))) == safe_cells
            rows = jit.prefixes(packed_board, p, False, names, reach, 2, 0, packed)
            assert np.where(rows[:, 4] >= 0, 1, rows[:, 7]).sum() == len(expanded)
            if greedy:
                wins = jit.prefixes(packed_board, p, False, names, jit.WINS, 2, 0, packed)[:, 6].sum()
                assert wins == sum(w.reason is not None and w.winner == p for _, w in expanded)
                if not wins:
                    safe = sum(w.reason is None and not threats(rules, w.cells, w.walls, q, reach) for _, w in expanded)
                    assert rows[:, 6].sum() == safe
        state = rules.apply(state, random_player(rules, state, rng))
    assert checked > 10
