"""Gutter fold: fronts and backs mirrored across the fold, marks and fold clear of every bleed, clear errors."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.build import make_data_kit
from printkit.draw.shapes import PT_PER_MM, Line
from printkit.export.common import ExportError, NothingToExport
from printkit.export.gutterfold import deck_pages, export_gutterfold, plan
from tests.datakit.helpers import run, write_kit
from tests.export.helpers import game_kit


def _fold(sheet) -> Line:
    return next(s for s in sheet.page.drawing.children if isinstance(s, Line) and "fold-line" in s.cls)


@pytest.mark.parametrize("game", ["warfare", "tokentactics"])
def test_backs_mirror_fronts_across_the_fold(game: str) -> None:
    kit = game_kit(game)
    b = kit.settings.bleed_mm
    pw, ph = kit.settings.page_size
    for deck in kit.decks:
        sheets = deck_pages(deck, kit)
        assert sum(len(s.placed) for s in sheets) == 2 * len(deck.pieces)
        for sheet in sheets:
            fold = _fold(sheet)
            vertical = fold.x1 == fold.x2
            # a vertical fold at the middle of the page; Token Tactics' 88 x 126 mm player aids fold across it on A4
            # (two side by side with crop marks outside the printer margin need 220 mm)
            assert (fold.x1 == pw / 2) if vertical else (fold.y1 == fold.y2 == ph / 2)
            assert vertical == (deck.pieces[0].w < 80)
            fronts = [p for p in sheet.placed if p.name.endswith("(front)")]
            backs = [p for p in sheet.placed if p.name.endswith("(back)")]
            for f, k in zip(fronts, backs):
                assert f.name[:-8] == k.name[:-7]
                if vertical:
                    assert k.x == pytest.approx(2 * fold.x1 - f.x - f.w) and k.y == pytest.approx(f.y)
                else:
                    assert k.y == pytest.approx(2 * fold.y1 - f.y - f.h) and k.x == pytest.approx(f.x)
            at = fold.x1 if vertical else fold.y1
            for p in sheet.placed:
                lo, size = (p.x, p.w) if vertical else (p.y, p.h)
                gap = min(abs(lo - b - at), abs(lo + size + b - at))
                assert gap >= 5.0, "the fold line stays 5 mm clear of the bleed"
                for mark in sheet.marks:
                    assert not (min(mark.x1, mark.x2) <= p.x + p.w + b and max(mark.x1, mark.x2) >= p.x - b
                                and min(mark.y1, mark.y2) <= p.y + p.h + b and max(mark.y1, mark.y2) >= p.y - b)
            for mark in sheet.marks:
                ends = (mark.x1, mark.x2) if vertical else (mark.y1, mark.y2)
                assert not min(ends) < at < max(ends), "no crop mark crosses the fold"


def test_pdf_pages_and_boxes() -> None:
    kit = game_kit("warfare")
    made = export_gutterfold(kit)
    reader = PdfReader(io.BytesIO(made.files["gutterfold.pdf"]))
    assert len(reader.pages) == 4  # 4 + 4 ability cards, 3 a page
    for page in reader.pages:
        assert (round(float(page.mediabox.width) / PT_PER_MM), round(float(page.mediabox.height) / PT_PER_MM)) == (210, 297)
        trim, bleed = page.trimbox, page.bleedbox
        assert float(bleed.width) == pytest.approx(float(trim.width) + 6 * PT_PER_MM, abs=0.01)
    assert b"fold" in made.files["README.txt"]
    assert made.files == export_gutterfold(kit).files


def test_wide_cards_fold_horizontally_and_too_large_ones_fail(tmp_path: Path) -> None:
    wide = make_data_kit(str(write_kit(tmp_path / "wide")), ("deck.cards.size=[120, 80]",))
    assert plan(120, 80, wide.settings).vertical is False
    sheet = deck_pages(wide.decks[0], wide)[0]
    fold = _fold(sheet)
    assert fold.y1 == fold.y2 == wide.settings.page_size[1] / 2
    front, back = sheet.placed[0], sheet.placed[len(sheet.placed) // 2]
    assert back.y == pytest.approx(2 * fold.y1 - front.y - front.h)
    folder = write_kit(tmp_path / "big")
    result = run("export", "--kit", str(folder), "--to", "gutterfold", "--set", "deck.cards.size=[150, 200]", "--out", str(tmp_path / "o"))
    assert result.exit_code == 1 and len(result.output.strip().splitlines()) == 1
    assert result.output.startswith("error: gutterfold: deck 'Cards': 150 x 200 mm cards do not fit two-up on A4 paper")
    with pytest.raises(NothingToExport):
        export_gutterfold(game_kit("ultimate"))
    assert issubclass(NothingToExport, ExportError)


def test_cards_that_nearly_fold_two_up_get_a_smaller_bleed_not_an_error() -> None:
    """Token Tactics' 88 x 126 mm player aids on Letter: two side by side with 3 mm bleeds and crop marks outside the
    printer margin need 220 mm; with a 2 mm bleed and the marks 0.5 mm from it they fit, every cut line marked."""
    from printkit.build import make_kit
    from printkit.config import load_config
    from printkit.kit.checks import sheet_findings, unmarked_cut_lines

    kit = make_kit(load_config(None, ("print.paper=letter",)), "tokentactics")
    deck = next(d for d in kit.decks if d.pieces[0].w == 88)
    sheets = deck_pages(deck, kit)
    assert sheets and all(s.bleed_mm == 2.0 for s in sheets)
    for sheet in sheets:
        assert [f for f in sheet_findings(sheet, kit.settings) if f.level != "note"] == []
        assert unmarked_cut_lines(sheet, kit.settings) == []
    assert b"a 2 mm bleed, crop marks 0.5 mm from it" in export_gutterfold(kit).files["README.txt"]
