"""Every game's kit: builds twice to identical bytes, prints cleanly, and its PDFs are print-ready."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.build import build
from printkit.config import load_config
from printkit.games import available, get_game

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
    letter = (round(215.9 * 72 / 25.4, 1), round(279.4 * 72 / 25.4, 1))
    for pdf in ("kit.pdf", "rules.pdf"):
        reader = PdfReader(io.BytesIO((first.folder / pdf).read_bytes()))
        for page in reader.pages:
            assert (round(float(page.mediabox.width), 1), round(float(page.mediabox.height), 1)) == letter
            assert "/TrimBox" in page and "/BleedBox" in page
            for ref in page["/Resources"].get("/Font", {}).values():
                font = ref.get_object()
                desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in font else font["/FontDescriptor"]
                assert "/FontFile2" in desc.get_object(), (pdf, font["/BaseFont"])
    first_page = PdfReader(io.BytesIO((first.folder / "kit.pdf").read_bytes())).pages[0].extract_text()
    assert "PRINT AT 100% / ACTUAL SIZE" in first_page
    rules = (first.folder / "rules.md").read_text()
    assert "## Clarifications" in rules and "example" in rules.lower()
    assert (first.folder / "artwork").is_dir() and any((first.folder / "artwork").glob("*.svg"))
