"""The mcts player's playouts from a position by the compiled kernels (Tic Tac Warfare, SiTTeRS), cross-checked
against random games of the reference engine from the same positions: the same winners and reasons, statistically."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from printkit.games import get_game
from printkit.games.sitters import Params as SittersParams
from printkit.games.sitters.state import BATTLE, MOVE, PLACE_COLLECTORS, ROLL
from printkit.games.warfare.params import Abilities
from printkit.games.warfare.params import Params as WarfareParams
from printkit.rules.game import CHANCE, chance_move, play_out
from tests.games.kernel_agreement import Z_CRITICAL, two_proportion_z
from tests.games.test_sitters_kernel import SMALL_MAP

GAMES = 600


def position(rules: Any, player: Any, rng: random.Random, wanted: Any) -> Any:
    """A state of a random game for which ``wanted(state)`` holds (the first such, in the first game that has one)."""
    while True:
        state = rules.initial_state()
        while rules.outcome(state) is None:
            if wanted(state):
                return state
            mover = rules.current_player(state)
            state = rules.apply(state, chance_move(rules, state, rng) if mover == CHANCE else player(rules, state, rng))


def endings(games: int, play: Any) -> tuple[Counter[int | None], set[str]]:
    """The winners of ``games`` calls of ``play()`` (an outcome each) and their reasons (numbers left out)."""
    winners: Counter[int | None] = Counter()
    reasons = set()
    for _ in range(games):
        ended = play()
        winners[ended.winner] += 1
        reasons.add(re.sub(r"\d+", "N", ended.reason))
    return winners, reasons


def assert_same_endings(rules: Any, player: Any, state: Any, games: int = GAMES) -> None:
    """The kernel's playouts from ``state`` end like the engine's random games from it (winners at the 0.1% level;
    every reason the kernel gives, the engine gives too), and each costs the search's budget at least a move."""
    rng = random.Random(7)
    costs = []

    def fast() -> Any:
        ended, cost = rules.playout_from(state, rng)
        costs.append(cost)
        return ended

    kernel, kernel_reasons = endings(games, fast)
    engine, engine_reasons = endings(games, lambda: play_out(rules, (player, player), rng, state=state).outcome)
    for winner in (0, 1, None):
        assert two_proportion_z(kernel[winner], games, engine[winner], games) < Z_CRITICAL, (winner, kernel, engine)
    assert kernel_reasons <= engine_reasons and min(costs) >= 1


@pytest.mark.parametrize("params", [
    WarfareParams(board_size=4, line_length=3, abilities=Abilities(2, 1, 2, 2), fortress_victory=2),
    WarfareParams(board_size=5, line_length=4, territory_victory=False, abilities=Abilities(3, 2, 1, 0)),
], ids=["4x4-cards", "5x5-no-territory"])
def test_warfare_kernel_plays_from_a_position_like_the_engine(params: WarfareParams) -> None:
    """From a position with tokens, fortresses, a shield and cards spent: the kernel's random games (one call each)
    end as the engine's random player's do."""
    spec = get_game("warfare")
    rules, player = spec.rules(params), spec.players["random"]
    forts = params.abilities.fortress > 0
    state = position(rules, player, random.Random(3),
                     lambda s: s.turns >= 5 and s.shields != (-1, -1) and any(v >= 3 for v in s.board) == forts)
    assert_same_endings(rules, player, state)


@pytest.mark.parametrize("phase", [PLACE_COLLECTORS, MOVE, BATTLE])
def test_sitters_playouts_start_anywhere_and_end_like_the_engine(phase: str) -> None:
    """From a set-up placement, a move after a roll or a pending battle: the engine plays up to the next roll, the
    kernel the rest; the winners agree with the engine's random games from there."""
    params = SittersParams(map=SMALL_MAP, collectors=2, obstructors=2, containers_per_player=2, die_sides=4, band_width=3,
                           bands=3, target=30)
    spec = get_game("sitters")
    rules, player = spec.rules(params), spec.players["random"]
    state = position(rules, player, random.Random(5), lambda s: s.phase == phase and (phase == PLACE_COLLECTORS or s.turn >= 3))
    assert_same_endings(rules, player, state)


def replay_from(rules: Any, state: Any, moves: list[Any]) -> Any:
    """``moves`` played through the engine from ``state`` (each must be legal); the outcome they reach."""
    for move in moves:
        assert rules.outcome(state) is None
        state = rules.apply(state, move)
    return rules.outcome(state)


def test_warfare_kernel_games_from_a_position_replay_through_the_engine() -> None:
    """The kernel's recorded games from a position (the start array the playouts hand it): every turn legal in the
    engine from that position, and the same winner and reason."""
    import numpy as np

    from printkit.games.warfare import compiled, jit

    params = WarfareParams(board_size=4, line_length=3, abilities=Abilities(2, 1, 2, 2), fortress_victory=2)
    spec = get_game("warfare")
    rules, player = spec.rules(params), spec.players["random"]
    for seed in range(12):
        state = position(rules, player, random.Random(seed), lambda s: s.turns >= 3 + seed % 4)
        start = np.array((state.to_move, *state.shields, *state.cards[0], *state.cards[1], *state.board), dtype=np.int64)
        rows, turns = jit.play(*compiled._fixed(params), 1, seed, True, start)
        ended = replay_from(rules, state, compiled._moves(rows, turns)[0][1:])  # the kernel's own chance move left out
        assert (ended.winner if ended.winner is not None else jit.DRAW, ended.reason) == \
               (rows[0, jit.WINNER], compiled.REASONS[rows[0, jit.REASON]])


def test_sitters_kernel_games_from_a_roll_replay_through_the_engine() -> None:
    """The same for SiTTeRS from a roll: every roll and move of the kernel legal in the engine, the same outcome."""
    import numpy as np

    from printkit.games.sitters import jit
    from printkit.games.sitters.kernel import _arrays, _index, _moves
    from printkit.games.sitters.scoring import score

    params = SittersParams(map=SMALL_MAP, collectors=2, obstructors=2, containers_per_player=2, die_sides=4, band_width=3,
                           bands=3, target=30)
    spec = get_game("sitters")
    rules, player = spec.rules(params), spec.players["random"]
    cells, a = _arrays(params)
    for seed in range(12):
        state = position(rules, player, random.Random(seed), lambda s: s.phase == ROLL and s.turn >= seed % 5)
        markers = (state.collectors, state.obstructors, state.containers)
        start = np.array((state.turn, state.survivors, state.loot, *state.lost, *(len(m) for m in markers),
                          *(_index(params)[cell] for group in markers for cell in group)), dtype=np.int64)
        rows, recorded = jit.play(a["nb"], a["deg"], a["order"], a["within"], a["bitof"], a["stride"], a["rows"], a["cols"],
                                  a["sz"], a["c_starts"], a["o_starts"], a["x_spaces"], a["to_sz"], a["from_c"], params.collectors,
                                  params.obstructors, params.containers_per_player, params.die_sides, False, False, 1, seed,
                                  True, False, False, start)
        ended = replay_from(rules, state, _moves(cells, recorded, 1)[0])
        assert ended.scores == (float(score(params, int(rows[0, jit.SURVIVORS]), int(rows[0, jit.LOOT]))),)
