"""Fixtures of the built-in games' tests."""

from __future__ import annotations

from typing import Iterator

import pytest

from printkit.guard.watchdog import unwatched


@pytest.fixture
def kernel_unwatched() -> Iterator[None]:
    """The test calls a game's compiled kernel directly, as printkit only calls it through the kit's ``[hooks]``:
    untimed by the watchdog (its first call compiles for many seconds; a TimeLimit raised into numba's compiler, once
    an earlier test in this process has watched the kit folder, would leave a broken cache)."""
    with unwatched():
        yield
