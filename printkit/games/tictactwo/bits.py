"""Bitboards for the fast kernel: one board is a list of eight ints, one bit per space or wall slot.

``[X letters, O letters, intersect, void, dibs of X, dibs of O, walls of X, walls of O]``; the
letters, dibs and walls of player ``p`` are at ``p``, ``DIBS + p`` and ``WALLS + p``. The
operations mirror :mod:`printkit.games.tictactwo.ops` bit for bit (the tables are built from the
reference geometry), and option lists come in the order of :mod:`printkit.games.tictactwo.turns`.
"""

from __future__ import annotations

from functools import lru_cache

from printkit.games.tictactwo.rules import geometry, line_cells, shift_topples

INTERSECT, VOID, DIBS, WALLS = 2, 3, 4, 6
Board = list[int]
End = tuple[int | None, str]
"""How a step ended the game: (winner or None, reason)."""


def ones(mask: int) -> list[int]:
    """The set bits of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def nth(mask: int, index: int) -> int:
    """The ``index``-th set bit of ``mask``, counting from the lowest (``ones(mask)[index]``).

    Far from the lowest bit, halves of the mask are skipped by their count of set bits.
    """
    base = 0
    while index > 7:
        half = mask.bit_length() >> 1
        low = mask & ((1 << half) - 1)
        count = low.bit_count()
        if index < count:
            mask = low
        else:
            index -= count
            mask >>= half
            base += half
    for _ in range(index):
        mask &= mask - 1
    return base + (mask & -mask).bit_length() - 1


class Tables:
    """Precomputed masks of an ``n`` x ``n`` board with lines of ``k``."""

    def __init__(self, n: int, k: int) -> None:
        geo = geometry(n, k)
        self.n, self.k = n, k
        self.full = (1 << (n * n)) - 1
        self.slot_cells = tuple(s.cells for s in geo.slots)
        self.all_slots = (1 << len(geo.slots)) - 1
        self.win_reason = f"line of {k}"
        self.swaps = tuple(
            (a, b, (1 << a) | (1 << b), _slot_mask(geo.blocking(a, b)))
            for a in range(n * n) for b in geo.neighbours[a] if a < b
        )
        self.shifts = tuple(
            ((axis, i, step), tuple(line_cells(geo, axis, i)), step,
             tuple((1 << s, c) for s, c in shift_topples(geo, axis, i, step)))
            for axis in ("row", "column") for i in range(n) for step in (-1, 1)
        )
        self.shift_cells = tuple(sum(1 << c for c in cells) for _, cells, _, _ in self.shifts)
        # a line without dibs rotates as a whole: (its spaces, bits to the next space, bits to wrap)
        self.rotations = tuple(
            (mask, 1 if key[0] == "row" else n, (n - 1) * (1 if key[0] == "row" else n))
            for (key, _, _, _), mask in zip(self.shifts, self.shift_cells)
        )
        swap_dirs: dict[int, list] = {}
        for index, (a, c, _, blockers) in enumerate(self.swaps):
            entry = swap_dirs.setdefault(c - a, [0, {}])
            entry[0] |= 1 << a
            entry[1][1 << a] = (index, blockers)
        self.swap_dirs = tuple((d, valid, info) for d, (valid, info) in sorted(swap_dirs.items()))
        self.line_cells = tuple(sum(1 << c for c in line.cells) for line in geo.lines)
        self.through = tuple(
            tuple((mask, _slot_mask(line.blockers)) for mask, line in zip(self.line_cells, geo.lines) if c in line.cells)
            for c in range(n * n)
        )
        dirs: dict[int, list] = {}
        for line in geo.lines:
            step, start = line.cells[1] - line.cells[0], 1 << line.cells[0]
            entry = dirs.setdefault(step, [0, {}, {}])
            entry[0] |= start
            entry[1][start] = _slot_mask(line.blockers)
            entry[2][start] = sum(1 << c for c in line.cells)
        self.dirs = tuple(
            (valid, tuple(i * step for i in range(1, k)), blockers, cells)
            for step, (valid, blockers, cells) in sorted(dirs.items())
        )

    # -- lines ------------------------------------------------------------------------------
    def near(self, mine: int, allowed: int, most: int) -> list[tuple[int, int]]:
        """(blockers, cells) of every line lying in ``allowed`` that lacks 1 to ``most`` of ``mine``.

        Bit-parallel over the lines of a direction: ``lacks[j]`` holds the starts of the lines
        whose spaces so far lack at most ``j`` of ``mine``.
        """
        out = []
        for valid, shifts, blockers, cells in self.dirs:
            inside = allowed & valid
            if most == 1:
                whole, one = mine & valid, valid
                for s in shifts:
                    inside &= allowed >> s
                    if not inside & one:
                        break
                    here = mine >> s
                    one = (one & here) | whole
                    whole &= here
                acc = inside & one & ~whole
            elif most == 2:
                whole, one, two = mine & valid, valid, valid
                for s in shifts:
                    inside &= allowed >> s
                    if not inside & two:
                        break
                    here = mine >> s
                    two = (two & here) | one
                    one = (one & here) | whole
                    whole &= here
                acc = inside & two & ~whole
            else:
                lacks = [mine & valid] + [valid] * most
                for s in shifts:
                    inside &= allowed >> s
                    if not inside:
                        break
                    here = mine >> s
                    for j in range(most, 0, -1):
                        lacks[j] = (lacks[j] & here) | lacks[j - 1]
                    lacks[0] &= here
                acc = inside & lacks[most] & ~lacks[0]
            while acc:
                low = acc & -acc
                out.append((blockers[low], cells[low]))
                acc ^= low
        return out

    def has_line(self, letters: int, walls: int) -> bool:
        """Is there a line of ``letters`` that no wall cuts?"""
        if letters.bit_count() < self.k:
            return False
        for valid, shifts, blockers, _ in self.dirs:
            acc = letters & valid
            for s in shifts:
                if not acc:
                    break
                acc &= letters >> s
            while acc:
                low = acc & -acc
                if not blockers[low] & walls:
                    return True
                acc ^= low
        return False

    def check(self, b: Board, step: str) -> End | None:
        """``Work.check``: the end a step made, or None."""
        walls = b[6] | b[7]
        x, o = self.has_line(b[0], walls), self.has_line(b[1], walls)
        if x and o:
            return None, f"both players made a line ({step})"
        if x or o:
            return (0 if x else 1), self.win_reason
        return None

    def placed(self, b: Board, p: int, cell: int) -> End | None:
        """``Work.check`` after a letter of ``p`` on ``cell``: only a line of ``p`` through it can appear."""
        mine, walls = b[p], b[6] | b[7]
        for cells, blockers in self.through[cell]:
            if not cells & ~mine and not blockers & walls:
                return p, self.win_reason
        return None

    def win_cells(self, b: Board, p: int) -> int:
        """Spaces where a letter of ``p`` completes an uncut line (on a board without lines)."""
        mine, walls, out = b[p], b[6] | b[7], 0
        if mine.bit_count() < self.k - 1:
            return 0
        for blockers, cells in self.near(mine, mine | self.writable(b, p), 1):
            if not blockers & walls:
                out |= cells & ~mine
        return out

    def threatened(self, b: Board, q: int, reach: int) -> bool:
        """``rules.threats(...) > 0``: a line ``q`` could finish with ``reach`` letters or fewer."""
        mine, walls = b[q], b[6] | b[7]
        if mine.bit_count() < self.k - reach:
            return False
        return any(not blockers & walls for blockers, _ in self.near(mine, mine | self.writable(b, q), reach))

    def threat_lines(self, b: Board, q: int, reach: int) -> list[int]:
        """The spaces of every line counted by ``rules.threats`` (uncut, 1 to ``reach`` missing)."""
        mine, walls = b[q], b[6] | b[7]
        if mine.bit_count() < self.k - reach:
            return []
        return [cells for blockers, cells in self.near(mine, mine | self.writable(b, q), reach) if not blockers & walls]

    def safe_cells(self, b: Board, p: int, reach: int) -> int:
        """Spaces where a letter of ``p`` leaves the opponent no threat (on a board without lines).

        A letter only takes threats away, and only those through its space: the safe spaces are
        those whose letter breaks every threat line of ``b``.
        """
        q, open_ = 1 - p, self.writable(b, p)
        for cells in self.threat_lines(b, q, reach):
            kill = 0
            for c in ones(cells & open_):
                after = b[:]
                self.write(after, c, p)
                miss = cells & ~after[q]
                if not 0 < miss.bit_count() <= reach or miss & ~self.writable(after, q):
                    kill |= 1 << c
            open_ &= kill
            if not open_:
                break
        return open_

    # -- spaces -----------------------------------------------------------------------------
    def writable(self, b: Board, p: int) -> int:
        """``rules.can_write`` for every space."""
        i = b[2]
        return self.full & ~b[3] & (b[4 + p] | (i & ~b[p]) | (~i & ~(b[0] | b[1])))

    # -- options in the reference order -------------------------------------------------------
    def options(self, b: Board, p: int, action: int) -> list[int]:
        """``turns.action_options`` for action index ``action`` (arguments in kernel form)."""
        if action == 1:
            return self.swap_options(b)
        if action == 2:
            return list(range(len(self.shifts)))
        return ones(self.option_mask(b, p, action))

    def option_mask(self, b: Board, p: int, action: int) -> int:
        """The options of double, dibs, intersect (spaces) or wall (slots) as a mask."""
        if action == 0:
            return self.writable(b, p)
        if action == 3:
            return self.full & ~(b[3] | b[4] | b[5])
        if action == 4:
            return self.full & ~(b[3] | b[2])
        return self.all_slots & ~(b[6] | b[7])

    def swap_options(self, b: Board) -> list[int]:
        """Indices into ``swaps`` of the legal swaps (``rules.swap_problem`` is None), in order.

        Per direction of neighbours at once: neither space an intersect or dibs space, kinds
        (void, else X, else O, else empty) different, then no wall between them.
        """
        feature, walls = b[2] | b[4] | b[5], b[6] | b[7]
        void = b[3]
        x = b[0] & ~void
        o = b[1] & ~void & ~x
        out = []
        for d, valid, info in self.swap_dirs:
            ok = valid & ~feature & ~(feature >> d) & ((void ^ void >> d) | (x ^ x >> d) | (o ^ o >> d))
            while ok:
                low = ok & -ok
                index, blockers = info[low]
                if not blockers & walls:
                    out.append(index)
                ok ^= low
        out.sort()
        return out

    def topples(self, b: Board, p: int) -> list[tuple[int, int]]:
        """``turns.topple_options`` (not on a first turn: the caller checks)."""
        return [(s, c) for s in ones(b[6 + p]) for c in self.slot_cells[s]]

    # -- steps (mutate ``b``) ----------------------------------------------------------------
    def act(self, b: Board, p: int, action: int, arg: int) -> None:
        """``turns.do_action`` without the check."""
        if action == 0:
            self.write(b, arg, p)
        elif action == 1:
            a, c, _, _ = self.swaps[arg]
            for j in range(6):
                m = b[j]
                if (m >> a ^ m >> c) & 1:
                    b[j] = m ^ ((1 << a) | (1 << c))
        elif action == 2:
            self.shift(b, arg)
        elif action == 3:
            b[4 + p] |= 1 << arg
        elif action == 4:
            b[2] |= 1 << arg
        else:
            b[6 + p] |= 1 << arg

    def shift(self, b: Board, index: int) -> None:
        _, cells, step, topples = self.shifts[index]
        dibs = b[4] | b[5]
        line, near, far = self.rotations[index]
        if not dibs & line:
            for j in range(4):
                m = b[j]
                part = m & line
                moved = (part << near | part >> far) if step > 0 else (part >> near | part << far)
                b[j] = (m & ~line) | (moved & line)
            movable: list[int] = []
        else:
            movable = [c for c in cells if not dibs >> c & 1]
        count = len(movable)
        if count:
            clear = ~sum(1 << c for c in movable)
            for j in range(4):
                m = b[j]
                out = m & clear
                for i, c in enumerate(movable):
                    if m >> movable[(i - step) % count] & 1:
                        out |= 1 << c
                b[j] = out
        for bit, cell in topples:
            if (b[6] | b[7]) & bit:
                b[6] &= ~bit
                b[7] &= ~bit
                if cell >= 0:
                    self.erase(b, cell)

    def topple(self, b: Board, slot: int, cell: int) -> None:
        bit = ~(1 << slot)
        b[6] &= bit
        b[7] &= bit
        self.erase(b, cell)

    @staticmethod
    def erase(b: Board, cell: int) -> None:
        bit = 1 << cell
        if not (b[4] | b[5]) & bit:
            b[0] &= ~bit
            b[1] &= ~bit

    @staticmethod
    def write(b: Board, cell: int, p: int) -> None:
        bit = 1 << cell
        if b[4 + p] & bit:
            keep = ~bit
            for j in range(6):
                b[j] &= keep
        b[p] |= bit


def _slot_mask(slots: tuple[int, ...] | list[int]) -> int:
    return sum(1 << s for s in set(slots))


@lru_cache(maxsize=32)
def tables(n: int, k: int) -> Tables:
    """The (cached) tables of a board."""
    return Tables(n, k)
