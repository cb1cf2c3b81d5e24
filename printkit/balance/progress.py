"""A one-line progress bar on a terminal: games done, games per second, time left (silent elsewhere)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


def _clock(seconds: float) -> str:
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


class Progress:
    """Redrawn at most ten times a second on ``stream`` when it is a terminal; ``close`` clears it."""

    def __init__(self, total: int, stream: TextIO | None = None, enabled: bool | None = None, width: int = 24) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.total, self.width, self.done = total, width, 0
        self.start = self.drawn = time.perf_counter()

    def line(self) -> str:
        """The bar as text (without the carriage return)."""
        elapsed = max(time.perf_counter() - self.start, 1e-9)
        share = self.done / self.total if self.total else 1.0
        filled = int(share * self.width)
        rate = self.done / elapsed
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        return (f"[{'#' * filled}{'.' * (self.width - filled)}] {self.done:,}/{self.total:,} games"
                f"  {rate:,.0f} games/s  {_clock(left)} left")

    def advance(self, games: int) -> None:
        """Count ``games`` more games done."""
        self.done += games
        now = time.perf_counter()
        if self.enabled and (now - self.drawn >= 0.1 or self.done >= self.total):
            self.drawn = now
            self.stream.write("\r" + self.line() + "\x1b[K")
            self.stream.flush()

    def close(self) -> None:
        """Clear the bar's line."""
        if self.enabled:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
