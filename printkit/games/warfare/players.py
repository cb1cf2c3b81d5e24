"""Players: ``random`` (the policy described in ``turns.py``) and ``greedy``.

``greedy`` wins at once when an ordinary placement completes its line, else blocks a cell where
the opponent would complete one, else plays like ``random``.
"""

from __future__ import annotations

import random
from typing import Sequence, TypeVar

from printkit.games.warfare.engine import First, Move, State, Turn, WarfareRules
from printkit.games.warfare.turns import after_places, before_targets, options
from printkit.rules.game import CHANCE

T = TypeVar("T")


def random_policy(rules: WarfareRules, state: State, rng: random.Random) -> Move:
    """One draw of the random policy (same distribution as ``turns.walk``)."""
    if state.to_move == CHANCE:
        return First(rng.randrange(2))
    st, me = rules.begin_turn(state), state.to_move
    ability, timings = _pick(options(rules, st), rng)
    if ability is None:
        return Turn(me, _pick(rules.empties(st), rng))
    if _pick(timings, rng):
        target = _pick(before_targets(rules, st, ability), rng)
        mid = rules.play_ability(st, ability, target)
        place = None if mid.result is not None else _pick(rules.empties(mid), rng)
        return Turn(me, place, ability, target, True)
    place = _pick(after_places(rules, st, ability), rng)
    target = _pick(rules.basic_targets(rules.place(st, place), ability), rng)
    return Turn(me, place, ability, target, False)


def greedy_policy(rules: WarfareRules, state: State, rng: random.Random) -> Move:
    """Complete an own line, else block the opponent's, else play randomly."""
    if state.to_move == CHANCE:
        return First(rng.randrange(2))
    st = rules.begin_turn(state)
    wins = sorted(rules.winning_cells(st))
    if wins:
        return Turn(st.to_move, _pick(wins, rng))
    threats = sorted(rules.winning_cells(rules.end_turn(st)))
    if threats:
        return Turn(st.to_move, _pick(threats, rng))
    return random_policy(rules, state, rng)


def _pick(items: Sequence[T], rng: random.Random) -> T:
    """A uniform choice (``rng.randrange`` so runs are reproducible across versions)."""
    return items[rng.randrange(len(items))]
