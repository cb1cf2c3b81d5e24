"""Shared machinery of the fuzzing suite: running the CLI in-process and checking the property.

The property every fuzzed input must keep: the command succeeds, or it ends with exactly one
``error: ...`` line naming the file (and place), exit code 1, no traceback, within a time bound (CPU time).
``budget`` runs a hypothesis property with a fixed seed: a few hundred examples in the normal
suite, at least 10,000 under ``pytest -m fuzz``.
"""

from __future__ import annotations

import os
import signal
import tempfile
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit.cli import main

QUICK = 200
"""Examples per parser in the normal suite (fixed seed)."""

DEEP = 10_000
"""Examples per parser under ``pytest -m fuzz``."""

TIME_LIMIT_S = 30
"""CPU-time bound of one example in this process: more is a hang (a busy machine does not change it); the wall-clock
bound, for an example waiting forever without using CPU time, is :data:`WAITING` times as long."""
WAITING = 20
"""How many times :data:`TIME_LIMIT_S` an example may take by the clock (generous: the first run compiles kernels, and
the machine is shared)."""

COUNTS: dict[str, int] = {}
"""Examples run per parser in this session (printed by ``pytest -m fuzz -s``)."""


def budgets(quick: int = QUICK) -> Any:
    """Parametrize a test over a quick budget (normal suite) and a deep one (marked ``fuzz``)."""
    return pytest.mark.parametrize("budget", [pytest.param(quick, id="quick"),
                                              pytest.param(DEEP, id="deep", marks=pytest.mark.fuzz)])


def run_property(name: str, strategy: st.SearchStrategy[Any], check: Callable[[Any], None], budget: int) -> None:
    """Run ``check`` on ``budget`` examples drawn from ``strategy`` (derandomized, no database)."""

    def counted(example: Any) -> None:
        COUNTS[name] = COUNTS.get(name, 0) + 1
        with time_limit(TIME_LIMIT_S):
            check(example)

    test = settings(max_examples=budget, derandomize=True, database=None, deadline=None, print_blob=True,
                    suppress_health_check=list(HealthCheck))(given(strategy)(counted))
    test()
    print(f"\nfuzz {name}: {COUNTS[name]} examples")


class Hang(AssertionError):
    """An example ran past the time bound."""


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Fail the example (an AssertionError) when it uses more than ``seconds`` of CPU time in this process, or waits
    :data:`WAITING` times as long by the clock."""

    def used(signum: int, frame: Any) -> None:
        raise Hang(f"no result after {seconds} s of CPU time")

    def waited(signum: int, frame: Any) -> None:
        raise Hang(f"no result after {seconds * WAITING} s")

    previous = signal.signal(signal.SIGPROF, used), signal.signal(signal.SIGALRM, waited)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    signal.alarm(seconds * WAITING)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.alarm(0)
        signal.signal(signal.SIGPROF, previous[0])
        signal.signal(signal.SIGALRM, previous[1])


EMPTY = tempfile.mkdtemp(prefix="printkit-fuzz-cwd-")
"""The working folder of every run: empty, so no ./config.toml of the checkout is read."""


def invoke(args: list[str], input: str | bytes | None = None) -> Result:
    """The CLI run in-process from an empty folder, stdout and stderr apart."""
    here = os.getcwd()
    os.chdir(EMPTY)
    try:
        return CliRunner().invoke(main, args, input=input)
    finally:
        os.chdir(here)


def assert_clean(result: Result, names: tuple[str, ...], findings_ok: bool = False) -> None:
    """Success, or one ``error:`` line naming one of ``names``, exit 1, no traceback.

    With ``findings_ok`` (``verify``), exit 1 may also be a list of findings on stdout.
    """
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        import traceback

        trace = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        raise AssertionError(f"crash: {exc!r}\nstdout tail: {result.stdout[-500:]}\n{trace}")
    assert "Traceback" not in result.output, result.output
    if result.exit_code == 0:
        return
    assert result.exit_code == 1, (result.exit_code, result.output[-1000:])
    if findings_ok and not result.stderr:
        assert result.stdout.splitlines()[-1].split(": ", 1)[1].split()[0] != "0", result.stdout[-1000:]
        return
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert any(n in lines[0] for n in names), f"{lines[0]!r} names none of {names}"
