"""Log notation: ``P1 fortify`` and ``P2 attack 3 vs 2`` (attacker's commitment vs defender's).

The player tag is optional when reading (``attack 3 vs 2`` is the player to move) but always
written. Words are case-insensitive; ``P1`` is the first player, ``P2`` the second.
"""

from __future__ import annotations

import re

from printkit.games.tokentactics.moves import FORTIFY, Move
from printkit.rules.game import NotationError

_MOVE = re.compile(r"(?:p(?P<player>\d{1,9})\s+)?(?:(?P<fortify>fortify)|attack\s+(?P<a>\d{1,9})\s+vs\s+(?P<d>\d{1,9}))")
EXPECTED = "expected 'P1 fortify' or 'P1 attack N vs M' (attacker's tokens vs defender's)"


def format_move(player: int, move: Move) -> str:
    """The notation of ``move`` made by ``player`` (0 or 1)."""
    if move.action == "fortify":
        return f"P{player + 1} fortify"
    return f"P{player + 1} attack {move.attack} vs {move.defend}"


def parse_move(text: str) -> tuple[int | None, Move]:
    """The player tag (or None) and the move written in ``text``; NotationError if unreadable."""
    match = _MOVE.fullmatch(" ".join(text.split()).lower())
    if match is None:
        raise NotationError(EXPECTED)
    player = None
    if match["player"] is not None:
        if match["player"] not in ("1", "2"):
            raise NotationError(f"'P{match['player']}' is not a player (P1 or P2)")
        player = int(match["player"]) - 1
    if match["fortify"]:
        return player, FORTIFY
    return player, Move("attack", int(match["a"]), int(match["d"]))
