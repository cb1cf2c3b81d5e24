"""Tic Tac Warfare: a 6x6 tic-tac-toe with Bomb, Shield, Convert and Fortress cards.

The package itself is light: a build's parent process reads only its ``params`` (config.toml's checks) and whether
it has a ``kit`` module; ``SPEC`` (rules, players, kit) and the names below load from their modules when first read.
"""

from __future__ import annotations

from printkit.games import lazy_names

__getattr__, __dir__ = lazy_names(__name__, {
    "ABILITIES": "engine",
    "Abilities": "params",
    "Params": "params",
    "SPEC": "spec",
    "WarfareRules": "engine",
    "cells": "info",
    "clarifications": "info",
    "exact_random_results": "info",
    "max_tokens_on_board": "info",
    "max_turns": "engine",
    "victory_reachability": "info",
})
__all__ = ["ABILITIES", "Abilities", "Params", "SPEC", "WarfareRules", "cells", "clarifications", "exact_random_results", "max_tokens_on_board", "max_turns", "victory_reachability"]
