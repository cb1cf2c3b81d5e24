"""kitrules.odds draws chance exactly as printkit.rules.game.chance_move does: one random() against the running total of
the probabilities, so a game moved from a Python engine into rules.py keeps every seeded game (SiTTeRS' dice)."""

from __future__ import annotations

import random

import pytest

from printkit.kitrules import Roll, odds
from printkit.rules.game import chance_move


class Battle:
    """Two dice of six faces listed as chance outcomes, as SiTTeRS' engine lists a battle's roll."""

    def chance_outcomes(self, state: object) -> list[tuple[Roll, float]]:
        return [(Roll((c, o)), 1 / 36) for c in range(1, 7) for o in range(1, 7)]


def test_odds_draw_as_the_python_engines_draw_chance() -> None:
    listed = Battle().chance_outcomes(None)
    chance = odds(listed)
    assert chance.outcomes() == listed
    ours, theirs = random.Random(11), random.Random(11)
    drawn = [chance.sample(ours) for _ in range(2000)]
    assert drawn == [chance_move(Battle(), None, theirs) for _ in range(2000)]  # type: ignore[arg-type]
    assert ours.random() == theirs.random()  # one number a draw, no more
    assert len(set(drawn)) == 36


def test_odds_that_fall_short_of_one_end_on_the_last_and_none_is_refused() -> None:
    rng = random.Random(3)
    assert {odds([("a", 0.0), ("b", 0.0)]).sample(rng) for _ in range(20)} == {"b"}
    with pytest.raises(ValueError):
        odds([])
    with pytest.raises(ValueError):
        odds([("a", -0.5), ("b", 1.5)])
