"""Restricted play for ``balance --abilities``: the special spaces (extra turn, triple, double).

Free spaces are not an ability: wild and blocked ones are marked from the start, open ones are
ordinary spaces.

A seat without a kind of space never marks one while an ordinary space is open to it.
"""

from __future__ import annotations

from typing import Any, Callable

from printkit.games.ultimate.board import Geometry
from printkit.games.ultimate.params import Params

KINDS = ("extra-turn", "triple", "double")


def _marks(kind: str) -> Callable[[Any, Any, Any], bool]:
    def uses(rules: Any, state: Any, move: Any) -> bool:
        return bool(rules.geometry.kinds[move] == kind)

    return uses


def abilities(params: Params) -> dict[str, Callable[[Any, Any, Any], bool]]:
    """The kinds of special space the board has."""
    kinds = set(Geometry.of(params).kinds)
    return {kind: _marks(kind) for kind in KINDS if kind in kinds}
