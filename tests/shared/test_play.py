"""``printkit play``: every game against the computer with the same options, logs that replay."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.games import available, get_game
from printkit.rules.terminal import Console, EndOfInput, GameLog, MovePicker


def play(*args: str, script: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, ["play", *args], input=script)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def replay_result(game: str, log: Path) -> str:
    result = CliRunner().invoke(main, ["replay", "--game", game, str(log)])
    assert result.exit_code == 0, result.output
    return result.output.strip().splitlines()[-1]


def test_every_game_has_a_terminal_game_and_a_strongest_player() -> None:
    for name in available():
        spec = get_game(name)
        assert spec.play is not None and spec.strongest in spec.players


def test_sitters_vs_computer_plays_to_the_end_and_logs_a_replayable_game(tmp_path: Path) -> None:
    log = tmp_path / "sitters.log"
    code, out = play("--game", "sitters", "--vs-computer", "--seed", "3", "--log", str(log), script="1\n" * 3000)
    assert code == 0 and "unknown computer player" not in out
    assert "the computer (basic) plays the obstructors" in out
    assert replay_result("sitters", log).startswith("result: obstructors wins")


def test_warfare_against_the_computer_by_number_and_by_notation(tmp_path: Path) -> None:
    log = tmp_path / "warfare.log"
    script = "C3\n" + "list\n1\n" * 40
    code, out = play("--game", "warfare", "--vs-computer", "--seed", "3", "--log", str(log), script=script)
    assert code == 0
    assert "the computer (greedy) plays O" in out and "computer: O " in out
    lines = log.read_text().splitlines()
    assert lines[0].startswith("# Tic Tac Warfare") and lines[1] in ("first X", "first O")
    assert "X C3" in lines
    final = out.strip().splitlines()[-1]
    assert final.startswith("result: ") and final == replay_result("warfare", log)


def test_side_and_computer_choose_seat_and_player(tmp_path: Path) -> None:
    code, out = play("--game", "warfare", "--side", "X", "--computer", "random", "--seed", "1", script="")
    assert code == 1 and "the computer (random) plays X" in out and out.strip().endswith("the game is abandoned.")
    code, out = play("--game", "sitters", "--side", "1", "--seed", "2", script="1\n" * 400)
    assert "computer: " in out


@pytest.mark.parametrize("args, message", [
    (["--game", "warfare", "--computer", "genius"], "error: --computer: unknown player 'genius' for warfare (known: greedy, mcts, random)"),
    (["--game", "sitters", "--side", "3"], "error: --side: unknown computer side '3' (expected 1, 2, 'collectors' or 'obstructors')"),
])
def test_bad_options_are_one_line(args: list[str], message: str) -> None:
    code, out = play(*args)
    assert code == 1 and out.strip() == message


@pytest.mark.parametrize("game", ["warfare", "ultimate", "sitters", "tictactwo", "tokentactics"])
def test_every_game_vs_computer_survives_garbage_and_end_of_input(game: str, tmp_path: Path) -> None:
    log = tmp_path / "game.log"
    code, out = play("--game", game, "--vs-computer", "--seed", "1", "--log", str(log),
                     script="zz top\n\x00\x7f\n999999\n-1\nlist nothing-matches\n\n")
    assert code == 1 and "Traceback" not in out
    assert log.read_text().startswith(f"# {get_game(game).title}")
    assert replay_result(game, log).startswith("unfinished") or "result" in replay_result(game, log)


def test_tokentactics_full_game_log_replays(tmp_path: Path) -> None:
    log = tmp_path / "tt.log"
    code, out = play("--game", "tokentactics", "--vs-computer", "--seed", "4", "--log", str(log), script="2\n3\n" * 60)
    assert code == 0
    assert replay_result("tokentactics", log).startswith("result: ")


def test_move_picker_reads_numbers_notation_and_lists() -> None:
    from printkit.games.warfare import Params, WarfareRules

    rules = WarfareRules(Params())
    state = rules.apply(rules.initial_state(), rules.parse_move(rules.initial_state(), "first X"))
    picker = MovePicker(rules, state, "X")
    assert not picker.listed and len(picker.moves) > 1000
    assert rules.format_move(state, picker.pick("c3")) == "X C3"
    assert picker.listing("shield")[0].strip().startswith("1)")
    assert rules.format_move(state, picker.pick("1")).startswith("X ")
    with pytest.raises(ValueError, match="not an option"):
        picker.pick("100000")
    console = Console(io.StringIO(""), io.StringIO())
    with pytest.raises(EndOfInput):
        console.ask()
    GameLog(None).write()
