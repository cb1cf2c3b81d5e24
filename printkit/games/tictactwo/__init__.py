"""Tic Tac Two: 4 x 4 Tic Tac Toe with six drafted special actions, Meta and Void variations.

The package itself is light: a build's parent process reads only its ``params`` (config.toml's checks) and whether
it has a ``kit`` module; ``SPEC`` (rules, players, kit) and the names below load from their modules when first read.
"""

from __future__ import annotations

from printkit.games import lazy_names
from printkit.games.tictactwo.clarifications import clarifications

__getattr__, __dir__ = lazy_names(__name__, {
    "ACTIONS": "params",
    "Action": "state",
    "Params": "params",
    "Pick": "state",
    "PlaceVoid": "state",
    "SPEC": "spec",
    "State": "state",
    "TicTacTwo": "engine",
    "Turn": "state",
    "play": "terminal",
})
__all__ = ["ACTIONS", "Action", "Params", "Pick", "PlaceVoid", "SPEC", "State", "TicTacTwo", "Turn", "clarifications", "play"]
