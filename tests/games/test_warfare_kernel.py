"""Tic Tac Warfare: the kernel of every player pair, cross-checked against the reference engine."""

from __future__ import annotations

from collections import Counter

import pytest

from printkit.games.warfare import SPEC
from printkit.games.warfare.engine import Turn, WarfareRules
from printkit.games.warfare.kernel import greedy_run
from printkit.games.warfare.params import Abilities, Params
from printkit.rules.playouts import play_games, policies
from printkit.rules.simulate import simulate
from tests.games.kernel_agreement import assert_lengths_agree, assert_rates_agree

SMALL = Params(board_size=4, line_length=3, abilities=Abilities(2, 1, 2, 2), fortress_victory=2)
FIVE = Params(board_size=5, line_length=4, territory_victory=False, abilities=Abilities(3, 2, 1, 0))
TTT = Params(board_size=3, line_length=3, abilities=Abilities(0, 0, 0, 0), territory_victory=False)
NINE = Params(board_size=9, line_length=4, abilities=Abilities(1, 2, 0, 1), fortress_victory=2)
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
    "params,arrays",
    [(Params(), False), (Params(), True), (SMALL, False), (SMALL, True), (FIVE, False), (TTT, False), (NINE, True)],
    ids=["default-bits", "default-arrays", "small-bits", "small-arrays", "five-bits", "ttt-bits", "nine-arrays"],
)
def test_kernel_games_replay_through_the_engine(params: Params, arrays: bool) -> None:
    """Boards of more than 64 cells (NINE) always take the arrays kernel."""
    for names in PAIRS:
        tally, moves = greedy_run(params, names, 40, seed=5, record=True, arrays=arrays)
        assert moves is not None and tally.games == 40
        seen = replay(params, names, moves)
        games = Counter({key: n for key, n in seen.items() if key[0] != "ability"})
        assert Counter(r for r, _, _ in games.elements()) == tally.results
        assert Counter(r for _, _, r in games.elements()) == tally.reasons
        assert sorted(n for _, n, _ in games.elements()) == sorted(tally.lengths)
        assert {r: n for (k, _, r), n in seen.items() if k == "ability"} == {k: n for k, n in tally.extra.items() if n}


@pytest.mark.parametrize(
    "params,names,reference_games",
    [(Params(), ("greedy", "random"), 400), (Params(), ("greedy", "greedy"), 400), (SMALL, ("random", "greedy"), 1000),
     (FIVE, ("greedy", "greedy"), 300)],
    ids=["default-greedy-random", "default-greedy-greedy", "small-random-greedy", "five-greedy-greedy"],
)
def test_kernel_rates_equal_the_reference_engine(params: Params, names: tuple[str, str], reference_games: int) -> None:
    reference = simulate(WarfareRules(params), policies(SPEC, names), reference_games, seed=3, observe=SPEC.observe)
    kernel = SPEC.kernel(params, names, 4_000, 8)  # type: ignore[misc]
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
