"""Where chunks are played: in this process, a local process pool, or an existing Dask cluster.

:func:`execute` yields ``(index, tally)`` as chunks finish (in any order); callers merge them in
chunk order, so the numbers never depend on the workers. Ctrl-C or SIGTERM stops the work: the
pool's processes are ended and :class:`Interrupted` is raised for the caller to keep what it has.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence

from printkit.balance.chunks import Task, run_task
from printkit.errors import PrintkitError
from printkit.rules.simulate import Tally
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
        return Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise SchedulerError(f"--scheduler: cannot reach the Dask scheduler at {quoted(address)} ({reason})") from None


def _ignore_interrupts() -> None:
    """Pool workers leave Ctrl-C to the parent (which stops them), so they print no traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def interruptible() -> Iterator[None]:
    """SIGTERM (a kill) behaves like Ctrl-C inside the block; both become :class:`Interrupted`."""

    def on_term(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.getsignal(signal.SIGTERM)
    try:
        signal.signal(signal.SIGTERM, on_term)
    except ValueError:  # not the main thread: leave signals alone
        previous = None
    try:
        yield
    except KeyboardInterrupt:
        raise Interrupted from None
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


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
            yield index, run_task(task)
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
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    pool = ProcessPoolExecutor(max_workers=min(workers, len(tasks)), mp_context=context, initializer=_ignore_interrupts)
    finished = False
    thread = None
    try:
        pending = {pool.submit(run_task, task): index for index, task in enumerate(tasks)}
        thread = _start(meanwhile)  # after the submits: every worker is forked, none from a threaded parent
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=pending.__getitem__):
                yield pending.pop(future), future.result()
        finished = True
    finally:
        if not finished:
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        if thread is not None:
            thread.join()


def _on_cluster(tasks: Sequence[Task], client: Any, meanwhile: Callable[[], None] | None) -> Iterator[tuple[int, Tally]]:
    from distributed import as_completed

    futures = [client.submit(run_task, task, pure=False) for task in tasks]
    index = {future.key: i for i, future in enumerate(futures)}
    thread = _start(meanwhile)
    try:
        for future in as_completed(futures, loop=client.loop):
            yield index[future.key], future.result()
    finally:
        client.cancel([f for f in futures if not f.done()])
        if thread is not None:
            thread.join()
