"""Ultimate Tic-Tac-Toe: marks on an 11 x 11 board, scored for the marks they touch.

The package itself is light: a build's parent process reads only its ``params`` (config.toml's checks) and whether
it has a ``kit`` module; ``SPEC`` (rules, players, kit) and the names below load from their modules when first read.
"""

from __future__ import annotations

from printkit.games import lazy_names
from printkit.games.ultimate.clarifications import clarifications

__getattr__, __dir__ = lazy_names(__name__, {
    "Geometry": "board",
    "PLAYERS": "players",
    "Params": "params",
    "Placed": "engine",
    "SPEC": "spec",
    "State": "engine",
    "UltimateRules": "engine",
    "cell_kinds": "board",
    "fast_simulate": "players",
    "greedy_policy": "players",
    "observe": "players",
    "score_table": "board",
    "summary": "players",
})
__all__ = ["Geometry", "PLAYERS", "Params", "Placed", "SPEC", "State", "UltimateRules", "cell_kinds", "clarifications", "fast_simulate", "greedy_policy", "observe", "score_table", "summary"]
