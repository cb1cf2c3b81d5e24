"""Tic Tac Warfare: the kernel of every player pair, cross-checked against the reference engine."""

from __future__ import annotations

from collections import Counter

import pytest

from printkit.games import get_game, params_class
from printkit.games.warfare.fast import fast_run
from printkit.games.warfare.kernel import greedy_run
from printkit.games.warfare.rules import ABILITIES, Turn, options
from printkit.rules.playouts import play_games, policies
from printkit.rules.simulate import simulate
from tests.games.kernel_agreement import (
    Z_CRITICAL,
    assert_lengths_agree,
    assert_rates_agree,
    assert_seat_wins_agree,
    restricted_reference,
)

pytestmark = pytest.mark.usefixtures("kernel_unwatched")

SPEC = get_game("warfare")
WarfareRules = SPEC.rules
Params = params_class("warfare")
Abilities = type(Params().abilities)

SMALL = Params(board_size=4, line_length=3, abilities=Abilities(2, 1, 2, 2), fortress_victory=2)
FIVE = Params(board_size=5, line_length=4, territory_victory=False, abilities=Abilities(3, 2, 1, 0))
TTT = Params(board_size=3, line_length=3, abilities=Abilities(0, 0, 0, 0), territory_victory=False)
NINE = Params(board_size=9, line_length=4, abilities=Abilities(1, 2, 0, 1), fortress_victory=2)
# the last empty cell often decides: a fortress may go there only when it wins
LAST = Params(board_size=3, line_length=3, abilities=Abilities(0, 1, 0, 3), fortress_victory=3)
TEN = Params(board_size=10, line_length=5)
TWENTY = Params(board_size=20, line_length=3, abilities=Abilities(2, 3, 2, 1))
# long games on the largest board: no line or fortress victory in reach, every card played
TERRITORY = Params(board_size=20, line_length=19, abilities=Abilities(9, 9, 9, 9), fortress_victory=50)
PAIRS = [("greedy", "greedy"), ("greedy", "random"), ("random", "greedy")]


def replay(params: Params, names: tuple[str, str], games: list[list[object]]) -> Counter[tuple[str, int, str]]:
    """Every recorded game through the engine; each greedy turn checked against greedy's choices."""
    rules, seen = WarfareRules(params), Counter()
    for game in games:
        state = rules.initial_state()
        for move in game:
            assert rules.outcome(state) is None
            if isinstance(move, Turn) and names[move.player] == "greedy":
                st = rules.begin_turn(state)
                wins, blocks = rules.winning_cells(st), rules.winning_cells(rules.end_turn(st))
                if wins or blocks:
                    assert move.ability is None and move.place in (wins or blocks), move
            state = rules.apply(state, move)
        result = rules.outcome(state)
        assert result is not None
        first = "first" if result.winner == state.first else "second"
        seen["draw" if result.winner is None else first, len(game), result.reason] += 1
        for move in game:
            if isinstance(move, Turn) and move.ability is not None:
                seen["ability", 0, move.ability] += 1
    return seen


@pytest.mark.parametrize(
    "params,jit",
    [(Params(), False), (Params(), True), (SMALL, False), (SMALL, True), (FIVE, False), (FIVE, True), (TTT, False),
     (TTT, True), (NINE, False), (TEN, False), (TWENTY, False)],
    ids=["default-bits", "default-jit", "small-bits", "small-jit", "five-bits", "five-jit", "ttt-bits", "ttt-jit",
         "nine", "ten", "twenty"],
)
def test_kernel_games_replay_through_the_engine(params: Params, jit: bool) -> None:
    """Boards of more than 64 cells (NINE, TEN, TWENTY) always take the compiled kernel."""
    for names in PAIRS:
        tally, moves = greedy_run(params, names, 40, seed=5, record=True, jit=jit)
        assert moves is not None and tally.games == 40
        seen = replay(params, names, moves)
        games = Counter({key: n for key, n in seen.items() if key[0] != "ability"})
        assert Counter(r for r, _, _ in games.elements()) == tally.results
        assert Counter(r for _, _, r in games.elements()) == tally.reasons
        assert sorted(n for _, n, _ in games.elements()) == sorted(tally.lengths)
        assert {r: n for (k, _, r), n in seen.items() if k == "ability"} == {k: n for k, n in tally.extra.items() if n}


@pytest.mark.parametrize(
    "params,jit,games", [(SMALL, False, 150), (SMALL, True, 150), (LAST, False, 600), (LAST, True, 600), (TEN, False, 150)],
    ids=["small-bits", "small-jit", "last-bits", "last-jit", "ten"],
)
def test_ability_and_timing_follow_the_random_policy(params: Params, jit: bool, games: int) -> None:
    """Every recorded turn's ability and timing against the policy's odds in that very position
    (``turns.options``: uniform among "none" and the playable abilities, then among the timings),
    apart on the last empty cell: the count of each choice minus its expected count, over its
    standard deviation, stays under the 0.1% critical value."""
    rules = WarfareRules(params)
    expected, variance, seen = Counter[object](), Counter[object](), Counter[object]()
    for game in fast_run(params, games, seed=4, record=True, jit=jit)[1] or []:
        state = rules.initial_state()
        for move in game:
            if isinstance(move, Turn):
                st = rules.begin_turn(state)
                last, opts = len(rules.empties(st)) == 1, options(rules, st)
                for ability, timings in opts:
                    for before in timings or [False]:
                        p = 1 / len(opts) / max(1, len(timings))
                        expected[ability, before, last] += p
                        variance[ability, before, last] += p * (1 - p)
                seen[move.ability, move.before, last] += 1
            state = rules.apply(state, move)
    assert set(seen) <= set(expected) and len(expected) >= 5
    for key in expected:
        assert abs(seen[key] - expected[key]) < Z_CRITICAL * variance[key] ** 0.5, (key, seen[key], expected[key])


def test_long_games_on_the_largest_board_replay_through_the_engine() -> None:
    """Bombs, shields, converts and fortresses over whole 20x20 boards, ending by territory."""
    tally, moves = fast_run(TERRITORY, 6, seed=2, record=True)
    assert moves is not None
    seen = replay(TERRITORY, ("random", "random"), moves)
    assert set(tally.reasons) <= {"territory", "stalemate"} and min(tally.lengths) > 400
    assert sum(n for (k, _, r), n in seen.items() if k != "ability") == 6
    assert {r: n for (k, _, r), n in seen.items() if k == "ability"} == dict(tally.extra) == dict.fromkeys(ABILITIES, 6 * 18)


@pytest.mark.parametrize(
    "params,names,reference_games,jit",
    [(Params(), ("greedy", "random"), 400, False), (Params(), ("greedy", "greedy"), 400, False),
     (SMALL, ("random", "greedy"), 1000, False), (FIVE, ("greedy", "greedy"), 300, False),
     (SMALL, ("greedy", "random"), 1000, True), (Params(), ("random", "random"), 400, True),
     (TEN, ("greedy", "greedy"), 120, False), (TWENTY, ("random", "greedy"), 80, False)],
    ids=["default-greedy-random", "default-greedy-greedy", "small-random-greedy", "five-greedy-greedy",
         "small-greedy-random-jit", "default-random-jit", "ten-greedy-greedy", "twenty-random-greedy"],
)
def test_kernel_rates_equal_the_reference_engine(params: Params, names: tuple[str, str], reference_games: int,
                                                 jit: bool) -> None:
    """Boards above 8x8 and ``jit`` take the compiled kernel, the others the bitboard kernel."""
    reference = simulate(WarfareRules(params), policies(SPEC, names), reference_games, seed=3, observe=SPEC.observe)
    kernel = greedy_run(params, names, 4_000, 8, jit=jit)[0] if jit else SPEC.kernel(params, names, 4_000, 8)  # type: ignore[misc]
    assert kernel is not None
    assert_rates_agree(kernel, reference)
    assert_lengths_agree(kernel, reference)
    assert set(kernel.reasons) >= {r for r, n in reference.reasons.items() if n >= 10}


def test_play_games_uses_the_kernel_for_every_pair() -> None:
    for names in PAIRS + [("random", "random")]:
        tally, again = play_games(SPEC, SMALL, names, 300, 4), SPEC.kernel(SMALL, names, 300, 4)  # type: ignore[misc]
        assert again is not None
        assert (tally.results, tally.lengths, tally.reasons, tally.extra) == (again.results, again.lengths, again.reasons, again.extra)
    assert SPEC.kernel(SMALL, ("random", "genius"), 10, 1) is None  # type: ignore[misc]


@pytest.mark.parametrize("names,restrict", [(("random", "random"), (0, "fortress")), (("greedy", "random"), (1, "bomb")),
                                            (("random", "greedy"), (0, "convert")), (("greedy", "greedy"), None)],
                         ids=["random-fortress", "greedy-bomb", "mixed-convert", "full"])
def test_restricted_kernel_follows_the_restricted_players(names: tuple[str, str], restrict: tuple[int, str] | None) -> None:
    """Restricted play (``balance --abilities``) on the compiled kernel: the restricted seat never plays its
    ability, every game replays through the engine, and seat wins and results agree with the reference
    engine's restricted players (``balance.restrict.without``)."""
    from printkit.games.warfare.compiled import run
    from printkit.games.warfare.kernel import restricted

    _, games = run(SMALL, (names[0] == "greedy", names[1] == "greedy"), 60, 5, record=True, restrict=restrict)
    assert games is not None
    replay(SMALL, names, games)
    used = Counter((move.player, move.ability) for game in games for move in game if isinstance(move, Turn))
    if restrict is not None:
        assert used[restrict] == 0 and used[(1 - restrict[0], restrict[1])] > 0
    kernel = restricted(SMALL, names, 8_000, 11, restrict)
    assert kernel is not None
    reference = restricted_reference(SPEC, SMALL, names, restrict, 800, 4)
    assert_rates_agree(kernel, reference)
    assert_seat_wins_agree(kernel, reference)
    assert restricted(SMALL, ("random", "genius"), 10, 1, None) is None
