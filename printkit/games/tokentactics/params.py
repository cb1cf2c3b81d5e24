"""Token Tactics parameters: the ``[games.tokentactics]`` table.

Every key but ``example_log`` is one of the kit folder's ``[params]``, its limits and doc the folder's
``[param_limits]`` (kitfolder/kit.toml): :class:`Params` is made from them, so the seed's numbers, the print
kit's looks and what config.toml may set them to live in one place (the config reference, the JSON schema and the
fuzz tests read this class). It adds the configured example log and the checks across keys.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from printkit.datakit.params import params_class
from printkit.params import param
from printkit.userinput.text import quoted

KIT_FOLDER = Path(__file__).parent / "kitfolder"
"""Token Tactics' kit folder: kit.toml, rules.py, rules.md."""


with (KIT_FOLDER / "kit.toml").open("rb") as _file:
    _KIT_TOML: dict[str, Any] = tomllib.load(_file)

SEED: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in _KIT_TOML["params"].items()}
"""The kit folder's ``[params]``: the seed's rules and the print kit's looks."""


def kit_values(self: Any) -> dict[str, Any]:
    """The kit folder's ``[params]``: what rules.py reads as ``self.params``, rules.md as ``params``, the layouts
    as ``{params.NAME}`` (every key but ``example_log``, which names a file of this config)."""
    return {key: getattr(self, key) for key in SEED}


def check(self: Any) -> list[tuple[str, str]]:
    """Cross-field rules as (key, message) pairs; empty when the parameters are consistent."""
    problems: list[tuple[str, str]] = []
    cap = self.reserve_cap
    for key in ("starting_tokens", "minimum_attack"):
        if getattr(self, key) > cap:
            problems.append((key, f"expected at most reserve_cap ({cap}), got {getattr(self, key)}"))
    names = self.player_names
    if len(names) != 2:
        problems.append(("player_names", f"expected 2 names, got {len(names)}"))
    elif names[0].strip().lower() == names[1].strip().lower():
        problems.append(("player_names", f"expected two different names, got {quoted(names[0])} twice"))
    return problems


Params = params_class(
    SEED, _KIT_TOML["param_limits"], module=__name__,
    namespace={"__doc__": "The numbers of the rules and the print kit's looks; every field is a config key under "
                          "``[games.tokentactics]``.", "kit_values": kit_values, "check": check},
    extra=(("example_log", str, param("", doc="print kit: log of the rule sheet's worked example (empty: the seed's "
                                                "example)")),),
)
