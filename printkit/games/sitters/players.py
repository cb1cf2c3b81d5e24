"""Computer players: ``random`` and ``basic`` (collectors loot and head for the safe zone,
obstructors chase collectors). A policy is ``policy(rules, state, rng) -> move``."""

from __future__ import annotations

import random
from collections import deque
from functools import lru_cache
from typing import Iterable

from printkit.games.sitters.board import Board
from printkit.games.sitters.engine import SittersRules
from printkit.games.sitters.state import COLLECTORS, MOVE, Move, State
from printkit.rules.game import Policy, random_policy

FAR = 99


def distances(board: Board, sources: Iterable[int], barred: frozenset[int] = frozenset()
              ) -> dict[int, int]:
    """Steps from the nearest source to every space reachable without entering ``barred``."""
    dist = {s: 0 for s in sources}
    queue = deque(dist)
    while queue:
        cell = queue.popleft()
        for nxt in board.neighbours[cell]:
            if nxt not in dist and nxt not in barred:
                dist[nxt] = dist[cell] + 1
                queue.append(nxt)
    return dist


def _best(moves: list[Move], value: dict[Move, float], rng: random.Random) -> Move:
    """The highest-valued move; ties broken at random."""
    top = max(value[m] for m in moves)
    best = [m for m in moves if value[m] == top]
    return best[rng.randrange(len(best))]


@lru_cache(maxsize=16)
def _static(rules: SittersRules) -> tuple[dict[int, int], dict[int, int]]:
    """Distances on the empty board: to the safe zone and from the collector starts."""
    return (distances(rules.board, rules.safe_zone),
            distances(rules.board, rules.starts[COLLECTORS]))


def _setup_value(rules: SittersRules, state: State, move: Move, player: int) -> float:
    """Set-up: collectors put containers and themselves near the route to the safe zone."""
    to_sz, from_c = _static(rules)
    cell = move.dst
    if move.kind == "container":
        route = to_sz.get(cell, FAR) + from_c.get(cell, FAR) + 0.01 * from_c.get(cell, FAR)
        return -route if player == COLLECTORS else route
    return -to_sz.get(cell, FAR)


def _collector_value(rules: SittersRules, state: State, move: Move,
                     to_sz: dict[int, int], to_loot: dict[int, int]) -> float:
    if move.kind == "return":
        return 1000.0
    cell = move.dst
    if cell in rules.safe_zone:
        return 2000.0
    if cell in state.containers:
        return 500.0 - to_sz.get(cell, FAR)
    if cell in state.obstructors:
        return -200.0
    threat = sum(1 for o in state.obstructors if _manhattan(rules, o, cell) <= rules.faces)
    return -(to_sz.get(cell, FAR) + 0.7 * to_loot.get(cell, 0)) - 2.0 * threat


def _obstructor_value(rules: SittersRules, state: State, move: Move,
                      to_prey: dict[int, int]) -> float:
    cell = move.dst
    if move.kind == "return":
        return 1000.0 - to_prey.get(cell, FAR)
    if cell in state.collectors:
        return 1500.0
    return -float(to_prey.get(cell, FAR))


def _manhattan(rules: SittersRules, a: int, b: int) -> int:
    (ra, ca), (rb, cb) = divmod(a, rules.board.width), divmod(b, rules.board.width)
    return abs(ra - rb) + abs(ca - cb)


def basic_policy(rules: SittersRules, state: State, rng: random.Random) -> Move:
    """A simple heuristic player for either side."""
    moves = list(rules.legal_moves(state))
    player = rules.current_player(state)
    if len(moves) == 1:
        return moves[0]
    if state.phase != MOVE:
        value = {m: _setup_value(rules, state, m, player) for m in moves}
    elif player == COLLECTORS:
        to_sz = _static(rules)[0]
        to_loot = distances(rules.board, state.containers) if state.containers else {}
        value = {m: _collector_value(rules, state, m, to_sz, to_loot) for m in moves}
    else:
        barred = frozenset(state.containers) | rules.safe_zone
        to_prey = distances(rules.board, state.collectors, barred)
        value = {m: _obstructor_value(rules, state, m, to_prey) for m in moves}
    return _best(moves, value, rng)


PLAYERS: dict[str, Policy] = {"random": random_policy, "basic": basic_policy}
