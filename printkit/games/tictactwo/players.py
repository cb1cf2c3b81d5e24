"""Players: "random" (a random step at a time), "uniform" and "greedy"."""

from __future__ import annotations

import random
from typing import Sequence

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


def threats(rules: TicTacTwo, cells: Sequence[int], walls: Sequence[int], player: int, reach: int) -> int:
    """Lines ``player`` could finish with ``reach`` plain letters or fewer (cut lines do not count)."""
    bit, count = LETTER[player], 0
    walled = [s for s, owner in enumerate(walls) if owner >= 0]
    for line in rules.geo.lines:
        missing = [c for c in line.cells if not cells[c] & bit]
        if not 0 < len(missing) <= reach or not all(ops.can_write(cells[c], player) for c in missing):
            continue
        if not walled or not any(walls[s] >= 0 for s in line.blockers):
            count += 1
    return count


def reach_of(hand: Sequence[str], turns_taken: int) -> int:
    """Letters a player can write next turn: two with an unused Double after their first turn."""
    return 2 if "double" in hand and turns_taken > 0 else 1


def _simplicity(move: Turn) -> int:
    return (move.action is not None) + (move.topple is not None)


def greedy_player(rules: TicTacTwo, state: State, rng: random.Random) -> Move:
    """Wins when some turn wins, blocks when the opponent threatens a line, else plays randomly.

    A threat is a line the opponent could finish next turn with plain letters (two of them when
    the opponent still holds Double).
    """
    if state.phase != PLAY:
        return uniform_player(rules, state, rng)
    p, q = state.to_move, 1 - state.to_move
    reach = reach_of(state.hands[q], state.turns[q])
    results = list(turns.expand(rules.geo, state))
    allows = getattr(rules, "allows", None)  # restricted play (balance --abilities): the turns it may play
    if allows is not None:
        results = [(t, w) for t, w in results if allows(state, t)] or results
    wins = [t for t, w in results if w.reason is not None and w.winner == p]
    if wins:
        return _pick_simplest(wins, rng)
    safe = [t for t, w in results if w.reason is None and not threats(rules, w.cells, w.walls, q, reach)]
    if threats(rules, state.cells, state.walls, q, reach) and safe:
        return _pick_simplest(safe, rng)
    safe_set = set(safe)
    for _ in range(10):
        move = random_player(rules, state, rng)
        if move in safe_set:
            return move
    pool = safe or [t for t, w in results if w.winner != q] or [t for t, _ in results]
    return pool[rng.randrange(len(pool))]


def _pick_simplest(moves: list[Turn], rng: random.Random) -> Turn:
    best = min(_simplicity(m) for m in moves)
    pool = [m for m in moves if _simplicity(m) == best]
    return pool[rng.randrange(len(pool))]


PLAYERS = {"random": random_player, "uniform": uniform_player, "greedy": greedy_player}
