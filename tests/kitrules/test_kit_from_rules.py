"""The printed kit computed by rules.py: rows of decks and token sheets (``rules_rows = "NAME"``), SVG ids and classes
from the data (``id``/``class``), rule-sheet values (``sheet()``) and the kit's own checks (``checks()``)."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from printkit.kitgame.spec import open_kit
from tests.kitrules.helpers import cli, edit, one_error_line

LADDER = Path(__file__).parent / "ladder"


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    folder = tmp_path / "ladder"
    shutil.copytree(LADDER, folder)
    return folder


def fronts(svg: Path, prefix: str) -> dict[str, list[str]]:
    """id -> classes of every element whose id starts with ``prefix``."""
    root = ET.parse(svg).getroot()
    return {e.get("id", ""): e.get("class", "").split() for e in root.iter() if e.get("id", "").startswith(prefix)}


def test_rows_ids_and_classes_come_from_the_rules(kit: Path, tmp_path: Path) -> None:
    result = cli("build", "--kit", str(kit), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    art = tmp_path / "out" / "ladder" / "artwork"
    rungs = fronts(art / "rungs.svg", "rung-")
    assert {k: v for k, v in rungs.items() if "back" not in k} == {
        **{f"rung-{n}": ["card", "rungs", "rung"] for n in range(5)}, "rung-5": ["card", "rungs", "rung", "top"]}
    assert rungs["rung-back-top"] == ["card-back", "rungs", "back-top"]
    assert fronts(art / "climbers.svg", "climber-") == {"climber-1": ["token", "climbers", "player-1"],
                                                        "climber-2": ["token", "climbers", "player-2"]}


def test_a_spaces_board_from_the_rules_and_its_figures(kit: Path, tmp_path: Path) -> None:
    result = cli("build", "--kit", str(kit), "--out", str(tmp_path / "out"), "--set", "params.top=7")
    assert result.exit_code == 0, result.output
    root = ET.parse(tmp_path / "out" / "ladder" / "artwork" / "ladder.svg").getroot()
    steps = {e.get("id"): e.get("class") for e in root.iter() if (e.get("id") or "").startswith("cell-")}
    assert steps == {**{f"cell-{n}": "step rung" for n in range(7)}, "cell-7": "step top"}
    assert float(root.get("width", "0mm")[:-2]) == 20 * 7 + 18 + 2 * 5  # the spaces and the margin on both sides
    result = cli("build", "--kit", str(kit), "--out", str(tmp_path / "set"), "--set", "data.ladder.cell-2.kind=top")
    assert result.exit_code == 0, result.output  # a space's cell, set like a deck's (the row named by its first cell)
    root = ET.parse(tmp_path / "set" / "ladder" / "artwork" / "ladder.svg").getroot()
    assert {e.get("id"): e.get("class") for e in root.iter() if e.get("id") in ("cell-1", "cell-2")} == {
        "cell-1": "step rung", "cell-2": "step top"}
    bad = cli("build", "--kit", str(kit), "--out", str(tmp_path / "set"), "--set", "data.ladders.cell-2.kind=top")
    assert one_error_line(bad) == ("error: --set: data.ladders.cell-2.kind: no deck, token set or board of spaces 'ladders' "
                                   "(those of this kit: climbers, ladder, rungs)")
    from printkit.datakit.load import load_kit
    from printkit.kitgame.pipeline import folder_kit

    made = folder_kit(load_kit(kit, ("params.top=7",)))
    shown = {src: drawing for src, drawing in made.pictures.items() if src.startswith(("game:", "pieces:"))}
    assert set(shown) == {"game:2", "pieces:rung-7,rung-0@50%"}
    assert shown["pieces:rung-7,rung-0@50%"].width == pytest.approx((3 + 2 * (40 + 3)) * 0.5)
    labels = [t.text for t in walk_texts(shown["game:2"])]
    assert "P1" in labels and "P2" in labels


def walk_texts(drawing: object) -> list[object]:
    from printkit.draw.shapes import Text, walk

    return [shape for shape, _, _ in walk(drawing.children) if isinstance(shape, Text)]  # type: ignore[attr-defined]


def test_params_change_the_printed_pieces_and_the_sheet(kit: Path, tmp_path: Path) -> None:
    result = cli("build", "--kit", str(kit), "--out", str(tmp_path / "out"), "--set", "params.top=8")
    assert result.exit_code == 0, result.output
    rungs = fronts(tmp_path / "out" / "ladder" / "artwork" / "rungs.svg", "rung-")
    assert {k for k in rungs if "back" not in k} == {f"rung-{n}" for n in range(9)}
    sheet = (tmp_path / "out" / "ladder" / "rules.md").read_text()
    assert "9 rungs, 0 to 8." in sheet
    assert "- climb 2: [0, 0] -> [2, 0]" in sheet and "- climb 1: [2, 0] -> [2, 1]" in sheet


def test_a_token_size_from_params(kit: Path, tmp_path: Path) -> None:
    result = cli("build", "--kit", str(kit), "--out", str(tmp_path / "out"), "--set", "params.climber_mm=24")
    assert result.exit_code == 0, result.output
    circle = ET.parse(tmp_path / "out" / "ladder" / "artwork" / "climbers.svg").getroot().find(".//{*}circle")
    assert circle is not None and float(circle.get("r", 0)) == 12  # half of 24 mm
    line = one_error_line(cli("build", "--kit", str(kit), "--out", str(tmp_path / "out"), "--set", "params.climber_mm=200"))
    assert "tokens.size_mm: expected 8 to 150, got 200 (params.climber_mm)" in line


@pytest.mark.parametrize(("value", "message"), [
    ("50", "error: --set: params.top: expected 1 to 20, got 50"),
    ("2.5", "error: --set: params.top: expected an integer, got 2.5"),
])
def test_param_limits_check_what_is_set(kit: Path, value: str, message: str) -> None:
    assert one_error_line(cli("simulate", "--kit", str(kit), "--set", f"params.top={value}")).startswith(message)


def test_the_rules_read_the_computed_rows_typed() -> None:
    setup = open_kit(str(LADDER), ("params.top=3",)).setup
    assert [card["n"] for card in setup.decks["rungs"]] == [0, 1, 2, 3]
    assert [str(token) for token in setup.tokens["climbers"]] == ["1", "2"]


def test_checks_report_what_the_rules_find(kit: Path) -> None:
    edit(kit / "ladder.py", "for n in range(self.params.top + 1)]", "for n in range(self.params.top + 1) if n != 2]")
    edit(kit / "ladder.py", '"kind": "top" if n == self.params.top else "rung"', '"kind": "rung"')
    result = cli("verify", "--kit", str(kit))
    assert result.exit_code == 1
    assert "error: rungs: printed [0, 1, 3, 4, 5], the ladder needs 0 to 5" in result.output
    assert "warning: rungs: expected two kinds of back" in result.output


@pytest.mark.parametrize(("old", "new", "message"), [
    ('rules_rows = "rungs"', 'rules_rows = "stairs"', "ladder.py has no method rows_stairs(self) to compute the rows"),
    ('rules_rows = "rungs"', 'rules_rows = "rungs"\ndata = "rungs.csv"', "ladder/kit.toml: deck.rules_rows: give either `data`"),
    ('id = "rung-{n}"', 'id = "rung"', "deck.id: the SVG id 'rung' is made twice"),
    ('id = "{id}"', 'id = "step"', "board.id: the SVG id 'step' is made twice"),
    ('id = "rung-{n}"', 'id = "rung-{number}"', "ladder/kit.toml: deck.id: no column 'number'"),
    ('class = "rung {kind}"', 'class = "rung 1{kind}"', "deck.class: the SVG class '1rung'"),
    ('[game]\nrules = "ladder.py"', "", "deck.rules_rows: rows computed by rules.py need `[game] rules"),
    ('size_mm = "{params.climber_mm}"', 'size_mm = "{params.climber}"', "tokens.size_mm: no parameter 'climber' in [params]"),
    ('size_mm = "{params.climber_mm}"', 'size_mm = "{params.top}mm"', "tokens.size_mm: expected a number or \"{params.NAME}\""),
    ('shape = "spaces"', 'shape = "square"', "board.rules_rows: only for a board of shape 'spaces', this one is 'square'"),
    ('space = "step-{kind}"\n', "", "board.space: missing (required for shape 'spaces')"),
    ('top = { min = 1,', 'tops = { min = 1,', "ladder/kit.toml: param_limits.tops: no parameter 'tops' in [params]"),
    ('top = { min = 1,', 'top = { pattern = "(", min = 1,', "param_limits.top.pattern: not a regular expression"),
    ('top = { min = 1,', 'top = { least = 1,', "param_limits.top.least: unknown key"),
    ("top = 5\n", "top = 30\n", "ladder/kit.toml: params.top: expected 1 to 20, got 30"),
])
def test_mistakes_in_kit_toml_are_one_line(kit: Path, old: str, new: str, message: str) -> None:
    edit(kit / "kit.toml", old, new)
    if not new.strip():  # without rules there is no example game to replay: plain text
        edit(kit / "rules.md", "{{ sheet.rungs }}", "6")
    assert message in one_error_line(cli("build", "--kit", str(kit), "--out", str(kit.parent / "out")))


@pytest.mark.parametrize(("file", "old", "new", "message"), [
    ("rules.md", "pieces:rung-{{ params.top }},rung-0@50%", "pieces:rung-9",
     "rules.md:12: figure 'pieces:rung-9': no printed piece 'rung-9' (pieces' ids: rung-0, rung-1,"),
    ("rules.md", "pieces:rung-{{ params.top }},rung-0@50%", "pieces:rung-1@5%",
     "rules.md:12: figure 'pieces:rung-1@5%': expected a scale from 10% to 100% after @, got '5%'"),
    ("rules.md", "pieces:rung-{{ params.top }},rung-0@50%", "game:9", "rules.md:12: figure 'game:9': the example game has 2 moves"),
    ("ladder.py", 'return [{"n": n,', 'return [{"n": 1 / 0,',
     "ZeroDivisionError: division by zero (in rows_rungs(), computing the rows of deck.rules_rows)"),
    ("ladder.py", 'return [{"n": n,', 'return [{"n": [n],', "ladder/ladder.py: rows_rungs()[0]: 'n': [0]: expected text columns"),
    ("ladder.py", 'return {"rungs": self.params.top + 1, "rows": rows}', "return [rows]", "ladder/ladder.py: sheet() returned list"),
    ("ladder.py", "return found", "return [3]", "ladder/ladder.py: checks() gave 3"),
])
def test_mistakes_in_the_rules_and_figures_name_the_file(kit: Path, file: str, old: str, new: str, message: str) -> None:
    edit(kit / file, old, new)
    line = one_error_line(cli("build", "--kit", str(kit), "--out", str(kit.parent / "out")))
    assert message in line and f"ladder/{file}" in line
