"""Move notation, one move per log line.

    roll 4               a die roll (turn roll or loot roll)
    roll 5 3             battle roll: the collector's die, then the obstructor's die
    place container D3   set-up placements (also ``place collector A4``, ``place obstructor I1``)
    A4 > D4              move the marker on A4 to D4 (``move A4 > D4`` and ``A4>D4`` also read)
    A4-B4-C4-D4          the same move written as its full path (checked step by step)
    return A3            spend a 6 to put a defeated marker back on a free start space
    pass                 the turn is lost: no marker can move and none can return
"""

from __future__ import annotations

from typing import Any

from printkit.games.sitters.board import Board
from printkit.games.sitters.paths import path_problem
from printkit.games.sitters.state import MOVE, Move, State
from printkit.rules.game import IllegalMove, NotationError
from printkit.userinput.text import quoted

PLACEABLE = ("container", "collector", "obstructor")
EXPECTED = ("expected 'roll N', 'roll N N', 'place container|collector|obstructor CELL', "
            "'A4 > D4', a path 'A4-B4-C4', 'return CELL' or 'pass'")


def format_move(board: Board, move: Move) -> str:
    """The log text of a move."""
    names = board.names
    if move.kind == "roll":
        return "roll " + " ".join(str(d) for d in move.dice)
    if move.kind in PLACEABLE:
        return f"place {move.kind} {names[move.dst]}"
    if move.kind == "move":
        return f"{names[move.src]} > {names[move.dst]}"
    if move.kind == "return":
        return f"return {names[move.dst]}"
    return "pass"


def describe(move: Move) -> str:
    """A move's kind in words, for messages."""
    return {"roll": "a die roll", "move": "a move", "return": "a return", "pass": "a pass"}.get(
        move.kind, f"placing a {move.kind}")


def cell_of(board: Board, word: str) -> int:
    """The cell named ``word``; NotationError naming the map's limits otherwise."""
    cell = board.cell(word)
    if cell is None:
        raise NotationError(f"{quoted(word.upper())} is not a space of the map "
                            f"({board.describe_limits()})")
    return cell


def _dice(words: list[str]) -> Move:
    if not 1 <= len(words) <= 2 or not all(w.isascii() and w.isdigit() and len(w) <= 9 for w in words):
        raise NotationError("expected 'roll N' or 'roll N N' (a battle: collector, obstructor)")
    return Move("roll", dice=tuple(int(w) for w in words))


def parse_move(rules: Any, state: State, text: str) -> Move:
    """A move from its text (NotationError for bad text, IllegalMove for a bad path)."""
    words = text.strip().lower().replace(">", " > ").split()
    if not words:
        raise NotationError(EXPECTED)
    head, rest = words[0], words[1:]
    if head == "roll":
        return _dice(rest)
    if head == "place":
        if len(rest) != 2 or rest[0] not in PLACEABLE:
            raise NotationError("expected 'place container|collector|obstructor CELL'")
        return Move(rest[0], dst=cell_of(rules.board, rest[1]))
    if head == "return":
        if len(rest) != 1:
            raise NotationError("expected 'return CELL'")
        return Move("return", dst=cell_of(rules.board, rest[0]))
    if head == "pass" and not rest:
        return Move("pass")
    if head == "move":
        words = rest
    return _parse_step(rules, state, words)


def _parse_step(rules: Any, state: State, words: list[str]) -> Move:
    if len(words) == 3 and words[1] == ">":
        return Move("move", cell_of(rules.board, words[0]), cell_of(rules.board, words[2]))
    if len(words) == 1 and "-" in words[0]:
        path = [cell_of(rules.board, w) for w in words[0].split("-")]
        if state.phase == MOVE and path[0] in state.markers(state.mover):
            problem = path_problem(rules.board, rules.terrain(state, state.mover), path,
                                   state.roll)
            if problem:
                raise IllegalMove(problem)
        return Move("move", path[0], path[-1])
    raise NotationError(EXPECTED)
