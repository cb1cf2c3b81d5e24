"""printkit's PDF painter writes what reportlab's canvas methods wrote, byte for byte, for any drawing and every kit.

The painter (printkit.draw.pdf) writes the content operators itself; the reference (canvas_reference.py) is the
painter it replaced, one canvas call per operator. Same bytes means the same pages, in RGB and in CMYK.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import reportlab
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from printkit.build import make_kit
from printkit.config import load_config
from printkit.draw import fonts, pdf
from printkit.draw.cmyk import Inks
from printkit.draw.png import png_bytes
from printkit.draw.shapes import Circle, Drawing, Group, Image, Line, Polygon, Rect, Style, Text
from printkit.kit.render import kit_pages
from tests.shared.canvas_reference import ReferencePainter

ROOT = Path(__file__).resolve().parents[2]
STAR = (ROOT / "printkit/datakit/scaffold/art/star.svg").read_bytes()  # flat: printkit draws it
SPILL = (ROOT / "tests/datakit/kits/spill/art/spill.svg").read_bytes()  # translucent group: svglib draws it
DOT = png_bytes(bytes([255, 0, 0, 0, 255, 0, 0, 0, 255, 250, 250, 250]), 2, 2)
KIT_FONT = fonts.register_file(str(Path(reportlab.__file__).parent / "fonts" / "VeraBI.ttf"))

coord = st.floats(-500, 500, allow_nan=False) | st.sampled_from([0.0, -0.0, 0.0004, -0.0004, 1.0005, 12.5, 1e-7])
words = st.text(st.sampled_from(list("Aa Zz09.,-&()\\\t\x00éüß•–—×“”’→ΩЖ中\u00a0")), max_size=12)
colour = st.sampled_from(["#112233", "#FFFFFF", "#abcdef", "#000000", "#0A0A0A"])
style = st.builds(Style, fill=st.none() | colour, stroke=st.none() | colour, width=st.floats(0, 5, allow_nan=False),
                  dash=st.lists(st.floats(0.1, 4, allow_nan=False), max_size=3).map(tuple),
                  opacity=st.sampled_from([1.0, 0.5, 0.25, 0.0, 1]))
points = st.lists(st.tuples(coord, coord), min_size=1, max_size=5).map(tuple)
leaf = st.one_of(
    st.builds(Rect, coord, coord, coord, coord, style, rx=st.sampled_from([0.0, 1.5, 0.0001])),
    st.builds(Circle, coord, coord, st.floats(0, 300, allow_nan=False), style),
    st.builds(Line, coord, coord, coord, coord, style),
    st.builds(Polygon, points, style, closed=st.booleans()),
    st.builds(Text, coord, coord, words, size=st.floats(1, 40, allow_nan=False), bold=st.booleans(), italic=st.booleans(),
              font=st.sampled_from(["", KIT_FONT]), anchor=st.sampled_from(["start", "middle", "end"]), fill=colour),
    st.builds(Image, coord, coord, coord, coord, st.sampled_from([STAR, SPILL]), kind=st.just("svg"))
    | st.builds(Image, coord, coord, coord, coord, st.just(DOT), kind=st.just("png")),
)
shapes = st.recursive(leaf, lambda inner: st.builds(
    Group, st.lists(inner, max_size=4).map(tuple), dx=coord, dy=coord, rotate=st.sampled_from([0.0, 90.0, 12.5, -33.3]),
    scale=st.sampled_from([1.0, 0.5, 2.0]),
    clip=st.none() | st.tuples(coord, coord, coord, coord) | st.builds(Circle, coord, coord, coord) | st.builds(Polygon, points)),
    max_leaves=12)
drawings = st.builds(Drawing, st.floats(1, 1000, allow_nan=False), st.floats(1, 1000, allow_nan=False),
                     st.lists(shapes, max_size=5).map(tuple))


def both(pages: list[pdf.Page], monkeypatch: pytest.MonkeyPatch, cmyk: bool = False) -> tuple[tuple[bytes, Inks | None], ...]:
    """The PDF of ``pages`` (and what its inks converted) from printkit's painter, then from the reference."""
    made = []
    for painter in (pdf._Painter, ReferencePainter):
        with monkeypatch.context() as patch:
            patch.setattr(pdf, "_Painter", painter)
            inks = Inks() if cmyk else None
            made.append((pdf.pdf_bytes(pages, "painted", inks), inks))
    return tuple(made)


@hsettings(max_examples=300, deadline=None, derandomize=True)
@given(drawings, st.booleans())
def test_the_painter_writes_what_the_canvas_methods_wrote(drawing: Drawing, cmyk: bool) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        (ours, our_inks), (theirs, their_inks) = both([pdf.DrawingPage(drawing)], monkeypatch, cmyk)
    assert ours == theirs
    if cmyk:
        assert our_inks is not None and their_inks is not None
        assert (our_inks.used, our_inks.rich) == (their_inks.used, their_inks.rich)


def test_transparency_is_named_per_page_and_set_where_it_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    half = Style(fill="#112233", stroke="#abcdef", opacity=0.5)
    page = Drawing(50, 50, (Rect(0, 0, 5, 5, half), Group((Circle(1, 1, 1, half), Rect(1, 1, 1, 1)), dx=2), Circle(3, 3, 1, half)))
    (ours, _), (theirs, _) = both([pdf.DrawingPage(page), pdf.DrawingPage(page)], monkeypatch)
    assert ours == theirs
    assert ours.count(b"/gRLs0") >= 2 and b"%PDF-1.4" in ours  # the same name again on the second page's own resources


@pytest.mark.parametrize("game", ["warfare", "ultimate", "sitters", "tictactwo", "tokentactics"])
def test_every_page_of_a_kit_is_the_same(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """kit.pdf (the rule sheet's figures are painted inside platypus's flow) and the CMYK export's pages."""
    pages = kit_pages(make_kit(load_config(None, ()), game))
    (ours, _), (theirs, _) = both(pages, monkeypatch)
    assert ours == theirs
    (ours, our_inks), (theirs, their_inks) = both(pages[1:], monkeypatch, cmyk=True)
    assert ours == theirs and our_inks is not None and their_inks is not None and our_inks.used == their_inks.used
