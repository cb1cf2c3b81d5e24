"""Log notation of Tic Tac Warfare, plus the text and JSON views of a position.

One turn per line, starting with the mover's mark (``X`` or ``O``: the marks are fixed, the
player names in the config are only for display). Cells are written column letter + row
number, columns ``A``, ``B``, ... from the left, rows ``1``, ``2``, ... from the top::

    first X              # chance: X goes first (or: first O)
    X C3                 # X places a token on C3
    O bomb C3, D4        # O bombs C3 first, then places on D4
    X C3, shield C3      # X places on C3, then shields it
    O fortress B2, E5    # O places a fortress on B2, then a token on E5
    X convert D4         # a Convert that wins at once: no placement follows

The parts of a turn are separated by a comma and written in the order they are played:
the ability before the placement (``bomb C3, D4``) or after it (``D4, bomb C3``). Abilities:
``bomb``, ``shield``, ``convert``, ``fortress``. Letters may be typed in either case.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.games.warfare.board import Geometry
from printkit.games.warfare.engine import ABILITIES, EMPTY, MARKS, First, Move, State, Turn, owner
from printkit.rules.game import CHANCE, NotationError
from printkit.userinput.text import quoted

if TYPE_CHECKING:
    from printkit.games.warfare.engine import WarfareRules

EXPECTED = "expected a turn such as 'X C3', 'X bomb D4, C3' or 'X C3, shield C3', or 'first X'"


def format_move(geo: Geometry, move: Move) -> str:
    """The notation of a move."""
    if isinstance(move, First):
        return f"first {MARKS[move.player]}"
    parts = [] if move.place is None else [geo.name(move.place)]
    if move.ability is not None:
        action = f"{move.ability} {geo.name(move.target or 0)}"
        parts.insert(0 if move.before else len(parts), action)
    return f"{MARKS[move.player]} " + ", ".join(parts)


def _mark(text: str) -> int:
    mark = text.upper()
    if mark not in MARKS:
        raise NotationError(f"expected the mover's mark X or O, got {quoted(text)}")
    return MARKS.index(mark)


def parse_move(geo: Geometry, text: str) -> Move:
    """A move from its notation; raises NotationError."""
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
                raise NotationError(f"a turn places one token, got two in {quoted(text)}")
            place = geo.parse(pieces[0])
        elif len(pieces) == 2 and pieces[0].lower() in ABILITIES:
            if ability is not None:
                raise NotationError(f"at most one ability per turn, got two in {quoted(text)}")
            ability = (pieces[0].lower(), geo.parse(pieces[1]), index == 0)
        else:
            raise NotationError(f"expected a cell or an ability and a cell ({', '.join(ABILITIES)}), got {quoted(part)}")
    if ability is None:
        assert place is not None
        return Turn(player, place)
    before = ability[2] if place is not None else True
    return Turn(player, place, ability[0], ability[1], before)


def cell_text(value: int, shielded: bool) -> str:
    """Three characters: ' X ' token, '[X]' fortress, '(X)' shielded, ' . ' empty."""
    if value == EMPTY:
        return " . "  # stripped: "."
    mark = MARKS[owner(value)]
    if shielded:
        return "{" + mark + "}" if value > 2 else f"({mark})"
    return f"[{mark}]" if value > 2 else f" {mark} "


def render_text(rules: WarfareRules, state: State) -> str:
    """The board for a terminal, with who is to move and the cards left."""
    size = rules.geo.size
    lines = ["    " + "".join(f" {chr(ord('A') + c)} " for c in range(size))]
    for r in range(size):
        row = "".join(cell_text(state.board[r * size + c], r * size + c in state.shields) for c in range(size))
        lines.append(f"{r + 1:>3} {row}")
    for p in (0, 1):
        held = ", ".join(f"{a} {n}" for a, n in zip(ABILITIES, state.cards[p]))
        lines.append(f"{MARKS[p]} ({rules.player_names[p]}): {held}")
    lines.append(_status(rules, state))
    lines.append("key: X token, [X] fortress, (X) shielded, {X} shielded fortress")
    return "\n".join(lines)


def _status(rules: WarfareRules, state: State) -> str:
    result = state.result
    if result is None:
        if state.to_move == CHANCE:
            return "who goes first is not decided yet"
        return f"{MARKS[state.to_move]} to move"
    if result.winner is None:
        return f"game over: draw ({result.reason})"
    return f"game over: {MARKS[result.winner]} ({rules.player_names[result.winner]}) wins by {result.reason}"


def state_json(rules: WarfareRules, state: State) -> dict[str, Any]:
    """The position as plain JSON data."""
    cells = {}
    for i, value in enumerate(state.board):
        if value != EMPTY:
            cells[rules.geo.name(i)] = {
                "owner": MARKS[owner(value)],
                "fortress": value > 2,
                "shielded": i in state.shields,
            }
    result = state.result
    return {
        "size": rules.geo.size,
        "rows": [_row(rules, state, r) for r in range(rules.geo.size)],
        "cells": cells,
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


def _row(rules: WarfareRules, state: State, r: int) -> list[str]:
    """One row as cell texts: 'X', '[X]', '(X)', '{X}' or '.'."""
    size = rules.geo.size
    cells = range(r * size, (r + 1) * size)
    return [cell_text(state.board[i], i in state.shields).strip() for i in cells]
