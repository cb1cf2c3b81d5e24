"""Ctrl-C and SIGTERM, told apart from a KeyboardInterrupt that code raised (a designer's rules.py may raise one).

:func:`mark_interrupts` makes Ctrl-C raise KeyboardInterrupt as Python's own handler does, after noting that a
signal came; :func:`stop_signal` says whether one came (and forgets it), so a KeyboardInterrupt without one is the
raising code's own.
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Any, Callable, Iterator

_received = [0]


def note_stop() -> None:
    """A stop signal (Ctrl-C, SIGTERM) came: the KeyboardInterrupt it raises is the user's."""
    _received[0] += 1


def stop_signal() -> bool:
    """Whether a stop signal came since the last call (a KeyboardInterrupt raised since is the user's)."""
    came = _received[0] > 0
    _received[0] = 0
    return came


def _on_interrupt(signum: int, frame: Any) -> None:
    note_stop()
    raise KeyboardInterrupt


def mark_interrupts() -> None:
    """Ctrl-C notes that it came before raising KeyboardInterrupt (in the main thread, where Python's own handler is
    in place; anywhere else nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _on_interrupt)


@contextmanager
def stop_signals(handler: Callable[[int, Any], None]) -> Iterator[None]:
    """Ctrl-C and SIGTERM handled by ``handler`` within the block (in the main thread: signals are its business;
    elsewhere nothing changes)."""
    previous = {}
    try:
        for sig in (signal.SIGINT, signal.SIGTERM):
            previous[sig] = signal.signal(sig, handler)
    except ValueError:  # not the main thread
        pass
    try:
        yield
    finally:
        for sig, handler_before in previous.items():
            signal.signal(sig, handler_before)


@contextmanager
def terminate_like_ctrl_c() -> Iterator[None]:
    """Within the block SIGTERM (a kill) raises KeyboardInterrupt as Ctrl-C does, both noted as the user's."""
    with stop_signals(_on_interrupt):
        yield


@contextmanager
def noted() -> Iterator[threading.Event]:
    """Within the block Ctrl-C and SIGTERM only set the event yielded, for code that must not be interrupted anywhere
    (a Dask client's calls into its event loop leave it broken when interrupted) and looks at the event itself."""
    came = threading.Event()

    def note(signum: int, frame: Any) -> None:
        note_stop()
        came.set()

    with stop_signals(note):
        yield came


@contextmanager
def held_back() -> Iterator[None]:
    """Ctrl-C and SIGTERM wait until the block is done (cleaning up that must not be cut short: workers killed and
    reaped). One that came meanwhile is raised as KeyboardInterrupt after the block, unless the block itself raised."""
    with noted() as came:
        yield
    if came.is_set():
        raise KeyboardInterrupt
