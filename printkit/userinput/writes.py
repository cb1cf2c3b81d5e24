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
            raise BuildError(f"cannot write {quoted(str(target), PATH_SHOWN)}: {reason(exc)}") from None
        raise
