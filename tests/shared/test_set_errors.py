"""Every command that takes --set refuses a misspelt key, a value of the wrong type and one out of its limits with the
same one line (``error: --set: KEY: ...``), exit 1, before any work: watch too (no edit of a watched file mends the
command line)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.kitrules.helpers import cli, edit, one_error_line, scaffold

COMMANDS = ["build", "verify", "simulate", "balance", "play", "replay", "export", "watch", "calibrate"]

PRINT_ERRORS = [
    ("print.bleed_mx=2", "error: --set: print.bleed_mx: unknown key (did you mean 'bleed_mm'? known keys: back_offset_x_mm, "
                         "back_offset_y_mm, bleed_mm, butted, card_gap, card_height_mm, card_width_mm, colours, crop_marks, "
                         "duplex_flip, font, margin_mm, mark_length_mm, mark_offset_mm, mark_width_mm, paper, preview_dpi, "
                         "printer_margin_mm, safe_mm, tile_overlap_mm)"),
    ("print.bleed_mm=wide", "error: --set: print.bleed_mm: expected a number, got 'wide'"),
    ("print.bleed_mm=99", "error: --set: print.bleed_mm: expected 0 to 6, got 99"),
]
GAME_ERRORS = [
    ("games.warfare.board_sise=5", "error: --set: games.warfare.board_sise: unknown key (did you mean 'board_size'? known "
                                   "keys: abilities, board_size, cell_mm, colour_o, colour_x, example_log, "
                                   "fortress_victory, line_length, player_o, player_x, territory_victory, token_mm)"),
    ("games.warfare.board_size=six", "error: --set: games.warfare.board_size: expected an integer, got 'six'"),
    ("games.warfare.board_size=99", "error: --set: games.warfare.board_size: expected 3 to 20, got 99"),
]
KIT_ERRORS = [
    ("params.hand_sise=5", "error: --set: params.hand_sise: unknown key (did you mean 'hand_size'? known keys: goal, "
                           "hand_size, start_coins) (in {kit}/kit.toml)"),
    ("params.hand_size=six", "error: --set: params.hand_size: expected a number, as kit.toml writes it (3), got 'six' "
                             "(in {kit}/kit.toml)"),
    ("params.hand_size=99", "error: --set: params.hand_size: expected 1 to 8, got 99 (in {kit}/kit.toml)"),
]


def command_line(command: str, chosen: list[str], tmp_path: Path) -> list[str]:
    """``command`` with what it needs besides --set: a game or kit, a log, an export target, an output folder."""
    log = tmp_path / "game.log"
    log.write_text("first X\n", encoding="utf-8")
    extra = {"replay": [str(log)], "export": ["--to", "tts"], "play": ["--vs-computer"]}.get(command, [])
    out = [] if command in ("replay", "play") else ["--out", str(tmp_path / "out")]
    return [command, *([] if command == "calibrate" else chosen), *extra, *out]


@pytest.fixture(autouse=True)
def no_watching(monkeypatch: pytest.MonkeyPatch) -> None:
    """A watch that starts watching fails the test instead of running on."""

    def watching(self: object) -> None:
        raise AssertionError("watch started watching instead of refusing the --set")

    monkeypatch.setattr("printkit.watch.Watcher.run", watching)


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The scaffold with rules, its hand limited to 1-8 cards ([param_limits])."""
    folder = scaffold(tmp_path_factory.mktemp("kit"))
    edit(folder / "kit.toml", "goal = 5                    # stars that win the game (the score track's Goal space)\n",
         "goal = 5\n\n[param_limits]\nhand_size = { min = 1, max = 8 }\n")
    return folder


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("item, message", PRINT_ERRORS + GAME_ERRORS)
def test_a_bad_set_is_one_line_for_every_command_of_a_game(command: str, item: str, message: str, tmp_path: Path) -> None:
    result = cli(*command_line(command, ["--game", "warfare"], tmp_path), "--set", item, input="")
    assert one_error_line(result) == message
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", [c for c in COMMANDS if c != "calibrate"])
@pytest.mark.parametrize("item, message", KIT_ERRORS)
def test_a_bad_set_is_one_line_for_every_command_of_a_kit(command: str, item: str, message: str, kit: Path,
                                                          tmp_path: Path) -> None:
    result = cli(*command_line(command, ["--kit", str(kit)], tmp_path), "--set", item, input="")
    assert one_error_line(result) == message.format(kit=kit)
    assert not (tmp_path / "out").exists()
