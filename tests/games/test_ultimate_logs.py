"""Golden logs of Ultimate Tic-Tac-Toe replayed move by move, and illegal logs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from printkit.errors import LogError
from printkit.games import get_game, params_class
from printkit.rules.example import builtin_text
from printkit.rules.log import parse_log, read_log
from printkit.rules.replay import replay, replay_json

SPEC = get_game("ultimate")
Params = params_class("ultimate")


def UltimateRules(params: object = None):  # type: ignore[no-untyped-def]  # noqa: N802
    """The rules engine for ``params`` (default: the defaults)."""
    return SPEC.rules(params if params is not None else Params())


DATA = Path(__file__).resolve().parents[1] / "data" / "ultimate"
POINTS = re.compile(r"(\d+) points? \(X (\d+), O (\d+)\)")
PLAIN3 = Params(board_size=3, extra_turn=(), triple=(), double=(), free=())


def expected_points(text: str) -> list[tuple[int, int, int]]:
    """(points, X score, O score) from the comment of every move line of a log."""
    found = []
    for raw in text.splitlines():
        move, _, comment = raw.partition("#")
        if move.strip():
            match = POINTS.search(comment)
            assert match, f"move line without points comment: {raw!r}"
            found.append((int(match[1]), int(match[2]), int(match[3])))
    return found


def replay_text(text: str, params: Params, source: str = "test.log"):  # type: ignore[no-untyped-def]
    return replay(UltimateRules(params), parse_log(text), source)


def check_comments(text: str, params: Params) -> None:
    """Every move's points and both scores are the ones its comment states."""
    game = replay_text(text, params)
    got = [(s.state.last.points, *s.state.scores) for s in game.steps]
    assert got == expected_points(text)


@pytest.mark.parametrize(
    "name, params",
    [
        ("seed_example.log", Params()),
        ("extra_turn_chain.log", Params()),
        ("small_win.log", PLAIN3),
        ("small_draw.log", PLAIN3),
        ("small_last_extra_turn.log", Params(board_size=3, extra_turn=("C3",), triple=(), double=(), free=())),
        ("greedy_full_game.log", Params()),
    ],
)
def test_golden_log_points(name: str, params: Params) -> None:
    check_comments((DATA / name).read_text(encoding="utf-8"), params)


def test_example_log_points_match_its_comments() -> None:
    check_comments(builtin_text("ultimate"), Params())


def test_example_log_final_position() -> None:
    game = replay_text(builtin_text("ultimate"), Params())
    assert game.outcome is None
    assert game.final.scores == (17, 20)
    assert len(UltimateRules().legal_moves(game.final)) == 110
    assert UltimateRules().state_json(game.final)["board"][2:5] == [
        "..O.O.T.3..", "...XO......", "...X.X.2...",
    ]


def test_seed_example_scores_four() -> None:
    game = replay(UltimateRules(), read_log(DATA / "seed_example.log"), "seed_example.log")
    assert [s.state.last.points for s in game.steps] == [1, 3, 4]
    assert game.final.to_move == 1


def test_extra_turn_chain_keeps_x_moving() -> None:
    game = replay(UltimateRules(), read_log(DATA / "extra_turn_chain.log"), "chain")
    assert [s.state.to_move for s in game.steps] == [0, 0, 0, 0, 1, 0]
    assert [s.state.last.extra_turn for s in game.steps] == [True, True, True, True, False, False]


def test_small_games_results() -> None:
    win = replay_text((DATA / "small_win.log").read_text(), PLAIN3)
    draw = replay_text((DATA / "small_draw.log").read_text(), PLAIN3)
    assert (win.outcome.winner, win.outcome.scores) == (0, (21.0, 20.0))
    assert (draw.outcome.winner, draw.outcome.result, draw.outcome.scores) == (None, "draw", (21.0, 21.0))


def test_last_space_extra_turn_is_lost() -> None:
    params = Params(board_size=3, extra_turn=("C3",), triple=(), double=(), free=())
    rules = UltimateRules(params)
    game = replay_text((DATA / "small_last_extra_turn.log").read_text(), params)
    assert game.final.last.extra_turn is False
    assert game.outcome is not None and game.outcome.winner == 0
    assert rules.legal_moves(game.final) == []
    assert rules.state_json(game.final)["to_move"] is None


def test_greedy_full_game_outcome() -> None:
    game = replay(UltimateRules(), read_log(DATA / "greedy_full_game.log"), "full")
    assert len(game.steps) == 119
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.scores) == (0, (535.0, 266.0))
    assert all(s.state.last.extra_turn for s in game.steps if s.line.text[2:] in ("G9", "E3", "E9", "G3"))
    assert [s.state.last.points for s in game.steps[:5]] == [3, 1, 9, 1, 4]


def test_replay_json_has_both_scores_every_move() -> None:
    rules = UltimateRules()
    data = replay_json(rules, replay(rules, read_log(DATA / "seed_example.log"), "seed"))
    json.dumps(data)
    assert [s["state"]["scores"] for s in data["steps"]] == [
        {"X": 1, "O": 0}, {"X": 1, "O": 3}, {"X": 5, "O": 3},
    ]
    assert data["steps"][2]["state"]["last"] == {"mark": "X", "space": "F5", "points": 4, "extra_turn": False}
    assert data["result"] == "unfinished" and data["final"]["to_move"] == "O"


@pytest.mark.parametrize(
    "name, line, message",
    [
        ("illegal_occupied.log", 3, "illegal move 'O F6': F6 already holds an X"),
        ("illegal_turn.log", 2, "illegal move 'X F7': it is O's turn, not X's"),
        ("illegal_skipped_extra_turn.log", 2, "illegal move 'O F6': it is X's turn, not O's"),
        ("illegal_free.log", 3, "illegal move 'O F1': F1 is a free space: it counts as marked and takes no mark"),
        ("illegal_off_board.log", 2, "cannot read 'O L3': 'L3' is off the board (columns A-K, rows 1-11)"),
        ("illegal_garbage.log", 3, "cannot read 'X F 5': expected a mark and a space like 'X E3', got 'X F 5'"),
    ],
)
def test_illegal_logs(name: str, line: int, message: str) -> None:
    with pytest.raises(LogError) as err:
        replay(UltimateRules(), read_log(DATA / name), name)
    assert err.value.line == line
    assert str(err.value) == f"{name}:{line}: {message}"


def test_move_after_the_end() -> None:
    text = (DATA / "small_win.log").read_text() + "O A1\n"
    with pytest.raises(LogError) as err:
        replay_text(text, PLAIN3, "end.log")
    assert str(err.value) == "end.log:11: move 'O A1' after the game has ended"
