"""Work done by a forked copy of this process, its answer sent back through a pipe.

The preview workers (:mod:`printkit.kit.previews`) and a kit's kit.pdf written beside its other files
(:class:`Elsewhere`) use these: a plain ``os.fork`` with length-prefixed ``marshal`` messages costs a build
none of multiprocessing's start-up. A forked process never returns into its parent's code, and ends when
its parent's end of the pipe closes.
"""

from __future__ import annotations

import gc
import marshal
import os
import pickle
import struct
import sys
from typing import Any, Callable


def send(fd: int, value: Any) -> None:
    """One message on a pipe: its length, then the value marshalled (bytes, text, numbers and tuples of them)."""
    data = marshal.dumps(value)
    view = memoryview(struct.pack("<Q", len(data)) + data)
    while view:
        view = view[os.write(fd, view):]


def _exactly(fd: int, size: int) -> bytes | None:
    parts, left = [], size
    while left:
        part = os.read(fd, min(left, 1 << 20))
        if not part:
            return None
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def receive(fd: int) -> Any:
    """The next message on a pipe (None when the other end is closed)."""
    head = _exactly(fd, 8)
    if head is None:
        return None
    data = _exactly(fd, struct.unpack("<Q", head)[0])
    return None if data is None else marshal.loads(data)


def child(run: Callable[[], None]) -> int:
    """Fork a process that runs ``run`` and exits (never returning into the caller's code); its pid."""
    sys.stdout.flush()  # a fork copies unwritten output; the child would write it again
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        gc.freeze()  # what the parent made is never collected here: the collector leaves those pages shared
        code = 0
        try:
            run()
        except BaseException:  # an interrupt or a vanished parent: the parent reports what matters
            code = 1
        finally:
            os._exit(code)
    return pid


def portable(exc: BaseException) -> bytes:
    """The exception pickled as it is, or (when it does not survive pickling) a RuntimeError with its traceback."""
    try:
        data = pickle.dumps(exc)
        pickle.loads(data)
        return data
    except Exception:
        import traceback

        text = "".join(traceback.format_exception(exc)).rstrip()
        return pickle.dumps(RuntimeError(f"a worker process failed:\n{text}"))


class Elsewhere:
    """``work()`` (returning bytes) computed by a forked process from now on; :meth:`result` waits for it.

    The answer is the same bytes this process would compute: the fork has the same inputs. An exception
    raised there is raised by :meth:`result`.
    """

    def __init__(self, work: Callable[[], bytes]) -> None:
        read, write = os.pipe()

        def answer() -> None:
            os.close(read)
            try:
                message = (True, work())
            except BaseException as exc:  # every failure goes back to the parent, which raises it
                message = (False, portable(exc))
            send(write, message)

        self.pid = child(answer)
        os.close(write)
        self.read = read

    def abandon(self) -> None:
        """Stop waiting: the process ends at its next write (or now), and is reaped."""
        import signal

        os.close(self.read)
        try:
            os.kill(self.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)

    def result(self) -> bytes:
        """The bytes ``work()`` returned (waits for the process)."""
        try:
            message = receive(self.read)
        finally:
            os.close(self.read)
            os.waitpid(self.pid, 0)
        if message is None:
            raise RuntimeError("the process writing a PDF ended without an answer")
        ok, value = message
        if ok:
            return bytes(value)
        raise pickle.loads(value)
