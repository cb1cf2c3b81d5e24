"""How much a designer's code may take: CPU time per call (enforced by :mod:`printkit.guard.watchdog`) and memory
(:func:`bounded`: the process's address space, ``RLIMIT_AS``, may grow by the limit while designer code runs; an
allocation past it is a MemoryError in the designer's code)."""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

DEFAULT_SECONDS = 10.0
"""CPU seconds one call into the designer's code may take (a move of a sane game takes well under a second)."""
DEFAULT_MEGABYTES = 2048
"""Memory the designer's code may add to the process, in MB."""


@dataclass(frozen=True)
class Limits:
    """How much CPU time one call into a designer's code may use, and how much memory it may add."""

    seconds: float = DEFAULT_SECONDS
    megabytes: int = DEFAULT_MEGABYTES
    key: str = "game.time_limit"
    """The setting messages name (kit.toml's key)."""


_lock = threading.Lock()
_bounds = [0]
_previous: list[tuple[int, int]] = []


def _address_space() -> int | None:
    """The bytes of address space this process uses (None where /proc does not say)."""
    try:
        with open("/proc/self/statm", "rb") as handle:
            return int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


@contextmanager
def bounded(limits: Limits) -> Iterator[None]:
    """Within the block this process's address space may grow by at most ``limits.megabytes`` (the outermost block of
    nested ones sets it; nothing where the platform has no ``RLIMIT_AS``)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not Unix
        yield
        return
    with _lock:
        _bounds[0] += 1
        if _bounds[0] == 1:
            used = _address_space()
            soft, hard = resource.getrlimit(resource.RLIMIT_AS)
            _previous.append((soft, hard))
            if used is not None:
                cap = used + limits.megabytes * 1024 * 1024
                if hard != resource.RLIM_INFINITY:
                    cap = min(cap, hard)
                if soft == resource.RLIM_INFINITY or cap < soft:
                    try:
                        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
                    except (ValueError, OSError):
                        pass
    try:
        yield
    finally:
        with _lock:
            _bounds[0] -= 1
            if _bounds[0] == 0 and _previous:
                try:
                    resource.setrlimit(resource.RLIMIT_AS, _previous.pop())
                except (ValueError, OSError):
                    pass
