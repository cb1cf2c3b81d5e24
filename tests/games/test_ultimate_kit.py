"""The Ultimate Tic-Tac-Toe print kit: board cells from the engine, counts, rule sheet, tiling, errors."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.build import build, make_kit
from printkit.config import load_config
from printkit.draw.svg import to_svg
from printkit.errors import BuildError, ConfigError
from printkit.games import get_game, params_class
from printkit.games.ultimate.art import CARD_H, CARD_W
from printkit.games.ultimate.rules import cell_kinds, max_marks
from printkit.kit.checks import check_kit

SPEC = get_game("ultimate")
Params = params_class("ultimate")


def UltimateRules(params: object = None):  # type: ignore[no-untyped-def]  # noqa: N802
    """The rules engine for ``params`` (default: the defaults)."""
    return SPEC.rules(params if params is not None else Params())

SVG = "{http://www.w3.org/2000/svg}"


def kit(*sets: str):  # type: ignore[no-untyped-def]
    return make_kit(load_config(None, tuple(f"games.ultimate.{s}" for s in sets)), "ultimate")


def cells(svg: str) -> dict[str, set[str]]:
    root = ET.fromstring(svg)
    return {e.get("id", "")[5:]: set(e.get("class", "").split()) for e in root.iter() if e.get("id", "").startswith("cell-")}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    result = build(load_config(None), "ultimate", tmp_path_factory.mktemp("out"))
    assert [f for f in result.findings if f.level == "error"] == []
    return result.folder


def test_build_writes_every_file(built: Path) -> None:
    for name in ("artwork/board.svg", "artwork/board.png", "artwork/score_cards.svg", "artwork/tokens.svg",
                 "rules.pdf", "rules.md", "kit.pdf", "manifest.json", "example.log"):
        assert (built / name).is_file(), name


def test_board_svg_cells_are_the_engines(built: Path) -> None:
    drawn = cells((built / "artwork/board.svg").read_text())
    kinds = cell_kinds(Params())
    assert set(drawn) == set(kinds) and len(drawn) == 121
    for name, kind in kinds.items():
        assert "cell" in drawn[name]
        assert (kind in drawn[name]) if kind else drawn[name] == {"cell"}, name
    assert {n for n, c in drawn.items() if "extra-turn" in c} == {"E3", "G3", "E9", "G9"}
    assert {n for n, c in drawn.items() if "free" in c} == {"F1", "F11"}


def test_board_labels_and_legend(built: Path) -> None:
    root = ET.fromstring((built / "artwork/board.svg").read_text())
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts.count("A") == 2 and texts.count("K") == 2 and texts.count("11") == 2  # labels on both edges
    assert texts.count("T") == 4 + 1 and texts.count("x3") == 4 + 1 and texts.count("FREE") == 2 + 1  # + legend
    assert root.find(".//*[@id='legend']") is not None


def test_tokens_cover_every_mark(built: Path) -> None:
    root = ET.fromstring((built / "artwork/tokens.svg").read_text())
    classes = [set(e.get("class", "").split()) for e in root.iter() if "token" in e.get("class", "").split()]
    assert sum("x" in c for c in classes) == 62 and sum("o" in c for c in classes) == 61


def test_score_cards_have_a_row_per_mark(built: Path) -> None:
    root = ET.fromstring((built / "artwork/score_cards.svg").read_text())
    cards = [e for e in root.iter() if "score-card" in e.get("class", "").split()]
    assert len(cards) == 2
    numbers = [t.text for t in cards[0].iter(f"{SVG}text") if (t.text or "").isdigit()]
    assert numbers == [str(i) for i in range(1, 63)]
    assert (CARD_W, round(CARD_H)) == (127.0, 76)


def test_pdfs_read_back(built: Path) -> None:
    rules = PdfReader(io.BytesIO((built / "rules.pdf").read_bytes()))
    text = "\n".join(p.extract_text() for p in rules.pages)
    for phrase in ("Scoring", "+2 each", "x3", "Clarifications", "Worked example", "(1 + 2) x 2 = 6", "1 + 1 + 2 = 4",
                   "wild", "Variant (blocked)"):
        assert phrase in text, phrase
    kit_pdf = PdfReader(io.BytesIO((built / "kit.pdf").read_bytes()))
    assert len(kit_pdf.pages) == len(rules.pages) + 3
    board_page = kit_pdf.pages[len(rules.pages)]
    trim = [float(v) for v in board_page["/TrimBox"]]
    assert abs((trim[2] - trim[0]) / 72 * 25.4 - (11 * 15 + 16)) < 0.1


def test_max_marks_matches_an_engine_search() -> None:
    """The DP agrees with a search over the engine (plain vs T spaces) on small boards."""
    def search(rules: UltimateRules, state, player: int) -> int:  # type: ignore[no-untyped-def]
        if not state.empty:
            return 0
        tees = [c for c in state.empty if c in rules.geometry.extra_turn][:1]
        plain = [c for c in state.empty if c not in rules.geometry.extra_turn][:1]
        gain = int(state.to_move == player)
        return gain + max(search(rules, rules.apply(state, c), player) for c in tees + plain)

    for params in (Params(board_size=3, extra_turn=("A1", "B2"), triple=(), double=(), free=("C3",)),
                   Params(board_size=4, extra_turn=("A1", "B2", "C3"), triple=(), double=(), free=())):
        rules = UltimateRules(params)
        assert max_marks(params) == tuple(search(rules, rules.initial_state(), p) for p in (0, 1))
    assert max_marks(Params()) == (62, 61)
    assert max_marks(Params(free_space="open")) == (63, 62)
    assert max_marks(Params(extra_turn=())) == (60, 59)


def test_defaults_verify_clean() -> None:
    assert check_kit(kit()) == []


def test_larger_board_changes_everything_and_tiles() -> None:
    big = kit("board_size=13")
    drawn = cells(to_svg(big.artwork["board"]))
    assert len(drawn) == 169 and "M13" in drawn
    assert "13 x 13" in big.rules_text and "tile" in big.rules_text
    board = next(s for s in big.sections if s.name == "board")
    assert len(board.sheets) > 1 and "tile 1 of" in board.sheets[0].label
    assert [f for f in check_kit(big) if f.level == "error"] == []


def test_larger_cells_tile_and_verify() -> None:
    wide = kit("cell_mm=25", "token_mm=20")
    board = next(s for s in wide.sections if s.name == "board")
    assert len(board.sheets) == 4
    assert [f for f in check_kit(wide) if f.level != "note"] == []  # the note: 70 tokens a sheet with crop marks, not 77


def test_free_space_reading_changes_the_sheet() -> None:
    blocked = kit('free_space="blocked"')
    assert "every free space that the new mark touches" not in blocked.rules_text
    assert "1 + 1 = 2" in blocked.rules_text  # O F2 no longer earns for the free space F1
    assert "Variant (wild)" in blocked.rules_text
    assert "every free space that the new mark touches" in kit().rules_text


def test_an_incompatible_example_is_left_off_with_a_note() -> None:
    made = kit("extra_turn=[]")  # the example takes an extra turn on a T space: left off (it failed the build)
    assert [f.level for f in made.findings if "it is X's turn" in f.message] == ["note"]
    assert "Worked example" not in made.rules_text


def test_another_board_size_builds_without_the_worked_example() -> None:
    """The worked example says it is written for the 11 x 11 board (``# params: board_size=11``): on another board the
    kit is built without it, and one note says so (it used to fail the build: 'F6' is off a 5 x 5 board)."""
    small = kit("board_size=5", 'free=["A1"]', "extra_turn=[]", "triple=[]", "double=[]")
    assert "5 x 5" in small.rules_text and "Worked example" not in small.rules_text and "## Score cards" in small.rules_text
    assert "example.log" not in small.extra_files  # no log of an example these rules do not play
    notes = [f.message for f in small.findings if "example game" in f.message]
    assert notes == ["printkit/games/ultimate/example.log:5: the example game is written for other parameters "
                     "(params.board_size is 5, the example's 11): it is not replayed and is left off the rule sheet with "
                     "its figures"]
    assert [f for f in check_kit(small) if f.level != "note"] == []
    assert "## Worked example" in kit().rules_text and "# params:" not in kit().rules_text


def test_custom_example_log(tmp_path: Path) -> None:
    log = tmp_path / "mine.log"
    log.write_text("X A1\nO B2\n")
    custom = kit(f'example_log="{log}"')
    assert "`X A1`" in custom.rules_text and "`O F2`" not in custom.rules_text
    with pytest.raises(BuildError, match="cannot read"):
        kit(f'example_log="{tmp_path / "missing.log"}"')


def test_token_must_fit_its_cell() -> None:
    with pytest.raises(ConfigError, match="token_mm"):
        kit("cell_mm=12", "token_mm=12")


@pytest.mark.parametrize("safe", [0.0, 3.0, 9.5, 10.0])
def test_the_longest_unbroken_name_keeps_the_score_card_title_in_its_band(safe: float) -> None:
    """print.safe_mm 9.5 and more give each player two score cards ("..., card 1 of 2"): with a name of 24 letters and
    no space (the longest the pattern allows, in the widest letter) the one-line title ran out of its box at 7 pt.
    It takes two lines at 7 pt, the name and the rest, inside the coloured band and the safe area."""
    from printkit.art.scorecard import band
    from printkit.draw import fonts

    name = "W" * 24
    made = make_kit(load_config(None, (f"print.safe_mm={safe}", f'games.ultimate.player_x="{name}"')), "ultimate")
    assert [f.message for f in check_kit(made) if f.level == "error"] == []
    root = ET.fromstring(to_svg(made.artwork["score_cards"]))
    for card in [e for e in root.iter() if "score-card" in e.get("class", "").split() and "x" in e.get("class", "").split()]:
        title = [t for t in card.iter(f"{SVG}text") if "score-title" in (t.get("class") or "")]
        assert name in (title[0].text or "") and all(float(t.get("font-size", "0")) >= 7 * 25.4 / 72 - 1e-3 for t in title)
        for t in title:
            size_pt = float(t.get("font-size", "0")) * 72 / 25.4
            x, y = float(t.get("x", "0")), float(t.get("y", "0"))
            assert safe - 1e-6 <= y - fonts.ascent(size_pt) and y + fonts.descent(size_pt) <= band(safe)
            assert x + fonts.text_width(t.text or "", size_pt, True) <= CARD_W - safe + 1e-6
