"""The output's rules.md and the gallery show the rule sheet's figures (printed pieces, positions of the example, the
kit folder's pictures) as rules.pdf draws them, not as links only printkit can read."""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from tests.kitrules.helpers import cli, edit, one_error_line, scaffold

STAR = '<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="10mm" viewBox="0 0 20 10"><rect width="20" height="10" fill="#F2C94C"/></svg>'


def _images(text: str) -> list[str]:
    return re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", text)


def test_positions_and_pictures_of_a_kit_folder_are_files_beside_rules_md(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    (folder / "art" / "banner.svg").write_text(STAR)
    edit(folder / "rules.md", "## Components", "![A banner](art/banner.svg)\n\n## Components")
    out = tmp_path / "out"
    assert cli("build", "--kit", str(folder), "--out", str(out)).exit_code == 0
    kit = out / "star-race"
    images = _images((kit / "rules.md").read_text())
    # the sheet's own mention of the syntax, in `code`, stays as written
    assert images == ["rules/figure-1-art-banner-svg.svg", "game:7", "rules/figure-2-game-7.svg"]
    assert "(`![...](game:7)` draws the" in (kit / "rules.md").read_text()
    banner = (kit / images[0]).read_text()
    assert ET.fromstring(banner).tag.endswith("svg")
    embedded = re.search(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", banner)
    assert embedded is not None and "#F2C94C" in base64.b64decode(embedded.group(1)).decode()  # the kit folder's picture
    track = (kit / images[2]).read_text()
    assert 'class="' in track and "<text" in track  # the score track as the PDF draws it, the pieces on it
    assert cli("gallery", "--out", str(out)).exit_code == 0
    page = (kit / "index.html").read_text()
    assert 'src="rules/figure-2-game-7.svg"' in page and 'src="game:' not in page and 'src="art/' not in page
    assert (folder / "rules.md").read_text().endswith("(game:7)\n")  # the kit folder's own rules.md as written


def test_the_printed_pieces_of_a_built_in_game_are_drawn_too(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert cli("build", "--game", "tokentactics", "--out", str(out)).exit_code == 0
    kit = out / "tokentactics"
    images = _images((kit / "rules.md").read_text())
    assert images == ["rules/figure-1-pieces-commit-2-3-commit-1-2-60.svg"]
    texts = [(e.text or "").strip() for e in ET.parse(kit / images[0]).getroot().iter() if e.tag.endswith("text")]
    assert "3" in texts and "2" in texts  # the two commit cards, their numbers
    assert cli("gallery", "--out", str(out)).exit_code == 0
    assert 'src="pieces:' not in (kit / "index.html").read_text()


def test_a_position_figure_without_rules_to_replay_is_one_error_naming_its_line(tmp_path: Path) -> None:
    """The scaffold with its `[game] rules` taken out: its `game:7` figure cannot be drawn; the error names the line
    placing it (not the hint quoting it in `code` three lines up), not 'this rule sheet places no images'."""
    folder = scaffold(tmp_path)
    edit(folder / "kit.toml", 'rules = "rules.py"', "")
    line = next(n for n, text in enumerate((folder / "rules.md").read_text().splitlines(), 1) if text.startswith("!["))
    for args in ([], ["--no-code"]):
        error = one_error_line(cli("build", "--kit", str(folder), "--out", str(tmp_path / "out"), *args))
        assert error == (f"error: {folder}/rules.md:{line}: figure 'game:7': a position of the example game, which the "
                         "game's rules replay: kit.toml names none ([game] rules = \"rules.py\")")
