"""SiTTeRS simulations: seeded tallies with the observe counters."""

from __future__ import annotations

import pytest

from printkit.games.sitters.kernel import run
from printkit.rules.simulate import simulate
from tests.games.sitters_helpers import PLAYERS, SPEC, Params, SittersRules, observe

pytestmark = pytest.mark.usefixtures("kernel_unwatched")

R = SittersRules()


def test_simulate_basic_against_basic() -> None:
    tally = simulate(R, (PLAYERS["basic"], PLAYERS["basic"]), 40, 3, observe=observe)
    data = tally.as_json()
    assert data["games"] == 40
    assert data["results"] == {"first": 22, "second": 7, "draw": 11}
    assert data["extra"]["collectors_won"] == 22 and data["extra"]["draws"] == 11
    assert sum(v for k, v in data["extra"].items() if k.startswith("survivors_")
               and k != "survivors_sum") == 40


def test_fast_simulate_is_random_against_random() -> None:
    first = SPEC.fast_simulate(Params(), 10, 4).as_json()  # the kernel's random games (kit.toml's [hooks] kernel)
    again = run(Params(), ("random", "random"), 10, 4)[0].as_json()
    assert first["results"] == again["results"] and first["extra"] == again["extra"]
    assert first["games"] == 10
