"""Tic Tac Two: seeded playouts, players, simulate and the registry entry."""

from __future__ import annotations

import io
import random

import pytest

from printkit.games import get_game, params_class
from printkit.games.tictactwo.params import ACTIONS
from printkit.games.tictactwo.rules import State, Turn, position
from printkit.rules.game import play_out
from printkit.rules.simulate import simulate

pytestmark = pytest.mark.usefixtures("kernel_unwatched")

SPEC = get_game("tictactwo")
Params = params_class("tictactwo")


def TicTacTwo(params: object = None):  # type: ignore[no-untyped-def]  # noqa: N802
    """The rules engine for ``params`` (default: the defaults)."""
    return SPEC.rules(params if params is not None else Params())


observe, fast_simulate = SPEC.observe, SPEC.fast_simulate
greedy_player, random_player, uniform_player = (SPEC.players[name] for name in ("greedy", "random", "uniform"))


def pos(cells: dict[str, str], to_move: str = "X") -> State:
    return position(TicTacTwo(), cells, {}, to_move, (ACTIONS, ACTIONS))

VARIANTS = [
    (Params(), 400),
    (Params(void=True), 150),
    (Params(meta=True), 150),
    (Params(meta=True, void=True, actions_each=4), 100),
    (Params(board_size=3, line_length=3), 150),
    (Params(board_size=5, line_length=4, actions_each=2), 60),
]


@pytest.mark.parametrize(("params", "games"), VARIANTS)
def test_random_playouts_never_raise_and_round_trip(params: Params, games: int) -> None:
    rules, rng = TicTacTwo(params), random.Random(11)
    for _ in range(games):
        state = rules.initial_state()
        while rules.outcome(state) is None:
            move = random_player(rules, state, rng)
            text = rules.format_move(state, move)
            assert rules.parse_move(state, text) == move, text
            state = rules.apply(state, move)
        assert rules.legal_moves(state) == []


def test_every_legal_move_round_trips_and_random_moves_are_legal() -> None:
    rules, rng = TicTacTwo(Params(meta=True, void=True)), random.Random(5)
    for _ in range(3):
        state = rules.initial_state()
        while rules.outcome(state) is None:
            moves = rules.legal_moves(state)
            assert len(set(moves)) == len(moves)
            for move in moves:
                assert rules.parse_move(state, rules.format_move(state, move)) == move
            move = random_player(rules, state, rng)
            assert move in moves
            state = rules.apply(state, move)


def test_uniform_player_games() -> None:
    rules, rng = TicTacTwo(), random.Random(2)
    for _ in range(20):
        game = play_out(rules, (uniform_player, uniform_player), rng)
        assert game.outcome is not None and game.first == 0


def test_greedy_takes_a_win_with_the_simplest_turn() -> None:
    state = pos({"A1": "X", "B1": "X", "C1": "X", "A4": "O"})
    move = greedy_player(TicTacTwo(), state, random.Random(0))
    assert move == Turn(0, None, None, 3)


def test_greedy_wins_with_an_action_when_no_letter_wins() -> None:
    rules = TicTacTwo()
    state = pos({"A1": "X", "B1": "X", "C1": "O", "C2": "X", "D1": "X"})
    move = greedy_player(rules, state, random.Random(0))
    after = rules.apply(state, move)
    assert after.winner == 0 and move.action is not None


def test_greedy_blocks_a_threat() -> None:
    rules = TicTacTwo()
    state = pos({"A2": "O", "B2": "O", "C2": "O", "D4": "X"}, to_move="X")
    for seed in range(5):
        after = rules.apply(state, greedy_player(rules, state, random.Random(seed)))
        assert rules.outcome(after) is None
        assert rules.legal_moves(after)
        assert not any(rules.apply(after, m).winner == 1 for m in rules.legal_moves(after) if m.action is None)


def test_greedy_beats_random() -> None:
    tally = simulate(TicTacTwo(), (greedy_player, random_player), 12, 3, observe=observe)
    assert dict(tally.results) == {"first": 10, "second": 1, "draw": 1}


def test_simulate_counts_deciding_actions_exactly() -> None:
    tally = simulate(TicTacTwo(), (random_player, random_player), 150, 1, observe=observe)
    assert tally.games == 150
    decided = sum(v for k, v in tally.extra.items() if k.startswith("decided.") and k.count(".") == 1
                  and k not in ("decided.topple", "decided.for_opponent"))
    wins = tally.results["first"] + tally.results["second"]
    assert decided == wins
    assert sum(tally.reasons.values()) == 150
    again = fast_simulate(Params(), 150, 1)
    assert (again.results, again.extra, again.lengths) == (tally.results, tally.extra, tally.lengths)
    snapshot = (dict(tally.results), tally.extra["decided.letter"], tally.extra["uses.swap"])
    assert snapshot == EXPECTED_150


EXPECTED_150 = ({"first": 62, "second": 41, "draw": 47}, 77, 138)


def test_spec_and_terminal_game() -> None:
    assert get_game("tictactwo") is SPEC
    assert set(SPEC.players) == {"random", "uniform", "greedy"}
    assert SPEC.rules(Params()).player_names == ("X", "O")
    script = io.StringIO("picks swap\npicks double\npicks shift\nhelp\nB9\nB2\n")
    out = io.StringIO()
    assert SPEC.play is not None
    code = SPEC.play(Params(), input_stream=script, output_stream=out, seed=1, computer="X")
    text = out.getvalue()
    assert code == 1
    assert "'B9' is off the board" in text and "moves: 'picks swap'" in text
    assert "input ended before the game was over" in text


def _restricted_wins(rules: TicTacTwo, count: int) -> list[tuple[State, str]]:
    """Positions of seeded random games where every simplest winning turn uses one action while a winning
    turn without it exists: the case where a restricted greedy player must still win."""
    from printkit.games.tictactwo import rules as turn_lists
    from printkit.games.tictactwo.rules import PLAY, _simplicity

    uses, rng, found = SPEC.abilities(rules.params), random.Random(1), []  # type: ignore[misc]
    while len(found) < count:
        state = rules.initial_state()
        while rules.outcome(state) is None and len(found) < count:
            if state.phase == PLAY:
                wins = [t for t, w in turn_lists.expand(rules.geo, state) if w.reason is not None and w.winner == state.to_move]
                simplest = [t for t in wins if _simplicity(t) == min(map(_simplicity, wins))] if wins else []
                found += [(state, name) for name, test in uses.items()
                          if simplest and all(test(rules, state, t) for t in simplest) and any(not test(rules, state, t) for t in wins)]
            state = rules.apply(state, random_player(rules, state, rng))
    return found


def test_restricted_greedy_still_takes_a_win_without_the_action() -> None:
    """Restricted play (``balance --abilities``): greedy without an action wins whenever a turn without it
    wins, even when its simplest wins all use the action (it does not fall back to random play)."""
    from printkit.balance.restrict import restricted_spec
    from printkit.games.tictactwo import rules as turn_lists

    rules = TicTacTwo(Params())
    for state, name in _restricted_wins(rules, 3):
        seat = state.to_move
        names = ("greedy", "greedy")
        player = list(restricted_spec(SPEC, rules.params, names, (seat, name)).players.values())[seat]
        uses = SPEC.abilities(rules.params)[name]  # type: ignore[misc]
        for draw in range(5):
            move = player(rules, state, random.Random(draw))
            after = dict(turn_lists.expand(rules.geo, state))[move]
            assert not uses(rules, state, move) and after.reason is not None and after.winner == seat, (name, move)
