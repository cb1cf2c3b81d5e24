"""What a kit is made from, hashed: a rebuild with the same inputs reuses the kit already written.

A kit's inputs are its effective settings (the game's parameters, the print settings, the config's
name as the manifest records it), the files its source reads (a built-in game: its rule-sheet
templates and a configured example log; a kit from data would list its kit.toml and data files)
and the code that draws it (printkit's own files and the versions of the libraries that write
SVG, PDF and PNG). :func:`input_digest` takes any source's file list, so every kit source shares
one record format and one skip rule.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import re
from importlib import resources
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Mapping

import printkit
from printkit.templating import templates_dir
from printkit.userinput.files import MB, read_bytes, reason

MAX_INPUT_BYTES = 50 * MB
"""The largest input file hashed: as large as the largest file a kit reads (pictures, fonts)."""

LIBRARIES = {"reportlab": "reportlab", "svglib": "svglib", "pypdfium2": "pypdfium2",
             "pillow": "PIL", "jinja2": "jinja2", "markdown-it-py": "markdown_it"}
"""Libraries whose version can change the bytes a build writes (distribution -> module)."""


def _version(dist: str, module: str) -> str:
    """A library's installed version, read from its ``.dist-info`` folder's name beside the module (no
    import, and not importlib.metadata, whose import alone costs a small build 20 ms); else its metadata."""
    spec = find_spec(module)
    if spec is None or spec.origin is None:
        return "absent"
    stem = re.sub(r"[-_.]+", "_", dist).lower()
    for info in Path(spec.origin).resolve().parent.parent.glob("*.dist-info"):
        name, _, version = info.name[: -len(".dist-info")].partition("-")
        if re.sub(r"[-_.]+", "_", name).lower() == stem:
            return version
    from importlib import metadata

    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "absent"


def _versions() -> dict[str, str]:
    return {dist: _version(dist, module) for dist, module in LIBRARIES.items()}


def _code_files(root: Path) -> list[str]:
    """Every file of the package that can change what a build writes (code, built-in logs): their paths
    inside it, sorted."""
    names = []
    for folder, subfolders, files in os.walk(root):
        inside = os.path.relpath(folder, root).replace(os.sep, "/")
        prefix = "" if inside == "." else f"{inside}/"
        subfolders[:] = [d for d in subfolders if d != "__pycache__" and not (not prefix and d == "templates")]
        names.extend(prefix + name for name in files if not name.endswith((".pyc", ".pyo")))
    return sorted(names, key=lambda name: name.split("/"))


def _contents(root: Path, names: list[str]) -> str:
    """The hash of every file's name and bytes."""
    digest = hashlib.sha256()
    for name in names:
        digest.update(f"{name}\n".encode())
        digest.update(hashlib.sha256((root / name).read_bytes()).digest())
    return digest.hexdigest()


def _installed(root: Path, names: list[str]) -> str | None:
    """The hash of the files' names and SHA-256 as the installer wrote them into the package's RECORD
    (pip hashes every file it installs), when each file is listed there with its size on disk;
    None otherwise (an editable install, a package changed after installation)."""
    records = [info / "RECORD" for info in root.parent.glob("printkit-*.dist-info")
               if info.name[len("printkit-"):-len(".dist-info")] == printkit.__version__]
    if len(records) != 1:
        return None
    try:
        with records[0].open(encoding="utf-8", newline="") as handle:
            listed = {row[0]: (row[1], row[2]) for row in csv.reader(handle) if len(row) == 3}
    except (OSError, ValueError):
        return None
    digest = hashlib.sha256()
    folder = str(root)
    for name in names:
        sha, size = listed.get(f"{root.name}/{name}", ("", ""))
        try:
            if not sha.startswith("sha256=") or size != str(os.stat(os.path.join(folder, name)).st_size):
                return None
        except OSError:
            return None
        digest.update(f"{root.name}/{name}\n{sha}\n".encode())
    return digest.hexdigest()


_FINGERPRINT: list[str] = []


def code_fingerprint() -> str:
    """printkit's version, every file of the package (code, built-in logs) and the drawing libraries' versions.

    Computed once per process. An installed printkit takes its files' hashes from the RECORD pip wrote
    at installation (reading 250 files costs a small build 10-30 ms); an editable one hashes them.
    """
    if not _FINGERPRINT:
        root = Path(printkit.__file__).resolve().parent
        names = _code_files(root)
        digest = hashlib.sha256(f"printkit {printkit.__version__}\n".encode())
        digest.update((_installed(root, names) or _contents(root, names)).encode())
        digest.update(json.dumps(_versions(), sort_keys=True).encode())
        _FINGERPRINT.append(digest.hexdigest())
    return _FINGERPRINT[0]


def input_digest(settings: Mapping[str, Any], files: Mapping[str, bytes]) -> str:
    """One hash of a kit's effective settings (JSON-able), its source's files (name -> bytes) and the code."""
    digest = hashlib.sha256(code_fingerprint().encode())
    digest.update(json.dumps(settings, sort_keys=True, default=str).encode())
    for name in sorted(files):
        digest.update(f"\n{name}\n".encode())
        digest.update(hashlib.sha256(files[name]).digest())
    return digest.hexdigest()


def read_inputs(paths: Mapping[str, Path]) -> dict[str, bytes]:
    """The bytes of each named input file; a missing file hashes as absent (the build then reports it)."""
    files = {}
    for name, path in paths.items():
        try:
            files[name] = read_bytes(path, MAX_INPUT_BYTES)
        except OSError as exc:  # missing, not a regular file, or larger than any input printkit reads
            files[name] = f"\0unreadable: {reason(exc)}".encode()
    return files


def game_input_paths(game: str, params: Any) -> dict[str, Path]:
    """The files a built-in game's kit reads besides its Python: its templates, its kit folder (a game built as a kit:
    kit.toml, rules.py, rules.md, art) and a configured example log."""
    folder = templates_dir() / game
    paths = {f"templates/{game}/{p.relative_to(folder).as_posix()}": p for p in sorted(folder.rglob("*")) if p.is_file()}
    package = Path(str(resources.files(f"printkit.games.{game}")))
    if (package / "kit.toml").is_file():
        from printkit.userinput.paths import kit_files

        paths.update({f"games/{game}/{name}": path for name, path in kit_files(package).items()})
    example = getattr(params, "example_log", "")
    if example:
        paths["example_log"] = Path(example)
    return paths
