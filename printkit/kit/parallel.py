"""Run jobs in forked worker processes, so a build uses every core.

A forked child inherits the kit in memory (nothing is pickled but the result it sends back).
Where fork is not available, or only one core is, jobs run in this process when collected.
"""

from __future__ import annotations

import multiprocessing
import os
from typing import Any, Callable

Job = Callable[[], Any]


def _child(job: Job, conn: "multiprocessing.connection.Connection") -> None:  # type: ignore[name-defined]
    try:
        conn.send((True, job()))
    except BaseException as exc:  # report any failure to the parent
        conn.send((False, repr(exc)))
    finally:
        conn.close()


class Pending:
    """A job started in a worker (or deferred); ``result()`` waits for its value (computed once)."""

    def __init__(self, job: Job, fork: bool) -> None:
        self.job = job
        self.process: multiprocessing.process.BaseProcess | None = None
        if fork:
            ctx = multiprocessing.get_context("fork")
            self.conn, child = ctx.Pipe(duplex=False)
            self.process = ctx.Process(target=_child, args=(job, child), daemon=True)
            self.process.start()
            child.close()

    def cancel(self) -> None:
        """Stop the worker (the build failed before it needed the result): no process is left behind."""
        if self.process is not None and not hasattr(self, "_value"):
            if self.process.is_alive():
                self.process.terminate()
            self.process.join()
            self.conn.close()
            self._value = None

    def result(self) -> Any:
        if not hasattr(self, "_value"):
            self._value = self._collect()
        return self._value

    def _collect(self) -> Any:
        if self.process is None:
            return self.job()
        ok, value = self.conn.recv()
        self.process.join()
        self.conn.close()
        if not ok:
            raise RuntimeError(f"a build worker failed: {value}")
        return value


def can_fork() -> bool:
    return (os.cpu_count() or 1) > 1 and "fork" in multiprocessing.get_all_start_methods()


def start(job: Job) -> Pending:
    """Start ``job`` in a worker process when that can help, else defer it to ``result()``."""
    return Pending(job, can_fork())
