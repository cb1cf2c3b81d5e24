"""What a kit is made from, hashed: a rebuild with the same inputs reuses the kit already written.

A kit's inputs are its effective settings (the game's parameters, the print settings, the config's
name as the manifest records it), the files its source reads (a built-in game: its rule-sheet
templates and a configured example log; a kit from data would list its kit.toml and data files)
and the code that draws it (printkit's own files and the versions of the libraries that write
SVG, PDF and PNG). :func:`input_digest` takes any source's file list, so every kit source shares
one record format and one skip rule.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from importlib import resources
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Mapping

import printkit
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


@lru_cache(maxsize=None)
def code_fingerprint() -> str:
    """printkit's version, every file of the package (code, built-in logs) and the drawing libraries' versions."""
    digest = hashlib.sha256(f"printkit {printkit.__version__}\n".encode())
    root = Path(printkit.__file__).resolve().parent
    for path in sorted(root.rglob("*")):
        inside = path.relative_to(root).parts
        if path.is_file() and path.suffix not in (".pyc", ".pyo") and "__pycache__" not in inside and inside[0] != "templates":
            digest.update(f"{path.relative_to(root).as_posix()}\n".encode())
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    digest.update(json.dumps(_versions(), sort_keys=True).encode())
    return digest.hexdigest()


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


def templates_dir() -> Path:
    """The rule-sheet templates: installed as ``printkit.templates``, or ``templates/`` of a checkout."""
    try:
        return Path(str(resources.files("printkit.templates")))
    except ModuleNotFoundError:
        return Path(__file__).resolve().parent.parent.parent / "templates"


def game_input_paths(game: str, params: Any) -> dict[str, Path]:
    """The files a built-in game's kit reads besides its Python: its templates, its kit folder (a game built as a kit:
    kit.toml, rules.py, rules.md, art) and a configured example log."""
    folder = templates_dir() / game
    paths = {f"templates/{game}/{p.relative_to(folder).as_posix()}": p for p in sorted(folder.rglob("*")) if p.is_file()}
    kit = Path(str(resources.files(f"printkit.games.{game}"))) / "kitfolder"
    if kit.is_dir():
        from printkit.datakit.load import kit_files

        paths.update({f"games/{game}/kitfolder/{name}": path for name, path in kit_files(kit).items()})
    example = getattr(params, "example_log", "")
    if example:
        paths["example_log"] = Path(example)
    return paths
