"""Tic Tac Two: 4 x 4 Tic Tac Toe with six drafted special actions, Meta and Void variations.

The rules of the kit folder (kit.toml's ``[game] rules``), written on printkit.kitrules like any designer's. O drafts
first, then (Void variation) each player places a void, then X writes first. A turn is at most one unused special
action, then at most one topple of an own wall, then a letter; lines are checked after every step and the first that
makes one ends the game (lines for both players at once: a draw). Positions are frozen dataclasses (:class:`State`):
a space is a bit set (``X`` / ``O`` letters, an ``INTERSECT`` indicator, a ``VOID``, a pending dibs claim of X or O),
walls a tuple with one entry per slot of the board (-1 for none, else the owner); :meth:`TicTacTwo.play` returns a new
state and refuses an illegal move itself, naming its first faulty step.

Notation, one line per move, each starting with the letter of the player who makes it:

- draft: ``O picks swap``
- voids (Void variation): ``O void B2``
- a turn: ``[action, ][topple, ]letter`` after the player's letter, parts joined by ", ":
  ``X C3`` (a letter only), ``X double B2, C3`` (extra letter on B2, then C3),
  ``X swap B2 C3, D4``, ``X shift row 2 right, A1``, ``X shift column B up, A1``,
  ``X dibs C3, C3`` (reserve C3 and overwrite it at once), ``X intersect B2, B2``,
  ``X wall B2|C2, D4`` (vertical wall between B2 and C2; ``B2|B3`` is horizontal,
  ``A1|top`` / ``A1|left`` / ``D4|bottom`` / ``D4|right`` lie on the outer edge),
  ``O topple B2|C2 onto C2, C2`` (own wall falls onto C2, erasing its letters, then O writes
  there), ``X wall B2|C2, topple B2|C2 onto B2, B2``.
- when an action or a topple makes a line the game ends there and the line stops:
  ``O swap B2 C3`` or ``O topple B2|C2 onto C2``.

Spaces are numbered ``row * n + col`` (A1 = 0, B1 = 1, ...; rows count from the top). Grid points are ``(x, y)`` with
``0 <= x, y <= n``; space (col, row) spans points (col, row) to (col + 1, row + 1). A wall slot is one unit of border:
interior slots lie between two spaces (``B2|C2`` is vertical, ``B2|B3`` horizontal), edge slots on the outer rim
(``A1|top``).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache, reduce
from operator import and_
from typing import Any, Iterator, Mapping, Sequence

from printkit.games.tictactwo.params import ACTIONS
from printkit.kitrules import (
    Game,
    IllegalMove,
    NotationError,
    Numbered,
    Outcome,
    Printed,
    Shown,
    Step,
    Table,
    grid_names,
    result_text,
    take_turns,
)
from printkit.userinput.text import quoted

X, O, INTERSECT, VOID, DIBS_X, DIBS_O = 1, 2, 4, 8, 16, 32

LETTER = (X, O)
DIBS = (DIBS_X, DIBS_O)
ANY_DIBS = DIBS_X | DIBS_O
MARKS = ("X", "O")

DRAFT, VOIDS, PLAY = "draft", "void", "play"


@dataclass(frozen=True)
class Pick:
    """A draft pick: ``O picks swap``."""

    player: int
    action: str


@dataclass(frozen=True)
class PlaceVoid:
    """A void placed before play (Void variation): ``X void B2``."""

    player: int
    cell: int


@dataclass(frozen=True)
class Action:
    """A special action and its arguments.

    double (cell,), swap (cell, cell) in ascending order, shift (axis, index, step) with axis
    "row" / "column" and step +1 (right / down) or -1 (left / up), dibs (cell,),
    intersect (cell,), wall (slot,).
    """

    name: str
    args: tuple[int | str, ...]


@dataclass(frozen=True)
class Turn:
    """A turn: optional special action, optional topple (slot, space), then the letter.

    ``place`` is None only when the game ended before the letter (an action or topple made a
    line).
    """

    player: int
    action: Action | None = None
    topple: tuple[int, int] | None = None
    place: int | None = None


Move = Pick | PlaceVoid | Turn


@dataclass(frozen=True)
class State:
    """A position: phase, player to move, hands, spaces, walls and the result once decided."""

    phase: str
    to_move: int
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    drafted: tuple[tuple[str, ...], tuple[str, ...]]
    cells: tuple[int, ...]
    walls: tuple[int, ...]
    turns: tuple[int, int] = (0, 0)
    winner: int | None = None
    reason: str | None = None
    uses: tuple[int, ...] = field(default=(0,) * 6, compare=False)
    """How often each action (in ACTIONS order) was used so far (simulate's counters)."""
    topples: int = field(default=0, compare=False)
    last: Turn | None = field(default=None, compare=False)
    """The turn just played (None after a draft pick or a void)."""

    @property
    def decided(self) -> bool:
        return self.reason is not None


# --- the board: spaces, wall slots, lines --------------------------------------------------------------------------


EDGES = ("top", "bottom", "left", "right")


@dataclass(frozen=True)
class Slot:
    """One wall slot: its name, the spaces beside it, orientation and end points."""

    index: int
    name: str
    cells: tuple[int, ...]
    vertical: bool
    ends: tuple[tuple[int, int], tuple[int, int]]

    @property
    def edge(self) -> bool:
        return len(self.cells) == 1


@dataclass(frozen=True)
class Line:
    """A winning segment: its spaces and every slot that cuts it."""

    cells: tuple[int, ...]
    blockers: tuple[int, ...]


class Geometry:
    """Spaces, slots and lines of an ``n`` x ``n`` board with lines of ``k``."""

    def __init__(self, n: int, k: int) -> None:
        self.n, self.k = n, k
        self.names = grid_names(n, n)
        self.slots = _make_slots(n)
        self.slot_by_name = {s.name: s for s in self.slots}
        self.corner_slots = _corner_slots(n, self.slots)
        self.neighbours = tuple(tuple(self._neighbours(c)) for c in range(n * n))
        self.between = {(a, b): self._blocking(a, b) for a in range(n * n) for b in self.neighbours[a]}
        """The slots between each pair of neighbouring spaces (:meth:`blocking`), looked up on every swap and line."""
        self.lines = tuple(self._make_lines())

    def cell(self, text: str) -> int:
        """A space from its name (``C3``); NotationError when off the board."""
        t = text.strip().upper()
        n = self.n
        if len(t) >= 2 and t[0].isalpha() and t[1:].isascii() and t[1:].isdigit() and len(t[1:]) <= 9:
            col, row = ord(t[0]) - 65, int(t[1:]) - 1
            if 0 <= col < n and 0 <= row < n:
                return row * n + col
        raise NotationError(
            f"{quoted(text)} is off the board (columns A-{chr(64 + n)}, rows 1-{n})"
        )

    def slot(self, text: str) -> Slot:
        """A wall slot from ``B2|C2`` / ``C2|B2`` / ``A1|top``; NotationError otherwise."""
        parts = [p.strip() for p in text.split("|")]
        if len(parts) != 2:
            raise NotationError(f"{quoted(text)} is not a wall slot (expected like B2|C2 or A1|top)")
        if parts[0].lower() in EDGES:
            parts.reverse()
        first = self.names[self.cell(parts[0])]
        second = parts[1].lower() if parts[1].lower() in EDGES else self.names[self.cell(parts[1])]
        for name in (f"{first}|{second}", f"{second}|{first}"):
            if name in self.slot_by_name:
                return self.slot_by_name[name]
        raise NotationError(f"{quoted(text)} is not a wall slot (the spaces must share a border)")

    def blocking(self, a: int, b: int) -> tuple[int, ...]:
        """Slots that stand between neighbouring spaces a and b (orthogonal or diagonal)."""
        found = self.between.get((a, b))
        return found if found is not None else self._blocking(a, b)

    def _blocking(self, a: int, b: int) -> tuple[int, ...]:
        n = self.n
        (ca, ra), (cb, rb) = divmod(a, n)[::-1], divmod(b, n)[::-1]
        if ca == cb or ra == rb:
            return tuple(s.index for s in self.slots if set(s.cells) == {a, b})
        point = (max(ca, cb), max(ra, rb))
        return self.corner_slots.get(point, ())

    def _make_lines(self) -> list[Line]:
        n, k, out = self.n, self.k, []
        for dc, dr in ((1, 0), (0, 1), (1, 1), (-1, 1)):
            for r in range(n):
                for c in range(n):
                    cells = [(c + i * dc, r + i * dr) for i in range(k)]
                    if all(0 <= x < n and 0 <= y < n for x, y in cells):
                        ids = tuple(y * n + x for x, y in cells)
                        blockers = sorted({s for a, b in zip(ids, ids[1:]) for s in self.blocking(a, b)})
                        out.append(Line(ids, tuple(blockers)))
        return out

    def _neighbours(self, cell: int) -> list[int]:
        n, (r, c) = self.n, divmod(cell, self.n)
        return [
            (r + dr) * n + c + dc
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n
        ]

    def as_json(self) -> dict[str, Any]:
        """Plain data for the kit: spaces, wall slots and lines."""
        n = self.n
        return {
            "size": n,
            "line_length": self.k,
            "cells": [{"id": name, "col": i % n, "row": i // n} for i, name in enumerate(self.names)],
            "walls": [
                {
                    "id": s.name,
                    "cells": [self.names[c] for c in s.cells],
                    "orientation": "vertical" if s.vertical else "horizontal",
                    "edge": s.edge,
                    "from": list(s.ends[0]),
                    "to": list(s.ends[1]),
                }
                for s in self.slots
            ],
            "lines": [[self.names[c] for c in line.cells] for line in self.lines],
        }


def _make_slots(n: int) -> tuple[Slot, ...]:
    """Every slot: interior vertical, interior horizontal, then the rim (stable order)."""
    raw: list[tuple[str, tuple[int, ...], bool, tuple[tuple[int, int], tuple[int, int]]]] = []
    names = grid_names(n, n)
    for r in range(n):
        for c in range(n):
            cell = r * n + c
            if c + 1 < n:
                raw.append((f"{names[cell]}|{names[cell + 1]}", (cell, cell + 1), True, ((c + 1, r), (c + 1, r + 1))))
            if r + 1 < n:
                raw.append((f"{names[cell]}|{names[cell + n]}", (cell, cell + n), False, ((c, r + 1), (c + 1, r + 1))))
    for r in range(n):
        for c in range(n):
            cell = r * n + c
            here = names[cell]
            if r == 0:
                raw.append((f"{here}|top", (cell,), False, ((c, 0), (c + 1, 0))))
            if r == n - 1:
                raw.append((f"{here}|bottom", (cell,), False, ((c, n), (c + 1, n))))
            if c == 0:
                raw.append((f"{here}|left", (cell,), True, ((0, r), (0, r + 1))))
            if c == n - 1:
                raw.append((f"{here}|right", (cell,), True, ((n, r), (n, r + 1))))
    return tuple(Slot(i, *item) for i, item in enumerate(raw))


def _corner_slots(n: int, slots: tuple[Slot, ...]) -> dict[tuple[int, int], tuple[int, ...]]:
    """For each interior grid point, the slots that end there (they cut diagonals through it)."""
    out: dict[tuple[int, int], list[int]] = {}
    for s in slots:
        for point in s.ends:
            if 0 < point[0] < n and 0 < point[1] < n:
                out.setdefault(point, []).append(s.index)
    return {p: tuple(v) for p, v in out.items()}


@lru_cache(maxsize=32)
def geometry(n: int, k: int) -> Geometry:
    """The (cached) geometry of a board."""
    return Geometry(n, k)


# --- board operations ----------------------------------------------------------------------------------------------


Cells = list[int]
Walls = list[int]


def can_write(v: int, player: int) -> bool:
    """May ``player`` write a letter in a space holding ``v``?"""
    if v & VOID:
        return False
    if v & DIBS[player]:
        return True
    if v & INTERSECT:
        return not v & LETTER[player]
    return not v & (X | O)


WRITABLE = tuple(tuple(can_write(v, player) for v in range(2 * DIBS_O)) for player in (0, 1))
"""``can_write`` of every value a space may hold, by player (a playout asks it of every space at every turn)."""


def open_cells(cells: Cells | tuple[int, ...], player: int) -> list[int]:
    """Every space where ``player`` may write, ascending."""
    writable = WRITABLE[player]
    return [i for i, v in enumerate(cells) if writable[v]]


def write(cells: Cells, cell: int, player: int) -> None:
    """Write the player's letter; on their own dibs space this overwrites everything."""
    v = cells[cell]
    cells[cell] = LETTER[player] if v & DIBS[player] else v | LETTER[player]


def erase(cells: Cells, cell: int) -> None:
    """Erase the letters of a space (a topple): dibs spaces are immune, indicators stay."""
    if not cells[cell] & ANY_DIBS:
        cells[cell] &= ~(X | O)


def blocked(geo: Geometry, walls: Walls | tuple[int, ...], a: int, b: int) -> bool:
    """Does a wall stand between neighbouring spaces a and b?"""
    return any(walls[s] >= 0 for s in geo.blocking(a, b))


def kind(v: int) -> str:
    """What a swap sees in a space: X, O, V(oid), E(mpty), or F(eature: intersect or dibs)."""
    if v & (INTERSECT | ANY_DIBS):
        return "F"
    if v & VOID:
        return "V"
    return "X" if v & X else "O" if v & O else "E"


def swap_problem(geo: Geometry, cells: Cells | tuple[int, ...], walls: Walls | tuple[int, ...], a: int, b: int) -> str | None:
    """Why spaces a and b cannot be swapped, or None if they can."""
    names = geo.names
    if b not in geo.neighbours[a]:
        return f"{names[a]} and {names[b]} are not adjacent"
    ka, kb = kind(cells[a]), kind(cells[b])
    for cell, k in ((a, ka), (b, kb)):
        if k == "F":
            return f"{names[cell]} is an intersect or dibs space (immune to swaps)"
    if ka == kb:
        what = {"X": "two Xs", "O": "two Os", "V": "two voids", "E": "two empty spaces"}[ka]
        return f"cannot swap {what}"
    if blocked(geo, walls, a, b):
        return f"a wall stands between {names[a]} and {names[b]}"
    return None


def swap(cells: Cells, a: int, b: int) -> None:
    cells[a], cells[b] = cells[b], cells[a]


def line_cells(geo: Geometry, axis: str, index: int) -> list[int]:
    """The spaces of a row or column, in increasing order."""
    n = geo.n
    if axis == "row":
        return [index * n + c for c in range(n)]
    return [r * n + index for r in range(n)]


def shift(geo: Geometry, cells: Cells, walls: Walls, axis: str, index: int, step: int) -> None:
    """Push a row/column one space (wrapping), dibs spaces staying; crossing walls topple."""
    movable = [c for c in line_cells(geo, axis, index) if not cells[c] & ANY_DIBS]
    contents = [cells[c] for c in movable]
    for i, c in enumerate(movable):
        cells[c] = contents[(i - step) % len(movable)]
    for slot, cell in shift_topples(geo, axis, index, step):
        if walls[slot] >= 0:
            walls[slot] = -1
            if cell >= 0:
                erase(cells, cell)


def shift_topples(geo: Geometry, axis: str, index: int, step: int) -> list[tuple[int, int]]:
    """(slot, erased space or -1) for the walls across a row/column; they fall against the shift."""
    n, out = geo.n, []
    for s in geo.slots:
        if s.vertical != (axis == "row"):
            continue
        (x, y), _ = s.ends
        if (y if axis == "row" else x) != index:
            continue
        pos = x if axis == "row" else y
        target = pos - 1 if step > 0 else pos
        if 0 <= target < n:
            out.append((s.index, index * n + target if axis == "row" else target * n + index))
        else:
            out.append((s.index, -1))
    return out


def lines_made(geo: Geometry, cells: Cells | tuple[int, ...], walls: Walls | tuple[int, ...]) -> tuple[bool, bool]:
    """(X has a line, O has a line): every space holds the letter and no wall cuts it."""
    found = 0
    get = cells.__getitem__
    for line in geo.lines:
        both = reduce(and_, map(get, line.cells)) & (X | O)
        if both & ~found and not any(walls[s] >= 0 for s in line.blockers):
            found |= both
    return bool(found & X), bool(found & O)


# --- a turn of play: action, topple, letter ------------------------------------------------------------------------


class Work:
    """A turn in progress: mutable copies of the spaces, walls and hand, and the result."""

    def __init__(self, geo: Geometry, state: State) -> None:
        self.geo, self.player = geo, state.to_move
        self.first = state.turns[self.player] == 0
        self.cells, self.walls = list(state.cells), list(state.walls)
        self.hand = list(state.hands[self.player])
        self.winner: int | None = None
        self.reason: str | None = None

    def copy(self) -> "Work":
        other = object.__new__(Work)
        other.__dict__.update(self.__dict__)
        other.cells, other.walls, other.hand = list(self.cells), list(self.walls), list(self.hand)
        return other

    def check(self, step: str) -> bool:
        """Look for lines after a step; True when the game is decided."""
        x, o = lines_made(self.geo, self.cells, self.walls)
        if x and o:
            self.reason = f"both players made a line ({step})"
        elif x or o:
            self.winner = 0 if x else 1
            self.reason = f"line of {self.geo.k}"
        return self.reason is not None

    def finish(self, state: State) -> State:
        p = self.player
        return replace(state, cells=tuple(self.cells), walls=tuple(self.walls), hands=_with(state.hands, p, tuple(self.hand)),
                       turns=_with(state.turns, p, state.turns[p] + 1), to_move=1 - p, winner=self.winner, reason=self.reason)


# -- the options of each step ---------------------------------------------------------------
def action_options(geo: Geometry, work: Work, name: str) -> list[Action]:
    """Every legal use of one action in this position (before its consequences)."""
    cells, walls, p = work.cells, work.walls, work.player
    if name == "double":
        return [Action(name, (c,)) for c in open_cells(cells, p)]
    if name == "swap":
        pairs = [(a, b) for a in range(len(cells)) for b in geo.neighbours[a] if a < b]
        return [Action(name, (a, b)) for a, b in pairs if swap_problem(geo, cells, walls, a, b) is None]
    if name == "shift":
        return [
            Action(name, (axis, i, step)) for axis in ("row", "column") for i in range(geo.n) for step in (-1, 1)
        ]
    if name == "dibs":
        return [Action(name, (c,)) for c, v in enumerate(cells) if not v & (VOID | ANY_DIBS)]
    if name == "intersect":
        return [Action(name, (c,)) for c, v in enumerate(cells) if not v & (VOID | INTERSECT)]
    return [Action(name, (s,)) for s, owner in enumerate(walls) if owner < 0]


def topple_options(geo: Geometry, work: Work) -> list[tuple[int, int]]:
    """(slot, space it falls onto) for every wall of the player to move (none on a first turn)."""
    if work.first:
        return []
    return [(s, c) for s, owner in enumerate(work.walls) if owner == work.player for c in geo.slots[s].cells]


def action_names(state: State) -> list[str]:
    """The distinct unused actions of the player to move (none on their first turn)."""
    if state.turns[state.to_move] == 0:
        return []
    hand = state.hands[state.to_move]
    return [a for a in ACTIONS if a in hand]


# -- performing steps -------------------------------------------------------------------------
def do_action(geo: Geometry, work: Work, action: Action) -> None:
    """Perform an action (already known legal) and check for lines."""
    name, args, cells = action.name, action.args, work.cells
    work.hand.remove(name)
    if name == "double":
        write(cells, int(args[0]), work.player)
    elif name == "swap":
        swap(cells, int(args[0]), int(args[1]))
    elif name == "shift":
        shift(geo, cells, work.walls, str(args[0]), int(args[1]), int(args[2]))
    elif name == "dibs":
        cells[int(args[0])] |= DIBS[work.player]
    elif name == "intersect":
        cells[int(args[0])] |= INTERSECT
    else:
        work.walls[int(args[0])] = work.player
    work.check(name)


def do_topple(work: Work, slot: int, cell: int) -> None:
    work.walls[slot] = -1
    erase(work.cells, cell)
    work.check("topple")


def do_place(work: Work, cell: int) -> None:
    write(work.cells, cell, work.player)
    work.check("placement")


# -- validation -----------------------------------------------------------------------------
def apply_turn(geo: Geometry, state: State, turn: Turn) -> State:
    """The state after a whole turn; IllegalMove names the first faulty step."""
    work, names = Work(geo, state), geo.names
    if turn.action is not None:
        check_action(geo, state, work, turn.action)
        do_action(geo, work, turn.action)
        if work.reason is not None:
            return _stop(work, state, turn.topple is not None or turn.place is not None, turn.action.name, turn)
    if turn.topple is not None:
        check_topple(geo, state, work, *turn.topple)
        do_topple(work, *turn.topple)
        if work.reason is not None:
            return _stop(work, state, turn.place is not None, "topple", turn)
    if turn.place is None:
        raise IllegalMove("a turn must end with a letter")
    if not can_write(work.cells[turn.place], work.player):
        raise IllegalMove(f"{names[turn.place]} is {_describe(work.cells[turn.place], work.player)}")
    do_place(work, turn.place)
    return _played(work.finish(state), turn)


def _stop(work: Work, state: State, more: bool, step: str, turn: Turn) -> State:
    if more:
        raise IllegalMove(f"the {step} ended the game ({work.reason}): nothing may follow it")
    return _played(work.finish(state), turn)


def _played(state: State, turn: Turn) -> State:
    """``state`` with ``turn`` counted (its action, its topple) as the turn just played."""
    uses = state.uses
    if turn.action is not None:
        index = ACTIONS.index(turn.action.name)
        uses = uses[:index] + (uses[index] + 1,) + uses[index + 1:]
    return replace(state, uses=uses, topples=state.topples + (turn.topple is not None), last=turn)


def check_action(geo: Geometry, state: State, work: Work, action: Action) -> None:
    if state.turns[state.to_move] == 0:
        raise IllegalMove("a player's first turn is a letter only (no special action)")
    if action.name not in work.hand:
        raise IllegalMove(f"{action.name} is not among your unused actions ({', '.join(work.hand) or 'none'})")
    if not _is_option(geo, work, action):
        raise IllegalMove(_action_problem(geo, work, action))


def _is_option(geo: Geometry, work: Work, action: Action) -> bool:
    """Whether ``action`` is one of :func:`action_options`: a swap checked alone (listing a swap's options checks
    every pair of neighbours, and a playout checks each move it plays), the other actions by their list."""
    if action.name != "swap":
        return action in action_options(geo, work, action.name)
    args = action.args
    if len(args) != 2 or not all(isinstance(cell, int) and 0 <= cell < len(work.cells) for cell in args):
        return False
    a, b = args
    return a < b and swap_problem(geo, work.cells, work.walls, a, b) is None


def _action_problem(geo: Geometry, work: Work, action: Action) -> str:
    names, args = geo.names, action.args
    if action.name == "swap":
        return swap_problem(geo, work.cells, work.walls, int(args[0]), int(args[1])) or "bad swap"
    if action.name == "wall":
        return f"there is already a wall on {geo.slots[int(args[0])].name}"
    cell = int(args[0])
    if action.name == "double":
        return f"{names[cell]} is {_describe(work.cells[cell], work.player)}"
    what = "a void" if work.cells[cell] & VOID else (
        "already a dibs space" if action.name == "dibs" else "already an intersect space")
    return f"{names[cell]} is {what}"


def check_topple(geo: Geometry, state: State, work: Work, slot: int, cell: int) -> None:
    s = geo.slots[slot]
    if state.turns[state.to_move] == 0:
        raise IllegalMove("a player's first turn is a letter only (no topple)")
    if work.walls[slot] < 0:
        raise IllegalMove(f"there is no wall on {s.name}")
    if work.walls[slot] != work.player:
        raise IllegalMove(f"the wall on {s.name} is not yours (only its owner topples it)")
    if cell not in s.cells:
        raise IllegalMove(f"the wall on {s.name} cannot fall onto {geo.names[cell]} (not beside it)")


def _describe(v: int, player: int) -> str:
    if v & VOID:
        return "a void (no letters)"
    if v & INTERSECT:
        return "an intersect space already holding your letter"
    if v & ANY_DIBS:
        return "the other player's dibs space, already written on"
    return "taken"


# -- enumeration ----------------------------------------------------------------------------
def legal_turns(geo: Geometry, state: State) -> list[Turn]:
    """Every legal turn, in a stable order: no action first, then by action, topple, letter."""
    p, out = state.to_move, list[Turn]()
    for action, topple, work in _before_letters(geo, state):
        if work.reason is not None:
            out.append(Turn(p, action, topple))
        else:
            out.extend(Turn(p, action, topple, c) for c in open_cells(work.cells, p))
    return out


def _before_letters(geo: Geometry, state: State) -> Iterator[tuple[Action | None, tuple[int, int] | None, Work]]:
    """Every legal action (or none) and topple (or none) with the position they leave before the letter; a step that
    decided the game ends its turn (no topple follows a deciding action)."""
    for action, work in _after_actions(geo, state, Work(geo, state)):
        if work.reason is not None:
            yield action, None, work
            continue
        for topple, after in _after_topples(geo, work):
            yield action, topple, after


def _after_actions(geo: Geometry, state: State, start: Work) -> Iterator[tuple[Action | None, Work]]:
    yield None, start
    for name in action_names(state):
        for action in action_options(geo, start, name):
            work = start.copy()
            do_action(geo, work, action)
            yield action, work


def _after_topples(geo: Geometry, work: Work) -> Iterator[tuple[tuple[int, int] | None, Work]]:
    yield None, work
    for topple in topple_options(geo, work):
        after = work.copy()
        do_topple(after, *topple)
        yield topple, after


def expand(geo: Geometry, state: State) -> Iterator[tuple[Turn, Work]]:
    """Every legal turn with the position it leaves (for players that look one turn ahead)."""
    p = state.to_move
    for action, topple, work in _before_letters(geo, state):
        if work.reason is not None:
            yield Turn(p, action, topple), work
            continue
        for cell in open_cells(work.cells, p):
            final = work.copy()
            do_place(final, cell)
            yield Turn(p, action, topple, cell), final


# --- notation, the position as text and JSON -----------------------------------------------------------------------


HELP = (
    "moves: 'picks swap', 'void B2', 'C3', 'double B2, C3', 'swap B2 C3, D4', "
    "'shift row 2 right, A1', 'dibs C3, C3', 'intersect B2, B2', 'wall B2|C2, D4', "
    "'topple B2|C2 onto C2, C2'; a number picks from the list, 'list' or 'list WORD' numbers the legal moves"
)
FORMAT = "expected like 'X C3', 'X swap B2 C3, D4', 'O picks wall' or 'X void B2'"
SHIFTS = {"row": {"right": 1, "left": -1}, "column": {"down": 1, "up": -1}}
"""How a shift of a row or a column is written, and the step (one space further along, or back) each way makes."""


def format_action(geo: Geometry, action: Action) -> str:
    args = action.args
    if action.name == "swap":
        return f"swap {geo.names[int(args[0])]} {geo.names[int(args[1])]}"
    if action.name == "shift":
        axis, index, step = str(args[0]), int(args[1]), int(args[2])
        way = next(word for word, made in SHIFTS[axis].items() if made == step)
        return f"shift {axis} {index + 1 if axis == 'row' else chr(65 + index)} {way}"
    if action.name == "wall":
        return f"wall {geo.slots[int(args[0])].name}"
    return f"{action.name} {geo.names[int(args[0])]}"


def _parse_turn(geo: Geometry, player: int, parts: list[str]) -> Turn:
    action: Action | None = None
    topple: tuple[int, int] | None = None
    place: int | None = None
    for index, part in enumerate(parts):
        word = part.split()[0].lower() if part.split() else ""
        if place is not None:
            raise NotationError(f"the letter ends the turn: nothing may follow it, got {quoted(part)}")
        if word in ACTIONS:
            if index != 0:
                raise NotationError(f"the special action comes first in a turn, got {quoted(part)}")
            action = parse_action(geo, part)
        elif word == "topple":
            if topple is not None:
                raise NotationError("at most one topple per turn")
            topple = _parse_topple(geo, part)
        else:
            place = geo.cell(part)
    return Turn(player, action, topple, place)


def parse_action(geo: Geometry, text: str) -> Action:
    """An action such as ``swap B2 C3`` or ``shift row 2 right``."""
    words = text.split()
    name, args = words[0].lower(), words[1:]
    if name == "shift":
        return _parse_shift(geo, text, args)
    want = 2 if name == "swap" else 1
    if len(args) != want:
        example = {"swap": "swap B2 C3", "wall": "wall B2|C2"}.get(name, f"{name} B2")
        raise NotationError(f"expected like {quoted(example)}, got {quoted(text)}")
    if name == "wall":
        return Action(name, (geo.slot(args[0]).index,))
    cells = tuple(sorted(geo.cell(a) for a in args))
    return Action(name, cells)


def _parse_shift(geo: Geometry, text: str, args: list[str]) -> Action:
    if len(args) != 3 or args[0].lower() not in SHIFTS:
        raise NotationError(f"expected like 'shift row 2 right' or 'shift column B up', got {quoted(text)}")
    axis, label, way = args[0].lower(), args[1].upper(), args[2].lower()
    n, steps = geo.n, SHIFTS[axis]
    if axis == "row":
        index = int(label) - 1 if label.isascii() and label.isdigit() and len(label) <= 9 else -1
        bounds = f"rows 1-{n}"
    else:
        index = ord(label) - 65 if len(label) == 1 and label.isalpha() else -1
        bounds = f"columns A-{chr(64 + n)}"
    if not 0 <= index < n:
        raise NotationError(f"{quoted(args[1])} is off the board ({bounds})")
    if way not in steps:
        raise NotationError(f"a {axis} shifts {' or '.join(steps)}, got {quoted(args[2])}")
    return Action("shift", (axis, index, steps[way]))


def _parse_topple(geo: Geometry, text: str) -> tuple[int, int]:
    words = text.split()
    if len(words) != 4 or words[2].lower() != "onto":
        raise NotationError(f"expected like 'topple B2|C2 onto C2', got {quoted(text)}")
    return geo.slot(words[1]).index, geo.cell(words[3])


# -- rendering ------------------------------------------------------------------------------
def cell_text(v: int) -> str:
    """A space in at most 5 characters: *=intersect, ^x/^o=dibs, ###=void."""
    if v & VOID:
        return "###"
    letters = "".join(m for m, bit in zip(MARKS, LETTER) if v & bit)
    dibs = "".join(f"^{m.lower()}" for m, bit in zip(MARKS, DIBS) if v & bit)
    return ("*" if v & INTERSECT else "") + letters + dibs


def board_rows(geo: Geometry, state: State) -> list[str]:
    """The grid: walls shown as # (vertical) and ===== (horizontal)."""
    n, slot = geo.n, geo.slot_by_name
    names = geo.names

    def wall(name: str) -> bool:
        return state.walls[slot[name].index] >= 0

    def hline(r: int) -> str:
        segs = []
        for c in range(n):
            key = f"{names[c]}|top" if r == 0 else (f"{names[(n - 1) * n + c]}|bottom" if r == n else
                                                   f"{names[(r - 1) * n + c]}|{names[r * n + c]}")
            segs.append("=====" if wall(key) else "-----")
        return "   +" + "+".join(segs) + "+"

    rows = ["    " + "".join(f"{chr(65 + c):^6}" for c in range(n)), hline(0)]
    for r in range(n):
        line = f"{r + 1:>2} " + ("#" if wall(f"{names[r * n]}|left") else "|")
        for c in range(n):
            i = r * n + c
            right = f"{names[i]}|right" if c == n - 1 else f"{names[i]}|{names[i + 1]}"
            line += f"{cell_text(state.cells[i]):^5}" + ("#" if wall(right) else "|")
        rows += [line, hline(r + 1)]
    return rows


# --- the rules ------------------------------------------------------------------------------------------------------


class TicTacTwo(Game):
    """The engine for one set of parameters (kit.toml's ``[params]``): player 0 writes X, player 1 writes O."""

    endings = ("line of", "both players made a line", "board full")
    aids = ("action-cards", "draft-trackers")  # the draft pool and the trackers: the rules hold hands, not cards
    per_player = ("actions", "used")  # zones() at the browser table
    marks = MARKS
    strongest = "greedy"
    play_checks_moves = True
    abandoned = "input ended before the game was over: the game is abandoned."

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.geo: Geometry = geometry(self.params.board_size, self.params.line_length)
        self.player_names = (self.params.player_x, self.params.player_o)

    def geometry(self) -> dict[str, Any]:
        """Spaces, wall slots and lines as plain data."""
        return self.geo.as_json()

    # --- what a game writes -----------------------------------------------------------------------------------
    def setup(self) -> State:
        n = self.params.board_size
        phase = DRAFT if self.params.actions_each else (VOIDS if self.params.void else PLAY)
        return State(phase=phase, to_move=0 if phase == PLAY else 1, hands=((), ()), drafted=((), ()),
                     cells=(0,) * (n * n), walls=(-1,) * len(self.geo.slots))

    def to_move(self, state: State) -> int:
        return state.to_move

    def first_player(self, state: State) -> int | None:
        """X (player 0): the player who writes first (O only drafts first)."""
        return 0

    def outcome(self, state: State) -> Outcome | None:
        if state.decided:
            scores = (0.5, 0.5) if state.winner is None else (float(state.winner == 0), float(state.winner == 1))
            return Outcome(state.winner, state.reason or "", scores)
        if state.phase == PLAY and not open_cells(state.cells, state.to_move):
            return Outcome(None, "board full", (0.5, 0.5))
        return None

    def moves(self, state: State) -> list[Move]:
        p = state.to_move
        if state.phase == DRAFT:
            return [Pick(p, a) for a in self.draft_options(state)]
        if state.phase == VOIDS:
            return [PlaceVoid(p, c) for c, v in enumerate(state.cells) if not v & VOID]
        return legal_turns(self.geo, state)

    def play(self, state: State, move: Move) -> State:
        if state.decided:
            raise IllegalMove("the game has ended")
        self._check_phase(state, move)
        if move.player != state.to_move:
            raise IllegalMove(f"it is {MARKS[state.to_move]}'s turn, not {MARKS[move.player]}'s")
        if isinstance(move, Pick):
            return self._pick(state, move)
        if isinstance(move, PlaceVoid):
            return self._void(state, move)
        if self.outcome(state) is not None:
            raise IllegalMove("the board is full")
        return apply_turn(self.geo, state, move)

    def notation(self, state: State, move: Move) -> str:
        """One log line for a move."""
        geo = self.geo
        who = MARKS[move.player]
        if isinstance(move, Pick):
            return f"{who} picks {move.action}"
        if isinstance(move, PlaceVoid):
            return f"{who} void {geo.names[move.cell]}"
        parts = []
        if move.action is not None:
            parts.append(format_action(geo, move.action))
        if move.topple is not None:
            slot, cell = move.topple
            parts.append(f"topple {geo.slots[slot].name} onto {geo.names[cell]}")
        if move.place is not None:
            parts.append(geo.names[move.place])
        return f"{who} " + ", ".join(parts)

    def parse(self, state: State, text: str) -> Move:
        """A move from one log line; NotationError when the text is not a move."""
        geo = self.geo
        words = text.strip().split(None, 1)
        if len(words) != 2 or words[0].upper() not in MARKS:
            raise NotationError(f"a move starts with the player's letter X or O ({FORMAT})")
        player, rest = MARKS.index(words[0].upper()), words[1].strip()
        head = rest.split()
        if head[0].lower() == "picks":
            if len(head) != 2 or head[1].lower() not in ACTIONS:
                raise NotationError(f"expected 'picks' and one of {', '.join(ACTIONS)}, got {quoted(rest)}")
            return Pick(player, head[1].lower())
        if head[0].lower() == "void":
            if len(head) != 2:
                raise NotationError(f"expected 'void' and a space like B2, got {quoted(rest)}")
            return PlaceVoid(player, geo.cell(head[1]))
        return _parse_turn(geo, player, [p.strip() for p in rest.split(",")])

    def text(self, state: State) -> str:
        """The board, walls with owners and each player's unused actions."""
        rows = board_rows(self.geo, state)
        walls = [f"{s.name} ({MARKS[state.walls[s.index]]})" for s in self.geo.slots if state.walls[s.index] >= 0]
        rows.append("walls: " + (", ".join(walls) or "none"))
        for p in (0, 1):
            hand = ", ".join(state.hands[p]) or "none"
            rows.append(f"{MARKS[p]} ({self.player_names[p]}): unused actions {hand}")
        rows.append(f"phase: {state.phase}, {MARKS[state.to_move]} to move")
        return "\n".join(rows)

    def as_json(self, state: State) -> dict[str, Any]:
        """The position as plain data (spaces by name, walls by slot name) and the result once decided."""

        def space(v: int) -> dict[str, Any]:
            owner = [m for m, bit in zip(MARKS, DIBS) if v & bit]
            return {
                "letters": "".join(m for m, bit in zip(MARKS, LETTER) if v & bit),
                "intersect": bool(v & INTERSECT), "void": bool(v & VOID), "dibs": owner[0] if owner else None,
            }

        geo, result = self.geo, self.outcome(state)
        return {
            "phase": state.phase,
            "to_move": MARKS[state.to_move],
            "drafted": {MARKS[p]: list(state.drafted[p]) for p in (0, 1)},
            "unused": {MARKS[p]: list(state.hands[p]) for p in (0, 1)},
            "turns": {MARKS[p]: state.turns[p] for p in (0, 1)},
            "cells": {name: space(v) for name, v in zip(geo.names, state.cells)},
            "walls": {s.name: MARKS[state.walls[s.index]] for s in geo.slots if state.walls[s.index] >= 0},
            "board": [cell_text(v) for v in state.cells],
            "result": None if result is None else {"winner": None if result.winner is None else MARKS[result.winner],
                                                   "reason": result.reason},
        }

    def pieces(self, state: State) -> dict[str, dict[str, list[Shown]]]:
        """What stands on the board as the kit prints it (for the browser table): on a space its void, intersect or dibs
        marker and its letters' tokens; in a wall slot its owner's wall, named by the slot as the moves write it."""
        next_one = Numbered()
        placed: dict[str, list[Shown]] = {}
        for cell, v in enumerate(state.cells):
            here = [Shown(next_one("void"))] if v & VOID else []
            here += [Shown(next_one("intersect"))] if v & INTERSECT else []
            here += [Shown(next_one(f"dibs-{m}")) for p, m in enumerate(MARKS) if v & DIBS[p]]
            here += [Shown(next_one(f"token-{m}")) for p, m in enumerate(MARKS) if v & LETTER[p]]
            if here:
                placed[self.geo.names[cell]] = here
        for slot in self.geo.slots:
            if state.walls[slot.index] >= 0:
                placed[f"wall-{slot.name}"] = [Shown(next_one(f"wall-piece-{MARKS[state.walls[slot.index]]}"), slot.name)]
        return {"board": placed}

    def zones(self, view: State) -> dict[str, Any]:
        """The action cards still to draft (while the draft lasts), each player's unused actions as their cards, and
        the actions they used."""
        zones: dict[str, Any] = {}
        if view.phase == DRAFT:
            zones["draft"] = [Shown(f"card-{a}", a) for a in self.draft_options(view)]
        zones["actions"] = [[Shown(f"card-{a}", a) for a in hand] for hand in view.hands]
        zones["used"] = [", ".join((Counter(drafted) - Counter(hand)).elements()) or "-" for drafted, hand in zip(view.drafted, view.hands)]
        return zones

    def _check_phase(self, state: State, move: Move) -> None:
        if isinstance(move, Pick) and state.phase != DRAFT:
            raise IllegalMove("the draft is over")
        if isinstance(move, PlaceVoid) and state.phase != VOIDS:
            raise IllegalMove("voids are placed only before play, in the Void variation")
        if isinstance(move, Turn) and state.phase != PLAY:
            raise IllegalMove(f"the {'draft' if state.phase == DRAFT else 'void placement'} is not over")

    # --- setup phases -----------------------------------------------------------------------------------------
    def draft_options(self, state: State) -> list[str]:
        """Actions the player to move may pick (Meta: any)."""
        if self.params.meta:
            return list(ACTIONS)
        taken = set(state.drafted[0]) | set(state.drafted[1])
        return [a for a in ACTIONS if a not in taken]

    def _pick(self, state: State, move: Pick) -> State:
        if move.action not in ACTIONS:
            raise IllegalMove(f"unknown action {quoted(move.action)} (expected one of {', '.join(ACTIONS)})")
        if move.action not in self.draft_options(state):
            whose = "you" if move.action in state.drafted[move.player] else MARKS[1 - move.player]
            raise IllegalMove(f"{move.action} is already held by {whose} (no action is drafted twice)")
        p = move.player
        drafted = _with(state.drafted, p, state.drafted[p] + (move.action,))
        hands = _with(state.hands, p, state.hands[p] + (move.action,))
        if not all(len(d) == self.params.actions_each for d in drafted):
            return replace(state, drafted=drafted, hands=hands, to_move=1 - p, last=None)
        phase = VOIDS if self.params.void else PLAY
        return replace(state, drafted=drafted, hands=hands, phase=phase, to_move=1 if phase == VOIDS else 0, last=None)

    def _void(self, state: State, move: PlaceVoid) -> State:
        if state.cells[move.cell] & VOID:
            raise IllegalMove(f"{self.geo.names[move.cell]} is already a void")
        cells = list(state.cells)
        cells[move.cell] |= VOID
        if move.player == 1:
            return replace(state, cells=tuple(cells), to_move=0, last=None)
        return replace(state, cells=tuple(cells), to_move=0, phase=PLAY, last=None)

    # --- at the terminal ------------------------------------------------------------------------------------------
    def dialogue(self, table: Table) -> None:
        """The board before every move; a human types a move without the leading letter (``swap B2 C3, D4``), a
        number from the listed moves, ``list`` or ``help``; the computer's move is shown after a ``> ``."""
        state = take_turns(table, self, lambda state: self._ask(table, state))
        result = self.outcome(state)
        assert result is not None
        table.say(self.text(state))
        if result.winner is None:
            table.say(f"game over: draw ({result.reason})")
        else:
            table.say(f"game over: {self.player_names[result.winner]} wins ({result.reason})")

    def _ask(self, table: Table, state: State) -> Move:
        """A legal move of the player to move, asked again after a bad one."""
        mark = MARKS[state.to_move]
        listed = table.options(state, mark)
        if listed:
            table.say(*listed)
        while True:
            text = table.ask(f"{mark}> ", echo=False)
            if text.lower() == "help":
                table.say(HELP)
                continue
            try:
                if text.partition(" ")[0].lower() in ("list", "moves") or text.isascii() and text.isdigit() and len(text) <= 9:
                    move = table.pick(state, text, mark)
                    if move is None:
                        continue
                    return move  # type: ignore[no-any-return]
                move = self.parse(state, f"{mark} {text}")
                self.play(state, move)  # refuses an illegal move
                return move
            except (NotationError, IllegalMove) as exc:
                table.say(str(exc))

    # --- players --------------------------------------------------------------------------------------------
    def player_uniform(self, state: State, moves: Sequence[Move], rng: random.Random) -> Move:
        """A uniformly random legal move (turns with a wall and a topple dominate)."""
        return moves[rng.randrange(len(moves))]

    def player_random(self, state: State, rng: random.Random) -> Move:
        """Random step by step: an action or none, then a topple or none, then a letter."""
        if state.phase != PLAY:
            return self._uniform(state, rng)
        for _ in range(20):
            turn = self._random_turn(state, rng)
            if turn is not None:
                return turn
        return self._uniform(state, rng)

    def _uniform(self, state: State, rng: random.Random) -> Move:
        """A uniformly random move among those the player may play (:attr:`allowed`)."""
        moves = self.moves(state)
        if self.allowed is not None:
            moves = [m for m in moves if self.allowed(state, m)] or moves
        return moves[rng.randrange(len(moves))]

    def _random_turn(self, state: State, rng: random.Random) -> Turn | None:
        geo, p = self.geo, state.to_move
        work = Work(geo, state)
        name = rng.choice([None, *action_names(state)])
        action = None
        if name is not None:
            options = action_options(geo, work, name)
            if not options:
                return None
            action = options[rng.randrange(len(options))]
            work = work.copy()
            do_action(geo, work, action)
            if work.reason is not None:
                return Turn(p, action)
        topple = rng.choice([None, *topple_options(geo, work)])
        if topple is not None:
            work = work.copy()
            do_topple(work, *topple)
            if work.reason is not None:
                return Turn(p, action, topple)
        cells = open_cells(work.cells, p)
        return Turn(p, action, topple, rng.choice(cells)) if cells else None

    def player_greedy(self, state: State, rng: random.Random) -> Move:
        """Wins when some turn wins, blocks when the opponent threatens a line, else plays randomly.

        A threat is a line the opponent could finish next turn with plain letters (two of them when
        the opponent still holds Double).
        """
        if state.phase != PLAY:
            return self._uniform(state, rng)
        p, q = state.to_move, 1 - state.to_move
        reach = reach_of(state.hands[q], state.turns[q])
        results = list(expand(self.geo, state))
        if self.allowed is not None:  # restricted play (balance --abilities): the turns it may play
            results = [(t, w) for t, w in results if self.allowed(state, t)] or results
        wins = [t for t, w in results if w.reason is not None and w.winner == p]
        if wins:
            return _pick_simplest(wins, rng)
        safe = [t for t, w in results if w.reason is None and not threats(self, w.cells, w.walls, q, reach)]
        if threats(self, state.cells, state.walls, q, reach) and safe:
            return _pick_simplest(safe, rng)
        safe_set = set(safe)
        for _ in range(10):
            move = self.player_random(state, rng)
            if move in safe_set:
                return move
        pool = safe or [t for t, w in results if w.winner != q] or [t for t, _ in results]
        return pool[rng.randrange(len(pool))]

    # --- balance --abilities and simulate's counters ------------------------------------------------------------
    def abilities(self) -> list[str]:
        """Every action, when the draft hands out any."""
        return list(ACTIONS) if self.params.actions_each > 0 else []

    def uses(self, state: State, move: Any, ability: str) -> bool:
        """A seat without an action neither drafts it nor plays it (a Meta draft may still hand it to the other seat)."""
        if isinstance(move, Pick):
            return move.action == ability
        return isinstance(move, Turn) and move.action is not None and move.action.name == ability

    def counters(self, state: State) -> dict[str, float]:
        """Uses of every action (and topples); for a won game, what the deciding turn used.

        Keys: ``uses.<action>``, ``uses.topple``, ``decided.<action>`` or ``decided.letter`` (a plain letter won),
        ``decided.topple`` (the deciding turn toppled a wall) and ``decided.for_opponent`` (the deciding turn made the
        other player's line).
        """
        found = {f"uses.{name}": count for name, count in zip(ACTIONS, state.uses)}
        found["uses.topple"] = state.topples
        last = state.last
        if state.winner is None or last is None:
            return found
        decided = f"decided.{last.action.name if last.action else 'letter'}"
        found[decided] = found.get(decided, 0) + 1
        found["decided.topple"] = int(last.topple is not None)
        found["decided.for_opponent"] = int(state.winner != last.player)
        return found

    # --- the printed kit ----------------------------------------------------------------------------------------
    def board_cells(self) -> dict[str, set[str]]:
        """Every space, printed with the class ``cell``."""
        return {name: {"cell"} for name in self.geo.names}

    def sheet(self, example: Sequence[Step]) -> dict[str, Any]:
        """rules.md's values: the variation, the pieces the rules can need (and would need under Meta), the wall slots,
        the actions' texts and the example game (its draft, then its moves with their notes)."""
        params = self.params
        picks, moves = example_rows(example)
        return {
            "variation": params.variation,
            "last_column": chr(64 + params.board_size),
            "counts": needs(params),
            "meta_counts": needs(replace(params, meta=True, void=params.void)),
            "slots": len(self.geo.slots),
            "interior_slots": sum(1 for s in self.geo.slots if not s.edge),
            "actions": [(TITLES[a], action_text(a, params)) for a in ACTIONS],
            "picks": picks,
            "example": moves,
            "example_result": result_text(self.outcome(example[-1].after) if example else None, self.player_names),
            "mid_move": mid_position(self, example)[0],
        }

    def checks(self, printed: Mapping[str, Sequence[Printed]]) -> list[str]:
        """Enough of every piece for what the rules can need; one card per special action, each with a back."""
        counts, found = needs(self.params), []
        for what, name, prefix, need in (("token", "tokens", "token-", counts.tokens), ("wall", "walls", "wall-piece-", counts.walls),
                                         ("dibs marker", "dibs-markers", "dibs-", counts.dibs)):
            for mark in MARKS:
                have = sum(1 for p in printed.get(name, []) if p.id.startswith(f"{prefix}{mark}-"))
                if have < need:
                    found.append(f"{what}s: {have} for {mark} printed, the rules can need {need}")
        for what, name, need in (("intersect marker", "intersect-markers", counts.intersects), ("void", "voids", counts.voids)):
            if len(printed.get(name, [])) < need:
                found.append(f"{what}s: {len(printed.get(name, []))} printed, the rules can need {need}")
        cards = [p for p in printed.get("action-cards", [])]
        have = sorted(p.id.removeprefix("card-") for p in cards)
        if have != sorted(ACTIONS):
            found.append(f"action cards: {', '.join(have)} printed, the rules have {', '.join(ACTIONS)}")
        if any(not p.back for p in [*cards, *printed.get("draft-trackers", [])]):
            found.append("cards: every card needs a back (they are printed double-sided)")
        return found


# --- the kit: the pieces the rules can need, the example game, the cards' texts ------------------------------------------


@dataclass(frozen=True)
class Counts:
    """Pieces the rules can need: per player (tokens, walls, dibs) or in all (intersects, voids)."""

    tokens: int
    walls: int
    dibs: int
    intersects: int
    voids: int


def picks_each(params: Any) -> int:
    """How often one player can hold one action: once (standard), or every pick (Meta)."""
    return int(params.actions_each if params.meta else min(1, params.actions_each))


def needs(params: Any) -> Counts:
    """The most of each piece a game can have in play at once.

    Tokens: a space holds at most one X (an intersect space one X and one O), so a player never
    has more letters on the board than there are spaces that are not voids. Walls and dibs claims:
    one per Wall or Dibs action a player holds (placing costs the action; toppling and overwriting
    only remove). Intersects: one per Intersect action in the game (standard: one player holds it),
    never more than the spaces. Voids: one per player in the Void variation; printed for every kit
    since the variation is chosen at the table.
    """
    spaces = params.board_size ** 2
    voids = 2 if params.void else 0
    intersects = picks_each(params) * (2 if params.meta else 1)
    return Counts(tokens=spaces - voids, walls=picks_each(params), dibs=picks_each(params),
                  intersects=min(intersects, spaces - voids), voids=2)


def example_rows(example: Sequence[Step]) -> tuple[list[str], list[dict[str, Any]]]:
    """The example's draft picks and voids, then each later move with its number and note."""
    picks: list[str] = []
    moves: list[dict[str, Any]] = []
    for step in example:
        words = step.line.split()
        if len(words) == 3 and words[1] == "picks":
            picks.append(f"{words[0]} {TITLES[words[2]]}")
        elif len(words) == 3 and words[1] == "void":
            picks.append(f"{words[0]} places a void on {words[2]}")
        else:
            moves.append({"number": len(moves) + 1, "line": step.line, "note": step.note})
    return picks, moves


def mid_position(game: TicTacTwo, example: Sequence[Step]) -> tuple[int, State]:
    """The move (numbered among those after the draft) that last places a wall, and the position after it."""
    play = [s for s in example if " picks " not in s.line]
    walls = [i for i, s in enumerate(play) if " wall " in f" {s.line} "]
    index = walls[-1] if walls else max(0, len(play) // 2 - 1)
    return index + 1, (play[index].after if play else (example[-1].after if example else game.setup()))


TITLES = {"double": "Double", "swap": "Swap", "shift": "Shift", "dibs": "Dibs Space",
          "intersect": "Intersect Space", "wall": "Wall"}

def action_text(action: str, params: Any) -> str:
    """The card's rule text: every bullet of the seed, as the rules read it."""
    k = params.line_length
    void = params.void
    return {
        "double": "Write one extra letter of yours on any space where you could write (your own dibs space "
                  f"too), then write your turn's letter as usual. If the extra letter completes a line of {k}, "
                  "you win at once.",
        "swap": "Exchange two neighbouring spaces, diagonals included: an X with an O, or a letter with an "
                "empty space" + (", or a void with a letter or empty space" if void else "") + ". Either "
                "player's letters may move. Never two of a kind (X-X, O-O), never an intersect space (its "
                "letters are immune) or a dibs space awaiting its letter; walls never move and no swap passes "
                "a wall. Swap first: your letter ends the turn. Lines for both players at once: a draw.",
        "shift": "Push a whole row (left or right) or column (up or down) one space; the end space wraps "
                 "round to the other end. Never diagonally. Letters and intersect spaces move"
                 + (", voids too" if void else "") + "; a dibs space awaiting its letter stays and the "
                 "others hop over it. A wall across the line stays and falls against the shift, erasing the "
                 "letters on that side, before lines are checked. Lines for both players at once: a draw.",
        "dibs": "Claim a space that is not a void and not claimed (letters or an intersect on it stay). "
                "Until you overwrite it, nothing shifts, swaps or topples it away; anyone may still write "
                "there. On a later turn, or this one, write your letter on it as your placement: it erases "
                "every letter, the intersect and the claim. Walls stay. Overwriting uses no action. Once a "
                f"line of {k} is made the game is over: no overwrite.",
        "intersect": "Make a space that is empty or holds one letter an intersect space"
                     + (" (not a void)" if void else "") + ": it takes one X and one O at once and "
                     "each counts for its own player's lines. Shift moves it with its letters; Swap never "
                     "touches it. A toppling wall erases its letters, never the intersect itself.",
        "wall": "Put a wall on any free border, the outer edge included. It cuts rows, columns and the "
                "diagonals through its ends; on the outer edge it cuts nothing. On a later turn (or this "
                "one), before your letter, you may topple it for free onto a space beside it: the X and O "
                "there are erased (not a dibs claim, intersect or void), and you may write there. Only you "
                "topple your walls.",
    }[action]




def _with(pair: tuple[Any, Any], index: int, value: Any) -> Any:
    return (value, pair[1]) if index == 0 else (pair[0], value)


def threats(rules: Any, cells: Sequence[int], walls: Sequence[int], player: int, reach: int) -> int:
    """Lines ``player`` could finish with ``reach`` plain letters or fewer (cut lines do not count)."""
    bit, count = LETTER[player], 0
    walled = [s for s, owner in enumerate(walls) if owner >= 0]
    for line in rules.geo.lines:
        missing = [c for c in line.cells if not cells[c] & bit]
        if not 0 < len(missing) <= reach or not all(can_write(cells[c], player) for c in missing):
            continue
        if not walled or not any(walls[s] >= 0 for s in line.blockers):
            count += 1
    return count


def reach_of(hand: Sequence[str], turns_taken: int) -> int:
    """Letters a player can write next turn: two with an unused Double after their first turn."""
    return 2 if "double" in hand and turns_taken > 0 else 1


def _simplicity(move: Turn) -> int:
    return (move.action is not None) + (move.topple is not None)


def _pick_simplest(moves: list[Turn], rng: random.Random) -> Turn:
    best = min(_simplicity(m) for m in moves)
    pool = [m for m in moves if _simplicity(m) == best]
    return pool[rng.randrange(len(pool))]


# --- positions from text -------------------------------------------------------------------------------------------


def space(text: str) -> int:
    """The bits of one space from its text."""
    t, v = text.strip(), 0
    if t == "###":
        return VOID
    for suffix, bit in (("^x", DIBS_X), ("^o", DIBS_O)):
        if t.endswith(suffix):
            t, v = t[: -len(suffix)], v | bit
    if t.startswith("*"):
        t, v = t[1:], v | INTERSECT
    for ch in t:
        if ch not in "XO":
            raise ValueError(f"bad space text {quoted(text)}")
        v |= X if ch == "X" else O
    return v


def position(
    rules: Any,
    cells: Mapping[str, str] | None = None,
    walls: Mapping[str, str] | None = None,
    to_move: str = "X",
    hands: tuple[tuple[str, ...], tuple[str, ...]] | None = None,
    turns: tuple[int, int] = (1, 1),
) -> State:
    """A play-phase state; by default both players are past their first turn with all six actions."""
    geo = rules.geo
    board = [0] * (geo.n * geo.n)
    for name, text in (cells or {}).items():
        board[geo.cell(name)] = space(text)
    wall_list = [-1] * len(geo.slots)
    for name, owner in (walls or {}).items():
        wall_list[geo.slot(name).index] = "XO".index(owner)
    if hands is None:
        hands = (("double", "swap", "shift"), ("dibs", "intersect", "wall"))
    return State(PLAY, "XO".index(to_move), hands, hands, tuple(board), tuple(wall_list), turns)
