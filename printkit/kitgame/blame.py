"""Errors raised inside a designer's rules.py, told as theirs: file and line, the method, the move or state.

Whatever the designer's code raises is theirs, BaseExceptions included: ``sys.exit()`` (SystemExit), ``os._exit()``
(:class:`DesignerExit`, see :func:`guard_exits`), a KeyboardInterrupt no Ctrl-C sent (:mod:`printkit.interrupts`)
and the watchdog's :class:`printkit.guard.watchdog.TimeLimit`; only a real Ctrl-C or SIGTERM goes on as it is. Common
slips get a hint with the fix: a ``next()`` that found nothing, memory past the limit.
"""

from __future__ import annotations

import os
import sys
import traceback
from pathlib import Path
from typing import Any, NoReturn

from printkit.errors import PrintkitError
from printkit.guard.watchdog import Overrun, TimeLimit, limits_of, overrun, place_in_kit
from printkit.interrupts import stop_signal

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
    characters with its full length, control characters escaped (a value whose own ``__repr__`` fails: its type)."""
    try:
        text = repr(value)
    except Exception:  # the designer's __repr__ (anything more is theirs to meet where the value is used)
        text = f"<{type(value).__name__} that cannot be shown>"
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


class DesignerExit(BaseException):
    """``os._exit()`` called by the designer's code (see :func:`guard_exits`)."""


def _guarded_exit(code: int) -> NoReturn:
    """``os._exit`` as the designer's code meets it: from a kit's code, a :class:`DesignerExit`; from anywhere else
    (a worker process ending), the process ends."""
    frame = sys._getframe(1)
    if _in_a_kit(frame.f_code.co_filename):
        raise DesignerExit(code)
    _real_exit(code)


_real_exit = os._exit
_kit_folders: set[str] = set()


def _in_a_kit(filename: str) -> bool:
    return any(filename.startswith(folder) for folder in _kit_folders)


def guard_exits(folder: Path) -> None:
    """``os._exit()`` called by code in ``folder`` raises :class:`DesignerExit` instead of ending the process (every
    other caller's ends it as before). A kit's code may still end the process by other means (``os.kill`` of itself,
    a crash through ctypes): it is a program run with the user's rights."""
    _kit_folders.add(str(folder.resolve()).rstrip(os.sep) + os.sep)
    os._exit = _guarded_exit
    if os.name == "posix":  # the module os takes it from: ``posix._exit`` is the same function by another name
        import posix

        posix._exit = _guarded_exit


def theirs(exc: BaseException) -> bool:
    """Whether ``exc``, raised while the designer's code ran, is the designer's (everything but a real Ctrl-C or SIGTERM,
    and an interpreter shutting down)."""
    if isinstance(exc, KeyboardInterrupt):
        if getattr(exc, "printkit_stop", None) is None:  # decided once: handlers nested around one call ask again
            exc.printkit_stop = stop_signal()  # type: ignore[attr-defined]
        return not exc.printkit_stop  # type: ignore[attr-defined]
    return isinstance(exc, (Exception, SystemExit, TimeLimit, DesignerExit))


def _reason(exc: BaseException, folder: Path) -> str:
    """What went wrong, in the designer's terms (with the fix, for the common slips)."""
    name = type(exc).__name__
    text = str(exc).splitlines()[0] if str(exc) else ""
    if isinstance(exc, KeyError) and len(exc.args) == 1 and isinstance(exc.args[0], str) and exc.args[0].startswith("no "):
        return f"{name}: {exc.args[0]}"  # printkit's own message about a deck, column or parameter name
    if isinstance(exc, TimeLimit):
        stopped = overrun()
        limits = limits_of(folder)
        return stopped.reason() if stopped is not None else \
            f"stopped: past the CPU-time limit ({limits.key or limits.setting('time_limit', 'SECONDS')})"
    if isinstance(exc, SystemExit):
        return (f"SystemExit: rules.py called sys.exit({'' if exc.code is None else repr(exc.code)}): the rules return values "
                "or raise an error, they do not end printkit")
    if isinstance(exc, DesignerExit):
        return f"os._exit({exc.args[0] if exc.args else ''}) called: the rules return values or raise an error, they do not end printkit"
    if isinstance(exc, KeyboardInterrupt):
        return "KeyboardInterrupt raised by the rules (only Ctrl-C stops a command): raise an error of your own instead"
    if isinstance(exc, MemoryError):
        limits = limits_of(folder)
        return (f"MemoryError: more memory than the limit of {limits.megabytes:,} MB ({limits.setting('memory_limit', 'MB')}): "
                "does something grow without end?")
    if isinstance(exc, StopIteration):
        return ("StopIteration: next() found nothing (a row the data file lacks, or a card no longer in the pile?): "
                "give next() a default, next((c for c in cards if ...), None), and check for None")
    return f"{name}{': ' + text if text else ''}"


def blame(exc: BaseException, folder: Path, display: str, doing: str, hint: str = "") -> RulesError:
    """``exc`` raised by the designer's code while ``doing`` (e.g. "play('draw') at move 7"), as one line (``hint``:
    the fix of a likely slip, added). A real Ctrl-C or SIGTERM is raised again as it is."""
    if not theirs(exc):
        raise exc
    place, function = where_in(exc, folder, display)
    place = place or f"{display.rstrip('/')}/rules.py"
    inside = f" in {function}()" if function and function != "<module>" else ""
    detail = "".join(traceback.format_exception(exc)).rstrip()
    return RulesError(f"{place}{inside}: {_reason(exc, folder)} ({doing}){': ' + hint if hint else ''}", detail)


def escaped(exc: BaseException) -> RulesError | None:
    """A time limit, ``sys.exit()`` or ``os._exit()`` of the designer's code that reached the command untold (met where
    printkit called their code without knowing it: a move's own ``__eq__``, a state's ``__repr__``), as one line naming
    where their code was; None for anything else."""
    if isinstance(exc, TimeLimit):
        found = overrun()
        if found is not None:
            return RulesError(f"{found.place} in {found.function}(): {found.reason()}")
    if not isinstance(exc, (TimeLimit, DesignerExit, SystemExit)):
        return None
    places = [place_in_kit(str(Path(frame.filename).resolve()), frame.lineno or 0, frame.name)
              for frame in traceback.extract_tb(exc.__traceback__) if frame.filename]
    place = next((found for found in reversed(places) if found is not None), None)
    if place is None:
        return None if isinstance(exc, SystemExit) else RulesError(f"rules.py: {_reason(exc, Path.cwd())}")
    return RulesError(f"{place}: {_reason(exc, Path.cwd())}", "".join(traceback.format_exception(exc)).rstrip())


def stuck_error(found: Overrun) -> RulesError:
    """The error for a call into the designer's code that ran past its limit and did not stop when asked."""
    return RulesError(f"{found.place} in {found.function}(): {found.reason()} It did not stop when asked (a loop inside "
                      "one call of Python's own, such as a huge number or text, or code that catches every exception), "
                      "so printkit ended its process")


def end_stuck(found: Overrun) -> NoReturn:
    """The watchdog's last resort (on its own thread): a call into the designer's code that ran past its limit and
    cannot be stopped ends the process with its one error line (a command's, or the browser table's: no thread of
    Python's can be stopped from outside)."""
    from printkit.userinput.text import printable

    sys.stderr.write(f"error: {printable(str(stuck_error(found)))}\n")
    sys.stderr.flush()
    _real_exit(1)
