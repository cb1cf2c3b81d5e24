"""Playouts of a registered game by player names: the fastest engine that plays the pair.

``simulate``, ``balance`` and the benchmark all come here. A game's ``kernel`` (fast, cross-checked
against the reference engine in its tests) plays the pairs it knows; ``fast_simulate`` plays
random against random; everything else runs through the reference engine.
"""

from __future__ import annotations

from typing import Any

from printkit.errors import PrintkitError
from printkit.rules.simulate import Tally, simulate
from printkit.userinput.text import quoted


class UnknownPlayer(PrintkitError):
    """A player name the game does not have."""


def policies(spec: Any, names: tuple[str, str]) -> tuple[Any, Any]:
    """The two seats' policies for player names (combined where the game decides on both turns)."""
    for name in names:
        if name not in spec.players:
            raise UnknownPlayer(f"unknown player {quoted(name)} for {spec.name} (known: {', '.join(sorted(spec.players))})")
    pair = spec.players[names[0]], spec.players[names[1]]
    return spec.pair_players(*pair) if spec.pair_players is not None else pair


def play_games(spec: Any, params: Any, names: tuple[str, str], games: int, seed: int) -> Tally:
    """``games`` seeded games between the named players (seat order), by the fastest engine that plays them."""
    chosen = policies(spec, names)
    if spec.kernel is not None:
        tally = spec.kernel(params, names, games, seed)
        if tally is not None:
            return tally
    if names == ("random", "random") and spec.fast_simulate is not None:
        return spec.fast_simulate(params, games, seed)
    return simulate(spec.rules(params), chosen, games, seed, observe=spec.observe)
