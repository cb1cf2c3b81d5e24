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


def test_the_reference_engine_plays_the_long_games_of_a_two_sided_die_to_their_end() -> None:
    """bench/engines_sitters.py --reference failed on its "d2, 7 collectors" variant: the reference engine stopped a
    game at kitrules' 10,000 moves, the kernel at 100,000. Such games are the rules' own (the top face of a d2 returns a
    defeated marker on every other roll; nothing makes a marker head for the safe zone): both engines play to the same
    limit, and this game of 14,749 moves ends with a score."""
    from printkit.games import get_game
    from printkit.games.sitters import jit
    from printkit.params import from_mapping
    from printkit.rules.playouts import policies

    spec = get_game("sitters")
    params = from_mapping(spec.params, {"die_sides": 2, "collectors": 7}, "test", "games.sitters")
    rules = spec.rules(params)
    assert rules.max_moves == jit.MAX_MOVES == 100_000
    tally = simulate(rules, policies(spec, ("random", "random")), 1, 1, observe=spec.observe)
    assert tally.lengths == [14_749] and tally.reasons.total() == 1
