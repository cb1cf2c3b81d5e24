"""`printkit new` gives a kit that builds, verifies clean and prints like a built-in one."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from printkit.build import make_data_kit, write_kit
from printkit.kit.checks import check_kit
from tests.conftest import assert_print_ready, render_pdf_page
from tests.datakit.helpers import run
from tests.kitrules.helpers import one_error_line


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("scaffold")
    folder = root / "my-game"
    result = run("new", str(folder))
    assert result.exit_code == 0, result.output
    out = root / "out"
    result = run("build", "--kit", str(folder), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "checks: 0 errors, 0 warnings" in result.output
    return folder, out / "my-game"


def test_new_writes_the_starter_files(built: tuple[Path, Path]) -> None:
    folder, _ = built
    for name in ("kit.toml", "cards.csv", "rules.md", "tokens.csv", "track.csv", "art/star.svg", "art/coin.svg"):
        assert (folder / name).is_file(), name
    assert run("new", str(folder)).exit_code == 1


def test_scaffold_kit_has_every_file_and_card_ids(built: tuple[Path, Path]) -> None:
    _, kit = built
    names = sorted(str(p.relative_to(kit)) for p in kit.rglob("*") if p.is_file())
    assert names == ["artwork/cards.png", "artwork/cards.svg", "artwork/coins.png", "artwork/coins.svg", "artwork/score-track.png",
                     "artwork/score-track.svg", "kit.pdf", "manifest.json", "rules.md", "rules.pdf"]
    root = ET.fromstring((kit / "artwork/cards.svg").read_text())
    ids = [e.get("id") for e in root.iter() if (e.get("id") or "").startswith("card-")]
    assert ids == [f"card-cards-{n}" for n in range(1, 14)]  # 3 + 2 + 2 + 2 + 2 + 1 + 1 copies
    track = ET.fromstring((kit / "artwork/score-track.svg").read_text())
    spaces = [e.get("id") for e in track.iter() if (e.get("id") or "").startswith("cell-")]
    assert spaces == [f"cell-{n}" for n in range(30)]
    manifest = json.loads((kit / "manifest.json").read_text())
    assert manifest["game"] == "my-game" and manifest["parameters"]["deck"][0]["name"] == "cards"


def test_scaffold_pdf_is_print_ready_with_text_and_backs(built: tuple[Path, Path]) -> None:
    _, kit = built
    reader = PdfReader(io.BytesIO((kit / "kit.pdf").read_bytes()))
    assert len(reader.pages) == 7  # rules, track, coins, 2 x (fronts + backs)
    for page in reader.pages:
        assert_print_ready(page, (210, 297))
    text = reader.pages[3].extract_text()
    assert "Harvest" in text and "Trade 1 card from your" in text
    assert "backs" in reader.pages[4].extract_text()
    rules = reader.pages[0].extract_text()
    assert "13 action cards" in rules and "18 coins" in rules


def test_backs_land_on_their_fronts(built: tuple[Path, Path]) -> None:
    """Long-edge duplex: each back lies where its front lies, mirrored left-right, and shows the back's colour there;
    no back is printed behind an empty slot of the partial last sheet."""
    folder, kit = built
    pdf = (kit / "kit.pdf").read_bytes()
    made = make_data_kit(str(folder))
    sheets = [s for section in made.sections for s in section.sheets]
    first = len(PdfReader(io.BytesIO(pdf)).pages) - len(sheets)
    px = 30 / 25.4
    cards = [(i, s) for i, s in enumerate(sheets) if s.side == "front" and i + 1 < len(sheets) and sheets[i + 1].side == "back"]
    assert len(cards) == 2
    for i, front in cards:
        back = sheets[i + 1]
        page = render_pdf_page(pdf, first + i + 1, 30)
        for f, b in zip(front.placed, back.placed):
            assert b.x == pytest.approx(210 - f.x - f.w) and b.y == pytest.approx(f.y)
            assert page.getpixel((int((b.x + 1.5) * px), int((b.y + b.h / 2) * px))) == (0x2E, 0x3A, 0x4F)
    i, front = cards[-1]
    full = len(cards[0][1].placed)
    assert len(front.placed) < full  # the partial sheet: behind its empty slots, white
    last = front.placed[-1]
    empty_x = 210 - (last.x + last.w + 6 + last.w / 2)
    assert render_pdf_page(pdf, first + i + 1, 30).getpixel((int(empty_x * px), int((last.y + last.h / 2) * px))) == (255, 255, 255)


def test_rebuild_is_byte_identical(built: tuple[Path, Path], tmp_path: Path) -> None:
    folder, kit = built
    again = write_kit(make_data_kit(str(folder)), tmp_path, "kit.toml")
    for name in again.files:
        if name != "manifest.json":
            assert (again.folder / name).read_bytes() == (kit / name).read_bytes(), name


def test_verify_kit_is_clean(built: tuple[Path, Path]) -> None:
    folder, _ = built
    result = run("verify", "--kit", str(folder))
    assert result.exit_code == 0 and "my-game: 0 errors, 0 warnings" in result.output
    assert [f for f in check_kit(make_data_kit(str(folder), ("print.paper=letter",))) if f.level != "note"] == []


def test_gallery_names_a_kit_folders_changes_by_its_own_keys() -> None:
    from printkit.gallery.changes import manifest_parameters, parameter_changes

    before = {"game": "g", "config": "g/kit.toml", "parameters": {"deck": [{"name": "cards", "size": "poker"}]}, "print": {"paper": "A4"}}
    after = {**before, "parameters": {"deck": [{"name": "cards", "size": "bridge"}]}}
    assert "deck.cards.size" in manifest_parameters(before)
    assert [str(c) for c in parameter_changes(before, after)] == ['deck.cards.size: "poker" → "bridge"']


def test_unchanged_kit_folder_is_kept_and_a_data_edit_rebuilds(tmp_path: Path) -> None:
    folder, out = tmp_path / "g", tmp_path / "out"
    assert run("new", str(folder)).exit_code == 0
    assert "wrote" in run("build", "--kit", str(folder), "--out", str(out)).output
    assert "g: unchanged, kept" in run("build", "--kit", str(folder), "--out", str(out)).output
    assert "wrote" in run("build", "--kit", str(folder), "--out", str(out), "--force").output
    assert "wrote" in run("build", "--kit", str(folder), "--out", str(out), "--set", "print.bleed_mm=2").output
    cards = folder / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Market Day", "Fair Day"), encoding="utf-8")
    result = run("build", "--kit", str(folder), "--out", str(out))
    assert "wrote" in result.output, result.output
    assert "Fair Day" in (out / "g" / "artwork" / "cards.svg").read_text(encoding="utf-8")


TITLE_WORDS = ["Dragons", "Dungeons", "&", "Dice:", "The", "Card", "Game", "Merchants", "of", "Seven", "Seas", "Beyond"]


@pytest.mark.parametrize("rules", [False, True])
@settings(max_examples=3, deadline=None)
@given(title=st.lists(st.sampled_from(TITLE_WORDS), min_size=6, max_size=16).map(" ".join))
@example(title="Dragons, Dungeons & Dice: The Card Game")
@example(title=" ".join(["Merchants"] * 9))
def test_a_long_title_sets_the_footer_smaller_not_past_its_box(tmp_path_factory: pytest.TempPathFactory, rules: bool,
                                                              title: str) -> None:
    """The scaffolds write the title into each card's footer: a title of about 40 letters and more (two lines) was a
    check error on every card ('text does not fit its 51.0 x 4.0 mm box even at 7 pt'); now a smaller footer, warned.
    A title longer than the footer (or the card back) holds at its smallest size is refused by `new` itself, naming
    --title and the characters it holds: a title is either refused or verifies clean."""
    folder = tmp_path_factory.mktemp("long-title") / "game"
    made = run("new", str(folder), "--title", title, *(["--rules"] if rules else []))
    if made.exit_code:
        assert made.output.startswith("error: --title: ") and " holds the first " in made.output, made.output
        return
    result = run("verify", "--kit", str(folder))
    assert result.exit_code == 0 and "error:" not in result.output and " 0 errors," in result.output, result.output


@pytest.mark.parametrize("rules", [False, True])
def test_new_refuses_a_title_longer_than_the_cards_hold_and_takes_what_they_hold(tmp_path: Path, rules: bool) -> None:
    """The limit is measured in the scaffold's own boxes and font: its first N characters verify clean, N + 1 are
    refused (one line naming --title, the box and N)."""
    title = " ".join(["Voyage"] * 13)
    extra = ["--rules"] if rules else []
    line = one_error_line(run("new", str(tmp_path / "long"), "--title", title, *extra))
    assert line == ("error: --title: 'Voyage Voyage Voyage Voyage Voyage Voyage Voyage Voyage Voya…' (90 characters): "
                    "the cards' layouts.card-back.name (51.0 x 10.0 mm at 7 pt bold) holds the first 87 of its 90 "
                    "characters (write a shorter title; a longer one can be set in kit.toml later, with layouts that "
                    "hold it)")
    assert not (tmp_path / "long").exists()
    line = one_error_line(run("new", str(tmp_path / "wide"), "--title", "M" * 21, *extra))
    assert line == ("error: --title: 'MMMMMMMMMMMMMMMMMMMMM': the cards' layouts.card-back.name (51.0 x 10.0 mm at 7 pt "
                    "bold) holds the first 20 of its 21 characters (write a shorter title; a longer one can be set in "
                    "kit.toml later, with layouts that hold it)")
    folder = tmp_path / "held"
    assert run("new", str(folder), "--title", title[:87], *extra).exit_code == 0
    result = run("verify", "--kit", str(folder))
    assert " 0 errors," in result.output and "error:" not in result.output, result.output


def test_new_refuses_a_title_the_font_lacks(tmp_path: Path) -> None:
    """Vera has all of Latin-1 ('Æ') but not Latin Extended-A ('ē'): a title it lacks was a glyph error on every card."""
    line = one_error_line(run("new", str(tmp_path / "a"), "--title", "Ælfrēd"))
    assert line == ("error: --title: 'Ælfrēd': the kit's font Vera has no glyph for 'ē' (U+0113): the title would print as "
                    "empty boxes on every card (write it without them; a font that has them can be added under [fonts] "
                    "in kit.toml later)")
    line = one_error_line(run("new", str(tmp_path / "ælfrēd")))
    assert line.startswith("error: 'ælfrēd' (the folder's name, the title without --title): 'Ælfrēd': the kit's font")
    assert run("new", str(tmp_path / "b"), "--title", "Ælfred").exit_code == 0


def test_a_title_with_braces_is_printed_as_written(tmp_path: Path) -> None:
    """A layout reads ``{name}`` as a column: the title is written into the cards' texts with its braces doubled."""
    folder = tmp_path / "g"
    assert run("new", str(folder), "--title", "A {b} game").exit_code == 0
    assert 'title = "A {b} game"' in (folder / "kit.toml").read_text(encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", "--kit", str(folder), "--out", str(out))
    assert " 0 errors," in result.output, result.output
    assert "A {b} game - 1" in (out / "g" / "artwork" / "cards.svg").read_text(encoding="utf-8")
