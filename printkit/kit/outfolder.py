"""A kit's place in the output folder, shared by builds that may run at once or be killed.

Each build stages its files in ``.<kit>.build-<pid>-XXXX/`` beside the kit and swaps it in while
holding an advisory ``flock`` on the output folder itself (no lock file is left behind), so two
builds into one ``--out`` take turns at the swap and a kit folder always holds one build's files. A build killed before its
swap leaves its staging folder behind: the next build removes it (its process is gone).
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


def staging_prefix(folder: Path) -> str:
    """The name every staging folder of ``folder`` starts with (the pid of its build follows)."""
    return f".{folder.name}.build-{os.getpid()}-"


@contextmanager
def swap_lock(folder: Path) -> Iterator[None]:
    """Hold the output folder's lock (waiting for another build's swap to finish), then clean what killed builds left."""
    handle = os.open(folder.parent, os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        remove_stale(folder)
        yield
    finally:
        os.close(handle)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale(folder: Path) -> list[Path]:
    """Remove the staging folders of ``folder`` whose build process is gone; the folders removed."""
    pattern = re.compile(re.escape(f".{folder.name}.build-") + r"(\d+)-")
    removed = []
    for entry in folder.parent.glob(f".{folder.name}.build-*"):
        match = pattern.match(entry.name)
        if match and entry.is_dir() and not _alive(int(match.group(1))):
            shutil.rmtree(entry, ignore_errors=True)
            removed.append(entry)
    return removed
