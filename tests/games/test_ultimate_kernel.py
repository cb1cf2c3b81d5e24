"""Ultimate Tic-Tac-Toe: the greedy kernel cross-checked against the reference engine."""

from __future__ import annotations

import pytest

from printkit.games import get_game, params_class
from printkit.games.ultimate.kernel import run
from printkit.kitgame.engine import playouts, random_player
from printkit.rules.playouts import play_games, policies
from printkit.rules.simulate import Tally, simulate
from tests.games.kernel_agreement import Z_CRITICAL, assert_rates_agree, assert_seat_wins_agree, restricted_reference

pytestmark = pytest.mark.usefixtures("kernel_unwatched")

SPEC = get_game("ultimate")
Params = params_class("ultimate")


def UltimateRules(params: object = None):  # type: ignore[no-untyped-def]  # noqa: N802
    """The rules engine for ``params`` (default: the defaults)."""
    return SPEC.rules(params if params is not None else Params())


observe = SPEC.observe


def fast_simulate(params: object, games: int, seed: int) -> Tally:
    """Random against random: the reference engine's own games (its playouts, no copy of the state)."""
    return playouts(UltimateRules(params), (random_player, random_player), games, seed)

SMALL = Params(board_size=7, extra_turn=("A1", "B2", "D4"), triple=("C3",), double=("E5", "F2"), free=("G7",),
               free_space="blocked")
OPEN = Params(free_space="open")
PAIRS = [("greedy", "greedy"), ("greedy", "random"), ("random", "greedy"), ("random", "random")]


def replayed(params: Params, names: tuple[str, str], games: list[list[int]]) -> Tally:
    """Every recorded game through the engine, each greedy mark checked to score the most points."""
    rules, tally = UltimateRules(params), Tally()
    for cells in games:
        state = rules.initial_state()
        for cell in cells:
            assert rules.outcome(state) is None
            if names[state.to_move] == "greedy":
                assert rules.points(state, cell) == max(rules.points(state, c) for c in state.empty)
            state = rules.apply(state, cell)
        outcome = rules.outcome(state)
        assert outcome is not None
        tally.add("draw" if outcome.winner is None else ("first" if outcome.winner == 0 else "second"), len(cells),
                  outcome.reason)
        extra = sum(1 for p in state.history if p.extra_turn)
        x, o = state.scores
        for key, v in zip(("first_points", "second_points", "margin", "extra_turns"), (x, o, x - o, extra), strict=True):
            tally.extra[key] += v
    return tally


@pytest.mark.parametrize("params", [Params(), SMALL, OPEN], ids=["default", "small-blocked", "open"])
def test_kernel_games_replay_through_the_engine(params: Params) -> None:
    for names in PAIRS:
        tally, games = run(params, names, 25, seed=7, record=True)
        assert games is not None and len(games) == 25
        again = replayed(params, names, games)
        assert (again.results, again.lengths, again.reasons) == (tally.results, tally.lengths, tally.reasons)
        for key in ("first_points", "second_points", "margin", "extra_turns"):
            assert again.extra[key] == tally.extra[key], key


@pytest.mark.parametrize(
    "params,names,reference_games",
    [(Params(), ("greedy", "greedy"), 400), (SMALL, ("greedy", "greedy"), 1500), (SMALL, ("random", "greedy"), 1500)],
    ids=["default-greedy-greedy", "small-greedy-greedy", "small-random-greedy"],
)
def test_kernel_rates_equal_the_reference_engine(params: Params, names: tuple[str, str], reference_games: int) -> None:
    reference = simulate(UltimateRules(params), policies(SPEC, names), reference_games, seed=3, observe=observe)
    kernel = SPEC.kernel(params, names, 6_000, 8)  # type: ignore[misc]
    assert kernel is not None
    assert_rates_agree(kernel, reference)
    margins = [(t.extra["margin"] / t.games, t.extra["margin_squared"] / t.games, t.games) for t in (kernel, reference)]
    se = sum((square - mean * mean) / n for mean, square, n in margins) ** 0.5
    assert abs(margins[0][0] - margins[1][0]) < Z_CRITICAL * se, margins  # mean margins equal (Welch's z, 0.1%)


def test_greedy_beats_random_through_play_games() -> None:
    tally = play_games(SPEC, Params(), ("greedy", "random"), 200, 1)
    assert tally.results["first"] == 200 and tally.extra["extra_turns"] > 0
    assert SPEC.kernel(Params(), ("random", "genius"), 10, 1) is None  # type: ignore[misc]


@pytest.mark.parametrize("params", [Params(), SMALL], ids=["default", "small-blocked"])
def test_random_kernel_agrees_with_the_reference_games(params: Params) -> None:
    """fast_simulate plays the reference engine's very random games, so it can be large and cheap."""
    reference = fast_simulate(params, 8_000, 3)
    kernel = SPEC.kernel(params, ("random", "random"), 8_000, 8)  # type: ignore[misc]
    assert kernel is not None
    assert_rates_agree(kernel, reference)
    margins = [(t.extra["margin"] / t.games, t.extra["margin_squared"] / t.games, t.games) for t in (kernel, reference)]
    se = sum((square - mean * mean) / n for mean, square, n in margins) ** 0.5
    assert abs(margins[0][0] - margins[1][0]) < Z_CRITICAL * se, margins
    turns = [t.extra["extra_turns"] / t.games for t in (kernel, reference)]
    assert abs(turns[0] - turns[1]) < 0.1, turns


RESTRICTED = [(("random", "random"), (0, "double")), (("greedy", "greedy"), (1, "extra-turn")),
              (("greedy", "random"), (0, "triple")), (("random", "greedy"), None)]


@pytest.mark.parametrize("names,restrict", RESTRICTED, ids=["random-double", "greedy-extra", "mixed-triple", "full"])
def test_restricted_kernel_follows_the_restricted_players(names: tuple[str, str], restrict: tuple[int, str] | None) -> None:
    """Restricted play (``balance --abilities``) by the kernel: the seat without a kind of space never marks
    one while another is open (a greedy seat takes the best of the others), and seat wins and results agree
    with the reference engine's restricted players (``balance.restrict.without``)."""
    from printkit.games.ultimate.kernel import restricted

    rules, kinds = UltimateRules(SMALL), UltimateRules(SMALL).geometry.kinds
    _, games = run(SMALL, names, 40, seed=5, record=True, restrict=restrict)
    assert games is not None
    for cells in games:
        state = rules.initial_state()
        for cell in cells:
            seat = state.to_move
            if restrict is not None and seat == restrict[0]:
                others = [c for c in state.empty if kinds[c] != restrict[1]]
                if others:
                    assert kinds[cell] != restrict[1]
                    if names[seat] == "greedy":
                        assert rules.points(state, cell) == max(rules.points(state, c) for c in others)
            elif names[seat] == "greedy":
                assert rules.points(state, cell) == max(rules.points(state, c) for c in state.empty)
            state = rules.apply(state, cell)
    kernel = restricted(SMALL, names, 8_000, 11, restrict)
    assert kernel is not None
    reference = restricted_reference(SPEC, SMALL, names, restrict, 600, 4)
    assert_rates_agree(kernel, reference)
    assert_seat_wins_agree(kernel, reference)
    assert restricted(SMALL, ("random", "genius"), 10, 1, None) is None
