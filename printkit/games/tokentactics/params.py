"""Token Tactics parameters: the ``[games.tokentactics]`` table.

Every key but ``example_log`` is one of the kit folder's ``[params]``, its limits and doc the folder's
``[param_limits]`` (kitfolder/kit.toml), the checks across them kitfolder/params.py's ``Derived``: the registry makes
:class:`Params` from them, so the seed's numbers, the print kit's looks and what config.toml may set them to live in
one place (the config reference, the JSON schema and the fuzz tests read this class).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

KIT_FOLDER = Path(__file__).parent / "kitfolder"
"""Token Tactics' kit folder: kit.toml, rules.py, rules.md."""


with (KIT_FOLDER / "kit.toml").open("rb") as _file:
    SEED: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in tomllib.load(_file)["params"].items()}
"""The kit folder's ``[params]``: the seed's rules and the print kit's looks."""


def __getattr__(name: str) -> Any:
    """``Params`` (kit.toml's parameters and config.toml's ``example_log``), made when first read."""
    if name == "Params":
        from printkit.games import params_class

        return params_class("tokentactics")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
