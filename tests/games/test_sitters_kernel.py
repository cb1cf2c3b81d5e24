"""SiTTeRS: the compiled playout kernel cross-checked against the reference engine and players."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from printkit.games.sitters.kernel import run
from printkit.games.sitters.rules import ROLL
from printkit.rules.playouts import play_games, policies
from printkit.rules.simulate import Tally, simulate
from tests.games.kernel_agreement import assert_seat_wins_agree, replayed, restricted_reference
from tests.games.sitters_helpers import SPEC, Params, SittersRules, observe

pytestmark = pytest.mark.usefixtures("kernel_unwatched")

SMALL_MAP = """\
+---+---+---+---+---+---+
| C |   | X | X |   | O |
+---+---+---+---+---+---+
| C |   |   |   |   | SZ|
+---+---+---+---+---+---+
| C |   | X | X |   | O |
+---+---+---+---+---+---+
"""
SMALL = Params(map=SMALL_MAP, collectors=2, obstructors=2, containers_per_player=2, die_sides=4,
               band_width=3, bands=3, target=30)
VARIANT = Params(die_sides=4, containers_per_player=2, collectors=3, obstructors=4, band_width=4,
                 target=40)
NO_LOOT = Params(containers_per_player=0, die_sides=5, obstructors=5, target=20)
BIG_DIE = Params(die_sides=12)
"""Rolls up to 12: most end spaces need a search for a path of exactly the roll."""
PAIRS = [("random", "random"), ("basic", "basic"), ("basic", "random"), ("random", "basic")]


@pytest.mark.parametrize("params,games", [(Params(), 25), (VARIANT, 40), (SMALL, 150), (NO_LOOT, 25), (BIG_DIE, 15)],
                         ids=["default", "variant", "small", "no-loot", "d12"])
@pytest.mark.parametrize("names", PAIRS, ids=[",".join(p) for p in PAIRS])
def test_kernel_games_replay_through_the_reference_rules(params: Params, games: int,
                                                         names: tuple[str, str]) -> None:
    tally, moves = run(params, names, games, seed=7, record=True)
    assert moves is not None and len(moves) == games == tally.games
    again = replayed(SittersRules(params), moves, observe)
    assert again.results == tally.results
    assert again.reasons == tally.reasons
    assert again.lengths == tally.lengths
    assert again.extra == tally.extra


def _welch(name: str, a: list[int], b: list[int]) -> None:
    """The means of two samples differ by under 4.5 standard errors of the difference."""
    means = [sum(v) / len(v) for v in (a, b)]
    var = [sum((x - m) ** 2 for x in v) / (len(v) - 1) for v, m in zip((a, b), means)]
    se = (var[0] / len(a) + var[1] / len(b)) ** 0.5
    assert abs(means[0] - means[1]) <= 4.5 * se + 1e-9, (name, means, se)


def _survivors(tally: Tally) -> list[int]:
    return [k for k in range(27) for _ in range(tally.extra[f"survivors_{k}"])]


def _same_rates(kernel: Tally, reference: Tally) -> None:
    """Result rates (two-proportion z test), mean length and survivors (Welch) within 4.5 standard errors."""
    na, nb = kernel.games, reference.games
    for key in ("first", "second", "draw"):
        pooled = (kernel.results[key] + reference.results[key]) / (na + nb)
        se = (pooled * (1 - pooled) * (1 / na + 1 / nb)) ** 0.5
        pa, pb = kernel.results[key] / na, reference.results[key] / nb
        assert abs(pa - pb) <= 4.5 * se + 1e-9, (key, pa, pb)
    _welch("length", kernel.lengths, reference.lengths)
    _welch("survivors", _survivors(kernel), _survivors(reference))


@pytest.mark.parametrize("params,names,reference_games", [
    (Params(), ("basic", "basic"), 150),
    (SMALL, ("random", "random"), 1000),
    (SMALL, ("basic", "random"), 800),
    (VARIANT, ("random", "basic"), 80),
    (NO_LOOT, ("basic", "random"), 50),
    (BIG_DIE, ("basic", "random"), 80),
], ids=["default-basic", "small-random", "small-mixed", "variant-mixed", "no-loot-mixed", "d12-mixed"])
def test_kernel_rates_agree_with_the_reference_engine(params: Params, names: tuple[str, str],
                                                      reference_games: int) -> None:
    kernel = run(params, names, 4000, seed=3)[0]
    reference = simulate(SittersRules(params), policies(SPEC, names), reference_games, 3, observe=observe)
    _same_rates(kernel, reference)


def test_simulate_uses_the_kernel_for_known_players_and_is_seeded() -> None:
    first = play_games(SPEC, Params(), ("random", "basic"), 300, 5).as_json()
    again = play_games(SPEC, Params(), ("random", "basic"), 300, 5).as_json()
    assert first["results"] == again["results"] and first["extra"] == again["extra"]
    direct = run(Params(), ("random", "basic"), 300, 5)[0].as_json()
    assert direct["results"] == first["results"] and direct["reasons"] == first["reasons"]
    assert SPEC.kernel(Params(), ("random", "greedy"), 10, 1) is None
    assert SPEC.kernel(Params(collectors=9), ("random", "random"), 10, 1) is None
    assert sum(Counter(first["results"]).values()) == 300


def _setup_cells(rules: SittersRules, names: tuple[str, str], games: int) -> Counter[int]:
    """How often each space gets a container or collector in the reference players' set-up."""
    rng, seen = random.Random(9), Counter[int]()
    chosen = policies(SPEC, names)
    for _ in range(games):
        state = rules.initial_state()
        while state.phase != ROLL:
            state = rules.apply(state, chosen[rules.current_player(state)](rules, state, rng))
        seen.update((*state.containers, *state.collectors))
    return seen


@pytest.mark.parametrize("names", [("basic", "basic"), ("random", "basic")], ids=["basic", "mixed"])
def test_kernel_set_up_breaks_ties_like_the_reference_players(names: tuple[str, str]) -> None:
    games = 600
    rules = SittersRules(VARIANT)
    moves = run(VARIANT, names, games, seed=4, record=True)[1]
    assert moves is not None
    setup = 2 * VARIANT.containers_per_player + VARIANT.collectors + VARIANT.obstructors
    kernel = Counter(m.dst for game in moves for m in game[:setup] if m.kind in ("container", "collector"))
    reference = _setup_cells(rules, names, games)
    assert set(kernel) == set(reference)
    for cell in kernel:
        pooled = (kernel[cell] + reference[cell]) / (2 * games)
        se = (pooled * (1 - pooled) * 2 / games) ** 0.5
        assert abs(kernel[cell] - reference[cell]) / games <= 4.5 * se + 1e-9, rules.board.names[cell]


@pytest.mark.parametrize("names,restrict", [(("random", "random"), (0, "return")), (("basic", "basic"), (1, "return")),
                                            (("basic", "random"), (0, "return")), (("random", "basic"), None)],
                         ids=["random-collectors", "basic-obstructors", "basic-collectors", "full"])
def test_restricted_kernel_follows_the_restricted_players(names: tuple[str, str], restrict: tuple[int, str] | None) -> None:
    """Restricted play (``balance --abilities``): the side without returns returns a marker only when it has
    no other move; seat wins and results agree with the reference engine's restricted players."""
    from printkit.games.sitters.kernel import restricted

    rules = SittersRules(SMALL)
    _, games = run(SMALL, names, 60, 5, record=True, no_return=(restrict == (0, "return"), restrict == (1, "return")),
                   seats=True)
    assert games is not None
    returns = Counter()
    for moves in games:
        state = rules.initial_state()
        for move in moves:
            if move.kind == "return":
                side = rules.current_player(state)
                returns[side] += 1
                if restrict is not None and side == restrict[0]:
                    assert all(m.kind == "return" for m in rules.legal_moves(state)), move
            state = rules.apply(state, move)
    assert sum(returns.values()) > 0  # returns happen in these games (by the unrestricted side at least)
    kernel = restricted(SMALL, names, 6_000, 11, restrict)
    assert kernel is not None
    reference = restricted_reference(SPEC, SMALL, names, restrict, 500, 4)
    assert_seat_wins_agree(kernel, reference)
    _same_rates(kernel, reference)
    assert restricted(SMALL, ("random", "genius"), 10, 1, None) is None
