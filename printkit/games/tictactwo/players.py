"""Players: "random" (a random step at a time), "uniform" and "greedy"."""

from __future__ import annotations

import random
from typing import Any

from printkit.games.tictactwo import ops, turns
from printkit.games.tictactwo.engine import TicTacTwo
from printkit.games.tictactwo.state import LETTER, PLAY, Move, State, Turn


def uniform_player(rules: TicTacTwo, state: State, rng: random.Random) -> Move:
    """A uniformly random legal move (turns with a wall and a topple dominate)."""
    moves = rules.legal_moves(state)
    return moves[rng.randrange(len(moves))]


def random_player(rules: TicTacTwo, state: State, rng: random.Random) -> Move:
    """Random step by step: an action or none, then a topple or none, then a letter."""
    if state.phase != PLAY:
        return uniform_player(rules, state, rng)
    for _ in range(20):
        turn = _random_turn(rules, state, rng)
        if turn is not None:
            return turn
    return uniform_player(rules, state, rng)


def _random_turn(rules: TicTacTwo, state: State, rng: random.Random) -> Turn | None:
    geo, p = rules.geo, state.to_move
    work = turns.Work(geo, state)
    name = rng.choice([None, *turns.action_names(state)])
    action = None
    if name is not None:
        options = turns.action_options(geo, work, name)
        if not options:
            return None
        action = options[rng.randrange(len(options))]
        work = work.copy()
        turns.do_action(geo, work, action)
        if work.reason is not None:
            return Turn(p, action)
    topple = rng.choice([None, *turns.topple_options(geo, work)])
    if topple is not None:
        work = work.copy()
        turns.do_topple(work, *topple)
        if work.reason is not None:
            return Turn(p, action, topple)
    cells = ops.open_cells(work.cells, p)
    return Turn(p, action, topple, rng.choice(cells)) if cells else None


def threats(rules: TicTacTwo, state: State, player: int) -> int:
    """Lines ``player`` could complete with one plain letter (cut lines do not count)."""
    bit, count = LETTER[player], 0
    for line in rules.geo.lines:
        if any(state.walls[s] >= 0 for s in line.blockers):
            continue
        missing = [c for c in line.cells if not state.cells[c] & bit]
        if len(missing) == 1 and ops.can_write(state.cells[missing[0]], player):
            count += 1
    return count


def _simplicity(move: Turn) -> int:
    return (move.action is not None) + (move.topple is not None)


def greedy_player(rules: TicTacTwo, state: State, rng: random.Random) -> Move:
    """Wins when some turn wins, blocks when the opponent threatens a line, else plays randomly."""
    if state.phase != PLAY:
        return uniform_player(rules, state, rng)
    p = state.to_move
    results = [(m, rules.apply(state, m)) for m in rules.legal_moves(state)]
    wins = [m for m, after in results if after.winner == p]
    if wins:
        return _pick_simplest(wins, rng)
    safe = [m for m, after in results if not after.decided and threats(rules, after, 1 - p) == 0]
    if threats(rules, state, 1 - p) and safe:
        return _pick_simplest(safe, rng)
    for _ in range(10):
        move = random_player(rules, state, rng)
        if move in safe:
            return move
    pool = safe or [m for m, after in results if after.winner is None or after.winner == p] or [m for m, _ in results]
    return pool[rng.randrange(len(pool))]


def _pick_simplest(moves: list[Any], rng: random.Random) -> Any:
    best = min(_simplicity(m) for m in moves)
    pool = [m for m in moves if _simplicity(m) == best]
    return pool[rng.randrange(len(pool))]


PLAYERS = {"random": random_player, "uniform": uniform_player, "greedy": greedy_player}
