"""A designer's code (a kit's rules.py, its rule sheet's template) under a CPU-time limit per call.

A thread of its own looks at every thread's stack ten times a second. A *call into the designer's code* is the
outermost frame of the innermost run of frames that are not printkit's own (``printkit/kitrules.py``, the rule
sheets' sandbox in ``printkit/templating.py``, the standard library, jinja2 and the designer's helper modules count as
the designer's), when that run holds a frame of a watched folder
(:func:`watch`). The call is told apart from the next one by its frame object (the watchdog keeps a reference to the
one it saw, so no later call can be mistaken for it), and its thread's CPU time is read from the thread's own clock
(``pthread_getcpuclockid``): the verdict does not depend on the machine's load. When one call has used more CPU time
than its folder's limit, :class:`TimeLimit` is raised in its thread between two bytecodes, and where the code was is
kept for the message (:func:`overrun`). Nothing is added to the calls themselves: a playout calls rules.py hundreds
of thousands of times a second, the watchdog looks ten times.

A call that does not stop when asked (code that catches every exception, TimeLimit too) is ended by the thread's
*stuck handler* when one is set (:func:`on_stuck`): the command line prints the error and exits, a pool worker sends
it to its parent and exits. One stuck inside one of Python's own C functions stops the watchdog too: for those the
watchdog leaves a heartbeat at every look for a process that supervises this one (:mod:`printkit.guard.supervisor`:
a pool's parent, or the command's guardian, :func:`guard_command`).

The watchdog thread stops before this process forks (``os.register_at_fork``) and starts again after, in both
processes: no fork copies a thread in the middle of a look.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from types import FrameType
from typing import Callable, Iterator

from printkit.guard.limits import Limits
from printkit.guard.supervisor import Heartbeat, becoming_guardian, dump_stacks_into, start_guardian, stop_dumping

LOOK_EVERY = 0.1
"""Seconds between two looks of the watchdog."""

_PRINTKIT = str(Path(__file__).resolve().parent.parent) + os.sep
_DESIGNERS_SIDE = frozenset(str(Path(__file__).resolve().parent.parent / name) for name in ("kitrules.py", "templating.py"))
"""printkit's files whose frames count as the designer's: the rules API rules.py calls, and the sandbox whose operators,
calls and filters a rule sheet's template calls (a ``lipsum(n=10**8)`` runs inside them, under the template's limit)."""


class TimeLimit(BaseException):
    """Raised into a thread whose call into the designer's code ran past its CPU-time limit (a BaseException, so the
    designer's ``except Exception`` does not swallow it)."""


@dataclass(frozen=True)
class Overrun:
    """A call stopped by the watchdog: where the designer's code was, and how long it ran."""

    place: str
    """``file:line`` of the innermost frame of the designer's code when it was stopped (the file as the kit names it)."""
    function: str
    seconds: float
    limits: Limits

    def reason(self) -> str:
        return (f"still running after {self.seconds:.1f} s of CPU time, past the limit of {self.limits.seconds:g} s "
                f"({self.limits.setting('time_limit', 'SECONDS')}): does every loop end?")


@dataclass
class _Root:
    limits: Limits
    display: str


@dataclass
class _Seen:
    entry: FrameType
    cpu: float
    asked: float | None = None
    """The thread's CPU time when TimeLimit was first raised into this call."""


_roots: dict[str, _Root] = {}
_overruns: dict[int, tuple[Overrun, float, threading.Thread | None]] = {}
"""Thread id -> what the watchdog stopped there last, the thread's CPU time when it did, and the thread (an id is
reused by a thread started after this one ended)."""
STALE_AFTER = 5.0
"""Seconds of a thread's CPU time after which what the watchdog stopped there no longer explains a TimeLimit caught in
it (one is raised at the thread's next bytecode; an entry this old was left by a call whose TimeLimit was caught without
asking, and the thread's id may since belong to another thread)."""
_stuck: dict[int, Callable[[Overrun], None]] = {}
_unwatched: dict[int, int] = {}
"""Threads inside :func:`unwatched` blocks (thread -> blocks open): the watchdog does not time their calls."""
_lock = threading.Lock()
_thread: threading.Thread | None = None
_stop = threading.Event()


def watch(folder: str | Path, display: str, limits: Limits) -> None:
    """Watch the designer's code in ``folder`` (its files named ``display/...`` in messages) with ``limits`` from now
    on, and start the watchdog if it is not running."""
    root = str(Path(folder).resolve()).rstrip(os.sep) + os.sep
    if root.startswith(_PRINTKIT):  # a built-in game's kit folder: its limits are its own, not a setting of the user's
        limits = replace(limits, key="")
    with _lock:
        _roots[root] = _Root(limits, display.rstrip("/"))
    _start()
    _beat_now()


def limits_of(folder: str | Path) -> Limits:
    """The limits of the watched ``folder`` (the defaults when it is not watched)."""
    root = _roots.get(str(Path(folder).resolve()).rstrip(os.sep) + os.sep)
    return root.limits if root is not None else Limits()


def overrun(thread: int | None = None) -> Overrun | None:
    """What the watchdog stopped in ``thread`` (default: this one) last, taken (None when it stopped nothing)."""
    ident = threading.get_ident() if thread is None else thread
    found = _overruns.pop(ident, None)
    if found is None:
        return None
    stopped, cpu, owner = found
    now = _cpu(ident)
    if owner is not None and owner is not threading._active.get(ident):  # type: ignore[attr-defined]
        return None
    return stopped if now is None or 0 <= now - cpu <= STALE_AFTER else None


@contextmanager
def on_stuck(handler: Callable[[Overrun], None]) -> Iterator[None]:
    """Within the block, a call of this thread that does not stop when asked is handed to ``handler`` (which ends
    the process: the thread itself cannot be stopped)."""
    ident = threading.get_ident()
    _stuck[ident] = handler
    try:
        yield
    finally:
        _stuck.pop(ident, None)


@contextmanager
def unwatched() -> Iterator[None]:
    """Within the block this thread's calls are not timed, whatever folder their code is in: a watched kit's compiled
    kernel (``[hooks] kernel``), whose first call compiles machine code for many seconds and whose every call plays a
    thousand games, is not one call of the rules."""
    ident = threading.get_ident()
    _unwatched[ident] = _unwatched.get(ident, 0) + 1
    try:
        yield
    finally:
        _unwatched[ident] -= 1
        if not _unwatched[ident]:
            del _unwatched[ident]


def _start(guardian: bool = True) -> None:
    """Start the watchdog's thread if it is not running, and (``guardian``) the command's guardian if it has none. Never
    the guardian from a fork's hook: a fork there would wait for the locks other hooks hold for the fork under way (the
    standard library's concurrent.futures holds a plain lock from before a fork until after it)."""
    global _thread
    if guardian and _guardian[0] is None and _guarding[0] and threading.current_thread() is threading.main_thread() \
            and (_thread is None or not _thread.is_alive()):
        started = start_guardian(place_in_kit)  # before the watchdog's thread: forked from a process of one thread
        if started is not None:
            _guardian[0], _guardian_pipe[0], heartbeat, stacks = started
            supervised(heartbeat, stacks)
    with _lock:
        if _thread is not None and _thread.is_alive():
            return
        _stop.clear()
        _thread = threading.Thread(target=_run, name="printkit-watchdog", daemon=True)
        _thread.start()


def _halt() -> bool:
    """Stop the watchdog (before a fork); whether it was running."""
    global _thread
    thread, _thread = _thread, None
    if thread is None or not thread.is_alive():
        return False
    _stop.set()
    thread.join()
    return True


_was_running = [False]


def _before_fork() -> None:
    _was_running[0] = _halt()


def _after_fork_parent() -> None:
    if _was_running[0]:
        _start(guardian=False)


def _after_fork_child() -> None:
    """A forked process watches what its parent watched (a worker playing a kit's games), with a watchdog of its own
    and no heartbeat until it is given one (its parent's guardian is not its own)."""
    global _thread
    _thread = None
    _stuck.clear()
    _overruns.clear()
    _beat[0] = None
    _guardian[0] = None
    _guarding[0] = False
    if _stacks[0] is not None:  # the parent's supervisor is not this process's
        stop_dumping()
    for held in (_guardian_pipe, _stacks):
        if held[0] is not None:
            os.close(held[0])
            held[0] = None
    if _roots and not becoming_guardian[0]:
        _start(guardian=False)


os.register_at_fork(before=_before_fork, after_in_parent=_after_fork_parent, after_in_child=_after_fork_child)


def _run() -> None:
    seen: dict[int, _Seen] = {}
    me = threading.get_ident()
    while not _stop.wait(LOOK_EVERY):
        _look_all(seen, me)


def _look_all(seen: dict[int, _Seen], me: int) -> None:
    """One look at every thread but the watchdog's (the frames are let go when it returns, but the calls' first
    frames kept in ``seen``), and the heartbeat of the main thread's."""
    frames = sys._current_frames()
    for ident, frame in frames.items():
        if ident != me:
            _look(ident, frame, seen)
    for ident in [i for i in seen if i not in frames]:
        del seen[ident]
    _beat_now()


def _beat_now() -> None:
    """A heartbeat (with the largest limit of the folders watched: what a supervisor allows a call), when one is kept."""
    beat = _beat[0]
    if beat is not None:
        beat.write(max((root.limits for root in _roots.values()), key=lambda limits: limits.seconds, default=Limits()))


def place_in_kit(filename: str, line: int, function: str) -> str | None:
    """``my-game/rules.py:12 in play()`` for a frame of a watched folder's code (None for any other frame)."""
    root = _root_of(filename)
    return f"{root[1].display}/{filename[len(root[0]):]}:{line} in {function}()" if root is not None else None


def supervised(heartbeat: Heartbeat, stacks: int) -> None:
    """This process (a pool worker, a command with a guardian) leaves its heartbeat in ``heartbeat`` and writes its
    threads' stacks to ``stacks`` on SIGUSR1, for the process that supervises it."""
    _beat[0] = heartbeat
    _stacks[0] = stacks
    dump_stacks_into(stacks)
    _beat_now()


def guard_command() -> None:
    """This process is a command's (the command line's): once it watches a designer's code, a guardian process ends it
    with the error when a call gets stuck inside one of Python's own functions."""
    _guarding[0] = True


_beat: list[Heartbeat | None] = [None]
_stacks: list[int | None] = [None]
_guarding = [False]
_guardian: list[int | None] = [None]
_guardian_pipe: list[int | None] = [None]


def _root_of(filename: str) -> tuple[str, _Root] | None:
    """The watched folder ``filename`` is in (its path with a trailing separator, and what is known of it)."""
    for root, entry in _roots.items():
        if filename.startswith(root):
            return root, entry
    return None


def _designer_call(frame: FrameType | None) -> tuple[FrameType, FrameType, str, _Root] | None:
    """(the call's outermost frame, the designer's innermost frame, that frame's file relative to its watched folder,
    the folder) of the call into a watched folder's code that ``frame`` (a thread's innermost frame) is in, or None."""
    entry = inner = None
    found: tuple[str, _Root] | None = None
    while frame is not None:
        name = frame.f_code.co_filename
        root = _root_of(name)
        if root is not None:
            if inner is None:
                inner, found = frame, (name[len(root[0]):], root[1])
        elif name.startswith(_PRINTKIT) and name not in _DESIGNERS_SIDE:
            break
        entry = frame
        frame = frame.f_back
    if inner is None or entry is None or found is None:
        return None
    return entry, inner, found[0], found[1]


def _cpu(ident: int) -> float | None:
    try:
        return time.clock_gettime(time.pthread_getcpuclockid(ident))
    except (OSError, AttributeError):  # the thread has just ended, or no per-thread clock on this platform
        return None


def _look(ident: int, frame: FrameType, seen: dict[int, _Seen]) -> None:
    call = _designer_call(frame) if ident not in _unwatched else None
    if call is None:
        seen.pop(ident, None)
        return
    entry, inner, relative, root = call
    cpu = _cpu(ident)
    if cpu is None:
        return
    before = seen.get(ident)
    if before is None or before.entry is not entry:
        seen[ident] = _Seen(entry, cpu)
        return
    used = cpu - before.cpu
    if used <= root.limits.seconds:
        return
    place = f"{root.display}/{relative}:{inner.f_lineno}"
    found = Overrun(place, inner.f_code.co_name, used, root.limits)
    _overruns[ident] = (found, cpu, threading._active.get(ident))  # type: ignore[attr-defined]
    if before.asked is None:
        before.asked = cpu
    elif cpu - before.asked > min(5.0, max(1.0, root.limits.seconds)) and ident in _stuck:
        _stuck[ident](found)  # asked for more than a second of CPU time, still running: it cannot be stopped
        return
    import ctypes

    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(TimeLimit))


