"""The Token Tactics print kit: pieces drawn from the rules' numbers (the kit folder's rules.py rows and kit.toml
layouts), files, findings (rules.py's checks), rule sheet."""

from __future__ import annotations

import io
import re
import sys
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from printkit.build import build
from printkit.cli import main
from printkit.config import load_config
from printkit.draw.shapes import Drawing, Image, walk
from printkit.errors import BuildError
from printkit.kit.checks import check_kit
from printkit.kitrules import Printed
from printkit.press.settings import PrintSettings
from tests.games.tokentactics_helpers import SPEC, Params, build_kit, game

SETTINGS = PrintSettings()
RULES_PY = sys.modules[type(game()).__module__]
"""The kit folder's rules.py as loaded (its helpers: chip_set, covers)."""


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
    # rules (4: its figure of two commit cards, asked at 60 %, is printed at 86 %, so that their text stays at 6 pt, not
    # 4.2 pt) + tracker +
    # chips + 2 x (commit fronts + backs) + aid fronts + backs
    assert len(kit.pages) == 12
    assert all("/TrimBox" in page for page in kit.pages[4:])
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
    assert game(params).reserve_bound() == 20
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


def test_an_incompatible_example_is_left_off_with_a_note() -> None:
    """It failed the build; a designer trying other starting tokens now gets a kit whose sheet has no worked example."""
    made = build_kit(Params(starting_tokens=3), SETTINGS)
    notes = [f for f in made.findings if "illegal move 'P1 attack 5 vs 4'" in f.message]
    assert [f.level for f in notes] == ["note"] and "does not replay under these" in notes[0].message
    assert "Worked example" not in made.rules_text and "```game" not in made.rules_text


def test_a_configured_example_stands_for_the_rule_sheets(tmp_path: Path) -> None:
    log = tmp_path / "short.log"
    log.write_text("P1 attack 3 vs 2\nP2 attack 4 vs 4\n")
    kit = build_kit(Params(example_log=str(log)), SETTINGS)
    assert "P1 attack 3 vs 2\nP2 attack 4 vs 4\n```" in kit.rules_text and "P1 fortify  " not in kit.rules_text
    assert "| 2 | `P2 attack 4 vs 4` |" in kit.rules_text and kit.extra_files["example.log"] == log.read_text()
    log.write_text("P1 fortify\nP2 attack 99 vs 1\n")
    with pytest.raises(BuildError, match=r"worked example is illegal.*short.log:2: illegal move 'P2 attack 99 vs 1'.*"
                                         r"set games.tokentactics.example_log"):
        build_kit(Params(example_log=str(log)), SETTINGS)


def test_chip_sets() -> None:
    chip_set, covers = RULES_PY.chip_set, RULES_PY.covers
    assert chip_set(15, True) == (4, 3)
    assert chip_set(15, False) == (15, 0)
    assert chip_set(5, True) == (5, 0)
    assert covers(4, 3, 19) and not covers(4, 3, 20)
    assert not covers(3, 4, 15)  # 4, 9 and 14 need four ones


def _printed(kit_: object) -> dict[str, list[Printed]]:
    from printkit.kitgame.sheet import printed_pieces

    assert hasattr(kit_, "decks")
    return printed_pieces([*kit_.decks, *kit_.tokens], kit_.boards)  # type: ignore[attr-defined]


def test_findings_catch_missing_pieces() -> None:
    rules, printed = game(), _printed(build_kit(Params(), SETTINGS))
    assert rules.checks(printed) == []
    cards = printed["commit-cards"]
    short = {**printed, "commit-cards": [c for c in cards if c.id != "commit-1-15"]}
    assert any("Player 1 has cards" in f and "0 to 15" in f for f in rules.checks(short))
    mixed = {**printed, "commit-cards": [replace(c, back="other") if c.id == "commit-2-4" else c for c in cards]}
    assert any("Player 2's backs differ" in f for f in rules.checks(mixed))
    few = {**printed, "chips-1": [c for c in printed["chips-1"] if c.id != "chip-1-v1-4"]}
    assert any("Player 1 has 3 ones and 3 fives, which cannot show every reserve up to 15" in f for f in rules.checks(few))
    lost = {**printed, "markers-2": []}
    assert any("markers: 0 tracker markers printed for Player 2" in f for f in rules.checks(lost))
    track = {**printed, "tracker": [s for s in printed["tracker"] if s.id != "track-1-13"]}
    assert any("tracker.svg lacks spaces track-1-13" in f for f in rules.checks(track))
    unmarked = {**printed, "tracker": [replace(s, classes=()) if s.id == "track-2-15" else s for s in printed["tracker"]]}
    assert any("track-2-15 is not marked cap" in f for f in rules.checks(unmarked))


def _ids(drawing: Drawing) -> set[str]:
    from printkit.draw.svg import to_svg

    return {e.get("id", "") for e in ET.fromstring(to_svg(drawing)).iter() if e.get("id")}


@pytest.mark.parametrize("size", [10.0, 24.0, 30.0])
def test_chips_of_every_allowed_size_fit_their_values(size: float) -> None:
    kit = build_kit(Params(chip_mm=size, marker_mm=25.0, reserve_cap=22), SETTINGS)
    assert [f.message for f in kit.findings + check_kit(kit) if f.level == "error"] == []
    chips = [p for s in kit.tokens if s.name == "chips-1" for p in s.pieces]
    assert chips and all(p.w == size for p in chips)


def test_the_widest_player_names_fit_every_card() -> None:
    """Names of 20 letters (the longest the pattern takes, 'W' the widest letter): the commit cards' backs and the
    player aids' footers shrink (to 5 pt) and wrap rather than overflow (check errors at first)."""
    kit = build_kit(Params(player_names=("W" * 20, "W" * 19 + "1")), SETTINGS)
    assert [f for f in check_kit(kit) if f.level == "error"] == []


@pytest.mark.parametrize("safe, marker", [(4.4, 8.2), (6.0, 12.0), (10.0, 25.0)])
def test_a_marker_smaller_than_twice_the_safe_margin_still_builds(safe: float, marker: float) -> None:
    """The markers' star is placed in the safe box (frame = "safe"): at print.safe_mm=6 a 12 mm marker had none left
    and the build failed ("a box of 0 x 0 mm"); such a piece takes its middle half as the safe box (a warning says the
    star crosses the safe line)."""
    kit = build_kit(Params(marker_mm=marker), replace(SETTINGS, safe_mm=safe))
    assert [f for f in check_kit(kit) if f.level == "error"] == []
    pictures = [shape for shape, _, _ in walk(kit.artwork["chips"].children) if isinstance(shape, Image)]
    assert len(pictures) >= 2 and all(p.w > 0 and p.h > 0 for p in pictures)  # each player's marker keeps its star
