"""Worker processes for a run's chunks that stop cleanly: on an error, Ctrl-C or SIGTERM, at once, silently, all of them.

Each worker is a fork of this process (:func:`printkit.kit.forked.child`) reading one job at a time from a pipe and
answering on another, so the parent hands out work only to a worker that has answered and never waits on a full
pipe. A worker ignores Ctrl-C (the terminal sends it to every process of the group: the parent decides), dies
silently of SIGTERM, and dies with its parent (``PR_SET_PDEATHSIG`` on Linux). Signals are blocked while a worker
is forked, so none arrives before it has set them up. Closing the pool (always, in a ``finally``) kills the
workers still busy and reaps every one with Ctrl-C and SIGTERM held back (:func:`printkit.interrupts.held_back`),
so a second Ctrl-C cannot leave a worker behind.

A call into a kit's rules.py that the watchdog cannot stop (:mod:`printkit.guard.watchdog`) is sent to the parent as the
chunk's error by the worker's watchdog, which then ends the worker; one stuck inside one of Python's own functions
stops the worker's watchdog too: the parent sees its heartbeat stop while its CPU time goes on, ends it and says so.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from printkit.errors import PrintkitError
from printkit.guard.supervisor import Heartbeat, Stall, die_with_parent
from printkit.guard.watchdog import place_in_kit, supervised
from printkit.interrupts import held_back
from printkit.kit.forked import child, portable, receive, send
from printkit.rules.simulate import GameFailure

STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}
LOOK_EVERY = 0.25
"""Seconds between two looks at the busy workers' heartbeats while their answers are awaited."""


class WorkerDied(Exception):
    """A worker ended without answering (killed from outside, or out of memory)."""

    def __init__(self, pid: int, status: int) -> None:
        self.pid, self.status = pid, status
        super().__init__(pid, status)

    @property
    def stopped(self) -> bool:
        """Whether a stop signal (Ctrl-C, SIGTERM, a hang-up) ended it: the run was stopped, not broken."""
        return os.WIFSIGNALED(self.status) and os.WTERMSIG(self.status) in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

    def __str__(self) -> str:
        if os.WIFSIGNALED(self.status):
            number = os.WTERMSIG(self.status)
            name = signal.Signals(number).name if number in signal.Signals._value2member_map_ else str(number)
            why = " (out of memory?)" if number == signal.SIGKILL else ""
            return f"a worker process (pid {self.pid}) was ended by signal {name}{why}"
        return f"a worker process (pid {self.pid}) ended with exit code {os.WEXITSTATUS(self.status)} without answering"


class WorkerStuck(PrintkitError):
    """A worker stuck in one call into a kit's rules.py that nothing inside it can stop (see printkit.guard.supervisor)."""


@dataclass
class _Worker:
    pid: int
    jobs: int
    answers: int
    stall: Stall
    task: int | None = None
    status: int | None = None


def _serve(run: Callable[[Any], Any], jobs: int, answers: int, inherited: list[int], parent: int, heartbeat: Heartbeat,
           stacks: int) -> None:
    """A worker's loop: a job in, its answer out, until the job pipe closes."""
    supervised(heartbeat, stacks)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    die_with_parent(parent)
    for fd in inherited:
        os.close(fd)
    from printkit.guard.watchdog import on_stuck

    def stuck(found: Any) -> None:  # the watchdog's thread: the chunk's call cannot be stopped, so neither can we
        from printkit.kitgame.blame import stuck_error

        send(answers, (current[0], False, portable(stuck_error(found))))
        os._exit(1)

    current = [-1]
    with on_stuck(stuck):
        while True:
            job = receive(jobs)
            if job is None:
                return
            index, data = job
            current[0] = index
            try:
                answer = (index, True, pickle.dumps(run(pickle.loads(data))))
            except BaseException as exc:  # every failure goes back to the parent, which raises it
                answer = (index, False, portable(exc))
            send(answers, answer)


class Pool:
    """``workers`` processes running ``run(task)`` for the tasks :meth:`play` hands them (use as a context manager)."""

    def __init__(self, run: Callable[[Any], Any], workers: int) -> None:
        self.workers: list[_Worker] = []
        parent = os.getpid()
        try:
            for _ in range(workers):
                job_read, job_write = os.pipe()
                answer_read, answer_write = os.pipe()
                stacks_read, stacks_write = os.pipe()
                inherited = [job_write, answer_read, stacks_read,
                             *(fd for w in self.workers for fd in (w.jobs, w.answers, w.stall.stacks))]
                heartbeat = Heartbeat()
                signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)  # unblocked by the worker once it is set up
                try:
                    pid = child(lambda: _serve(run, job_read, answer_write, inherited, parent, heartbeat, stacks_write))
                finally:
                    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
                for fd in (job_read, answer_write, stacks_write):
                    os.close(fd)
                self.workers.append(_Worker(pid, job_write, answer_read, Stall(heartbeat, pid, stacks_read, place_in_kit)))
        except BaseException:
            self.close()
            raise

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def play(self, tasks: Sequence[Any], started: Callable[[], None] | None = None) -> Iterator[tuple[int, Any]]:
        """``(index, result)`` of each task as it finishes; a task's exception is raised here. A failed game is raised
        once every task before its own has finished (one of those may fail too): the first failure in task order, as
        one worker would have met it, its ``chunk`` the task's index. ``started`` is called once every worker has its
        first task."""
        queue = list(range(len(tasks)))[::-1]
        for worker in self.workers:
            if queue:
                self._hand(worker, queue.pop(), tasks)
        if started is not None:
            started()
        first: GameFailure | None = None
        while any(w.task is not None and (first is None or w.task < first.chunk) for w in self.workers):
            for worker, answer in self._answers():
                index, ok, data = answer
                worker.task = None
                if not ok:
                    failure = pickle.loads(data)
                    if not isinstance(failure, GameFailure):
                        raise failure
                    failure.chunk = index
                    first = failure if first is None or index < first.chunk else first
                    queue = [i for i in queue if i < first.chunk]
                elif first is None or index < first.chunk:
                    yield index, pickle.loads(data)
                if queue:
                    self._hand(worker, queue.pop(), tasks)
        if first is not None:
            raise first

    def _hand(self, worker: _Worker, index: int, tasks: Sequence[Any]) -> None:
        send(worker.jobs, (index, pickle.dumps(tasks[index])))
        worker.task = index

    def _answers(self) -> list[tuple[_Worker, Any]]:
        """The answers ready now (waiting for at least one); a worker that ended without one is :class:`WorkerDied`,
        one stuck in a call nothing can stop is ended and :class:`WorkerStuck`."""
        busy = {w.answers: w for w in self.workers if w.task is not None}
        ready: list[int] = []
        while not ready:
            ready, _, _ = select.select(list(busy), [], [], LOOK_EVERY)
            for worker in busy.values():
                stuck = worker.stall.stuck() if not ready else None
                if stuck is not None:
                    os.kill(worker.pid, signal.SIGKILL)
                    _, worker.status = os.waitpid(worker.pid, 0)
                    raise WorkerStuck(stuck)
        found = []
        for fd in ready:
            worker = busy[fd]
            answer = receive(fd)
            if answer is None:
                _, worker.status = os.waitpid(worker.pid, 0)
                raise WorkerDied(worker.pid, worker.status)
            found.append((worker, answer))
        return found

    def close(self) -> None:
        """End every worker: busy ones killed at once, idle ones by closing their job pipe; all reaped. Ctrl-C and
        SIGTERM wait until this is done."""
        workers, self.workers = self.workers, []
        with held_back():
            for worker in workers:
                if worker.task is not None and worker.status is None:
                    try:
                        os.kill(worker.pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                for fd in (worker.jobs, worker.answers, worker.stall.stacks):
                    os.close(fd)
            for worker in workers:
                if worker.status is None:
                    try:
                        os.waitpid(worker.pid, 0)
                    except ChildProcessError:
                        pass
