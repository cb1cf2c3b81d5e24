"""An example game that names no parameters is written for kit.toml's own: under others (``--set``, config.toml's
``[games.NAME]``) that its moves no longer fit, it is left off the rule sheet with a note and the kit is built; under
kit.toml's own parameters an illegal example is still an error. The built-in games' examples are read so too: every
value a designer may set builds (Clarifications: the worked example is the seed's, for the seed's numbers)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.kitrules.helpers import cli, edit, one_error_line, scaffold

LEFT_OFF = "the example game is written for kit.toml's parameters and data files and does not replay under these"


@pytest.mark.parametrize("game, setting, differ", [
    ("tictactwo", "actions_each=2", "params.actions_each is 2, the example's 3"),
    ("tictactwo", "line_length=3", "params.line_length is 3, the example's 4"),
    ("sitters", "collectors=1", "params.collectors is 1, the example's 4"),
    ("sitters", "die_sides=2", "params.die_sides is 2, the example's 6"),
    ("tokentactics", "starting_tokens=1", "params.starting_tokens is 1, the example's 10"),
])
def test_a_built_in_game_whose_example_no_longer_fits_builds_without_it(tmp_path: Path, game: str, setting: str,
                                                                        differ: str) -> None:
    result = cli("build", "--game", game, "--set", f"games.{game}.{setting}", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    sheet = (tmp_path / game / "rules.md").read_text()
    assert "Worked example" not in sheet and "```game" not in sheet
    assert not (tmp_path / game / "example.log").exists()
    verify = cli("verify", "--game", game, "--set", f"games.{game}.{setting}")
    notes = [line for line in verify.output.splitlines() if LEFT_OFF in line]
    assert verify.exit_code == 0 and len(notes) == 1 and f"({differ}; " in notes[0], verify.output
    assert notes[0].startswith("note: ") and notes[0].endswith("): it is left off the rule sheet with its figures")


@pytest.mark.parametrize("cell", ["data.cards.Harvest.quantity=0", "data.cards.Wish.quantity=9"])
def test_a_designer_s_example_is_left_off_under_a_set_data_cell_that_it_no_longer_fits(tmp_path: Path, cell: str) -> None:
    """A deck of other cards (``--set data...``, as ``balance --sweep`` sets them) deals another shuffle: the example
    written for the data files is left off with a note naming the cell, as under other parameters (the build failed)."""
    folder = scaffold(tmp_path)
    result = cli("build", "--kit", str(folder), "--set", cell, "--out", str(tmp_path / "o"))
    assert result.exit_code == 0, result.output
    assert "```game" not in (tmp_path / "o/star-race/rules.md").read_text()
    verify = cli("verify", "--kit", str(folder), "--set", cell)
    notes = [line for line in verify.output.splitlines() if LEFT_OFF in line]
    key, value = cell.split("=")
    assert verify.exit_code == 0 and len(notes) == 1 and f"({key} is '{value}'; " in notes[0], verify.output


def test_a_designer_s_example_is_left_off_under_a_set_and_an_error_under_kit_toml_s_own(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    result = cli("build", "--kit", str(folder), "--set", "params.start_coins=0", "--out", str(tmp_path / "o"))
    assert result.exit_code == 0, result.output
    assert "```game" not in (tmp_path / "o/star-race/rules.md").read_text()
    verify = cli("verify", "--kit", str(folder), "--set", "params.start_coins=0")
    assert verify.exit_code == 0 and "rules.md:41: illegal move 'play Market Day'" in verify.output, verify.output
    edit(folder / "kit.toml", "start_coins = 2 ", "start_coins = 0 ")  # kit.toml's own: the example must fit them
    line = one_error_line(cli("build", "--kit", str(folder), "--out", str(tmp_path / "own")))
    assert "rules.md:41: illegal move 'play Market Day'" in line and LEFT_OFF not in line, line
