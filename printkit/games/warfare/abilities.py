"""Restricted play for ``balance --abilities``: the four ability cards (those the parameters deal)."""

from __future__ import annotations

from typing import Any, Callable

from printkit.games.warfare.engine import ABILITIES, Turn
from printkit.games.warfare.params import Params


def _plays(ability: str) -> Callable[[Any, Any, Any], bool]:
    def uses(rules: Any, state: Any, move: Any) -> bool:
        return isinstance(move, Turn) and move.ability == ability

    return uses


def abilities(params: Params) -> dict[str, Callable[[Any, Any, Any], bool]]:
    """Bomb, Shield, Convert and Fortress, each when a player holds at least one card of it."""
    return {name: _plays(name) for name in ABILITIES if params.abilities[name] > 0}
