"""The Token Tactics print kit: pieces drawn from the engine's numbers, files, findings, rule sheet."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from printkit.build import build
from printkit.cli import main
from printkit.config import load_config
from printkit.draw.shapes import Drawing
from printkit.errors import BuildError
from printkit.games.tokentactics import SPEC, Params, chips_needed
from printkit.games.tokentactics import kit_art as art
from printkit.games.tokentactics.kit import build_kit, card_findings, chip_findings, tracker_findings
from printkit.kit.checks import check_kit
from printkit.press.settings import PrintSettings

SETTINGS = PrintSettings()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    result = build(load_config(None, (), default="/nonexistent.toml"), "tokentactics", out)
    assert not [f for f in result.findings if f.level == "error"]
    return result.folder


def ids(svg: Path, prefix: str) -> dict[str, set[str]]:
    root = ET.parse(svg).getroot()
    return {e.get("id", ""): set(e.get("class", "").split()) for e in root.iter() if e.get("id", "").startswith(prefix)}


def test_spec_has_the_kit() -> None:
    assert SPEC.kit is not None
    made = SPEC.kit(Params(), SETTINGS)
    assert made.game == "tokentactics" and made.artwork.keys() == build_kit(Params(), SETTINGS).artwork.keys()


def test_files_written(built: Path) -> None:
    for name in ("kit.pdf", "rules.pdf", "rules.md", "manifest.json", "example.log"):
        assert (built / name).is_file(), name
    for stem in ("tracker", "chips", "commit_cards", "commit_backs", "player_aid"):
        assert (built / "artwork" / f"{stem}.svg").is_file()
        assert (built / "artwork" / f"{stem}.png").read_bytes()[:4] == b"\x89PNG"


def test_tracker_spaces_cover_the_bound(built: Path) -> None:
    spaces = {k: v for k, v in ids(built / "artwork" / "tracker.svg", "track-").items() if k.count("-") == 2}
    assert set(spaces) == {f"track-{p}-{n}" for p in (1, 2) for n in range(31)}
    assert "start" in spaces["track-1-10"] and "cap" in spaces["track-2-15"]
    assert sum("beyond-bound" in c for c in spaces.values()) == 2 * 15


def test_commit_cards_and_chips(built: Path) -> None:
    cards = ids(built / "artwork" / "commit_cards.svg", "commit-")
    assert {k for k in cards if "back" not in k} == {f"commit-{p}-{n}" for p in (1, 2) for n in range(16)}
    chips = ids(built / "artwork" / "chips.svg", "chip-")
    for p in (1, 2):
        assert sum(f"chip-{p}-v1-" in k for k in chips) == 4
        assert sum(f"chip-{p}-v5-" in k for k in chips) == 3
    assert len(ids(built / "artwork" / "chips.svg", "marker-")) == 2


def test_pdfs(built: Path) -> None:
    kit = PdfReader(io.BytesIO((built / "kit.pdf").read_bytes()))
    # rules (3) + tracker + chips + 2 x (commit fronts + backs) + aid fronts + backs
    assert len(kit.pages) == 11
    assert all("/TrimBox" in page for page in kit.pages[3:])
    rules = "".join(p.extract_text() for p in PdfReader(io.BytesIO((built / "rules.pdf").read_bytes())).pages)
    flat = " ".join(rules.split())
    assert "2 - 2 - 1 = -1, so 0" in flat
    assert "Designer's notes" in flat and "Player 2 (the second player) wins" in flat
    assert "Clarifications" in flat


def test_rules_md_table_from_the_replay(built: Path) -> None:
    text = (built / "rules.md").read_text()
    rows = re.findall(r"^\| (\d+) \|.*\| (\d+) \| (\d+) \|$", text, re.M)
    assert [(int(a), int(b)) for _, a, b in rows] == [(10, 10), (11, 10), (8, 8), (4, 3), (1, 3), (2, 3), (0, 1)]
    assert "Result: Player 2 wins" in text
    assert "| Commit cards | 16 per player | numbered 0 to 15" in text


def test_verify_has_no_findings() -> None:
    assert check_kit(build_kit(Params(), SETTINGS)) == []
    result = CliRunner().invoke(main, ["verify", "--game", "tokentactics"])
    assert result.exit_code == 0 and "0 errors" in result.output


def test_parameters_change_the_kit() -> None:
    params = Params(reserve_cap=20, five_chips=False, player_names=("Ann", "Bob"))
    kit = build_kit(params, SETTINGS)
    assert chips_needed(params) == 20
    assert [f for f in check_kit(kit) if f.level == "error"] == []
    fronts = [g for g in _ids(kit.artwork["commit_cards"]) if re.fullmatch(r"commit-\d-\d+", g)]
    assert len(fronts) == 2 * 21
    assert sum(k.startswith("chip-1-v1-") for k in _ids(kit.artwork["chips"])) == 20
    assert "numbered 0 to 20" in kit.rules_text and "| Ann | Bob |" in kit.rules_text
    big = build_kit(Params(reserve_cap=40, starting_tokens=10), SETTINGS)
    assert "track-2-40" in _ids(big.artwork["tracker"])


def test_a_rule_tweak_regenerates_the_example() -> None:
    text = build_kit(Params(fortify_amount=2), SETTINGS).rules_text
    assert "10 + 2 = 12" in text and "Result: unfinished." in text


def test_incompatible_example_is_a_clear_error() -> None:
    with pytest.raises(BuildError, match=r"worked example is illegal.*example.log:6: illegal move 'P1 attack 5 vs 4'"):
        build_kit(Params(starting_tokens=3), SETTINGS)


def test_chip_sets() -> None:
    assert art.chip_set(15, True) == art.ChipSet(4, 3)
    assert art.chip_set(15, False) == art.ChipSet(15, 0)
    assert art.chip_set(5, True) == art.ChipSet(5, 0)
    assert art.ChipSet(4, 3).covers(19) and not art.ChipSet(4, 3).covers(20)
    assert not art.ChipSet(3, 4).covers(15)  # 4, 9 and 14 need four ones


def test_findings_catch_missing_pieces() -> None:
    params, bound = Params(), 15
    cards = art.commit_cards(0, params, SETTINGS, 14) + art.commit_cards(1, params, SETTINGS, 15)
    assert any("0 to 15" in f.message for f in card_findings(params, cards, bound))
    mixed = cards[:16] + [replace(cards[16], back=cards[0].back)] + cards[17:]
    assert any("backs differ" in f.message for f in card_findings(params, mixed, bound))
    from printkit.press.blocks import Block
    blocks = [Block("a", art.chips(0, params, SETTINGS, 10)), Block("b", art.chips(1, params, SETTINGS, 15))]
    assert any("Player 1" in f.message for f in chip_findings(params, blocks, bound))
    short = art.tracker(replace(params, track_length=10), SETTINGS, 12)
    drawing = Drawing(short.w, short.h, (short.front,))
    assert any("track-1-13" in f.message for f in tracker_findings(params, drawing, bound, 16.0))


def _ids(drawing: Drawing) -> set[str]:
    from printkit.draw.svg import to_svg

    return {e.get("id", "") for e in ET.fromstring(to_svg(drawing)).iter() if e.get("id")}
