"""Tasks run in forked worker processes, their results handed back in task order.

``printkit build --all`` builds whole kits this way, one kit at a time per process, so a second
core lays out, draws and writes the PDFs of another kit (not only its previews). A task's result
is the same bytes it would be in this process: workers are forks of it, with the same inputs.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import queue
import sys
from typing import Any, Callable, Iterator, Sequence, TypeVar

from printkit.kit.forked import portable

T = TypeVar("T")
POLL_S = 1.0
"""How often a waiting side looks whether the other is still there."""


def _work(tasks: Sequence[Callable[[], Any]], jobs: Any, results: Any, parent: int) -> None:
    """A worker's loop: task numbers in, (number, ok, pickled result or exception) out, until None
    (or until the parent is gone: nobody would read the results)."""
    while True:
        try:
            index = jobs.get(timeout=POLL_S)
        except queue.Empty:
            if os.getppid() != parent:
                results.cancel_join_thread()
                return
            continue
        if index is None:
            break
        try:
            results.put((index, True, pickle.dumps(tasks[index]())))
        except BaseException as exc:  # every failure goes back to the parent, which raises it in order
            results.put((index, False, portable(exc)))
    results.close()
    results.join_thread()


def in_order(tasks: Sequence[Callable[[], T]], workers: int) -> Iterator[T]:
    """Each task's result, in task order, computed by ``workers`` forked processes.

    A task that raised re-raises here at its place (the tasks after it are dropped); leaving the
    iteration early stops the workers.
    """
    ctx = multiprocessing.get_context("fork")
    jobs, results = ctx.Queue(), ctx.Queue()
    for index in range(len(tasks)):
        jobs.put(index)
    for _ in range(workers):
        jobs.put(None)
    sys.stdout.flush()  # a fork copies unwritten output; each worker would write it again
    sys.stderr.flush()
    # not daemonic: a kit's own code may start processes of its own; the finally below ends them
    procs = [ctx.Process(target=_work, args=(tasks, jobs, results, os.getpid())) for _ in range(workers)]
    for proc in procs:
        proc.start()
    done: dict[int, tuple[bool, bytes]] = {}
    complete = False
    try:
        for index in range(len(tasks)):
            while index not in done:
                try:
                    got, ok, data = results.get(timeout=POLL_S)
                except queue.Empty:
                    if not any(proc.is_alive() for proc in procs) and results.empty():
                        raise RuntimeError("the kit worker processes ended without building every kit") from None
                    continue
                done[got] = (ok, data)
            ok, data = done.pop(index)
            value = pickle.loads(data)
            if not ok:
                raise value
            yield value
        complete = True
    finally:
        for proc in procs:
            if not complete and proc.is_alive():
                proc.terminate()
        for proc in procs:
            proc.join()
        jobs.close()
        jobs.cancel_join_thread()
