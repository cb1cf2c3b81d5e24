"""Kits the export tests share: two built-in games and the `printkit new` scaffold, built once per session."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image

from printkit.build import make_data_kit, make_kit
from printkit.config import load_config
from printkit.kit.model import Kit


@lru_cache(maxsize=None)
def game_kit(game: str) -> Kit:
    return make_kit(load_config(None, ()), game)


def scaffold_kit(folder: Path, *sets: str) -> Kit:
    """The kit of a `printkit new` folder (written if missing)."""
    from printkit.datakit.scaffold import scaffold

    if not (folder / "kit.toml").exists():
        scaffold(folder, None)
    return make_data_kit(str(folder), tuple(sets))


def image(path: Path | bytes) -> Image.Image:
    import io

    opened = Image.open(io.BytesIO(path) if isinstance(path, bytes) else path)
    opened.load()
    return opened
