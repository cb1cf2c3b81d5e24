"""Tic Tac Warfare: a tic-tac-toe on a 6 x 6 board with Bomb, Shield, Convert and Fortress cards.

The rules of the kit folder (kit.toml's ``[game] rules``), written on printkit.kitrules like any designer's. A
turn is one move: an ordinary token placed on an empty cell plus at most one ability card, played before or
after the placement. Victory (line, fortress) is checked after every action and ends the game at once; a full
board at the end of a turn ends it by territory (or as a stalemate when territory victory is off). The game is
finite: every turn without a Bomb fills at least one cell and a Bomb empties at most five, so it lasts at most
``cells + 5 * bombs`` turns (:func:`max_turns`).

Positions are frozen dataclasses (:class:`State`) and :meth:`TicTacWarfare.play` returns a new one, refusing an
illegal move itself (``play_checks_moves``): a turn has thousands of legal forms, and a move is checked by playing
it. Notation, one turn per line, the mover's mark first; cells are column letter + row number from the top left::

    first X              # chance: X goes first (or: first O)
    X C3                 # X places a token on C3
    O bomb C3, D4        # O bombs C3 first, then places on D4
    X C3, shield C3      # X places on C3, then shields it
    O fortress B2, E5    # O places a fortress on B2, then a token on E5
    X convert D4         # a Convert that wins at once: no placement follows

The parts of a turn are separated by a comma, in the order they are played. Letters may be typed in either case.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterator, Sequence, TypeVar

from printkit.kitrules import (
    CHANCE,
    Chance,
    Game,
    IllegalMove,
    NotationError,
    Numbered,
    Outcome,
    Printed,
    Shown,
    Step,
    choice,
    grid_names,
    play_refusal,
    plural,
    result_text,
)

ABILITIES = ("bomb", "shield", "convert", "fortress")
MARKS = ("X", "O")
EMPTY = 0
EXPECTED = "expected a turn such as 'X C3', 'X bomb D4, C3' or 'X C3, shield C3', or 'first X'"
COORD = re.compile(r"([A-Za-z])(\d{1,2})")
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
T = TypeVar("T")


def token(player: int, fortress: bool = False) -> int:
    """The board value of a token: 1/2 ordinary X/O, 3/4 fortress X/O."""
    return 1 + player + 2 * fortress


def owner(value: int) -> int:
    """The player (0 = X, 1 = O) owning a non-empty board value."""
    return (value - 1) & 1


# --- the board ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Geometry:
    """A square board of ``size`` cells per side with lines of ``length`` cells; cell ``r * size + c`` is column ``c``
    (letter), row ``r + 1``."""

    size: int
    length: int
    names: tuple[str, ...]
    lines: tuple[tuple[int, ...], ...]
    lines_through: tuple[tuple[tuple[int, ...], ...], ...]
    crosses: tuple[tuple[int, ...], ...]

    @property
    def cells(self) -> int:
        return self.size * self.size

    def name(self, cell: int) -> str:
        """``C4`` for a cell index."""
        return self.names[cell]

    def parse(self, text: str) -> int:
        """The cell index of a coordinate such as ``C4`` (case-insensitive)."""
        match = COORD.fullmatch(text.strip())
        if not match:
            raise NotationError(f"expected a cell such as 'C4', got {_shown(text)}")
        col, row = ord(match.group(1).upper()) - ord("A"), int(match.group(2)) - 1
        if not (0 <= col < self.size and 0 <= row < self.size):
            raise NotationError(f"{_shown(text)} is off the board (columns A-{chr(ord('A') + self.size - 1)}, rows 1-{self.size})")
        return row * self.size + col


@lru_cache(maxsize=64)
def geometry(size: int, length: int) -> Geometry:
    """The (cached) geometry of a board: every run of ``length`` cells in a row, column or diagonal, and each cell's
    cross (itself and its orthogonal neighbours)."""
    names = grid_names(size, size)
    lines = [tuple((r + dr * k) * size + c + dc * k for k in range(length))
             for r in range(size) for c in range(size) for dr, dc in DIRECTIONS
             if 0 <= r + dr * (length - 1) < size and 0 <= c + dc * (length - 1) < size]
    crosses = []
    for cell in range(size * size):
        r, c = divmod(cell, size)
        near = [(r + dr) * size + c + dc for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)) if 0 <= r + dr < size and 0 <= c + dc < size]
        crosses.append(tuple(sorted([cell, *near])))
    through = tuple(tuple(line for line in lines if cell in line) for cell in range(size * size))
    return Geometry(size, length, names, tuple(lines), through, tuple(crosses))


# --- positions and moves --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class State:
    """A position: the board, whose turn, cards left, shields and the result once over."""

    board: tuple[int, ...]
    cards: tuple[tuple[int, ...], tuple[int, ...]]
    to_move: int = CHANCE
    first: int | None = None
    shields: tuple[int, int] = (-1, -1)
    turns: int = 0
    result: Outcome | None = None


@dataclass(frozen=True)
class First:
    """The chance move deciding who goes first."""

    player: int


@dataclass(frozen=True)
class Turn:
    """One turn. ``place`` is None only when an ability played first already won the game."""

    player: int
    place: int | None
    ability: str | None = None
    target: int | None = None
    before: bool = False


Move = First | Turn


def max_turns(params: Any) -> int:
    """An upper bound on the number of turns of any game (see the module's docstring)."""
    return params.board_size**2 + 5 * 2 * params.abilities.bomb


def max_tokens_on_board(params: Any) -> int:
    """An upper bound on the ordinary tokens ONE player can have on the board at once (what the kit prints).

    Say P has made ``t`` placements and O ``u``, with ``t <= u + 1``. P's tokens come from its placements and its
    Converts: ``n_P <= t + c`` (``c`` Convert cards). O's placements stay on the board except those removed by
    Bombs (at most 5 tokens per Bomb, ``b`` Bombs in all, both players) or converted: ``n_O >= u - 5b - c``. Both
    fit on the board: ``n_P + n_O <= cells``. So ``n_P <= min(u + 1 + c, cells - u + 5b + c)``, largest when the
    two meet: ``n_P <= (cells + 5b + 1) // 2 + c``, and never above ``cells``. Fortress tokens are counted apart:
    each player has ``abilities.fortress`` of them.
    """
    size, bombs = params.board_size**2, 2 * params.abilities.bomb
    return min(size, (size + 5 * bombs + 1) // 2 + params.abilities.convert)


def cells(params: Any) -> list[str]:
    """The coordinates in board order: A1, B1, ... along the top row, then row 2, ..."""
    return list(geometry(params.board_size, params.line_length).names)


# --- the rules ------------------------------------------------------------------------------------------------------


class TicTacWarfare(Game):
    """The engine for one set of parameters (kit.toml's ``[params]``)."""

    endings = ("line", "double line", "fortress", "territory", "stalemate", "full board")
    aids = ("x-ability-cards", "o-ability-cards")  # the rules count cards; the printed ones are the players' hands
    per_player = ("ability cards", "tokens on the board")  # zones() at the browser table
    marks = MARKS
    hint = " without the mark (e.g. 'C3', 'bomb C3, D4', 'C3, shield C3', 'fortress B2, E5')"
    strongest = "greedy"
    play_checks_moves = True
    max_moves = 100_000

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.geo = geometry(self.params.board_size, self.params.line_length)
        self.player_names = (self.params.player_x, self.params.player_o)
        self.cards0 = tuple(self.params.abilities[a] for a in ABILITIES)
        self.counts_moves = self.params.board_size <= 8
        """Whether simulate's figures count each decision's legal moves: a turn's moves are every way to play its
        abilities, and listing them on a board above 8x8 costs far more than the game (the branching figure is then
        left out)."""

    # --- what a game writes -----------------------------------------------------------------------------------
    def setup(self) -> State:
        return State(board=(EMPTY,) * self.geo.cells, cards=(self.cards0, self.cards0))

    def to_move(self, state: State) -> int:
        return state.to_move

    def chance(self, state: State) -> Chance:
        return choice({First(0): 0.5, First(1): 0.5})

    def moves(self, state: State) -> list[Move]:
        return [move for move, _ in turns(self, state)]

    def play(self, state: State, move: Move) -> State:
        if state.result is not None:
            raise IllegalMove("the game is over")
        if isinstance(move, First):
            if state.to_move != CHANCE:
                raise IllegalMove("who goes first is already decided")
            return replace(state, to_move=move.player, first=move.player)
        if state.to_move == CHANCE:
            raise IllegalMove("decide who goes first before the first turn ('first X' or 'first O')")
        if move.player != state.to_move:
            raise IllegalMove(f"it is {MARKS[state.to_move]}'s turn")
        return self.end_turn(self._turn_actions(self.begin_turn(state), move))

    def outcome(self, state: State) -> Outcome | None:
        return state.result

    def first_player(self, state: State) -> int | None:
        return state.first

    why_not = play_refusal

    # --- the steps of a turn (the players walk them too) ------------------------------------------------------
    def _turn_actions(self, st: State, move: Turn) -> State:
        """Ability before, placement, ability after, with the immediate-victory rule."""
        if move.ability is not None and move.before:
            st = self.play_ability(st, move.ability, move.target)
            if st.result is not None:
                if move.place is not None:
                    raise IllegalMove(f"the {move.ability} on {self.geo.name(move.target or 0)} already won the game: "
                                      "no placement follows")
                return st
        if move.place is None:
            raise IllegalMove("a turn must place a token on an empty cell")
        st = self.place(st, move.place)
        if move.ability is not None and not move.before:
            if st.result is not None:
                raise IllegalMove(f"the placement on {self.geo.name(move.place)} already won the game: no ability may follow")
            st = self.play_ability(st, move.ability, move.target)
        return st

    def begin_turn(self, state: State) -> State:
        """The mover's own shield ends at the start of their turn."""
        shields = list(state.shields)
        shields[state.to_move] = -1
        return replace(state, shields=(shields[0], shields[1]))

    def place(self, st: State, cell: int) -> State:
        """Place an ordinary token of the mover on an empty cell."""
        if st.board[cell] != EMPTY:
            raise IllegalMove(f"{self.geo.name(cell)} is occupied")
        return self._set(st, cell, token(st.to_move))

    def play_ability(self, st: State, ability: str | None, target: int | None) -> State:
        """Play one ability card of the mover on ``target``."""
        player, index = st.to_move, ABILITIES.index(ability or "")
        if st.cards[player][index] <= 0:
            raise IllegalMove(f"{MARKS[player]} has no {ability} card left")
        if target is None:
            raise IllegalMove(f"the {ability} needs a target cell")
        self._check_target(st, str(ability), target)
        cards = list(st.cards)
        cards[player] = tuple(n - (i == index) for i, n in enumerate(st.cards[player]))
        st = replace(st, cards=(cards[0], cards[1]))
        if ability == "bomb":
            board = list(st.board)
            for cell in self.geo.crosses[target]:
                if cell not in st.shields:
                    board[cell] = EMPTY
            return replace(st, board=tuple(board))
        if ability == "shield":
            shields = list(st.shields)
            shields[player] = target
            return replace(st, shields=(shields[0], shields[1]))
        return self._set(st, target, token(player, ability == "fortress"))

    def _check_target(self, st: State, ability: str, target: int) -> None:
        """Raise IllegalMove unless ``target`` is a legal target of ``ability``."""
        value, name, me = st.board[target], self.geo.name(target), st.to_move
        if ability == "fortress":
            if value != EMPTY:
                raise IllegalMove(f"a fortress goes on an empty cell, {name} is occupied")
            return
        wanted = me if ability == "shield" else 1 - me
        if value == EMPTY or owner(value) != wanted:
            held = "is empty" if value == EMPTY else f"holds an {MARKS[owner(value)]} token"
            raise IllegalMove(f"the {ability} must target an {MARKS[wanted]} token, {name} {held}")
        if ability == "convert" and target in st.shields:
            raise IllegalMove(f"{name} is shielded: {MARKS[1 - me]}'s token cannot be converted")

    def _set(self, st: State, cell: int, value: int) -> State:
        """Put ``value`` on ``cell`` and check for an immediate victory: a line (both players' guarded) or fortresses."""
        board = st.board[:cell] + (value,) + st.board[cell + 1:]
        scores = self.scores(board)
        liners = [p for p in (0, 1) if any(all(board[i] in (token(p), token(p, True)) for i in line)
                                            for line in self.geo.lines_through[cell])]
        result = None
        if len(liners) == 2:
            result = Outcome(None, "double line", scores)
        elif liners:
            result = Outcome(liners[0], "line", scores)
        elif sum(1 for v in board if v == token(st.to_move, True)) >= self.params.fortress_victory:
            result = Outcome(st.to_move, "fortress", scores)
        return replace(st, board=board, result=result)

    def end_turn(self, st: State) -> State:
        """Territory (or stalemate) on a full board, then the other player's turn."""
        st = replace(st, to_move=1 - st.to_move, turns=st.turns + 1)
        if st.result is not None or EMPTY in st.board:
            return st
        scores = self.scores(st.board)
        if not self.params.territory_victory:
            return replace(st, result=Outcome(None, "full board", scores))
        if scores[0] == scores[1]:
            return replace(st, result=Outcome(None, "stalemate", scores))
        return replace(st, result=Outcome(0 if scores[0] > scores[1] else 1, "territory", scores))

    def scores(self, board: Sequence[int]) -> tuple[float, float]:
        """Tokens on the board per player (ordinary and fortress)."""
        return (float(sum(1 for v in board if v and owner(v) == 0)), float(sum(1 for v in board if v and owner(v) == 1)))

    def empties(self, st: State) -> list[int]:
        return [i for i, v in enumerate(st.board) if v == EMPTY]

    def basic_targets(self, st: State, ability: str) -> list[int]:
        """Cells ``ability`` may target now, ignoring what must follow in the turn."""
        me, board = st.to_move, st.board
        if ability == "fortress":
            return self.empties(st)
        if ability == "shield":
            return [i for i, v in enumerate(board) if v and owner(v) == me]
        them = [i for i, v in enumerate(board) if v and owner(v) != me]
        return them if ability == "bomb" else [i for i in them if i not in st.shields]

    def winning_cells(self, st: State) -> set[int]:
        """Empty cells where an ordinary token of the mover completes a line."""
        mine, out = (token(st.to_move), token(st.to_move, True)), set()
        for line in self.geo.lines:
            holes = [i for i in line if st.board[i] not in mine]
            if len(holes) == 1 and st.board[holes[0]] == EMPTY:
                out.add(holes[0])
        return out

    # --- notation and views -----------------------------------------------------------------------------------
    def notation(self, state: State, move: Move) -> str:
        if isinstance(move, First):
            return f"first {MARKS[move.player]}"
        parts = [] if move.place is None else [self.geo.name(move.place)]
        if move.ability is not None:
            parts.insert(0 if move.before else len(parts), f"{move.ability} {self.geo.name(move.target or 0)}")
        return f"{MARKS[move.player]} " + ", ".join(parts)

    def parse(self, state: State, text: str) -> Move:
        words = text.strip().split(None, 1)
        if len(words) == 2 and words[0].lower() == "first":
            return First(_mark(words[1].strip()))
        if len(words) < 2:
            raise NotationError(EXPECTED)
        player = _mark(words[0])
        parts = [p.strip() for p in words[1].split(",")]
        if len(parts) > 2 or not all(parts):
            raise NotationError(f"{EXPECTED}; a turn has at most two parts separated by a comma")
        place: int | None = None
        ability: tuple[str, int, bool] | None = None
        for index, part in enumerate(parts):
            pieces = part.split()
            if len(pieces) == 1:
                if place is not None:
                    raise NotationError(f"a turn places one token, got two in {_shown(text)}")
                place = self.geo.parse(pieces[0])
            elif len(pieces) == 2 and pieces[0].lower() in ABILITIES:
                if ability is not None:
                    raise NotationError(f"at most one ability per turn, got two in {_shown(text)}")
                ability = (pieces[0].lower(), self.geo.parse(pieces[1]), index == 0)
            else:
                raise NotationError(f"expected a cell or an ability and a cell ({', '.join(ABILITIES)}), got {_shown(part)}")
        if ability is None:
            assert place is not None
            return Turn(player, place)
        return Turn(player, place, ability[0], ability[1], ability[2] if place is not None else True)

    def text(self, state: State) -> str:
        size = self.geo.size
        lines = ["    " + "".join(f" {chr(ord('A') + c)} " for c in range(size))]
        for r in range(size):
            row = "".join(cell_text(state.board[r * size + c], r * size + c in state.shields) for c in range(size))
            lines.append(f"{r + 1:>3} {row}")
        for p in (0, 1):
            held = ", ".join(f"{a} {n}" for a, n in zip(ABILITIES, state.cards[p]))
            lines.append(f"{MARKS[p]} ({self.player_names[p]}): {held}")
        result = state.result
        if result is None:
            lines.append("who goes first is not decided yet" if state.to_move == CHANCE else f"{MARKS[state.to_move]} to move")
        elif result.winner is None:
            lines.append(f"game over: draw ({result.reason})")
        else:
            lines.append(f"game over: {MARKS[result.winner]} ({self.player_names[result.winner]}) wins by {result.reason}")
        lines.append("key: X token, [X] fortress, (X) shielded, {X} shielded fortress")
        return "\n".join(lines)

    def as_json(self, state: State) -> dict[str, Any]:
        size, result = self.geo.size, state.result
        rows = [[cell_text(state.board[i], i in state.shields).strip() for i in range(r * size, (r + 1) * size)]
                for r in range(size)]
        return {
            "size": size,
            "rows": rows,
            "cells": {self.geo.name(i): {"owner": MARKS[owner(v)], "fortress": v > 2, "shielded": i in state.shields}
                      for i, v in enumerate(state.board) if v != EMPTY},
            "to_move": None if result or state.to_move == CHANCE else MARKS[state.to_move],
            "first": None if state.first is None else MARKS[state.first],
            "cards": {MARKS[p]: dict(zip(ABILITIES, state.cards[p])) for p in (0, 1)},
            "turns": state.turns,
            "result": None if result is None else {
                "winner": None if result.winner is None else MARKS[result.winner],
                "reason": result.reason,
                "tokens": {"X": int(result.scores[0]), "O": int(result.scores[1])},
            },
        }

    def pieces(self, state: State) -> dict[str, dict[str, list[Shown]]]:
        """Each token on the board as the kit prints it (its player's next ordinary or fortress token), and a Shield
        card in play on the token it protects (for the browser table)."""
        ids = Numbered()
        placed = {self.geo.name(cell): [Shown(ids(f"{'fortress' if value > 2 else 'token'}-{MARKS[owner(value)]}"))]
                  for cell, value in enumerate(state.board) if value != EMPTY}
        shield = ABILITIES.index("shield")
        for player, cell in enumerate(state.shields):
            if cell >= 0:
                played = self.cards0[shield] - state.cards[player][shield]
                placed.setdefault(self.geo.name(cell), []).append(Shown(f"card-{MARKS[player]}-shield-{played}", "shield"))
        return {"board": placed}

    def zones(self, view: State) -> dict[str, Any]:
        """Each player's ability cards still in hand, as printed (the cards of an ability are played in their printed
        order), and their tokens on the board."""
        hands = [[Shown(f"card-{MARKS[p]}-{ability}-{k}", ability)
                  for i, ability in enumerate(ABILITIES) for k in range(self.cards0[i] - view.cards[p][i] + 1, self.cards0[i] + 1)]
                 for p in (0, 1)]
        return {"ability cards": hands, "tokens on the board": [int(n) for n in self.scores(view.board)]}

    def greeting(self, seating: str) -> str:
        return f"Tic Tac Warfare on a {self.geo.size} x {self.geo.size} board: {seating}."

    # --- players, abilities, counters -----------------------------------------------------------------------
    def player_random(self, state: State, rng: random.Random) -> Move:
        """Every choice uniform, level by level (see :func:`walk`): the ability or none, its timing, its target,
        the placement (at the coin toss, either side)."""
        if state.to_move == CHANCE:
            return First(rng.randrange(2))
        st, me = self.begin_turn(state), state.to_move
        ability, timings = _pick(options(self, st), rng)
        if ability is None:
            return Turn(me, _pick(self.empties(st), rng))
        if _pick(timings, rng):
            target = _pick(before_targets(self, st, ability), rng)
            mid = self.play_ability(st, ability, target)
            return Turn(me, None if mid.result is not None else _pick(self.empties(mid), rng), ability, target, True)
        place = _pick(after_places(self, st, ability), rng)
        return Turn(me, place, ability, _pick(self.basic_targets(self.place(st, place), ability), rng), False)

    def player_greedy(self, state: State, rng: random.Random) -> Move:
        """Complete an own line, else block the opponent's, else play like ``random``."""
        if state.to_move == CHANCE:
            return First(rng.randrange(2))
        st = self.begin_turn(state)
        wins = sorted(self.winning_cells(st))
        if wins:
            return Turn(st.to_move, _pick(wins, rng))
        threats = sorted(self.winning_cells(self.end_turn(st)))
        if threats:
            return Turn(st.to_move, _pick(threats, rng))
        return self.player_random(state, rng)

    def abilities(self) -> list[str]:
        """The ability cards the parameters deal."""
        return [name for name in ABILITIES if self.params.abilities[name] > 0]

    def uses(self, state: State, move: Any, ability: str) -> bool:
        """Whether a turn plays the ability card."""
        return isinstance(move, Turn) and move.ability == ability

    def counters(self, state: State) -> dict[str, float]:
        """The ability cards played in the game, by ability."""
        return {a: sum(self.cards0[i] - state.cards[p][i] for p in (0, 1)) for i, a in enumerate(ABILITIES)}

    # --- the printed kit -------------------------------------------------------------------------------------
    def sheet(self, example: Sequence[Step]) -> dict[str, Any]:
        """rules.md's values: counts of the kit, the cards' text, which victories can be reached and the example game's
        moves with their notes and result."""
        return {
            "names": self.player_names,
            "tokens_each": max_tokens_on_board(self.params),
            "cards_each": sum(self.cards0),
            "abilities": [(a.capitalize(), self.params.abilities[a], card_text(a, self.params)) for a in ABILITIES],
            "victories": victory_reachability(self.params),
            "example": [{"line": step.line, "number": i, "note": step.note} for i, step in enumerate(example, start=1)],
            "example_result": result_text(example[-1].after.result if example else None, self.player_names),
        }

    def board_cells(self) -> dict[str, set[str]]:
        """Every cell the rules play on, each printed with the class ``cell``."""
        return {name: {"cell"} for name in self.geo.names}

    def checks(self, printed: Any) -> list[str | tuple[str, str]]:
        """Every card dealt printed, enough tokens for the most one player can have on the board, each victory
        reachable, every cell on the board."""
        found: list[str | tuple[str, str]] = []
        for mark in MARKS:
            cards = printed.get(f"{mark.lower()}-ability-cards", [])
            for ability in ABILITIES:
                have = sum(1 for p in cards if p.id.startswith(f"card-{mark}-{ability}-"))
                if have != self.params.abilities[ability]:
                    found.append(f"cards: {have} {mark} {ability} cards printed, the rules deal {self.params.abilities[ability]}")
        need = max_tokens_on_board(self.params)
        for mark in MARKS:
            tokens: list[Printed] = printed.get(f"{mark.lower()}-tokens", [])
            have = sum(1 for p in tokens if p.id.startswith(f"token-{mark}-"))
            if have < need:
                found.append(f"tokens: {have} {mark} tokens printed, the rules can need {need}")
            forts = sum(1 for p in tokens if p.id.startswith(f"fortress-{mark}-"))
            if forts != self.params.abilities.fortress:
                found.append(f"tokens: {forts} {mark} fortresses printed for {self.params.abilities.fortress} Fortress cards")
        for name, reachable, why in victory_reachability(self.params):
            if not reachable:
                found.append(("warning", f"{name} victory cannot be reached: {why}"))
        return found


def _shown(text: str) -> str:
    """``text`` quoted in a message: whole up to 60 characters, else its start and its length."""
    return repr(text) if len(text) <= 60 else f"{text[:60] + '…'!r} ({len(text):,} characters)"


def _mark(text: str) -> int:
    mark = text.upper()
    if mark not in MARKS:
        raise NotationError(f"expected the mover's mark X or O, got {_shown(text)}")
    return MARKS.index(mark)


def cell_text(value: int, shielded: bool) -> str:
    """Three characters: ' X ' token, '[X]' fortress, '(X)' shielded, '{X}' shielded fortress, ' . ' empty."""
    if value == EMPTY:
        return " . "
    mark = MARKS[owner(value)]
    if shielded:
        return "{" + mark + "}" if value > 2 else f"({mark})"
    return f"[{mark}]" if value > 2 else f" {mark} "


def _pick(items: Sequence[T], rng: random.Random) -> T:
    """A uniform choice (``rng.randrange``, so runs are reproducible across Python versions)."""
    return items[rng.randrange(len(items))]


# --- the shape of a turn: the legal moves, the random player and the kernels follow it ------------------------------
#
# The random player's policy, level by level (every choice uniform): (1) the ability, "none" or a card the mover
# still holds that can be played legally this turn (before or after the placement); (2) its timing, before or after
# the placement, among the legal ones; (3) before: a legal target, then (unless the ability already won) any empty
# cell; after: a placement that does not win on the spot (no ability may follow a winning placement), then a legal
# target; (4) with no ability: any empty cell. Which abilities can follow a placement does not depend on where it
# went: Bomb and Convert target enemy tokens, Shield the token just placed, Fortress one more empty cell, which every
# placement leaves when the board had two. walk() lists every legal turn with its probability under this policy.


def before_targets(rules: TicTacWarfare, st: State, ability: str) -> list[int]:
    """Targets of ``ability`` played before the placement (``st``: the turn has begun)."""
    if st.cards[st.to_move][ABILITIES.index(ability)] <= 0:
        return []
    targets = rules.basic_targets(st, ability)
    if ability == "fortress" and len(targets) < 2:  # the last empty cell: legal only if the fortress wins
        return [t for t in targets if rules.play_ability(st, ability, t).result is not None]
    return targets


def after_places(rules: TicTacWarfare, st: State, ability: str) -> list[int]:
    """Placements after which ``ability`` can be played (empty if it cannot follow at all)."""
    if st.cards[st.to_move][ABILITIES.index(ability)] <= 0:
        return []
    winning = rules.winning_cells(st)
    places = [c for c in rules.empties(st) if c not in winning]
    if not places or not rules.basic_targets(rules.place(st, places[0]), ability):
        return []
    return places


def options(rules: TicTacWarfare, st: State) -> list[tuple[str | None, list[bool]]]:
    """Levels 1 and 2: (ability or None, legal timings with True = before)."""
    out: list[tuple[str | None, list[bool]]] = [(None, [])]
    for ability in ABILITIES:
        timings = [True] if before_targets(rules, st, ability) else []
        if after_places(rules, st, ability):
            timings.append(False)
        if timings:
            out.append((ability, timings))
    return out


def walk(rules: TicTacWarfare, state: State) -> Iterator[tuple[Turn, Fraction]]:
    """Every legal turn from ``state`` with its probability under the random player."""
    for turn, odds in turns(rules, state):
        yield turn, Fraction(1, odds)


def turns(rules: TicTacWarfare, state: State) -> Iterator[tuple[Turn, int]]:
    """:func:`walk`'s turns in its order, each with the N of its probability 1/N (every choice is uniform, so a turn's
    probability is one over the product of the choices' counts; no fractions made where only the turns are wanted)."""
    st, me = rules.begin_turn(state), state.to_move
    opts = options(rules, st)
    for ability, timings in opts:
        if ability is None:
            empties = rules.empties(st)
            for cell in empties:
                yield Turn(me, cell), len(opts) * len(empties)
            continue
        for before in timings:
            n_timing = len(opts) * len(timings)
            if before:
                targets = before_targets(rules, st, ability)
                for target in targets:
                    mid, n_target = rules.play_ability(st, ability, target), n_timing * len(targets)
                    if mid.result is not None:
                        yield Turn(me, None, ability, target, True), n_target
                        continue
                    empties = rules.empties(mid)
                    for cell in empties:
                        yield Turn(me, cell, ability, target, True), n_target * len(empties)
            else:
                places = after_places(rules, st, ability)
                for cell in places:
                    targets = rules.basic_targets(rules.place(st, cell), ability)
                    for target in targets:
                        yield Turn(me, cell, ability, target, False), n_timing * len(places) * len(targets)


# --- facts for the rule sheet and the checks ------------------------------------------------------------------------


def victory_reachability(params: Any) -> list[tuple[str, bool, str]]:
    """(condition, reachable?, why) for line, fortress and territory victory."""
    n, length = params.board_size, params.line_length
    fits = "fits" if length <= n else "does not fit"
    line = ("line", length <= n, f"a line of {length} {fits} on the {n}x{n} board")
    need, have, size = params.fortress_victory, params.abilities.fortress, params.board_size**2
    if need > have:
        fortress = ("fortress", False, f"it needs {need} fortress tokens but each player has only "
                                       f"{plural(have, 'Fortress card')}")
    elif 3 * need - 2 > size and params.abilities.bomb == 0:
        # a fortress on each of `need` turns, a placement after all but the last, the opponent's in between
        fortress = ("fortress", False, f"{need} fortresses need {3 * need - 2} cells, the board has {size}")
    else:
        fortress = ("fortress", True, f"each player has {have} Fortress cards, {need} fortress tokens are needed")
    territory = (("territory", True, "a full board is won by the player with more tokens") if params.territory_victory
                 else ("territory", False, "territory victory is off: a full board is a stalemate"))
    return [line, fortress, territory]


def card_text(ability: str, params: Any) -> str:
    """The rule text printed on a card of ``ability`` (and in the rule sheet's table)."""
    return {
        "bomb": "Before or after placing: choose an enemy token. It and its four orthogonal neighbours "
                "(yours too) are removed, except shielded tokens.",
        "shield": "Before or after placing: choose one of your tokens. Until the start of your next turn "
                  "it cannot be bombed or converted.",
        "convert": "Before or after placing: choose an enemy token that is not shielded. It becomes one "
                   "of your ordinary tokens.",
        "fortress": f"Before or after placing: put your fortress token on an empty cell. It counts for "
                    f"lines and territory; {params.fortress_victory} of your fortresses on the board win.",
    }[ability]


def exact_random_results(params: Any) -> dict[str, Fraction]:
    """Exact first/second/draw probabilities of random-vs-random play, by enumeration of :func:`walk` over every
    position (memoised); feasible for tiny games only, such as tic-tac-toe (board 3, line 3, no abilities)."""
    rules = TicTacWarfare(params, {}, {}, {})

    @lru_cache(maxsize=None)
    def value(state: State) -> tuple[Fraction, Fraction, Fraction]:
        result = state.result
        if result is not None:
            if result.winner is None:
                return (Fraction(0), Fraction(0), Fraction(1))
            first = result.winner == state.first
            return (Fraction(int(first)), Fraction(int(not first)), Fraction(0))
        total = [Fraction(0)] * 3
        for move, prob in walk(rules, state):
            for i, v in enumerate(value(rules.play(state, move))):
                total[i] += prob * v
        return (total[0], total[1], total[2])

    start = rules.setup()
    both = [value(rules.play(start, First(p))) for p in (0, 1)]
    return {k: (both[0][i] + both[1][i]) / 2 for i, k in enumerate(("first", "second", "draw"))}
