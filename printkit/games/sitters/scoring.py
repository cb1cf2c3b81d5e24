"""The scoring function and the scoring table generated from it."""

from __future__ import annotations

from typing import Any

from printkit.games.sitters.params import Params


def loot_band(params: Params, loot: int) -> int:
    """The table row of a loot tally: 0 for under ``band_width``, capped at the last band."""
    return min(loot // params.band_width, params.bands - 1)


def score(params: Params, survivors: int, loot: int) -> int:
    """base + step * survivors + step * loot band (the seed: 10 .. 90)."""
    return params.base + params.step * survivors + params.step * loot_band(params, loot)


def verdict(params: Params, value: int) -> int | None:
    """0 (collectors) above the target, 1 (obstructors) below it, None (draw) on it."""
    if value > params.target:
        return 0
    return 1 if value < params.target else None


def score_table(params: Params) -> dict[str, Any]:
    """The table as data: row labels ("0+", "8+", ...), columns (survivors) and scores."""
    labels = [f"{band * params.band_width}+" for band in range(params.bands)]
    columns = list(range(params.collectors + 1))
    scores = [[score(params, s, band * params.band_width) for s in columns]
              for band in range(params.bands)]
    return {"rows": labels, "columns": columns, "scores": scores, "target": params.target}
