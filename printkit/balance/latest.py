"""The latest ``simulate`` run of a built kit, kept beside its balance reports for the gallery."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from printkit.kit.outfolder import write_file

FILE = Path("balance") / "simulate.json"
"""Under a kit's output folder (kept across rebuilds with the rest of ``balance/``)."""


def keep_simulation(out: Path, game: str, data: dict[str, Any], parameters: dict[str, Any], seed: int) -> Path | None:
    """Write a finished run's figures to ``out/<game>/balance/simulate.json`` when that kit is built (else None).

    A disk error (a full disk) is a BuildError: the command has printed the figures, then says it could not keep them.
    """
    folder = out / game
    if not (folder / "manifest.json").is_file():
        return None
    record = {**data, "seed": seed, "parameters": parameters}
    target = folder / FILE
    write_file(target, (json.dumps(record, indent=2, sort_keys=True) + "\n").encode("utf-8"))
    return target
