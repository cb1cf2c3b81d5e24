"""The build of one game's kit: parameters -> kit -> files, written atomically with a manifest."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from printkit.config import Config
from printkit.errors import BuildError, PrintkitError
from printkit.games import get_game
from printkit.kit.inputs import game_input_paths, input_digest, read_inputs
from printkit.kit.model import Finding, Kit
from printkit.params import to_mapping

PREVIEWS = Path(".cache") / "previews"
"""Under the output folder: PNG previews by the hash of their SVG (see printkit.kit.previews)."""
RECORDS = Path(".cache") / "builds"
"""Under the output folder: one JSON record per kit of the inputs it was built from."""


@dataclass
class BuildResult:
    """What a build wrote, where, and what its checks found."""

    game: str
    folder: Path
    files: dict[str, int]
    findings: list[Finding]
    reused: bool = False
    """True when the inputs were unchanged and the kit already written was kept."""


def make_kit(config: Config, game: str) -> Kit:
    """The game's kit in memory (nothing written)."""
    spec = get_game(game)
    if spec.kit is None:
        raise BuildError(f"{game}: this game has a rules engine but no print kit yet")
    return spec.kit(config.game_params(game), config.print)  # type: ignore[no-any-return]


def manifest(kit: Kit, files: dict[str, bytes], config: Config) -> dict[str, Any]:
    return {
        "game": kit.game,
        "title": kit.title,
        "config": config.source,
        "parameters": to_mapping(kit.params),
        "print": to_mapping(config.print),
        "files": {name: {"sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)} for name, data in sorted(files.items())},
    }


def write_atomically(folder: Path, files: dict[str, bytes]) -> None:
    """Write every file into a temporary folder beside ``folder``, then swap it into place."""
    parent = folder.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}-", dir=parent))
    except OSError as exc:
        raise BuildError(f"cannot write to the output folder {str(parent)!r}: {(exc.strerror or str(exc)).lower()}") from None
    try:
        for name, data in files.items():
            target = staging / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
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


def settings_of(config: Config, game: str) -> dict[str, Any]:
    """The effective settings one game's kit depends on (what its manifest records)."""
    return {"game": game, "config": config.source, "parameters": to_mapping(config.game_params(game)),
            "print": to_mapping(config.print)}


def kit_digest(config: Config, game: str) -> str:
    """The hash of everything a built-in game's kit is made from (see :mod:`printkit.kit.inputs`)."""
    files = read_inputs(game_input_paths(game, config.game_params(game)))
    return input_digest(settings_of(config, game), files)


def _record_path(out: Path, name: str) -> Path:
    return out / RECORDS / f"{name}.json"


def _file_sha(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def reusable(out: Path, name: str, digest: str) -> BuildResult | None:
    """The kit in ``out/<name>/`` if it was built from inputs with ``digest`` and no file of it changed since."""
    folder = out / name
    try:
        record = json.loads(_record_path(out, name).read_text(encoding="utf-8"))
        listed = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(record, dict) or record.get("inputs") != digest or record.get("manifest") != _file_sha(folder / "manifest.json"):
        return None
    present = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    if present != set(listed) | {"manifest.json"}:
        return None
    if any(_file_sha(folder / file) != entry.get("sha256") for file, entry in listed.items()):
        return None
    files = {file: int(entry["bytes"]) for file, entry in listed.items()}
    files["manifest.json"] = (folder / "manifest.json").stat().st_size
    findings = [Finding(level, message) for level, message in record.get("findings", [])]
    return BuildResult(name, folder, dict(sorted(files.items())), findings, reused=True)


def _write_record(out: Path, name: str, digest: str, manifest_bytes: bytes, findings: list[Finding]) -> None:
    """Remember what the kit was built from (a record that cannot be written only costs a rebuild)."""
    record = {"inputs": digest, "manifest": hashlib.sha256(manifest_bytes).hexdigest(),
              "findings": [[f.level, f.message] for f in findings]}
    try:
        write_file(_record_path(out, name), (json.dumps(record, indent=2) + "\n").encode("utf-8"))
    except BuildError:
        pass


def build(config: Config, game: str, out: Path, force: bool = False) -> BuildResult:
    """Build one game's kit into ``out/<game>/``; on any error the previous kit stays.

    When the kit's inputs are those of the kit already in ``out/<game>/`` (and its files are
    intact) that kit is kept and the result says ``reused``; ``force`` rebuilds regardless.
    """
    return list(build_many(config, [game], out, force))[0]


def build_many(config: Config, games: list[str], out: Path, force: bool = False) -> Iterator[BuildResult]:
    """Build several kits, yielding each result in order; unchanged kits are kept unless ``force``.

    Every kit to build is laid out and its PDFs written before the first is finished, so one kit's
    previews render in worker processes while the next kit's PDFs are written. When a kit fails,
    the kits before it are still written, then the error is raised.
    """
    from printkit.kit.previews import PreviewPool

    with PreviewPool() as pool:
        started: list[tuple[str, str, Kit, list[Finding], Any] | BuildResult] = []
        failure: PrintkitError | None = None
        for game in games:
            try:
                digest = kit_digest(config, game)
                kept = None if force else reusable(out, game, digest)
                if kept is not None:
                    started.append(kept)
                    continue
                from printkit.kit.checks import check_kit
                from printkit.kit.render import start_render

                pool.prepare()
                kit = make_kit(config, game)
                findings = check_kit(kit)
                started.append((game, digest, kit, findings, start_render(kit, out / PREVIEWS, pool)))
            except PrintkitError as exc:
                failure = exc
                break
        for item in started:
            if isinstance(item, BuildResult):
                yield item
                continue
            game, digest, kit, findings, rendering = item
            files = rendering.finish()
            files["manifest.json"] = (json.dumps(manifest(kit, files, config), indent=2, sort_keys=True) + "\n").encode("utf-8")
            folder = out / game
            write_atomically(folder, files)
            _write_record(out, game, digest, files["manifest.json"], findings)
            yield BuildResult(game, folder, {name: len(data) for name, data in sorted(files.items())}, findings)
    if failure is not None:
        raise failure
