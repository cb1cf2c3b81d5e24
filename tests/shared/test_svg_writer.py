"""printkit's own SVG writer writes what svgwrite wrote, byte for byte, for any drawing."""

from __future__ import annotations

from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from printkit.draw.shapes import Circle, Drawing, Group, Image, Line, Polygon, Rect, Style, Text
from printkit.draw.svg import to_svg
from tests.shared.svgwrite_reference import svgwrite_svg

coord = st.floats(-500, 500, allow_nan=False) | st.sampled_from([0.0, -0.0, 0.0004, -0.0004, 1.0005, 12.5])
words = st.text(st.characters(codec="utf-8") | st.sampled_from(list("&<>\"'\t\r\n \x00\x1f")), max_size=12)
ident = st.one_of(st.none(), st.just(""), words)
classes = st.lists(st.sampled_from(["cell", "token", "a&b", 'q"', ""]), max_size=3).map(tuple)
colour = st.sampled_from(["#112233", "#FFFFFF", "#abcdef"])
style = st.builds(Style, fill=st.none() | colour, stroke=st.none() | colour, width=st.floats(0, 5, allow_nan=False),
                  dash=st.lists(st.floats(0, 4, allow_nan=False), max_size=3).map(tuple), opacity=st.floats(0, 1, allow_nan=False))
points = st.lists(st.tuples(coord, coord), min_size=1, max_size=5).map(tuple)
leaf = st.one_of(
    st.builds(Rect, coord, coord, coord, coord, style, rx=st.sampled_from([0.0, 1.5, 0.0001]), id=ident, cls=classes),
    st.builds(Circle, coord, coord, coord, style, id=ident, cls=classes),
    st.builds(Line, coord, coord, coord, coord, style, id=ident, cls=classes),
    st.builds(Polygon, points, style, closed=st.booleans(), id=ident, cls=classes),
    st.builds(Text, coord, coord, words, size=st.floats(1, 40, allow_nan=False), bold=st.booleans(), italic=st.booleans(),
              font=st.sampled_from(["", "Body"]), anchor=st.sampled_from(["start", "middle", "end"]), fill=colour, id=ident, cls=classes),
    st.builds(Image, coord, coord, coord, coord, st.binary(max_size=20), kind=st.sampled_from(["svg", "png"]), id=ident, cls=classes),
)
shapes = st.recursive(leaf, lambda inner: st.builds(
    Group, st.lists(inner, max_size=4).map(tuple), dx=coord, dy=coord, rotate=st.sampled_from([0.0, 90.0, 12.5]),
    scale=st.sampled_from([1.0, 0.5, 2.0]), id=ident, cls=classes,
    clip=st.none() | st.tuples(coord, coord, coord, coord) | st.builds(Circle, coord, coord, coord) | st.builds(Polygon, points)),
    max_leaves=12)
drawings = st.builds(Drawing, st.floats(1, 1000, allow_nan=False), st.floats(1, 1000, allow_nan=False),
                     st.lists(shapes, max_size=5).map(tuple), title=words)


@hsettings(max_examples=400, deadline=None, derandomize=True)
@given(drawings)
def test_the_writer_writes_what_svgwrite_wrote(drawing: Drawing) -> None:
    assert to_svg(drawing) == svgwrite_svg(drawing)


def test_a_drawing_svgwrite_wrote_reads_the_same_here() -> None:
    board = Drawing(20, 10, (Group((Rect(0, 0, 5, 5, Style(fill="#123456"), id="cell-A1", cls=("cell", "dark")),),
                                   dx=1, clip=(0, 0, 4, 4)), Text(1, 9, "A & <B>", bold=True)), title="t & u")
    svg = to_svg(board)
    assert svg == svgwrite_svg(board)
    assert svg.startswith('<svg baseProfile="full" height="10mm" version="1.1" viewBox="0 0 20 10" width="20mm" ')
    assert '<title>t &amp; u</title><defs><clipPath id="clip1">' in svg and 'class="cell dark"' in svg and ">A &amp; &lt;B&gt;</text>" in svg
