"""How much a designer's code may take: CPU time per call (enforced by :mod:`printkit.guard.watchdog`) and memory
(:func:`bounded`: the process's address space, ``RLIMIT_AS``, may grow by the limit while designer code runs; an
allocation past it is a MemoryError in the designer's code)."""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

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
    """The setting messages name (kit.toml's key); empty for a built-in game, whose limits no setting changes."""

    def setting(self, name: str, unit: str) -> str:
        """Where a user changes the limit ``name`` (``time_limit``, ``memory_limit``), for messages: kit.toml or
        ``--set``; for a built-in game, that nothing does (config.toml and ``--set`` hold its parameters only)."""
        if not self.key:
            return (f"a built-in game's own {name.replace('_', ' ')}, which no setting changes: a computer player with a "
                    "smaller budget, such as mcts:easy, stays within it")
        key = f"{self.key.rpartition('.')[0] or 'game'}.{name}"
        return f"{key} in kit.toml, or --set {key}={unit}"


_lock = threading.Lock()
_caps: list[int] = []
"""The address-space caps of the blocks open now (in any thread): the smallest holds."""
_before: list[tuple[int, int]] = []
"""The limit before the first block opened."""


def _address_space() -> int | None:
    """The bytes of address space this process uses (None where /proc does not say)."""
    try:
        with open("/proc/self/statm", "rb") as handle:
            return int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def _set(resource: Any) -> None:
    """The smallest cap of the blocks open (the limit from before them when none is)."""
    soft, hard = _before[0]
    if _caps:
        cap = min(_caps)
        soft = cap if soft == resource.RLIM_INFINITY else min(cap, soft)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    except (ValueError, OSError):
        pass


@contextmanager
def bounded(limits: Limits) -> Iterator[None]:
    """Within the block this process's address space may grow by at most ``limits.megabytes`` from what it is now
    (blocks nest, in one thread or several: the smallest cap of those open holds; nothing where the platform has no
    ``RLIMIT_AS``)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not Unix
        yield
        return
    used = _address_space()
    if used is None:
        yield
        return
    with _lock:
        if not _caps:
            _before[:] = [resource.getrlimit(resource.RLIMIT_AS)]
        hard = _before[0][1]
        cap = used + limits.megabytes * 1024 * 1024
        cap = cap if hard == resource.RLIM_INFINITY else min(cap, hard)
        _caps.append(cap)
        _set(resource)
    try:
        yield
    finally:
        with _lock:
            _caps.remove(cap)
            _set(resource)
