"""Tasks run in forked worker processes, with the side jobs they hand out, results back in task order.

``printkit build --all`` builds whole kits this way, one kit at a time per process, so a second core
lays out, draws and writes the PDFs of another kit (not only its previews). A kit's previews are side
jobs: the kit's task hands each out as soon as its PDF is written, and whichever worker has no
kit left to start renders it. So the kits are started first, and the previews fill the time at the end
when one worker would otherwise wait for the other's last kit.

A result is the same bytes it would be in this process: workers are forks of it, with the same inputs.
Messages go through pipes (:mod:`printkit.kit.forked`); the parent hands a worker its next job only when
it has answered the last, so nobody waits on a full pipe.
"""

from __future__ import annotations

import mmap
import os
import pickle
import select
import signal
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Generic, Sequence, TypeVar

from printkit.kit.forked import child, portable, receive, send

T = TypeVar("T")


class Hand:
    """What a task running in a worker can ask of its farm: hand out side jobs, and whether a core is free."""

    def __init__(self, index: int, results: int, idle: mmap.mmap) -> None:
        self.index, self.results, self.idle = index, results, idle

    def spawn(self, key: str, args: Any) -> None:
        """Hand out ``side(args)``; its result comes back with the task's, under ``key``."""
        send(self.results, ("side", self.index, key, args))

    def core_free(self) -> bool:
        """Whether another worker has nothing to do (as the farm last saw it): work this task forks off runs
        on that worker's core instead of waiting."""
        return self.idle[0] > 0


@dataclass
class Done(Generic[T]):
    """A task's result and the results of the side jobs it handed out, by key."""

    value: T
    sides: dict[str, bytes]


def _work(tasks: Sequence[Callable[[Hand], Any]], side: Callable[[Any], bytes], jobs: int, results: int,
          idle: mmap.mmap, inherited: list[int]) -> None:
    """A worker's loop: a job in, its answer out, until the job pipe closes (the parent's pipe ends it inherited
    closed first, so each worker sees the parent close its own job pipe).

    Answers: ``("side", task, key, args)`` while a task runs, then ``("done", task, ok, pickled result or
    exception)``; ``("sided", key, ok, bytes or error text)`` for a side job.
    """
    for fd in inherited:
        os.close(fd)
    while True:
        job = receive(jobs)
        if job is None:
            return
        if job[0] == "task":
            index = job[1]
            try:
                value = tasks[index](Hand(index, results, idle))
                answer = ("done", index, True, pickle.dumps(value))
            except BaseException as exc:  # every failure goes back to the parent, which raises it in order
                answer = ("done", index, False, portable(exc))
        else:
            _, key, args = job
            try:
                answer = ("sided", key, True, side(args))
            except Exception as exc:  # reported by the parent, naming the task that wanted it
                answer = ("sided", key, False, repr(exc))
        send(results, answer)


@dataclass
class _Worker:
    pid: int
    jobs: int
    results: int
    busy: bool = False


class Farm(Generic[T]):
    """Worker processes forked now, running the tasks :meth:`start` names and the side jobs those hand out.

    Use as a context manager (the workers end on exit, a busy one at once). A task is called with a
    :class:`Hand`, whose ``spawn(key, args)`` hands ``side(args)`` to the first idle worker once no started
    task waits for a worker (equal keys are computed once), and which tells whether a worker is idle (a byte
    of memory shared with the workers holds how many have nothing to do).
    """

    def __init__(self, tasks: Sequence[Callable[[Hand], T]], side: Callable[[Any], bytes], workers: int) -> None:
        self.workers: list[_Worker] = []
        self.idle = mmap.mmap(-1, 1)
        self.queued: deque[int] = deque()
        self.waiting: deque[tuple[str, Any]] = deque()
        self.handed: set[str] = set()
        self.finished: dict[int, tuple[bool, bytes]] = {}
        self.wanted: dict[int, list[str]] = {}
        self.sides: dict[str, tuple[bool, Any]] = {}
        try:
            for _ in range(workers):
                job_read, job_write = os.pipe()
                result_read, result_write = os.pipe()
                inherited = [job_write, result_read, *(fd for w in self.workers for fd in (w.jobs, w.results))]
                pid = child(lambda: _work(tasks, side, job_read, result_write, self.idle, inherited))
                os.close(job_read)
                os.close(result_write)
                self.workers.append(_Worker(pid, job_write, result_read))
        except BaseException:
            self.close()
            raise

    def __enter__(self) -> Farm[T]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self, index: int) -> None:
        """Queue task ``index`` (tasks start in the order queued, before any side job)."""
        self.queued.append(index)
        self._dispatch()

    def result(self, index: int) -> Done[T]:
        """Task ``index``'s result with its side jobs' (it must have been started); what it raised is raised here,
        and a failed side job is a RuntimeError."""
        while not self._ready(index):
            self._collect()
            self._dispatch()
        ok, data = self.finished.pop(index)
        if not ok:
            raise pickle.loads(data)
        sides = {}
        for key in self.wanted.pop(index, ()):
            good, value = self.sides[key]
            if not good:
                raise RuntimeError(f"a worker process failed: {value}")
            sides[key] = value
        return Done(pickle.loads(data), sides)

    def close(self) -> None:
        """End the workers: an idle one reads the closed pipe and returns; a busy one is ended at once."""
        workers, self.workers = self.workers, []
        for worker in workers:
            os.close(worker.jobs)
            if worker.busy:
                try:
                    os.kill(worker.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for worker in workers:
            os.close(worker.results)
            os.waitpid(worker.pid, 0)

    def _dispatch(self) -> None:
        """Give every idle worker the next queued task, or else the next side job."""
        for worker in self.workers:
            if worker.busy:
                continue
            if self.queued:
                send(worker.jobs, ("task", self.queued.popleft()))
            elif self.waiting:
                key, args = self.waiting.popleft()
                send(worker.jobs, ("side", key, args))
            else:
                continue
            worker.busy = True
        self.idle[0] = min(255, sum(not worker.busy for worker in self.workers))

    def _collect(self) -> None:
        """Wait for the next answers and file them."""
        busy = {w.results: w for w in self.workers if w.busy}
        if not busy:
            raise RuntimeError("the worker processes have nothing to do, yet a task is unfinished")
        ready, _, _ = select.select(list(busy), [], [])
        for fd in ready:
            worker, answer = busy[fd], receive(fd)
            if answer is None:
                raise RuntimeError("a worker process ended without finishing its work")
            kind, *rest = answer
            if kind == "side":
                index, key, args = rest
                self.wanted.setdefault(index, []).append(key)
                if key not in self.handed:  # two kits may show the same picture: rendered once
                    self.handed.add(key)
                    self.waiting.append((key, args))
                continue
            worker.busy = False
            if kind == "done":
                index, ok, data = rest
                self.finished[index] = (ok, data)
            else:
                key, ok, value = rest
                self.sides[key] = (ok, value)

    def _ready(self, index: int) -> bool:
        """Whether task ``index`` has answered and so have its side jobs (a failed task needs none)."""
        if index not in self.finished:
            return False
        ok, _ = self.finished[index]
        return not ok or all(key in self.sides for key in self.wanted.get(index, ()))

