"""The registry of games: ``--game`` name to the module that defines its ``SPEC``."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

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


def get_game(name: Any) -> GameSpec:
    """The spec of a game: a registered name, or a kit folder's :class:`printkit.kitgame.source.KitRef`
    (how tasks name a designer's game in worker processes); an unknown or absent name is a UnknownGameError."""
    if not isinstance(name, str):
        from printkit.kitgame.spec import kit_game

        return kit_game(name)
    if name not in available():
        raise UnknownGameError(f"unknown game {quoted(name)} (known games: {', '.join(available())})")
    spec: GameSpec = importlib.import_module(GAMES[name]).SPEC
    return spec
