"""A value refused for what another parameter holds is told as the key the user wrote (with --set, in config.toml, in
kit.toml), naming the other key and where its value came from: the default, a file's table or --set."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.kitrules.helpers import cli, edit, one_error_line, scaffold


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder without config.toml (the built-in defaults)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def config(folder: Path, text: str) -> Path:
    (folder / "config.toml").write_text(text, encoding="utf-8")
    return folder / "config.toml"


def test_a_set_clashing_with_a_default_names_the_set_and_the_default(here: Path) -> None:
    line = one_error_line(cli("build", "--game", "tictactwo", "--set", "games.tictactwo.board_size=3"))
    assert line == ("error: --set: games.tictactwo.board_size: clashes with games.tictactwo.line_length = 4 (the default): "
                    "expected at most board_size (3), got 4")
    line = one_error_line(cli("verify", "--game", "tokentactics", "--set", "games.tokentactics.reserve_cap=3"))
    assert line == ("error: --set: games.tokentactics.reserve_cap: clashes with games.tokentactics.starting_tokens = 10 "
                    "(the default): expected at most reserve_cap (3), got 10")


def test_config_toml_clashing_with_a_default_names_the_key_it_writes(here: Path) -> None:
    config(here, "[games.tictactwo]\nboard_size = 3\n")
    line = one_error_line(cli("build", "--game", "tictactwo"))
    assert line == ("error: config.toml: games.tictactwo.board_size: clashes with games.tictactwo.line_length = 4 "
                    "(the default): expected at most board_size (3), got 4")


NAMED_BOTH = [
    ("[games.tictactwo]\nboard_size = 3\n", ("tictactwo", "games.tictactwo.line_length=4"),
     "error: --set: games.tictactwo.line_length: expected at most board_size (3), got 4 "
     "(with games.tictactwo.board_size = 3 from config.toml's [games.tictactwo])"),
    ("[games.tictactwo]\nline_length = 4\n", ("tictactwo", "games.tictactwo.board_size=3"),
     "error: --set: games.tictactwo.board_size: clashes with games.tictactwo.line_length = 4 from "
     "config.toml's [games.tictactwo]: expected at most board_size (3), got 4"),
    ("[print]\nbleed_mm = 5\n", ("warfare", "print.margin_mm=4"),
     "error: --set: print.margin_mm: clashes with print.bleed_mm = 5 from config.toml's [print]: "
     "expected at most margin_mm (4), got 5: the bleed would run off the paper"),
    (None, ("warfare", "print.margin_mm=4", "print.bleed_mm=5"),
     "error: --set: print.bleed_mm: expected at most margin_mm (4), got 5: the bleed would run off the "
     "paper (with print.margin_mm = 4 from --set)"),
]
"""A --set clashing with config.toml's game or [print] key, or with another --set: config.toml's text (None: none),
the game and the --set items, the error line."""


@pytest.mark.parametrize("config_text, command, expected", NAMED_BOTH)
def test_a_set_clashing_with_config_toml_or_another_set_names_both(here: Path, config_text: str | None,
                                                                   command: tuple[str, ...], expected: str) -> None:
    if config_text is not None:
        config(here, config_text)
    game, *sets = command
    line = one_error_line(cli("build", "--game", game, *(arg for item in sets for arg in ("--set", item))))
    assert line == expected


def test_an_unrelated_set_is_not_named(here: Path) -> None:
    config(here, "[games.tictactwo]\nboard_size = 3\n")
    line = one_error_line(cli("build", "--game", "tictactwo", "--set", "games.tictactwo.cell_mm=50"))
    assert line == ("error: config.toml: games.tictactwo.board_size: clashes with games.tictactwo.line_length = 4 "
                    "(the default): expected at most board_size (3), got 4")


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    """A kit whose hand is at most its goal ([param_limits]) and whose bleed is 5 mm ([print])."""
    folder = scaffold(tmp_path)
    edit(folder / "kit.toml", "goal = 5                    # stars that win the game (the score track's Goal space)\n",
         "goal = 5\n\n[param_limits]\nhand_size = { max = \"goal\" }\n")
    edit(folder / "kit.toml", "[print]                     # any key of config.toml's [print] table\n",
         "[print]\nbleed_mm = 5\n")
    return folder


def test_a_kits_set_clashing_with_kit_toml_names_both(kit: Path) -> None:
    line = one_error_line(cli("simulate", "--kit", str(kit), "--set", "params.goal=2"))
    assert line == (f"error: --set: params.goal: clashes with params.hand_size = 3 from {kit}/kit.toml: "
                    "expected at most params.goal (2), got 3")
    line = one_error_line(cli("build", "--kit", str(kit), "--set", "params.goal=3", "--set", "params.hand_size=4"))
    assert line == ("error: --set: params.hand_size: expected at most params.goal (3), got 4 (with params.goal = 3 "
                    "from --set)")
    line = one_error_line(cli("build", "--kit", str(kit), "--set", "print.margin_mm=4"))
    assert line == (f"error: --set: print.margin_mm: clashes with print.bleed_mm = 5 from {kit}/kit.toml's [print]: "
                    "expected at most margin_mm (4), got 5: the bleed would run off the paper")


def test_a_kits_own_check_names_the_set_it_refuses(tmp_path: Path) -> None:
    from tests.kitrules.test_param_hooks import kit_with_hooks

    folder = kit_with_hooks(tmp_path)
    line = one_error_line(cli("simulate", "--kit", str(folder), "--set", "params.hand_size=6"))
    assert line == (f"error: --set: params.hand_size: clashes with params.goal = 5 from {folder}/kit.toml: "
                    "expected at least hand_size (6), got 5")
