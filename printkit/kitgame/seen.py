"""The default of :meth:`printkit.kitrules.Game.tell_chance`: a chance move as a player may know it, from the view.

A chance move is hidden from a player when another outcome of the same chance event leads to a different state that
the player's :meth:`~printkit.kitrules.Game.view` cannot tell apart (a shuffle of a face-down deck: swapping two of its
cards changes the state, not the view). A hidden shuffle is told "the deck is shuffled"; another hidden move as
the keys of the view it changed; a move every alternative of which the player would see differently (a die roll,
a card turned face up, a card drawn into their own hand) as it is logged.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from typing import Any, Iterator

from printkit.kitrules import Chance, Game, IllegalMove, Shuffle, copy_state, value_text

SWAPS = 128
"""Other orders a shuffle is compared with: its own order with two items swapped, neighbours first."""
LISTED = 256
"""Other outcomes of a listed chance event (dice, a choice) compared with the move, at most."""
SAMPLED = 32
"""Outcomes drawn (seeded) and compared when an event has too many to list (many dice)."""


def hides_anything(game: Game) -> bool:
    """Whether a player's view of the game can differ from the state."""
    return bool(game.private or game.hidden) or type(game).view is not Game.view


def told_chance(rules: Any, state: Any, move: Any, player: int) -> str:
    """What ``player`` may know of the chance move ``move`` at ``state`` (``rules``: a
    :class:`printkit.kitgame.engine.KitRules`, whose ``advance`` and ``view`` call the designer's code)."""
    if not hides_anything(rules.game):
        return str(rules.format_move(state, move))
    after = rules.advance(copy_state(state), move)
    seen = rules.view(after, player)
    for other in _alternatives(rules.chance(state), move):
        try:
            other_after = rules.advance(copy_state(state), other)
        except IllegalMove:
            continue
        if other_after != after and rules.view(other_after, player) == seen:
            return _unseen(rules, state, move, player, seen)
    return str(rules.format_move(state, move))


def _alternatives(event: Chance, move: Any) -> Iterator[Any]:
    """Other outcomes of ``event`` than ``move``, the ones a view most likely confuses with it first."""
    if isinstance(move, Shuffle):
        size = len(move.order)
        pairs = ((i, i + gap) for gap in range(1, size) for i in range(size - gap))
        for i, j in itertools.islice(pairs, SWAPS):
            order = list(move.order)
            order[i], order[j] = order[j], order[i]
            yield Shuffle(move.pile, tuple(order))
        return
    listed = event.outcomes()
    others = ([outcome for outcome, _ in listed] if listed is not None
              else [event.sample(random.Random(seed)) for seed in range(SAMPLED)])
    yield from itertools.islice((outcome for outcome in others if outcome != move), LISTED)


def _unseen(rules: Any, state: Any, move: Any, player: int, seen: Any) -> str:
    """A hidden chance move told by what the player sees of it."""
    if isinstance(move, Shuffle):
        return f"the {move.pile.replace('_', ' ')} is shuffled"
    before = rules.view(state, player)
    if not (isinstance(before, Mapping) and isinstance(seen, Mapping)):
        return "chance decides what you do not see"
    game, names = rules.game, rules.player_names
    changed = [f"{key}: {value_text(value, names if key in game.private or key in game.per_player else None)}"
               for key, value in seen.items() if key != "to_move" and before.get(key) != value]
    return "hidden; you now see " + "; ".join(changed) if changed else "chance decides what you do not see"
