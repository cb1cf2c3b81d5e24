"""A designer's board game (issue 35, items 10-12): a grid whose size is a parameter, the rules' neighbour helper, the
rule sheet's figures drawing the kit's own tiles face up or face down in their player's colour, limits relating two
parameters, and an example game that says the parameters it was written for."""

from __future__ import annotations

import math
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from printkit.datakit.boards import hex_board
from printkit.datakit.schema import Board as BoardSpec
from printkit.kitgame.figures import space_centres
from printkit.kitrules import Board
from tests.conftest import render_svg
from tests.kitrules.helpers import cli, edit, one_error_line, scaffold

TILES = Path(__file__).parent / "tiles"
RED, BLUE = (0xB0, 0x3A, 0x2E), (0x1F, 0x4E, 0x99)


def _tiles(tmp_path: Path) -> Path:
    folder = tmp_path / "tiles"
    shutil.copytree(TILES, folder)
    return folder


def _built(folder: Path, out: Path, *sets: str) -> Path:
    result = cli("build", "--kit", str(folder), "--out", str(out), *[a for s in sets for a in ("--set", s)])
    assert result.exit_code == 0, result.output
    return out / "tiles"


@pytest.fixture(scope="module")
def tiles(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiles kit as it is, for the tests that only build, replay and verify it (none of them edits it)."""
    return _tiles(tmp_path_factory.mktemp("kit"))


@pytest.fixture(scope="module")
def five(tiles: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiles kit built as it is (5 x 5 field), once for the tests that read it."""
    return _built(tiles, tmp_path_factory.mktemp("five"))


@pytest.fixture(scope="module")
def six(tiles: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiles kit built with ``--set params.size=6``, once for the tests that read it."""
    return _built(tiles, tmp_path_factory.mktemp("six"), "params.size=6")


def _cells(svg: str) -> set[str]:
    return set(re.findall(r'id="cell-([A-Z]+[0-9]+)"', svg))


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 12 for a, b in zip(pixel, colour))


# --- 10: boards from parameters ------------------------------------------------------------------------------------
def test_a_grid_sized_by_a_parameter_redraws_and_the_rules_play_on_the_same_board(tmp_path: Path, tiles: Path,
                                                                                five: Path, six: Path) -> None:
    assert _cells((five / "artwork" / "field.svg").read_text()) == {f"{c}{r}" for c in "ABCDE" for r in range(1, 6)}
    assert _cells((six / "artwork" / "field.svg").read_text()) == {f"{c}{r}" for c in "ABCDEF" for r in range(1, 7)}
    log = tmp_path / "six.log"
    log.write_text("A1-A2\nF6-F5   # Blue's rank 1 stands on F6 only on the 6 x 6 field\n")
    assert cli("replay", "--kit", str(tiles), "--set", "params.size=6", str(log)).exit_code == 0
    refused = cli("replay", "--kit", str(tiles), str(log))
    assert refused.exit_code == 1 and "F6-F5" in refused.output


@pytest.mark.parametrize("written", ['"{params.size + 1}"', '"size"'])
def test_a_grid_size_the_kit_cannot_read_names_the_key_and_the_spaces_board(tmp_path: Path, written: str) -> None:
    folder = _tiles(tmp_path)
    edit(folder / "kit.toml", 'columns = "{params.size}"', f"columns = {written}")
    line = one_error_line(cli("build", "--kit", str(folder), "--out", str(tmp_path / "out")))
    assert "board.columns" in line and '"{params.NAME}"' in line and 'shape = "spaces"' in line, line


def test_a_parameter_that_is_no_whole_number_is_refused_for_a_grid_size(tmp_path: Path) -> None:
    folder = _tiles(tmp_path)
    edit(folder / "kit.toml", "tiles = 5\n", "tiles = 5\nedge = 5.5\n")
    edit(folder / "kit.toml", 'columns = "{params.size}"', 'columns = "{params.edge}"')
    line = one_error_line(cli("build", "--kit", str(folder), "--out", str(tmp_path / "out")))
    assert "board.columns: params.edge is 5.5: expected a whole number" in line and 'shape = "spaces"' in line, line


def _grid(shape: str, columns: int, rows: int, orientation: str = "pointy") -> Board:
    names = [f"{chr(65 + c)}{r + 1}" for r in range(rows) for c in range(columns)]
    return Board("field", shape, columns, rows, tuple(names), {}, orientation)


def test_square_neighbours_orthogonal_and_diagonal() -> None:
    board = _grid("square", 5, 5)
    assert board.neighbours("C3") == ["C2", "B3", "D3", "C4"]
    assert board.neighbours("A1") == ["B1", "A2"]
    assert board.neighbours("c3", diagonal=True) == ["B2", "C2", "D2", "B3", "D3", "B4", "C4", "D4"]
    assert board.neighbours("E5", diagonal=True) == ["D4", "E4", "D5"]
    assert board.position("C2") == (2, 1) and board.at(2, 1) == "C2" and board.at(5, 0) is None
    with pytest.raises(KeyError, match="no space 'F1' on board 'field'"):
        board.neighbours("F1")


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_hex_neighbours_are_the_hexes_the_board_draws_touching(orientation: str) -> None:
    spec = BoardSpec("field", "Field", "hex", 5, 6, 20.0, True, None, "#FFFFFF", "#000000", "#FFFFFF", 0, 0, orientation, "board")
    centres = space_centres(hex_board(spec, {}))
    board = _grid("hex", 6, 5, orientation)
    for cell, (x, y, _) in centres.items():
        touching = sorted(other for other, (ox, oy, _) in centres.items()
                          if other != cell and math.hypot(ox - x, oy - y) < 20.0 * 1.01)  # one width across the flats
        assert sorted(board.neighbours(cell)) == touching, cell
    assert len(board.neighbours("C3")) == 6


def test_track_neighbours_run_along_the_track() -> None:
    ring = Board("track", "track", 3, 3, tuple(str(i) for i in range(8)), {})
    assert ring.neighbours("0") == ["1", "7"] and ring.neighbours("4") == ["3", "5"]
    part = Board("track", "track", 3, 3, tuple(str(i) for i in range(6)), {})
    assert part.neighbours("0") == ["1"] and part.neighbours("5") == ["4"]
    spaces = Board("chart", "spaces", 0, 0, ("start", "end"), {})
    with pytest.raises(ValueError, match="not a grid"):
        spaces.neighbours("start")


# --- 11: figures of positions --------------------------------------------------------------------------------------
def test_figures_draw_the_kits_own_tiles_face_down_or_up_in_their_players_colours(five: Path) -> None:
    after8 = (five / "rules" / "figure-2-game-8.svg").read_text()
    root = ET.fromstring(after8)
    classes = [e.get("class") for e in root.iter() if e.get("class")]
    assert classes.count("piece-back") == 8 and classes.count("piece-face") == 1  # Red's 5 turned up by the attack
    face = next(e for e in root.iter() if e.get("class") == "piece-face")
    assert [t.text for t in face.iter() if t.tag.endswith("text")] == ["5"]
    assert any(e.get("id") == "tile-red-5" for e in face.iter())  # the printed tile, by its SVG id
    rings = {e.get("stroke") for e in root.iter() if e.get("class") == "piece-ring"}
    assert rings == {"#B03A2E", "#1F4E99"}  # rules.py's player_colours
    picture = render_svg(after8, dpi=50)
    at = lambda x, y: picture.getpixel((round(x / 25.4 * 50), round(y / 25.4 * 50)))  # noqa: E731 (mm on the board)
    band, cell = 10.0, 25.0
    centre = lambda column, row: (band + (column + 0.5) * cell, band + (row + 0.5) * cell)  # noqa: E731
    x, y = centre(2, 0)  # C1: Red's face-down tile, its back's colour
    assert _near(at(x - 7, y - 7), RED)
    x, y = centre(3, 3)  # D4: Blue's
    assert _near(at(x - 7, y - 7), BLUE)
    x, y = centre(1, 1)  # B2: empty
    assert _near(at(x, y), (255, 255, 255))
    x, y = centre(4, 1)  # E2: Red's 5 face up, the rank in white across its middle
    column = [at(x, y + dy / 2) for dy in range(-10, 11)]
    assert any(_near(p, (255, 255, 255)) for p in column) and _near(at(x - 7, y - 7), RED)


def test_a_marker_of_a_player_takes_the_players_colour(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    rules = folder / "rules.py"
    edit(rules, "from printkit.kitrules import CHANCE, Game, Outcome, shuffle",
         "from printkit.kitrules import CHANCE, Game, Outcome, Shown, shuffle")
    edit(rules, "    players = 2\n", '    players = 2\n    player_colours = ("#AA0000", "#00AA00")\n')
    edit(rules, '.append(f"P{player + 1}")', '.append(Shown("", "P1" if player else "you", player=player))')
    out = tmp_path / "out"
    assert cli("build", "--kit", str(folder), "--out", str(out)).exit_code == 0
    root = ET.parse(out / "star-race" / "rules" / "figure-1-game-7.svg").getroot()
    discs = {e.get("fill") for e in root.iter() if e.get("class") == "piece-marker"}
    assert discs == {"#AA0000", "#00AA00"}  # by player, not by the labels' order ("P1" sorts before "you")
    labels = {(e.text or "").strip(): e.get("fill") for e in root.iter() if e.get("class") == "piece-label"}
    assert labels == {"you": "#FFFFFF", "P1": "#FFFFFF"}


def test_a_piece_the_kit_does_not_print_is_refused_by_its_id(tmp_path: Path) -> None:
    folder = _tiles(tmp_path)
    edit(folder / "rules.py", 'Shown(f"tile-{SIDES[owner]}-{rank}"', 'Shown(f"tyle-{SIDES[owner]}-{rank}"')
    line = one_error_line(cli("build", "--kit", str(folder), "--out", str(tmp_path / "out")))
    assert "no card or token the kit prints has the SVG id 'tyle-" in line, line


# --- 12: limits relating parameters, examples for some parameters -------------------------------------------------
@pytest.mark.parametrize("setting", ["params.tiles=6", "params.size=4"])
def test_a_limit_naming_another_parameter_names_both(tmp_path: Path, setting: str) -> None:
    line = one_error_line(cli("build", "--kit", str(_tiles(tmp_path)), "--out", str(tmp_path / "out"), "--set", setting))
    size = setting.split("=")[1] if "size" in setting else "5"
    assert re.search(rf"params\.tiles[^:]*: expected at most params\.size \({size}\), got [56]", line), line
    if setting.startswith("params.size"):  # the --set the user gave is named, with the value it clashes with
        assert line.startswith("error: --set: params.size: clashes with params.tiles = 5 from "), line


def test_a_limit_may_name_a_parameter_without_limits_of_its_own(tmp_path: Path) -> None:
    folder = _tiles(tmp_path)
    edit(folder / "kit.toml", 'size = { min = 3, max = 9, doc = "cells per side of the field" }\n', "")
    line = one_error_line(cli("build", "--kit", str(folder), "--out", str(tmp_path / "out"), "--set", "params.tiles=6"))
    assert "params.tiles: expected at most params.size (5), got 6" in line, line
    _built(folder, tmp_path / "seven", "params.size=7", "params.tiles=6")


@pytest.mark.parametrize("limit, message", [
    ('"size +"', "expected a number, or a parameter's name or arithmetic"),
    ('"colour"', "names 'colour': a limit may name the other parameters of its table (size)"),
    ('"tiles"', "names 'tiles': a limit may name the other parameters"),
    ('"size ** 2"', "only + - * / // and brackets"),
])
def test_a_limit_written_as_text_is_checked_when_the_kit_is_read(tmp_path: Path, limit: str, message: str) -> None:
    folder = _tiles(tmp_path)
    edit(folder / "kit.toml", 'max = "size"', f"max = {limit}")
    line = one_error_line(cli("build", "--kit", str(folder), "--out", str(tmp_path / "out")))
    assert "param_limits.tiles.max" in line and message in line, line


def test_a_limit_may_be_arithmetic_of_parameters(tmp_path: Path) -> None:
    folder = _tiles(tmp_path)
    edit(folder / "kit.toml", 'max = "size"', 'max = "size * size // 5 - 1"')
    line = one_error_line(cli("build", "--kit", str(folder), "--out", str(tmp_path / "out")))
    assert "params.tiles: expected at most size * size // 5 - 1 = 4 (params.size is 5), got 5" in line, line


def test_an_example_written_for_other_parameters_is_left_off_with_a_note(tiles: Path, five: Path, six: Path) -> None:
    printed = (five / "rules.md").read_text()
    assert "```game\nA1-A2" in printed and "# params:" not in printed  # the players' sheet: the moves only
    assert len(list((five / "rules").glob("figure-*.svg"))) == 2
    text = (six / "rules.md").read_text()
    assert "```" not in text and "game:" not in text and "figure" not in text and "6 x 6 field" in text
    assert (six / "rules.pdf").stat().st_size > 0 and not (six / "rules").exists()
    verify = cli("verify", "--kit", str(tiles), "--set", "params.size=6")
    notes = [line for line in verify.output.splitlines() if "example game is written for other parameters" in line]
    assert verify.exit_code == 0 and len(notes) == 1, verify.output
    assert notes[0].startswith("note: ") and notes[0].endswith(
        "rules.md:6: the example game is written for other parameters (params.size is 6, the example's 5): it is not "
        "replayed and is left off the rule sheet with its figures")


def test_a_figure_inside_a_paragraph_goes_with_the_example(tmp_path: Path) -> None:
    folder = _tiles(tmp_path)
    edit(folder / "rules.md", "![After move 6](game:6)", "Red leads after move 6 ![After move 6](game:6) and on.")
    six = _built(folder, tmp_path / "six", "params.size=6")
    text = (six / "rules.md").read_text()
    assert "Red leads after move 6  and on." in text and "game:" not in text


def test_an_example_naming_no_parameter_of_the_kit_is_refused_at_its_line(tmp_path: Path) -> None:
    folder = _tiles(tmp_path)
    edit(folder / "rules.md", "# params: size=5, tiles=5", "# params: sise=5")
    line = one_error_line(cli("build", "--kit", str(folder), "--out", str(tmp_path / "out")))
    assert "rules.md:6: the example's params: no parameter 'sise' (parameters: size, tiles)" in line, line
    edit(folder / "rules.md", "# params: sise=5", "# params: size 5")
    line = one_error_line(cli("build", "--kit", str(folder), "--out", str(tmp_path / "out")))
    assert "rules.md:6: expected '# params: NAME=VALUE, ...'" in line, line


def test_an_example_that_fits_is_still_an_error_when_illegal(tmp_path: Path) -> None:
    folder = _tiles(tmp_path)
    edit(folder / "rules.md", "A2-A3\n", "A2-A4\n")
    line = one_error_line(cli("build", "--kit", str(folder), "--out", str(tmp_path / "out")))
    assert "rules.md:9" in line and "A2-A4" in line, line
