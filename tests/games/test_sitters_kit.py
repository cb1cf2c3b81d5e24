"""The SiTTeRS print kit: map drawn = engine map, marker counts, scoring table, tiling, rule sheet, errors."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.build import build, make_kit
from printkit.config import load_config
from printkit.draw.svg import to_svg
from printkit.games.sitters.art import table_findings
from printkit.games.sitters.rules import cell_kinds, score_table
from printkit.kit.checks import check_kit
from printkit.kit.model import Kit
from tests.games.sitters_helpers import KIT_FOLDER, Params, SittersRules, printed

SVG = "{http://www.w3.org/2000/svg}"


def kit(*sets: str) -> Kit:
    return make_kit(load_config(None, tuple(f"games.sitters.{s}" for s in sets)), "sitters")


def cells(svg: str) -> dict[str, set[str]]:
    root = ET.fromstring(svg)
    return {e.get("id", "")[5:]: set(e.get("class", "").split()) for e in root.iter()
            if e.get("id", "").startswith("cell-")}


def classed(svg: str, cls: str) -> list[set[str]]:
    return [set(e.get("class", "").split()) for e in ET.fromstring(svg).iter() if cls in e.get("class", "").split()]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    result = build(load_config(None), "sitters", tmp_path_factory.mktemp("out"))
    assert [f for f in result.findings if f.level == "error"] == []
    return result.folder


def test_build_writes_every_file(built: Path) -> None:
    for name in ("artwork/board.svg", "artwork/board.png", "artwork/standees.svg", "artwork/containers.svg",
                 "artwork/die.svg", "artwork/score_sheet.svg", "rules.pdf", "rules.md", "kit.pdf",
                 "manifest.json", "example.log"):
        assert (built / name).is_file(), name


def test_board_svg_is_the_engines_map(built: Path) -> None:
    drawn = cells((built / "artwork/board.svg").read_text())
    kinds = cell_kinds(Params())
    assert set(drawn) == set(kinds) and len(drawn) == 7 * 10 + 3
    assert "K1" not in drawn and "K2" not in drawn and "K6" not in drawn
    for name, kind in kinds.items():
        assert drawn[name] == {"cell", kind}, name
    by_kind = {k: sorted(n for n, c in drawn.items() if k in c) for k in set(kinds.values())}
    assert by_kind["safe-zone"] == ["K3", "K4", "K5"]
    assert by_kind["obstructor-start"] == ["I1", "I7", "J1", "J2", "J6", "J7"]
    assert by_kind["collector-start"] == [f"A{r}" for r in range(1, 8)]
    assert len(by_kind["container"]) == 34 and len(by_kind["floor"]) == 23


def test_board_labels_letters_and_legend(built: Path) -> None:
    root = ET.fromstring((built / "artwork/board.svg").read_text())
    labels = [t.text for t in root.iter(f"{SVG}text") if "label" in t.get("class", "").split()]
    assert sorted(set(labels)) == sorted([*"ABCDEFGHIJK", *"1234567"])
    assert labels.count("K") == 2 and labels.count("7") == 2
    letters = [t.text for t in root.iter(f"{SVG}text") if "space-letter" in t.get("class", "").split()]
    assert letters.count("SZ") == 3 + 1 and letters.count("X") == 34 + 1 and letters.count("O") == 6 + 1
    assert root.find(".//*[@id='legend']") is not None


def test_markers_match_the_parameters(built: Path) -> None:
    standees = classed((built / "artwork/standees.svg").read_text(), "standee")
    assert sum("collector" in c for c in standees) == 4 and sum("obstructor" in c for c in standees) == 6
    tokens = classed((built / "artwork/containers.svg").read_text(), "container")
    assert len(tokens) == 8
    more = kit("collectors=3", "obstructors=5", "containers_per_player=3", "example_log=" + str(_short_log()))
    svg = to_svg(more.artwork["standees"])
    assert sum("collector" in c for c in classed(svg, "standee")) == 3
    assert len(classed(to_svg(more.artwork["containers"]), "container")) == 6
    assert "opens a container: +4 loot (4)" in more.rules_text and check_kit(more) == []


def _short_log() -> Path:
    import tempfile

    text = "\n".join(["place container D3", "place container D5", "place container E5", "place container E3",
                      "place container H7", "place container H1", "place collector A3", "place collector A4",
                      "place collector A5", *(f"place obstructor {c}" for c in ("I1", "J1", "J2", "J6", "J7")),
                      "roll 3", "A3 > D3", "roll 4"])
    path = Path(tempfile.mkdtemp()) / "short.log"
    path.write_text(text + "\n", encoding="utf-8")
    return path


def test_theme_names_on_pieces_and_rules() -> None:
    dungeon = kit("theme=dungeon")
    texts = [t.text for t in ET.fromstring(to_svg(dungeon.artwork["standees"])).iter(f"{SVG}text")]
    assert "delver" in texts and "monster" in texts
    assert "chest" in [t.text for t in ET.fromstring(to_svg(dungeon.artwork["containers"])).iter(f"{SVG}text")]
    assert "above 50 the delvers win, below 50 the monsters win, 50 is a draw" in dungeon.rules_text.lower()


def test_pdfs_read_back(built: Path) -> None:
    rules = PdfReader(io.BytesIO((built / "rules.pdf").read_bytes()))
    text = "\n".join(p.extract_text() for p in rules.pages)
    for phrase in ("Components", "Set-up", "Rounds", "Battles", "Returning with a 6", "safe zone", "Clarifications",
                   "Paths may turn", "Worked example", "A3 > D3", "score 40",
                   "Above 50 the collectors win, below 50 the obstructors win, 50 is a draw"):
        assert phrase in text, phrase
    kit_pdf = PdfReader(io.BytesIO((built / "kit.pdf").read_bytes()))
    assert len(kit_pdf.pages) == len(rules.pages) + 4 + 1 + 1 + 1 + 1  # 4 tiles, standees, tokens, die, score sheet
    sheet = kit_pdf.pages[-1].extract_text()
    assert "above 50 the collectors win, below 50 the obstructors win, 50 is a draw" in sheet.lower()
    assert "32+" in sheet and "90" in sheet
    tile = kit_pdf.pages[len(rules.pages)]
    assert "/TrimBox" in tile and "tile 1 of 4" in tile.extract_text()


def test_scoring_table_is_the_scoring_function() -> None:
    k = kit()
    table = score_table(Params())
    assert table["rows"] == ["0+", "8+", "16+", "24+", "32+"] and table["scores"][4] == [50, 60, 70, 80, 90]
    assert "| 16+ | 30 | 40 | 50 | 60 | 70 |" in k.rules_text
    assert table_findings(Params(), k.artwork["score_sheet"].children) == []
    assert SittersRules(Params()).sheet_checks(k.rules_text) == []
    other = kit("band_width=10", "base=0")
    assert "| 10+ | 10 | 20 | 30 | 40 | 50 |" in other.rules_text
    # a table that no longer matches the function is an error (the score sheet's, and the rule sheet's: sheet_checks)
    broken = table_findings(Params(step=5), k.artwork["score_sheet"].children)
    assert broken and all(level == "error" for level, _ in broken)
    assert SittersRules(Params(step=5)).sheet_checks(k.rules_text)


def test_too_few_markers_is_an_error() -> None:
    k = kit()
    standees = [p for p in _pieces(k, "standees")]
    errors = SittersRules(Params()).checks({"standees": printed(standees[:-1]),
                                            "containers": printed(_pieces(k, "container tokens"))})
    assert any("obstructor markers printed" in str(f) for f in errors)


def _pieces(k: Kit, section: str) -> list:  # type: ignore[type-arg]
    from printkit.games.sitters.art_pieces import marker_pieces

    standees, tokens = marker_pieces(k.params, k.settings.safe_mm)
    return standees if section == "standees" else tokens


def test_defaults_verify_clean() -> None:
    assert check_kit(kit()) == []


def test_small_squares_fit_one_page_and_pieces_fit_squares() -> None:
    small = kit("square_mm=18")
    board = next(s for s in small.sections if s.name == "board")
    assert len(board.sheets) == 1
    assert check_kit(small) == []
    assert "printed on" not in small.rules_text.split("## The board")[0]
    big = kit()
    assert len(next(s for s in big.sections if s.name == "board").sheets) == 4


def test_die_sides_change_the_die_page_and_break_the_example() -> None:
    eight = kit("die_sides=8")
    assert "spinner" in to_svg(eight.artwork["die"]) and "Returning with an 8" in eight.rules_text
    assert "comes back here on an 8." in to_svg(eight.artwork["board"])  # a number's article as it is read aloud
    texts = [t.text for t in ET.fromstring(to_svg(eight.artwork["die"])).iter(f"{SVG}text")]
    assert texts == [str(i) for i in range(1, 9)]
    six = kit()
    assert len(classed(to_svg(six.artwork["die"]), "pip")) == 21 and len(classed(to_svg(six.artwork["die"]), "glue-tab")) == 7
    four = kit("die_sides=4")  # the example rolls sixes: left off with a note (it failed the build)
    assert [f.level for f in four.findings if "a die shows 1 to 4, got 6" in f.message] == ["note"]
    assert "Worked example" not in four.rules_text


def test_unreachable_win_is_a_warning() -> None:
    k = kit("target=95")
    assert [f.level for f in k.findings] == ["warning"] and "never win" in k.findings[0].message


def test_kit_is_deterministic_and_fast() -> None:
    import time

    kit()
    start = time.process_time()
    a, b = kit(), kit()
    assert time.process_time() - start < 2.0  # CPU time: the same on a busy machine
    assert to_svg(a.artwork["board"]) == to_svg(b.artwork["board"]) and a.rules_text == b.rules_text
    assert replace(Params(), square_mm=18).square_mm == 18


def test_pieces_stand_on_the_board_as_the_kit_prints_them() -> None:
    """pieces() (the browser table's board): every marker on its space, named by the printed piece's SVG id."""
    from printkit.rules.log import parse_log
    from printkit.rules.replay import replay

    k, rules = kit(), SittersRules()
    game = replay(rules, parse_log((KIT_FOLDER / "example.log").read_text(encoding="utf-8")), "example.log")
    state = game.steps[11].state  # after set-up: 8 containers, 4 collectors, 6 obstructors
    placed = rules.game.pieces(state)["board"]
    printed = {p.front.id for s in k.tokens for p in s.pieces}
    labels = [label for labels in placed.values() for label in labels]
    assert len(labels) == 18 and set(labels) <= printed
    assert placed["A3"] == ["collector-1"] and placed["I1"] == ["obstructor-1"]
    assert set(placed) <= set(cell_kinds(Params()))


@pytest.mark.parametrize("paper, square", [("letter", 70), ("universal", 45), ("A3", 70)])
def test_a_tiled_board_s_assembly_map_keeps_clear_of_the_crop_marks(paper: str, square: int) -> None:
    """At a small bleed the mark of the board's bottom corner ran down through the tile's assembly map (letter at
    square_mm 65-80, universal 45 and 65-75, A3 70). The map moves left of the marks, and the sheet check that keeps
    captions clear of marks now says it of the map too."""
    from PIL import Image

    from printkit.draw.png import svg_to_png
    from printkit.draw.shapes import Group, Line, Rect, Style
    from printkit.kit.checks import sheet_findings
    from printkit.press.marks import LABEL_CLEAR_MM

    made = make_kit(load_config(None, (f'print.paper="{paper}"', "print.bleed_mm=0", "print.mark_length_mm=10",
                                       f"games.sitters.square_mm={square}")), "sitters")
    tiles = [sh for sec in made.sections for sh in sec.sheets if sh.label.startswith("tile ")]
    assert len(tiles) > 1 and not [f for f in check_kit(made) if f.level == "error"]
    dpi = 200.0
    for sheet in tiles:
        drawing = sheet.page.drawing
        amap = next(c for c in drawing.children if isinstance(c, Group) and "assembly-map" in c.cls)
        squares = [s for s in amap.children if isinstance(s, Rect)]
        for mk in sheet.marks:  # every mark LABEL_CLEAR_MM or more away from every square
            for sq in squares:
                x0, y0 = amap.dx + sq.x - LABEL_CLEAR_MM + 0.01, amap.dy + sq.y - LABEL_CLEAR_MM + 0.01
                x1, y1 = x0 + sq.w + 2 * LABEL_CLEAR_MM - 0.02, y0 + sq.h + 2 * LABEL_CLEAR_MM - 0.02
                assert not (min(mk.x1, mk.x2) <= x1 and max(mk.x1, mk.x2) >= x0 and min(mk.y1, mk.y2) <= y1
                            and max(mk.y1, mk.y2) >= y0), (sheet.label, mk, sq)
        # drawn: the page's white squares of the map are white inside (no mark line runs through them)
        page = Image.open(io.BytesIO(svg_to_png(to_svg(drawing), dpi))).convert("L")
        px = dpi / 25.4
        for sq in [s for s in squares if s.style.fill == "#FFFFFF"]:
            box = [round((amap.dx + sq.x + 0.4) * px), round((amap.dy + sq.y + 0.4) * px),
                   round((amap.dx + sq.x + sq.w - 0.4) * px), round((amap.dy + sq.y + sq.h - 0.4) * px)]
            assert page.crop(box).getextrema()[0] > 240, sheet.label
        # the check: a mark through the map is an error naming it
        x, y = amap.dx + squares[0].x + 1, amap.dy + squares[0].y - 2
        crossed = replace(sheet, marks=[*sheet.marks, Line(x, y, x, y + 10, Style(stroke="#000000", width=0.2))])
        assert any("assembly map lies under a crop mark" in f.message for f in sheet_findings(crossed, made.settings))
        assert not any("assembly map" in f.message for f in sheet_findings(sheet, made.settings))


@pytest.mark.parametrize("safe", [0.0, 3.0, 6.5, 10.0])
def test_board_labels_keep_inside_print_safe_mm(safe: float) -> None:
    """The coordinate labels sat in a fixed 9 mm band, centred 4.5 mm from the cut whatever print.safe_mm said (and
    the tile pages' safe check did not read the tiled board). The band widens with print.safe_mm, an edge label is
    centred between the safe line and the map at 12 pt, and a tiled board's text is checked against the safe line."""
    from dataclasses import replace as changed

    from printkit.draw.fonts import text_extent
    from printkit.draw.shapes import Group, Text, walk

    made = make_kit(load_config(None, (f"print.safe_mm={safe}",)), "sitters")
    assert not [f.message for f in check_kit(made) if f.level != "note"]
    board = made.boards[0].pieces[0]
    labels = [(t, dx, dy) for t, dx, dy in walk((board.front,)) if isinstance(t, Text)]
    assert {t.size for t, _, _ in labels if "label" in t.cls} == {12.0}
    for text, dx, dy in labels:
        x0, y0, x1, y1 = text_extent(text)
        assert min(x0 + dx, y0 + dy, board.w - x1 - dx, board.h - y1 - dy) >= safe - 0.05, text.text
    svg = ET.fromstring(to_svg(made.artwork["board"]))
    tops = [float(t.get("y", "0")) for t in svg.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "label"]
    assert min(tops) - 12 * 0.729 * 25.4 / 72 >= safe - 0.05  # drawn: the top row of letters below the safe line
    near = Text(safe / 2, 5.0, "Z", size=12.0, cls=("label",))  # the check reads a tiled board: a label by its cut
    moved = changed(made.boards[0], pieces=[changed(board, front=Group((*board.front.children, near), id="board"))])
    assert any("tiled board: text within" in f.message and "'Z' on board" in f.message
               for f in check_kit(changed(made, boards=[moved]))) == (safe > 0)
