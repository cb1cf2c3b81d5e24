"""SiTTeRS (Simple Table Top Rule Set): collectors loot containers and flee to the safe zone while obstructors try to
stop them.

The rules of the kit folder (kit.toml's ``[game] rules``), written on printkit.kitrules like any designer's. Positions
are frozen dataclasses (:class:`State`), moves :class:`Move` values; :meth:`Sitters.play` returns a new state and
refuses an illegal move itself, saying why. The dice are chance moves drawn with :func:`printkit.kitrules.odds`.
Set-up placements come first, then rounds of two collector turns and one obstructor turn: roll, move, then a loot roll
or a battle.

Notation, one move per log line::

    roll 4               a die roll (turn roll or loot roll)
    roll 5 3             battle roll: the collector's die, then the obstructor's die
    place container D3   set-up placements (also ``place collector A4``, ``place obstructor I1``)
    A4 > D4              move the marker on A4 to D4 (``move A4 > D4`` and ``A4>D4`` also read)
    A4-B4-C4-D4          the same move written as its full path (checked step by step)
    return A3            spend a 6 to put a defeated marker back on a free start space
    pass                 the turn is lost: no marker can move and none can return
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence

from printkit.games.sitters.board import COLLECTOR_START, CONTAINER, FLOOR, LETTER_OF_KIND, OBSTRUCTOR_START, SAFE_ZONE, Board
from printkit.games.sitters.params import sided, theme_names
from printkit.games.sitters.paths import Terrain, distances, path_problem, reach
from printkit.kitrules import CHANCE, Game, IllegalMove, NotationError, Outcome, Printed, Step, Table, odds, play_refusal
from printkit.userinput.text import quoted

COLLECTORS, OBSTRUCTORS = 0, 1

# phases: set-up placements, then turns of roll -> move -> (loot roll | battle rolls)
CONTAINERS, PLACE_COLLECTORS, PLACE_OBSTRUCTORS = "containers", "collectors", "obstructors"
ROLL, MOVE, LOOT, BATTLE, OVER = "roll", "move", "loot", "battle", "over"
SETUP = (CONTAINERS, PLACE_COLLECTORS, PLACE_OBSTRUCTORS)
CHANCE_PHASES = (ROLL, LOOT, BATTLE)
PLACE_KIND = {CONTAINERS: "container", PLACE_COLLECTORS: "collector", PLACE_OBSTRUCTORS: "obstructor"}
SIDE_KIND = ("collector", "obstructor")
SPACE_OF = {"container": CONTAINER, "collector": COLLECTOR_START, "obstructor": OBSTRUCTOR_START}
"""The kind of space each piece is placed on (its map letter: board.LETTER_OF_KIND)."""


@dataclass(frozen=True)
class State:
    """A position. Cells are board integers; marker tuples are sorted."""

    phase: str
    collectors: tuple[int, ...] = ()
    obstructors: tuple[int, ...] = ()
    containers: tuple[int, ...] = ()
    survivors: int = 0
    loot: int = 0
    lost: tuple[int, int] = (0, 0)
    """Defeated markers off the board: (collectors, obstructors)."""
    turn: int = 0
    """Turn number from 0: in each round of 3 turns, the collectors play 2, the obstructors 1."""
    roll: int = 0
    cell: int = -1
    """The space of a pending loot roll or battle."""

    @property
    def mover(self) -> int:
        """Whose turn it is in the round (collectors twice, then obstructors once)."""
        return COLLECTORS if self.turn % 3 < 2 else OBSTRUCTORS

    def markers(self, side: int) -> tuple[int, ...]:
        return self.collectors if side == COLLECTORS else self.obstructors


@dataclass(frozen=True)
class Move:
    """kind: roll, container, collector, obstructor (set-up placements), move, return, pass."""

    kind: str
    src: int = -1
    dst: int = -1
    dice: tuple[int, ...] = ()


def _add(cells: tuple[int, ...], cell: int) -> tuple[int, ...]:
    return tuple(sorted((*cells, cell)))


def _drop(cells: tuple[int, ...], cell: int) -> tuple[int, ...]:
    return tuple(c for c in cells if c != cell)

EXPECTED = ("expected 'roll N', 'roll N N', 'place container|collector|obstructor CELL', "
            "'A4 > D4', a path 'A4-B4-C4', 'return CELL' or 'pass'")
EMPTY = {"collector-start": "c", "container": "x", "obstructor-start": "o", "safe-zone": "s", "floor": "."}
LEGEND = ("C collector, O obstructor, # container, * battle; empty: c/o start space, "
          "x container space, s safe zone, . floor")
FAR = 99


def describe(move: Any) -> str:
    """A move's kind in words, for messages."""
    kind = getattr(move, "kind", None)
    return {"roll": "a die roll", "move": "a move", "return": "a return", "pass": "a pass"}.get(
        kind, f"placing a {kind}") if kind is not None else quoted(move)


def _dice(words: list[str]) -> Move:
    if not 1 <= len(words) <= 2 or not all(w.isascii() and w.isdigit() and len(w) <= 9 for w in words):
        raise NotationError("expected 'roll N' or 'roll N N' (a battle: collector, obstructor)")
    return Move("roll", dice=tuple(int(w) for w in words))


def obstructor_value(state: State, move: Move, to_prey: dict[int, int]) -> float:
    """How much the basic player likes an obstructor's move: a battle, else closing in on the nearest collector."""
    cell = move.dst
    if move.kind == "return":
        return 1000.0 - to_prey.get(cell, FAR)
    if cell in state.collectors:
        return 1500.0
    return -float(to_prey.get(cell, FAR))


def manhattan(width: int, a: int, b: int) -> int:
    (ra, ca), (rb, cb) = divmod(a, width), divmod(b, width)
    return abs(ra - rb) + abs(ca - cb)


# --- scoring ----------------------------------------------------------------------------------------------------------


def loot_band(params: Any, loot: int) -> int:
    """The table row of a loot tally: 0 for under ``band_width``, capped at the last band."""
    return min(loot // params.band_width, params.bands - 1)


def score(params: Any, survivors: int, loot: int) -> int:
    """base + step * survivors + step * loot band (the seed: 10 .. 90)."""
    return params.base + params.step * survivors + params.step * loot_band(params, loot)


def verdict(params: Any, value: int) -> int | None:
    """0 (collectors) above the target, 1 (obstructors) below it, None (draw) on it."""
    if value > params.target:
        return 0
    return 1 if value < params.target else None


def ending(params: Any, survivors: int, loot: int) -> Outcome:
    """A finished game's outcome: its score, winner and the reason saying both."""
    value = score(params, survivors, loot)
    winner = verdict(params, value)
    where = {None: "equals", 0: "is above", 1: "is below"}[winner]
    return Outcome(winner, f"score {value} ({survivors} survivors, {loot} loot) {where} {params.target}", (float(value),))


def counted(params: Any, survivors: int, loot: int, turns: int) -> dict[str, float]:
    """A finished game's counters (:meth:`Sitters.counters`, the kernel's games too)."""
    outcome = ending(params, survivors, loot)
    return {"collectors_won": int(outcome.winner == 0), "draws": int(outcome.winner is None),
            "score_sum": int(outcome.scores[0]), "survivors_sum": survivors, "loot_sum": loot,
            "turns_sum": turns, f"survivors_{survivors}": 1}


def score_table(params: Any) -> dict[str, Any]:
    """The table as data: row labels ("0+", "8+", ...), columns (survivors) and scores."""
    labels = [f"{band * params.band_width}+" for band in range(params.bands)]
    columns = list(range(params.collectors + 1))
    scores = [[score(params, s, band * params.band_width) for s in columns] for band in range(params.bands)]
    return {"rows": labels, "columns": columns, "scores": scores, "target": params.target}


def table_line(label: str, scores: Sequence[int]) -> str:
    """One row of the rule sheet's scoring table, as rules.md prints it."""
    return "| " + " | ".join([label, *(str(s) for s in scores)]) + " |"


def verdict_line(params: Any) -> str:
    """The seed's rule, in the theme's names and with the parameter's target."""
    n, t = theme_names(params.theme), params.target
    return f"above {t} the {n['collectors']} win, below {t} the {n['obstructors']} win, {t} is a draw"


def cell_kinds(params: Any) -> dict[str, str]:
    """Every cell of the map: coordinate (``A1``) -> kind (``collector-start``, ``floor``...)."""
    board = params.board
    return {board.names[cell]: board.kinds[cell] for cell in sorted(board.kinds)}


# --- the rules --------------------------------------------------------------------------------------------------------


MAX_MOVES = 100_000
"""The longest game the engines play, the reference and the compiled kernel alike. A game needs no end (a marker may
walk to and fro): with a two-sided die, whose top face returns a defeated marker on every other roll, and seven
collectors, random collectors' games run to tens of thousands of moves (mean 7,700 against random obstructors, 11,400
against basic ones; a fifth and nearly half of them over kitrules' default of 10,000), and they are games of the rules."""


class Sitters(Game):
    """The engine for one set of parameters (kit.toml's ``[params]``); states are immutable :class:`State` values."""

    endings = ("score",)
    max_moves = MAX_MOVES
    strongest = "basic"
    play_checks_moves = True
    dialogue_seats = (1,)  # the collectors' dialogue against computer obstructors; other seatings: printkit's own
    abandoned = "end of input: the game is abandoned"
    per_player = ("markers",)  # zones(): each side's markers, in its own area at the browser table

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        params = self.params
        self.board: Board = params.board
        self.player_names = params.player_names
        self.starts = (self.board.cells_of(COLLECTOR_START), self.board.cells_of(OBSTRUCTOR_START))
        self.container_spaces = self.board.cells_of(CONTAINER)
        self.safe_zone = frozenset(self.board.cells_of(SAFE_ZONE))
        self.faces = params.die_sides
        self._single = odds([(Move("roll", dice=(v,)), 1 / self.faces) for v in range(1, self.faces + 1)])
        self._battle = odds([(Move("roll", dice=(c, o)), 1 / self.faces ** 2)
                             for c in range(1, self.faces + 1) for o in range(1, self.faces + 1)])
        self.to_safe = distances(self.board, self.safe_zone)
        """Steps to the safe zone on the empty board (the basic player's map)."""
        self.from_starts = distances(self.board, self.starts[COLLECTORS])
        self._cached: State | None = None
        self._terrain = Terrain(frozenset(), frozenset(), frozenset())
        self._found: dict[int, dict[int, tuple[int, ...]]] = {}

    # --- what a game writes -----------------------------------------------------------------------------------
    def setup(self) -> State:
        return State(phase=CONTAINERS if self.params.containers_per_player else PLACE_COLLECTORS)

    def to_move(self, state: State) -> int:
        if state.phase in CHANCE_PHASES:
            return CHANCE
        if state.phase == CONTAINERS:
            return COLLECTORS if len(state.containers) < self.params.containers_per_player else OBSTRUCTORS
        if state.phase == PLACE_COLLECTORS:
            return COLLECTORS
        if state.phase == PLACE_OBSTRUCTORS:
            return OBSTRUCTORS
        return state.mover

    def moves(self, state: State) -> list[Move]:
        if state.phase in PLACE_KIND:
            return [Move(PLACE_KIND[state.phase], dst=c) for c in self._free_places(state)]
        if state.phase != MOVE:
            return []
        moves = [Move("move", src, dst) for src in state.markers(state.mover)
                 for dst in sorted(self.destinations(state, src))]
        moves += [Move("return", dst=c) for c in self._returns(state)]
        return moves or [Move("pass")]

    def chance(self, state: State) -> Any:
        """A die (a turn's roll, a loot roll) or two (a battle: the collector's, then the obstructor's)."""
        return self._battle if state.phase == BATTLE else self._single

    def play(self, state: State, move: Move) -> State:
        if state.phase == OVER:
            raise IllegalMove("the game is over")
        if state.phase in CHANCE_PHASES:
            return self._apply_roll(state, move)
        if not isinstance(move, Move):
            raise IllegalMove(f"{quoted(move)} is not a move")
        if move.kind == "roll":
            raise IllegalMove(f"the {self.player_names[self.to_move(state)]} must "
                              f"{'place a piece' if state.phase in PLACE_KIND else 'move'}, not roll")
        if state.phase in PLACE_KIND:
            return self._apply_place(state, move)
        return self._apply_turn(state, move)

    why_not = play_refusal  # what play() refuses: a roll that is not the chance move here (its dice, a face off the die)

    def outcome(self, state: State) -> Outcome | None:
        return ending(self.params, state.survivors, state.loot) if state.phase == OVER else None

    def first_player(self, state: State) -> int | None:
        started = state.containers or state.collectors or state.phase not in PLACE_KIND
        return COLLECTORS if started else None

    # --- notation and the position as text and data -------------------------------------------------------------
    def notation(self, state: State, move: Move) -> str:
        names = self.board.names
        if move.kind == "roll":
            return "roll " + " ".join(str(d) for d in move.dice)
        if move.kind in PLACE_KIND.values():
            return f"place {move.kind} {names[move.dst]}"
        if move.kind == "move":
            return f"{names[move.src]} > {names[move.dst]}"
        if move.kind == "return":
            return f"return {names[move.dst]}"
        return "pass"

    def parse(self, state: State, text: str) -> Move:
        """A move from its text (NotationError for bad text, IllegalMove for a bad path)."""
        words = text.strip().lower().replace(">", " > ").split()
        if not words:
            raise NotationError(EXPECTED)
        head, rest = words[0], words[1:]
        if head == "roll":
            return _dice(rest)
        if head == "place":
            if len(rest) != 2 or rest[0] not in PLACE_KIND.values():
                raise NotationError("expected 'place container|collector|obstructor CELL'")
            return Move(rest[0], dst=self.cell_of(rest[1]))
        if head == "return":
            if len(rest) != 1:
                raise NotationError("expected 'return CELL'")
            return Move("return", dst=self.cell_of(rest[0]))
        if head == "pass" and not rest:
            return Move("pass")
        return self._parse_step(state, rest if head == "move" else words)

    def _parse_step(self, state: State, words: list[str]) -> Move:
        if len(words) == 3 and words[1] == ">":
            return Move("move", self.cell_of(words[0]), self.cell_of(words[2]))
        if len(words) == 1 and "-" in words[0]:
            path = [self.cell_of(w) for w in words[0].split("-")]
            if state.phase == MOVE and path[0] in state.markers(state.mover):
                problem = path_problem(self.board, self.terrain(state, state.mover), path, state.roll)
                if problem:
                    raise IllegalMove(problem)
            return Move("move", path[0], path[-1])
        raise NotationError(EXPECTED)

    def cell_of(self, word: str) -> int:
        """The cell named ``word``; NotationError naming the map's limits otherwise."""
        cell = self.board.cell(word)
        if cell is None:
            raise NotationError(f"{quoted(word.upper())} is not a space of the map ({self.board.describe_limits()})")
        return cell

    def text(self, state: State) -> str:
        """The board with markers, then the tallies and whose turn it is."""
        board = self.board
        lines = [("    " + "".join(f" {chr(65 + c)} " for c in range(board.width))).rstrip()]
        for row in range(board.height):
            cells = "".join(f" {self._symbol(state, row * board.width + c)} " for c in range(board.width))
            lines.append(f"{row + 1:>3} {cells}".rstrip())
        c_name, o_name = self.player_names
        lines.append(f"loot {state.loot}, survivors {state.survivors}; {c_name}: {len(state.collectors)} on the board, "
                     f"{state.lost[0]} defeated; {o_name}: {len(state.obstructors)} on the board, {state.lost[1]} defeated")
        lines.append(self._status(state))
        lines.append(LEGEND)
        return "\n".join(lines)

    def _symbol(self, state: State, cell: int) -> str:
        if cell not in self.board.kinds:
            return " "
        here = (cell in state.collectors, cell in state.obstructors)
        if all(here):
            return "*"
        if here[0]:
            return "C"
        if here[1]:
            return "O"
        return "#" if cell in state.containers else EMPTY[self.board.kinds[cell]]

    def _status(self, state: State) -> str:
        names = self.player_names
        if state.phase in SETUP:
            return f"set-up: the {names[self.to_move(state)]} place a {state.phase.rstrip('s')}"
        if state.phase == OVER:
            return "game over"
        turn = f"round {state.turn // 3 + 1}, turn {state.turn + 1}: {names[state.mover]}"
        detail = {ROLL: "to roll", MOVE: f"rolled {state.roll}, to move",
                  LOOT: f"loot roll on {self.board.names.get(state.cell, '?')}",
                  BATTLE: f"battle on {self.board.names.get(state.cell, '?')}"}[state.phase]
        return f"{turn} {detail}"

    def as_json(self, state: State) -> dict[str, Any]:
        """The position as plain data with coordinates."""
        names = self.board.names
        return {
            "phase": state.phase,
            "turn": state.turn,
            "to_move": self.to_move(state),
            "roll": state.roll or None,
            "collectors": [names[c] for c in state.collectors],
            "obstructors": [names[c] for c in state.obstructors],
            "containers": [names[c] for c in state.containers],
            "loot": state.loot,
            "survivors": state.survivors,
            "defeated": {"collectors": state.lost[0], "obstructors": state.lost[1]},
            "pending": names.get(state.cell),
        }

    def greeting(self, seating: str) -> str | None:
        """None: printkit's own terminal game (the collectors at the computer, or two players) starts with the position,
        no greeting line, as SiTTeRS' always did; the obstructors' dialogue greets in its own words."""
        return None

    # --- geometry ---------------------------------------------------------------------------------------------
    def terrain(self, state: State, side: int) -> Terrain:
        """What a marker of ``side`` may enter and where it stops."""
        if side == COLLECTORS:
            return Terrain(frozenset(state.collectors),
                           frozenset(state.obstructors) | frozenset(state.containers) | self.safe_zone, frozenset())
        return Terrain(frozenset(state.obstructors), frozenset(state.collectors),
                       frozenset(state.containers) | self.safe_zone)

    def destinations(self, state: State, src: int) -> dict[int, tuple[int, ...]]:
        """End spaces (with a path) of the current mover's marker on ``src`` for the roll."""
        if self._cached is not state:
            self._cached, self._terrain = state, self.terrain(state, state.mover)
            self._found = {}
        if src not in self._found:
            self._found[src] = reach(self.board, self._terrain, src, state.roll)
        return self._found[src]

    def _free_places(self, state: State) -> list[int]:
        taken = set(state.containers) | set(state.collectors) | set(state.obstructors)
        spaces = {CONTAINERS: self.container_spaces, PLACE_COLLECTORS: self.starts[COLLECTORS],
                  PLACE_OBSTRUCTORS: self.starts[OBSTRUCTORS]}[state.phase]
        return [c for c in spaces if c not in taken]

    def _returns(self, state: State) -> list[int]:
        side = state.mover
        if state.roll != self.faces or not state.lost[side]:
            return []
        taken = set(state.collectors) | set(state.obstructors)
        return [c for c in self.starts[side] if c not in taken]

    # --- set-up -----------------------------------------------------------------------------------------------
    def _apply_place(self, state: State, move: Move) -> State:
        kind = PLACE_KIND[state.phase]
        if move.kind != kind:
            raise IllegalMove(f"the {self.player_names[self.to_move(state)]} must place a {kind}, not {describe(move)}")
        if move.dst not in self._free_places(state):
            raise IllegalMove(f"{self.board.names.get(move.dst, '?')} is not a free {LETTER_OF_KIND[SPACE_OF[kind]]} space")
        if kind == "container":
            state = replace(state, containers=_add(state.containers, move.dst))
            if len(state.containers) == 2 * self.params.containers_per_player:
                state = replace(state, phase=PLACE_COLLECTORS)
            return state
        if kind == "collector":
            state = replace(state, collectors=_add(state.collectors, move.dst))
            return self._after_collectors(state)
        state = replace(state, obstructors=_add(state.obstructors, move.dst))
        done = len(state.obstructors) == self.params.obstructors
        return replace(state, phase=ROLL) if done else state

    def _after_collectors(self, state: State) -> State:
        """After the last collector: obstructors fill the O spaces (automatic when they all fit)."""
        if len(state.collectors) < self.params.collectors:
            return state
        if self.params.obstructors == len(self.starts[OBSTRUCTORS]):
            return replace(state, obstructors=self.starts[OBSTRUCTORS], phase=ROLL)
        return replace(state, phase=PLACE_OBSTRUCTORS)

    # --- turns ------------------------------------------------------------------------------------------------
    def _apply_roll(self, state: State, move: Any) -> State:
        count = 2 if state.phase == BATTLE else 1
        if not isinstance(move, Move) or move.kind != "roll" or len(move.dice) != count:
            what = "a battle roll of two dice (collector, obstructor)" if count == 2 else "a die roll"
            raise IllegalMove(f"expected {what}, not {describe(move)}")
        for value in move.dice:
            if not 1 <= value <= self.faces:
                raise IllegalMove(f"a die shows 1 to {self.faces}, got {value}")
        if state.phase == ROLL:
            return replace(state, phase=MOVE, roll=move.dice[0])
        if state.phase == LOOT:
            return self._next_turn(replace(state, loot=state.loot + move.dice[0],
                                           containers=_drop(state.containers, state.cell)))
        return self._battle_roll(state, *move.dice)

    def _battle_roll(self, state: State, collector: int, obstructor: int) -> State:
        if collector == obstructor:
            return state
        lost_c, lost_o = state.lost
        if collector > obstructor:
            state = replace(state, obstructors=_drop(state.obstructors, state.cell), lost=(lost_c, lost_o + 1))
        else:
            state = replace(state, collectors=_drop(state.collectors, state.cell), lost=(lost_c + 1, lost_o))
        return self._next_turn(state)

    def _next_turn(self, state: State) -> State:
        """Ends the turn; the game ends the moment no collector is on the board."""
        if not state.collectors:
            return replace(state, phase=OVER, roll=0, cell=-1)
        return replace(state, phase=ROLL, turn=state.turn + 1, roll=0, cell=-1)

    def _apply_turn(self, state: State, move: Move) -> State:
        if move.kind == "move":
            return self._apply_step(state, move)
        if move.kind == "return":
            return self._apply_return(state, move)
        if move.kind == "pass":
            possible = [m for m in self.moves(state) if m.kind != "pass"]
            if possible:
                raise IllegalMove("a turn is passed only when no move is possible "
                                  f"({self.notation(state, possible[0])} is possible)")
            return self._next_turn(state)
        raise IllegalMove(f"the {self.player_names[state.mover]} must move, not {describe(move)}")

    def _apply_step(self, state: State, move: Move) -> State:
        side, names = state.mover, self.board.names
        if move.src not in state.markers(side):
            raise IllegalMove(f"no {SIDE_KIND[side]} on {names.get(move.src, '?')}")
        if move.dst not in self.destinations(state, move.src):
            raise IllegalMove(f"no path of {state.roll} steps from {names[move.src]} ends on {names.get(move.dst, '?')}")
        own = _add(_drop(state.markers(side), move.src), move.dst)
        moved = replace(state, collectors=own) if side == COLLECTORS else replace(state, obstructors=own)
        return self._arrive(moved, side, move.dst)

    def _arrive(self, state: State, side: int, cell: int) -> State:
        """What the space reached does: exit, loot roll, battle, or nothing."""
        if side == COLLECTORS and cell in self.safe_zone:
            return self._next_turn(replace(state, collectors=_drop(state.collectors, cell), survivors=state.survivors + 1))
        if side == COLLECTORS and cell in state.containers:
            return replace(state, phase=LOOT, cell=cell)
        enemy = state.obstructors if side == COLLECTORS else state.collectors
        if cell in enemy:
            return replace(state, phase=BATTLE, cell=cell)
        return self._next_turn(state)

    def _apply_return(self, state: State, move: Move) -> State:
        side = state.mover
        if state.roll != self.faces:
            raise IllegalMove(f"a defeated marker returns only on a roll of {self.faces}, rolled {state.roll}")
        if not state.lost[side]:
            raise IllegalMove(f"no defeated {SIDE_KIND[side]} to return")
        if move.dst not in self._returns(state):
            raise IllegalMove(f"{self.board.names.get(move.dst, '?')} is not a free "
                              f"{LETTER_OF_KIND[SPACE_OF[SIDE_KIND[side]]]} space")
        if side == COLLECTORS:
            return self._next_turn(replace(state, lost=(state.lost[0] - 1, state.lost[1]),
                                           collectors=_add(state.collectors, move.dst)))
        return self._next_turn(replace(state, lost=(state.lost[0], state.lost[1] - 1),
                                       obstructors=_add(state.obstructors, move.dst)))

    # --- players, abilities and the numbers of simulated games ----------------------------------------------------
    def player_basic(self, state: State, moves: Sequence[Move], rng: random.Random) -> Move:
        """A simple heuristic player for either side: collectors loot and head for the safe zone, obstructors chase
        collectors."""
        moves = list(moves)
        player = self.to_move(state)
        if len(moves) == 1:
            return moves[0]
        if state.phase != MOVE:
            value = {m: self._setup_value(m, player) for m in moves}
        elif player == COLLECTORS:
            to_sz = self.to_safe
            to_loot = distances(self.board, state.containers) if state.containers else {}
            value = {m: self._collector_value(state, m, to_sz, to_loot) for m in moves}
        else:
            to_prey = distances(self.board, state.collectors, frozenset(state.containers) | self.safe_zone)
            value = {m: obstructor_value(state, m, to_prey) for m in moves}
        top = max(value[m] for m in moves)
        best = [m for m in moves if value[m] == top]
        return best[rng.randrange(len(best))]

    def _setup_value(self, move: Move, player: int) -> float:
        """Set-up: collectors put containers and themselves near the route to the safe zone."""
        to_sz, from_c = self.to_safe, self.from_starts
        cell = move.dst
        if move.kind == "container":
            route = to_sz.get(cell, FAR) + from_c.get(cell, FAR) + 0.01 * from_c.get(cell, FAR)
            return -route if player == COLLECTORS else route
        return -to_sz.get(cell, FAR)

    def _collector_value(self, state: State, move: Move, to_sz: dict[int, int], to_loot: dict[int, int]) -> float:
        if move.kind == "return":
            return 1000.0
        cell = move.dst
        if cell in self.safe_zone:
            return 2000.0
        if cell in state.containers:
            return 500.0 - to_sz.get(cell, FAR)
        if cell in state.obstructors:
            return -200.0
        width = self.board.width
        threat = sum(1 for o in state.obstructors if manhattan(width, o, cell) <= self.faces)
        return -(to_sz.get(cell, FAR) + 0.7 * to_loot.get(cell, 0)) - 2.0 * threat

    def ability_return(self, state: State, move: Move) -> bool:
        """``return``: a side without it never brings a defeated marker back (the other choices, which marker moves
        where, are the game itself, not an ability a side could lack)."""
        return bool(getattr(move, "kind", "") == "return")

    def counters(self, state: State) -> dict[str, float]:
        """Collector wins and draws, and sums of score, survivors, loot and turns; a count per number of survivors."""
        return counted(self.params, state.survivors, state.loot, state.turn + 1)

    def summary(self, counted: Mapping[str, float], games: int) -> dict[str, float]:
        """The collectors' win and draw rates and the means per game of score, survivors, loot, turns."""
        n = games or 1
        figures = {"collectors_win_rate": counted.get("collectors_won", 0) / n, "draw_rate": counted.get("draws", 0) / n}
        for key in ("score", "survivors", "loot", "turns"):
            figures[f"mean_{key}"] = counted.get(f"{key}_sum", 0) / n
        return figures

    # --- at the terminal ------------------------------------------------------------------------------------------
    def dialogue(self, table: Table) -> None:
        """A human leads the collectors against computer obstructors, told every roll, loot and battle; the options
        are numbered, and a space or a move picks one."""
        c_name, o_name = self.player_names
        table.say(f"SiTTeRS: you lead the {c_name}; the computer ({table.computer_player}) plays the {o_name}.")
        state = table.state
        while self.outcome(state) is None:
            player = self.to_move(state)
            if player == CHANCE:
                move = table.chance_move(state)
            elif table.is_computer(player):
                move = table.computer_move(state)
                table.say(f"{self.player_names[player]}: {self.notation(state, move)}")
            else:
                move = self._ask(table, state)
            after = table.play(state, move)
            self._announce(table, state, move, after)
            state = after
        table.say(self.text(state))
        outcome = self.outcome(state)
        assert outcome is not None
        winner = "nobody: a draw" if outcome.winner is None else f"the {self.player_names[outcome.winner]}"
        table.say(f"game over: {outcome.reason}; winner: {winner}")

    def _announce(self, table: Table, before: State, move: Move, after: State) -> None:
        """Say what a roll or a move did."""
        names, players = self.board.names, self.player_names
        if move.kind == "roll" and before.phase == LOOT:
            table.say(f"loot roll: {move.dice[0]} (loot {after.loot})")
        elif move.kind == "roll" and before.phase == BATTLE:
            c, o = move.dice
            result = "a tie, roll again" if c == o else (
                "the obstructor is defeated" if c > o else "the collector is defeated")
            table.say(f"battle on {names[before.cell]}: collector {c}, obstructor {o}: {result}")
        elif move.kind == "roll":
            table.say(f"{players[before.mover]} roll {move.dice[0]}")
        elif move.kind == "pass":
            table.say(f"{players[before.mover]}: no move possible, the turn is lost")
        if after.survivors > before.survivors:
            table.say(f"a collector reaches the safe zone (survivors {after.survivors})")

    def _label(self, state: State, move: Move) -> str:
        text = self.notation(state, move)
        if move.kind != "move":
            return text
        if move.dst in self.safe_zone:
            return text + " (safe zone)"
        if move.dst in state.containers:
            return text + " (container)"
        return text + (" (battle)" if move.dst in state.obstructors else "")

    def _ask(self, table: Table, state: State) -> Move:
        moves = self.moves(state)
        if moves == [Move("pass")]:
            return moves[0]
        table.say(self.text(state))
        options = [f"{i:>3}) {self._label(state, m)}" for i, m in enumerate(moves, start=1)]
        for start in range(0, len(options), 4):
            table.say("".join(f"{o:<26}" for o in options[start:start + 4]).rstrip())
        while True:
            table.say("your choice (a number, a space or a move):")
            line = table.ask("", echo=False)
            move, problem = self._choose(state, moves, line)
            if move is not None:
                table.say(f"> {line}")
                return move
            table.say(f"{quoted(line)}: {problem}; try again")

    def _choose(self, state: State, moves: list[Move], text: str) -> tuple[Move | None, str]:
        """The option a line of input names, or None and the reason it names none."""
        if not text:
            return None, "type a number, a space such as D4 or a move such as 'A4 > D4'"
        if text.isascii() and text.isdigit() and len(text) <= 9:
            index = int(text)
            if 1 <= index <= len(moves):
                return moves[index - 1], ""
            return None, f"not an option (1-{len(moves)})"
        if re.fullmatch(r"[A-Za-z][0-9]+", text):
            return self._by_space(state, moves, text)
        try:
            move = self.parse(state, text)
            self.play(state, move)
        except (NotationError, IllegalMove) as exc:
            return None, str(exc)
        return move, ""

    def _by_space(self, state: State, moves: list[Move], text: str) -> tuple[Move | None, str]:
        """The one option ending on the space named ``text``, or why there is none."""
        try:
            cell = self.cell_of(text)
        except NotationError as exc:
            return None, str(exc)
        ending_there = [m for m in moves if m.dst == cell]
        if len(ending_there) == 1:
            return ending_there[0], ""
        if ending_there:
            return None, f"more than one option ends on {text.upper()}: type its number"
        if state.phase in PLACE_KIND:
            try:
                self.play(state, Move(PLACE_KIND[state.phase], dst=cell))
            except IllegalMove as exc:
                return None, str(exc)
        return None, f"no option ends on {text.upper()}"

    # --- the printed kit ------------------------------------------------------------------------------------------
    def sheet(self, example: Sequence[Step]) -> dict[str, Any]:
        """rules.md's values: the theme's names, the board's counts, the scoring table and the worked
        example turn by turn with its set-up, result and figures."""
        params, board = self.params, self.board
        turns, _ = example_turns(self, example)
        chosen = {t.number for t in key_turns(turns)}
        final = example[-1].after if example else self.setup()
        outcome = self.outcome(final)
        table = score_table(params)
        return {
            "n": theme_names(params.theme),
            "cells": len(board.kinds),
            "rows_count": board.height,
            "columns_count": board.width,
            "last_column": chr(64 + board.width),
            "counts": {kind: len(board.cells_of(kind)) for kind in KIND_ORDER},
            "safe_cells": ", ".join(board.names[c] for c in board.cells_of(SAFE_ZONE)),
            "table": table,
            "rows": [{"label": label, "scores": scores} for label, scores in zip(table["rows"], table["scores"])],
            "verdict": verdict_line(params),
            "die": sided(params.die_sides),
            "a_top_roll": params.a_top_roll,
            "turns": [{"number": t.number, "side": self.player_names[t.side], "roll": t.roll, "move": t.move,
                       "rolls": ", ".join(t.rolls) or "-", "result": t.result or "-", "key": t.number in chosen}
                      for t in turns],
            "setup": setup_summary(self, example),
            "log_lines": len(example),
            "final": {"loot": final.loot, "survivors": final.survivors, "score": score(params, final.survivors, final.loot)},
            "example_result": "unfinished" if outcome is None else (
                "a draw" if outcome.winner is None else f"the {self.player_names[outcome.winner]} win ({outcome.reason})"),
            "figures": [f"example-{i + 1}" for i in range(-(-(1 + len(chosen)) // 2))],
        }

    def sheet_checks(self, text: str) -> list[str]:
        """The rule sheet's scoring table, row by row, against the scoring function."""
        table = score_table(self.params)
        return [f"rule sheet: the scoring table lacks the row {table_line(label, scores)}"
                for label, scores in zip(table["rows"], table["scores"]) if table_line(label, scores) not in text]

    def checks(self, printed: Mapping[str, Sequence[Printed]]) -> list[str | tuple[str, str]]:
        """Enough markers for the parameters; a scoring table both sides can win by, whose last row loot can reach."""
        params = self.params
        found: list[str | tuple[str, str]] = []
        for kind, need, pieces in (("collector", params.collectors, printed.get("standees", ())),
                                   ("obstructor", params.obstructors, printed.get("standees", ())),
                                   ("container", 2 * params.containers_per_player, printed.get("containers", ()))):
            have = sum(1 for p in pieces if kind in p.classes)
            if have < need:
                found.append(f"markers: {have} {kind} markers printed, the rules need {need}")
        values = [v for row in score_table(params)["scores"] for v in row]
        if max(values) <= params.target:
            found.append(("warning", f"scoring: no score is above {params.target}: the collectors can never win"))
        if min(values) >= params.target:
            found.append(("warning", f"scoring: no score is below {params.target}: the obstructors can never win"))
        most_loot = 2 * params.containers_per_player * params.die_sides
        top_band = (params.bands - 1) * params.band_width
        if top_band > most_loot:
            found.append(("warning", f"scoring: the table's last row ({top_band}+) needs more loot than all "
                                     f"containers can give ({most_loot})"))
        return found

    def pieces(self, state: State) -> dict[str, dict[str, list[str]]]:
        """The markers on the board by space, as the kit prints them (``collector-1``, containers first): the browser
        table draws the kit's own standees and tokens there."""
        placed: dict[str, list[str]] = {}
        for kind, cells in (("container", state.containers), ("collector", state.collectors),
                            ("obstructor", state.obstructors)):
            for number, cell in enumerate(cells, start=1):
                placed.setdefault(self.board.names[cell], []).append(f"{kind}-{number}")
        return {"board": placed}

    def zones(self, view: State) -> dict[str, Any]:
        """What the browser table shows beside the board: the turn and what it waits for, the roll the mover moves by,
        the loot and survivors and the score they make against the target, the containers still to place or unopened,
        and each side's markers on the board and defeated (in that side's area)."""
        params = self.params
        value = score(params, view.survivors, view.loot)
        placing = 2 * params.containers_per_player - len(view.containers) if view.phase in SETUP else 0
        return {"turn": self._status(view),
                "roll": view.roll if view.phase == MOVE else "-",
                "loot": view.loot,
                "survivors": view.survivors,
                "score": f"{value} (target {params.target})",
                "containers": f"{placing} to place" if placing else f"{len(view.containers)} unopened",
                "markers": [f"{len(view.markers(side))} on the board, {view.lost[side]} defeated" for side in (0, 1)]}

    def board_cells(self) -> dict[str, set[str]]:
        """Every space of the map, printed with the class ``cell`` and its kind's."""
        return {name: {"cell", kind} for name, kind in cell_kinds(self.params).items()}


KIND_ORDER = (COLLECTOR_START, CONTAINER, OBSTRUCTOR_START, SAFE_ZONE, FLOOR)
"""The kinds of space in the order the rule sheet and the board's legend list them."""


# --- the worked example -----------------------------------------------------------------------------------------------


@dataclass
class Turn:
    """One turn of the example: its roll, the move, the rolls that followed and what came of it."""

    number: int
    side: int
    roll: int = 0
    move: str = ""
    path: tuple[str, ...] = ()
    rolls: list[str] = field(default_factory=list)
    result: str = ""
    kind: str = "plain"
    after: State | None = None
    moved: State | None = None
    """The position right after the move, before its loot roll or battle (markers may share a space)."""


def _result(before: State, after: State, names: dict[str, str]) -> tuple[str, str]:
    """What a turn did, in words, and its kind (loot, safe, battle, return, pass, plain)."""
    if after.survivors > before.survivors:
        return f"reaches the safe zone: survivors {after.survivors}", "safe"
    if after.loot > before.loot:
        return f"opens a {names['container']}: +{after.loot - before.loot} {names['loot']} ({after.loot})", "loot"
    lost = [a - b for a, b in zip(after.lost, before.lost)]
    if lost[0] > 0 or lost[1] > 0:
        who = names["collector"] if lost[0] > 0 else names["obstructor"]
        return f"battle: the {who} is defeated", "battle"
    if after.lost[0] < before.lost[0] or after.lost[1] < before.lost[1]:
        return "a defeated marker returns", "return"
    return "", "plain"


def example_turns(game: Sitters, example: Sequence[Step]) -> tuple[list[Turn], State]:
    """The turns of the example (each with its rolls grouped) and the position after set-up."""
    names = theme_names(game.params.theme)
    turns: list[Turn] = []
    setup = start = example[0].before if example else game.setup()
    for step in example:
        before = step.before
        if before.phase in SETUP:
            setup = step.after
        elif before.phase == ROLL:
            start = before
            turns.append(Turn(before.turn + 1, before.mover, roll=step.move.dice[0]))
        elif before.phase == MOVE:
            turn = turns[-1]
            turn.move, turn.moved = step.line, step.after
            if step.move.kind == "move":
                path = game.destinations(before, step.move.src)[step.move.dst]
                turn.path = tuple(game.board.names[c] for c in path)
            elif step.move.kind == "pass":
                turn.result, turn.kind = "no move possible", "pass"
        elif before.phase in (LOOT, BATTLE):
            turns[-1].rolls.append(" ".join(str(d) for d in step.move.dice))
        if turns and step.after.phase not in (MOVE, LOOT, BATTLE):
            turn = turns[-1]
            if turn.after is None:
                turn.after = step.after
                if turn.kind != "pass":
                    turn.result, turn.kind = _result(start, step.after, names)
    return turns, setup


def key_turns(turns: list[Turn]) -> list[Turn]:
    """The first turn of each kind that teaches something (loot, safe zone, battle, return), and the last."""
    chosen: list[Turn] = []
    for kind in ("loot", "safe", "battle", "return"):
        first = next((t for t in turns if t.kind == kind), None)
        if first is not None and first not in chosen:
            chosen.append(first)
    if turns and turns[-1] not in chosen:
        chosen.append(turns[-1])
    return sorted(chosen, key=lambda t: t.number)[:4]


def markers(game: Sitters, state: State) -> dict[str, list[str]]:
    """Coordinate -> marker kinds on it (containers first) for a figure: :meth:`Sitters.pieces` without their numbers."""
    return {space: [piece.rsplit("-", 1)[0] for piece in pieces] for space, pieces in game.pieces(state)["board"].items()}


def setup_summary(game: Sitters, example: Sequence[Step]) -> dict[str, str]:
    """Where the example's set-up put things: containers of each side, collectors, obstructors."""
    placed: dict[str, list[str]] = {"container": [], "collector": [], "obstructor": []}
    for step in example:
        if step.move.kind in placed:
            placed[step.move.kind].append(game.board.names[step.move.dst])
    cpp = game.params.containers_per_player
    return {"containers_c": ", ".join(sorted(placed["container"][:cpp])) or "no squares",
            "containers_o": ", ".join(sorted(placed["container"][cpp:])) or "no squares",
            "collectors": ", ".join(sorted(placed["collector"])),
            "obstructors": ", ".join(sorted(placed["obstructor"])) or "fill the O squares"}
