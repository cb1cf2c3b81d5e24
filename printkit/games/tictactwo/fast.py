"""The fast kernel: the "random", "uniform" and "greedy" players on bitboards with compiled steps and counting.

Each player here makes the same random draws, in the same order and over lists of the same length
and order, as its reference in rules.py, so a kernel run and ``simulate`` with the same seed
play the very same games: same moves, results, lengths, reasons and ``observe`` counters (the
tests check this and replay the kernel's recorded moves through :class:`TicTacTwo`). A board is
12 words (``packed.py``) that the compiled steps of ``jit.py`` change (an action, a topple, a
letter, lines found by shifting masks); the speed comes from those boards and from never listing
the turns a player draws among: the uniform player's turns are counted per action option and the
greedy player's winning, safe or other turns per prefix (action and topple) by ``jit.py``; the
draw (Python's ``random.Random``, as in the reference) picks a count, and only the drawn prefix is
built here.
"""

from __future__ import annotations

import random
import time
from typing import Any, Iterator

import numpy as np

from printkit.games.tictactwo import jit
from printkit.games.tictactwo.packed import pack, shift_keys
from printkit.games.tictactwo.params import ACTIONS
from printkit.games.tictactwo.rules import Action, Move, Pick, PlaceVoid, Turn
from printkit.rules.jit_notice import notice_first_compile
from printkit.rules.simulate import Tally

POLICIES = ("random", "uniform", "greedy")
DOUBLE, SWAP, SHIFT, DIBS, INTERSECT, WALL = range(6)
END, STEPS, TURNS, LETTERS = 4, 5, 6, 7
"""Columns of a ``jit.prefixes`` row."""

Board = np.ndarray
"""A board of ``packed.py``: 12 uint64 words."""
End = tuple[int | None, str]
"""How a step ended the game: (winner or None, reason)."""
KAction = tuple[int, int]
"""An action in kernel form: (index in ACTIONS, argument: a space, a swap, a shift or a slot)."""
Prefix = tuple[KAction | None, tuple[int, int] | None, Board, End | None]
"""A turn before its letter: action, topple, the board after them and the end they made."""
KTurn = tuple[KAction | None, tuple[int, int] | None, int | None, Board, End | None, int]
"""A whole turn: action, topple, letter (None when a step ended the game), board after, end, and the spaces where
the other player may then write (after a letter)."""


def nth(mask: int, index: int) -> int:
    """The ``index``-th set bit of ``mask``, counting from the lowest.

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


class Game:
    """One game in progress between two named players (seat 1 writes X)."""

    def __init__(self, packed: tuple[np.ndarray, ...], params: Any, rng: random.Random) -> None:
        self.packed, self.params = packed, params
        self.lines, self.dirs, self.line_at, self.through, self.swaps, self.shifts, self.slots, info, spaces = packed
        self.k, self.slot_count, self.full = int(info[1]), int(info[2]), spaces[0]
        self.win_reason = f"line of {self.k}"
        self.below = rng._randbelow  # what rng.choice and rng.randrange(n) draw with
        self.hands = [[0] * len(ACTIONS), [0] * len(ACTIONS)]
        self.turns = [0, 0]
        self.held: list[list[int]] = [[], []]
        """The distinct unused actions of each player (none before their first turn: ``rules.action_names``)."""
        self.held_array: list[np.ndarray | None] = [None, None]

    # -- setup phases (every player drafts and places voids uniformly) -----------------------
    def setup(self, moves: list[Move] | None) -> tuple[Board, int]:
        """Draft and voids; the board at the start of play and the number of moves made."""
        params, below, count = self.params, self.below, 0
        drafted: list[list[int]] = [[], []]
        p = 1
        while params.actions_each and len(drafted[0]) < params.actions_each:
            taken = drafted[0] + drafted[1]
            options = range(len(ACTIONS)) if params.meta else [a for a in range(len(ACTIONS)) if a not in taken]
            a = options[below(len(options))]
            drafted[p].append(a)
            self.hands[p][a] += 1
            count += 1
            if moves is not None:
                moves.append(Pick(p, ACTIONS[a]))
            p = 1 - p
        voids = 0
        if params.void:
            for p in (1, 0):
                cells = int(self.full) & ~voids
                cell = nth(cells, below(cells.bit_count()))
                voids |= 1 << cell
                count += 1
                if moves is not None:
                    moves.append(PlaceVoid(p, cell))
        board = np.zeros(12, dtype=np.uint64)
        board[3] = voids
        return board, count

    # -- the compiled steps ---------------------------------------------------------------------
    def writable(self, b: Board, p: int) -> int:
        """``rules.can_write`` for every space, as a mask."""
        return int(jit.writable(b, p, self.full))

    def check(self, b: Board, step: str) -> End | None:
        """``Work.check``: the end a step made, or None."""
        return self.end(jit.check(b, self.lines, self.dirs, self.line_at, self.k), step)

    def act(self, b: Board, p: int, action: KAction) -> End | None:
        """``rules.do_action`` in place: the end it made."""
        code = jit.acted(b, p, *action, self.lines, self.dirs, self.line_at, self.through, self.swaps, self.shifts, self.k)
        return self.end(code, ACTIONS[action[0]])

    def end(self, code: int, step: str) -> End | None:
        """The end of a compiled step's code (``jit.NONE``, a winner or ``jit.BOTH``), or None."""
        if code == jit.NONE:
            return None
        return (None, f"both players made a line ({step})") if code == jit.BOTH else (code, self.win_reason)

    def topple(self, b: Board, topple: tuple[int, int]) -> End | None:
        """``rules.do_topple`` in place: the end it made."""
        jit.topple(b, *topple)
        return self.check(b, "topple")

    def _names(self, p: int) -> np.ndarray:
        """``held`` as an array for ``jit`` (made again after a change)."""
        held = self.held_array[p]
        if held is None:
            held = self.held_array[p] = np.array(self.held[p], dtype=np.int64)
        return held

    def _took_turn(self, p: int, action: int | None) -> None:
        """Count a turn of ``p`` and the action it used; its action names then change."""
        self.turns[p] += 1
        if action is not None:
            self.hands[p][action] -= 1
        if action is not None or self.turns[p] == 1:
            hand = self.hands[p]
            self.held[p] = [a for a in range(len(ACTIONS)) if hand[a]]
            self.held_array[p] = None

    def _topples(self, b: Board, p: int) -> list[tuple[int, int]]:
        """``rules.topple_options``: (slot, space) by slot then space (none on a first turn)."""
        if not self.turns[p]:
            return []
        return [(int(slot), int(cell)) for slot, cell in jit.topples(b, p, self.slots)]

    def _after_topples(self, w: Board, p: int, action: KAction | None) -> Iterator[Prefix]:
        """The prefixes of a position after ``action`` (or none): no topple, then each topple."""
        yield action, None, w, None
        for topple in self._topples(w, p):
            after = w.copy()
            yield action, topple, after, self.topple(after, topple)

    def place(self, prefix: Prefix, cell: int | None, p: int) -> KTurn:
        """The whole turn: a prefix and its letter (None when the prefix ended the game)."""
        action, topple, w, end = prefix
        if cell is None:
            return action, topple, None, w, end, 0
        return self._write(action, topple, w.copy(), cell, p)

    def _write(self, action: KAction | None, topple: tuple[int, int] | None, w: Board, cell: int, p: int) -> KTurn:
        """The turn of ``action`` and ``topple`` (already made on ``w``) that writes on ``cell``, written on ``w``."""
        code, open_ = jit.letter(w, p, cell, self.lines, self.through, self.full)
        return action, topple, cell, w, None if code == jit.NONE else (p, self.win_reason), int(open_)

    # -- the players ----------------------------------------------------------------------------
    def random(self, b: Board, p: int) -> KTurn:
        """``rules.py's ``player_random```` in play."""
        for _ in range(20):
            turn = self._random_turn(b, p)
            if turn is not None:
                return turn
        return self.uniform(b, p)

    def _random_turn(self, b: Board, p: int) -> KTurn | None:
        below, names, w, action = self.below, self.held[p], b.copy(), None
        pick = below(len(names) + 1)
        if pick:
            a = names[pick - 1]
            options = jit.options(b, p, a, self.full, self.slot_count, self.swaps, self.shifts.shape[0])
            if not len(options):
                return None
            action = (a, int(options[below(len(options))]))
            end = self.act(w, p, action)
            if end is not None:
                return action, None, None, w, end, 0
        count, cells = jit.draws(w, p, not self.turns[p], self.full, self.slots)
        pick = below(count + 1)
        topple = None
        if pick:
            topple = self._topples(w, p)[pick - 1]
            end = self.topple(w, topple)
            if end is not None:
                return action, topple, None, w, end, 0
            cells = jit.writable(w, p, self.full)
        cells = int(cells)
        if not cells:
            return None
        return self._write(action, topple, w, nth(cells, below(cells.bit_count())), p)

    def uniform(self, b: Board, p: int) -> KTurn:
        """``rules.py's ``player_uniform```` in play: one draw over the count of every legal turn.

        The turns are counted per action option (``jit.uniform_groups``) without listing them;
        only the drawn option's turns are listed.
        """
        groups = jit.uniform_groups(b, p, not self.turns[p], self._names(p), self.packed)
        ends = groups[:, 2]
        index = self.below(int(ends[-1]))
        group = int(ends.searchsorted(index, side="right"))
        w, action, end = b, None, None
        if group:
            index -= int(ends[group - 1])
            a, arg = int(groups[group, 0]), int(groups[group, 1])
            action, w = (a, arg), b.copy()
            end = self.act(w, p, action)
        if end is not None:
            return action, None, None, w, end, 0
        for prefix in self._after_topples(w, p, action):
            size = 1 if prefix[3] is not None else self.writable(prefix[2], p).bit_count()
            if index < size:
                return self.place(prefix, None if prefix[3] is not None else nth(self.writable(prefix[2], p), index), p)
            index -= size
        raise AssertionError("index beyond the legal turns")

    def greedy(self, b: Board, p: int) -> KTurn:
        """``rules.py's ``player_greedy```` in play (same draws; see the module docstring)."""
        below, q = self.below, 1 - p
        reach = 2 if self.hands[q][DOUBLE] and self.turns[q] else 1
        plain: Prefix = (None, None, b, None)
        alone, need, threatened = jit.greedy_looks(b, p, reach, self.packed)
        if alone:  # a letter alone wins: the simplest wins are these
            cells = int(alone)
            return self.place(plain, nth(cells, below(cells.bit_count())), p)
        names = self.held[p]
        if need <= 1 or SHIFT in names or need == 2 and (DOUBLE in names or SWAP in names):  # a turn may win
            rows = jit.prefixes(b, p, not self.turns[p], self._names(p), jit.WINS, 2, need, self.packed)
            wins = rows[:, TURNS]
            if wins.any():  # the simplest winning turns
                steps = rows[:, STEPS]
                turn = self._draw(b, p, rows, wins * (steps == steps[wins > 0].min()), jit.WINS)
                assert turn is not None
                return turn
        listed: np.ndarray | None = None
        if threatened:
            cells = int(jit.safe_cells(b, p, reach, self.packed))
            if cells:  # the simplest safe turns: a letter alone, else one step, else two
                return self.place(plain, nth(cells, below(cells.bit_count())), p)
            for depth in (1, 2):
                listed = self._rows(b, p, reach, depth)
                turn = self._draw(b, p, listed, listed[:, TURNS] * (listed[:, STEPS] == depth), reach)
                if turn is not None:
                    return turn
        for _ in range(10):
            turn = self.random(b, p)
            if turn[4] is None and not jit.threatened(turn[3], q, reach, self.packed):
                return turn
        if listed is None:
            listed = self._rows(b, p, reach, 2)
            turn = self._draw(b, p, listed, listed[:, TURNS], reach)
            if turn is not None:
                return turn
        ended, letters = listed[:, END] != jit.NONE, listed[:, LETTERS]
        turn = self._draw(b, p, listed, np.where(ended, listed[:, END] != q, letters))
        return turn or self._draw(b, p, listed, np.where(ended, 1, letters))  # type: ignore[return-value]

    def _rows(self, b: Board, p: int, reach: int, depth: int) -> np.ndarray:
        """``jit.prefixes``: the prefixes of at most ``depth`` steps with their safe letters."""
        return jit.prefixes(b, p, not self.turns[p], self._names(p), reach, depth, 0, self.packed)

    def _draw(self, b: Board, p: int, rows: np.ndarray, counts: np.ndarray, reach: int = 0) -> KTurn | None:
        """One draw among the turns counted per prefix row, in order (None when there are none): after
        a prefix, its winning letters (``reach`` WINS), safe letters (``reach`` 1 or 2) or letters (0);
        a prefix that ended the game is one turn."""
        total = int(counts.sum())
        if not total:
            return None
        index = self.below(total)
        ends = counts.cumsum()
        i = int(np.searchsorted(ends, index, side="right"))
        index -= int(ends[i - 1]) if i else 0
        prefix = self._prefix(b, p, rows[i])
        if prefix[3] is not None:
            return self.place(prefix, None, p)
        w = prefix[2]
        if reach == jit.WINS:
            cells = int(jit.win_cells(w, p, self.packed))
        else:
            cells = int(jit.safe_cells(w, p, reach, self.packed)) if reach else self.writable(w, p)
        return self.place(prefix, nth(cells, index), p)

    def _prefix(self, b: Board, p: int, row: np.ndarray) -> Prefix:
        """The prefix of a ``jit.prefixes`` row."""
        a, arg, slot, cell = (int(v) for v in row[:4])
        w, action, end = b, None, None
        if a >= 0:
            action, w = (a, arg), b.copy()
            end = self.act(w, p, action)
        if slot < 0:
            return action, None, w, end
        after = w.copy()
        return action, (slot, cell), after, self.topple(after, (slot, cell))

    def play(self, seats: tuple[str, str], tally: Tally, moves: list[Move] | None) -> None:
        """Play one game to its end and add it to the tally (and its moves to ``moves``)."""
        board, count = self.setup(moves)
        policies = [getattr(self, name) for name in seats]
        extra, p, last = tally.extra, 0, None
        open_ = self.writable(board, p)
        while True:
            if not open_:
                tally.add("draw", count, "board full")
                return
            action, topple, cell, board, end, open_ = policies[p](board, p)
            count += 1
            self._took_turn(p, None if action is None else action[0])
            if action is not None:
                extra[f"uses.{ACTIONS[action[0]]}"] += 1
            if topple is not None:
                extra["uses.topple"] += 1
            if moves is not None:
                moves.append(Turn(p, None if action is None else engine_action(self.packed, *action), topple, cell))
            if end is not None:
                winner, reason = end
                if winner is not None:
                    last = "letter" if action is None else ACTIONS[action[0]]
                    extra[f"decided.{last}"] += 1
                    if topple is not None:
                        extra["decided.topple"] += 1
                    if winner != p:
                        extra["decided.for_opponent"] += 1
                tally.add("draw" if winner is None else ("first" if winner == 0 else "second"), count, reason)
                return
            p = 1 - p


def engine_action(packed: tuple[np.ndarray, ...], action: int, arg: int) -> Action:
    """A kernel action as the engine's Action (``packed``: the board's tables)."""
    name = ACTIONS[action]
    if name == "swap":
        return Action(name, (int(packed[4][arg, 0]), int(packed[4][arg, 1])))
    if name == "shift":
        return Action(name, shift_keys(int(packed[7][0]))[arg])
    return Action(name, (arg,))


def run(params: Any, seats: tuple[str, str], games: int, seed: int,
        record: bool = False) -> tuple[Tally, list[list[Move]] | None]:
    """``games`` games seeded like ``simulate``; with ``record``, every game's moves as engine moves."""
    packed, rng, tally = pack(params.board_size, params.line_length), random.Random(seed), Tally()
    recorded: list[list[Move]] | None = [] if record else None
    if set(seats) & {"uniform", "greedy"}:  # the players whose counting is compiled
        notice_first_compile(jit.uniform_groups, "Tic Tac Two's turn counting")
    start = time.perf_counter()
    for _ in range(games):
        moves: list[Move] | None = [] if record else None
        Game(packed, params, rng).play(seats, tally, moves)
        if recorded is not None and moves is not None:
            recorded.append(moves)
    tally.seconds = time.perf_counter() - start
    return tally, recorded


def kernel(params: Any, seats: tuple[str, str], games: int, seed: int) -> Tally | None:
    """kit.toml's ``[hooks] kernel``: every pair of this game's players, any parameters."""
    if any(name not in POLICIES for name in seats):
        return None
    return run(params, seats, games, seed)[0]
