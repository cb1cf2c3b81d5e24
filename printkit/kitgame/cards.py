"""Each distinct card of a deck the rules deal, as an "ability" for restricted play (``balance --cards``).

No code from the designer: a move plays a card when its data names it (the card's row, or its label as one of the
move's words: ``("play", "Wish")``), and a player restricted from a card never makes such a move while it has
another. What the card is worth is then what restricted play measures for abilities (Jaffe et al. 2012).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Callable

from printkit.kitgame.guess import items_of
from printkit.kitrules import Answered, Record

CARD_PREFIX = "card: "
"""How a card's test is named among a game's abilities (``card: Wish``)."""


def names_card(value: Any, label: str) -> bool:
    """Whether a move's data names the card labelled ``label``."""
    if isinstance(value, Record):
        return str(value) == label
    if isinstance(value, str):
        return value == label
    if isinstance(value, Answered):
        return names_card(value.move, label)
    if isinstance(value, Mapping):
        return any(names_card(inner, label) for inner in value.values())
    if isinstance(value, (tuple, list)):
        return any(names_card(inner, label) for inner in value)
    return False


def card_test(label: str) -> Callable[[Any, Any, Any], bool]:
    """``uses(rules, state, move)``: whether ``move`` plays the card labelled ``label``."""

    def uses(rules: Any, state: Any, move: Any) -> bool:
        return names_card(move, label)

    uses.__name__ = f"plays {label}"
    return uses


def dealt_cards(decks: Mapping[str, Any], aids: tuple[str, ...], dealt: Any) -> list[str]:
    """The labels of the distinct cards of the decks the rules deal (found in the state at setup), in deck order."""
    found = set()
    for item in items_of(dealt):
        if isinstance(item, Record):
            found.add(item.set_name)
    labels: list[str] = []
    for name, cards in decks.items():
        if name in aids or name not in found:
            continue
        for card in cards:
            if str(card) not in labels:
                labels.append(str(card))
    return labels


def opening_hands(rules: Any, moves: Sequence[Any]) -> list[set[str]] | None:
    """The labels of the cards in each seat's own ``private`` entries (its hand) when it first decides: its opening
    hand, found by replaying a game's ``moves`` from the start (the deal is the game's chance moves). None for a game
    that keeps no private entries in a dict."""
    private = getattr(getattr(rules, "game", None), "private", ())
    state = rules.initial_state()
    if not private or not isinstance(state, Mapping):
        return None
    hands: list[set[str] | None] = [None] * len(rules.player_names)
    for move in moves:
        player = rules.current_player(state)
        if 0 <= player < len(hands) and hands[player] is None:
            hands[player] = {str(item) for key in private if isinstance(state.get(key), (list, tuple))
                             and player < len(state[key]) for item in items_of(state[key][player]) if isinstance(item, Record)}
            if all(hand is not None for hand in hands):
                break
        state = rules.apply(state, move)
    return [hand or set() for hand in hands]
