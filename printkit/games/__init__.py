"""The registry of games: ``--game`` name to the module that defines its ``SPEC``."""

from __future__ import annotations

import importlib
import importlib.util

from printkit.errors import UnknownGameError
from printkit.games.spec import GameSpec
from printkit.userinput.text import quoted

GAMES: dict[str, str] = {
    "warfare": "printkit.games.warfare",
    "ultimate": "printkit.games.ultimate",
    "sitters": "printkit.games.sitters",
    "tictactwo": "printkit.games.tictactwo",
    "tokentactics": "printkit.games.tokentactics",
}


def available() -> list[str]:
    """Names of the games whose module is present, in registry order."""
    names = []
    for name, module in GAMES.items():
        if importlib.util.find_spec(module) is not None:
            names.append(name)
    return names


def get_game(name: str) -> GameSpec:
    """The spec of a game; an unknown or absent name is a UnknownGameError."""
    if name not in available():
        raise UnknownGameError(f"unknown game {quoted(name)} (known games: {', '.join(available())})")
    spec: GameSpec = importlib.import_module(GAMES[name]).SPEC
    return spec
