"""The build of one game's kit: parameters -> kit -> files, written atomically with a manifest."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from printkit.config import Config
from printkit.errors import BuildError
from printkit.gallery.history import keep_previous
from printkit.games import get_game
from printkit.kit.model import Finding, Kit
from printkit.kit.outfolder import staging_prefix, swap_lock
from printkit.kit.render import render_files
from printkit.params import to_mapping


@dataclass
class BuildResult:
    """What a build wrote, where, and what its checks found."""

    game: str
    folder: Path
    files: dict[str, int]
    findings: list[Finding]


def make_kit(config: Config, game: str) -> Kit:
    """The game's kit in memory (nothing written)."""
    spec = get_game(game)
    if spec.kit is None:
        raise BuildError(f"{game}: this game has a rules engine but no print kit yet")
    return spec.kit(config.game_params(game), config.print)  # type: ignore[no-any-return]


def manifest(kit: Kit, files: dict[str, bytes], source: str) -> dict[str, Any]:
    return {
        "game": kit.game,
        "title": kit.title,
        "config": source,
        "parameters": kit.params if isinstance(kit.params, dict) else to_mapping(kit.params),
        "print": to_mapping(kit.settings),
        "files": {name: {"sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)} for name, data in sorted(files.items())},
    }


def with_findings(data: dict[str, Any], findings: list[Finding]) -> dict[str, Any]:
    """The manifest with the build's check findings (the gallery shows them without re-checking)."""
    return {**data, "findings": [{"level": f.level, "message": f.message} for f in findings]}


def write_atomically(folder: Path, files: dict[str, bytes], before_swap: Callable[[Path], None] | None = None) -> None:
    """Write every file into a temporary folder beside ``folder``, then swap it into place (one build at a time:
    see printkit/kit/outfolder.py); ``before_swap`` sees the folder about to be replaced."""
    parent = folder.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=staging_prefix(folder), dir=parent))
    except OSError as exc:
        raise BuildError(f"cannot write to the output folder {str(parent)!r}: {(exc.strerror or str(exc)).lower()}") from None
    try:
        for name, data in files.items():
            target = staging / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        with swap_lock(folder):
            if before_swap is not None:
                before_swap(folder)
            old = parent / f".{folder.name}.old"
            if old.exists():
                shutil.rmtree(old)
            if folder.exists():
                os.replace(folder, old)
            os.replace(staging, folder)
            shutil.rmtree(old, ignore_errors=True)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildError(f"cannot write {str(folder)!r}: {(exc.strerror or str(exc)).lower()}") from None


def write_file(target: Path, data: bytes) -> None:
    """Write one file through a temporary name, so a failed write leaves the old file."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, target)
    except OSError as exc:
        raise BuildError(f"cannot write {str(target)!r}: {(exc.strerror or str(exc)).lower()}") from None


def write_kit(kit: Kit, out: Path, source: str) -> BuildResult:
    """Check and render a kit into ``out/<kit.game>/``; on any error the previous kit stays."""
    from printkit.kit.checks import check_kit

    findings = check_kit(kit)
    files = render_files(kit, cache=out / ".cache" / "previews")
    files["manifest.json"] = (json.dumps(with_findings(manifest(kit, files, source), findings), indent=2, sort_keys=True) + "\n").encode("utf-8")
    folder = out / kit.game
    write_atomically(folder, files, before_swap=keep_previous)
    return BuildResult(kit.game, folder, {name: len(data) for name, data in sorted(files.items())}, findings)


def build(config: Config, game: str, out: Path) -> BuildResult:
    """Build one game's kit into ``out/<game>/``; on any error the previous kit stays."""
    return write_kit(make_kit(config, game), out, config.source)


def make_data_kit(folder: str, sets: tuple[str, ...] = (), paper: str | None = None) -> Kit:
    """The kit of a designer's folder (kit.toml and its data), in memory."""
    from printkit.datakit.kit import data_kit
    from printkit.datakit.load import load_kit

    return data_kit(load_kit(folder, sets, paper))
