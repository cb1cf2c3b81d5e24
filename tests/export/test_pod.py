"""Print-on-demand export: template sizes per shop, deck order and quantities, safe-area warnings, bad sizes."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from printkit.build import make_data_kit
from printkit.export.common import ExportError
from printkit.export.pod import export_pod
from printkit.export.run import export_kit
from tests.datakit.helpers import CARD, run, write_kit
from tests.export.helpers import game_kit, image

QUANTITIES = "title,colour,quantity\nAlpha,#AA3300,3\nBeta,#0033AA,1\nGamma,#00AA33,0\n"


def _rows(files: dict[str, bytes]) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(files["order.csv"].decode())))


def test_game_crafter_poker_template(tmp_path: Path) -> None:
    kit = game_kit("warfare")
    result = export_kit(kit, "pod", tmp_path, shop="thegamecrafter")
    cards = sorted(n for n in result.files if n.startswith("cards/x-ability-cards/"))
    assert cards == ["cards/x-ability-cards/001-x-bomb-card-1.png", "cards/x-ability-cards/002-x-shield-card-1.png",
                     "cards/x-ability-cards/003-x-convert-card-1.png", "cards/x-ability-cards/004-x-fortress-card-1.png",
                     "cards/x-ability-cards/back.png"]
    for name in cards:
        png = image(result.folder / name)
        assert png.size == (825, 1125) and png.mode == "RGB"
        corner = png.getpixel((0, 0))
        assert corner != (255, 255, 255), f"{name}: the bleed reaches the image edge"
    token = image(result.folder / "tokens/x-tokens/001-x-token-x24.png")
    assert token.size == (round(28 / 25.4 * 300), round(28 / 25.4 * 300))  # 22 mm + 2 x 3 mm bleed at 300 dpi
    readme = (result.folder / "README.txt").read_text()
    assert "Poker Deck (https://www.thegamecrafter.com/make/products/PokerDeck)" in readme


def test_quantities_order_and_other_shops(tmp_path: Path) -> None:
    kit = make_data_kit(str(write_kit(tmp_path / "kit", files={"cards.csv": QUANTITIES})))
    mpc = export_pod(kit, "makeplayingcards")
    assert sorted(n for n in mpc.files if n.startswith("cards/")) == [
        "cards/cards/001-alpha-x3.png", "cards/cards/002-beta.png", "cards/cards/back.png"]
    assert image(mpc.files["cards/cards/001-alpha-x3.png"]).size == (822, 1122)
    rows = _rows(mpc.files)
    assert [(r["file"], r["quantity"], r["back"]) for r in rows] == [
        ("cards/cards/001-alpha-x3.png", "3", "cards/cards/back.png"), ("cards/cards/002-beta.png", "1", "cards/cards/back.png")]
    assert export_pod(kit, "makeplayingcards").files == mpc.files
    generic = export_pod(kit, "generic")
    assert image(generic.files["cards/cards/002-beta.png"]).size == (round(69 / 25.4 * 300), round(94 / 25.4 * 300))


def test_safe_area_warning_and_sizes_a_shop_does_not_print(tmp_path: Path) -> None:
    near_edge = CARD.replace("x = 4\ny = 4", "x = 0.5\ny = 0.5")
    kit = make_data_kit(str(write_kit(tmp_path / "edge", near_edge)))
    made = export_pod(kit, "thegamecrafter")
    assert made.warnings and all("safe area is 3.2 mm inside the cut" in w for w in made.warnings)
    assert "'Alpha'" in made.warnings[0] and "Safe area: 2 warnings" in made.files["README.txt"].decode()
    assert not export_pod(make_data_kit(str(write_kit(tmp_path / "ok"))), "thegamecrafter").warnings
    odd = make_data_kit(str(write_kit(tmp_path / "odd")), ("deck.cards.size=[41, 63]",))
    with pytest.raises(ExportError, match="The Game Crafter prints no 41 x 63 mm card"):
        export_pod(odd, "thegamecrafter")
    assert export_pod(odd, "generic").files


def test_cli_errors_are_one_line_and_keep_the_previous_export(tmp_path: Path) -> None:
    folder = write_kit(tmp_path / "kit")
    out = str(tmp_path / "out")
    assert run("export", "--kit", str(folder), "--to", "pod", "--shop", "thegamecrafter", "--out", out).exit_code == 0
    target = tmp_path / "out" / "t" / "export" / "pod"
    before = {p.relative_to(target): p.read_bytes() for p in target.rglob("*") if p.is_file()}
    bad = run("export", "--kit", str(folder), "--to", "pod", "--shop", "thegamecrafter", "--set", "deck.cards.size=mini-euro", "--out", out)
    assert bad.exit_code == 1 and len(bad.output.strip().splitlines()) == 1
    assert bad.output.startswith("error: t: deck 'Cards': The Game Crafter prints no 44 x 68 mm card")
    unknown = run("export", "--kit", str(folder), "--to", "pod", "--shop", "printful", "--out", out)
    assert unknown.exit_code == 1 and unknown.output.startswith("error: --shop: unknown shop 'printful'")
    assert {p.relative_to(target): p.read_bytes() for p in target.rglob("*") if p.is_file()} == before


def test_a_deck_of_a_size_the_shop_does_not_print_is_left_out_with_a_warning(tmp_path: Path) -> None:
    two = CARD.replace('[[deck]]', '[[deck]]\nname = "aids"\ntitle = "Player aids"\ndata = "cards.csv"\nfront = "front"\nsize = [88, 126]\n\n[[deck]]', 1)
    kit = make_data_kit(str(write_kit(tmp_path / "two", two)))
    made = export_pod(kit, "thegamecrafter")
    assert made.warnings[0] == ("t: left out 1 deck of a size The Game Crafter does not print: 'Player aids' (88 x 126 mm) "
                                "(use --shop generic for them)")
    assert any(name.startswith("cards/cards/") for name in made.files) and not any(name.startswith("cards/aids/") for name in made.files)
    assert "- left out: 'Player aids' (88 x 126 mm): The Game Crafter prints none of these sizes" in made.files["README.txt"].decode()
    assert "aids" not in made.files["order.csv"].decode()
    result = run("export", "--game", "ultimate", "--to", "pod", "--shop", "thegamecrafter", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert "warning: ultimate: left out 1 deck of a size The Game Crafter does not print: 'score cards' (127 x 76.2 mm)" in result.output


def test_export_only_the_decks_named(tmp_path: Path) -> None:
    two = CARD.replace('[[deck]]', '[[deck]]\nname = "aids"\ntitle = "Player aids"\ndata = "cards.csv"\nfront = "front"\n\n[[deck]]', 1)
    two += '\n[[tokens]]\nname = "coins"\ndata = "cards.csv"\nfront = "back"\n'
    folder = write_kit(tmp_path / "two", two)
    out = tmp_path / "out"
    result = run("export", "--kit", str(folder), "--to", "pod", "--deck", "cards", "--out", str(out))
    assert result.exit_code == 0, result.output
    written = {p.relative_to(out / "t/export/pod").as_posix() for p in (out / "t/export/pod").rglob("*.png")}
    assert written and all(name.startswith("cards/cards/") for name in written)
    both = run("export", "--kit", str(folder), "--to", "tts", "--deck", "cards", "--deck", "aids", "--out", str(out))
    assert both.exit_code == 0, both.output
    save = (out / "t/export/tts/t.json").read_text()
    assert '"Nickname": "Player aids"' in save and '"Nickname": "Cards"' in save and "Custom_Tile" not in save
    unknown = run("export", "--kit", str(folder), "--to", "tts", "--deck", "cardz", "--out", str(out))
    assert unknown.exit_code == 1 and unknown.output == "error: t: no deck named 'cardz' (decks: aids, cards)\n"
    cmyk = run("export", "--kit", str(folder), "--to", "cmyk", "--deck", "cards", "--out", str(out))
    assert cmyk.exit_code == 1 and cmyk.output.startswith("error: --deck: not for --to cmyk")
