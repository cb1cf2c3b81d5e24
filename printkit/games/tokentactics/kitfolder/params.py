"""What Token Tactics' parameters (kit.toml's ``[params]``) derive: the checks across them (kit.toml's
``[hooks] params`` names :class:`Derived`, the base of the parameters' class)."""

from __future__ import annotations

from typing import Any


class Derived:
    """Checks across Token Tactics' parameters, and its kit folder's own values among config.toml's."""

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
            problems.append(("player_names", f"expected two different names, got {names[0]!r} twice"))
        return problems

    def kit_values(self: Any) -> dict[str, Any]:
        """The kit folder's ``[params]``: what rules.py reads as ``self.params``, rules.md as ``params``, the layouts
        as ``{params.NAME}`` (every key but config.toml's ``example_log``, which names a file of that config)."""
        return {key: self[key] for key in self if key != "example_log"}
