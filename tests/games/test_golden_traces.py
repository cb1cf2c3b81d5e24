"""Each built-in game's kernel against its rules.py on a recorded game (tests/games/golden.py)."""

from __future__ import annotations

import pytest

from tests.games.golden import RECORDERS, path, recorded, trace

pytestmark = pytest.mark.usefixtures("kernel_unwatched")


@pytest.mark.parametrize("game", sorted(RECORDERS))
def test_kernel_game_replays_through_the_rules_as_recorded(game: str) -> None:
    expected = path(game).read_text(encoding="utf-8")
    moves = recorded(game)
    assert trace(game, moves) == expected  # the kernel plays the same game, every move legal, every position as before
    lines = [line for line in expected.splitlines() if not line.startswith("#")]
    assert len(lines) == len(moves) + 1 and lines[-1].startswith("result: ")
