"""A designer's code (a kit's rules.py, its rule sheet's template) run under limits: CPU time per call, and memory.

**Time.** A thread of its own looks at every thread's stack ten times a second. A *call into the designer's code*
is the outermost frame of the innermost run of frames that are not printkit's own (``printkit/kitrules.py``, the
standard library and the designer's helper modules count as the designer's), when that run holds a frame of a
watched folder (:func:`watch`). The call is told apart from the next one by its frame object (the watchdog keeps
a reference to the one it saw, so no later call can be mistaken for it), and its thread's CPU time is read from
the thread's own clock (``pthread_getcpuclockid``): the verdict does not depend on the machine's load. When one
call has used more CPU time than its folder's limit, :class:`TimeLimit` is raised in its thread between two
bytecodes, and where the code was is kept for the message (:func:`overrun`). Nothing is added to the calls
themselves: a playout calls rules.py hundreds of thousands of times a second, the watchdog looks ten times.

A call that does not stop when asked (code that catches every exception, TimeLimit too) is ended by the thread's
*stuck handler* when one is set (:func:`on_stuck`): the command line prints the error and exits, a pool worker sends
it to its parent and exits. A call that loops inside one of Python's own C functions (a regular expression that
backtracks without end) holds the interpreter: no thread of its process runs, the watchdog's neither. For those the
watchdog leaves a :class:`Heartbeat` at every look, in memory shared with a process that supervises this one: a pool
worker's parent, or the command's *guardian* (:func:`guard_command`), a small forked process that reads the heartbeat
and this process's CPU time: when the looks stop while the CPU time goes on past the limit, it prints the error and
ends the command (exit code 1).

**Memory.** :func:`bounded` caps the process's address space (``RLIMIT_AS``) at what it uses plus the limit
while designer code runs: an allocation past it is a MemoryError in the designer's code.

The watchdog thread stops before this process forks (``os.register_at_fork``) and starts again after, in both
processes: no fork copies a thread in the middle of a look.
"""

from __future__ import annotations

import mmap
import os
import re
import select
import signal
import struct
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Callable, Iterator

DEFAULT_SECONDS = 10.0
"""CPU seconds one call into the designer's code may take (a move of a sane game takes well under a second)."""
DEFAULT_MEGABYTES = 2048
"""Memory the designer's code may add to the process, in MB."""
LOOK_EVERY = 0.1
"""Seconds between two looks of the watchdog."""

_PRINTKIT = str(Path(__file__).resolve().parent) + os.sep
_DESIGNERS_API = str(Path(__file__).resolve().parent / "kitrules.py")


@dataclass(frozen=True)
class Limits:
    """How much CPU time one call into a designer's code may use, and how much memory it may add."""

    seconds: float = DEFAULT_SECONDS
    megabytes: int = DEFAULT_MEGABYTES
    key: str = "game.time_limit"
    """The setting messages name (kit.toml's key)."""


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
                f"({self.limits.key} in kit.toml, or --set {self.limits.key}=SECONDS): does every loop end?")


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
_overruns: dict[int, Overrun] = {}
_stuck: dict[int, Callable[[Overrun], None]] = {}
_lock = threading.Lock()
_thread: threading.Thread | None = None
_stop = threading.Event()


def watch(folder: str | Path, display: str, limits: Limits) -> None:
    """Watch the designer's code in ``folder`` (its files named ``display/...`` in messages) with ``limits`` from now
    on, and start the watchdog if it is not running."""
    root = str(Path(folder).resolve()).rstrip(os.sep) + os.sep
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
    return _overruns.pop(threading.get_ident() if thread is None else thread, None)


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


def _start() -> None:
    global _thread
    if _guardian[0] is None and _guarding[0] and threading.current_thread() is threading.main_thread() \
            and (_thread is None or not _thread.is_alive()):
        _start_guardian()  # before the watchdog's thread: the guardian is forked from a process of one thread
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
        _start()


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
        import faulthandler

        faulthandler.unregister(signal.SIGUSR1)
    for held in (_guardian_pipe, _stacks):
        if held[0] is not None:
            os.close(held[0])
            held[0] = None
    if _roots and not _becoming_guardian[0]:
        _start()


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
        elif name.startswith(_PRINTKIT) and name != _DESIGNERS_API:
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
    call = _designer_call(frame)
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
    _overruns[ident] = found
    if before.asked is None:
        before.asked = cpu
    elif cpu - before.asked > min(5.0, max(1.0, root.limits.seconds)) and ident in _stuck:
        _stuck[ident](found)  # asked for more than a second of CPU time, still running: it cannot be stopped
        return
    import ctypes

    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(TimeLimit))


# --- heartbeats and the guardian ----------------------------------------------------------------------------------
class Heartbeat:
    """How many looks the watchdog of a process has made, and the CPU-time limit of the designer's code it watches,
    in memory shared with the process that supervises it (a pool's parent, or the command's guardian)."""

    HEAD = struct.Struct("<Qd64s")

    def __init__(self) -> None:
        self.area = mmap.mmap(-1, self.HEAD.size)
        self.looks = 0

    def write(self, limits: Limits) -> None:
        self.looks += 1
        self.area[:] = self.HEAD.pack(self.looks, limits.seconds, limits.key.encode()[:64])

    def read(self) -> tuple[int, Limits]:
        looks, seconds, key = self.HEAD.unpack(self.area[:])
        return looks, Limits(seconds or DEFAULT_SECONDS, key=key.rstrip(b"\0").decode() or "game.time_limit")


FRAME = re.compile(r'^\s*File "(.*)", line (\d+) in (\S+)$')
"""A frame in faulthandler's dump of a thread's stack."""


class Stall:
    """A supervisor's view of another process of designer's code (its heartbeat, and a pipe its faulthandler writes
    its threads' stacks into on SIGUSR1): whether it is stuck inside one call nothing within it can stop."""

    def __init__(self, heartbeat: Heartbeat, pid: int, stacks: int) -> None:
        self.heartbeat, self.pid, self.stacks = heartbeat, pid, stacks
        self.looks, self.cpu = -1, 0.0

    def stuck(self) -> str | None:
        """The error to report when the process is stuck in a designer's call (None while it is not): its looks have
        stopped while its CPU time went on past the call's limit, and its stack is in a watched folder's code."""
        looks, limits = self.heartbeat.read()
        cpu = process_cpu(self.pid)
        if cpu is None or looks != self.looks:
            self.looks, self.cpu = looks, cpu or 0.0
            return None
        if cpu - self.cpu <= limits.seconds + 1.0:
            return None
        self.cpu = cpu  # asked once per limit: printkit's own code holding the interpreter that long is left alone
        place = self._place()
        if place is None:
            return None
        return (f"{place}: still running after more than {limits.seconds:g} s of CPU time inside one call of Python's "
                f"own that cannot be interrupted (a regular expression that backtracks without end, arithmetic on a "
                f"huge number?), so printkit ended it ({limits.key} in kit.toml, or --set {limits.key}=SECONDS)")

    def _place(self) -> str | None:
        """``rules.py:12 in play()``: the innermost frame of a watched folder's code in the process's stacks."""
        while select.select([self.stacks], [], [], 0)[0]:  # what an earlier dump left
            if not os.read(self.stacks, 1 << 16):
                return None
        try:
            os.kill(self.pid, signal.SIGUSR1)
        except ProcessLookupError:
            return None
        text = b""
        while select.select([self.stacks], [], [], 2.0)[0]:
            part = os.read(self.stacks, 1 << 16)
            if not part:
                break
            text += part
            if not select.select([self.stacks], [], [], 0.2)[0]:
                break
        for line in text.decode("utf-8", "replace").splitlines():
            found = FRAME.match(line)
            root = _root_of(found.group(1)) if found else None
            if found and root is not None:
                return f"{root[1].display}/{found.group(1)[len(root[0]):]}:{found.group(2)} in {found.group(3)}()"
        return None


def process_cpu(pid: int) -> float | None:
    """The CPU seconds process ``pid`` has used (all its threads), from /proc (None when it is gone or not Linux)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def supervised(heartbeat: Heartbeat, stacks: int) -> None:
    """This process (a pool worker) leaves its heartbeat in ``heartbeat`` and writes its threads' stacks to ``stacks`` on
    SIGUSR1, for the process that supervises it."""
    import faulthandler

    _beat[0] = heartbeat
    _stacks[0] = stacks
    faulthandler.register(signal.SIGUSR1, file=stacks, all_threads=True, chain=False)
    _beat_now()


def die_with_parent(parent: int) -> None:
    """Ask Linux to kill this forked process when its parent dies (nothing elsewhere); end it now when the parent
    ``parent`` is already gone."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # the parent died before the request: nobody will kill us
        os._exit(1)


_beat: list[Heartbeat | None] = [None]
_stacks: list[int | None] = [None]
_becoming_guardian = [False]
_guarding = [False]
_guardian: list[int | None] = [None]
_guardian_pipe: list[int | None] = [None]


def guard_command() -> None:
    """This process is a command's (the command line's): once it watches a designer's code, a guardian process ends it
    with the error when a call gets stuck inside one of Python's own functions (see the module's notes)."""
    _guarding[0] = True


def _start_guardian() -> None:
    """Fork the guardian: it watches this process's heartbeat until this process ends (its pipe closes); a stuck call's
    error goes to standard error, then SIGHUP ends this process with exit code 1 (``_exit(1)`` set as the signal's
    handler in C: it runs even while the interpreter is held)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.signal.argtypes, libc.signal.restype = [ctypes.c_int, ctypes.c_void_p], ctypes.c_void_p
        end = ctypes.cast(libc._exit, ctypes.c_void_p).value
    except (OSError, AttributeError):  # no C library to ask: no guardian
        return
    heartbeat = Heartbeat()
    ended, ending = os.pipe()
    stacks, stacks_written = os.pipe()
    parent = os.getpid()
    sys.stderr.flush()
    _becoming_guardian[0] = True
    try:
        pid = os.fork()
    finally:
        _becoming_guardian[0] = False
    if pid == 0:
        try:
            _guard(parent, heartbeat, ended, stacks)
        finally:
            os._exit(0)
    os.close(ended)
    os.close(stacks)
    supervised(heartbeat, stacks_written)
    libc.signal(signal.SIGHUP, end)
    _guardian[0], _guardian_pipe[0] = pid, ending


def _guard(parent: int, heartbeat: Heartbeat, ended: int, stacks: int) -> None:
    """The guardian's loop (a process of one thread, holding only its pipes and standard error)."""
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    keep = sorted((ended, stacks))
    os.closerange(3, keep[0])
    os.closerange(keep[0] + 1, keep[1])
    os.closerange(keep[1] + 1, 1 << 16)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent)
    stall = Stall(heartbeat, parent, stacks)
    while True:
        ready, _, _ = select.select([ended], [], [], 0.25)
        if ready or os.getppid() != parent:  # the command ended
            return
        stuck = stall.stuck()
        if stuck is not None:
            os.write(2, f"error: {stuck}\n".encode("utf-8", "replace"))
            os.kill(parent, signal.SIGHUP)
            return


# --- memory --------------------------------------------------------------------------------------------------------
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
