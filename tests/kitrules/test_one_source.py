"""The same data drives the printed deck and the simulated one; [params] reach cards, rule sheet and rules."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from tests.kitrules.helpers import cli, edit, scaffold


def simulate(folder: Path, *args: str) -> dict:
    result = cli("simulate", "--kit", str(folder), "--games", "1500", "--seed", "9", "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def card_texts(out: Path) -> list[str]:
    root = ET.parse(out / "star-race" / "artwork" / "cards.svg").getroot()
    return [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]


def test_a_cost_changed_in_cards_csv_changes_the_card_and_the_simulation(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    before = simulate(folder)
    assert cli("build", "--kit", str(folder), "--out", str(tmp_path / "a")).exit_code == 0
    edit(folder / "cards.csv", "Wish,5,,3,", "Wish,1,,3,")
    after = simulate(folder)
    assert cli("build", "--kit", str(folder), "--out", str(tmp_path / "b")).exit_code == 0
    assert before["results"] != after["results"]
    assert after["reasons"].get("reached the goal of 5 stars", 0) > before["reasons"].get("reached the goal of 5 stars", 0)
    a, b = card_texts(tmp_path / "a"), card_texts(tmp_path / "b")
    assert a.count("5") > b.count("5") and b.count("1") > a.count("1")  # the Wish cards print the new cost


def test_a_set_param_changes_rule_sheet_and_rules_together(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    out = tmp_path / "out"
    assert cli("build", "--kit", str(folder), "--out", str(out), "--set", "params.goal=6").exit_code == 0
    sheet = (out / "star-race" / "rules.md").read_text()
    assert "reach **6 stars**" in sheet and "5 stars" not in sheet
    short = cli("verify", "--kit", str(folder), "--set", "params.goal=3")  # the example is checked with the new goal:
    assert short.exit_code == 0 and "after the game has ended" in short.output  # left off with a note
    three = simulate(folder, "--set", "params.goal=3")
    assert set(three["reasons"]) >= {"reached the goal of 3 stars"}
    five = simulate(folder)
    assert three["reasons"]["reached the goal of 3 stars"] > five["reasons"]["reached the goal of 5 stars"]


def test_a_param_in_a_layout_is_filled_in(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    edit(folder / "kit.toml", 'text = "Star Race - {n}"', 'text = "Star Race - first to {params.goal}"')
    out = tmp_path / "out"
    result = cli("build", "--kit", str(folder), "--out", str(out), "--set", "params.goal=6")
    assert result.exit_code == 0, result.output
    assert "Star Race - first to 6" in card_texts(out)


def test_params_must_be_plain_values(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    result = cli("build", "--kit", str(folder), "--out", str(tmp_path / "o"), "--set", "params.goal={a=1}")
    assert result.exit_code == 1 and "params.goal: expected a number, as kit.toml writes it (5), got {'a': 1}" in result.output
    edit(folder / "kit.toml", "[game]\nrules = \"rules.py\"", "[game]\nrules = \"rules.txt\"")
    result = cli("verify", "--kit", str(folder))
    assert result.exit_code == 1 and "game.rules: expected a Python file such as 'rules.py'" in result.output


def test_the_deck_the_rules_deal_is_the_deck_printed(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    edit(folder / "rules.py", '"deck": list(self.decks["cards"]),', '"deck": list(self.decks["cards"])[2:],')
    text = (folder / "rules.md").read_text()
    (folder / "rules.md").write_text(text.split("## An example game")[0])  # its shuffle orders 14 cards
    result = cli("verify", "--kit", str(folder))
    assert result.exit_code == 1
    assert "error: deck 'cards': the rules' setup() holds 12 cards, the kit prints 14" in result.output
    assert "star-race/rules.md: no example game" in result.output


def test_a_data_cell_set_or_swept_reaches_the_card_and_the_rules(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    out = tmp_path / "out"
    assert cli("build", "--kit", str(folder), "--out", str(out), "--set", "data.cards.Wish.cost=1").exit_code == 0
    assert card_texts(out).count("5") < card_texts(out).count("1")
    cheap, dear = simulate(folder, "--set", "data.cards.Wish.cost=1"), simulate(folder)
    assert cheap["reasons"]["reached the goal of 5 stars"] > dear["reasons"]["reached the goal of 5 stars"]
    bad = cli("simulate", "--kit", str(folder), "--set", "data.cards.Wishh.cost=1")
    assert bad.exit_code == 1 and "--set: data.cards.Wishh.cost: no row 'Wishh' in" in bad.output
    bad = cli("build", "--kit", str(folder), "--out", str(out), "--set", "data.cards.Wish.cost=x")
    assert bad.exit_code == 1 and "--set: data.cards.Wish.cost: expected a whole number, got 'x' (in " in bad.output
    swept = cli("balance", "--kit", str(folder), "--sweep", "data.cards.Wish.cost=1,5", "--games", "800", "--workers", "1",
                "--out", str(out))
    assert swept.exit_code == 0, swept.output
    points = json.loads((out / "star-race" / "balance" / "results.json").read_text())["points"]
    goal = [p["reasons"].get("reached the goal of 5 stars", 0) for p in points]
    assert [p["values"] for p in points] == [{"data.cards.Wish.cost": 1}, {"data.cards.Wish.cost": 5}] and goal[0] != goal[1]


def test_the_copies_of_a_card_are_swept(tmp_path: Path) -> None:
    """The quantity column, which kit.toml declares no type for, holds text ('2'): swept as the number it writes (it was
    'not a number (it is '2'; ...)'), each point a deck of other copies; a value past its limits is a point not played."""
    folder = scaffold(tmp_path)
    out = tmp_path / "out"
    swept = cli("balance", "--kit", str(folder), "--sweep", "data.cards.Wish.quantity=0..2", "--games", "20",
                "--workers", "1", "--out", str(out))
    assert swept.exit_code == 0, swept.output
    points = json.loads((out / "star-race" / "balance" / "results.json").read_text())["points"]
    assert [p["values"] for p in points] == [{"data.cards.Wish.quantity": n} for n in (0, 1, 2)]
    bad = cli("balance", "--kit", str(folder), "--sweep", "data.cards.Wish.quantity=0.5", "--workers", "1", "--out", str(out))
    assert bad.exit_code == 1 and bad.output.strip().splitlines()[-1] == (
        "error: --sweep: data.cards.Wish.quantity: expected a whole number like the parameter's 2, got 0.5")
