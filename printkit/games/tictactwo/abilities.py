"""Restricted play for ``balance --abilities``: the six special actions.

A seat without an action neither drafts it nor plays it (a Meta draft may still hand it to the
other seat); it keeps the rest of its draft.
"""

from __future__ import annotations

from typing import Any, Callable

from printkit.games.tictactwo.params import ACTIONS, Params
from printkit.games.tictactwo.state import Pick, Turn


def _plays(action: str) -> Callable[[Any, Any, Any], bool]:
    def uses(rules: Any, state: Any, move: Any) -> bool:
        if isinstance(move, Pick):
            return move.action == action
        return isinstance(move, Turn) and move.action is not None and move.action.name == action

    return uses


def abilities(params: Params) -> dict[str, Callable[[Any, Any, Any], bool]]:
    """Every action, when the draft hands out any."""
    return {name: _plays(name) for name in ACTIONS} if params.actions_each > 0 else {}
