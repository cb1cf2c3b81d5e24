"""Ultimate Tic-Tac-Toe: marks on an 11 x 11 board, scored when placed for the marks they touch.

The rules of the kit folder (kit.toml's ``[game] rules``), written on printkit.kitrules like any designer's. A move
is the index of the space that gets the mover's mark (row-major from A1); positions are frozen dataclasses
(:class:`State`) and :meth:`UltimateTicTacToe.play` returns a new one, refusing an illegal move itself. A mark scores
1, +1 for each own mark it touches and +2 for each opponent's (the up to 8 spaces around it), the whole sum times 2
or 3 on a x2 or x3 space; a mark on a T space earns another turn. The board full, the most points wins.

Notation, one mark per line: the mark, then the space (column letter, row number from the top)::

    X F6      # X marks F6
    O G6

A move typed at the terminal may leave out the mark (``G6``). Letters may be typed in either case.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from printkit.games.ultimate.params import board_extent, coord_cell
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
    take_turns,
)
from printkit.userinput.text import quoted

KINDS = {"extra_turn": "extra-turn", "triple": "triple", "double": "double", "free": "free"}
"""Params key -> space kind, as drawn on the board (``class="cell extra-turn"``)."""

SPECIAL = ("extra-turn", "triple", "double")
"""The kinds of special space ``balance --abilities`` may take away (free spaces are no ability: wild and blocked ones
are marked from the start, open ones are ordinary spaces)."""

LABELS = {"extra-turn": "T", "triple": "x3", "double": "x2", "free": "FREE"}
"""The text printed on a special space (the text alone tells the kinds apart)."""

MULTIPLIERS = {"triple": 3, "double": 2}
"""Space kind -> factor applied to the points of a mark placed there."""

EMPTY, FREE = 0, 3
"""Space contents: EMPTY, 1 for an X, 2 for an O, FREE for a free space marked from the start."""

MARKS = ("X", "O")
"""The mark of player 0 and of player 1, as written in the log."""

MARK_POINTS = 1
OWN_POINTS = 1
OPPONENT_POINTS = 2
SCORING = (f"Score a mark when you place it: {MARK_POINTS}, +{OWN_POINTS} for each of your own marks it touches, "
           f"+{OPPONENT_POINTS} for each opponent's mark it touches (diagonals count).")
"""The scoring in one sentence, as the board's legend prints it."""

MOVE = re.compile(r"(?:([A-Za-z])\s+)?([A-Za-z][0-9]+)")
"""A mark letter (optional when typing a move) and a coordinate."""

EMPTY_SYMBOLS = {"": ".", "extra-turn": "T", "triple": "3", "double": "2", "free": "*"}
"""How an empty space of each kind looks in the text board."""

SEED_EXAMPLE = ("X A1", "O C1", "X B2")
"""The seed's scoring example on a plain 3 x 3 board: the X on B2 touches one X and one O."""


# --- the board ------------------------------------------------------------------------------------------------------


def cell_kinds(params: Any) -> dict[str, str]:
    """Every coordinate (row by row from A1) with its kind: extra-turn, triple, double, free or ''."""
    size = params.board_size
    kinds = dict.fromkeys(grid_names(size, size), "")
    for key, kind in KINDS.items():
        for text in getattr(params, key):
            kinds[text] = kind
    return kinds


def neighbours(size: int, cell: int) -> tuple[int, ...]:
    """The up to 8 cells touching ``cell`` (diagonals count), in row-major order."""
    row, col = divmod(cell, size)
    found = []
    for r in range(row - 1, row + 2):
        for c in range(col - 1, col + 2):
            if (r, c) != (row, col) and 0 <= r < size and 0 <= c < size:
                found.append(r * size + c)
    return tuple(found)


@dataclass(frozen=True)
class Geometry:
    """The board of one set of parameters, as indices: cell i is row i // size, column i % size."""

    size: int
    coords: tuple[str, ...]
    kinds: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    multiplier: tuple[int, ...]
    extra_turn: frozenset[int]
    free: frozenset[int]

    @classmethod
    def of(cls, params: Any) -> Geometry:
        """The geometry of ``params`` (checked: see params.py)."""
        size = params.board_size
        cells = range(size * size)
        kinds = cell_kinds(params)
        coords = grid_names(size, size)
        return cls(size=size, coords=coords, kinds=tuple(kinds[name] for name in coords),
                   neighbours=tuple(neighbours(size, c) for c in cells),
                   multiplier=tuple(MULTIPLIERS.get(kinds[name], 1) for name in coords),
                   extra_turn=_cells(size, params.extra_turn), free=_cells(size, params.free))


def _cells(size: int, coords: Sequence[str]) -> frozenset[int]:
    found = (coord_cell(size, text) for text in coords)
    return frozenset(c for c in found if c is not None)


# --- positions ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placed:
    """One mark placed: by whom (0 = X, 1 = O), where, its points and whether its player moves again.

    ``extra_turn`` is False for a mark on an extra-turn space that filled the board: no turn is left.
    """

    player: int
    cell: int
    points: int
    extra_turn: bool


@dataclass(frozen=True)
class State:
    """A position: cell contents, the player to move, both scores and every mark placed so far."""

    cells: tuple[int, ...]
    to_move: int
    scores: tuple[int, int]
    empty: tuple[int, ...]
    history: tuple[Placed, ...] = ()

    @property
    def last(self) -> Placed | None:
        return self.history[-1] if self.history else None


# --- the rules ------------------------------------------------------------------------------------------------------


class UltimateTicTacToe(Game):
    """The engine for one set of parameters (kit.toml's ``[params]``)."""

    endings = ("board full",)
    aids = ("score-cards",)  # written on, not dealt
    per_player = ("points",)  # zones() at the browser table
    marks = MARKS
    strongest = "greedy"
    play_checks_moves = True

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.geometry = Geometry.of(self.params)
        self.player_names = (self.params.player_x, self.params.player_o)
        self.wild = self.params.free_space == "wild"
        self.prefilled = frozenset() if self.params.free_space == "open" else self.geometry.free

    @property
    def cells(self) -> tuple[str, ...]:
        """Every coordinate, row by row from A1."""
        return self.geometry.coords

    def cell_kinds(self) -> dict[str, str]:
        """Coordinate -> kind (extra-turn, triple, double, free or '')."""
        return dict(zip(self.geometry.coords, self.geometry.kinds, strict=True))

    # --- what a game writes -----------------------------------------------------------------------------------
    def setup(self) -> State:
        """The empty board (free spaces marked unless they are open); X to move."""
        count = len(self.geometry.coords)
        cells = tuple(FREE if c in self.prefilled else EMPTY for c in range(count))
        return State(cells=cells, to_move=0, scores=(0, 0), empty=tuple(c for c in range(count) if cells[c] == EMPTY))

    def to_move(self, state: State) -> int:
        return state.to_move

    def moves(self, state: State) -> tuple[int, ...]:
        """Every empty space in row-major order."""
        return state.empty

    def points(self, state: State, cell: int, player: int | None = None) -> int:
        """What a mark of ``player`` (default: the mover) on empty ``cell`` would score."""
        player = state.to_move if player is None else player
        return (MARK_POINTS + sum(self.touch_points(state.cells, cell, player))) * self.geometry.multiplier[cell]

    def touch_points(self, cells: Sequence[int], cell: int, player: int) -> list[int]:
        """The points each mark touching ``cell`` earns a mark of ``player`` there, in the board's order: an own mark
        (or a wild free space) ``OWN_POINTS``, an opponent's ``OPPONENT_POINTS``; a blocked free space none."""
        own, wild = player + 1, self.wild
        return [OWN_POINTS if value == own or value == FREE else OPPONENT_POINTS
                for value in (cells[n] for n in self.geometry.neighbours[cell]) if value != EMPTY and (wild or value != FREE)]

    def play(self, state: State, move: int) -> State:
        """Place the mover's mark on ``move``; IllegalMove if the space cannot take it."""
        self._check(state, move)
        player, points = state.to_move, self.points(state, move)
        cells = list(state.cells)
        cells[move] = player + 1
        empty = tuple(c for c in state.empty if c != move)
        extra = move in self.geometry.extra_turn and bool(empty)
        scores = list(state.scores)
        scores[player] += points
        placed = Placed(player, move, points, extra)
        return State(tuple(cells), player if extra else 1 - player, (scores[0], scores[1]), empty, state.history + (placed,))

    def _check(self, state: State, move: Any) -> None:
        """Raise IllegalMove unless ``move`` is an empty space of a game still going on."""
        if not state.empty:
            raise IllegalMove("the game is over: no empty space is left")
        if not isinstance(move, int) or not 0 <= move < len(state.cells):
            raise IllegalMove(f"{quoted(move)} is not a cell of the board")
        value, name = state.cells[move], self.geometry.coords[move]
        if value == FREE:
            raise IllegalMove(f"{name} is a free space: it counts as marked and takes no mark")
        if value != EMPTY:
            raise IllegalMove(f"{name} already holds an {MARKS[value - 1]}")

    def outcome(self, state: State) -> Outcome | None:
        """Once no empty space is left: the most points wins, equal points draw."""
        if state.empty:
            return None
        x, o = state.scores
        return Outcome(None if x == o else (0 if x > o else 1), "board full", (float(x), float(o)))

    def first_player(self, state: State) -> int | None:
        """X always moves first."""
        return 0

    # --- notation and the position as text and data -------------------------------------------------------------
    def notation(self, state: State, move: int) -> str:
        """``X E3``: the mover's mark and the coordinate of the space."""
        return f"{MARKS[state.to_move]} {self.geometry.coords[move]}"

    def parse(self, state: State, text: str) -> int:
        """The cell of ``X E3`` (or a bare ``E3``); the mark must be the mover's."""
        match = MOVE.fullmatch(text.strip())
        if match is None:
            raise NotationError(f"expected a mark and a space like 'X E3', got {quoted(text)}")
        mark, coord = match.group(1), match.group(2)
        if mark is not None and mark.upper() not in MARKS:
            raise NotationError(f"expected the mark X or O, got {quoted(mark)}")
        cell = coord_cell(self.geometry.size, coord)
        if cell is None:
            raise NotationError(f"{quoted(coord)} is off the board ({board_extent(self.geometry.size)})")
        if mark is not None and mark.upper() != MARKS[state.to_move]:
            raise IllegalMove(f"it is {MARKS[state.to_move]}'s turn, not {mark.upper()}'s")
        return cell

    def _symbol(self, value: int, cell: int) -> str:
        if value == FREE:
            return "*"
        if value != EMPTY:
            return MARKS[value - 1]
        return EMPTY_SYMBOLS[self.geometry.kinds[cell]]

    def text(self, state: State) -> str:
        """The board with column letters and row numbers, then the scores and who is to move."""
        size = self.geometry.size
        lines = ["    " + " ".join(name[:-1] for name in self.geometry.coords[:size])]
        for row in range(size):
            cells = range(row * size, (row + 1) * size)
            lines.append(f"{row + 1:>2}  " + " ".join(self._symbol(state.cells[c], c) for c in cells))
        lines.append("(T extra turn, 3 triple, 2 double, * free space)")
        lines.append(self._status(state))
        return "\n".join(lines)

    def _status(self, state: State) -> str:
        """Scores, the last mark's points and who moves next (or the result)."""
        names = self.player_names
        labels = [n if n == m else f"{n} ({m})" for n, m in zip(names, MARKS, strict=True)]
        text = f"{labels[0]} {state.scores[0]}, {labels[1]} {state.scores[1]}"
        if state.last is not None:
            text += f"; last: {self._told(state.last)}"
        outcome = self.outcome(state)
        if outcome is None:
            return text + f"; {MARKS[state.to_move]} to move"
        result = "draw" if outcome.winner is None else f"{names[outcome.winner]} wins"
        return text + f"; board full, {result}"

    def as_json(self, state: State) -> dict[str, Any]:
        """Board rows, both scores, the mark just placed with its points, and who moves next."""
        size, coords, last = self.geometry.size, self.geometry.coords, state.last
        return {
            "board": ["".join(self._symbol(state.cells[c], c) for c in range(r * size, (r + 1) * size)) for r in range(size)],
            "scores": {"X": state.scores[0], "O": state.scores[1]},
            "to_move": None if not state.empty else MARKS[state.to_move],
            "marks_placed": len(state.history),
            "empty_spaces": len(state.empty),
            "last": None if last is None else {"mark": MARKS[last.player], "space": coords[last.cell], "points": last.points,
                                               "extra_turn": last.extra_turn},
        }

    def pieces(self, state: State) -> dict[str, dict[str, Shown]]:
        """Each mark on the board as its player's next printed token (for the browser table; a free space marked from
        the start is printed so)."""
        ids = Numbered()
        return {"board": {self.geometry.coords[cell]: Shown(ids(f"token-{MARKS[value - 1]}"))
                          for cell, value in enumerate(state.cells) if value in (1, 2)}}

    def zones(self, view: State) -> dict[str, Any]:
        """Each player's points (what their score card adds up to), and the last mark's."""
        return {"points": list(view.scores), "last mark": "-" if view.last is None else self._told(view.last)}

    def _told(self, last: Placed) -> str:
        """A mark placed and its points: ``X F6 scored 3, extra turn``."""
        return f"{MARKS[last.player]} {self.geometry.coords[last.cell]} scored {last.points}" + (", extra turn" if last.extra_turn else "")

    # --- at the terminal ------------------------------------------------------------------------------------------
    def dialogue(self, table: Table) -> None:
        """The board before every mark; a human types a space (``E3`` or ``X E3``) or a number from ``list``; the
        computer's mark is shown after a ``> ``."""
        table.say(self.text(take_turns(table, self, lambda state: self._ask(table, state))))

    def _ask(self, table: Table, state: State) -> int:
        """A legal space from the player to move, asked again after a bad answer."""
        name, mark = self.player_names[state.to_move], MARKS[state.to_move]
        label = name if name == mark else f"{name} ({mark})"
        while True:
            answer = table.ask(f"{label}, your space (e.g. E3; 'list' numbers the legal moves)\n> ")
            try:
                move = table.pick(state, answer, mark)
            except (NotationError, IllegalMove) as exc:
                table.say(str(exc))
                continue
            if move is not None:
                return int(move)

    # --- players and the numbers of simulated games ---------------------------------------------------------------
    def player_greedy(self, state: State, moves: Sequence[int], rng: random.Random) -> int:
        """The move scoring the most points right now; ties broken at random."""
        best: list[int] = []
        top = -1
        for cell in moves:
            points = self.points(state, cell)
            if points > top:
                best, top = [cell], points
            elif points == top:
                best.append(cell)
        return best[rng.randrange(len(best))]

    def counters(self, state: State) -> dict[str, float]:
        """Both scores, the margin (X minus O: X moves first), its size and square, and the extra turns taken."""
        return margin_counters(*state.scores, sum(1 for p in state.history if p.extra_turn))

    def summary(self, counted: Mapping[str, float], games: int) -> dict[str, float]:
        """Means over the games of :meth:`counters`: points, margin, its spread, extra turns."""
        if games == 0:
            return {}
        mean = counted.get("margin", 0) / games
        variance = max(0.0, counted.get("margin_squared", 0) / games - mean * mean)
        return {
            "mean_first_points": counted.get("first_points", 0) / games,
            "mean_second_points": counted.get("second_points", 0) / games,
            "mean_margin": mean,
            "mean_abs_margin": counted.get("abs_margin", 0) / games,
            "margin_stdev": variance ** 0.5,
            "mean_extra_turns": counted.get("extra_turns", 0) / games,
        }

    def abilities(self) -> list[str]:
        """The kinds of special space the board has."""
        kinds = set(self.geometry.kinds)
        return [kind for kind in SPECIAL if kind in kinds]

    def uses(self, state: State, move: int, ability: str) -> bool:
        """A seat without a kind of space never marks one while an ordinary space is open to it."""
        return self.geometry.kinds[move] == ability

    # --- the printed kit ------------------------------------------------------------------------------------------
    def sheet(self, example: Sequence[Step]) -> dict[str, Any]:
        """rules.md's values: the board's extent, the scoring and special-space tables, the counts of the kit,
        the seed's example and the worked example with the sum behind every mark."""
        params = self.params
        marks = max_marks(params)
        final = example[-1].after if example else self.setup()
        outcome = self.outcome(final)
        _, seed_sum = self.seed_example()
        return {
            "names": self.player_names,
            "extent": board_extent(params.board_size),
            "scoring": score_table(params),
            "specials": special_rows(params),
            "marks": marks,
            "playable": params.playable_count(),
            "extra_turn_spaces": len(params.extra_turn),
            "seed_sum": seed_sum,
            "example": self.example_rows(example),
            "setup_free": (f" The free spaces ({', '.join(params.free)}) count as marked from the start: leave them as they are."
                           if params.free and params.free_space != "open" else ""),
            "final": final.scores,
            "example_result": "unfinished" if outcome is None else (
                "a draw" if outcome.winner is None else f"{self.player_names[outcome.winner]} wins"),
        }

    def breakdown(self, before: State, cell: int, player: int) -> tuple[str, str]:
        """The sum behind a mark's points (``1 + 1 + 2 = 4``, ``(1 + 2) x 2 = 6``) and the marks it touches
        (``F6 (X), G6 (O)``)."""
        touched = [f"{self.geometry.coords[n]} ({'free' if before.cells[n] == FREE else MARKS[before.cells[n] - 1]})"
                   for n in self.geometry.neighbours[cell] if before.cells[n] != EMPTY]
        terms = [str(MARK_POINTS)] + [str(t) for t in sorted(self.touch_points(before.cells, cell, player))]
        factor, total = self.geometry.multiplier[cell], self.points(before, cell, player)
        text = " + ".join(terms)
        if factor > 1:
            text = f"({text}) x {factor} = {total}" if len(terms) > 1 else f"{terms[0]} x {factor} = {total}"
        elif len(terms) > 1:
            text = f"{text} = {total}"
        return text, ", ".join(touched) or "nothing"

    def example_rows(self, example: Sequence[Step]) -> list[dict[str, Any]]:
        """Each mark of the example: its notation, space kind, what it touches, its points and both running totals."""
        rows, kinds = [], self.geometry.kinds
        for number, step in enumerate(example, start=1):
            placed = step.after.last
            note = {"extra-turn": "T: marks again", "triple": "x3", "double": "x2"}.get(kinds[placed.cell], "-")
            if kinds[placed.cell] == "extra-turn" and not placed.extra_turn:
                note = "T, but the board is full"
            total, touched = self.breakdown(step.before, placed.cell, placed.player)
            rows.append({"number": number, "move": step.line, "sum": total, "touches": touched, "points": placed.points,
                         "x": step.after.scores[0], "o": step.after.scores[1], "note": note})
        return rows

    def seed_example(self) -> tuple[list[str], str]:
        """The seed's example (an X touching one X and one O) played on a plain 3 x 3 board: the board's rows at its
        end and the sum behind the last mark."""
        plain = type(self)(replace(self.params, board_size=3, extra_turn=(), triple=(), double=(), free=()), {}, {}, {})
        state = before = plain.setup()
        for text in SEED_EXAMPLE:
            before, state = state, plain.play(state, plain.parse(state, text))
        last = state.last
        assert last is not None
        return plain.as_json(state)["board"], plain.breakdown(before, last.cell, last.player)[0]

    def board_cells(self) -> dict[str, set[str]]:
        """Every space, printed with the class ``cell`` and its kind's."""
        return {name: {"cell", kind} if kind else {"cell"} for name, kind in self.cell_kinds().items()}

    def checks(self, printed: Mapping[str, Sequence[Printed]]) -> list[str]:
        """Enough tokens for every mark a player can place, and for every space to fill."""
        found = []
        marks = max_marks(self.params)
        tokens = printed.get("tokens", [])
        for player, mark in enumerate(MARKS):
            have = sum(1 for p in tokens if p.id.startswith(f"token-{mark}-"))
            if have < marks[player]:
                found.append(f"tokens: {have} {mark} tokens printed, a player can place {marks[player]} marks")
        if sum(marks) < self.params.playable_count():
            found.append("tokens: fewer tokens than spaces to fill")
        return found


def margin_counters(first: int, second: int, extra_turns: int) -> dict[str, int]:
    """:meth:`UltimateTicTacToe.counters` of a game that ended with these points and extra turns."""
    margin = first - second
    return {"first_points": first, "second_points": second, "margin": margin, "abs_margin": abs(margin),
            "margin_squared": margin * margin, "extra_turns": extra_turns}


# --- how many marks a player can place --------------------------------------------------------------------------------


def max_marks(params: Any) -> tuple[int, int]:
    """The most marks X and O can each place in one game (also the rows and tokens each needs).

    Marks alternate, except that a mark on an extra-turn space is followed by another mark of the
    same player (unless it filled the board). Exact over every order of plain and extra-turn spaces.
    """
    geometry = Geometry.of(params)
    prefilled = frozenset() if params.free_space == "open" else geometry.free
    total = len(geometry.coords) - len(prefilled)
    specials = len(geometry.extra_turn - prefilled)
    return _most(total, specials, 0), _most(total, specials, 1)


def _most(total: int, specials: int, player: int) -> int:
    """Backward DP over (marks placed, extra-turn spaces left, mover): the most marks of ``player``."""
    best = {(t, m): 0 for t in range(specials + 1) for m in (0, 1)}
    for placed in range(total - 1, -1, -1):
        left = total - placed
        step = {}
        for t in range(specials + 1):
            for m in (0, 1):
                gain, options = int(m == player), []
                if left - t > 0:
                    options.append(best[(t, 1 - m)])
                if t > 0:
                    options.append(best[(t - 1, m if left > 1 else 1 - m)])
                step[(t, m)] = gain + max(options) if options else 0
        best = step
    return best[(specials, 0)] if total else 0


# --- the rule sheet's tables ------------------------------------------------------------------------------------------


def score_table(params: Any) -> list[dict[str, str]]:
    """Rows of the rule sheet's scoring table: points and what earns them."""
    rows = [
        {"points": f"{MARK_POINTS}", "action": "making a mark anywhere on the board"},
        {"points": f"+{OWN_POINTS} each", "action": "every mark of your own that the new mark touches"},
        {"points": f"+{OPPONENT_POINTS} each", "action": "every opponent's mark that the new mark touches"},
    ]
    if params.free and params.free_space == "wild":
        rows.append({"points": f"+{OWN_POINTS} each", "action": "every free space that the new mark touches"})
    for key, factor in (("double", 2), ("triple", 3)):
        if getattr(params, key):
            where = ", ".join(getattr(params, key))
            rows.append({"points": f"x{factor}", "action": f"the whole sum, for a mark on a x{factor} space ({where})"})
    return rows


def legend_text(kind: str, params: Any) -> str:
    """What a special space does, in a line or two for the board's legend and the rule sheet."""
    free = {
        "wild": "Free space: already marked. A mark next to it earns +1, as if it were your own. Nobody marks it.",
        "blocked": "Free space: already marked, belongs to nobody. Nobody marks it; touching it earns nothing.",
        "open": "Free space: an ordinary space. Either player may mark it; it scores like a plain space.",
    }
    return {
        "extra-turn": "Extra turn: after your mark here is scored, you mark again.",
        "triple": "Triple: the whole score of a mark placed here is multiplied by 3.",
        "double": "Double: the whole score of a mark placed here is multiplied by 2.",
        "free": free[params.free_space],
    }[kind]


def present_kinds(params: Any) -> list[str]:
    """The special kinds this board has, in legend order."""
    found = set(cell_kinds(params).values())
    return [k for k in LABELS if k in found]


def special_rows(params: Any) -> list[dict[str, str]]:
    """Rows of the special-spaces table: label on the board, spaces, what it does."""
    keys = {kind: key for key, kind in KINDS.items()}
    return [{"mark": LABELS[k], "spaces": ", ".join(getattr(params, keys[k])), "effect": legend_text(k, params)}
            for k in present_kinds(params)]
