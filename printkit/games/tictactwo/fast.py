"""The fast kernel: the "random", "uniform" and "greedy" players on bitboards (see bits.py).

Each player here makes the same random draws, in the same order and over lists of the same length
and order, as its reference in rules.py, so a kernel run and ``simulate`` with the same seed
play the very same games: same moves, results, lengths, reasons and ``observe`` counters (the
tests check this and replay the kernel's recorded moves through :class:`TicTacTwo`). The speed
comes from the boards (ints instead of tuples of spaces), lines found by shifting masks, and
never listing the turns a player draws among: the uniform player's turns are counted per action
option and the greedy player's winning, safe or other turns per prefix (action and topple) by
compiled code (jit.py); the draw picks a count, and only the drawn prefix is built here.
"""

from __future__ import annotations

import random
import time
from typing import Any, Iterator

import numpy as np

from printkit.games.tictactwo import jit
from printkit.games.tictactwo.bits import Board, End, Tables, nth, tables
from printkit.games.tictactwo.packed import pack, words
from printkit.games.tictactwo.params import ACTIONS
from printkit.games.tictactwo.rules import Action, Move, Pick, PlaceVoid, Turn
from printkit.rules.jit_notice import notice_first_compile
from printkit.rules.simulate import Tally

POLICIES = ("random", "uniform", "greedy")
DOUBLE, SWAP, SHIFT, DIBS, INTERSECT, WALL = range(6)
MOVERS = (DOUBLE, SWAP, SHIFT)
"""The actions that change letters (only they can make a line; dibs, intersect and walls cannot)."""
END, STEPS, TURNS, LETTERS = 4, 5, 6, 7
"""Columns of a ``jit.prefixes`` row."""

KAction = tuple[int, int]
"""An action in kernel form: (index in ACTIONS, argument: a space, a swap, a shift or a slot)."""
Prefix = tuple[KAction | None, tuple[int, int] | None, Board, End | None]
"""A turn before its letter: action, topple, the board after them and the end they made."""
KTurn = tuple[KAction | None, tuple[int, int] | None, int | None, Board, End | None]
"""A whole turn: action, topple, letter (None when a step ended the game), board after, end."""


class Game:
    """One game in progress between two named players (seat 1 writes X)."""

    def __init__(self, t: Tables, params: Any, rng: random.Random) -> None:
        self.t, self.params = t, params
        self.packed = pack(t)
        self.below = rng._randbelow  # what rng.choice and rng.randrange(n) draw with
        self.hands = [[0] * len(ACTIONS), [0] * len(ACTIONS)]
        self.turns = [0, 0]
        self.held: list[list[int]] = [[], []]
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
        board = [0] * 8
        if params.void:
            for p in (1, 0):
                cells = self.t.full & ~board[3]
                cell = nth(cells, below(cells.bit_count()))
                board[3] |= 1 << cell
                count += 1
                if moves is not None:
                    moves.append(PlaceVoid(p, cell))
        return board, count

    # -- turns ----------------------------------------------------------------------------------
    def names(self, p: int) -> list[int]:
        """``turns.action_names``: the distinct unused actions (none on a first turn)."""
        return self.held[p]

    def _names(self, p: int) -> np.ndarray:
        """``names`` as an array for ``jit`` (made again after a change)."""
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

    def _topples(self, w: Board, p: int, action: KAction | None) -> Iterator[Prefix]:
        """The prefixes of a position after ``action`` (or none): no topple, then each topple."""
        t = self.t
        yield action, None, w, None
        if self.turns[p]:
            for topple in t.topples(w, p):
                after = w[:]
                t.topple(after, *topple)
                yield action, topple, after, t.check(after, "topple")

    def place(self, prefix: Prefix, cell: int | None, p: int) -> KTurn:
        """The whole turn: a prefix and its letter (None when the prefix ended the game)."""
        action, topple, w, end = prefix
        if cell is None:
            return action, topple, None, w, end
        after = w[:]
        self.t.write(after, cell, p)
        return action, topple, cell, after, self.t.placed(after, p, cell)

    def random(self, b: Board, p: int) -> KTurn:
        """``rules.py's ``player_random```` in play."""
        for _ in range(20):
            turn = self._random_turn(b, p)
            if turn is not None:
                return turn
        return self.uniform(b, p)

    def _random_turn(self, b: Board, p: int) -> KTurn | None:
        t, below = self.t, self.below
        names = self.names(p)
        pick = below(len(names) + 1)
        w, action = b, None
        if pick:
            a = names[pick - 1]
            if a == SWAP or a == SHIFT:
                options = t.options(b, p, a)
                if not options:
                    return None
                action = (a, options[below(len(options))])
            else:
                mask = t.option_mask(b, p, a)
                if not mask:
                    return None
                action = (a, nth(mask, below(mask.bit_count())))
            w = b[:]
            t.act(w, p, *action)
            end = t.check(w, ACTIONS[a]) if a in MOVERS else None
            if end is not None:
                return action, None, None, w, end
        topples = t.topples(w, p) if self.turns[p] else []
        pick = below(len(topples) + 1)
        topple = None
        if pick:
            topple = topples[pick - 1]
            w = w[:]
            t.topple(w, *topple)
            end = t.check(w, "topple")
            if end is not None:
                return action, topple, None, w, end
        cells = t.writable(w, p)
        if not cells:
            return None
        return self.place((action, topple, w, None), nth(cells, below(cells.bit_count())), p)

    def uniform(self, b: Board, p: int) -> KTurn:
        """``rules.py's ``player_uniform```` in play: one draw over the count of every legal turn.

        The turns are counted per action option (``jit.uniform_groups``) without listing them;
        only the drawn option's turns are listed.
        """
        t = self.t
        groups = jit.uniform_groups(words(b), p, not self.turns[p], self._names(p), self.packed)
        ends = groups[:, 2]
        index = self.below(int(ends[-1]))
        group = int(ends.searchsorted(index, side="right"))
        w, action, end = b, None, None
        if group:
            index -= int(ends[group - 1])
            a, arg = int(groups[group, 0]), int(groups[group, 1])
            action, w = (a, arg), b[:]
            t.act(w, p, a, arg)
            end = t.placed(w, p, arg) if a == DOUBLE else t.check(w, ACTIONS[a]) if a in MOVERS else None
        if end is not None:
            return action, None, None, w, end
        for prefix in self._topples(w, p, action):
            size = 1 if prefix[3] is not None else t.writable(prefix[2], p).bit_count()
            if index < size:
                return self.place(prefix, None if prefix[3] is not None else nth(t.writable(prefix[2], p), index), p)
            index -= size
        raise AssertionError("index beyond the legal turns")

    def greedy(self, b: Board, p: int) -> KTurn:
        """``rules.py's ``player_greedy```` in play (same draws; see the module docstring)."""
        t, below, q = self.t, self.below, 1 - p
        reach = 2 if self.hands[q][DOUBLE] and self.turns[q] else 1
        plain: Prefix = (None, None, b, None)
        packed = words(b)
        alone, need, threatened = jit.greedy_looks(packed, p, reach, self.packed)
        if alone:  # a letter alone wins: the simplest wins are these
            cells = int(alone)
            return self.place(plain, nth(cells, below(cells.bit_count())), p)
        names = self.names(p)
        if need <= 1 or SHIFT in names or need == 2 and (DOUBLE in names or SWAP in names):  # a turn may win
            rows = jit.prefixes(packed, p, not self.turns[p], self._names(p), jit.WINS, 2, need, self.packed)
            wins = rows[:, TURNS]
            if wins.any():  # the simplest winning turns
                steps = rows[:, STEPS]
                turn = self._draw(b, p, rows, wins * (steps == steps[wins > 0].min()), jit.WINS)
                assert turn is not None
                return turn
        listed: np.ndarray | None = None
        if threatened:
            cells = int(jit.safe_cells(packed, p, reach, self.packed))
            if cells:  # the simplest safe turns: a letter alone, else one step, else two
                return self.place(plain, nth(cells, below(cells.bit_count())), p)
            for depth in (1, 2):
                listed = self._rows(packed, p, reach, depth)
                turn = self._draw(b, p, listed, listed[:, TURNS] * (listed[:, STEPS] == depth), reach)
                if turn is not None:
                    return turn
        for _ in range(10):
            turn = self.random(b, p)
            if turn[4] is None and not t.threatened(turn[3], q, reach):
                return turn
        if listed is None:
            listed = self._rows(packed, p, reach, 2)
            turn = self._draw(b, p, listed, listed[:, TURNS], reach)
            if turn is not None:
                return turn
        ended, letters = listed[:, END] != jit.NONE, listed[:, LETTERS]
        turn = self._draw(b, p, listed, np.where(ended, listed[:, END] != q, letters))
        return turn or self._draw(b, p, listed, np.where(ended, 1, letters))  # type: ignore[return-value]

    def _rows(self, packed: np.ndarray, p: int, reach: int, depth: int) -> np.ndarray:
        """``jit.prefixes`` on a board as ``words``: the prefixes of at most ``depth`` steps with their
        safe letters."""
        return jit.prefixes(packed, p, not self.turns[p], self._names(p), reach, depth, 0, self.packed)

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
        t, w = self.t, prefix[2]
        cells = t.win_cells(w, p) if reach == jit.WINS else t.safe_cells(w, p, reach) if reach else t.writable(w, p)
        return self.place(prefix, nth(cells, index), p)

    def _prefix(self, b: Board, p: int, row: np.ndarray) -> Prefix:
        """The prefix of a ``jit.prefixes`` row."""
        t = self.t
        a, arg, slot, cell = (int(v) for v in row[:4])
        w, action, end = b, None, None
        if a >= 0:
            action, w = (a, arg), b[:]
            t.act(w, p, a, arg)
            end = t.check(w, ACTIONS[a]) if a in MOVERS else None
        if slot < 0:
            return action, None, w, end
        after = w[:]
        t.topple(after, slot, cell)
        return action, (slot, cell), after, t.check(after, "topple")

    def play(self, seats: tuple[str, str], tally: Tally, moves: list[Move] | None) -> None:
        """Play one game to its end and add it to the tally (and its moves to ``moves``)."""
        t = self.t
        board, count = self.setup(moves)
        policies = [getattr(self, name) for name in seats]
        extra, p, last = tally.extra, 0, None
        while True:
            if not t.writable(board, p):
                tally.add("draw", count, "board full")
                return
            action, topple, cell, board, end = policies[p](board, p)
            count += 1
            self._took_turn(p, None if action is None else action[0])
            if action is not None:
                extra[f"uses.{ACTIONS[action[0]]}"] += 1
            if topple is not None:
                extra["uses.topple"] += 1
            if moves is not None:
                moves.append(Turn(p, None if action is None else engine_action(t, *action), topple, cell))
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


def engine_action(t: Tables, action: int, arg: int) -> Action:
    """A kernel action as the engine's Action."""
    name = ACTIONS[action]
    if name == "swap":
        return Action(name, t.swaps[arg][:2])
    if name == "shift":
        return Action(name, t.shifts[arg][0])
    return Action(name, (arg,))


def run(params: Any, seats: tuple[str, str], games: int, seed: int,
        record: bool = False) -> tuple[Tally, list[list[Move]] | None]:
    """``games`` games seeded like ``simulate``; with ``record``, every game's moves as engine moves."""
    t, rng, tally = tables(params.board_size, params.line_length), random.Random(seed), Tally()
    recorded: list[list[Move]] | None = [] if record else None
    if set(seats) & {"uniform", "greedy"}:  # the players whose counting is compiled
        notice_first_compile(jit.uniform_groups, "Tic Tac Two's turn counting")
    start = time.perf_counter()
    for _ in range(games):
        moves: list[Move] | None = [] if record else None
        Game(t, params, rng).play(seats, tally, moves)
        if recorded is not None and moves is not None:
            recorded.append(moves)
    tally.seconds = time.perf_counter() - start
    return tally, recorded


def kernel(params: Any, seats: tuple[str, str], games: int, seed: int) -> Tally | None:
    """kit.toml's ``[hooks] kernel``: every pair of this game's players, any parameters."""
    if any(name not in POLICIES for name in seats):
        return None
    return run(params, seats, games, seed)[0]
