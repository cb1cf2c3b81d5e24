"""Game logs: one move per line in the game's own notation, ``#`` starts a comment.

The format is shared by every game; only the text of a move differs. Blank lines and comments
are kept out of the moves but line numbers are kept, so errors can point at ``LOG:LINE``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from printkit.errors import LogError


@dataclass(frozen=True)
class LogLine:
    """One move of a log: its 1-based line number and text (comment and spaces stripped)."""

    number: int
    text: str


def parse_log(text: str) -> list[LogLine]:
    """The moves of a log held in a string."""
    moves = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if line:
            moves.append(LogLine(number, " ".join(line.split())))
    return moves


def read_log(path: str | Path) -> list[LogLine]:
    """The moves of a log file; an unreadable file is a LogError at line 0."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise LogError(str(path), 0, f"cannot read the log: {reason.lower()}") from None
    return parse_log(text)


def format_log(moves: Iterable[str], header: Iterable[str] = ()) -> str:
    """A log file's text: optional ``#`` header lines, then one move per line."""
    lines = [f"# {h}" if h else "#" for h in header]
    lines.extend(moves)
    return "\n".join(lines) + "\n"
