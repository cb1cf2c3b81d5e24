"""Where chunks are played: in this process, local worker processes (:mod:`printkit.balance.pool`), or an existing
Dask cluster.

:func:`execute` yields ``(index, tally)`` as chunks finish (in any order); callers merge them in
chunk order, so the numbers never depend on the workers. Ctrl-C or SIGTERM stops the work: the
workers are ended and :class:`Interrupted` is raised for the caller to keep what it has. A chunk's
error is raised as it is (a game of a kit's rules.py that failed: a GameFailure, its ``chunk`` set to the index of
its task).
"""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence

from printkit.balance.chunks import Task, run_task
from printkit.balance.pool import Pool, WorkerDied
from printkit.errors import PrintkitError
from printkit.interrupts import noted, terminate_like_ctrl_c
from printkit.rules.simulate import GameFailure, Tally
from printkit.userinput.text import quoted


class Interrupted(Exception):
    """The user stopped the run (Ctrl-C or SIGTERM)."""


class SchedulerError(PrintkitError):
    """The Dask scheduler cannot be reached."""


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def connect(address: str, timeout: float = 3.0) -> Any:
    """A dask.distributed Client on the scheduler at ``address`` (``tcp://host:8786``), or a SchedulerError."""
    try:
        from distributed import Client
    except ImportError:  # pragma: no cover - dependency declared
        raise SchedulerError("--scheduler needs dask.distributed: pip install 'dask[distributed]'") from None
    from distributed.comm.addressing import parse_address, parse_host_port

    try:  # checked before a Client exists: a half-made Client complains when it is collected
        scheme, location = parse_address(address if "://" in address else f"tcp://{address}")
        if scheme not in ("tcp", "tls", "ws", "wss"):
            raise ValueError(f"unknown scheme {quoted(scheme)}: expected tcp://HOST:PORT")
        parse_host_port(location)
    except ValueError as exc:
        raise SchedulerError(f"--scheduler: {quoted(address)} is not a scheduler address such as tcp://10.0.0.5:8786 ({exc})") from None
    try:
        with noted() as stopped:  # a Ctrl-C waits for the client (interrupted, it prints tracebacks), then stops
            client = Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise SchedulerError(f"--scheduler: cannot reach the Dask scheduler at {quoted(address)} ({reason})") from None
    if stopped.is_set():
        disconnect(client)
        raise KeyboardInterrupt
    return client


def disconnect(client: Any) -> None:
    """Close a Dask client, Ctrl-C and SIGTERM noted meanwhile (see :func:`printkit.interrupts.noted`) and raised after."""
    with noted() as stopped:
        client.close()
    if stopped.is_set():
        raise KeyboardInterrupt


class WorkerFailed(PrintkitError):
    """A worker process ended without answering, and not because the run was stopped."""


@contextmanager
def interruptible() -> Iterator[None]:
    """SIGTERM (a kill) behaves like Ctrl-C inside the block; both become :class:`Interrupted` (as does a worker ended
    by either: the signal went to the whole process group)."""
    try:
        with terminate_like_ctrl_c():
            yield
    except KeyboardInterrupt:
        raise Interrupted from None
    except WorkerDied as exc:
        if exc.stopped:
            raise Interrupted from None
        raise WorkerFailed(f"{exc}: the run stopped there") from None


def execute(tasks: Sequence[Task], workers: int = 1, client: Any = None,
            meanwhile: Callable[[], None] | None = None) -> Iterator[tuple[int, Tally]]:
    """Play ``tasks`` and yield ``(index, tally)`` as each finishes.

    ``meanwhile`` (e.g. importing what the report needs) runs in a thread of this process while worker
    processes or a cluster play, once every task is handed out; it is joined when the run ends.
    """
    if client is not None:
        yield from _on_cluster(tasks, client, meanwhile)
    elif workers <= 1 or len(tasks) <= 1:
        for index, task in enumerate(tasks):
            try:
                tally = run_task(task)
            except GameFailure as failure:
                failure.chunk = index
                raise
            yield index, tally
    else:
        yield from _in_pool(tasks, workers, meanwhile)


def _start(meanwhile: Callable[[], None] | None) -> threading.Thread | None:
    """``meanwhile`` in a daemon thread; its failure is left for the code that needs it to meet."""
    if meanwhile is None:
        return None

    def quietly() -> None:
        try:
            meanwhile()
        except Exception:  # noqa: BLE001 - the real call after the run reports it
            pass

    thread = threading.Thread(target=quietly, name="printkit-meanwhile", daemon=True)
    thread.start()
    return thread


def _in_pool(tasks: Sequence[Task], workers: int, meanwhile: Callable[[], None] | None) -> Iterator[tuple[int, Tally]]:
    threads: list[threading.Thread] = []
    try:
        with Pool(run_task, min(workers, len(tasks))) as pool:  # every worker forked before any thread starts here
            yield from pool.play(tasks, lambda: threads.extend(t for t in [_start(meanwhile)] if t is not None))
    finally:
        for thread in threads:
            thread.join()


def _on_cluster(tasks: Sequence[Task], client: Any, meanwhile: Callable[[], None] | None) -> Iterator[tuple[int, Tally]]:
    """The tasks on a Dask cluster. Ctrl-C and SIGTERM are only noted while the client waits (interrupting a call of
    the client's own leaves its event loop printing tracebacks): the futures are looked at ten times a second, and a
    stop is raised here, between two looks, as KeyboardInterrupt. A failed game is raised once the tasks before its own
    have finished: the first in task order, as on a local pool."""
    with noted() as stopped:
        futures = [client.submit(run_task, task, pure=False) for task in tasks]
        index = {future.key: i for i, future in enumerate(futures)}
        pending = list(futures)
        first: GameFailure | None = None
        thread = _start(meanwhile)
        try:
            while pending:
                if stopped.is_set():
                    raise KeyboardInterrupt
                done = [future for future in pending if future.done()]
                if not done:
                    stopped.wait(LOOK_EVERY)
                    continue
                for future in done:
                    if future not in pending:  # after a failed game: a later task's
                        continue
                    pending.remove(future)
                    try:
                        tally = future.result()
                    except GameFailure as failure:
                        failure.chunk = index[future.key]
                        first = failure if first is None or failure.chunk < first.chunk else first
                        pending = [f for f in pending if index[f.key] < first.chunk]
                        continue
                    if first is None or index[future.key] < first.chunk:
                        yield index[future.key], tally
            if first is not None:
                raise first
        finally:
            client.cancel([f for f in futures if not f.done()])
            if thread is not None:
                thread.join()


LOOK_EVERY = 0.1
"""Seconds between two looks at a Dask run's futures."""
