"""A kit's place in the output folder, shared by builds that may run at once or be killed.

Each build stages its files in ``.<kit>.build-<pid>-XXXX/`` beside the kit and swaps it in while
holding an advisory ``flock`` on the output folder itself (no lock file is left behind), so two
builds into one ``--out`` take turns at the swap and a kit folder always holds one build's files. A build killed before its
swap leaves its staging folder behind: the next build removes it (its process is gone).

The swap is one step where Linux offers it (``renameat2`` with ``RENAME_EXCHANGE``: the new folder and the old trade
places at once, the old then removed under the staging name); elsewhere it is two renames through
``.<kit>.old``, and a build killed between them leaves the kit there: the next build, failed or not, puts it back
(:func:`recover`). A staging folder is made readable as the umask allows (``mkdtemp`` makes it 0700).
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


def old_folder(folder: Path) -> Path:
    """Where two-rename swaps put the kit they replace, for a moment."""
    return folder.parent / f".{folder.name}.old"


@contextmanager
def swap_lock(folder: Path, carried: tuple[str, ...] = ()) -> Iterator[None]:
    """Hold the output folder's lock (waiting for another build's swap to finish), then clean what killed builds left
    (``carried``: the entries a build moves from the old kit into its staging folder, put back first)."""
    handle = os.open(folder.parent, os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        _restore(folder)
        remove_stale(folder, carried)
        yield
    finally:
        os.close(handle)


def recover(out: Path) -> None:
    """Put back every kit of ``out`` a build killed in the middle of a two-rename swap left aside (``.<kit>.old`` with
    no ``<kit>``): called before a build reads anything, so even a build that then fails puts them back."""
    try:
        aside = [entry for entry in out.glob(".*.old") if entry.is_dir()]
    except OSError:
        return
    for entry in aside:
        folder = out / entry.name[1:-len(".old")]
        if not folder.exists():
            with swap_lock(folder):
                pass


def _restore(folder: Path) -> None:
    old = old_folder(folder)
    if not folder.exists() and old.is_dir():
        os.replace(old, folder)


def swap_in(staging: Path, folder: Path) -> None:
    """``staging`` becomes ``folder`` (the kit it replaces is removed); hold :func:`swap_lock` around it."""
    if folder.exists() and _exchange(staging, folder):
        shutil.rmtree(staging, ignore_errors=True)  # the old kit, now under the staging name
        return
    old = old_folder(folder)
    if old.exists():
        shutil.rmtree(old)
    if folder.exists():
        os.replace(folder, old)
    os.replace(staging, folder)
    shutil.rmtree(old, ignore_errors=True)


def _exchange(one: Path, other: Path) -> bool:
    """Swap two paths in one step (Linux's ``renameat2`` with ``RENAME_EXCHANGE``); False where the system cannot."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        exchange = libc.renameat2
    except (OSError, AttributeError):
        return False
    exchange.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    at_cwd, rename_exchange = -100, 2
    return exchange(at_cwd, os.fsencode(one), at_cwd, os.fsencode(other), rename_exchange) == 0


def umask() -> int:
    """This process's umask (read from /proc where it says, so no other thread sees it changed)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


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


def remove_stale(folder: Path, carried: tuple[str, ...] = ()) -> list[Path]:
    """Remove the staging folders of ``folder`` whose build process is gone; the folders removed. Entries named in
    ``carried`` that the kit lacks are moved back into it first (a build killed after moving the old kit's balance
    reports into its staging folder, before its swap, loses nothing)."""
    pattern = re.compile(re.escape(f".{folder.name}.build-") + r"(\d+)-")
    removed = []
    for entry in folder.parent.glob(f".{folder.name}.build-*"):
        match = pattern.match(entry.name)
        if match and entry.is_dir() and not _alive(int(match.group(1))):
            for name in carried:
                if folder.is_dir() and (entry / name).exists() and not (folder / name).exists():
                    os.replace(entry / name, folder / name)
            shutil.rmtree(entry, ignore_errors=True)
            removed.append(entry)
    return removed
