"""The previous build of a kit, kept beside the output so the gallery can show what changed."""

from __future__ import annotations

import shutil
from pathlib import Path

PREVIOUS = ".previous"
"""Folder under the output folder holding each kit's previous build: ``output/.previous/<game>/``."""
NOT_KEPT = ("index.html", "gallery", "balance", "export", "failed")
"""What others write into a kit folder (the gallery, balance reports, exports, failed games' logs): not part of the
build, not kept."""


def previous_folder(kit_folder: Path) -> Path:
    """Where the build before the one in ``kit_folder`` is kept."""
    return kit_folder.parent / PREVIOUS / kit_folder.name


def keep_previous(kit_folder: Path) -> None:
    """Copy the kit now in ``kit_folder`` (its manifest, artwork and PDFs) aside before a new build replaces it.

    Best effort: the history only feeds the gallery, so a disk error here never fails a build.
    """
    if not (kit_folder / "manifest.json").is_file():
        return
    target = previous_folder(kit_folder)
    staging = target.with_name(f".{target.name}.new")
    try:
        shutil.rmtree(staging, ignore_errors=True)
        shutil.copytree(kit_folder, staging, ignore=lambda folder, names: [n for n in names if n in NOT_KEPT])
        shutil.rmtree(target, ignore_errors=True)
        staging.rename(target)
    except OSError:
        shutil.rmtree(staging, ignore_errors=True)
