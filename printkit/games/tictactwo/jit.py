"""The Tic Tac Two kernel's compiled steps and counting (numba): rules.py's board operations on bitboards, and every
turn of a position, counted.

The steps (an action, a topple, a letter, the lines they make) are rules.py's, bit for bit, on the
boards of ``packed.py`` (table layouts are described there); ``fast.py`` plays its players' turns
with them. The uniform player draws one turn among all legal turns and the greedy player among all
"safe" turns; listing thousands of turns in Python is what made large boards with many actions
slow. These functions count them per action option (uniform) or per turn prefix (greedy) in the
order of ``rules.expand``; ``fast.py`` still makes every draw with the game's ``random.Random``
and builds only the drawn turn, so the games stay the reference players' games. An end is an int:
-1 none, 0 or 1 the winner, 2 both.
"""

from __future__ import annotations

import numpy as np
from numba import njit

DOUBLE, SWAP, SHIFT, DIBS, INTERSECT, WALL = range(6)
NONE, BOTH = -1, 2
WINS = -1
"""``reach`` of ``prefixes`` that counts winning letters instead of safe ones."""


@njit(cache=True)
def _pop(x: np.uint64) -> int:
    """Set bits of ``x``."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True)
def _low(x: np.uint64) -> int:
    """Index of the lowest set bit of ``x`` (not 0)."""
    return _pop((x & (~x + np.uint64(1))) - np.uint64(1))


@njit(cache=True)
def _bit(i: int) -> np.uint64:
    return np.uint64(1) << np.uint64(i)


@njit(cache=True)
def writable(b: np.ndarray, p: int, full: np.uint64) -> np.uint64:
    """``rules.can_write`` for every space, as a mask."""
    i = b[2]
    return full & ~b[3] & (b[4 + p] | (i & ~b[p]) | (~i & ~(b[0] | b[1])))


@njit(cache=True)
def _cut(b: np.ndarray, lines: np.ndarray, line: int) -> bool:
    """Does a wall of either player cut ``line``?"""
    return ((lines[line, 1] & (b[6] | b[9])) | (lines[line, 2] & (b[7] | b[10]))
            | (lines[line, 3] & (b[8] | b[11]))) != 0


@njit(cache=True)
def _runs(letters: np.uint64, dirs: np.ndarray, d: int, k: int) -> np.uint64:
    """The starts of ``k`` of ``letters`` in a row in direction ``d`` (``dirs[d]``: its shift and start mask)."""
    acc = letters & dirs[d, 1]
    step = dirs[d, 0]
    for i in range(1, k):
        if not acc:
            break
        acc &= letters >> (step * np.uint64(i))
    return acc


@njit(cache=True)
def _has_line(b: np.ndarray, who: int, lines: np.ndarray, dirs: np.ndarray, line_at: np.ndarray, k: int) -> bool:
    """A line of ``who``'s letters that no wall cuts (``rules.lines_made``)."""
    letters = b[who]
    if _pop(letters) < k:
        return False
    for d in range(dirs.shape[0]):
        acc = _runs(letters, dirs, d, k)
        while acc:
            low = acc & (~acc + np.uint64(1))
            if not _cut(b, lines, line_at[d, _low(low)]):
                return True
            acc ^= low
    return False


@njit(cache=True)
def check(b: np.ndarray, lines: np.ndarray, dirs: np.ndarray, line_at: np.ndarray, k: int) -> int:
    """``rules.Work.check`` as an end code."""
    x = _has_line(b, 0, lines, dirs, line_at, k)
    o = _has_line(b, 1, lines, dirs, line_at, k)
    if x and o:
        return BOTH
    if x:
        return 0
    return 1 if o else NONE


@njit(cache=True)
def placed(b: np.ndarray, p: int, cell: int, lines: np.ndarray, through: np.ndarray) -> int:
    """``check`` after a letter of ``p`` on ``cell``: only a line of ``p`` through it can appear."""
    mine = b[p]
    for i in range(through[cell, 0]):
        line = through[cell, 1 + i]
        if not lines[line, 0] & ~mine and not _cut(b, lines, line):
            return p
    return NONE


@njit(cache=True)
def _complete(b: np.ndarray, dirs: np.ndarray, k: int) -> bool:
    """A line, cut or not, of only X or only O."""
    for j in range(2):
        letters = b[j]
        if _pop(letters) < k:
            continue
        for d in range(dirs.shape[0]):
            if _runs(letters, dirs, d, k):
                return True
    return False


@njit(cache=True)
def _erase(b: np.ndarray, cell: int) -> None:
    bit = _bit(cell)
    if not (b[4] | b[5]) & bit:
        b[0] &= ~bit
        b[1] &= ~bit


@njit(cache=True)
def write(b: np.ndarray, cell: int, p: int) -> None:
    bit = _bit(cell)
    if b[4 + p] & bit:
        for j in range(6):
            b[j] &= ~bit
    b[p] |= bit


@njit(cache=True)
def _has_wall(b: np.ndarray, slot: int) -> bool:
    word, bit = 6 + slot // 64, _bit(slot % 64)
    return ((b[word] | b[word + 3]) & bit) != 0


@njit(cache=True)
def topple(b: np.ndarray, slot: int, cell: int) -> None:
    """Remove the wall on ``slot`` (either player's); erase ``cell`` unless it is -1."""
    word, keep = 6 + slot // 64, ~_bit(slot % 64)
    b[word] &= keep
    b[word + 3] &= keep
    if cell >= 0:
        _erase(b, cell)


@njit(cache=True)
def _shift(b: np.ndarray, row: np.ndarray) -> None:
    """``rules.shift`` (``row`` from ``packed``: step, length, spaces, topples, (slot, space)...)."""
    step, size = row[0], row[1]
    dibs = b[4] | b[5]
    movable, count = 0, 0  # the spaces that move (not dibs), 6 bits each
    clear = np.uint64(0)
    for i in range(size):
        c = row[2 + i]
        if not dibs & _bit(c):
            movable |= c << (6 * count)
            count += 1
            clear |= _bit(c)
    if count:
        for j in range(4):
            m = b[j]
            out = m & ~clear
            for i in range(count):
                if m & _bit((movable >> (6 * ((i - step + count) % count))) & 63):
                    out |= _bit((movable >> (6 * i)) & 63)
            b[j] = out
    base = 2 + size
    for i in range(row[base]):
        slot, cell = row[base + 1 + 2 * i], row[base + 2 + 2 * i]
        if _has_wall(b, slot):
            topple(b, slot, cell)


@njit(cache=True)
def act(b: np.ndarray, p: int, action: int, arg: int, swaps: np.ndarray, shifts: np.ndarray) -> None:
    """``rules.do_action`` without the check."""
    if action == DOUBLE:
        write(b, arg, p)
    elif action == SWAP:
        a, c = int(swaps[arg, 0]), int(swaps[arg, 1])
        both = _bit(a) | _bit(c)
        for j in range(6):
            m = b[j]
            if ((m >> np.uint64(a)) ^ (m >> np.uint64(c))) & np.uint64(1):
                b[j] = m ^ both
    elif action == SHIFT:
        _shift(b, shifts[arg])
    elif action == DIBS:
        b[4 + p] |= _bit(arg)
    elif action == INTERSECT:
        b[2] |= _bit(arg)
    else:
        b[6 + 3 * p + arg // 64] |= _bit(arg % 64)


@njit(cache=True)
def _swap_ok(b: np.ndarray, index: int, swaps: np.ndarray) -> bool:
    """``rules.swap_problem`` is None: no intersect or dibs, different contents, no wall between."""
    a, c = int(swaps[index, 0]), int(swaps[index, 1])
    feature = b[2] | b[4] | b[5]
    pair = _bit(a) | _bit(c)
    if feature & pair:
        return False
    if _kind(b, a) == _kind(b, c):
        return False
    return not ((swaps[index, 2] & (b[6] | b[9])) | (swaps[index, 3] & (b[7] | b[10]))
                | (swaps[index, 4] & (b[8] | b[11])))


@njit(cache=True)
def _kind(b: np.ndarray, cell: int) -> int:
    """What a space holds for a swap: 0 void, 1 X, 2 O, 3 nothing."""
    bit = _bit(cell)
    if b[3] & bit:
        return 0
    if b[0] & bit:
        return 1
    return 2 if b[1] & bit else 3


@njit(cache=True)
def option_mask(b: np.ndarray, p: int, action: int, full: np.uint64, word: int, nslots: int) -> np.uint64:
    """The options of double, dibs, intersect (spaces) or wall (slots ``64 * word`` on) as a mask."""
    if action == DOUBLE:
        return writable(b, p, full)
    if action == DIBS:
        return full & ~(b[3] | b[4] | b[5])
    if action == INTERSECT:
        return full & ~(b[3] | b[2])
    left = nslots - 64 * word
    every = ~np.uint64(0) if left >= 64 else (np.uint64(1) << np.uint64(max(left, 0))) - np.uint64(1)
    return every & ~(b[6 + word] | b[9 + word])


@njit(cache=True)
def options(b: np.ndarray, p: int, action: int, full: np.uint64, nslots: int, swaps: np.ndarray,
            nshifts: int) -> np.ndarray:
    """``rules.action_options``: the arguments of an action, in the reference order."""
    if action == SWAP:
        out = np.empty(swaps.shape[0], dtype=np.int64)
        count = 0
        for i in range(swaps.shape[0]):
            if _swap_ok(b, i, swaps):
                out[count] = i
                count += 1
        return out[:count]
    if action == SHIFT:
        return np.arange(nshifts)
    out = np.empty(nslots if action == WALL else 64, dtype=np.int64)
    count = 0
    for word in range(3 if action == WALL else 1):
        mask = option_mask(b, p, action, full, word, nslots)
        while mask:
            low = mask & (~mask + np.uint64(1))
            out[count] = 64 * word + _low(low)
            count += 1
            mask ^= low
    return out[:count]


@njit(cache=True)
def topples(b: np.ndarray, p: int, slots: np.ndarray) -> np.ndarray:
    """``rules.topple_options``: (slot, space) rows, by slot then space."""
    out = np.empty((2 * slots.shape[0], 2), dtype=np.int64)
    count = 0
    for word in range(3):
        mask = b[6 + 3 * p + word]
        while mask:
            low = mask & (~mask + np.uint64(1))
            slot = 64 * word + _low(low)
            for j in range(2):
                if slots[slot, j] >= 0:
                    out[count, 0], out[count, 1] = slot, slots[slot, j]
                    count += 1
            mask ^= low
    return out[:count]


@njit(cache=True)
def draws(b: np.ndarray, p: int, first: bool, full: np.uint64, slots: np.ndarray) -> tuple[int, np.uint64]:
    """What the random player draws among after its action: how many topples it has (none on a first turn) and the
    spaces it may write on (``writable``)."""
    return 0 if first else topples(b, p, slots).shape[0], writable(b, p, full)


@njit(cache=True)
def letter(b: np.ndarray, p: int, cell: int, lines: np.ndarray, through: np.ndarray, full: np.uint64) -> tuple[int, np.uint64]:
    """Write a letter of ``p`` on ``cell``: the end it made (only a line of ``p`` through ``cell`` can appear) and the
    spaces where the other player may then write."""
    write(b, cell, p)
    return placed(b, p, cell, lines, through), writable(b, 1 - p, full)


@njit(cache=True)
def acted(b: np.ndarray, p: int, action: int, arg: int, lines: np.ndarray, dirs: np.ndarray, line_at: np.ndarray,
          through: np.ndarray, swaps: np.ndarray, shifts: np.ndarray, k: int) -> int:
    """``act`` and the end it made: only an action that moves letters can make a line, a Double only through its
    space. (The tables one by one: numba takes a tuple of them more slowly than this small step.)"""
    act(b, p, action, arg, swaps, shifts)
    if action == DOUBLE:
        return placed(b, p, arg, lines, through)
    return check(b, lines, dirs, line_at, k) if action < DIBS else NONE


@njit(cache=True)
def _count(w: np.ndarray, p: int, first: bool, lined: bool, tables: tuple) -> int:
    """The turns after an action: its letters, and per topple one turn (an end) or the letters
    after it; ``lined``: some line, cut or not, is complete (only then may a topple end the game,
    by uncutting it; otherwise a toppled space takes a letter unless void or dibs)."""
    lines, dirs, line_at, _, _, _, slots, info, spaces = tables
    full, k = spaces[0], info[1]
    letters = writable(w, p, full)
    count = _pop(letters)
    if first or not (w[6 + 3 * p] | w[7 + 3 * p] | w[8 + 3 * p]):
        return count
    falls = topples(w, p, slots)
    total = count
    after = w.copy()
    for i in range(falls.shape[0]):
        if lined:
            after[:] = w
            topple(after, falls[i, 0], falls[i, 1])
            end = check(after, lines, dirs, line_at, k)
            total += 1 if end != NONE else _pop(writable(after, p, full))
        else:  # the erased space takes a letter unless void or dibs
            total += count + int(not (letters | w[3] | w[4] | w[5]) & _bit(falls[i, 1]))
    return total


@njit(cache=True)
def uniform_groups(b: np.ndarray, p: int, first: bool, names: np.ndarray,
                   tables: tuple) -> np.ndarray:
    """The turns of ``fast.Game.uniform`` grouped by action: one row (action or -1, argument,
    turns of this group and those before it) per group, the turn without an action first, then
    every action's options in order."""
    lines, dirs, line_at, through, swaps, shifts, slots, info, spaces = tables
    full, k, nslots = spaces[0], info[1], info[2]
    size = 1 + 3 * 64 + swaps.shape[0] + shifts.shape[0] + nslots
    groups = np.empty((size, 3), np.int64)
    lined = _complete(b, dirs, k)
    g, total = 0, 0
    w = b.copy()
    for j in range(-1, names.shape[0]):
        a = -1 if j < 0 else names[j]
        for arg in np.full(1, -1) if a < 0 else options(b, p, a, full, nslots, swaps, shifts.shape[0]):
            w[:] = b
            end, now = NONE, lined  # dibs, intersect and walls change no letter: no line can appear
            if a >= 0:
                act(w, p, a, arg, swaps, shifts)
                if a < DIBS:
                    end = placed(w, p, arg, lines, through) if a == DOUBLE else check(w, lines, dirs, line_at, k)
                    now = _complete(w, dirs, k)
            total += 1 if end != NONE else _count(w, p, first, now, tables)
            groups[g, 0], groups[g, 1], groups[g, 2] = a, arg, total
            g += 1
    return groups[:g]


@njit(cache=True)
def _near(mine: np.uint64, allowed: np.uint64, most: int, d: int, dirs: np.ndarray, k: int) -> np.uint64:
    """In direction ``d`` (``most`` 1 or 2): the starts of the lines lying in
    ``allowed`` that lack 1 to ``most`` of ``mine``."""
    valid, step = dirs[d, 1], dirs[d, 0]
    inside, whole, one, two = allowed & valid, mine & valid, valid, valid
    for i in range(1, k):
        s = step * np.uint64(i)
        inside &= allowed >> s
        here = mine >> s
        two = (two & here) | one
        one = (one & here) | whole
        whole &= here
    return inside & (two if most == 2 else one) & ~whole


@njit(cache=True)
def win_cells(w: np.ndarray, p: int, tables: tuple) -> np.uint64:
    """Spaces where a letter of ``p`` completes an uncut line."""
    lines, dirs, line_at, _, _, _, _, info, spaces = tables
    mine, k, out = w[p], info[1], np.uint64(0)
    if _pop(mine) < k - 1:
        return out
    allowed = mine | writable(w, p, spaces[0])
    for d in range(dirs.shape[0]):
        acc = _near(mine, allowed, 1, d, dirs, k)
        while acc:
            low = acc & (~acc + np.uint64(1))
            acc ^= low
            line = line_at[d, _low(low)]
            if not _cut(w, lines, line):
                out |= lines[line, 0] & ~mine
    return out


@njit(cache=True)
def safe_cells(w: np.ndarray, p: int, reach: int, tables: tuple) -> np.uint64:
    """Spaces where a letter of ``p`` leaves the opponent no line to
    finish with ``reach`` letters (1 or 2); the threat lines are found per direction at once."""
    lines, dirs, line_at, _, _, _, _, info, spaces = tables
    full, k = spaces[0], info[1]
    q = 1 - p
    open_ = writable(w, p, full)
    mine = w[q]
    if _pop(mine) < k - reach:
        return open_
    allowed = mine | writable(w, q, full)
    after = w.copy()
    for d in range(dirs.shape[0]):
        acc = _near(mine, allowed, reach, d, dirs, k)
        while acc:
            low = acc & (~acc + np.uint64(1))
            acc ^= low
            line = line_at[d, _low(low)]
            if _cut(w, lines, line):
                continue
            cells = lines[line, 0]
            kill = np.uint64(0)
            left = cells & open_
            while left:
                bit = left & (~left + np.uint64(1))
                left ^= bit
                after[:] = w
                write(after, _low(bit), p)
                miss = cells & ~after[q]
                gap = _pop(miss)
                if gap == 0 or gap > reach or miss & ~writable(after, q, full):
                    kill |= bit
            open_ &= kill
            if not open_:
                return open_
    return open_


@njit(cache=True)
def _row(rows: np.ndarray, n: int, action: int, arg: int, slot: int, cell: int, end: int, steps: int) -> np.ndarray:
    """Set prefix row ``n`` (doubling the buffer when full); see ``prefixes``."""
    if n >= rows.shape[0]:
        bigger = np.zeros((rows.shape[0] * 2, rows.shape[1]), dtype=np.int64)
        bigger[:n] = rows[:n]
        rows = bigger
    rows[n, 0], rows[n, 1], rows[n, 2], rows[n, 3], rows[n, 4], rows[n, 5] = action, arg, slot, cell, end, steps
    return rows


@njit(cache=True)
def _useful(b: np.ndarray, p: int, a: int, arg: int, need: int, hot: np.uint64, shifts: np.ndarray,
            swaps: np.ndarray, k: int) -> bool:
    """Might action ``a`` with ``arg`` let ``p`` win this turn, when a line of ``p`` lacks ``need``
    letters at the fewest (``hot``: the spaces of the lines lacking two)? A letter, a Double and a
    swap each add at most one letter of ``p`` to a line, a shift at most one to a line across it
    (more only along a row or column holding ``k - 1`` of them); dibs, intersect and walls none."""
    if need <= 1:
        return True
    if a == SHIFT:
        row = shifts[arg]
        line = np.uint64(0)
        for i in range(row[1]):
            line |= _bit(row[2 + i])
        return _pop(line & b[p]) >= k - 1 or (need == 2 and (line & hot) != 0)
    if need > 2:
        return False
    if a == DOUBLE:
        return (hot & _bit(arg)) != 0
    return a == SWAP and ((_bit(int(swaps[arg, 0])) | _bit(int(swaps[arg, 1]))) & hot) != 0


@njit(cache=True)
def _steps(b: np.ndarray, p: int, first: bool, names: np.ndarray, depth: int, need: int,
           tables: tuple) -> np.ndarray:
    """The first six columns of ``prefixes``."""
    lines, dirs, line_at, _, swaps, shifts, slots, info, spaces = tables
    full, k, nslots = spaces[0], info[1], info[2]
    hot = full
    if need == 2:  # the action must touch a line that lacks two
        hot = np.uint64(0)
        for d in range(dirs.shape[0]):
            acc = _near(b[p], full, 2, d, dirs, k)
            while acc:
                low = acc & (~acc + np.uint64(1))
                acc ^= low
                hot |= lines[line_at[d, _low(low)], 0]
    rows = np.zeros((256, 8), dtype=np.int64)
    n = 0
    w, after = b.copy(), b.copy()
    for j in range(-1 if need <= 1 else 0, names.shape[0]):  # -1: no action
        a = -1 if j < 0 else names[j]
        if need > 1 and a >= DIBS:
            continue
        for arg in np.full(1, -1) if a < 0 else options(b, p, a, full, nslots, swaps, shifts.shape[0]):
            if a >= 0 and not _useful(b, p, a, arg, need, hot, shifts, swaps, k):
                continue
            w[:] = b
            end = NONE
            if a >= 0:
                act(w, p, a, arg, swaps, shifts)
                if a < DIBS:
                    end = check(w, lines, dirs, line_at, k)
            rows = _row(rows, n, a, arg, -1, -1, end, int(a >= 0))
            n += 1
            if end != NONE or first or (a >= 0 and depth < 2):
                continue
            falls = topples(w, p, slots)
            for i in range(falls.shape[0]):
                after[:] = w
                topple(after, falls[i, 0], falls[i, 1])
                rows = _row(rows, n, a, arg, falls[i, 0], falls[i, 1], check(after, lines, dirs, line_at, k),
                            1 + int(a >= 0))
                n += 1
    return rows[:n]


@njit(cache=True)
def prefixes(b: np.ndarray, p: int, first: bool, names: np.ndarray, reach: int, depth: int, need: int,
             tables: tuple) -> np.ndarray:
    """Every turn before its letter (action and topple), in the order of ``rules.expand``, of at
    most ``depth`` steps (1: the turn without either, a topple alone, an action alone).

    One row each: action (-1: none), argument, topple slot and space (-1: none), end, steps, turns
    and letters (0 after an end). The turns are the safe letters (``safe_cells`` with ``reach``), or
    with ``reach`` WINS the winning letters (``win_cells``; 1 for a prefix that won). With ``need``
    (the fewest letters a line of ``p`` lacks), prefixes that cannot win are left out.
    """
    rows = _steps(b, p, first, names, depth, need, tables)
    swaps, shifts, full = tables[4], tables[5], tables[8][0]
    w = b.copy()
    for r in range(rows.shape[0]):
        end = rows[r, 4]
        if end != NONE:
            rows[r, 6] = int(reach == WINS and end == p)
            continue
        w[:] = b
        if rows[r, 0] >= 0:
            act(w, p, rows[r, 0], rows[r, 1], swaps, shifts)
        if rows[r, 2] >= 0:
            topple(w, rows[r, 2], rows[r, 3])
        if reach == WINS:
            rows[r, 6] = _pop(win_cells(w, p, tables))
        else:
            rows[r, 6], rows[r, 7] = _pop(safe_cells(w, p, reach, tables)), _pop(writable(w, p, full))
    return rows


@njit(cache=True)
def missing(letters: np.uint64, dirs: np.ndarray, k: int) -> int:
    """The fewest spaces any line (cut or not) lacks; 3 for 3 or more."""
    best = 3
    for d in range(dirs.shape[0]):
        valid, step = dirs[d, 1], dirs[d, 0]
        whole, one, two = letters & valid, valid, valid
        for i in range(1, k):
            here = letters >> (step * np.uint64(i))
            two = (two & here) | one
            one = (one & here) | whole
            whole &= here
        if whole:
            return 0
        if one:
            best = 1
        elif two and best > 2:
            best = 2
    return best


@njit(cache=True)
def threatened(w: np.ndarray, q: int, reach: int, tables: tuple) -> bool:
    """``rules.threats(...) > 0``: a line ``q`` could finish with ``reach`` letters or fewer."""
    lines, dirs, line_at, _, _, _, _, info, spaces = tables
    mine, k = w[q], info[1]
    if _pop(mine) < k - reach:
        return False
    allowed = mine | writable(w, q, spaces[0])
    for d in range(dirs.shape[0]):
        acc = _near(mine, allowed, reach, d, dirs, k)
        while acc:
            low = acc & (~acc + np.uint64(1))
            acc ^= low
            if not _cut(w, lines, line_at[d, _low(low)]):
                return True
    return False


@njit(cache=True)
def greedy_looks(b: np.ndarray, p: int, reach: int, tables: tuple) -> tuple[np.uint64, int, bool]:
    """The greedy player's first looks: the spaces where a letter alone wins, the fewest letters
    a line of ``p`` lacks (``missing``), does the opponent threaten a line?"""
    return win_cells(b, p, tables), missing(b[p], tables[1], tables[7][1]), threatened(b, 1 - p, reach, tables)
