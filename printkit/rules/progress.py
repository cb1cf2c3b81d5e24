"""A progress line for long work on a terminal: rewritten in place on stderr, at most a few times a second.

Off when stderr is not a terminal (pipes, files, tests), so output that is saved stays clean.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressLine:
    """``update(text)`` shows ``text`` on one line of ``stream`` (throttled); ``clear()`` removes it."""

    def __init__(self, stream: TextIO | None = None, every_s: float = 0.2, force: bool = False) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.on = force or bool(getattr(self.stream, "isatty", lambda: False)())
        self.every_s = every_s
        self.last = 0.0
        self.width = 0

    def update(self, text: str) -> None:
        if not self.on:
            return
        now = time.monotonic()
        if now - self.last < self.every_s:
            return
        self.last = now
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)

    def clear(self) -> None:
        if self.on and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0
