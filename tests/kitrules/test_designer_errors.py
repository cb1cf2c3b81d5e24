"""Errors in a designer's rules.py are theirs: one line naming rules.py's line, the method and the move; exit 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.kitrules.helpers import cli, edit, example_log, one_error_line, scaffold

REPLAY = "replay"


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    return scaffold(tmp_path)


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_an_exception_in_play_names_the_line_the_method_and_the_move(kit: Path, tmp_path: Path) -> None:
    rules = kit / "rules.py"
    edit(rules, '            state["stars"][me] += card.stars or 0\n',
         '            state["stars"][me] += card.stars or 0\n            assert card.title != "Wish", "wishes are broken"\n')
    line = one_error_line(cli("replay", "--kit", str(kit), str(example_log(kit, tmp_path))))
    assert f"star-race/rules.py:{line_of(rules, 'wishes are broken')} in play(): AssertionError: wishes are broken" in line
    assert "(playing 'play Wish')" in line


def test_debug_shows_the_designers_traceback(kit: Path) -> None:
    edit(kit / "rules.py", "    def setup(self):\n", "    def setup(self):\n        return {}[0]\n")
    plain = cli("simulate", "--kit", str(kit), "--games", "5")
    assert "in setup(): KeyError: 0 (in setup(), making the state at the start)" in one_error_line(plain)
    debug = cli("--debug", "simulate", "--kit", str(kit), "--games", "5")
    assert debug.exit_code == 1 and "Traceback (most recent call last)" in debug.output and 'rules.py", line' in debug.output


@pytest.mark.parametrize("old, new, message", [
    ("        return [(\"discard\", title) for title in sorted({card.title for card in hand})]",
     "        return []", "moves() listed no move for Player"),
    ("        state[\"to_move\"] = other\n", "        state[\"to_move\"] = 7\n", "to_move() returned 7: expected a player from 0 to 1 or CHANCE"),
    ("                return Outcome(player, f\"reached the goal of {self.params.goal} stars\", tuple(stars))",
     "                return 'won'", "outcome() returned 'won': expected None or Outcome(winner, reason)"),
])
def test_rules_that_contradict_themselves_are_reported(kit: Path, old: str, new: str, message: str) -> None:
    edit(kit / "rules.py", old, new)
    line = one_error_line(cli("simulate", "--kit", str(kit), "--games", "20", "--out", str(kit.parent / "out")))
    assert "star-race/rules.py" in line and message in line, line


def test_a_move_that_play_refuses_is_the_designers_error(kit: Path, tmp_path: Path) -> None:
    edit(kit / "rules.py", "        action, title = move\n",
         "        action, title = move\n        if title == 'Harvest':\n            raise IllegalMove('no harvest today')\n")
    edit(kit / "rules.py", "from printkit.kitrules import CHANCE,", "from printkit.kitrules import IllegalMove, CHANCE,")
    line = one_error_line(cli("replay", "--kit", str(kit), str(example_log(kit, tmp_path))))
    assert "play() refused 'play Harvest', a move the rules offered: no harvest today" in line


def test_a_player_choosing_an_illegal_move_is_reported(kit: Path) -> None:
    edit(kit / "rules.py", "        return max(moves, key=value)", "        return ('play', 'Dragon')")
    line = one_error_line(cli("simulate", "--kit", str(kit), "--games", "5", "--players", "greedy,random"))
    assert "player_greedy chose" in line and "not one of the legal moves" in line


@pytest.mark.parametrize("source, message", [
    ("def broken(:\n", "rules.py:1: SyntaxError"),
    ("import no_such_module_here\n", "rules.py:1: ModuleNotFoundError"),
    ("x = 1\n", "no game in it: write `class MyGame(Game):`"),
    ("from printkit.kitrules import Game\nclass A(Game): pass\nclass B(Game): pass\n", "2 games in it (A, B): say which with GAME"),
])
def test_rules_that_do_not_load_are_one_line(kit: Path, source: str, message: str) -> None:
    (kit / "rules.py").write_text(source)
    assert message in one_error_line(cli("simulate", "--kit", str(kit), "--games", "5"))


def test_an_illegal_line_in_the_rule_sheets_example_names_rules_md(kit: Path, tmp_path: Path) -> None:
    edit(kit / "rules.md", "play Tax Collector   #", "play Dragon   #")
    number = line_of(kit / "rules.md", "play Dragon")
    for command in (["verify"], ["build", "--out", str(tmp_path / "out")]):
        line = one_error_line(cli(*command, "--kit", str(kit)))
        assert f"star-race/rules.md:{number}: illegal move 'play Dragon': not a legal move of Player 2 here" in line
    assert not (tmp_path / "out" / "star-race").exists()


def test_a_kit_without_rules_says_how_to_add_them(tmp_path: Path) -> None:
    assert cli("new", str(tmp_path / "plain")).exit_code == 0
    for command in ("replay", "simulate", "play"):
        args = [command, "--kit", str(tmp_path / "plain")] + ([str(tmp_path / "x.log")] if command == "replay" else [])
        assert "no [game] rules" in one_error_line(cli(*args))


def test_a_game_that_never_ends_is_stopped_at_max_moves(kit: Path) -> None:
    edit(kit / "rules.py", "    def outcome(self, state):\n", "    def outcome(self, state):\n        return None\n")
    edit(kit / "rules.py", "        state[\"to_move\"] = other\n", "        hand.append(card)\n        state[\"to_move\"] = other\n")
    edit(kit / "rules.py", "    players = 2\n", "    players = 2\n    max_moves = 500\n")
    line = one_error_line(cli("simulate", "--kit", str(kit), "--games", "3"))
    assert "a game did not end within 500 moves (max_moves): does every game end? The last moves: play " in line


def test_a_python_file_that_is_not_a_file_is_refused_not_read(kit: Path) -> None:
    import os

    os.mkfifo(kit / "helper.py")
    line = one_error_line(cli("simulate", "--kit", str(kit), "--games", "5"))
    assert "star-race/helper.py: cannot read the file: a FIFO (named pipe), not a regular file" in line
