"""SiTTeRS (Simple Table Top Rule Set): collectors loot containers and flee to the safe zone
while obstructors try to stop them.

The package itself is light: a build's parent process reads only its ``params`` (config.toml's checks) and whether
it has a ``kit`` module; ``SPEC`` (rules, players, kit) and the names below load from their modules when first read.
"""

from __future__ import annotations

from printkit.games import lazy_names
from printkit.games.sitters.clarifications import clarifications

__getattr__, __dir__ = lazy_names(__name__, {
    "Params": "params",
    "SPEC": "spec",
    "SittersRules": "engine",
    "cell_kinds": "params",
    "fast_simulate": "spec",
    "observe": "spec",
    "score": "scoring",
    "score_table": "scoring",
    "theme_names": "params",
})
__all__ = ["Params", "SPEC", "SittersRules", "cell_kinds", "clarifications", "fast_simulate", "observe", "score", "score_table", "theme_names"]
