"""Every kit, as Token Tactics uses them: ``[hooks] artwork`` draws the decks' and token sheets' artwork files (columns
that follow the pieces, a file of some pieces only), ``[sections.NAME] pack`` packs token sheets as a kit without
``[sections]`` packs them, and a counter named ``largest_...`` is the largest over the games, not their sum."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from pypdf import PdfReader

from tests.kitrules.helpers import cli, edit, one_error_line, scaffold

FILES = '''
from printkit.kitart import ArtKit


def artwork(kit: ArtKit, pieces):
    coins, cards = pieces["coins"], pieces["cards"]
    return {"money": kit.artwork(coins, "money", len(coins) // 2),
            "first_card": kit.artwork(cards[:1], "first card", 1, backs=True)}
'''


def _classes(svg: Path) -> list[str]:
    return [e.get("class", "") for e in ET.parse(svg).getroot().iter() if e.get("class")]


def test_an_artwork_hook_draws_the_files_of_the_decks_and_tokens(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    (folder / "files.py").write_text(FILES, encoding="utf-8")
    (folder / "kit.toml").write_text((folder / "kit.toml").read_text() + '\n[hooks]\nartwork = "files.py:artwork"\n')
    result = cli("build", "--kit", str(folder), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    artwork = tmp_path / "out" / "star-race" / "artwork"
    assert {p.stem for p in artwork.glob("*.svg")} == {"score-track", "money", "first_card"}  # the board keeps its file
    money = ET.parse(artwork / "money.svg").getroot()
    assert any((e.text or "") == "Star Race money" for e in money.iter())
    first = _classes(artwork / "first_card.svg")
    assert first.count("card cards") == 1 and first.count("card-back cards") == 1


def test_an_artwork_hook_stands_for_artwork_and_returns_drawings(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    (folder / "files.py").write_text(FILES.replace('kit.artwork(coins, "money", len(coins) // 2)', "coins"), encoding="utf-8")
    (folder / "kit.toml").write_text((folder / "kit.toml").read_text() + '\n[hooks]\nartwork = "files.py:artwork"\n')
    line = one_error_line(cli("build", "--kit", str(folder), "--out", str(tmp_path / "out")))
    assert line == (f"error: {folder}/kit.toml: hooks.artwork: files.py:artwork returned list: expected drawings by file "
                    "name (kit.artwork(pieces, title, columns))")
    (folder / "kit.toml").write_text((folder / "kit.toml").read_text() + '\n[artwork]\nmoney = ["coins"]\n')
    line = one_error_line(cli("build", "--kit", str(folder), "--out", str(tmp_path / "out")))
    assert line == f"error: {folder}/kit.toml: artwork: the artwork files are drawn by [hooks] artwork (files.py:artwork): leave [artwork] out"


def _pages(pdf: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(pdf).pages]


def test_a_packed_section_packs_token_sheets_as_a_kit_without_sections(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    (folder / "kit.toml").write_text((folder / "kit.toml").read_text() + (
        '\n[[tokens]]\nname = "gems"\ntitle = "Gems"\ndata = "tokens.csv"\nquantity = "quantity"\nshape = "round"\n'
        'size_mm = 22\nfront = "coin"\n'))
    assert cli("build", "--kit", str(folder), "--out", str(tmp_path / "plain")).exit_code == 0
    (folder / "kit.toml").write_text((folder / "kit.toml").read_text() + (
        '\n[sections.track]\nsets = ["score-track"]\n\n[sections.pieces]\nsets = ["coins", "gems"]\npack = true\n\n'
        '[sections.cards]\nsets = ["cards"]\nlabel = "Action cards"\n'))
    result = cli("build", "--kit", str(folder), "--out", str(tmp_path / "packed"))
    assert result.exit_code == 0, result.output
    plain, packed = (_pages(tmp_path / name / "star-race" / "kit.pdf") for name in ("plain", "packed"))
    assert len(plain) == len(packed) and plain[1:] == packed[1:]  # the print note's list names the sections
    assert "Pieces: 1 page." in packed[0] and "Coins, Gems: 1 page." in plain[0] and "Score track: 1 page." in plain[0]


def test_a_largest_counter_is_the_largest_over_the_games(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    edit(folder / "rules.py", "    def score(self, state, player):",
         "    def counters(self, state):\n        return {\"largest_stars\": max(state[\"stars\"]), \"stars\": sum(state[\"stars\"])}\n\n"
         "    def score(self, state, player):")

    def extra(*more: str) -> dict[str, int]:
        result = cli("simulate", "--kit", str(folder), "--games", "300", "--json", *more)
        assert result.exit_code == 0, result.output
        return json.loads(result.output)["extra"]  # type: ignore[no-any-return]

    one, two = extra(), extra("--workers", "2")
    assert one == two and 0 < one["largest_stars"] <= 20 < one["stars"]


def test_a_kernel_named_by_a_designers_kit_is_said_to_be_unused(tmp_path: Path) -> None:
    """A kit of the designer's own naming compiled kernels ([hooks] kernel, playout_from) gets a warning saying they are
    not used (its games are played by rules.py, under the time limit), not silence; a built-in game's are used."""
    folder = scaffold(tmp_path)
    (folder / "kernel.py").write_text("def kernel(params, players, games, seed):\n    return None\n")
    with (folder / "kit.toml").open("a") as toml:
        toml.write('\n[hooks]\nkernel = "kernel.py:kernel"\nplayout_from = "kernel.py:kernel"\n')
    result = cli("verify", "--kit", str(folder))
    warned = [line for line in result.output.splitlines() if "[hooks]" in line]
    assert warned == [f"warning: {folder}/kit.toml: [hooks] kernel, playout_from: not used for a kit folder of your own "
                      "(its games are played by rules.py, under the time limit; compiled kernels, which run without it, "
                      "are read for printkit's built-in games only)"]
    assert "[hooks]" not in cli("verify", "--game", "warfare").output
