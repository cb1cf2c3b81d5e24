"""Restricted play for ``balance --abilities``: Fortify, the one optional action.

A seat without it attacks whenever it may (it still fortifies when attacking is not allowed: below the
minimum attack). Its commitments and its defence stay its own player's. Attacking cannot be removed: a
seat that never attacks cannot win.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from printkit.games.tokentactics.engine import State, TokenTactics
from printkit.games.tokentactics.params import Params
from printkit.games.tokentactics.players import Player
from printkit.userinput.text import quoted


def _fortifies(rules: Any, state: Any, move: Any) -> bool:
    return bool(getattr(move, "action", "") == "fortify")


def abilities(params: Params) -> dict[str, Callable[[Any, Any, Any], bool]]:
    """``fortify``: whether a move fortifies."""
    return {"fortify": _fortifies}


class _AttacksWhenItMay(Player):
    """``inner`` with its action overruled to attack whenever attacking is legal (its draws are still made,
    so the commitments it draws next are the ones it would draw)."""

    def __init__(self, inner: Player) -> None:
        self.inner, self.name = inner, f"{inner.name} without fortify"

    def action(self, rules: TokenTactics, state: State, rng: random.Random) -> str:
        chosen = self.inner.action(rules, state, rng)
        return "attack" if rules.can_attack(state) else chosen

    def commit(self, rules: TokenTactics, state: State, rng: random.Random) -> int:
        return self.inner.commit(rules, state, rng)

    def defend(self, rules: TokenTactics, state: State, rng: random.Random) -> int:
        return self.inner.defend(rules, state, rng)


def without_ability(player: Player, ability: str) -> Player:
    """``player`` never using ``ability`` (``fortify``) while it has another choice."""
    if ability != "fortify":
        raise ValueError(f"unknown ability {quoted(ability)}")
    return _AttacksWhenItMay(player)
