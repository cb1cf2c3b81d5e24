"""What Token Tactics' parameters (kit.toml's ``[params]``) derive: the checks across them (kit.toml's
``[hooks] params`` names :class:`Derived`, the base of the parameters' class)."""

from __future__ import annotations

from typing import Any


class Derived:
    """Checks across Token Tactics' parameters."""

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

