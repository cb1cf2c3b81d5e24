"""The Tic Tac Warfare kit, built for real and read back: SVG ids, PDF boxes, fonts, text, pixels."""

from __future__ import annotations

import hashlib
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from printkit.build import build
from printkit.config import load_config
from printkit.errors import BuildError
from tests.conftest import assert_print_ready, render_svg

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def kit_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("out")
    build(load_config(None), "warfare", out)
    return out / "warfare"


def svg_root(path: Path) -> ET.Element:
    return ET.fromstring(path.read_text())


def test_every_promised_file_is_written(kit_dir: Path) -> None:
    names = {str(p.relative_to(kit_dir)) for p in kit_dir.rglob("*") if p.is_file()}
    for stem in ("board", "tokens", "ability_cards"):
        assert {f"artwork/{stem}.svg", f"artwork/{stem}.png"} <= names
    assert {"rules.pdf", "rules.md", "kit.pdf", "manifest.json"} <= names


def test_manifest_lists_every_file_with_its_hash_and_the_parameters(kit_dir: Path) -> None:
    manifest = json.loads((kit_dir / "manifest.json").read_text())
    for name, entry in manifest["files"].items():
        assert hashlib.sha256((kit_dir / name).read_bytes()).hexdigest() == entry["sha256"]
    assert manifest["parameters"]["board_size"] == 6
    assert manifest["parameters"]["abilities"] == {"bomb": 1, "shield": 1, "convert": 1, "fortress": 1}


def test_board_cells_carry_coordinate_ids(kit_dir: Path) -> None:
    root = svg_root(kit_dir / "artwork/board.svg")
    cells = [e for e in root.iter() if "cell" in e.get("class", "").split()]
    assert sorted(e.get("id") for e in cells) == sorted(f"cell-{c}{r}" for c in "ABCDEF" for r in range(1, 7))
    labels = {e.text for e in root.iter(f"{SVG}text") if "label" in e.get("class", "")}
    assert labels == set("ABCDEF") | {str(i) for i in range(1, 7)}


def test_token_and_card_counts_follow_the_rules(kit_dir: Path) -> None:
    from printkit.games import params_class
    from printkit.games.warfare.rules import max_tokens_on_board

    Params = params_class("warfare")

    root = svg_root(kit_dir / "artwork/tokens.svg")
    classes = [e.get("class", "").split() for e in root.iter() if "token" in e.get("class", "").split()]
    need = max_tokens_on_board(Params())
    assert sum(1 for c in classes if "x" in c and "fortress" not in c) == need
    assert sum(1 for c in classes if "o" in c and "fortress" not in c) == need
    assert sum(1 for c in classes if "fortress" in c) == 2
    cards = [e.get("id") for e in svg_root(kit_dir / "artwork/ability_cards.svg").iter() if (e.get("id") or "").startswith("card-")]
    assert sorted(cards) == sorted(f"card-{m}-{a}-1" for m in "XO" for a in ("bomb", "shield", "convert", "fortress"))


def test_pdfs_have_boxes_embedded_fonts_and_the_print_note(kit_dir: Path) -> None:
    reader = PdfReader(io.BytesIO((kit_dir / "kit.pdf").read_bytes()))
    for page in reader.pages:
        assert_print_ready(page, (210, 297))
    first = reader.pages[0].extract_text()
    assert "PRINT AT 100% / ACTUAL SIZE" in first and "this bar must measure 50 mm" in first
    text = " ".join(p.extract_text() for p in reader.pages)
    for phrase in ("Clarifications", "Worked example", "Line Victory", "Fortress Victory", "Territory Victory"):
        assert phrase in text
    # a cut piece carries bleed: its BleedBox is 3 mm wider than its TrimBox on each side; the 188 mm board keeps
    # 2.5 mm so that it fits one A4 page with its crop marks outside the printer's 5 mm margin
    def bleed_of(words: str) -> float:
        page = reader.pages[[i for i, p in enumerate(reader.pages) if words in p.extract_text()][0]]
        trim, bleed = [float(v) for v in page.trimbox], [float(v) for v in page.bleedbox]
        return round((trim[0] - bleed[0]) * 25.4 / 72, 2)

    assert bleed_of("ability cards, sheet 1") == 3.0
    assert bleed_of("board - cut along the crop marks") == 2.5


def test_board_page_matches_board_svg_pixel_for_pixel(kit_dir: Path) -> None:
    """The board in kit.pdf and artwork/board.svg are the same drawing at the same size and place."""
    import pypdfium2 as pdfium
    from PIL import ImageChops, ImageStat

    pdf = (kit_dir / "kit.pdf").read_bytes()
    reader = PdfReader(io.BytesIO(pdf))
    index = [i for i, p in enumerate(reader.pages) if "board - cut along the crop marks" in p.extract_text()][0]
    page = reader.pages[index]
    x0, y0, x1, y1 = [float(v) for v in page.trimbox]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    dpi = 72  # one pixel per point
    svg = render_svg((kit_dir / "artwork/board.svg").read_text(), dpi)

    def mean_difference(shift_pt: float) -> float:
        crop = (x0 + shift_pt, y0, width - x1 - shift_pt, height - y1)  # left, bottom, right, top margins cut away
        image = pdfium.PdfDocument(pdf)[index].render(scale=dpi / 72, crop=crop).to_pil().convert("RGB")
        assert abs(image.size[0] - svg.size[0]) <= 1 and abs(image.size[1] - svg.size[1]) <= 1
        w, h = min(image.size[0], svg.size[0]), min(image.size[1], svg.size[1])
        diff = ImageChops.difference(image.crop((0, 0, w, h)), svg.crop((0, 0, w, h)))
        return sum(ImageStat.Stat(diff).mean) / 3

    aligned, shifted = mean_difference(0), mean_difference(72 / 25.4)
    assert aligned < 6.5  # anti-aliasing and hinting differ (cairo with DejaVu, pdfium with Vera)
    assert shifted > 2 * aligned  # a 1 mm shift would show


def test_same_inputs_give_identical_files(tmp_path: Path, kit_dir: Path) -> None:
    build(load_config(None), "warfare", tmp_path)
    for path in kit_dir.rglob("*"):
        if path.is_file():
            assert (tmp_path / "warfare" / path.relative_to(kit_dir)).read_bytes() == path.read_bytes(), path.name


def test_parameters_change_board_counts_cards_and_rules_together(tmp_path: Path) -> None:
    sets = ("games.warfare.board_size=8", "games.warfare.line_length=5", "games.warfare.abilities.bomb=2")
    build(load_config(None, sets), "warfare", tmp_path)
    kit = tmp_path / "warfare"
    cells = [e.get("id") for e in svg_root(kit / "artwork/board.svg").iter() if "cell" in e.get("class", "").split()]
    assert len(cells) == 64 and "cell-H8" in cells
    cards = [e.get("id") for e in svg_root(kit / "artwork/ability_cards.svg").iter() if (e.get("id") or "").startswith("card-")]
    assert "card-X-bomb-2" in cards and "card-O-bomb-2" in cards
    rules = (kit / "rules.md").read_text()
    assert "8 x 8 board" in rules and "5 of your tokens" in rules and "| Bomb | 2 |" in rules


def test_an_illegal_example_fails_the_build_and_keeps_the_old_kit(tmp_path: Path) -> None:
    build(load_config(None), "warfare", tmp_path)
    before = (tmp_path / "warfare/kit.pdf").read_bytes()
    log = tmp_path / "mine.log"
    log.write_text("first X\nX bomb A1, B2\n")
    with pytest.raises(BuildError, match=r"mine\.log:2: illegal move 'X bomb A1, B2': .*A1"):
        build(load_config(None, (f"games.warfare.example_log={str(log)!r}",)), "warfare", tmp_path)
    assert (tmp_path / "warfare/kit.pdf").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [".cache", "mine.log", "warfare"]  # no staging folder left
    with pytest.raises(BuildError, match=r"games\.warfare\.example_log: cannot read .*no such file"):
        build(load_config(None, (f"games.warfare.example_log={str(tmp_path / 'none.log')!r}",)), "warfare", tmp_path)


def test_the_example_follows_the_rules_it_can(tmp_path: Path) -> None:
    """Without ability cards, or on a 3x3 board, the built-in plain example is the one printed."""
    sets = ("games.warfare.board_size=3", "games.warfare.line_length=3", "games.warfare.territory_victory=false")
    build(load_config(None, sets), "warfare", tmp_path)
    rules = (tmp_path / "warfare/rules.md").read_text()
    assert "`X C3`" in rules and "Result: a draw." in rules and "bomb" not in (tmp_path / "warfare/example.log").read_text().split("\n", 3)[3]


def test_an_unwritable_output_folder_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(BuildError, match="cannot write to the output folder"):
        build(load_config(None), "warfare", blocker / "out")


def test_game_findings_catch_missing_pieces() -> None:
    from printkit.games import get_game, kit_builder, params_class
    from printkit.kit.model import Finding, PieceSet
    from printkit.kitgame.sheet import printed_pieces
    from printkit.press.settings import PrintSettings

    def tokens(params: Any, bleed: float) -> list[Any]:  # the kit folder's token sheets, built
        return [p for s in kit_builder("warfare")(params, PrintSettings(bleed_mm=bleed)).tokens for p in s.pieces]

    def ability_cards(params: Any, settings: PrintSettings) -> list[Any]:
        return [p for s in kit_builder("warfare")(params, settings).decks for p in s.pieces]

    def findings(params: Any, toks: list[Any], cards: list[Any]) -> list[Finding]:  # rules.py's checks of the pieces
        sets = [PieceSet(f"{m}-{kind}", "", tuple(p for p in pieces if f"-{m.upper()}-" in p.front.id))
                for kind, pieces in (("tokens", toks), ("ability-cards", cards)) for m in "xo"]
        found = get_game("warfare").rules(params).game.checks(printed_pieces(sets, []))
        return [Finding("error", f) if isinstance(f, str) else Finding(*f) for f in found]

    Params = params_class("warfare")
    params = Params()
    toks, cards = tokens(params, 3.0), ability_cards(params, PrintSettings())
    assert [f.level for f in findings(params, toks, cards)] == ["warning"]  # fortress victory only
    messages = [f.message for f in findings(params, toks[1:], cards[:-1])]
    assert "tokens: 23 X tokens printed, the rules can need 24" in messages
    assert "cards: 0 O fortress cards printed, the rules deal 1" in messages


def test_the_widest_player_names_fit_the_cards(tmp_path: Path) -> None:
    """16-letter names (the longest the pattern takes, 'W' the widest letter): the ability cards' footers and backs
    shrink rather than overflow (check errors at first)."""
    config = load_config(None, ('games.warfare.player_x="WWWWWWWWWWWWWWWW"', 'games.warfare.player_o="WWWWWWWWWWWWWWW_"'))
    result = build(config, "warfare", tmp_path)
    assert not [f for f in result.findings if f.level == "error"], result.findings
