"""Print-shop grade, measured on the rendered pages of every built-in game, the `printkit new` scaffold and
`printkit new --rules`, on A4, Letter and universal paper: a crop mark at both ends of every cut line (at least
3 mm, outside the printer's 5 mm margin), the colour 0.5 mm past every cut line is the piece's own, no text under
6 pt on any page, and the calibration sheet's text inside the page."""

from __future__ import annotations

import io
import math
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader

from printkit.build import make_data_kit, make_kit
from printkit.config import load_config
from printkit.datakit.scaffold import scaffold
from printkit.draw.pdf import pdf_bytes
from printkit.draw.shapes import Circle, Group, Polygon, Text, walk
from printkit.kit.checks import text_extent
from printkit.kit.render import kit_pages
from printkit.press.calibration import calibration_pages
from printkit.press.marks import MIN_MARK_MM
from printkit.press.settings import PrintSettings
from tests.conftest import render_pdf_page

GAMES = ("warfare", "ultimate", "sitters", "tictactwo", "tokentactics")
KITS = (*GAMES, "scaffold", "scaffold --rules")
PAPERS = ("A4", "letter", "universal")
DPI = 150.0
PX = DPI / 25.4
DARK = 110


@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("grade")
    scaffold(root / "my-game", None)
    scaffold(root / "rules-game", None, rules=True)
    return {"scaffold": root / "my-game", "scaffold --rules": root / "rules-game"}


@pytest.fixture(scope="module")
def built(folders: dict[str, Path]):
    """Each kit on each paper, made once: the kit and its kit.pdf's pages rendered (by sheet label)."""

    @lru_cache(maxsize=None)
    def make(name: str, paper: str):
        if name in folders:
            kit = make_data_kit(str(folders[name]), (), paper)
        else:
            kit = make_kit(load_config(None, (f"print.paper={paper}",)), name)
        pdf = pdf_bytes(kit_pages(kit), kit.title)
        first = len(PdfReader(io.BytesIO(pdf)).pages) - sum(len(s.sheets) for s in kit.sections)
        sheets = [sheet for section in kit.sections for sheet in section.sheets]
        return kit, pdf, [(sheet, first + i) for i, sheet in enumerate(sheets)]

    return make


def _pixels(pdf: bytes, index: int) -> np.ndarray:
    return np.asarray(render_pdf_page(pdf, index, DPI), dtype=np.int16)


def _dark_run(column: np.ndarray) -> float:
    """The longest run of dark pixels in a strip (mm)."""
    best = run = 0
    for dark in column < DARK:
        run = run + 1 if dark else 0
        best = max(best, run)
    return best / PX


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", KITS)
def test_every_cut_line_has_its_crop_marks_outside_the_printer_margin(built, name: str, paper: str) -> None:
    """Above and below every vertical cut line, left and right of every horizontal one, outside the bleed of every
    piece (the pieces blanked out of the rendered page): a dark line on it at least 3 mm long; and no ink at all
    within 5 mm of the paper's edge."""
    kit, pdf, sheets = built(name, paper)
    s = kit.settings
    pw, ph = s.page_size
    m, b = s.printer_margin_mm, s.bleed_mm
    checked = 0
    for sheet, index in sheets:
        if not sheet.marks or sheet.label.startswith("tile "):
            continue  # die nets and score sheets are cut along their printed outline; tiles mark the board's corners
        b = sheet.bleed_mm if sheet.bleed_mm is not None else s.bleed_mm
        page = _pixels(pdf, index).min(axis=2)
        off = page.copy()  # the page with every piece and its bleed blanked: what is left are marks and captions
        for q in sheet.placed:
            off[max(0, math.floor((q.y - b) * PX) - 1):math.ceil((q.y + q.h + b) * PX) + 1,
                max(0, math.floor((q.x - b) * PX) - 1):math.ceil((q.x + q.w + b) * PX) + 1] = 255
        for p in sheet.placed:
            for x in (p.x, p.x + p.w):
                col = round(x * PX)
                strip = off[:, col - 1:col + 2].min(axis=1)
                for lo, hi, where in ((m, p.y - b, "above"), (p.y + p.h + b, ph - m, "below")):
                    run = _dark_run(strip[math.ceil(lo * PX):math.floor(hi * PX)])
                    assert run >= MIN_MARK_MM - 0.3, f"{sheet.label}: cut line x {x:.1f} mm has no crop mark {where} ({run:.1f} mm)"
                    checked += 1
            for y in (p.y, p.y + p.h):
                row = round(y * PX)
                strip = off[row - 1:row + 2, :].min(axis=0)
                for lo, hi, where in ((m, p.x - b, "left"), (p.x + p.w + b, pw - m, "right")):
                    run = _dark_run(strip[math.ceil(lo * PX):math.floor(hi * PX)])
                    assert run >= MIN_MARK_MM - 0.3, f"{sheet.label}: cut line y {y:.1f} mm has no crop mark {where} ({run:.1f} mm)"
                    checked += 1
        margin = np.concatenate([page[:round(m * PX) - 1].ravel(), page[-round(m * PX) + 1:].ravel(),
                                 page[:, :round(m * PX) - 1].ravel(), page[:, -round(m * PX) + 1:].ravel()])
        assert (margin < DARK).sum() == 0, f"{sheet.label}: ink within the printer's {m:g} mm margin"
    assert checked > 0


def _colour(page: np.ndarray, x: float, y: float) -> np.ndarray:
    return page[round(y * PX), round(x * PX)]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", KITS)
def test_the_colour_half_a_millimetre_past_every_cut_is_the_piece_s_own(built, name: str, paper: str) -> None:
    """A cut 0.5 mm off (a guillotine's tolerance) shows the piece's own colour, never white or the neighbour's:
    sampled 0.5 mm inside and 0.5 mm outside each edge at a quarter, half and three quarters of it (round pieces: every
    45 degrees around; hex pieces: the middle of each side), within 40 of 255 on every channel."""
    kit, pdf, sheets = built(name, paper)
    compared = 0
    for sheet, index in sheets:
        if not sheet.marks or sheet.label.startswith("tile "):
            continue
        page = _pixels(pdf, index)
        groups = [c for c in sheet.page.drawing.children if isinstance(c, Group) and "piece" in c.cls]
        for group, p in zip(groups, sheet.placed):
            clip = group.children[0].clip if len(group.children) == 1 and isinstance(group.children[0], Group) else None
            pairs = []
            if isinstance(clip, Circle):
                cx, cy, r = p.x + p.w / 2, p.y + p.h / 2, p.w / 2
                for angle in range(0, 360, 45):
                    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
                    pairs.append(((cx + (r - 0.5) * dx, cy + (r - 0.5) * dy), (cx + (r + 0.5) * dx, cy + (r + 0.5) * dy)))
            elif isinstance(clip, Polygon):  # a hex: the middle of each flat side
                cx, cy, apothem = p.x + p.w / 2, p.y + p.h / 2, p.w / 2
                for angle in (0, 60, 120, 180, 240, 300):
                    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
                    pairs.append(((cx + (apothem - 0.5) * dx, cy + (apothem - 0.5) * dy),
                                  (cx + (apothem + 0.5) * dx, cy + (apothem + 0.5) * dy)))
            else:
                for f in (0.25, 0.5, 0.75):
                    x, y = p.x + f * p.w, p.y + f * p.h
                    pairs += [((p.x + 0.5, y), (p.x - 0.5, y)), ((p.x + p.w - 0.5, y), (p.x + p.w + 0.5, y)),
                              ((x, p.y + 0.5), (x, p.y - 0.5)), ((x, p.y + p.h - 0.5), (x, p.y + p.h + 0.5))]
            for inside, outside in pairs:
                # the same colour on both sides of the cut at this point or 1-2 mm along the edge: a thin line that
                # runs over the cut (a dashed fold line, a hatching) may differ at one point, a sliver of white or of
                # the neighbour's colour along the edge differs at all
                along = (outside[1] - inside[1], inside[0] - outside[0])  # the edge's direction (a mm)
                steps = [(inside[0] + t * along[0], inside[1] + t * along[1], outside[0] + t * along[0], outside[1] + t * along[1])
                         for t in (0, -1, 1, -2, 2)]
                off = [np.abs(_colour(page, xi, yi) - _colour(page, xo, yo)).max() for xi, yi, xo, yo in steps]
                assert min(off) <= 40, (f"{sheet.label}: {p.name} at {outside[0]:.1f}, {outside[1]:.1f} mm: "
                                        f"{tuple(int(v) for v in _colour(page, *outside))} past the cut, "
                                        f"{tuple(int(v) for v in _colour(page, *inside))} inside")
                compared += 1
    assert compared > 0


def _sizes(pdf: bytes) -> list[tuple[str, float]]:
    """Every text drawn in the PDF with the size it prints at (its font size times the text and page matrices)."""
    found: list[tuple[str, float]] = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        def visit(text, cm, tm, font, size, found=found):
            if text.strip():
                scale = math.hypot(tm[2], tm[3]) * math.hypot(cm[2], cm[3])
                found.append((text.strip(), size * scale))
        page.extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", KITS)
def test_no_text_under_6_pt_on_any_page(built, name: str, paper: str) -> None:
    kit, pdf, _ = built(name, paper)
    small = [(text, round(size, 2)) for text, size in _sizes(pdf) if size < 6 - 0.05]
    assert small == [], small[:5]


@pytest.mark.parametrize("paper", PAPERS)
def test_the_calibration_sheet_fits_the_page_and_labels_every_millimetre(paper: str) -> None:
    s = PrintSettings(paper=paper)
    pw, ph = s.page_size
    front, back = calibration_pages(s)
    texts = [shape for shape, _, _ in walk(front.drawing.children) if isinstance(shape, Text)]
    for text in texts:
        x0, y0, x1, y1 = text_extent(text)
        assert x0 >= 10 and x1 <= pw - 10 and y0 >= 10 and y1 <= ph - 10, f"{text.text!r} leaves the page's 10 mm margin"
        assert text.size >= 6
    labels = [t for t in texts if "scale-label" in t.cls]
    assert len(labels) == 2 * 17 and sorted({t.text for t in labels}) == [str(n) for n in range(9)]
    assert any("this bar must measure 50 mm" in t.text for t in texts)
    pdf = pdf_bytes([front, back], "calibration")
    page = _pixels(pdf, 0).min(axis=2)
    edge = round(s.printer_margin_mm * PX)
    assert (page[:edge] < DARK).sum() == (page[-edge:] < DARK).sum() == (page[:, :edge] < DARK).sum() == (page[:, -edge:] < DARK).sum() == 0
    assert all(size >= 6 - 0.05 for _, size in _sizes(pdf))
