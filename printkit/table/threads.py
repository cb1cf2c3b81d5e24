"""The threads the table runs the game on, away from the event loop: one for every call into the game, in order, and
one per computer decision (a search of several seconds does not hold up the pages).

The designer's code runs on them under the kit's CPU-time limit: the watchdog stops a call past it by raising
:class:`~printkit.guard.watchdog.TimeLimit` (a BaseException) into its thread between two bytecodes. The rules' own
calls turn it into the designer's error, and the host catches one that lands in the table's code
(:meth:`~printkit.table.host.Host.guarded`); one that arrives after the call it was meant for has ended is dropped
here, so a thread of the table never dies of it and the event loop always hears back. A call that does not stop when
asked (code that catches every exception) ends the process with its one error line, as in every command
(:func:`~printkit.kitgame.blame.end_stuck`): no thread can be stopped from outside, and one spinning would hold up
the table.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from typing import Any, Callable, TypeVar

from printkit.guard.watchdog import TimeLimit, on_stuck
from printkit.kitgame.blame import end_stuck

T = TypeVar("T")
Job = tuple[Callable[[], Any], asyncio.AbstractEventLoop, "asyncio.Future[Any]"]


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


def _run(job: Job) -> None:
    """Run one job and hand its result (or exception) to the event loop, whatever the watchdog raises meanwhile."""
    function, loop, future = job
    outcome: list[Any] = [None, None]
    try:
        try:
            outcome[0] = function()
        except BaseException as exc:  # handed to the coroutine that waits for it
            outcome[1] = exc
    finally:
        while True:
            try:
                loop.call_soon_threadsafe(_settle, future, outcome[0], outcome[1])
                break
            except TimeLimit:  # late: the call it stopped is over; the answer still has to get through
                continue
            except RuntimeError:  # the event loop is closed: the table is stopping
                break


class GameThread:
    """One thread that runs the table's calls into the game in the order they come."""

    def __init__(self, name: str) -> None:
        self.jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._loop, name=name, daemon=True)
        self.thread.start()

    async def run(self, function: Callable[[], T]) -> T:
        """``function()`` on this thread, after every call sent before it."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self.jobs.put((function, loop, future))
        return await future

    def _loop(self) -> None:
        with on_stuck(end_stuck):
            while True:
                try:
                    job = self.jobs.get()
                    if job is None:
                        return
                    _run(job)
                except TimeLimit:  # late, between two jobs: nothing of the designer's is running any more
                    continue

    def stop(self) -> None:
        self.jobs.put(None)


async def on_own_thread(function: Callable[[], T], name: str) -> T:
    """``function()`` on a new thread of its own (a computer's decision: the table's thread goes on meanwhile)."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()

    def body() -> None:
        try:
            with on_stuck(end_stuck):
                _run((function, loop, future))
        except TimeLimit:  # late: the answer is on its way
            pass

    threading.Thread(target=body, name=name, daemon=True).start()
    return await future
