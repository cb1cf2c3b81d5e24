"""Every card a game accepts prints clean: at the smallest card sizes the built-in games take, art stays inside the
card and marks clear of the text (rendered and read by pixels and boxes); the kit check that finds art past the cut
and text under or across another shape, and what it leaves alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.build import make_kit
from printkit.cli import main
from printkit.config import load_config
from printkit.draw.fonts import text_extent
from printkit.draw.shapes import Circle, Drawing, Group, Polygon, Rect, Style, Text
from printkit.draw.svg import to_svg
from printkit.kit.cardfaces import drawn, face_problems
from printkit.kit.model import Kit
from printkit.press.pieces import Piece, bleed_rect
from tests.conftest import render_svg

MARGIN = 12.0  # mm of page around a rendered card: more than the bleed art's overrun
DPI = 100


def _cards(kit: Kit) -> list[Piece]:
    return [p for deck in kit.decks for p in deck.pieces]


def _rendered(face: Group, w: float, h: float):  # type: ignore[no-untyped-def]
    """The face on a page ``MARGIN`` mm larger each way, and the card's trim in pixels (x0, y0, x1, y1)."""
    page = Drawing(w + 2 * MARGIN, h + 2 * MARGIN, (Group((face,), dx=MARGIN, dy=MARGIN),))
    image = render_svg(to_svg(page), DPI)
    px = image.width / page.width
    return image, (MARGIN * px, MARGIN * px, (MARGIN + w) * px, (MARGIN + h) * px)


def _near(rgb: tuple[int, int, int], colour: str, slack: int = 24) -> bool:
    want = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= slack for a, b in zip(rgb, want))


@pytest.fixture(scope="module")
def narrow_warfare() -> Kit:
    """Tic Tac Warfare at the narrowest card it accepts (30 x 88 mm)."""
    return make_kit(load_config(None, ("print.card_width_mm=30",)), "warfare")


def test_warfare_s_back_emblem_stays_inside_a_30_mm_card(narrow_warfare: Kit) -> None:
    """The back's disc in the player's colour was 34 mm across (r = 17 mm) on a 30 mm card: it ran past both long cuts,
    over the bleed. Rendered, no pixel of it lies outside the trim; it is there inside."""
    x_colour = narrow_warfare.params.colour_x
    card = next(p for p in _cards(narrow_warfare) if p.name == "X bomb card 1")
    assert card.back is not None and (card.w, card.h) == (30, 88)
    image, (x0, y0, x1, y1) = _rendered(card.back, card.w, card.h)
    pixels = image.load()
    outside = inside = 0
    for y in range(image.height):
        for x in range(image.width):
            if _near(pixels[x, y], x_colour):
                if x0 - 1 <= x <= x1 + 1 and y0 - 1 <= y <= y1 + 1:
                    inside += 1
                else:
                    outside += 1
    assert inside > 100 and outside == 0, (inside, outside)
    emblem = next(d for d in drawn((card.back,)) if "emblem" in d.shape.cls)
    assert 0 <= emblem.box[0] and emblem.box[2] <= card.w and 0 <= emblem.box[1] and emblem.box[3] <= card.h


def test_warfare_s_corner_mark_keeps_clear_of_the_title_on_a_30_mm_card(narrow_warfare: Kit) -> None:
    """The corner's X or O was 8 mm wide from 3.5 mm in, the title centred in a box starting at 15.87 %: on a 30 mm card
    "Fortress" ran into the mark. Now the mark scales with the card and the title's box starts past it."""
    for card in _cards(narrow_warfare):
        corner = _group_box(card.front, "corner")
        title = next(box for text, box in _texts(card.front) if "title" in text.cls)
        assert corner[2] < title[0], (card.name, corner, title)
        assert not face_problems(card.front, card.w, card.h, narrow_warfare.settings.bleed_mm), card.name


def _group_box(face: Group, cls: str) -> tuple[float, float, float, float]:
    """The box of what an element (a layout's class) draws: a placed picture is a group of shapes."""
    holder = next(g for g in _groups(face, 0.0, 0.0) if cls in g[0].cls)
    group, dx, dy = holder
    boxes = [d.box for d in drawn((Group((group,), dx=dx, dy=dy),))]
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def _groups(shape: Group, dx: float, dy: float):  # type: ignore[no-untyped-def]
    for child in shape.children:
        if isinstance(child, Group):
            yield child, dx + shape.dx, dy + shape.dy
            yield from _groups(child, dx + shape.dx, dy + shape.dy)


def test_warfare_s_cards_at_their_lowest_height_keep_their_text_on_the_card() -> None:
    """At 63 x 32 mm (which the card-size check let through: each text fitted its own box) the rule text's box began at
    47 mm, below the card's bottom edge, and the back's emblem ran under its title. The layout now follows the card's
    height; a card too low for its text is refused with the height it needs, and there the kit is clean."""
    kit = make_kit(load_config(None, ("print.card_height_mm=36",)), "warfare")
    assert not [f for f in kit.findings if f.level == "error"], kit.findings
    for card in _cards(kit):
        texts = [text_extent(t) for t, _ in _texts(card.front)]
        assert texts and all(0 <= y0 and y1 <= card.h for _, y0, _, y1 in texts), card.name
        assert not face_problems(card.front, card.w, card.h, kit.settings.bleed_mm)
        assert not face_problems(card.back, card.w, card.h, kit.settings.bleed_mm)


def _texts(face: Group):  # type: ignore[no-untyped-def]
    for d in drawn((face,)):
        if isinstance(d.shape, Text):
            yield d.shape, d.box


def test_tic_tac_two_s_panel_stays_on_the_card_at_safe_mm_0() -> None:
    """The white panel under a card's text sat 1 mm outside the safe line: at print.safe_mm = 0 that is 1 mm past the
    cut on three sides (white cut off at the trim, the coloured bleed beyond it). Now its edge is the cut at most."""
    kit = make_kit(load_config(None, ("print.safe_mm=0", "print.card_width_mm=53")), "tictactwo")
    for card in _cards(kit):
        for side in (card.front, card.back):
            panels = [d.box for d in drawn((side,)) if isinstance(d.shape, Rect) and d.shape.style.fill == "#FFFFFF"
                      and d.box[2] - d.box[0] > card.w / 2]
            assert all(-1e-9 <= x0 and x1 <= card.w + 1e-9 and y1 <= card.h + 1e-9 for x0, _, x1, y1 in panels), card.name


# --- the check ------------------------------------------------------------------------------------------------------

W, H = 40.0, 60.0


def _problems(*shapes) -> list[str]:  # type: ignore[no-untyped-def]
    return face_problems(Group((bleed_rect(W, H, "#336699"), *shapes)), W, H, bleed=3.0)


def test_a_clean_face_says_nothing() -> None:
    """A background bled on purpose, a panel with text on it, a frame stroked on the cut, a band run on into the bleed
    at the top: nothing to say."""
    panel = Rect(3, 12, W - 6, H - 15, Style(fill="#FFFFFF"))
    text = Text(W / 2, 20, "Bomb", size=9, anchor="middle")
    frame = Rect(0, 0, W, H, Style(stroke="#000000", width=1.0))
    band = Rect(-10, -10, W + 20, 20, Style(fill="#AA0000"))
    assert _problems(band, panel, text, frame) == []


def test_art_past_the_cut_is_found_but_not_a_bled_background() -> None:
    disc = Circle(W / 2, 20, W / 2 + 2, Style(fill="#D55E00"), cls=("emblem",))
    assert _problems(disc) == ["circle 'emblem' reaches 2.0 mm past the cut"]
    words = Text(2, H + 5, "off the card", size=8)
    assert _problems(words)[0].startswith("'off the card' reaches")


def test_text_across_an_earlier_shape_or_under_a_later_one_is_found() -> None:
    mark = Polygon(((2, 2), (10, 2), (10, 10), (2, 10)), Style(fill="#FFFFFF"), cls=("corner",))
    title = Text(4, 8, "Fortress", size=12, bold=True)
    assert _problems(mark, title) == ["'Fortress' lies across polygon 'corner'"]
    assert _problems(title, mark) == ["'Fortress' lies under polygon 'corner'"]
    clear = Text(14, 8, "Fortress", size=12, bold=True)
    assert _problems(mark, clear) == []


NOTES = '''
from printkit.kitart import ArtKit, Circle, Group, Piece, Style


def notes(kit: ArtKit, name):
    disc = Circle(20, 20, 24 if kit.params.goal == 6 else 12, Style(fill="#D55E00"), cls=("seal",))
    return [Piece("note", 40, 40, Group((disc,)), kind="card")]
'''


def test_a_designer_s_card_with_art_past_the_cut_fails_the_build_naming_it(tmp_path: Path) -> None:
    """A kit's own Python drawing a disc wider than its (fixed-size) card: the build's checks name the card and the
    shape; the same card with the disc inside builds."""
    from tests.kitrules.helpers import scaffold

    folder = scaffold(tmp_path)
    (folder / "notes.py").write_text(NOTES, encoding="utf-8")
    (folder / "kit.toml").write_text((folder / "kit.toml").read_text() + '\n[[deck]]\nname = "notes"\nart = "notes.py:notes"\n')
    args = ["build", "--kit", str(folder), "--out", str(tmp_path / "out")]
    good = CliRunner().invoke(main, args)
    assert good.exit_code == 0, good.output
    bad = CliRunner().invoke(main, [*args, "--set", "params.goal=6"])
    assert bad.exit_code != 0 and "Traceback" not in bad.output, bad.output
    assert "front: circle 'seal' reaches 4.0 mm past the cut on note" in bad.output, bad.output
