"""Paths written in a kit: resolved against the kit folder, never leaving it."""

from __future__ import annotations

from pathlib import Path

from printkit.errors import ConfigError
from printkit.userinput.files import reason, resolved
from printkit.userinput.text import quoted


def inside(folder: Path, written: str, source: str, key: str) -> Path:
    """``written`` resolved against ``folder``; absolute paths and ones that leave the folder are refused."""
    if not written.strip():
        raise ConfigError(source, key, "expected a file name, got ''")
    if "\x00" in written or Path(written).is_absolute() or written.startswith("~"):
        raise ConfigError(source, key, f"expected a path inside the kit folder, got {quoted(written)}")
    if any(len(part.encode("utf-8", "surrogatepass")) > 255 for part in Path(written).parts):
        raise ConfigError(source, key, f"a file name of at most 255 bytes, got {quoted(written)}")
    root = folder.resolve()
    try:
        target = resolved(root / written)
    except OSError as exc:
        raise ConfigError(source, key, f"{quoted(written)}: {reason(exc)}") from None
    if target != root and root not in target.parents:
        raise ConfigError(source, key, f"{quoted(written)} leads outside the kit folder")
    return target


def shown(folder: Path, display: str, target: Path) -> str:
    """How a file of the kit is named in messages: the kit folder as the user wrote it, then the path."""
    try:
        rel = target.relative_to(folder.resolve())
    except ValueError:
        return str(target)
    return f"{display.rstrip('/')}/{rel.as_posix()}"


def kit_files(folder: Path) -> dict[str, Path]:
    """Every file a kit folder holds (hidden ones and Python's ``__pycache__`` aside), by its path in the folder: what
    a build reads from."""
    found = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if path.is_file() and not any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            found[rel.as_posix()] = path
    return found
