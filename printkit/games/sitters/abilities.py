"""Restricted play for ``balance --abilities``: spending a rolled 6 to return a defeated marker.

The other choices (which marker moves where) are the game itself, not an ability a side could lack.
"""

from __future__ import annotations

from typing import Any, Callable

from printkit.games.sitters.params import Params


def _returns(rules: Any, state: Any, move: Any) -> bool:
    return bool(getattr(move, "kind", "") == "return")


def abilities(params: Params) -> dict[str, Callable[[Any, Any, Any], bool]]:
    """``return``: a side without it never brings a defeated marker back."""
    return {"return": _returns}
