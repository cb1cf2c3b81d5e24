"""Boards (square, hex, track) and token sheets (round, square, hex; one- or two-sided) from a kit folder."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.build import make_data_kit
from printkit.draw.shapes import Polygon, Rect, walk
from printkit.draw.svg import to_svg
from printkit.kit.checks import check_kit
from tests.datakit.helpers import write_kit

BOARD = '''
[kit]
name = "b"

[[board]]
name = "map"
shape = "{shape}"
rows = {rows}
columns = {columns}
cell_mm = {cell}
data = "cells.csv"
'''
CELLS = "cell,label,class,fill\nA1,Home,home,#FFE8A3\nB2,Lake,water,#9CC3E6\n"


def cells(svg: str) -> dict[str, tuple[str, str]]:
    root = ET.fromstring(svg)
    return {e.get("id")[5:]: (e.get("class"), e.get("fill")) for e in root.iter() if (e.get("id") or "").startswith("cell-")}


@pytest.mark.parametrize("shape", ["square", "hex"])
def test_grid_cells_take_labels_classes_and_fills(tmp_path: Path, shape: str) -> None:
    folder = write_kit(tmp_path / "k", BOARD.format(shape=shape, rows=3, columns=4, cell=25), {"cells.csv": CELLS})
    kit = make_data_kit(str(folder))
    drawn = cells(to_svg(kit.artwork["map"]))
    assert len(drawn) == 12 and "D3" in drawn
    assert drawn["A1"] == (f"cell {'hex ' if shape == 'hex' else ''}home", "#FFE8A3")
    assert drawn["B2"][1] == "#9CC3E6" and drawn["C3"][1] == "#FFFFFF"
    assert "Lake" in to_svg(kit.artwork["map"])
    assert [f for f in check_kit(kit) if f.level == "error"] == []
    assert len(kit.sections[0].sheets) == 1


def test_hex_cells_are_hexagons_that_touch(tmp_path: Path) -> None:
    folder = write_kit(tmp_path / "k", BOARD.format(shape="hex", rows=2, columns=2, cell=20), {"cells.csv": "cell\n"})
    hexes = {s.id: s for s, _, _ in walk(make_data_kit(str(folder)).artwork["map"].children) if isinstance(s, Polygon) and s.id}
    a1, b1 = hexes["cell-A1"].points, hexes["cell-B1"].points
    assert len(a1) == 6
    shared = {(round(x, 6), round(y, 6)) for x, y in a1} & {(round(x, 6), round(y, 6)) for x, y in b1}
    assert len(shared) == 2  # neighbours in a row share an edge: the cell size is the distance across flats


def test_large_board_is_tiled(tmp_path: Path) -> None:
    folder = write_kit(tmp_path / "k", BOARD.format(shape="square", rows=12, columns=12, cell=30), {"cells.csv": CELLS})
    kit = make_data_kit(str(folder))
    sheets = kit.sections[0].sheets
    assert len(sheets) > 1 and sheets[0].label.startswith("tile 1 of")
    assert "targets meet" in kit.sections[0].advice


def test_track_numbers_its_spaces_around_the_edge(tmp_path: Path) -> None:
    text = BOARD.format(shape="track", rows=4, columns=5, cell=20).replace('data = "cells.csv"', 'data = "cells.csv"\nstart = 1\nspaces = 14')
    folder = write_kit(tmp_path / "k", text, {"cells.csv": "space,label,fill\n1,Go,#FFE8A3\n14,End,#FFE8A3\n"})
    drawn = cells(to_svg(make_data_kit(str(folder)).artwork["map"]))
    assert sorted(drawn, key=int) == [str(n) for n in range(1, 15)]
    assert drawn["1"] == ("cell space", "#FFE8A3")
    bad = write_kit(tmp_path / "bad", text.replace("spaces = 14", "spaces = 40"), {"cells.csv": "space\n"})
    with pytest.raises(Exception, match="a 5 x 4 track has 14 spaces around its edge, got 40"):
        make_data_kit(str(bad))


def test_a_track_ends_on_its_last_space_round_a_frame_that_holds_it(tmp_path: Path) -> None:
    """`last = "{params.goal}"`: spaces `start` to the goal, the frame as small as holds them when columns and rows are
    not written; with `spaces`, or before `start`, it is refused naming the key."""
    text = ('[kit]\nname = "b"\n[params]\ngoal = 8\n[[board]]\nname = "map"\nshape = "track"\nlast = "{params.goal}"\n'
            'cell_mm = 20\ndata = "cells.csv"\n')
    folder = write_kit(tmp_path / "k", text, {"cells.csv": "space,label\n{params.goal},Goal\n"})
    kit = make_data_kit(str(folder))
    drawn = cells(to_svg(kit.artwork["map"]))
    assert sorted(drawn, key=int) == [str(n) for n in range(9)] and kit.boards[0].pieces[0].w == 5 * 20 + 8
    longer = cells(to_svg(make_data_kit(str(folder), ("params.goal=20",)).artwork["map"]))
    assert sorted(longer, key=int) == [str(n) for n in range(21)]
    for extra, message in (("spaces = 4\n", "map.last|last: for a track, instead of `spaces`"),
                           ("start = 9\n", "expected the last space at or after the first \\(9\\), got 8")):
        bad = write_kit(tmp_path / extra[:5], text + extra, {"cells.csv": "space\n"})
        with pytest.raises(Exception, match=message):
            make_data_kit(str(bad))


@settings(max_examples=25, deadline=None)
@given(rows=st.integers(1, 7), columns=st.integers(1, 7))
def test_a_track_s_spaces_each_sit_on_a_cell_of_their_own(tmp_path_factory: pytest.TempPathFactory, rows: int,
                                                          columns: int) -> None:
    """Every frame makes a track: a 1 x 1 one failed with an IndexError, and one a cell wide numbered its cells there
    and back (a 6 x 1 track drew spaces 6 to 9 over 4 to 1)."""
    text = BOARD.format(shape="track", rows=rows, columns=columns, cell=20)
    folder = write_kit(tmp_path_factory.mktemp("track"), text, {"cells.csv": "space,label\n0,Start\n"})
    board = make_data_kit(str(folder)).artwork["map"]
    places = [(round(x, 6), round(y, 6)) for s, x, y in walk(board.children) if isinstance(s, Rect) and s.id]
    expected = rows * columns if min(rows, columns) == 1 else 2 * (rows + columns) - 4
    assert len(places) == len(set(places)) == expected
    assert sorted(cells(to_svg(board)), key=int) == [str(n) for n in range(expected)]


TOKENS = '''
[kit]
name = "t"

[[tokens]]
name = "chips"
data = "chips.csv"
shape = "{shape}"
size_mm = 20
front = "face"
{back}

[layouts.face.disc]
type = "rect"
frame = "bleed"
fill = "{{colour}}"

[layouts.face.value]
type = "text"
text = "{{value}}"
x = 4
y = 6
w = 12
h = 8
size = 14
bold = true
align = "center"
colour = "#FFFFFF"

[layouts.reverse.disc]
type = "rect"
frame = "bleed"
fill = "#333333"
'''


@pytest.mark.parametrize("shape", ["round", "hex", "square"])
def test_token_shapes_and_sides(tmp_path: Path, shape: str) -> None:
    folder = write_kit(tmp_path / "k", TOKENS.format(shape=shape, back='back = "reverse"'),
                       {"chips.csv": "value,colour,quantity\n1,#B8860B,5\n5,#6A4C93,3\n"})
    kit = make_data_kit(str(folder))
    sheets = kit.sections[0].sheets
    assert [s.side for s in sheets] == ["front", "back"]
    assert len(sheets[0].placed) == 8
    svg = ET.fromstring(to_svg(sheets[0].page.drawing))
    # no line is printed on a cut (a cut a little off shows it): the bleed runs past it, crop marks stand outside
    assert [e for e in svg.iter() if "cut-guide" in (e.get("class") or "")] == [] and len(sheets[0].marks) > 0
    w, h = sheets[0].placed[0].w, sheets[0].placed[0].h
    assert w == 20 and h == pytest.approx(20 if shape != "hex" else 40 / 3 ** 0.5)
    assert [f for f in check_kit(kit) if f.level == "error"] == []


def test_one_sided_tokens_have_no_backs_page(tmp_path: Path) -> None:
    folder = write_kit(tmp_path / "k", TOKENS.format(shape="round", back=""), {"chips.csv": "value,colour\n1,#B8860B\n"})
    assert [s.side for s in make_data_kit(str(folder)).sections[0].sheets] == ["front"]
