"""Positions from plain text, for tests, rule-sheet diagrams and puzzles.

Spaces are written as :func:`notation.cell_text` shows them: ``X``, ``O``, ``*`` (intersect,
optionally ``*X``, ``*O``, ``*XO``), ``^x`` / ``^o`` after the rest for a dibs claim, ``###`` for a
void; walls as ``{"B2|C2": "X"}`` (owner).
"""

from __future__ import annotations

from typing import Mapping

from printkit.games.tictactwo.engine import TicTacTwo
from printkit.games.tictactwo.notation import cell_text
from printkit.games.tictactwo.state import DIBS_O, DIBS_X, INTERSECT, PLAY, VOID, O, State, X
from printkit.userinput.text import quoted


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
    rules: TicTacTwo,
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


def board_of(rules: TicTacTwo, state: State) -> dict[str, str]:
    """The non-empty spaces by name, as :func:`notation.cell_text` writes them."""
    return {rules.geo.names[i]: cell_text(v) for i, v in enumerate(state.cells) if v}


def walls_of(rules: TicTacTwo, state: State) -> dict[str, str]:
    """The walls by slot name with their owner's letter."""
    return {s.name: "XO"[state.walls[s.index]] for s in rules.geo.slots if state.walls[s.index] >= 0}


def play_lines(rules: TicTacTwo, state: State, *lines: str) -> State:
    """The state after some moves in log notation (for diagrams: a swap, a shift, a topple)."""
    for line in lines:
        state = rules.apply(state, rules.parse_move(state, line))
    return state
