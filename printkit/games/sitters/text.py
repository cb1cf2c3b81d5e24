"""The position as text for a terminal and as JSON data."""

from __future__ import annotations

from typing import Any

from printkit.games.sitters.board import LETTERS
from printkit.games.sitters.state import BATTLE, CONTAINERS, LOOT, MOVE, OVER, PLACE_COLLECTORS, PLACE_OBSTRUCTORS, ROLL, State

EMPTY = {"collector-start": "c", "container": "x", "obstructor-start": "o", "safe-zone": "s",
         "floor": "."}
LEGEND = ("C collector, O obstructor, # container, * battle; empty: c/o start space, "
          "x container space, s safe zone, . floor")


def _symbol(rules: Any, state: State, cell: int) -> str:
    if cell not in rules.board.kinds:
        return " "
    here = (cell in state.collectors, cell in state.obstructors)
    if all(here):
        return "*"
    if here[0]:
        return "C"
    if here[1]:
        return "O"
    return "#" if cell in state.containers else EMPTY[rules.board.kinds[cell]]


def _status(rules: Any, state: State) -> str:
    names = rules.player_names
    if state.phase in (CONTAINERS, PLACE_COLLECTORS, PLACE_OBSTRUCTORS):
        return f"set-up: the {names[rules.current_player(state)]} place a {state.phase.rstrip('s')}"
    if state.phase == OVER:
        return "game over"
    turn = f"round {state.turn // 3 + 1}, turn {state.turn + 1}: {names[state.mover]}"
    detail = {ROLL: "to roll", MOVE: f"rolled {state.roll}, to move",
              LOOT: f"loot roll on {rules.board.names.get(state.cell, '?')}",
              BATTLE: f"battle on {rules.board.names.get(state.cell, '?')}"}[state.phase]
    return f"{turn} {detail}"


def render(rules: Any, state: State) -> str:
    """The board with markers, then the tallies and whose turn it is."""
    board = rules.board
    lines = [("    " + "".join(f" {LETTERS[c]} " for c in range(board.width))).rstrip()]
    for row in range(board.height):
        cells = "".join(f" {_symbol(rules, state, row * board.width + c)} "
                        for c in range(board.width))
        lines.append(f"{row + 1:>3} {cells}".rstrip())
    c_name, o_name = rules.player_names
    lines.append(f"loot {state.loot}, survivors {state.survivors}; {c_name}: "
                 f"{len(state.collectors)} on the board, {state.lost[0]} defeated; {o_name}: "
                 f"{len(state.obstructors)} on the board, {state.lost[1]} defeated")
    lines.append(_status(rules, state))
    lines.append(LEGEND)
    return "\n".join(lines)


def as_json(rules: Any, state: State) -> dict[str, Any]:
    """The position as plain data with coordinates."""
    names = rules.board.names
    return {
        "phase": state.phase,
        "turn": state.turn,
        "to_move": rules.current_player(state),
        "roll": state.roll or None,
        "collectors": [names[c] for c in state.collectors],
        "obstructors": [names[c] for c in state.obstructors],
        "containers": [names[c] for c in state.containers],
        "loot": state.loot,
        "survivors": state.survivors,
        "defeated": {"collectors": state.lost[0], "obstructors": state.lost[1]},
        "pending": names.get(state.cell),
    }
