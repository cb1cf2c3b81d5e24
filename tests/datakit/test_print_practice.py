"""Print practice (kit tests/datakit/kits/print-practice): a gap between cards, round and hex tokens whose
bleed follows their shape, small token sets sharing a sheet; checked on the rendered pages."""

from __future__ import annotations

import io
import math
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.build import make_data_kit, write_kit
from printkit.draw.pdf import DrawingPage, pdf_bytes
from printkit.kit.checks import check_kit
from tests.conftest import render_pdf_page

KIT = Path(__file__).parent / "kits" / "print-practice"
DPI = 127.0  # 5 px a mm
WHITE = (255, 255, 255)


def _built(tmp_path: Path, sets: tuple[str, ...] = ()):
    folder = shutil.copytree(KIT, tmp_path / "kit")
    kit = make_data_kit(str(folder), sets)
    out = write_kit(kit, tmp_path / "out", "kit.toml")
    pdf = (out.folder / "kit.pdf").read_bytes()
    pages = {}
    index = len(PdfReader(io.BytesIO(pdf)).pages) - sum(len(section.sheets) for section in kit.sections)  # the rule sheet first
    for section in kit.sections:
        for sheet in section.sheets:
            pages[sheet.label] = (sheet, index)
            index += 1
    return kit, pdf, pages


def _pixel(page, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    return page.getpixel((round(x_mm * DPI / 25.4), round(y_mm * DPI / 25.4)))


def _hex(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def test_cards_sit_card_gap_apart_and_each_card_s_bleed_fills_its_half(tmp_path: Path) -> None:
    kit, pdf, pages = _built(tmp_path)
    assert [f for f in check_kit(kit) if f.level != "note"] == []
    sheet, index = next(v for k, v in pages.items() if "Cards" in k and "fronts" in k)
    first, second = sheet.placed[0], sheet.placed[1]
    assert second.x - (first.x + first.w) == pytest.approx(2.0)
    page = render_pdf_page(pdf, index, DPI)
    red, blue = _hex("#C0392B"), _hex("#2471A3")
    edge = first.x + first.w
    y = first.y + 40
    assert _pixel(page, edge + 0.6, y) == pytest.approx(red, abs=6)  # a cut 0.6 mm too far right still shows red
    assert _pixel(page, edge + 1.4, y) == pytest.approx(blue, abs=6)  # the neighbour's cut 0.6 mm too far left: blue
    default, _, _ = _built(tmp_path / "butted", ("print.butted=true",))
    butted = next(s for s in default.sections if s.name.startswith("cards")).sheets[0].placed
    assert butted[1].x == pytest.approx(butted[0].x + butted[0].w)


def test_round_and_hex_tokens_print_their_bleed_in_their_own_shape(tmp_path: Path) -> None:
    kit, pdf, pages = _built(tmp_path)
    sheet, index = next(v for k, v in pages.items() if "tokens" in k)
    page = render_pdf_page(pdf, index, DPI)
    coin = next(p for p in sheet.placed if p.name.startswith("coins"))
    gold = _hex("#B7950B")
    cx, cy, r = coin.x + coin.w / 2, coin.y + coin.h / 2, coin.w / 2
    assert _pixel(page, cx - r - 2.0, cy) == pytest.approx(gold, abs=6)  # inside the 3 mm bleed ring (the first coin: left)
    assert _pixel(page, cx - r - 4.0, cy) == pytest.approx(WHITE, abs=6)  # past the bleed
    d = (r + 2.0) / math.sqrt(2)  # 2 mm past the cut on the diagonal: bleed; the square's corner is not
    assert _pixel(page, cx - d, cy - d) == pytest.approx(gold, abs=6)
    assert _pixel(page, coin.x - 2.0, coin.y - 2.0) == pytest.approx(WHITE, abs=6)
    tile = next(p for p in sheet.placed if p.name.startswith("tiles"))
    green = _hex("#1E8449")
    assert _pixel(page, tile.x - 2.0, tile.y + tile.h / 2) == pytest.approx(green, abs=6)  # 2 mm past a flat side
    assert _pixel(page, tile.x + 1.0, tile.y + 1.0) == pytest.approx(WHITE, abs=6)  # the box's corner, off the hexagon
    assert _pixel(page, tile.x + tile.w / 2, tile.y - 2.5) == pytest.approx(green, abs=6)  # above the top point
    preview = render_pdf_page(pdf_bytes([DrawingPage(kit.artwork["tiles"])], "tiles"), 0, DPI)  # the artwork: cut shape
    assert _pixel(preview, 3 + tile.w / 2, 3 + tile.h / 2) == pytest.approx(green, abs=6)
    assert _pixel(preview, 3 + 1.0, 3 + 1.0) == pytest.approx(WHITE, abs=6)


def test_small_token_sets_share_one_sheet(tmp_path: Path) -> None:
    kit, _, pages = _built(tmp_path)
    tokens = [s for s in kit.sections if s.name.startswith("tokens")]
    assert [s.name for s in tokens] == ["tokens Coins, Tiles, Markers"]
    assert [sheet.label for sheet in tokens[0].sheets] == ["Print Practice - tokens, sheet 1 of 1"]
    names = [p.name.split(" ")[0] for p in tokens[0].sheets[0].placed]
    assert names == ["coins"] * 6 + ["tiles"] * 4 + ["markers"] * 6
    two_sided, _, _ = _built(tmp_path / "two", ("tokens.coins.back=token",))
    assert [s.name for s in two_sided.sections if s.name.startswith("tokens")] == ["tokens Coins", "tokens Tiles, Markers"]


def test_two_sided_token_sets_share_pages_with_their_backs_mirrored(tmp_path: Path) -> None:
    kit, pdf, pages = _built(tmp_path, ("tokens.coins.back=token", "tokens.tiles.back=token"))
    tokens = [s for s in kit.sections if s.name.startswith("tokens")]
    assert [s.name for s in tokens] == ["tokens Coins, Tiles", "tokens Markers"]
    fronts, backs = tokens[0].sheets
    assert fronts.label == "Print Practice - two-sided tokens, sheet 1 of 1: fronts - print double-sided, flip on the long edge"
    assert (fronts.side, backs.side, backs.label) == ("front", "back", "Print Practice - two-sided tokens, sheet 1 of 1: backs")
    width = kit.settings.page_size[0]
    for front, back in zip(fronts.placed, backs.placed):
        assert (back.name, back.x, back.y) == (front.name, pytest.approx(width - front.x - front.w), pytest.approx(front.y))
    page = render_pdf_page(pdf, pages[backs.label][1], DPI)
    coin = backs.placed[0]
    assert _pixel(page, coin.x + coin.w / 2, coin.y + 2) == pytest.approx(_hex("#B7950B"), abs=6)  # the first coin's back
    assert _pixel(page, coin.x - 2.0, coin.y - 2.0) == pytest.approx(WHITE, abs=6)


def test_the_print_note_names_each_deck_by_its_title_in_sentences(tmp_path: Path) -> None:
    from printkit.kit.render import print_lines
    from tests.datakit.helpers import CARD
    from tests.datakit.helpers import write_kit as write_folder

    two = CARD.replace('name = "cards"', 'name = "cards"\ntitle = "Spice cards"') + (
        '\n[[deck]]\nname = "extra"\ntitle = "Market Cards"\ndata = "cards.csv"\nfront = "front"\n')
    lines = print_lines(make_data_kit(str(write_folder(tmp_path / "k", two))))
    assert "Spice cards: 2 pages. Double-sided, flip on the long edge: each back lands on its front" in lines  # fronts, backs
    assert "Market Cards: 1 page. Single-sided" in lines  # the title as written, not "Cards market cards"
