"""Tic Tac Two: golden logs replayed move by move, illegal logs, replay_json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printkit.errors import LogError
from printkit.games import get_game, params_class
from printkit.rules.example import builtin_text
from printkit.rules.log import LogLine, parse_log, read_log
from printkit.rules.replay import replay, replay_json

SPEC = get_game("tictactwo")
Params = params_class("tictactwo")


def TicTacTwo(params: object = None):  # type: ignore[no-untyped-def]  # noqa: N802
    """The rules engine for ``params`` (default: the defaults)."""
    return SPEC.rules(params if params is not None else Params())


DATA = Path(__file__).parent.parent / "data" / "tictactwo"
GAMES = {
    "example": Params(),
    "void_game": Params(void=True),
    "meta_game": Params(meta=True),
    "swap_draw": Params(),
}


def lines_of(name: str) -> list[LogLine]:
    return parse_log(builtin_text("tictactwo")) if name == "example" else read_log(DATA / f"{name}.log")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_log_state_after_every_move(name: str) -> None:
    rules = TicTacTwo(GAMES[name])
    game = replay(rules, lines_of(name), name)
    expected = json.loads((DATA / f"{name}.states.json").read_text())
    assert len(game.steps) == len(expected["steps"])
    for step, want in zip(game.steps, expected["steps"]):
        got = rules.state_json(step.state)
        assert (step.line.number, "XO"[step.state.to_move]) == (want["line"], want["to_move"])
        assert (got["board"], got["walls"]) == (want["board"], want["walls"]), step.line.text
    assert rules.state_json(game.final)["result"] == expected["result"]
    for step in game.steps[:-1]:
        assert rules.outcome(step.state) is None


def board_after(name: str, line: int) -> dict[str, str]:
    rules = TicTacTwo(GAMES[name])
    game = replay(rules, lines_of(name), name)
    state = next(s.state for s in game.steps if s.line.number == line)
    return {k: v for k, v in zip(rules.geo.names, rules.state_json(state)["board"]) if v}


def test_example_key_moves() -> None:
    assert board_after("example", 12) == {"B2": "X", "C3": "*XO"}
    assert board_after("example", 15) == {"B2": "X", "C3": "*XO", "B3": "O", "A3": "X", "A4": "O", "D4": "O^x"}
    assert board_after("example", 19) == {
        "A1": "O", "B1": "X", "B2": "X", "A3": "X", "B3": "X", "C3": "*XO", "A4": "O", "D4": "O^x",
    }
    game = replay(TicTacTwo(), parse_log(builtin_text("tictactwo")), "example.log")
    assert game.outcome is not None and (game.outcome.winner, game.outcome.reason) == (0, "line of 4")
    assert game.steps[-1].line.text == "X D3"


def test_void_game_key_moves() -> None:
    assert board_after("void_game", 12)["C2"] == "###"
    assert board_after("void_game", 14)["D3"] == "###"
    assert board_after("void_game", 15)["A3"] == "X^o"
    assert board_after("void_game", 17)["A3"] == "O"
    assert board_after("void_game", 21)["B1"] == "O"


def test_replay_json_of_the_example() -> None:
    rules = TicTacTwo()
    data = replay_json(rules, replay(rules, parse_log(builtin_text("tictactwo")), "example.log"))
    assert (data["moves"], data["result"], data["winner"], data["reason"]) == (17, "win", "X", "line of 4")
    assert data["final"]["cells"]["C3"] == {"letters": "XO", "intersect": True, "void": False, "dibs": None}
    assert data["final"]["cells"]["D4"] == {"letters": "O", "intersect": False, "void": False, "dibs": "X"}
    assert data["final"]["unused"] == {"X": [], "O": []}
    assert data["steps"][8]["move"] == "X intersect C3, C3"
    json.dumps(data)


DRAFT = "O picks swap\nX picks wall\nO picks shift\nX picks dibs\nO picks double\nX picks intersect\n"


@pytest.mark.parametrize(
    ("body", "line", "reason"),
    [
        ("O picks swap\nX picks swap\n", 2, "illegal move 'X picks swap': swap is already held by O"),
        ("X picks swap\n", 1, "illegal move 'X picks swap': it is O's turn, not X's"),
        (DRAFT + "# first turn\nX wall B2|C2, A1\n", 8, "first turn is a letter only"),
        (DRAFT + "X B2\nO C3\nX B2\n", 9, "illegal move 'X B2': B2 is taken"),
        (DRAFT + "X B2\nO C3\nX shift row 2 right, A1\n", 9, "shift is not among your unused actions"),
        (DRAFT + "X B2\nO C3\nX dibs C3\n", 9, "a turn must end with a letter"),
        (DRAFT + "X B2\nO C3\nX B9\n", 9, "cannot read 'X B9': 'B9' is off the board"),
        (DRAFT + "X B2\n\nO swap B2 C3, A1\n", 9, "first turn is a letter only"),
        ("O picks swap\nO void B2\n", 2, "voids are placed only before play"),
    ],
)
def test_illegal_logs_name_the_line_and_reason(body: str, line: int, reason: str) -> None:
    with pytest.raises(LogError) as info:
        replay(TicTacTwo(), parse_log(body), "bad.log")
    assert info.value.line == line
    assert reason in str(info.value)
    assert str(info.value).startswith(f"bad.log:{line}: ")


def test_moves_after_the_end_are_refused() -> None:
    text = builtin_text("tictactwo") + "O C4\n"
    with pytest.raises(LogError, match="move 'O C4' after the game has ended"):
        replay(TicTacTwo(), parse_log(text), "long.log")
