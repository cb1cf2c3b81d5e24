"""The Token Tactics terminal game, driven through io.StringIO."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

import pytest

from printkit.games import get_game
from printkit.rules.seats import PlayError, computer_seat
from printkit.rules.terminal import ABANDONED
from tests.games.tokentactics_helpers import Params, play

DATA = Path(__file__).parent.parent / "data" / "tokentactics"
SEED_INPUTS = [1, 2, 3, 2, 2, 5, 4, 2, 3, 0, 1, 2, 3, 2]


def run(answers: Sequence[object], params: Params | None = None, **options: object) -> tuple[int, str]:
    """Exit code and output of a game fed ``answers`` one per line."""
    out = io.StringIO()
    text = "".join(f"{a}\n" for a in answers)
    code = play(params or Params(), input_stream=io.StringIO(text), output_stream=out, **options)  # type: ignore[arg-type]
    return code, out.getvalue()


def test_seed_transcript_character_for_character() -> None:
    transcript = (DATA / "transcript.txt").read_text(encoding="utf-8")
    head, tail = transcript.split("[...game continues as in the example above...]\n")
    code, output = run(SEED_INPUTS)
    assert code == 0
    assert output[: len(head)] == head
    assert output.endswith(tail) and tail == "\nGame Over!\nPlayer 2 wins by capturing all of Player 1's tokens.\n"


def test_seed_game_full_output() -> None:
    code, output = run(SEED_INPUTS)
    assert code == 0
    assert output == (DATA / "terminal_example.txt").read_text(encoding="utf-8")
    assert "Updated Reserves:\n- Player 1 Tokens: 4\n- Player 2 Tokens: 3\n" in output
    assert "Updated Reserves:\n- Player 1 Tokens: 1\n- Player 2 Tokens: 3\n" in output


def test_spec_play_is_this_function() -> None:
    assert get_game("tokentactics").play is play


def test_bad_action_answers_are_refused_and_asked_again() -> None:
    code, output = run(["x", 3, "", 1] + SEED_INPUTS[1:])
    assert code == 0
    question = "Choose an action: (1) Fortify, (2) Attack\n"
    assert output.split("Player 1's Turn:\n", 1)[1].startswith(
        question + "> x\n'x' is not a number: enter 1 (Fortify) or 2 (Attack).\n"
        + question + "> 3\n'3' is out of range: enter 1 (Fortify) or 2 (Attack).\n"
        + question + "> \n'' is not a number: enter 1 (Fortify) or 2 (Attack).\n"
        + question + "> 1\nYou chose to Fortify.\n")


def test_bad_commitments_are_refused_and_asked_again() -> None:
    code, output = run([2, 0, 11, "3.5", 4, 12, -1, 10])
    assert code == 0
    commit = "Enter the number of tokens to commit (1-10):\n"
    defend = "Player 2, enter the number of tokens to defend with (0-10):\n"
    assert (commit + "> 0\n'0' is out of range: enter a number from 1 to 10.\n"
            + commit + "> 11\n'11' is out of range: enter a number from 1 to 10.\n"
            + commit + "> 3.5\n'3.5' is not a number: enter a number from 1 to 10.\n"
            + commit + "> 4\n" + defend + "> 12\n'12' is out of range: enter a number from 0 to 10.\n"
            + defend + "> -1\n'-1' is not a number: enter a number from 0 to 10.\n"
            + defend + "> 10\n") in output


def test_fortify_at_the_cap_is_refused() -> None:
    code, output = run([1] * 10 + [1, 2, 15, 15])
    assert code == 0
    assert ("> 1\nYou cannot Fortify: your reserve (15) is at the cap of 15 tokens.\n"
            "Choose an action: (1) Fortify, (2) Attack\n> 2\nYou chose to Attack.\n") in output


def test_attack_below_the_minimum_is_refused() -> None:
    code, output = run([2, 1, 2, 2], Params(starting_tokens=1, reserve_cap=5, minimum_attack=2))
    assert code == 1
    assert "> 2\nYou cannot Attack: you need at least 2 tokens to attack.\n" in output


def test_defender_win_wording() -> None:
    code, output = run([2, 4, 10])
    assert code == 0
    assert output.endswith(
        "Reveal:\n- Attacker committed 4 tokens.\n- Defender committed 10 tokens.\nDefender wins the battle!\n"
        "Player 2 takes 6 tokens from Player 1.\n\nUpdated Reserves:\n- Player 1 Tokens: 0\n"
        "- Player 2 Tokens: 6\n\nGame Over!\nPlayer 2 wins by capturing all of Player 1's tokens.\n")


def test_tie_wording_and_both_empty_ending() -> None:
    code, output = run([2, 1, 1, 2, 9, 9])
    assert code == 0
    assert ("- Attacker committed 1 token.\n- Defender committed 1 token.\n"
            "It's a tie, so the defender wins the battle!\nPlayer 2 takes 0 tokens from Player 1.\n") in output
    assert output.endswith("- Player 1 Tokens: 0\n- Player 2 Tokens: 0\n\nGame Over!\n"
                           "Player 1 wins: both reserves are empty and Player 1 won the last battle.\n")


def test_end_of_input_stops_with_exit_code_1() -> None:
    code, output = run([1, 2, 3])
    assert code == 1
    assert output.endswith("Player 1, enter the number of tokens to defend with (0-11):\n> \n\n" + ABANDONED + "\n")
    assert ABANDONED == "Input ended before the game was over: the game is abandoned."
    code, output = run([])
    assert code == 1 and output.endswith("Choose an action: (1) Fortify, (2) Attack\n> \n\n" + ABANDONED + "\n")


class SecretReader:
    """A stand-in for a no-echo reader: records prompts, hands out answers, EOF when empty."""

    def __init__(self, answers: list[str]) -> None:
        self.answers: list[str] = list(answers)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)


def test_secret_reader_hides_both_commitments() -> None:
    reader = SecretReader(["3", "77", "2"])
    out = io.StringIO()
    code = play(Params(), input_stream=io.StringIO("1\n2\n"), output_stream=out, read_secret=reader)
    output = out.getvalue()
    assert code == 1 and reader.prompts == ["> ", "> ", "> "]
    assert ("Enter the number of tokens to commit (1-10):\n"
            "Player 1, enter the number of tokens to defend with (0-11):\n"
            "That is out of range: enter a number from 0 to 11.\n"
            "Player 1, enter the number of tokens to defend with (0-11):\n"
            "Reveal:\n- Attacker committed 3 tokens.\n- Defender committed 2 tokens.\n") in output
    assert "77" not in output and output.endswith("\n" + ABANDONED + "\n")
    out = io.StringIO()
    code = play(Params(), input_stream=io.StringIO("2\n"), output_stream=out, read_secret=SecretReader([]))
    assert code == 1 and out.getvalue().endswith("Enter the number of tokens to commit (1-10):\n\n" + ABANDONED + "\n")


def test_computer_defends_without_seeing_the_attack() -> None:
    code, output = run([2, 3], computer="2")
    assert code == 0
    assert ("Player 2, enter the number of tokens to defend with (0-10):\n> (secret)\nReveal:\n"
            "- Attacker committed 3 tokens.\n- Defender committed 10 tokens.\nDefender wins the battle!\n") in output


def test_computer_takes_a_turn_in_the_same_layout() -> None:
    code, output = run([2, 3, 1], computer="Player 2")
    assert code == 0
    code, output = run([1, 9, 2, 9], computer="player 2", seed=4)
    assert ("Player 2's Turn:\nChoose an action: (1) Fortify, (2) Attack\n> 1\n"
            "Player 2 chose to Fortify.\nPlayer 2 adds 1 token to their reserve.\n") in output
    code, output = run([11, 10, 1] * 3, computer="1")
    assert output.startswith("---- Token Tactics ----\nPlayer 1 Tokens: 10\nPlayer 2 Tokens: 10\n\n"
                             "Player 1's Turn:\nChoose an action: (1) Fortify, (2) Attack\n> 1\n"
                             "Player 1 chose to Fortify.\nPlayer 1 adds 1 token to their reserve.\n")


def test_computer_attacks_in_secret() -> None:
    # Both fortify to the cap; the computer (Player 1) must then attack, committing everything.
    code, output = run([1] * 5 + [0], computer="1")
    assert ("Player 1's Turn:\nChoose an action: (1) Fortify, (2) Attack\n> 2\nPlayer 1 chose to Attack.\n"
            "Enter the number of tokens to commit (1-15):\n> (secret)\n"
            "Player 2, enter the number of tokens to defend with (0-15):\n> 0\nReveal:\n"
            "- Attacker committed 15 tokens.\n- Defender committed 0 tokens.\nAttacker wins the battle!\n"
            "Player 1 takes 15 tokens from Player 2.\n") in output
    assert code == 0 and output.endswith("Player 1 wins by capturing all of Player 2's tokens.\n")


def test_computer_seat_names() -> None:
    names = ("Ann", "Bob")
    assert [computer_seat(names, c) for c in (None, "1", "2", "p2", "bob", " ANN ")] == [None, 0, 1, 1, 1, 0]
    with pytest.raises(PlayError, match=r"^unknown computer side '3' \(expected 1, 2, 'Ann' or 'Bob'\)$"):
        computer_seat(names, "3")


def test_player_names_from_params() -> None:
    code, output = run([1], Params(player_names=("Ann", "Bob")))
    assert output.startswith("---- Token Tactics ----\nAnn Tokens: 10\nBob Tokens: 10\n\nAnn's Turn:\n")
    assert "Ann adds 1 token to their reserve.\n\nBob's Turn:\n" in output and code == 1
