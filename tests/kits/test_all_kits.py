"""Every game's kit: builds twice to identical bytes, prints cleanly, and its PDFs are print-ready."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from printkit.build import build
from printkit.cli import main
from printkit.config import load_config
from printkit.errors import ConfigError
from printkit.games import available, get_game
from tests.conftest import assert_print_ready

GAMES = [name for name in available() if get_game(name).kit is not None]


def test_every_game_has_a_kit() -> None:
    assert GAMES == ["warfare", "ultimate", "sitters", "tictactwo", "tokentactics"]


@pytest.mark.parametrize("game", GAMES)
def test_kit_is_deterministic_checked_and_print_ready(game: str, tmp_path: Path) -> None:
    config = load_config(None, ("print.paper=letter",))
    first = build(config, game, tmp_path / "one")
    second = build(config, game, tmp_path / "two")
    assert not [f for f in first.findings if f.level == "error"], first.findings
    assert first.files.keys() == second.files.keys()
    for name in first.files:
        assert (first.folder / name).read_bytes() == (second.folder / name).read_bytes(), name
    for pdf in ("kit.pdf", "rules.pdf"):
        for page in PdfReader(io.BytesIO((first.folder / pdf).read_bytes())).pages:
            assert_print_ready(page, (215.9, 279.4))
    first_page = PdfReader(io.BytesIO((first.folder / "kit.pdf").read_bytes())).pages[0].extract_text()
    assert "PRINT AT 100% / ACTUAL SIZE" in first_page
    rules = (first.folder / "rules.md").read_text()
    assert "## Clarifications" in rules and "example" in rules.lower()
    assert (first.folder / "artwork").is_dir() and any((first.folder / "artwork").glob("*.svg"))


@pytest.mark.parametrize("game", ["tictactwo", "ultimate"])
def test_a_name_the_font_cannot_print_is_refused_naming_the_key(game: str, tmp_path: Path) -> None:
    """The name patterns take any character; Vera has no 'ē' and the rule sheet's check failed the build. The name is
    refused before anything is written, in one error naming the key and the character; a name Vera prints builds."""
    result = CliRunner().invoke(main, ["build", "--game", game, "--out", str(tmp_path),
                                       "--set", f'games.{game}.player_o="Ælfrēd"'])
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert result.exit_code != 0 and "Traceback" not in result.output and not (tmp_path / game).exists()
    assert len(errors) == 1 and f"games.{game}.player_o" in errors[0] and "'ē' (U+0113)" in errors[0], result.output
    assert load_config(None, (f'games.{game}.player_o="Ünïcødé Ælfred"',))  # Latin-1 names are printable


@pytest.mark.parametrize("game", ["warfare", "ultimate", "tictactwo"])
def test_two_players_of_one_name_are_refused(game: str) -> None:
    """Ultimate alone took player_o = player_x ("X: score card" printed for both players, the rule sheet's results
    naming nobody); every game refuses it, naming the key."""
    with pytest.raises(ConfigError, match="player_o: expected a name (other than|different from) player_x"):
        load_config(None, (f'games.{game}.player_x="Ann"', f'games.{game}.player_o="Ann"'))
