"""The fast kernel for boards of at most 64 cells (8x8): one uint64 bitboard per game.

Many games at once, one turn of every game per step (``fast.py`` runs the batches; boards above
8x8 take the compiled kernel of ``compiled.py``). Every board is a 64-bit word, so a step costs a
few hundred numpy operations on ``(games,)`` vectors whatever the board. Bit ``i`` is cell ``i``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from printkit.games.warfare.rules import ABILITIES, geometry

U1 = np.uint64(1)
BOMB, SHIELD, CONVERT, FORTRESS = range(4)


def pc(words: np.ndarray) -> np.ndarray:
    """Set bits per word, as int64."""
    return np.bitwise_count(words).astype(np.int64)


def bit(cells: np.ndarray) -> np.ndarray:
    return np.left_shift(U1, cells.astype(np.uint64))


class BitKernel:
    """Precomputed line and cross masks of one parameter set."""

    def __init__(self, params: Any) -> None:
        geo = geometry(params.board_size, params.line_length)
        self.params, self.cells, self.fv = params, geo.cells, params.fortress_victory
        self.lines = np.array([sum(1 << i for i in ln) for ln in geo.lines], dtype=np.uint64)
        self.cross = np.array([sum(1 << i for i in c) for c in geo.crosses], dtype=np.uint64)
        self.no_abilities = not any(params.abilities[a] for a in ABILITIES)

    def has_line(self, mine: np.ndarray) -> np.ndarray:
        lines = self.lines[None, :]
        return ((mine[:, None] & lines) == lines).any(axis=1)

    def winning(self, mine: np.ndarray, empty: np.ndarray) -> np.ndarray:
        """Empty cells completing a line of ``mine``."""
        holes = self.lines[None, :] & ~mine[:, None]
        hot = (np.bitwise_count(holes) == 1) & ((holes & empty[:, None]) != 0)
        return np.bitwise_or.reduce(np.where(hot, holes, np.uint64(0)), axis=1)


def select(mask: np.ndarray, r: np.ndarray) -> np.ndarray:
    """The index of the ``r``-th (0-based) set bit of each word (binary search on popcounts)."""
    pos = np.zeros(len(mask), dtype=np.uint64)
    r = r.copy()
    for w in (32, 16, 8, 4, 2, 1):
        count = pc((mask >> pos) & np.uint64((1 << w) - 1))
        high = r >= count
        r -= count * high
        pos += np.uint64(w) * high.astype(np.uint64)
    return pos.astype(np.int64)


def pick(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly chosen set bit per word (words without one give garbage)."""
    r = (rng.random(len(mask)) * pc(mask)).astype(np.int64)
    return select(mask, r)


class BitBatch:
    """The live games of one batch: X and O bitboards, fortresses, shields, cards."""

    FIELDS = ("xo", "fort", "shield", "cards", "mover", "first", "gid")
    """The arrays holding one row per game."""

    def __init__(self, k: BitKernel, first: np.ndarray, gid: np.ndarray) -> None:
        size = len(first)
        self.xo = np.zeros((size, 2), dtype=np.uint64)
        self.fort = np.zeros(size, dtype=np.uint64)
        self.shield = np.full((size, 2), -1, dtype=np.int64)
        cards = np.array([k.params.abilities[a] for a in ABILITIES], dtype=np.int8)
        self.cards = np.broadcast_to(cards, (size, 2, 4)).copy()
        self.mover, self.first, self.gid = first.astype(np.int64), first.astype(np.int64), gid
        self.turns = 0

    def keep(self, rows: np.ndarray) -> None:
        """Keep the given games only (copies of their rows)."""
        for name in self.FIELDS:
            setattr(self, name, getattr(self, name)[rows])

    def shield_bits(self, rows: np.ndarray | slice = slice(None)) -> np.ndarray:
        """The shielded cells of the given games as bitboards."""
        s = self.shield[rows]
        bits = np.where(s >= 0, bit(np.maximum(s, 0)), np.uint64(0))
        return bits[:, 0] | bits[:, 1]

    def sides(self, rows: np.ndarray, me: np.ndarray, full: np.uint64) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The mover's tokens, the opponent's and the empty cells of the given games."""
        mine, theirs = self.xo[rows, me], self.xo[rows, 1 - me]
        return mine, theirs, full & ~(mine | theirs)


def pick_ability(rng: np.random.Generator, card: np.ndarray, counts: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Levels 1 and 2 of the random policy, from per-game counts.

    ``card``: the mover holds each ability; ``counts``: ``nt`` enemy targets, ``ntu`` unshielded
    ones, ``ne`` empty cells, ``nnw`` empty cells that do not win, ``has_mine`` own tokens,
    ``fort_win1`` a fortress would win. Returns the ability (-1 none) and whether it comes before.
    """
    n = len(card)
    rows = np.arange(n)
    nt, ntu, ne, nnw = counts["nt"], counts["ntu"], counts["ne"], counts["nnw"]
    before = np.stack([nt > 0, counts["has_mine"], ntu > 0, (ne >= 2) | ((ne == 1) & counts["fort_win1"])], axis=1) & card
    after = np.stack([nt > 0, nnw > 0, ntu > 0, ne >= 2], axis=1) & (nnw > 0)[:, None] & card
    avail = before | after
    choice = (rng.random(n) * (1 + avail.sum(1))).astype(np.int64)
    ability = np.where(choice > 0, np.argmax(np.cumsum(avail, axis=1) >= choice[:, None], axis=1), -1)
    a = np.maximum(ability, 0)
    b_ok, a_ok = before[rows, a], after[rows, a]
    coin = rng.random(n) < 0.5
    return ability, (ability >= 0) & b_ok & (~a_ok | coin)


def choose(k: BitKernel, b: BitBatch, rng: np.random.Generator, ctx: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Levels 1 and 2 of the policy: the ability (-1 none) and whether it comes before."""
    card = b.cards[np.arange(len(b.mover)), b.mover] > 0
    ne = pc(ctx["E"])
    counts = {"nt": pc(ctx["T"]), "ntu": pc(ctx["Tu"]), "ne": ne, "nnw": ne - pc(ctx["W"]), "has_mine": ctx["M"] != 0,
              "fort_win1": (ctx["W"] != 0) | (pc(ctx["M"] & b.fort) + 1 >= k.fv)}
    return pick_ability(rng, card, counts)


def apply_ability(k: BitKernel, b: BitBatch, rows: np.ndarray, ability: np.ndarray, target: np.ndarray) -> np.ndarray:
    """Play the abilities of the given games; the reason index of a victory (0 none)."""
    me = b.mover[rows]
    b.cards[rows, me, ability] -= 1
    tb = bit(target)
    bomb = ability == BOMB
    if bomb.any():
        r = rows[bomb]
        hit = k.cross[target[bomb]] & ~b.shield_bits(r)
        b.xo[r] &= ~hit[:, None]
        b.fort[r] &= ~hit
    sh = ability == SHIELD
    b.shield[rows[sh], me[sh]] = target[sh]
    reason = np.zeros(len(rows), dtype=np.int64)
    put = (ability == CONVERT) | (ability == FORTRESS)
    if put.any():
        r, m, t = rows[put], me[put], tb[put]
        b.xo[r, m] |= t
        b.xo[r, 1 - m] &= ~t
        b.fort[r] = np.where(ability[put] == FORTRESS, b.fort[r] | t, b.fort[r] & ~t)
        mine = b.xo[r, m]
        forts = pc(mine & b.fort[r]) >= k.fv
        reason[put] = np.where(k.has_line(mine), 1, np.where(forts, 2, 0))
    return reason


def targets(k: BitKernel, b: BitBatch, rows: np.ndarray, ability: np.ndarray, full: np.uint64, fortress_ok: np.ndarray | None) -> np.ndarray:
    """The legal target cells (bitboards) of ``ability`` in the given games."""
    mine, theirs, empty = b.sides(rows, b.mover[rows], full)
    unshielded = theirs & ~b.shield_bits(rows)
    fortress = empty if fortress_ok is None else empty & fortress_ok
    return np.stack([theirs, mine, unshielded, fortress])[ability, np.arange(len(rows))]


def step(k: BitKernel, b: BitBatch, rng: np.random.Generator) -> dict[str, np.ndarray]:
    """One turn of every live game: ability, before, target, place, winner, reason."""
    n = len(b.mover)
    rows, me, full = np.arange(n), b.mover, np.uint64((1 << k.cells) - 1)
    b.shield[rows, me] = -1
    mine, theirs, empty = b.sides(rows, me, full)
    s = {"target": np.full(n, -1), "place": np.full(n, -1), "reason": np.zeros(n, dtype=np.int64)}
    win = np.zeros(n, dtype=np.uint64)
    if k.no_abilities:
        s["ability"], s["before"] = np.full(n, -1), np.zeros(n, dtype=bool)
    else:
        win = k.winning(mine, empty)
        ctx = {"M": mine, "T": theirs, "E": empty, "W": win, "Tu": theirs & ~b.shield_bits()}
        s["ability"], s["before"] = choose(k, b, rng, ctx)
        rb = np.nonzero(s["before"])[0]
        if rb.size:
            ok = np.where(pc(empty[rb]) >= 2, full, win[rb])
            ok = np.where(pc(mine[rb] & b.fort[rb]) + 1 >= k.fv, full, ok)
            t = pick(targets(k, b, rb, s["ability"][rb], full, ok), rng)
            s["target"][rb], s["reason"][rb] = t, apply_ability(k, b, rb, s["ability"][rb], t)
    _place(k, b, rng, s, win, full)
    ra = np.nonzero((s["ability"] >= 0) & ~s["before"] & (s["reason"] == 0))[0]
    if ra.size:
        t = pick(targets(k, b, ra, s["ability"][ra], full, None), rng)
        s["target"][ra], s["reason"][ra] = t, apply_ability(k, b, ra, s["ability"][ra], t)
    _end(k, b, s, full)
    b.mover = 1 - b.mover
    return s


def _place(k: BitKernel, b: BitBatch, rng: np.random.Generator, s: dict[str, np.ndarray], win: np.ndarray, full: np.uint64) -> None:
    rows = np.nonzero(s["reason"] == 0)[0]
    me = b.mover[rows]
    _, _, empty = b.sides(rows, me, full)
    after = ((s["ability"] >= 0) & ~s["before"])[rows]
    place = pick(np.where(after, empty & ~win[rows], empty), rng)
    s["place"][rows] = place
    placed = bit(place)
    b.xo[rows, me] |= placed
    if k.no_abilities:
        s["reason"][rows] = np.where(k.has_line(b.xo[rows, me]), 1, 0)
        return
    # unchanged boards win exactly on the cells found at the start of the turn
    line = (placed & win[rows]) != 0
    changed = np.nonzero(s["before"][rows])[0]
    line[changed] = k.has_line(b.xo[rows[changed], me[changed]])
    s["reason"][rows] = np.where(line, 1, 0)


def _end(k: BitKernel, b: BitBatch, s: dict[str, np.ndarray], full: np.uint64) -> None:
    s["winner"] = np.where(s["reason"] > 0, b.mover, -1)
    done = (s["reason"] == 0) & ((b.xo[:, 0] | b.xo[:, 1]) == full)
    if not done.any():
        return
    x, o = pc(b.xo[done, 0]), pc(b.xo[done, 1])
    if k.params.territory_victory:
        s["winner"][done] = np.where(x > o, 0, np.where(o > x, 1, 2))
        s["reason"][done] = np.where(x == o, 4, 3)
    else:
        s["winner"][done], s["reason"][done] = 2, 5
