"""Errors raised inside a designer's rules.py, told as theirs: file and line, the method, the move or state."""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Any

from printkit.errors import PrintkitError

SHOWN = 60
"""Characters of a move or state quoted in a message."""


class RulesError(PrintkitError):
    """An error in the designer's rules.py (an exception in their code, or rules that contradict themselves).

    ``debug`` keeps the designer's traceback as text (it survives the trip back from a worker process),
    for ``printkit --debug``.
    """

    def __init__(self, message: str, debug: str = "") -> None:
        super().__init__(message, debug)
        self.debug = debug

    def __str__(self) -> str:
        return str(self.args[0])


def short(value: Any, limit: int = SHOWN) -> str:
    """A value as quoted in a message (a string in quotes, anything else as Python writes it), cut to ``limit``
    characters with its full length, control characters escaped."""
    text = repr(value)
    if len(text) <= limit:
        return text
    return text[:limit] + f"... ({len(text):,} characters)"


def where_in(exc: BaseException, folder: Path, display: str) -> tuple[str, str]:
    """``(file:line, function)`` of the deepest frame of the traceback inside the kit folder ('' if none)."""
    found = ("", "")
    root = str(folder.resolve())
    for frame in traceback.extract_tb(exc.__traceback__):
        filename = str(Path(frame.filename).resolve()) if frame.filename else ""
        if filename.startswith(root + "/"):
            rel = filename[len(root) + 1:]
            found = (f"{display.rstrip('/')}/{rel}:{frame.lineno}", frame.name)
    if not found[0] and isinstance(exc, SyntaxError) and exc.filename:
        rel = Path(exc.filename).name
        found = (f"{display.rstrip('/')}/{rel}:{exc.lineno}", "")
    return found


def blame(exc: BaseException, folder: Path, display: str, doing: str) -> RulesError:
    """``exc`` raised by the designer's code while ``doing`` (e.g. "play('draw') at move 7"), as one line."""
    place, function = where_in(exc, folder, display)
    place = place or f"{display.rstrip('/')}/rules.py"
    inside = f" in {function}()" if function and function != "<module>" else ""
    reason = str(exc).splitlines()[0] if str(exc) else ""
    name = type(exc).__name__
    detail = "".join(traceback.format_exception(exc)).rstrip()
    return RulesError(f"{place}{inside}: {name}{': ' + reason if reason else ''} ({doing})", detail)
