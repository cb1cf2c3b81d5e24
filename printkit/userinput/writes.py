"""Writing a file so that a failed write leaves the old one: through a temporary name, then a rename."""

from __future__ import annotations

import os
from pathlib import Path

from printkit.errors import BuildError
from printkit.userinput.files import reason
from printkit.userinput.text import quoted


def write_file(target: Path, data: bytes) -> None:
    """Write one file through a temporary name, so a failed write leaves the old file."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, target)
    except OSError as exc:
        raise BuildError(f"cannot write {quoted(str(target))}: {reason(exc)}") from None
