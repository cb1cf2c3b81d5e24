"""Game logs: one move per line in the game's own notation, ``#`` starts a comment.

The format is shared by every game; only the text of a move differs. Blank lines and comments
are kept out of the moves but line numbers are kept, so errors can point at ``LOG:LINE``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from printkit.errors import LogError
from printkit.userinput.files import MB, open_regular, read_bytes, reason
from printkit.userinput.text import control_problem

MAX_LINE = 10_000
"""The longest line a log may hold, in characters (a move is a few dozen; anything longer is not a game log)."""
MAX_LOG_BYTES = 100 * MB
"""The largest log file replayed (a million moves is about 10 MB)."""
MAX_EXAMPLE_BYTES = MB
"""The largest worked-example log a config names (it is printed on the rule sheet)."""


@dataclass(frozen=True)
class LogLine:
    """One move of a log: its 1-based line number and text (comment and spaces stripped)."""

    number: int
    text: str


def _moves(text: str, source: str, first: int) -> Iterator[LogLine]:
    """The moves of ``text`` whose first line is number ``first``; a control character (but a tab) is a LogError."""
    for number, raw in enumerate(text.splitlines(keepends=True), start=first):
        body = raw.rstrip("\r\n")
        problem = control_problem(body, allow="\t")
        if problem:
            raise LogError(source, number, f"{problem}: a log holds moves and # comments as plain text")
        line = body.split("#", 1)[0].strip()
        if line:
            yield LogLine(number, " ".join(line.split()))


def parse_log(text: str, source: str = "log") -> list[LogLine]:
    """The moves of a log held in a string (``source`` names it in errors)."""
    return list(_moves(text, source, 1))


def stream_log(path: str | Path, position: Callable[[int], None] | None = None) -> Iterator[LogLine]:
    """The moves of a log file read line by line (a 50 MB log is not held in memory, nor a line longer than
    :data:`MAX_LINE`), numbered as :func:`parse_log` numbers them; ``position`` hears the bytes read so far.
    Files that are not regular files or larger than :data:`MAX_LOG_BYTES`, unreadable files and lines that are not
    UTF-8 are LogErrors naming the line (0: the file)."""
    source = str(path)
    try:
        handle = open_regular(path, MAX_LOG_BYTES)
    except OSError as exc:
        raise LogError(source, 0, f"cannot read the log: {reason(exc)}") from None
    number, read = 0, 0
    with handle:
        try:
            while raw := handle.readline(4 * MAX_LINE + 4):
                read += len(raw)
                if len(raw) > 4 * MAX_LINE and not raw.endswith(b"\n"):
                    raise LogError(source, number + 1, f"a line of more than {MAX_LINE:,} characters (is this a game log?)")
                if number == 0 and raw.startswith(b"\xef\xbb\xbf"):
                    raw = raw[3:]
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError as exc:
                    raise LogError(source, number + 1, f"not UTF-8 text (byte {exc.start + 1} of the line is {raw[exc.start]:#04x}): "
                                                       "save the log as UTF-8") from None
                if len(text) > MAX_LINE:
                    raise LogError(source, number + 1, f"a line of {len(text):,} characters: at most {MAX_LINE:,} "
                                                       "(is this a game log?)")
                yield from _moves(text, source, number + 1)
                number += max(1, len(text.splitlines()))
                if position is not None:
                    position(read)
        except OSError as exc:
            raise LogError(source, number, f"cannot read the log: {reason(exc)}") from None


def read_text(path: str | Path, limit: int = MAX_LOG_BYTES) -> str:
    """A log file's text (a regular file of at most ``limit`` bytes, UTF-8); else a LogError at line 0."""
    try:
        return read_bytes(path, limit).decode("utf-8-sig")
    except OSError as exc:
        raise LogError(str(path), 0, f"cannot read the log: {reason(exc)}") from None
    except UnicodeDecodeError as exc:
        raise LogError(str(path), 0, f"cannot read the log: not UTF-8 text (byte {exc.start + 1})") from None


def read_log(path: str | Path) -> list[LogLine]:
    """The moves of a log file; an unreadable file is a LogError at line 0."""
    return parse_log(read_text(path), str(path))
