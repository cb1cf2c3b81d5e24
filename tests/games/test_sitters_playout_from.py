"""SiTTeRS' playouts from any position (``kernel.playout_from``, for the mcts player): the reference engine up to the
next roll, the compiled kernel from there, cross-checked against the engine's random games from the same positions."""

from __future__ import annotations

import random
from typing import Callable

import pytest

from printkit.games.sitters.kernel import playout_from, start_array
from printkit.games.sitters.rules import BATTLE, MOVE, OVER, PLACE_COLLECTORS, ROLL, State, score
from printkit.rules.game import CHANCE, chance_move, play_out
from tests.games.kernel_agreement import assert_same_endings
from tests.games.sitters_helpers import PLAYERS, Params, SittersRules
from tests.games.test_sitters_kernel import SMALL_MAP

pytestmark = pytest.mark.usefixtures("kernel_unwatched")

GAMES = 600
SMALL = Params(map=SMALL_MAP, collectors=2, obstructors=2, containers_per_player=2, die_sides=4, band_width=3, bands=3,
               target=30)
RANDOM = PLAYERS["random"]


def position(rules: SittersRules, rng: random.Random, wanted: Callable[[State], bool]) -> State:
    """A state of a random game for which ``wanted(state)`` holds (the first such, in the first game that has one)."""
    while True:
        state = rules.initial_state()
        while rules.outcome(state) is None:
            if wanted(state):
                return state
            chance = rules.current_player(state) == CHANCE
            state = rules.apply(state, chance_move(rules, state, rng) if chance else RANDOM(rules, state, rng))


@pytest.mark.parametrize("phase", [PLACE_COLLECTORS, MOVE, BATTLE])
def test_playouts_start_anywhere_and_end_like_the_engine(phase: str) -> None:
    """From a set-up placement, a move after a roll or a pending battle: the winners of the kernel's playouts agree
    with the engine's random games from there (0.1 % level), every reason the kernel gives the engine gives too, and
    each playout costs the search's budget at least a move."""
    rules = SittersRules(SMALL)
    state = position(rules, random.Random(5), lambda s: s.phase == phase and (phase == PLACE_COLLECTORS or s.turn >= 3))
    assert_same_endings(rules, lambda at, rng: playout_from(rules, at, rng), RANDOM, state, GAMES, random.Random(7))


def test_a_finished_game_is_its_own_outcome() -> None:
    """From the end of a game: its outcome, at no cost."""
    rules = SittersRules(SMALL)
    game = play_out(rules, (RANDOM, RANDOM), random.Random(3))
    assert game.final is not None and game.final.phase == OVER
    assert playout_from(rules, game.final, random.Random(1)) == (rules.outcome(game.final), 0)


def test_kernel_games_from_a_roll_replay_through_the_engine() -> None:
    """The kernel's recorded games from a roll (the start array the playouts hand it): every roll and move legal in
    the engine from that position, and the same score."""
    from printkit.games.sitters import jit
    from printkit.games.sitters.kernel import _arrays, _moves

    rules = SittersRules(SMALL)
    cells, a = _arrays(SMALL)
    for seed in range(12):
        state = position(rules, random.Random(seed), lambda s: s.phase == ROLL and s.turn >= seed % 5)
        rows, recorded = jit.play(a["nb"], a["deg"], a["order"], a["within"], a["bitof"], a["stride"], a["rows"],
                                  a["cols"], a["sz"], a["c_starts"], a["o_starts"], a["x_spaces"], a["to_sz"],
                                  a["from_c"], SMALL.collectors, SMALL.obstructors, SMALL.containers_per_player,
                                  SMALL.die_sides, False, False, 1, seed, True, False, False, start_array(SMALL, state))
        for move in _moves(cells, recorded, 1)[0]:
            assert rules.outcome(state) is None
            state = rules.apply(state, move)
        ended = rules.outcome(state)
        assert ended is not None
        assert ended.scores == (float(score(SMALL, int(rows[0, jit.SURVIVORS]), int(rows[0, jit.LOOT]))),)


def test_the_kit_folder_plays_the_searchs_playouts_by_the_kernel() -> None:
    """kit.toml's ``[hooks] playout_from`` names the kernel's playouts: the engine's ``playout_from`` (what the mcts
    player's search calls) goes through them, and its games from a move after a roll end like the engine's."""
    rules = SittersRules(SMALL)
    assert rules.kernel_playout is not None
    state = position(rules, random.Random(11), lambda s: s.phase == MOVE and s.turn >= 2)
    assert_same_endings(rules, rules.playout_from, RANDOM, state, GAMES, random.Random(7))
