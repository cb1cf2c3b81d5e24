"""Builds sharing one --out: two at once never mix files; a staging folder of a killed build is cleaned."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from printkit.cli import main


def _check_against_manifest(kit: Path) -> dict:
    """Every file of the kit is in its manifest with the same SHA-256, and every listed file is there."""
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    on_disk = {p.relative_to(kit).as_posix() for p in kit.rglob("*") if p.is_file()} - {"manifest.json"}
    assert on_disk == set(manifest["files"]), on_disk ^ set(manifest["files"])
    for name, entry in manifest["files"].items():
        assert hashlib.sha256((kit / name).read_bytes()).hexdigest() == entry["sha256"], name
    return manifest


def test_two_builds_at_once_never_mix_files(tmp_path: Path) -> None:
    """Two builds of warfare with different boards, started together into one --out: both succeed and the
    kit left is one build's, whole (every file against the manifest)."""
    out = tmp_path / "out"
    builds = [subprocess.Popen([sys.executable, "-m", "printkit", "build", "--game", "warfare", "--out", str(out),
                                "--set", f"games.warfare.board_size={size}", "--set", f"games.warfare.line_length={size}"],
                               cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
              for size in (6, 7)]
    for build in builds:
        _, stderr = build.communicate(timeout=120)
        assert build.returncode == 0, stderr.decode()
    manifest = _check_against_manifest(out / "warfare")
    assert manifest["parameters"]["board_size"] in (6, 7)
    assert sorted(p.name for p in out.iterdir()) == [".cache", ".previous", "warfare"], "no staging folder left"


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_killed_builds_staging_folder_is_cleaned_by_the_next_build(tmp_path: Path) -> None:
    out = tmp_path / "out"
    stale = out / f".warfare.build-{_dead_pid()}-k1ll3d"
    (stale / "artwork").mkdir(parents=True)
    (stale / "artwork" / "board.svg").write_text("<svg half written", encoding="utf-8")
    running = out / f".warfare.build-{os.getppid()}-running"  # a build still under way (its process lives)
    running.mkdir()
    other = out / f".warfare-2.build-{_dead_pid()}-other"  # another kit's: left to that kit's next build
    other.mkdir()
    result = CliRunner().invoke(main, ["build", "--game", "warfare", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert not stale.exists() and running.is_dir() and other.is_dir()
    _check_against_manifest(out / "warfare")
