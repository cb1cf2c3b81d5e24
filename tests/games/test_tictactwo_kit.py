"""The Tic Tac Two print kit: board cells and wall slots from the engine, piece counts, cards,
trackers, rule sheet, figures replayed by the engine, tiling and errors."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.build import build, make_kit
from printkit.config import load_config
from printkit.draw import fonts
from printkit.draw.shapes import Group, Text, walk
from printkit.draw.svg import to_svg
from printkit.errors import BuildError, ConfigError
from printkit.games import get_game, params_class
from printkit.games.tictactwo.art import action_figures as figures
from printkit.games.tictactwo.art import slot_findings, step, winning_cells
from printkit.games.tictactwo.rules import Counts, action_text, needs, position
from printkit.kit.checks import check_kit
from printkit.kitgame.example import move_comments as log_comments

SPEC = get_game("tictactwo")
Params = params_class("tictactwo")


def TicTacTwo(params: object = None):  # type: ignore[no-untyped-def]  # noqa: N802
    """The rules engine for ``params`` (default: the defaults)."""
    return SPEC.rules(params if params is not None else Params())

SVG = "{http://www.w3.org/2000/svg}"


def kit(*sets: str):  # type: ignore[no-untyped-def]
    return make_kit(load_config(None, tuple(f"games.tictactwo.{s}" for s in sets)), "tictactwo")


def ids(svg: str, prefix: str) -> dict[str, set[str]]:
    root = ET.fromstring(svg)
    return {e.get("id", "")[len(prefix):]: set(e.get("class", "").split())
            for e in root.iter() if e.get("id", "").startswith(prefix)}


def classed(svg: str, cls: str) -> list[set[str]]:
    root = ET.fromstring(svg)
    return [set(e.get("class", "").split()) for e in root.iter() if cls in e.get("class", "").split()]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    result = build(load_config(None), "tictactwo", tmp_path_factory.mktemp("out"))
    assert [f for f in result.findings if f.level == "error"] == []
    assert [f for f in result.findings if f.level == "warning"] == []
    return result.folder


def test_build_writes_every_file(built: Path) -> None:
    for stem in ("board", "cards", "tokens", "walls", "markers", "voids"):
        assert (built / f"artwork/{stem}.svg").is_file() and (built / f"artwork/{stem}.png").is_file(), stem
    for name in ("rules.pdf", "rules.md", "kit.pdf", "manifest.json", "example.log"):
        assert (built / name).is_file(), name


def test_board_cells_and_wall_slots_are_the_engines(built: Path) -> None:
    svg = (built / "artwork/board.svg").read_text()
    geo = TicTacTwo(Params()).geometry()
    cells = ids(svg, "cell-")
    assert set(cells) == {c["id"] for c in geo["cells"]} == {f"{c}{r}" for c in "ABCD" for r in range(1, 5)}
    slots = {k: v for k, v in ids(svg, "wall-").items() if "wall-slot" in v}
    assert len(slots) == len(geo["walls"]) == 40
    for s in geo["walls"]:
        assert {"wall-slot", s["orientation"], "edge" if s["edge"] else "interior"} <= slots[s["id"]], s["id"]
    assert sum("edge" in c for c in slots.values()) == 16
    texts = [t.text for t in ET.fromstring(svg).iter(f"{SVG}text")]
    assert texts.count("A") == 2 and texts.count("4") == 2  # labels on both edges


def test_slot_check_catches_a_missing_or_misplaced_slot() -> None:
    k = kit()
    rules = TicTacTwo(k.params)
    board = k.artwork["board"]
    assert slot_findings(rules, board.children) == []

    def strip(shape, drop: str, shift: float = 0.0):  # type: ignore[no-untyped-def]
        if isinstance(shape, Group):
            kids = tuple(strip(c, drop, shift) for c in shape.children if getattr(c, "id", None) != f"wall-{drop}" or shift)
            return replace(shape, children=kids)
        if shift and getattr(shape, "id", None) == f"wall-{drop}":
            return replace(shape, x=shape.x + shift)
        return shape

    missing = slot_findings(rules, tuple(strip(c, "B2|C2") for c in board.children))
    assert [f.level for f in missing] == ["error"] and "B2|C2" in missing[0].message
    moved = slot_findings(rules, tuple(strip(c, "A1|top", 5.0) for c in board.children))
    assert [f.message for f in moved] == ["board.svg: wall slot A1|top is not drawn on its border"]


def test_needs_follow_the_rules() -> None:
    assert needs(Params()) == Counts(tokens=16, walls=1, dibs=1, intersects=1, voids=2)
    assert needs(Params(meta=True)) == Counts(tokens=16, walls=3, dibs=3, intersects=6, voids=2)
    assert needs(Params(void=True)).tokens == 14
    assert needs(Params(actions_each=0)) == Counts(tokens=16, walls=0, dibs=0, intersects=0, voids=2)
    assert needs(Params(board_size=5, line_length=4)).tokens == 25


def test_pieces_printed_match_the_counts(built: Path) -> None:
    tokens = classed((built / "artwork/tokens.svg").read_text(), "token")
    assert sum("x" in c for c in tokens) == 16 and sum("o" in c for c in tokens) == 16
    walls = classed((built / "artwork/walls.svg").read_text(), "wall-piece")
    assert sum("x" in c for c in walls) == 1 and sum("o" in c for c in walls) == 1
    markers = (built / "artwork/markers.svg").read_text()
    assert len(classed(markers, "dibs-marker")) == 2 and len(classed(markers, "intersect-marker")) == 1
    assert len(classed((built / "artwork/voids.svg").read_text(), "void-marker")) == 2


def test_meta_prints_more_walls_markers_and_tracker_boxes() -> None:
    k = kit("meta=true")
    walls = classed(to_svg(k.artwork["walls"]), "wall-piece")
    assert sum("x" in c for c in walls) == 3 and sum("o" in c for c in walls) == 3
    assert len(classed(to_svg(k.artwork["markers"]), "intersect-marker")) == 6
    assert "Meta: tick any action" in to_svg(k.artwork["cards"])
    assert "This kit is printed for the Meta variation" in k.rules_text
    assert [f for f in check_kit(k) if f.level == "error"] == []


def test_cards_and_trackers(built: Path) -> None:
    svg = (built / "artwork/cards.svg").read_text()
    assert len(classed(svg, "action-card")) == 6
    assert len(classed(svg, "draft-tracker")) == 2
    boxes = ids(svg, "tracker-X-")
    assert len([b for b in boxes if "tracker-box" in boxes[b]]) == 6 * 3
    titles = [t.text for t in ET.fromstring(svg).iter(f"{SVG}text") if "card-title" in (t.get("class") or "")]
    for name in ("Double", "Swap", "Shift", "Dibs Space", "Intersect Space", "Wall"):
        assert name in titles
    assert len(classed(svg, "card-back")) == 1 + 2  # each distinct back once: the action cards share one


def test_a_long_name_on_a_draft_tracker_takes_two_lines_inside_its_band() -> None:
    k = kit("player_x=Wilhelmina_Fotheringham")
    tracker = next(e for e in ET.fromstring(to_svg(k.artwork["cards"])).iter(f"{SVG}g") if e.get("id") == "tracker-X")
    title = [t for t in tracker.iter(f"{SVG}text") if "card-title" in (t.get("class") or "")]
    assert [t.text for t in title] == ["Wilhelmina_Fotheringham", "draft"]
    assert all(float(t.get("font-size", "0")) >= 7 * 25.4 / 72 - 1e-3 for t in title)  # 7 pt at least
    tops = [float(t.get("y", "0")) for t in title]
    assert tops[0] + float(title[0].get("font-size", "0")) < tops[1] < 13.0  # one under the other, in the 13 mm band
    assert [f.message for f in check_kit(k) if f.level == "error"] == []
    short = next(e for e in ET.fromstring(to_svg(kit().artwork["cards"])).iter(f"{SVG}g") if e.get("id") == "tracker-X")
    assert [t.text for t in short.iter(f"{SVG}text") if "card-title" in (t.get("class") or "")] == ["X draft"]


def test_card_text_follows_params() -> None:
    assert "void" not in action_text("swap", Params())
    assert "or a void with a letter" in action_text("swap", Params(void=True))
    assert "line of 5" in action_text("double", Params(board_size=6, line_length=5))


def test_pdfs_read_back(built: Path) -> None:
    rules = PdfReader(io.BytesIO((built / "rules.pdf").read_bytes()))
    text = " ".join(page.extract_text() for page in rules.pages)
    for needle in ("Clarifications", "Meta", "Void", "Worked example", "Toppling a wall", "Result: X wins"):
        assert needle in text, needle
    kit_pdf = PdfReader(io.BytesIO((built / "kit.pdf").read_bytes()))
    labels = [page.extract_text().strip().splitlines()[-1] for page in kit_pdf.pages[-4:]]
    assert [lab.split(" - ")[1].split(",")[0] for lab in labels] == [
        "cut along the crop marks", "action cards and draft trackers", "action cards and draft trackers", "chips and markers"]
    # the fronts' label says how to print them (shortened to fit between the crop marks of the turned cards)
    assert "double-sided, long edge" in labels[1] and labels[2].endswith("backs")
    assert len(kit_pdf.pages) >= len(rules.pages) + 4
    assert all("/TrimBox" in page for page in kit_pdf.pages)


def test_rule_sheet_counts_and_example(built: Path) -> None:
    md = (built / "rules.md").read_text()
    assert "| X tokens (vermillion, cross) | 16 |" in md
    assert "The draft: O Swap, X Wall, O Shift, X Dibs Space, O Double, X Intersect Space." in md
    assert "7. `X wall A3|B3, A1`: the wall between A3 and B3" in md  # comment continuation joined
    for name in ("swap", "shift", "topple", "shift-topple", "example-final"):
        assert f"[[figure:{name}]]" in md


def test_figures_show_what_the_engine_does() -> None:
    rules = TicTacTwo(Params())
    drawn = figures(rules)
    assert set(drawn) == {"swap", "shift", "topple", "shift-topple"}
    before = position(rules, {"A1": "X", "B1": "O"})
    after = step(rules, before, "swap A1 B1")
    assert rules.state_json(after)["cells"]["B1"]["letters"] == "X"
    with pytest.raises(Exception, match="same|two"):
        step(rules, position(rules, {"A1": "X", "B1": "X"}), "swap A1 B1")
    won = position(rules, {n: "X" for n in ("A1", "B1", "C1")})
    done = step(rules, won, "double D1")
    assert winning_cells(rules, done) == {"A1", "B1", "C1", "D1"}


def test_parameters_change_the_board() -> None:
    default, big = kit(), kit("cell_mm=60")
    assert big.artwork["board"].width - default.artwork["board"].width == pytest.approx(4 * 18)
    board_pages = {s.name: len(s.sheets) for s in big.sections}["board"]
    assert board_pages > 1  # tiled
    assert {s.name: len(s.sheets) for s in default.sections}["board"] == 1
    five = kit("board_size=5")
    assert len(ids(to_svg(five.artwork["board"]), "cell-")) == 25
    assert len([v for v in ids(to_svg(five.artwork["board"]), "wall-").values() if "wall-slot" in v]) == 60


def test_void_build_places_voids_in_the_example() -> None:
    k = kit("void=true")
    assert "O places a void on C1, X places a void on D2" in k.rules_text
    assert [f for f in check_kit(k) if f.level == "error"] == []
    assert "printkit/games/tictactwo/example-void.log" not in k.rules_text
    plain, void = (Path(__file__).resolve().parents[2] / "printkit/games/tictactwo" / n for n in ("example.log", "example-void.log"))
    moves = [ln.partition("#")[0].strip() for ln in plain.read_text().splitlines() if ln.partition("#")[0].strip()]
    void_moves = [ln.partition("#")[0].strip() for ln in void.read_text().splitlines() if ln.partition("#")[0].strip()]
    assert [m for m in void_moves if " void " not in m] == moves and len(void_moves) == len(moves) + 2


def test_incompatible_params_give_clear_errors(tmp_path: Path) -> None:
    one = kit("actions_each=1")  # the seed's example drafts 3 actions each: left off, with a note (it failed the build)
    assert [f.level for f in one.findings if "draft is over" in f.message] == ["note"]
    assert "Worked example" not in one.rules_text and "example.log" not in one.extra_files
    with pytest.raises(BuildError, match="cannot read"):
        kit(f"example_log='{tmp_path / 'missing.log'}'")
    with pytest.raises(ConfigError, match="token_mm"):
        kit("token_mm=20")


def test_log_comments_join_continuations() -> None:
    text = "# header\nX B2   # first\n       # more\nO C3\n# note\nX D4 # last\n"
    assert log_comments(text) == {2: "first more", 6: "last"}


@pytest.mark.parametrize("safe, name", [(0.0, "O"), (5.7, "O"), (7.5, "Wwwwwwwwwwww Wwwwwwwwwww"), (8.0, "O")])
def test_cards_keep_their_titles_inside_the_safe_margin(safe: float, name: str) -> None:
    """print.safe_mm past 5.6 mm: the 13 pt titles rose out of their boxes above the 13 mm title band (check errors),
    and a long name's third line hid under the white panel; the band deepens where the title needs it. (At 8.5 mm and
    more, or 8 mm with a name on three lines, a poker card has no room left for the texts: not fixed.)"""
    made = make_kit(load_config(None, (f"print.safe_mm={safe}", f'games.tictactwo.player_o="{name}"')), "tictactwo")
    assert [f for f in check_kit(made) if f.level == "error"] == []
    titles = [t for t, _, _ in walk(made.artwork["cards"].children) if isinstance(t, Text) and "card-title" in t.cls]
    assert all(t.y - fonts.ascent(t.size) >= safe - 1e-6 for t in titles)


@pytest.mark.parametrize("safe", [0.0, 3.0, 7.5])
def test_the_longest_unbroken_name_breaks_inside_the_draft_tracker_band(safe: float) -> None:
    """A name of 24 letters with no space (the longest the pattern allows, in the widest letter) ran out of the
    tracker's title box: it stayed one word. It is broken where the line is full, at 7 pt or more, inside the band."""
    name = "W" * 24
    made = make_kit(load_config(None, (f"print.safe_mm={safe}", f'games.tictactwo.player_x="{name}"')), "tictactwo")
    assert [f.message for f in check_kit(made) if f.level == "error"] == []
    tracker = next(e for e in ET.fromstring(to_svg(made.artwork["cards"])).iter(f"{SVG}g") if e.get("id") == "tracker-X")
    title = [t for t in tracker.iter(f"{SVG}text") if "card-title" in (t.get("class") or "")]
    assert len(title) >= 2 and "".join(t.text or "" for t in title).replace(" ", "") == name + "draft"
    assert all(float(t.get("font-size", "0")) >= 7 * 25.4 / 72 - 1e-3 for t in title)
    shapes = [t for t, _, _ in walk(made.artwork["cards"].children) if isinstance(t, Text) and "card-title" in t.cls]
    w = made.settings.card_width_mm
    for t in shapes:
        if t.text.startswith("W"):
            assert safe + 8 - 1e-6 <= t.x - fonts.text_width(t.text, t.size, True) / 2
            assert t.x + fonts.text_width(t.text, t.size, True) / 2 <= w - safe - 8 + 1e-6
