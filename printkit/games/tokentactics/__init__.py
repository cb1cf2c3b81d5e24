"""Token Tactics: fortify or attack with secret commitments until a reserve is empty.

The game is its kit folder (kitfolder/: kit.toml, rules.py, rules.md) played and built through printkit.kitgame
and printkit.datakit; this package adds what a built-in game has beyond a designer's kit: the config table's
limits (params.py), the compiled playouts (kernel.py, analysis.py's fast random games, cross-checked against
rules.py by the tests) and the output names of ``--game`` (kit.py, terminal.py).

The package itself is light: a build's parent process reads only its ``params`` (config.toml's checks) and whether
it has a ``kit`` module; ``SPEC`` (rules, players, kit) and the names below load from their modules when first read.
"""

from __future__ import annotations

from printkit.games import lazy_names

__getattr__, __dir__ = lazy_names(__name__, {
    "Params": "params",
    "SPEC": "spec",
    "game": "source",
    "play": "terminal",
    "rules": "source",
})
__all__ = ["Params", "SPEC", "game", "play", "rules"]
