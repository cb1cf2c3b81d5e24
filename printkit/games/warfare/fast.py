"""A fast random-vs-random kernel: numpy, many games at once, one turn of every game per step.

It plays exactly the policy of ``players.random_policy`` (described in ``turns.py``), with
numpy's generator instead of ``random.Random``: same distribution, different random stream.
Boards are ``(games, cells)`` arrays; lines are a ``(cells, lines)`` incidence matrix, so
"which cells win" and "is there a line" are matrix products. Finished games are dropped
after every step. ``record=True`` also returns every game's moves as engine moves, which the
tests replay through :class:`WarfareRules`. Game lengths count the chance move, like
``printkit.rules.simulate``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import partial
from typing import Callable

import numpy as np

from printkit.games.warfare.bits import BitBatch, BitKernel, pick_ability
from printkit.games.warfare.bits import step as bit_step
from printkit.games.warfare.board import DIRECTIONS, geometry
from printkit.games.warfare.engine import ABILITIES, First, Move, Turn
from printkit.games.warfare.params import Params
from printkit.rules.simulate import Tally

BATCH = 16384
BOMB, SHIELD, CONVERT, FORTRESS = range(4)


@dataclass
class Batch:
    """The live games of one batch (rows are games)."""

    own: np.ndarray  # int8 (G, C): 0 empty, 1 X, 2 O
    fort: np.ndarray  # bool (G, C)
    shield: np.ndarray  # int16 (G, 2): shielded cell per player or -1
    cards: np.ndarray  # int8 (G, 2, 4)
    mover: np.ndarray  # int8 (G,)
    first: np.ndarray  # int8 (G,)
    gid: np.ndarray  # int64 (G,): index of the game in the run

    def keep(self, rows: np.ndarray) -> None:
        for name in ("own", "fort", "shield", "cards", "mover", "first", "gid"):
            setattr(self, name, getattr(self, name)[rows])


@dataclass
class Kernel:
    """Precomputed geometry for one parameter set."""

    params: Params
    cross: np.ndarray = field(init=False)  # bool (C, C)

    def __post_init__(self) -> None:
        geo = geometry(self.params.board_size, self.params.line_length)
        self.cells = geo.cells
        self.cross = np.zeros((geo.cells, geo.cells), dtype=bool)
        for i, cross in enumerate(geo.crosses):
            self.cross[i, list(cross)] = True
        self.fv = self.params.fortress_victory
        self.no_abilities = not any(self.params.abilities.count(a) for a in ABILITIES)
        self.windows = _windows(self)


def _pick(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """For each row a uniformly chosen True column (rows without one give garbage)."""
    count = mask.sum(axis=1)
    r = (rng.random(len(mask)) * count).astype(np.int64)
    cs = np.cumsum(mask, axis=1, dtype=np.int16)
    return (cs <= r[:, None]).sum(axis=1)


def _windows(k: Kernel) -> list[tuple[slice, ...]]:
    """Per direction and cell of a line: the board slice holding that cell of every line start."""
    n, length, out = k.params.board_size, k.params.line_length, []
    for dr, dc in DIRECTIONS:
        rows = n - dr * (length - 1)
        c0, c1 = (length - 1, n) if dc < 0 else (0, n - dc * (length - 1))
        out.append(tuple((slice(dr * i, dr * i + rows), slice(c0 + dc * i, c1 + dc * i)) for i in range(length)))
    return out


def _counts(k: Kernel, cells: np.ndarray) -> list[np.ndarray]:
    """Per direction: the number of ``cells`` in the line starting at each start (window sums)."""
    grid = cells.reshape(len(cells), k.params.board_size, k.params.board_size).view(np.int8)
    out = []
    for parts in k.windows:
        total = grid[:, parts[0][0], parts[0][1]].copy()
        for r, c in parts[1:]:
            total += grid[:, r, c]
        out.append(total)
    return out


def _has_line(k: Kernel, mine: np.ndarray) -> np.ndarray:
    found = np.zeros(len(mine), dtype=bool)
    for total in _counts(k, mine):
        found |= (total == k.params.line_length).reshape(len(mine), -1).any(axis=1)
    return found


def _winning_cells(k: Kernel, mine: np.ndarray, empty: np.ndarray) -> np.ndarray:
    """Empty cells completing a line of ``mine``: an empty cell of a line holding ``length - 1`` of
    them is that line's one missing cell."""
    n, length = k.params.board_size, k.params.line_length
    out = np.zeros((len(mine), n, n), dtype=bool)
    for parts, own in zip(k.windows, _counts(k, mine), strict=True):
        hot = own == length - 1
        for r, c in parts:
            out[:, r, c] |= hot
    return out.reshape(len(mine), -1) & empty


def _shield_mask(b: Batch) -> np.ndarray:
    mask = np.zeros(b.own.shape, dtype=bool)
    for p in (0, 1):
        rows = np.nonzero(b.shield[:, p] >= 0)[0]
        mask[rows, b.shield[rows, p]] = True
    return mask


@dataclass
class Step:
    """What one step decided for every live game (-1: nothing)."""

    ability: np.ndarray
    before: np.ndarray
    target: np.ndarray
    place: np.ndarray
    winner: np.ndarray  # -1 going on, 0/1 winner, 2 draw
    reason: np.ndarray  # index into REASONS


REASONS = ("", "line", "fortress", "territory", "stalemate", "full board")


def _choose(k: Kernel, b: Batch, rng: np.random.Generator, ctx: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Levels 1 and 2 of the policy: the ability (-1 none) and whether it comes before."""
    n = len(b.mover)
    if k.no_abilities:
        return np.full(n, -1, dtype=np.int64), np.zeros(n, dtype=bool)
    card = b.cards[np.arange(n), b.mover] > 0
    ne = ctx["E"].sum(1)
    counts = {"nt": ctx["T"].sum(1), "ntu": ctx["Tu"].sum(1), "ne": ne, "nnw": ne - ctx["W"].sum(1),
              "has_mine": ctx["M"].any(1), "fort_win1": ctx["W"].any(1) | (ctx["fcount"] + 1 >= k.fv)}
    return pick_ability(rng, card, counts)


def _targets(k: Kernel, b: Batch, rows: np.ndarray, ability: np.ndarray, me: np.ndarray, fv_ok: np.ndarray | None) -> np.ndarray:
    """Legal target masks of ``ability`` for the given rows (current boards)."""
    own = b.own[rows]
    mine, theirs, empty = own == (me + 1)[:, None], own == (2 - me)[:, None], own == 0
    unshielded = theirs & ~_shield_mask(b)[rows]
    fortress = empty if fv_ok is None else empty & fv_ok
    choices = np.stack([theirs, mine, unshielded, fortress], axis=0)
    return choices[ability, np.arange(len(rows))]


def _apply_ability(k: Kernel, b: Batch, rows: np.ndarray, ability: np.ndarray, target: np.ndarray, me: np.ndarray) -> np.ndarray:
    """Play the abilities; returns the winner-by reason index per row (0 none)."""
    b.cards[rows, me, ability] -= 1
    bomb = ability == BOMB
    if bomb.any():
        r, t = rows[bomb], target[bomb]
        hit = k.cross[t] & ~_shield_mask(b)[r]
        b.own[r] = np.where(hit, 0, b.own[r])
        b.fort[r] &= ~hit
    sh = ability == SHIELD
    b.shield[rows[sh], me[sh]] = target[sh]
    put = (ability == CONVERT) | (ability == FORTRESS)
    b.own[rows[put], target[put]] = me[put] + 1
    b.fort[rows[put], target[put]] = ability[put] == FORTRESS
    reason = np.zeros(len(rows), dtype=np.int8)
    if put.any():
        r = rows[put]
        mine = b.own[r] == (me[put] + 1)[:, None]
        forts = (mine & b.fort[r]).sum(1) >= k.fv
        reason[put] = np.where(_has_line(k, mine), 1, np.where(forts, 2, 0))
    return reason


def _step(k: Kernel, b: Batch, rng: np.random.Generator) -> Step:
    """One turn of every live game."""
    n = len(b.mover)
    rows, me = np.arange(n), b.mover.astype(np.int64)
    b.shield[rows, me] = -1
    mine, empty = b.own == (me + 1)[:, None], b.own == 0
    ctx: dict[str, np.ndarray] = {"M": mine, "E": empty}
    if not k.no_abilities:
        ctx["T"] = b.own == (2 - me)[:, None]
        ctx["Tu"] = ctx["T"] & ~_shield_mask(b)
        ctx["W"] = _winning_cells(k, mine, empty)
        ctx["fcount"] = (mine & b.fort).sum(1)
    ability, before = _choose(k, b, rng, ctx)
    step = Step(ability, before, np.full(n, -1), np.full(n, -1), np.full(n, -1), np.zeros(n, dtype=np.int8))
    if before.any():
        _phase_before(k, b, rng, ctx, step, me)
    _phase_place(k, b, rng, ctx, step, me)
    after = np.nonzero((ability >= 0) & ~before & (step.reason == 0))[0]
    if after.size:
        target = _pick(_targets(k, b, after, ability[after], me[after], None), rng)
        step.target[after] = target
        step.reason[after] = _apply_ability(k, b, after, ability[after], target, me[after])
    _phase_end(k, b, step, me)
    b.mover = 1 - b.mover
    return step


def _phase_before(k: Kernel, b: Batch, rng: np.random.Generator, ctx: dict[str, np.ndarray], step: Step, me: np.ndarray) -> None:
    rows = np.nonzero(step.before)[0]
    fcount, empty = ctx["fcount"][rows], ctx["E"][rows]
    # a fortress on the last empty cell must win at once (no placement could follow)
    fv_ok = (empty.sum(1) >= 2)[:, None] | ctx["W"][rows] | (fcount + 1 >= k.fv)[:, None]
    target = _pick(_targets(k, b, rows, step.ability[rows], me[rows], fv_ok), rng)
    step.target[rows] = target
    step.reason[rows] = _apply_ability(k, b, rows, step.ability[rows], target, me[rows])


def _phase_place(k: Kernel, b: Batch, rng: np.random.Generator, ctx: dict[str, np.ndarray], step: Step, me: np.ndarray) -> None:
    rows = np.nonzero(step.reason == 0)[0]
    mask = b.own[rows] == 0
    if not k.no_abilities:
        after = ((step.ability >= 0) & ~step.before)[rows]
        mask &= ~(ctx["W"][rows] & after[:, None])  # a placement followed by an ability must not win
    place = _pick(mask, rng)
    step.place[rows] = place
    b.own[rows, place] = me[rows] + 1
    step.reason[rows] = np.where(_has_line(k, b.own[rows] == (me[rows] + 1)[:, None]), 1, 0)


def _phase_end(k: Kernel, b: Batch, step: Step, me: np.ndarray) -> None:
    step.winner = np.where(step.reason > 0, me, -1)
    full = (step.reason == 0) & ~(b.own == 0).any(1)
    if not full.any():
        return
    x, o = (b.own[full] == 1).sum(1), (b.own[full] == 2).sum(1)
    if k.params.territory_victory:
        step.winner[full] = np.where(x > o, 0, np.where(o > x, 1, 2))
        step.reason[full] = np.where(x == o, 4, 3)
    else:
        step.winner[full] = 2
        step.reason[full] = 5


def _new_batch(k: Kernel, start: int, size: int, rng: np.random.Generator) -> Batch:
    first = rng.integers(0, 2, size=size).astype(np.int8)
    cards = np.array([k.params.abilities.count(a) for a in ABILITIES], dtype=np.int8)
    return Batch(
        own=np.zeros((size, k.cells), dtype=np.int8),
        fort=np.zeros((size, k.cells), dtype=bool),
        shield=np.full((size, 2), -1, dtype=np.int16),
        cards=np.broadcast_to(cards, (size, 2, 4)).copy(),
        mover=first.copy(),
        first=first,
        gid=np.arange(start, start + size),
    )


def _run_batch(b: Batch | BitBatch, stepper: Callable[[], dict[str, np.ndarray]], tally: Tally, moves: list[list[Move]] | None) -> None:
    """Play every game of the batch to its end, one step (a turn of each game) at a time."""
    if moves is not None:
        for g, f in zip(b.gid, b.first):
            moves[g].append(First(int(f)))
    turns = 0
    while len(b.mover):
        me, gid, first = b.mover.copy(), b.gid, b.first
        step = stepper()
        turns += 1
        if moves is not None:
            _record(moves, gid, me, step)
        for a in range(4):
            tally.extra[ABILITIES[a]] += int((step["ability"] == a).sum())
        done = np.nonzero(step["winner"] >= 0)[0]
        for w, f, r in zip(step["winner"][done], first[done], step["reason"][done]):
            tally.add("draw" if w == 2 else ("first" if w == f else "second"), turns + 1, REASONS[r])
        b.keep(np.nonzero(step["winner"] < 0)[0])


def _record(moves: list[list[Move]], gid: np.ndarray, me: np.ndarray, step: dict[str, np.ndarray]) -> None:
    """Append each game's turn as an engine move."""
    rows = zip(gid, me, step["ability"], step["target"], step["place"], step["before"])
    for g, m, a, t, p, before in rows:
        ability = ABILITIES[a] if a >= 0 else None
        target = int(t) if a >= 0 else None
        moves[g].append(Turn(int(m), int(p) if p >= 0 else None, ability, target, bool(before) and a >= 0))


def _array_step(k: Kernel, b: Batch, rng: np.random.Generator) -> dict[str, np.ndarray]:
    return vars(_step(k, b, rng))


def fast_run(params: Params, games: int, seed: int, record: bool = False, arrays: bool = False) -> tuple[Tally, list[list[Move]] | None]:
    """Random-vs-random games; with ``record`` also every game's moves (slower).

    Boards of at most 64 cells use the bitboard kernel of ``bits.py`` unless ``arrays``.
    """
    rng, tally = np.random.default_rng(seed), Tally()
    moves: list[list[Move]] | None = [[] for _ in range(games)] if record else None
    start = time.perf_counter()
    bits = params.board_size**2 <= 64 and not arrays
    kernel: Kernel | BitKernel = BitKernel(params) if bits else Kernel(params)
    for lo in range(0, games, BATCH):
        size = min(BATCH, games - lo)
        if isinstance(kernel, BitKernel):
            first = rng.integers(0, 2, size=size)
            bb = BitBatch(kernel, first, np.arange(lo, lo + size))
            _run_batch(bb, partial(bit_step, kernel, bb, rng), tally, moves)
        else:
            ab = _new_batch(kernel, lo, size, rng)
            _run_batch(ab, partial(_array_step, kernel, ab, rng), tally, moves)
    tally.seconds = time.perf_counter() - start
    return tally, moves


def fast_simulate(params: Params, games: int, seed: int) -> Tally:
    """``SPEC.fast_simulate``: the tally of ``games`` seeded random-vs-random games."""
    return fast_run(params, games, seed)[0]
