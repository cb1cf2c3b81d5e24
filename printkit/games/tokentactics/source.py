"""Token Tactics' rules come from its kit folder: kitfolder/rules.py, played through printkit.kitgame.

``rules(params)`` is the engine for one set of :class:`Params` (the values of kit.toml's ``[params]`` with
config.toml's ``[games.tokentactics]`` over them); ``KIT_SPEC`` is the kit folder's game as any designer's
kit is made one (its players, abilities and secret-answer pairing).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from printkit.games.tokentactics.params import KIT_FOLDER, Params
from printkit.kitgame.engine import KitRules
from printkit.kitgame.game import kit_game
from printkit.kitgame.setup import KitSetup
from printkit.kitgame.source import KitRef, kit_ref
from printkit.rules.spec import GameSpec

NAME, TITLE = "tokentactics", "Token Tactics"


@lru_cache(maxsize=1)
def ref() -> KitRef:
    """The kit folder's code (rules.py), as kit.toml's ``[game] rules`` names it."""
    return kit_ref(KIT_FOLDER, NAME, "rules.py", f"{NAME}/kit.toml")


def kit_spec() -> GameSpec:
    """The kit folder's game, made by printkit.kitgame (once per process)."""
    return kit_game(ref())


def setup(params: Params) -> KitSetup:
    """What rules.py is handed to play: the parameters (Token Tactics' rules deal no cards; the rows of its printed
    pieces come from the kit folder when a kit is built)."""
    return KitSetup(NAME, TITLE, params.kit_values(), {}, {}, {}, ())


@lru_cache(maxsize=64)
def rules(params: Params | None = None) -> KitRules:
    """The engine for ``params`` (default: the seed's): states are rules.py's plain dicts."""
    return kit_spec().rules(setup(params or Params()))  # type: ignore[return-value]


def game(params: Params | None = None) -> Any:
    """rules.py's game object for ``params`` (its helpers: ``can_fortify``, ``can_attack``)."""
    return rules(params).game
