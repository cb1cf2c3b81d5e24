"""Log notation (``X E3``: the mark, then the space), the board as text and as JSON data."""

from __future__ import annotations

import re
from typing import Any

from printkit.games.ultimate.board import EMPTY, FREE, MARKS, Geometry
from printkit.games.ultimate.params import board_extent, column_letter, coord_cell
from printkit.rules.game import IllegalMove, NotationError
from printkit.userinput.text import quoted

MOVE = re.compile(r"(?:([A-Za-z])\s+)?([A-Za-z][0-9]+)")
"""A mark letter (optional when typing a move) and a coordinate."""

EMPTY_SYMBOLS = {"": ".", "extra-turn": "T", "triple": "3", "double": "2", "free": "*"}
"""How an empty space of each kind looks in the text board."""


def format_move(geometry: Geometry, player: int, move: int) -> str:
    """``X E3``: the mover's mark and the coordinate of the space."""
    return f"{MARKS[player]} {geometry.coords[move]}"


def parse_move(geometry: Geometry, player: int, text: str) -> int:
    """The cell of ``X E3`` (or a bare ``E3``); the mark must be the mover's."""
    match = MOVE.fullmatch(text.strip())
    if match is None:
        raise NotationError(f"expected a mark and a space like 'X E3', got {quoted(text)}")
    mark, coord = match.group(1), match.group(2)
    if mark is not None and mark.upper() not in MARKS:
        raise NotationError(f"expected the mark X or O, got {quoted(mark)}")
    cell = coord_cell(geometry.size, coord)
    if cell is None:
        raise NotationError(f"{quoted(coord)} is off the board ({board_extent(geometry.size)})")
    if mark is not None and mark.upper() != MARKS[player]:
        raise IllegalMove(f"it is {MARKS[player]}'s turn, not {mark.upper()}'s")
    return cell


def _symbol(rules: Any, value: int, cell: int) -> str:
    if value == FREE:
        return "*"
    if value != EMPTY:
        return MARKS[value - 1]
    return EMPTY_SYMBOLS[rules.geometry.kinds[cell]]


def render_text(rules: Any, state: Any) -> str:
    """The board with column letters and row numbers, then the scores and who is to move."""
    size = rules.geometry.size
    lines = ["    " + " ".join(column_letter(c) for c in range(size))]
    for row in range(size):
        cells = range(row * size, (row + 1) * size)
        lines.append(f"{row + 1:>2}  " + " ".join(_symbol(rules, state.cells[c], c) for c in cells))
    lines.append("(T extra turn, 3 triple, 2 double, * free space)")
    lines.append(_status(rules, state))
    return "\n".join(lines)


def _status(rules: Any, state: Any) -> str:
    """Scores, the last mark's points and who moves next (or the result)."""
    names = rules.player_names
    labels = [n if n == m else f"{n} ({m})" for n, m in zip(names, MARKS, strict=True)]
    text = f"{labels[0]} {state.scores[0]}, {labels[1]} {state.scores[1]}"
    last = state.last
    if last is not None:
        extra = ", extra turn" if last.extra_turn else ""
        text += f"; last: {MARKS[last.player]} {rules.geometry.coords[last.cell]} scored {last.points}{extra}"
    outcome = rules.outcome(state)
    if outcome is None:
        return text + f"; {MARKS[state.to_move]} to move"
    result = "draw" if outcome.winner is None else f"{names[outcome.winner]} wins"
    return text + f"; board full, {result}"


def state_json(rules: Any, state: Any) -> dict[str, Any]:
    """Board rows, both scores, the mark just placed with its points, and who moves next."""
    size, coords = rules.geometry.size, rules.geometry.coords
    last = state.last
    return {
        "board": ["".join(_symbol(rules, state.cells[c], c) for c in range(r * size, (r + 1) * size))
                  for r in range(size)],
        "scores": {"X": state.scores[0], "O": state.scores[1]},
        "to_move": None if not state.empty else MARKS[state.to_move],
        "marks_placed": len(state.history),
        "empty_spaces": len(state.empty),
        "last": None if last is None else {
            "mark": MARKS[last.player],
            "space": coords[last.cell],
            "points": last.points,
            "extra_turn": last.extra_turn,
        },
    }
