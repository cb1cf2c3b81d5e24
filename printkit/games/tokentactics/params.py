"""Token Tactics parameters: the ``[games.tokentactics]`` table.

Every key but ``example_log`` is one of the kit folder's ``[params]`` (kitfolder/kit.toml holds the seed's
values and the print kit's looks): the defaults are read from there, so they live in one place; this class
adds what config.toml needs beyond kit.toml, each key's limits and doc (the config reference, the JSON schema
and the fuzz tests are generated from these declarations) and the cross-field checks.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.params import param
from printkit.userinput.text import quoted

KIT_FOLDER = Path(__file__).parent / "kitfolder"
"""Token Tactics' kit folder: kit.toml, rules.py, rules.md."""


def _seed() -> dict[str, Any]:
    with (KIT_FOLDER / "kit.toml").open("rb") as file:
        values = dict(tomllib.load(file)["params"])
    values["player_names"] = tuple(values["player_names"])
    return values


SEED = _seed()

NAME_PATTERN = r"[A-Za-z0-9][A-Za-z0-9 _-]{0,19}"


@dataclass(frozen=True)
class Params:
    """The numbers of the rules; every field is a config key under ``[games.tokentactics]``."""

    starting_tokens: int = param(SEED["starting_tokens"], min=1, max=99, doc="tokens in each reserve at the start")
    reserve_cap: int = param(
        SEED["reserve_cap"], min=1, max=99, doc="a player may fortify only while their reserve is below this"
    )
    fortify_amount: int = param(SEED["fortify_amount"], min=1, max=10, doc="tokens a Fortify adds (never past the cap)")
    minimum_attack: int = param(SEED["minimum_attack"], min=1, max=99, doc="the fewest tokens an attacker may commit")
    player_names: tuple[str, ...] = param(
        SEED["player_names"],
        pattern=NAME_PATTERN,
        doc="the two players' names, first player first (1-20 letters, digits, spaces, _ or -)",
    )
    # --- print kit sizes and looks (the rules never read these) ---
    chip_mm: float = param(float(SEED["chip_mm"]), min=10, max=30, doc="print kit: diameter / side of a token chip in mm")
    marker_mm: float = param(float(SEED["marker_mm"]), min=8, max=25, doc="print kit: size of a reserve-tracker marker in mm")
    five_chips: bool = param(SEED["five_chips"], doc="print kit: print 5-value chips too when they cut the chip count")
    track_length: int = param(SEED["track_length"], min=10, max=99, doc="print kit: the tracker runs 0 to at least this")
    colour_1: str = param(SEED["colour_1"], pattern=r"#[0-9A-Fa-f]{6}", doc="print kit: first player's colour")
    colour_2: str = param(SEED["colour_2"], pattern=r"#[0-9A-Fa-f]{6}", doc="print kit: second player's colour")
    example_log: str = param("", doc="print kit: log of the rule sheet's worked example (empty: the seed's example)")

    def kit_values(self) -> dict[str, Any]:
        """The kit folder's ``[params]``: what rules.py reads as ``self.params``, rules.md as ``params``, the layouts
        as ``{params.NAME}`` (every key but ``example_log``, which names a file of this config)."""
        return {key: getattr(self, key) for key in SEED}

    def check(self) -> list[tuple[str, str]]:
        """Cross-field rules as (key, message) pairs; empty when the parameters are consistent."""
        problems: list[tuple[str, str]] = []
        cap = self.reserve_cap
        if self.starting_tokens > cap:
            problems.append(
                ("starting_tokens", f"expected at most reserve_cap ({cap}), got {self.starting_tokens}")
            )
        if self.minimum_attack > cap:
            problems.append(
                ("minimum_attack", f"expected at most reserve_cap ({cap}), got {self.minimum_attack}")
            )
        problems.extend(self._check_names())
        return problems

    def _check_names(self) -> list[tuple[str, str]]:
        names = self.player_names
        if len(names) != 2:
            return [("player_names", f"expected 2 names, got {len(names)}")]
        if names[0].strip().lower() == names[1].strip().lower():
            return [("player_names", f"expected two different names, got {quoted(names[0])} twice")]
        return []
