"""The compiled Tic Tac Warfare playouts (numba): one game after another, any board size.

Each game keeps, per line and player, the number of that player's tokens and the sum of their cell
indices, so a line one token short of complete with no enemy token names its missing cell
(``hot``: per player and cell, the number of such lines; ``wins``: cells with at least one).
Every change of a cell updates only the lines through it, so a turn costs a few dozen operations
whatever the board. Empty cells and each player's tokens are kept in lists (``cells``, ``pos``)
for uniform draws. The players are ``players.random_policy`` (the levels of ``turns.py``) and
``players.greedy_policy``, with numba's generator instead of ``random.Random``: same distribution,
different random stream. ``play`` returns one row per game and, when recording, one row per turn.
A turn is played inside ``play`` itself rather than by helpers taking the game's dozen arrays: that
keeps numba's first compile near six seconds and every array access direct.
"""

from __future__ import annotations

import numpy as np
from numba import njit

BOMB, SHIELD, CONVERT, FORTRESS = range(4)
# columns of a game's result row (then the four ability counts)
FIRST, WINNER, REASON, TURNS, USED = range(5)
# columns of a recorded turn: game, player, ability (-1 none), target, place (-1 none), before
GAME, PLAYER, ABILITY, TARGET, PLACE, BEFORE = range(6)
DRAW = 2
START_MOVER, START_SHIELDS, START_CARDS, START_BOARD = 0, 1, 3, 11
"""A start position for ``play``: the player to move, each player's shielded cell (-1 none), each player's four card
counts, then every cell's engine value (``engine.token``)."""
LINE, FORT_WIN, TERRITORY, STALEMATE, FULL = range(1, 6)  # compiled.REASONS


@njit(cache=True)
def _draw(n: int) -> int:
    """A uniform integer in ``0..n-1``."""
    return int(np.random.random() * n)


@njit(cache=True)
def _set(cell: int, value: int, own: np.ndarray, cells: np.ndarray, count: np.ndarray, pos: np.ndarray,
         through: np.ndarray, lsum: np.ndarray, cnt: np.ndarray, psum: np.ndarray, hot: np.ndarray,
         wins: np.ndarray, length: int) -> bool:
    """Make ``cell`` hold ``value`` (0 empty, 1 X, 2 O); True when that completes a line of it.

    Each line through ``cell`` one token short of a player's complete line, with no enemy token,
    counts in ``hot`` at its missing cell (``lsum`` minus the sum of that player's cells in it);
    ``wins`` counts each player's cells with a nonzero count."""
    old = own[cell]
    i, last = pos[cell], cells[old, count[old] - 1]
    cells[old, i], pos[last] = last, i
    count[old] -= 1
    cells[value, count[value]], pos[cell] = cell, count[value]
    count[value] += 1
    own[cell] = value
    line = False
    for k in range(through.shape[1]):
        ln = through[cell, k]
        if ln < 0:
            break
        for delta in (-1, 1):  # unmark the line's missing cells, count the change, mark them again
            if delta > 0 and old:
                cnt[old - 1, ln] -= 1
                psum[old - 1, ln] -= cell
            if delta > 0 and value:
                cnt[value - 1, ln] += 1
                psum[value - 1, ln] += cell
                line = line or cnt[value - 1, ln] == length
            for p in range(2):
                if cnt[p, ln] == length - 1 and cnt[1 - p, ln] == 0:
                    hole = lsum[ln] - psum[p, ln]
                    hot[p, hole] += delta
                    if hot[p, hole] == (1 if delta > 0 else 0):
                        wins[p] += delta
    return line


@njit(cache=True)
def _nth(hot: np.ndarray, r: int) -> int:
    """The ``r``-th (0-based) cell with a nonzero count in ``hot``."""
    for cell in range(hot.shape[0]):
        if hot[cell]:
            if r == 0:
                return cell
            r -= 1
    return -1


@njit(cache=True)
def _choose(cards: np.ndarray, ne: int, nt: int, ntu: int, nm: int, nw: int, fortress_wins: bool) -> tuple[int, bool]:
    """Levels 1 and 2 of the random policy (``turns.options``): the ability (-1 none), uniform among
    none and the cards playable this turn, then whether it comes before the placement, uniform among
    the legal timings. Counts: empty cells, enemy tokens, unshielded ones, own tokens, empty cells
    where the mover completes a line; ``fortress_wins``: a fortress completes the mover's set."""
    before_ok = (nt > 0, nm > 0, ntu > 0, ne >= 2 or (ne == 1 and (nw > 0 or fortress_wins)))
    after_ok = (nt > 0, True, ntu > 0, ne >= 2)  # each only after a placement that does not win: ne > nw
    avail = 0
    for a in range(4):
        if cards[a] > 0 and (before_ok[a] or (after_ok[a] and ne > nw)):
            avail += 1
    choice = _draw(1 + avail)
    for a in range(4):
        if choice > 0 and cards[a] > 0 and (before_ok[a] or (after_ok[a] and ne > nw)):
            choice -= 1
            if choice == 0:
                return a, before_ok[a] and (not (after_ok[a] and ne > nw) or np.random.random() < 0.5)
    return -1, False


@njit(cache=True)
def _target(cells: np.ndarray, count: np.ndarray, pos: np.ndarray, ability: int, me: int, shielded: int) -> int:
    """A uniform target of ``ability`` among the current cells (``shielded``: the enemy's shielded
    token or -1; a fortress on the last empty cell only when it wins, which the caller made sure of)."""
    if ability == SHIELD:
        return cells[me + 1, _draw(count[me + 1])]
    if ability == FORTRESS:
        return cells[0, _draw(count[0])]
    enemy = 2 - me
    if ability == BOMB or shielded < 0:
        return cells[enemy, _draw(count[enemy])]
    i = _draw(count[enemy] - 1)  # convert: any enemy token but the shielded one
    return cells[enemy, i + 1 if i >= pos[shielded] else i]


@njit(cache=True)
def play(through: np.ndarray, lsum: np.ndarray, cross: np.ndarray, rules: np.ndarray, greedy: np.ndarray,
         banned: np.ndarray, games: int, seed: int, record: bool, start: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``games`` games; ``rules``: line length, fortress victory, territory victory, then the four card
    counts; ``greedy``: per seat; ``banned``: per seat, an ability it never plays (-1: none), the random
    policy conditioned on not playing it (restricted play: a plain placement is always left); ``start``: empty,
    or a position every game starts from (see :data:`START`). Returns the result rows and (when ``record``) the
    turn rows."""
    np.random.seed(seed)
    n_cells, n_lines = through.shape[0], lsum.shape[0]
    length, fv, territory = rules[0], rules[1], rules[2]
    own = np.zeros(n_cells, dtype=np.int64)
    fort = np.zeros(n_cells, dtype=np.bool_)
    cells = np.zeros((3, n_cells), dtype=np.int64)
    count = np.zeros(3, dtype=np.int64)
    pos = np.zeros(n_cells, dtype=np.int64)
    cnt = np.zeros((2, n_lines), dtype=np.int64)
    psum = np.zeros((2, n_lines), dtype=np.int64)
    hot = np.zeros((2, n_cells), dtype=np.int64)
    wins = np.zeros(2, dtype=np.int64)
    forts = np.zeros(2, dtype=np.int64)
    shields = np.zeros(2, dtype=np.int64)
    cards = np.zeros((2, 4), dtype=np.int64)
    hand = np.zeros(4, dtype=np.int64)  # the mover's cards it may play
    out = np.zeros((games, USED + 4), dtype=np.int64)
    rec = np.zeros((1024 if record else 1, 6), dtype=np.int64)
    n_rec = 0
    for g in range(games):
        own[:] = 0
        fort[:] = False
        cnt[:] = 0
        psum[:] = 0
        hot[:] = 0
        wins[:] = 0
        forts[:] = 0
        shields[:] = -1
        for c in range(n_cells):
            cells[0, c], pos[c] = c, c
        count[0], count[1], count[2] = n_cells, 0, 0
        for p in range(2):
            cards[p, :] = rules[3:7]
        mover = int(np.random.random() < 0.5)
        if start.shape[0]:  # a position of a game under way (the mcts player's playouts)
            mover, shields[0], shields[1] = start[START_MOVER], start[START_SHIELDS], start[START_SHIELDS + 1]
            cards[0, :], cards[1, :] = start[START_CARDS : START_CARDS + 4], start[START_CARDS + 4 : START_BOARD]
            for c in range(n_cells):
                value = start[START_BOARD + c]
                if value:  # the engine's token values: 1/2 ordinary X/O, 3/4 fortress X/O
                    side = (value - 1) & 1
                    if value >= 3:
                        fort[c] = True
                        forts[side] += 1
                    _set(c, side + 1, own, cells, count, pos, through, lsum, cnt, psum, hot, wins, length)
        out[g, FIRST] = mover
        turns, reason = 0, 0
        while True:
            me, opp = mover, 1 - mover
            shields[me] = -1
            ability, before, target, place = -1, False, -1, -1
            forced = -1  # greedy: complete an own line, else block the opponent's
            if greedy[me]:
                if wins[me]:
                    forced = _nth(hot[me], _draw(wins[me]))
                elif wins[opp]:
                    forced = _nth(hot[opp], _draw(wins[opp]))
            if forced >= 0:
                place = forced
            else:
                ne, nt = count[0], count[opp + 1]
                sh = shields[opp]
                shielded = sh >= 0 and own[sh] == opp + 1
                ntu = nt - 1 if shielded else nt
                hand[:] = cards[me]
                if banned[me] >= 0:
                    hand[banned[me]] = 0
                ability, before = _choose(hand, ne, nt, ntu, count[me + 1], wins[me], forts[me] + 1 >= fv)
                if ability >= 0 and not before:  # a placement the ability follows must not win
                    place = cells[0, _draw(ne)]
                    while hot[me, place]:
                        place = cells[0, _draw(ne)]
                    _set(place, me + 1, own, cells, count, pos, through, lsum, cnt, psum, hot, wins, length)
                if ability >= 0:
                    target = _target(cells, count, pos, ability, me, sh if shielded else -1)
                    cards[me, ability] -= 1
                    if ability == BOMB:  # the cross empties but for shielded cells; no victory check
                        for k in range(cross.shape[1]):
                            c = cross[target, k]
                            if c >= 0 and own[c] and c != shields[0] and c != shields[1]:
                                if fort[c]:
                                    forts[own[c] - 1] -= 1
                                    fort[c] = False
                                _set(c, np.int64(0), own, cells, count, pos, through, lsum, cnt, psum, hot, wins, length)
                    elif ability == SHIELD:
                        shields[me] = target
                    else:  # convert or fortress: a token of the mover appears on target
                        if fort[target]:
                            forts[opp] -= 1
                        fort[target] = ability == FORTRESS
                        if ability == FORTRESS:
                            forts[me] += 1
                        if _set(target, me + 1, own, cells, count, pos, through, lsum, cnt, psum, hot, wins, length):
                            reason = LINE
                        elif forts[me] >= fv:
                            reason = FORT_WIN
                if reason == 0 and (ability < 0 or before):
                    place = cells[0, _draw(count[0])]
            if place >= 0 and (ability < 0 or before) and reason == 0:
                if _set(place, me + 1, own, cells, count, pos, through, lsum, cnt, psum, hot, wins, length):
                    reason = LINE
            if record:
                if n_rec >= rec.shape[0]:
                    bigger = np.zeros((rec.shape[0] * 2, 6), dtype=np.int64)
                    bigger[:n_rec] = rec[:n_rec]
                    rec = bigger
                rec[n_rec, GAME], rec[n_rec, PLAYER], rec[n_rec, ABILITY] = g, me, ability
                rec[n_rec, TARGET], rec[n_rec, PLACE], rec[n_rec, BEFORE] = target, place, before
                n_rec += 1
            if ability >= 0:
                out[g, USED + ability] += 1
            turns += 1
            mover = opp
            if reason:
                out[g, WINNER] = me
                break
            if count[0] == 0:
                x, o = count[1], count[2]
                reason = TERRITORY if territory and x != o else (STALEMATE if territory else FULL)
                out[g, WINNER] = (0 if x > o else 1) if reason == TERRITORY else DRAW
                break
        out[g, REASON], out[g, TURNS] = reason, turns
    return out, rec[:n_rec]
