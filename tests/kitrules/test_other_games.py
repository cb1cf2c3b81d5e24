"""A second kit with rules, unlike the scaffold: three players, dice, a track the rules place pieces on."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import render_pdf_page
from tests.kitrules.helpers import cli, one_error_line

RACE = Path(__file__).parent / "race"


def test_a_three_player_dice_game_verifies_replays_and_plays(tmp_path: Path) -> None:
    kit = shutil.copytree(RACE, tmp_path / "race")
    assert cli("verify", "--kit", str(kit)).output.strip() == "dice-race: 0 errors, 0 warnings"
    log = tmp_path / "game.log"
    log.write_text("roll 3\ngo\nroll 2\ngo\nroll 1\nstay\nroll 3\ngo\n")
    replayed = cli("replay", "--kit", str(kit), str(log))
    assert replayed.exit_code == 0 and "at: Red: 6; Green: 2; Blue: 0" in replayed.output
    log.write_text("roll 4\n")
    assert "game.log:1: illegal move 'roll 4': chance decides here: expected one of roll 1, roll 2, roll 3" in one_error_line(cli("replay", "--kit", str(kit), str(log)))
    played = cli("play", "--kit", str(kit), "--side", "3", "--seed", "2", input="2\n" * 200)
    assert played.exit_code == 0 and "result: " in played.output and "computer: " in played.output
    assert "a game of 3 players: simulate and balance seat two players" in one_error_line(cli("simulate", "--kit", str(kit)))


def test_the_rule_sheet_draws_the_example_position_on_the_kits_track(tmp_path: Path) -> None:
    kit = shutil.copytree(RACE, tmp_path / "race")
    out = tmp_path / "out"
    assert cli("build", "--kit", str(kit), "--out", str(out)).exit_code == 0
    page = render_pdf_page((out / "dice-race" / "rules.pdf").read_bytes(), 0, dpi=60)
    colours = page.getcolors(1 << 20)
    near = lambda rgb: sum(n for n, c in colours if sum(abs(a - b) for a, b in zip(c, rgb)) < 40)  # noqa: E731
    assert near((0x1F, 0x3A, 0x93)) > 20 and near((0xF2, 0xB3, 0x3D)) > 20  # Red's and Green's discs: dark and light


def test_a_figure_past_the_example_names_the_line(tmp_path: Path) -> None:
    kit = shutil.copytree(RACE, tmp_path / "race")
    (kit / "rules.md").write_text((kit / "rules.md").read_text().replace("game:4", "game:40"))
    line = one_error_line(cli("build", "--kit", str(kit), "--out", str(tmp_path / "out")))
    assert "race/rules.md:14: figure 'game:40': the example game has 6 moves" in line


def test_the_scaffolds_figure_and_its_caption_share_a_page(tmp_path: Path) -> None:
    from pypdf import PdfReader

    from tests.kitrules.helpers import scaffold

    folder = scaffold(tmp_path)
    assert cli("build", "--kit", str(folder), "--out", str(tmp_path / "out")).exit_code == 0
    pages = [page.extract_text() for page in PdfReader(tmp_path / "out" / "star-race" / "rules.pdf").pages]
    with_caption = [text for text in pages if "The score track after move 7" in text.splitlines()]
    assert len(with_caption) == 1 and "P1" in with_caption[0] and "P2" in with_caption[0]
