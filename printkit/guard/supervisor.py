"""Processes that watch a process of designer's code from outside, for the one thing nothing inside it can stop: a
call that loops inside one of Python's own C functions (a regular expression that backtracks without end) holds the
interpreter, so no thread of its process runs, the watchdog's neither.

The watched process's watchdog leaves a :class:`Heartbeat` at every look, in memory shared with its supervisor, and
writes its threads' stacks into a pipe on SIGUSR1 (faulthandler, which needs no interpreter). A :class:`Stall` is
the supervisor's view: the looks have stopped while the process's CPU time went on past the limit, and its stacks are
in the designer's code. The supervisor of a pool worker is the pool's parent (it kills the worker and reports); that
of a command is its *guardian* (:func:`start_guardian`), a small forked process that prints the error and ends the
command with SIGHUP, whose handler is the C library's ``_exit`` (exit code 1, even while the interpreter is held).
"""

from __future__ import annotations

import mmap
import os
import re
import select
import signal
import struct
import sys
from typing import Callable

from printkit.guard.limits import DEFAULT_SECONDS, Limits


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
        return looks, Limits(seconds or DEFAULT_SECONDS, key=key.rstrip(b"\0").decode() if seconds else "game.time_limit")


FRAME = re.compile(r'^\s*File "(.*)", line (\d+) in (\S+)$')
"""A frame in faulthandler's dump of a thread's stack."""


class Stall:
    """A supervisor's view of another process of designer's code (its heartbeat, and a pipe its faulthandler writes
    its threads' stacks into on SIGUSR1): whether it is stuck inside one call nothing within it can stop."""

    def __init__(self, heartbeat: Heartbeat, pid: int, stacks: int, place: Callable[[str, int, str], str | None]) -> None:
        self.heartbeat, self.pid, self.stacks, self.place = heartbeat, pid, stacks, place
        """``place(file, line, function)``: ``rules.py:12 in play()`` for a frame of a watched folder's code, else None."""
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
                f"huge number?), so printkit ended it ({limits.setting('time_limit', 'SECONDS')})")

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
            place = self.place(found.group(1), int(found.group(2)), found.group(3)) if found else None
            if place is not None:
                return place
        return None


def process_cpu(pid: int) -> float | None:
    """The CPU seconds process ``pid`` has used (all its threads), from /proc (None when it is gone or not Linux)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def dump_stacks_into(stacks: int) -> None:
    """This process writes its threads' stacks to ``stacks`` on SIGUSR1, for the process that supervises it."""
    import faulthandler

    faulthandler.register(signal.SIGUSR1, file=stacks, all_threads=True, chain=False)


def stop_dumping() -> None:
    """No more stacks on SIGUSR1 (a forked process: its parent's supervisor is not its own)."""
    import faulthandler

    faulthandler.unregister(signal.SIGUSR1)


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


becoming_guardian = [False]
"""True while the guardian is being forked (the watchdog's fork hooks leave the guardian without a watchdog)."""


def start_guardian(place: Callable[[str, int, str], str | None]) -> tuple[int, int, Heartbeat, int] | None:
    """Fork the guardian: it watches this process's heartbeat until this process ends (its pipe closes); a stuck call's
    error goes to standard error, then SIGHUP ends this process with exit code 1 (``_exit(1)`` set as the signal's
    handler in C: it runs even while the interpreter is held). Returns (its pid, the pipe whose end ends it, the
    heartbeat to write, the pipe to write stacks to), or None where the C library cannot be asked."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.signal.argtypes, libc.signal.restype = [ctypes.c_int, ctypes.c_void_p], ctypes.c_void_p
        end = ctypes.cast(libc._exit, ctypes.c_void_p).value
    except (OSError, AttributeError):  # no C library to ask: no guardian
        return None
    heartbeat = Heartbeat()
    ended, ending = os.pipe()
    stacks, stacks_written = os.pipe()
    parent = os.getpid()
    sys.stderr.flush()
    becoming_guardian[0] = True
    try:
        pid = os.fork()
    finally:
        becoming_guardian[0] = False
    if pid == 0:
        try:
            _guard(parent, heartbeat, ended, stacks, place)
        finally:
            os._exit(0)
    os.close(ended)
    os.close(stacks)
    libc.signal(signal.SIGHUP, end)
    return pid, ending, heartbeat, stacks_written


def _guard(parent: int, heartbeat: Heartbeat, ended: int, stacks: int, place: Callable[[str, int, str], str | None]) -> None:
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
    stall = Stall(heartbeat, parent, stacks, place)
    while True:
        ready, _, _ = select.select([ended], [], [], 0.25)
        if ready or os.getppid() != parent:  # the command ended
            return
        stuck = stall.stuck()
        if stuck is not None:
            os.write(2, f"error: {stuck}\n".encode("utf-8", "replace"))
            os.kill(parent, signal.SIGHUP)
            return


