"""Reading a file a user names: a regular file only (never a FIFO, a device or a folder), within a size bound.

A FIFO is opened without blocking and refused; ``/dev/zero`` is refused before a byte is read; a file that
grows past its bound while it is read is refused too. Every refusal is an :class:`OSError` (:class:`Refused`)
whose ``strerror`` says why in plain words, so the callers' usual ``except OSError`` turns it into their
one-line error.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
from pathlib import Path
from typing import BinaryIO

MB = 1024 * 1024

KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
         (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


class Refused(OSError):
    """A file printkit will not read: not a regular file, or larger than its bound (``strerror`` says which)."""


def size_text(size: int) -> str:
    """A byte count as people read it: ``20 MB``, ``640 KB``, ``12 bytes``."""
    if size >= MB:
        return f"{size / MB:,.0f} MB" if size % MB == 0 or size >= 10 * MB else f"{size / MB:,.1f} MB"
    if size >= 1024:
        return f"{size / 1024:,.0f} KB"
    return f"{size} bytes"


def reason(exc: OSError) -> str:
    """Why a file could not be read, for a message: a refusal as written, a system error in lower case."""
    if isinstance(exc, Refused):
        return str(exc.strerror)
    return (exc.strerror or str(exc)).lower()


def resolved(path: Path) -> Path:
    """``path.resolve()``, a loop of symbolic links an OSError (ELOOP) on every Python version (3.11 raises a
    RuntimeError)."""
    try:
        return path.resolve()
    except RuntimeError:
        raise Refused(errno.ELOOP, "a symbolic link that leads back to itself (a loop)") from None


def _kind(mode: int) -> str:
    return next((name for test, name in KINDS if test(mode)), "not a regular file")


def open_regular(path: str | Path, limit: int) -> BinaryIO:
    """``path`` opened for reading, refused unless it is a regular file of at most ``limit`` bytes.

    The checks run in the file object's opener: the descriptor is closed there when one fails, and belongs to the file
    object from the moment it exists (closing it here too would raise EBADF in place of a Ctrl-C that came meanwhile).
    """

    def checked(name: str, flags: int) -> int:
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise Refused(errno.EINVAL, f"{_kind(info.st_mode)}, not a regular file")
            if info.st_size > limit:
                raise Refused(errno.EFBIG, f"a file of {size_text(info.st_size)}: at most {size_text(limit)}")
            fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
        except BaseException:
            os.close(fd)
            raise
        return fd

    try:
        return open(path, "rb", opener=checked)
    except ValueError:  # a NUL character in the path
        raise Refused(errno.EINVAL, "a path holding a NUL character") from None


def read_bytes(path: str | Path, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (refused as it grows past the bound)."""
    with open_regular(path, limit) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise Refused(errno.EFBIG, f"a file of more than {size_text(limit)}: at most {size_text(limit)}")
    return data
