"""Writing a file so that a failed write leaves the old one: through a temporary name, then a rename."""

from __future__ import annotations

import os
from pathlib import Path

from printkit.errors import BuildError
from printkit.userinput.files import reason
from printkit.userinput.text import quoted

PATH_SHOWN = 1_000
"""Characters of a path a disk error shows (a path is not an echo of a long value: its end names the file)."""


def write_file(target: Path, data: bytes) -> None:
    """Write one file through a temporary name, so a failed write (a full disk) or one cut short (Ctrl-C) leaves the old
    file and no other."""
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            tmp.unlink()
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise BuildError(f"cannot write {quoted(str(target), PATH_SHOWN)}: {_why(target, exc)}") from None
        raise


def _in_the_way(target: Path) -> str | None:
    """Why no file can be written at ``target`` however its folders are made: a file standing where the path needs a
    folder (the first from the top), or None."""
    for folder in reversed(target.parents):
        if not folder.exists():
            return None
        if not folder.is_dir():
            return f"{quoted(str(folder), PATH_SHOWN)} is a file, not a folder"
    return None


def _why(target: Path, exc: OSError) -> str:
    """Why writing ``target`` failed: a file in the way of its folder named (mkdir says 'file exists' of it)."""
    blocked = _in_the_way(target) if isinstance(exc, (FileExistsError, NotADirectoryError)) else None
    return blocked or reason(exc)


def check_writable(target: Path) -> None:
    """Refuse, before any work, a file that cannot be written where it is named: a file in the way of its folder, or
    a folder (the nearest there) that this user may not write in. A BuildError like :func:`write_file`'s."""
    why = _in_the_way(target)
    nearest = next((folder for folder in target.parents if folder.exists()), None)
    if why is None and nearest is not None and not os.access(nearest, os.W_OK | os.X_OK):
        why = f"no permission to write in {quoted(str(nearest), PATH_SHOWN)}"
    if why is not None:
        raise BuildError(f"cannot write {quoted(str(target), PATH_SHOWN)}: {why}")
