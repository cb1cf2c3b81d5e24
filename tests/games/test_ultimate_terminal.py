"""The terminal game of Ultimate Tic-Tac-Toe, scripted through string streams."""

from __future__ import annotations

import io

import pytest

from printkit.games import get_game, params_class
from printkit.games.ultimate.rules import MARKS
from printkit.rules.seats import PlayError, computer_seat

SPEC = get_game("ultimate")
Params = params_class("ultimate")

PLAIN3 = Params(board_size=3, extra_turn=(), triple=(), double=(), free=())


def run(params: Params, text: str, computer: str | None = None) -> tuple[int, str]:
    out = io.StringIO()
    assert SPEC.play is not None
    code = SPEC.play(params, input_stream=io.StringIO(text), output_stream=out, seed=1, computer=computer)
    return code, out.getvalue()


def test_two_players_full_game() -> None:
    code, out = run(PLAIN3, "A1\nB1\nC1\nA2\nB2\nC2\nA3\nB3\nC3\n")
    assert code == 0
    assert out.rstrip().endswith("X 21, O 20; last: X C3 scored 6; board full, X wins")


def test_bad_answers_are_asked_again() -> None:
    code, out = run(PLAIN3, "A1\nA1\nZ1\nX B1\nB1\n")
    assert code == 1
    assert "\n> A1\nA1 already holds an X\n" in out
    assert "'Z1' is off the board (columns A-C, rows 1-3)" in out
    assert "it is O's turn, not X's" in out
    assert out.rstrip().endswith("Input ended before the game was over: the game is abandoned.")


def test_computer_plays_greedy() -> None:
    code, out = run(Params(), "F6\n", computer="O")
    assert code == 1
    assert "> F6\n" in out and "X 1, O 3; last: O " in out


def test_computer_seat_names() -> None:
    assert computer_seat(("Ann", "Bob"), "2") == 1 and computer_seat(("Ann", "Bob"), "ann") == 0
    assert computer_seat(("Ann", "Bob"), "x", MARKS) == 0 and computer_seat(("Ann", "Bob"), None) is None
    with pytest.raises(PlayError, match="unknown computer side 'Eve'"):
        computer_seat(("Ann", "Bob"), "Eve")
