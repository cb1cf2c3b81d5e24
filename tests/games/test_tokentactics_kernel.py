"""Token Tactics: the kernel of every player pair plays the reference engine's very games."""

from __future__ import annotations

import itertools
import random

import pytest

from printkit.games.tokentactics.kernel import PLAYERS, run
from printkit.rules.game import play_out
from printkit.rules.playouts import play_games, policies
from printkit.rules.simulate import simulate
from tests.games.kernel_agreement import assert_rates_agree
from tests.games.tokentactics_helpers import SPEC, Params, kit_rules

pytestmark = pytest.mark.usefixtures("kernel_unwatched")

VARIANT = Params(starting_tokens=6, reserve_cap=9, fortify_amount=2, minimum_attack=3)
PAIRS = list(itertools.product(PLAYERS, repeat=2))


@pytest.mark.parametrize("params", [Params(), VARIANT], ids=["default", "variant"])
@pytest.mark.parametrize("names", PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_kernel_plays_the_reference_games(params: Params, names: tuple[str, str]) -> None:
    rules, chosen = kit_rules(params), policies(SPEC, names)
    tally, games = run(params, names, 150, seed=12, record_moves=True)
    assert games is not None
    rng = random.Random(12)
    for moves in games:
        reference = play_out(rules, chosen, rng)
        assert moves == reference.moves
        state = rules.initial_state()
        for move in moves:
            state = rules.apply(state, move)
        assert rules.outcome(state) == reference.outcome
    slow = simulate(rules, chosen, 150, 12, observe=SPEC.observe)
    assert (tally.results, tally.lengths, tally.reasons, tally.extra) == (slow.results, slow.lengths, slow.reasons, slow.extra)


@pytest.mark.parametrize("names", [("mixed", "random"), ("random", "strategic")], ids=["mixed-random", "random-strategic"])
def test_kernel_rates_equal_the_reference_engine_on_other_seeds(names: tuple[str, str]) -> None:
    reference = simulate(kit_rules(VARIANT), policies(SPEC, names), 2000, 1, observe=SPEC.observe)
    kernel = SPEC.kernel(VARIANT, names, 20_000, 2)  # type: ignore[misc]
    assert kernel is not None
    assert_rates_agree(kernel, reference)


def test_play_games_takes_the_kernel_for_every_pair() -> None:
    for names in PAIRS:
        tally = play_games(SPEC, Params(), names, 200, 3)
        again = SPEC.kernel(Params(), names, 200, 3)  # type: ignore[misc]
        assert again is not None and (tally.results, tally.extra) == (again.results, again.extra)
    assert SPEC.kernel(Params(), ("random", "genius"), 10, 1) is None  # type: ignore[misc]
