"""Tabletop Simulator export: the saved object read back against the deck sheets it points at."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlparse

import pytest
from PIL import ImageChops

from printkit.build import make_data_kit
from printkit.export.run import export_kit
from printkit.export.tts import MAX_PX, cell_size, grid
from tests.datakit.helpers import CARD, run, write_kit
from tests.export.helpers import game_kit, image, scaffold_kit


def _decks(save: dict) -> list[dict]:
    return [o for o in save["ObjectStates"] if o["Name"] in ("DeckCustom", "Card")]


def check_against_sheets(folder: Path, kit) -> None:
    """Every deck: grid within 10 x 7 and 4096 px, cell sizes, ids inside the sheet (never the hidden cell), names, counts."""
    save = json.loads((folder / f"{kit.game}.json").read_text())
    decks = _decks(save)
    assert [d["Nickname"] for d in decks if d["Name"] == "DeckCustom"] == [d.title for d in kit.decks if len(d.pieces) > 1]
    for deck, obj in zip([d for d in kit.decks if d.pieces], decks):
        cards = obj["ContainedObjects"] if obj["Name"] == "DeckCustom" else [obj]
        assert len(cards) == len(deck.pieces)
        if obj["Name"] == "DeckCustom":
            assert obj["DeckIDs"] == [c["CardID"] for c in cards]
        for card, piece in zip(cards, deck.pieces):
            assert card["Name"] == "Card" and card["Nickname"] in piece.name
        for key, entry in (obj["CustomDeck"] if obj["Name"] == "DeckCustom" else obj["CustomDeck"]).items():
            cols, rows = entry["NumWidth"], entry["NumHeight"]
            assert 1 <= cols <= 10 and 1 <= rows <= 7
            face = image(Path(urlparse(entry["FaceURL"]).path))
            back = image(Path(urlparse(entry["BackURL"]).path))
            assert face.mode == "RGB" and face.width <= MAX_PX and face.height <= MAX_PX
            assert face.width % cols == 0 and face.height % rows == 0
            cw, ch = face.width // cols, face.height // rows
            assert back.size == (cw, ch)
            assert abs(cw / ch - deck.pieces[0].w / deck.pieces[0].h) < 0.01
            hidden = face.crop(((cols - 1) * cw, (rows - 1) * ch, cols * cw, rows * ch))
            assert ImageChops.difference(hidden, back.convert("RGB")).getbbox() is None, "the hidden-card cell holds the back"
            ids = [c["CardID"] for c in cards if str(c["CardID"] // 100) == key]
            assert ids and all(0 <= i - int(key) * 100 < cols * rows - 1 for i in ids)


def test_grid_holds_69_cards_and_the_hidden_cell() -> None:
    assert grid(1) == (2, 1)
    assert grid(9) == (5, 2)  # 5 x 2 gives the cards 750 px across, 10 x 1 only 409
    assert grid(69) == (10, 7)
    with pytest.raises(ValueError):
        grid(70)
    cw, ch = cell_size(63, 88, 10, 7)
    assert cw * 10 <= MAX_PX and ch * 7 <= MAX_PX and cw >= 400
    assert cell_size(63, 88, 2, 1) == (744, 1039)  # small decks stop at 300 dpi


@pytest.mark.parametrize("cards, at_least", [(9, 744), (17, 733), (20, 682), (35, 512), (50, 455), (69, 409)])
def test_each_sheet_takes_the_grid_that_gives_the_largest_cards(cards: int, at_least: int) -> None:
    """A 10-column sheet gave every deck of 10 to 69 cards 409 x 571 px; the best grid gives up to 733 x 1024."""
    cols, rows = grid(cards, 63, 88)
    assert cols <= 10 and rows <= 7 and cols * rows > cards
    cw, _ = cell_size(63, 88, cols, rows)
    assert cw == at_least
    assert all(cell_size(63, 88, c, -(-(cards + 1) // c))[0] <= cw for c in range(1, 11) if -(-(cards + 1) // c) <= 7)


def test_warfare_json_matches_sheets(tmp_path: Path) -> None:
    kit = game_kit("warfare")
    result = export_kit(kit, "tts", tmp_path)
    check_against_sheets(result.folder, kit)
    save = json.loads((result.folder / "warfare.json").read_text())
    assert [o["Name"] for o in save["ObjectStates"]] == ["DeckCustom", "DeckCustom", "Custom_Board", "Bag", "Bag"]
    assert {"token-x-tokens-001.png", "token-o-tokens-001.png", "board-board.png", "README.txt"} <= set(result.files)
    assert "Saved Objects" in (result.folder / "README.txt").read_text()


def test_scaffold_kit_from_data(tmp_path: Path) -> None:
    kit = scaffold_kit(tmp_path / "my-game")
    result = export_kit(kit, "tts", tmp_path / "out")
    check_against_sheets(result.folder, kit)
    obj = _decks(json.loads((result.folder / f"{kit.game}.json").read_text()))[0]
    assert len(obj["DeckIDs"]) == len(kit.decks[0].pieces) == 13
    assert obj["ContainedObjects"][0]["Nickname"] == "Harvest"
    assert {f"token-{t.name}-001.png" for t in kit.tokens} | {f"board-{b.name}.png" for b in kit.boards} <= set(result.files)


def test_copies_share_a_cell_and_base_url_rewrites_urls(tmp_path: Path) -> None:
    folder = write_kit(tmp_path / "kit", files={"cards.csv": "title,colour,quantity\nAlpha,#AA3300,3\nBeta,#0033AA,1\n"})
    kit = make_data_kit(str(folder))
    result = export_kit(kit, "tts", tmp_path / "out")
    check_against_sheets(result.folder, kit)
    obj = _decks(json.loads((result.folder / f"{kit.game}.json").read_text()))[0]
    assert obj["DeckIDs"] == [100, 100, 100, 101]
    assert image(result.folder / "cards.png").size == (3 * 744, 1039)
    hosted = export_kit(kit, "tts", tmp_path / "hosted", base_url="https://example.org/kit/")
    text = (hosted.folder / f"{kit.game}.json").read_text()
    assert "file://" not in text and '"FaceURL": "https://example.org/kit/cards.png"' in text
    assert (hosted.folder / "cards.png").read_bytes() == (result.folder / "cards.png").read_bytes()


def test_a_deck_of_75_cards_takes_two_sheets(tmp_path: Path) -> None:
    rows = "title,colour\n" + "".join(f"Card {n},#{n * 3:02X}3366\n" for n in range(75))
    folder = write_kit(tmp_path / "kit", files={"cards.csv": rows})
    kit = make_data_kit(str(folder), ("deck.cards.size=[20, 28]",))
    result = export_kit(kit, "tts", tmp_path / "out")
    check_against_sheets(result.folder, kit)
    obj = _decks(json.loads((result.folder / f"{kit.game}.json").read_text()))[0]
    assert {k: (e["NumWidth"], e["NumHeight"]) for k, e in obj["CustomDeck"].items()} == {"1": (10, 7), "2": (7, 1)}
    assert obj["DeckIDs"] == [100 + n for n in range(69)] + [200 + n for n in range(6)]


def test_cli_rerun_is_byte_identical_and_bad_input_is_one_line(tmp_path: Path) -> None:
    out = str(tmp_path / "out")
    first = run("export", "--game", "tictactwo", "--to", "tts", "--out", out)
    assert first.exit_code == 0, first.output
    folder = tmp_path / "out" / "tictactwo" / "export" / "tts"
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert run("export", "--game", "tictactwo", "--to", "tts", "--out", out).exit_code == 0
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    bad = run("export", "--game", "tictactwo", "--to", "roll20", "--out", out)
    assert bad.exit_code == 1 and bad.output.strip().splitlines() == ["error: --to: unknown target 'roll20' (targets: tts, pod, gutterfold, cmyk, pdfx)"]
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    wrong = run("export", "--game", "tictactwo", "--to", "tts", "--shop", "thegamecrafter", "--out", out)
    assert wrong.exit_code == 1 and wrong.output.startswith("error: --shop: only for --to pod")


def test_tokens_are_pieces_to_pick_up_in_a_bag(tmp_path: Path) -> None:
    kit_text = CARD + '''
[[tokens]]
name = "coins"
title = "Coins"
data = "coins.csv"
front = "coin"
back = "coin-back"
shape = "round"
size_mm = 20

[[tokens]]
name = "tiles"
data = "tiles.csv"
front = "coin"
shape = "hex"
size_mm = 20

[layouts.coin.disc]
type = "circle"
r = 13
fill = "{colour}"

[layouts.coin-back.disc]
type = "circle"
r = 13
fill = "#111111"
'''
    files = {"cards.csv": "title,colour\nAlpha,#AA3300\n", "coins.csv": "name,colour,quantity\nGold,#F2C94C,3\nSilver,#C0C0C0,2\n",
             "tiles.csv": "name,colour\nForest,#2E7D32\n"}
    kit = make_data_kit(str(write_kit(tmp_path / "kit", kit_text, files)))
    result = export_kit(kit, "tts", tmp_path / "out")
    save = json.loads((result.folder / f"{kit.game}.json").read_text())
    bag = next(o for o in save["ObjectStates"] if o["Nickname"] == "Coins")
    assert bag["Name"] == "Bag" and [t["Nickname"] for t in bag["ContainedObjects"]] == ["Gold"] * 3 + ["Silver"] * 2
    tile = bag["ContainedObjects"][0]
    assert tile["Name"] == "Custom_Tile" and tile["CustomImage"]["CustomTile"]["Type"] == 2  # a circle
    front, back = (tile["CustomImage"][k].rsplit("/", 1)[1] for k in ("ImageURL", "ImageSecondaryURL"))
    assert (front, back) == ("token-coins-001.png", "token-coins-001-back.png")
    assert bag["ContainedObjects"][3]["CustomImage"]["ImageURL"].endswith("token-coins-002.png")
    gold, dark = image(result.folder / front).convert("RGB"), image(result.folder / back).convert("RGB")
    assert gold.size == (236, 236) and gold.getpixel((118, 118)) == (0xF2, 0xC9, 0x4C) and dark.getpixel((118, 118)) == (0x11, 0x11, 0x11)
    hexagon = next(o for o in save["ObjectStates"] if o["Name"] == "Custom_Tile")
    assert hexagon["Nickname"] == "Tiles: Forest" and hexagon["CustomImage"]["CustomTile"]["Type"] == 1
    assert hexagon["CustomImage"]["ImageSecondaryURL"] == hexagon["CustomImage"]["ImageURL"]
    assert not any(name.startswith("tokens-") for name in result.files)
