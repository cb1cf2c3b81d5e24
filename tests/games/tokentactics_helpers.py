"""Shared helpers of the Token Tactics tests: the game from the registry (its kit folder printkit/games/tokentactics),
its parameters, rules, kit and example log."""

from __future__ import annotations

import tomllib
from typing import Any

from printkit.games import get_game, kit_folder, params_class
from printkit.kit.model import Kit
from printkit.kitgame.engine import KitRules
from printkit.press.settings import PrintSettings

SPEC = get_game("tokentactics")
Params = params_class("tokentactics")
KIT_FOLDER = kit_folder("tokentactics")
"""Token Tactics' kit folder: kit.toml, rules.py, rules.md."""
with (KIT_FOLDER / "kit.toml").open("rb") as _file:
    SEED: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in tomllib.load(_file)["params"].items()}
"""The kit folder's ``[params]``: the seed's rules and the print kit's looks."""
play = SPEC.play
"""``printkit play --game tokentactics``."""


def kit_rules(params: Any = None) -> KitRules:
    """The engine for ``params`` (default: the seed's): states are rules.py's plain dicts."""
    return SPEC.rules(params if params is not None else Params())  # type: ignore[return-value]


def game(params: Any = None) -> Any:
    """rules.py's game object for ``params`` (its helpers: ``can_fortify``, ``reserve_bound``)."""
    return kit_rules(params).game


def build_kit(params: Any, settings: PrintSettings) -> Kit:
    """``printkit build --game tokentactics``'s kit for ``params``."""
    assert SPEC.kit is not None
    return SPEC.kit(params, settings)  # type: ignore[no-any-return]


def kit_values(params: Any) -> dict[str, Any]:
    """The kit folder's ``[params]`` among config.toml's (every key but ``example_log``)."""
    return {key: params[key] for key in params if key != "example_log"}


def example_log(params: Any = None) -> str:
    """The rule sheet's example game as written beside a built kit (example.log)."""
    return build_kit(params if params is not None else Params(), PrintSettings()).extra_files["example.log"]
