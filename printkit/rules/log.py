"""Game logs: one move per line in the game's own notation, ``#`` starts a comment.

The format is shared by every game; only the text of a move differs. Blank lines and comments
are kept out of the moves but line numbers are kept, so errors can point at ``LOG:LINE``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

from printkit.errors import LogError

MAX_LINE = 10_000
"""The longest line a log may hold, in characters (a move is a few dozen; anything longer is not a game log)."""


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


def stream_log(path: str | Path, position: Callable[[int], None] | None = None) -> Iterator[LogLine]:
    """The moves of a log file read line by line (a 50 MB log is not held in memory), numbered as :func:`parse_log`
    numbers them; ``position`` hears the bytes read so far. Unreadable files and lines that are not UTF-8 are
    LogErrors naming the line (0: the file)."""
    try:
        handle = Path(path).open("rb")
    except OSError as exc:
        raise LogError(str(path), 0, f"cannot read the log: {(exc.strerror or str(exc)).lower()}") from None
    number, read = 0, 0
    with handle:
        try:
            for raw in handle:
                read += len(raw)
                if number == 0 and raw.startswith(b"\xef\xbb\xbf"):
                    raw = raw[3:]
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError as exc:
                    raise LogError(str(path), number + 1, f"not UTF-8 text (byte {exc.start + 1} of the line is {raw[exc.start]:#04x}): "
                                                          "save the log as UTF-8") from None
                if len(text) > MAX_LINE:
                    raise LogError(str(path), number + 1, f"a line of {len(text):,} characters: at most {MAX_LINE:,} "
                                                          "(is this a game log?)")
                for moved in parse_log(text):
                    yield LogLine(number + moved.number, moved.text)
                number += max(1, len(text.splitlines()))
                if position is not None:
                    position(read)
        except OSError as exc:
            raise LogError(str(path), number, f"cannot read the log: {(exc.strerror or str(exc)).lower()}") from None


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
