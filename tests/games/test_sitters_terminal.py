"""The SiTTeRS terminal game, driven by a script on standard input with a seed."""

from __future__ import annotations

import io

from click.testing import CliRunner

from printkit.cli import main
from tests.games.sitters_helpers import Params, play


def run(script: str, seed: int = 3, computer: str | None = None) -> tuple[int, str]:
    """A game against the computer playing the obstructors (``printkit play --game sitters --vs-computer``)."""
    out = io.StringIO()
    rc = play(Params(), input_stream=io.StringIO(script), output_stream=out, seed=seed, seat=1, player=computer)
    return rc, out.getvalue()


def test_scripted_game_to_the_end() -> None:
    rc, text = run("A1\nD1\nE1\nF1\nG1\n" + "1\n" * 3000)
    lines = text.splitlines()
    assert rc == 0
    assert lines[0] == ("SiTTeRS: you lead the collectors; the computer (basic) plays the "
                        "obstructors.")
    assert "'A1': A1 is not a free X space; try again" in lines
    assert lines.count("> D1") == 1 and lines.count("> G1") == 1
    assert "obstructors: place container H7" in lines
    assert "collectors roll 4" in lines
    assert "battle on B1: collector 1, obstructor 5: the collector is defeated" in lines
    assert lines[-1] == ("game over: score 10 (0 survivors, 2 loot) is below 50; winner: the "
                         "obstructors")
    assert text.count("your choice") == 23


def test_same_seed_same_transcript() -> None:
    assert run("1\n" * 3000, seed=8) == run("1\n" * 3000, seed=8)


def test_bad_input_is_refused_with_the_reason() -> None:
    rc, text = run("hello\n0\nZ9\nA4 > D4\nroll 9\n")
    assert rc == 1
    lines = text.splitlines()
    assert lines[-1] == "end of input: the game is abandoned"
    assert "'0': not an option (1-34); try again" in lines
    assert "'Z9': 'Z9' is not a space of the map (columns A-K, rows 1-7); try again" in lines
    assert "'A4 > D4': the collectors must place a container, not a move; try again" in lines
    assert "'roll 9': the collectors must place a piece, not roll; try again" in lines
    assert any(line.startswith("'hello': expected 'roll N'") for line in lines)


def test_end_of_input_and_unknown_computer() -> None:
    rc, text = run("")
    assert rc == 1 and text.splitlines()[-1] == "end of input: the game is abandoned"
    result = CliRunner().invoke(main, ["play", "--game", "sitters", "--computer", "genius"], input="")
    assert result.exit_code == 1
    assert result.output == "error: --computer: unknown player 'genius' for sitters (known: basic, mcts, random)\n"


def test_random_computer() -> None:
    rc, text = run("1\n" * 3000, seed=5, computer="random")
    assert rc == 0 and "the computer (random) plays the obstructors" in text
