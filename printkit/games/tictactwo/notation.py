"""Log notation, text rendering and JSON of Tic Tac Two.

Every line starts with the letter of the player who makes it:

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
"""

from __future__ import annotations

from typing import Any

from printkit.games.tictactwo.geometry import Geometry
from printkit.games.tictactwo.params import ACTIONS
from printkit.games.tictactwo.state import DIBS, INTERSECT, LETTER, VOID, Action, Move, Pick, PlaceVoid, State, Turn
from printkit.rules.game import NotationError
from printkit.userinput.text import quoted

MARK = ("X", "O")
FORMAT = "expected like 'X C3', 'X swap B2 C3, D4', 'O picks wall' or 'X void B2'"


def format_move(geo: Geometry, move: Move) -> str:
    """One log line for a move."""
    who = MARK[move.player]
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


def format_action(geo: Geometry, action: Action) -> str:
    args = action.args
    if action.name == "swap":
        return f"swap {geo.names[int(args[0])]} {geo.names[int(args[1])]}"
    if action.name == "shift":
        axis, index, step = str(args[0]), int(args[1]), int(args[2])
        if axis == "row":
            return f"shift row {index + 1} {'right' if step > 0 else 'left'}"
        return f"shift column {chr(65 + index)} {'down' if step > 0 else 'up'}"
    if action.name == "wall":
        return f"wall {geo.slots[int(args[0])].name}"
    return f"{action.name} {geo.names[int(args[0])]}"


def parse_move(geo: Geometry, state: State, text: str) -> Move:
    """A move from one log line; NotationError when the text is not a move."""
    words = text.strip().split(None, 1)
    if len(words) != 2 or words[0].upper() not in MARK:
        raise NotationError(f"a move starts with the player's letter X or O ({FORMAT})")
    player, rest = MARK.index(words[0].upper()), words[1].strip()
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
    if len(args) != 3 or args[0].lower() not in ("row", "column"):
        raise NotationError(f"expected like 'shift row 2 right' or 'shift column B up', got {quoted(text)}")
    axis, label, way = args[0].lower(), args[1].upper(), args[2].lower()
    n = geo.n
    if axis == "row":
        index = int(label) - 1 if label.isascii() and label.isdigit() and len(label) <= 9 else -1
        steps = {"right": 1, "left": -1}
        bounds = f"rows 1-{n}"
    else:
        index = ord(label) - 65 if len(label) == 1 and label.isalpha() else -1
        steps = {"down": 1, "up": -1}
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
    letters = "".join(m for m, bit in zip(MARK, LETTER) if v & bit)
    dibs = "".join(f"^{m.lower()}" for m, bit in zip(MARK, DIBS) if v & bit)
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


def render_text(geo: Geometry, state: State, player_names: tuple[str, str]) -> str:
    """The board, walls with owners and each player's unused actions."""
    rows = board_rows(geo, state)
    walls = [f"{s.name} ({MARK[state.walls[s.index]]})" for s in geo.slots if state.walls[s.index] >= 0]
    rows.append("walls: " + (", ".join(walls) or "none"))
    for p in (0, 1):
        hand = ", ".join(state.hands[p]) or "none"
        rows.append(f"{MARK[p]} ({player_names[p]}): unused actions {hand}")
    rows.append(f"phase: {state.phase}, {MARK[state.to_move]} to move")
    return "\n".join(rows)


def state_json(geo: Geometry, state: State) -> dict[str, Any]:
    """The position as plain data (spaces by name, walls by slot name)."""
    def space(v: int) -> dict[str, Any]:
        owner = [m for m, bit in zip(MARK, DIBS) if v & bit]
        return {
            "letters": "".join(m for m, bit in zip(MARK, LETTER) if v & bit),
            "intersect": bool(v & INTERSECT), "void": bool(v & VOID), "dibs": owner[0] if owner else None,
        }

    return {
        "phase": state.phase,
        "to_move": MARK[state.to_move],
        "drafted": {MARK[p]: list(state.drafted[p]) for p in (0, 1)},
        "unused": {MARK[p]: list(state.hands[p]) for p in (0, 1)},
        "turns": {MARK[p]: state.turns[p] for p in (0, 1)},
        "cells": {name: space(v) for name, v in zip(geo.names, state.cells)},
        "walls": {s.name: MARK[state.walls[s.index]] for s in geo.slots if state.walls[s.index] >= 0},
        "board": [cell_text(v) for v in state.cells],
    }
