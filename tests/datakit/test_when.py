"""``when``: a small expression language (comparisons, and/or/not, is empty) whose mistakes are errors.

The kit folder ``tests/datakit/kits/market-eu`` is read as a European spreadsheet writes it
(semicolons) and its elements are checked by class on every card and by pixels on a render.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from PIL import Image as PILImage

from printkit.build import make_data_kit
from printkit.datakit.when import WhenSyntaxError, WhenValueError, parse_when
from printkit.draw.png import svg_to_png
from printkit.draw.shapes import Drawing, walk
from printkit.draw.svg import to_svg
from tests.datakit.helpers import CARD, CSV, run, write_kit

MARKET = Path(__file__).parent / "kits" / "market-eu"


@pytest.mark.parametrize("text, row, expected", [
    ("{cost}", {"cost": "0"}, True),
    ("{cost}", {"cost": ""}, False),
    ("{cost}", {"cost": " "}, False),
    ("{foil}", {"foil": "no"}, False),
    ("{foil}", {"foil": "False"}, False),
    ("{cost} = 0", {"cost": "0"}, True),
    ("{cost} == 0.0", {"cost": "0"}, True),
    ("{cost} = 0", {"cost": ""}, False),
    ("{cost} != 2", {"cost": "3"}, True),
    ("{cost} <> 3", {"cost": "3"}, False),
    ("{cost} > 2", {"cost": "3"}, True),
    ("{cost} >= 3", {"cost": "2.5"}, False),
    ("{cost} < -1", {"cost": "-2"}, True),
    ("{cost} > 2", {"cost": ""}, False),
    ("{kind} = Action", {"kind": "Action"}, True),
    ("{kind} = 'Event'", {"kind": "Action"}, False),
    ('{kind} = "Big Event"', {"kind": "Big Event"}, True),
    ('{kind} = "{other}"', {"kind": "x", "other": "x"}, True),
    ("{a} = {b}", {"a": "02", "b": "2"}, True),
    ("{note} is empty", {"note": ""}, True),
    ("{note} IS NOT EMPTY", {"note": ""}, False),
    ("{cost} is not empty", {"cost": "0"}, True),
    ("not {a} and {b}", {"a": "", "b": "1"}, True),
    ("not ({a} or {b})", {"a": "", "b": "1"}, False),
    ("{a} or {b} and {c}", {"a": "1", "b": "", "c": ""}, True),
    ("({a} or {b}) and {c}", {"a": "1", "b": "", "c": ""}, False),
    ("not not {a}", {"a": "x"}, True),
])
def test_conditions_hold_as_documented(text: str, row: dict[str, str], expected: bool) -> None:
    assert parse_when(text).holds(row) is expected


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ("{cost} >", "expected a {column}, a number or a text, got the end"),
    ("{cost} > high", "'>' compares numbers: high is not a number"),
    ("{a} {b}", "expected and, or or the end, got '{b}' at character 5"),
    ("({a}", "expected ')', got the end"),
    ("{a} && {b}", "write and, or, not"),
    ("{a} is full", "expected 'empty' after 'is'"),
    ("{}", "an empty {} at character 1"),
    ("{a} ! {b}", "unexpected '!' at character 5"),
])
def test_syntax_errors_say_what_was_expected_where(text: str, message: str) -> None:
    with pytest.raises(WhenSyntaxError, match=None) as caught:
        parse_when(text)
    assert message in str(caught.value)


def test_fields_and_words_are_listed_for_checks() -> None:
    condition = parse_when('{kind} = Event and "{a}{b}" != x or {cost} > 2')
    assert condition.fields() == ["kind", "a", "b", "cost"]
    assert condition.words() == ["Event", "x"]


def test_an_ordering_comparison_of_text_names_the_column() -> None:
    with pytest.raises(WhenValueError) as caught:
        parse_when("{cost} > 2").holds({"cost": "X"})
    assert caught.value.column == "cost" and "expected a number, got 'X'" in str(caught.value)


def _classes(group) -> set[str]:
    return {c for shape, _, _ in walk((group,)) for c in getattr(shape, "cls", ())}


def test_the_market_kit_draws_each_element_on_the_cards_its_condition_names(tmp_path: Path) -> None:
    folder = tmp_path / "market-eu"
    shutil.copytree(MARKET, folder)
    kit = make_data_kit(str(folder))
    cards = kit.decks[0].pieces
    assert [c.name for c in cards] == ["market 1: Harvest", "market 2: Market Day", "market 3: Shooting Star", "market 4: Storm"]
    drawn = [_classes(c.front) for c in cards]
    assert ["cost-disc" in d for d in drawn] == [True, True, True, False]  # a cost of 0 is a value; Storm has none
    assert ["free-band" in d for d in drawn] == [True, False, False, False]
    assert ["alert" in d for d in drawn] == [False, False, True, True]
    assert not kit.findings
    # the semicolons split the cells; a quoted cell keeps its own semicolon, an unquoted comma stays text
    bodies = [" ".join(s.text for s, _, _ in walk((c.front,)) if "body" in getattr(s, "cls", ())) for c in cards]
    assert bodies[0] == "Gain 2, then rest." and bodies[1] == "Trade 1 card; gain 3."

    def pixel(card: int, x_mm: float, y_mm: float) -> tuple[int, ...]:
        piece = cards[card]
        png = svg_to_png(to_svg(Drawing(piece.w, piece.h, (piece.front,))), dpi=100)
        image = PILImage.open(io.BytesIO(png)).convert("RGB")
        return image.getpixel((round(x_mm / 25.4 * 100), round(y_mm / 25.4 * 100)))

    assert pixel(0, 53, 9) == (0x1F, 0x4E, 0x9E) and pixel(3, 53, 9) == (255, 255, 255)  # the cost disc
    assert pixel(0, 30, 23) == (0x2E, 0x7D, 0x32) and pixel(1, 30, 23) == (255, 255, 255)  # the free band
    assert pixel(3, 10, 75) == (0xD0, 0x02, 0x1B) and pixel(0, 10, 75) == (255, 255, 255)  # the alert corner


def _fails(folder: Path, tmp_path: Path, message: str) -> None:
    result = run("build", "--kit", str(folder), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1 and result.output.startswith("error: ") and result.output.count("\n") == 1, result.output
    assert message in result.output, result.output


@pytest.mark.parametrize("when, data, message", [
    ("{cots}", CSV, "kit.toml: layouts.front.title.when: no column 'cots' in"),
    ("{cots} > 2", CSV, "layouts.front.title.when: no column 'cots' in"),
    ('"{cots}" = x', CSV, "layouts.front.title.when: no column 'cots' in"),
    ("title = Alpha", CSV, "layouts.front.title.when: 'title' is a word here: write {title} for the column"),
    ("{title} > 2", CSV, "cards.csv:2: column 'title': '>' compares numbers: expected a number, got 'Alpha'"),
    ("{title} =", CSV, "kit.toml: layouts.front.title.when: expected a {column}, a number or a text, got the end (in '{title} =')"),
])
def test_when_mistakes_are_one_error_naming_the_key(tmp_path: Path, when: str, data: str, message: str) -> None:
    kit = CARD.replace('text = "{title}"', f'text = "{{title}}"\nwhen = {when!r}')
    _fails(write_kit(tmp_path / "k", kit, {"cards.csv": data}), tmp_path, message)


def test_a_missing_column_in_a_colour_names_the_column_and_the_file_not_a_row(tmp_path: Path) -> None:
    kit = CARD.replace('fill = "{colour}"', 'fill = "{fill}"')
    _fails(write_kit(tmp_path / "k", kit), tmp_path, "kit.toml: layouts.front.bg.fill: no column 'fill' in ")
    result = run("build", "--kit", str(tmp_path / "k"), "--out", str(tmp_path / "out"))
    assert "k/cards.csv (columns: colour, n, title)" in result.output and "cards.csv:2" not in result.output
