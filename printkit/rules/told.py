"""What a seat watching a game is told of a chance move (``printkit play``, and any other place a player watches).

A public chance move (a die roll, a card turned face up) is told as it is logged; one that changes what a player
cannot see (a shuffle of a face-down pile, a card dealt into another player's hand) only as far as that player's
view shows it ("the deck is shuffled"). Rules with hidden information say so through the optional
``tell_chance(state, move, player)`` (a kit's rules get it from printkit/kitgame/engine.py); rules without it hide
nothing, and every chance move is told as logged. The log keeps the full move: ``printkit replay`` is no seat.
"""

from __future__ import annotations

from typing import Any, Sequence

NOT_EVERY_PLAYER = "a chance move not every player sees"
"""The chance line for several players watching one screen when the move shows them different things."""


def watchers(players: int, computer: int | None) -> list[int]:
    """The seats watching a terminal game: every player but the computer's."""
    return [player for player in range(players) if player != computer]


def chance_told(rules: Any, state: Any, move: Any, seats: Sequence[int]) -> str:
    """``move`` (a chance move at ``state``) as the watching ``seats`` may know it: what each of them is told when they
    are told the same, else :data:`NOT_EVERY_PLAYER`; the logged move for rules that hide nothing."""
    tell = getattr(rules, "tell_chance", None)
    if tell is None or not seats:
        return str(rules.format_move(state, move))
    told = [str(tell(state, move, seat)) for seat in seats]
    return told[0] if all(text == told[0] for text in told) else NOT_EVERY_PLAYER
