"""The Tic Tac Warfare rules engine (see ``notation.py`` for the move notation).

A turn is one move: an ordinary token placed on an empty cell plus at most one ability card,
played before or after the placement. Victory (line, fortress) is checked after every action
and ends the game at once; a full board at the end of a turn ends it by territory (or as a
stalemate when territory victory is off). The game is finite: every turn without a Bomb fills
at least one cell and a Bomb empties at most five, so it lasts at most
``cells + 5 * bombs`` turns (:func:`max_turns`); no artificial cap is needed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from printkit.games.warfare.board import Geometry, geometry
from printkit.games.warfare.params import Params
from printkit.rules.game import CHANCE, IllegalMove, Outcome

ABILITIES = ("bomb", "shield", "convert", "fortress")
MARKS = ("X", "O")
EMPTY = 0


def token(player: int, fortress: bool = False) -> int:
    """The board value of a token: 1/2 ordinary X/O, 3/4 fortress X/O."""
    return 1 + player + 2 * fortress


def owner(value: int) -> int:
    """The player (0 = X, 1 = O) owning a non-empty board value."""
    return (value - 1) & 1


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


def max_turns(params: Params) -> int:
    """An upper bound on the number of turns of any game (see the module docstring)."""
    return params.board_size**2 + 5 * 2 * params.abilities.bomb


class WarfareRules:
    """The engine for one set of :class:`Params`."""

    def __init__(self, params: Params) -> None:
        self.params = params
        self.geo: Geometry = geometry(params.board_size, params.line_length)
        self.player_names = (params.player_x, params.player_o)
        self.cards0 = tuple(params.abilities.count(a) for a in ABILITIES)
        self.counts_moves = params.board_size <= 8
        """Whether simulate's figures count each decision's legal moves: a turn's moves are every way to play its
        abilities, and listing them on a board above 8x8 costs far more than the game (the branching figure is then
        left out)."""

    # --- the contract -------------------------------------------------------------------
    def initial_state(self) -> State:
        return State(board=(EMPTY,) * self.geo.cells, cards=(self.cards0, self.cards0))

    def current_player(self, state: State) -> int:
        return state.to_move

    def chance_outcomes(self, state: State) -> Sequence[tuple[Move, float]]:
        if state.to_move != CHANCE or state.result is not None:
            return []
        return [(First(0), 0.5), (First(1), 0.5)]

    def legal_moves(self, state: State) -> Sequence[Move]:
        from printkit.games.warfare.turns import walk

        if state.result is not None:
            return []
        if state.to_move == CHANCE:
            return [First(0), First(1)]
        return [move for move, _ in walk(self, state)]

    def apply(self, state: State, move: Move) -> State:
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

    def format_move(self, state: State, move: Move) -> str:
        from printkit.games.warfare.notation import format_move

        return format_move(self.geo, move)

    def parse_move(self, state: State, text: str) -> Move:
        from printkit.games.warfare.notation import parse_move

        return parse_move(self.geo, text)

    def render_text(self, state: State) -> str:
        from printkit.games.warfare.notation import render_text

        return render_text(self, state)

    def state_json(self, state: State) -> dict[str, Any]:
        from printkit.games.warfare.notation import state_json

        return state_json(self, state)

    # --- the steps of a turn (also used by the players) ------------------------------------
    def _turn_actions(self, st: State, move: Turn) -> State:
        """Ability before, placement, ability after, with the immediate-victory rule."""
        if move.ability is not None and move.before:
            st = self.play_ability(st, move.ability, move.target)
            if st.result is not None:
                if move.place is not None:
                    where = self.geo.name(move.target or 0)
                    raise IllegalMove(f"the {move.ability} on {where} already won the game: no placement follows")
                return st
        if move.place is None:
            raise IllegalMove("a turn must place a token on an empty cell")
        st = self.place(st, move.place)
        if move.ability is not None and not move.before:
            if st.result is not None:
                where = self.geo.name(move.place)
                raise IllegalMove(f"the placement on {where} already won the game: no ability may follow")
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
            return self._bomb(st, target)
        if ability == "shield":
            shields = list(st.shields)
            shields[player] = target
            return replace(st, shields=(shields[0], shields[1]))
        return self._set(st, target, token(player, ability == "fortress"))

    def _check_target(self, st: State, ability: str, target: int) -> None:
        """Raise IllegalMove unless ``target`` is a legal target of ``ability``."""
        value, name, me = st.board[target], self.geo.name(target), st.to_move
        them = MARKS[1 - me]
        if ability == "fortress":
            if value != EMPTY:
                raise IllegalMove(f"a fortress goes on an empty cell, {name} is occupied")
            return
        wanted = me if ability == "shield" else 1 - me
        if value == EMPTY or owner(value) != wanted:
            held = "is empty" if value == EMPTY else f"holds an {MARKS[owner(value)]} token"
            raise IllegalMove(f"the {ability} must target an {MARKS[wanted]} token, {name} {held}")
        if ability == "convert" and target in st.shields:
            raise IllegalMove(f"{name} is shielded: {them}'s token cannot be converted")

    def _bomb(self, st: State, target: int) -> State:
        board = list(st.board)
        for cell in self.geo.crosses[target]:
            if cell not in st.shields:
                board[cell] = EMPTY
        return replace(st, board=tuple(board))

    def _set(self, st: State, cell: int, value: int) -> State:
        """Put ``value`` on ``cell`` and check for an immediate victory."""
        board = st.board[:cell] + (value,) + st.board[cell + 1 :]
        st = replace(st, board=board)
        return replace(st, result=self._victory(board, cell, st.to_move))

    def _victory(self, board: tuple[int, ...], cell: int, mover: int) -> Outcome | None:
        """Line (both players guarded) or fortress victory after a token appeared on ``cell``."""
        scores = self.scores(board)
        liners = [p for p in (0, 1) if self._line_through(board, cell, p)]
        if len(liners) == 2:
            return Outcome(None, "double line", scores)
        if liners:
            return Outcome(liners[0], "line", scores)
        forts = sum(1 for v in board if v == token(mover, True))
        if forts >= self.params.fortress_victory:
            return Outcome(mover, "fortress", scores)
        return None

    def _line_through(self, board: tuple[int, ...], cell: int, player: int) -> bool:
        mine = (token(player), token(player, True))
        return any(all(board[i] in mine for i in line) for line in self.geo.lines_through[cell])

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

    # --- queries ------------------------------------------------------------------------
    def scores(self, board: Sequence[int]) -> tuple[float, float]:
        """Tokens on the board per player (ordinary and fortress)."""
        x = sum(1 for v in board if v and owner(v) == 0)
        o = sum(1 for v in board if v and owner(v) == 1)
        return (float(x), float(o))

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
