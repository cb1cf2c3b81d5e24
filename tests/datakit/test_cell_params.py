"""Data cells templated like layout strings: ``{params.NAME}`` in a cell is the parameter's value, for the printed piece
and the rules' row alike; any other ``{field}`` in a cell is refused in one line that says why."""

from __future__ import annotations

from pathlib import Path

from printkit.build import make_data_kit
from printkit.draw.shapes import Text, walk
from tests.datakit.helpers import CARD, run, write_kit

PARAMS = CARD + '''
[params]
majority_points = 4
bonus = { gold = 2 }
'''
TYPED = PARAMS.replace('back = "back"', 'back = "back"\nquantity = "copies"\ntypes = { points = "integer" }')


def test_a_cell_reads_the_kits_params_as_a_layout_does(tmp_path: Path) -> None:
    rows = ("title,colour,points,copies\n"
            "Majority: {params.majority_points} points,#AA3300,{params.majority_points},{params.bonus.gold}\n"
            "Braces {{kept}},#0033AA,1,1\n")
    kit = make_data_kit(str(write_kit(tmp_path / "k", TYPED, {"cards.csv": rows})))
    texts = [t.text.strip() for t, _, _ in walk(kit.artwork["cards"].children) if isinstance(t, Text)]
    assert texts.count("Majority: 4 points") == 2  # the copies column read {params.bonus.gold} = 2, typed as an integer
    assert "Braces {kept}" in texts
    changed = make_data_kit(str(tmp_path / "k"), ("params.majority_points=6",))
    assert "Majority: 6 points" in [t.text.strip() for t, _, _ in walk(changed.artwork["cards"].children) if isinstance(t, Text)]


def test_the_rules_deal_the_value_the_card_prints(tmp_path: Path) -> None:
    from printkit.kitgame.spec import open_kit

    folder = tmp_path / "race"
    assert run("new", str(folder), "--rules").exit_code == 0
    cards = folder / "cards.csv"
    cards.write_text(cards.read_text().replace("Market Day,1,4,", "Market Day,{params.start_coins},4,"))
    dealt = [card for card in open_kit(str(folder), ("params.start_coins=3",)).setup.decks["cards"] if card["title"] == "Market Day"]
    assert [card["cost"] for card in dealt] == [3, 3]  # typed as the column's integer, in both copies
    kit = make_data_kit(str(folder), ("params.start_coins=3",), run_code=False)  # (the example's costs are another game's)
    assert "3" in [t.text.strip() for p in kit.decks[0].pieces if p.name.endswith("Market Day")
                   for t, _, _ in walk((p.front,)) if isinstance(t, Text)]


def test_another_field_in_a_cell_is_one_line_that_says_why(tmp_path: Path) -> None:
    folder = write_kit(tmp_path / "k", PARAMS, {"cards.csv": "title,colour\nGain {points},#AA3300\n"})
    result = run("build", "--kit", str(folder), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert result.output == (f"error: {folder}/cards.csv:2: column 'title': {{points}}: a data cell fills only {{params.NAME}}, "
                             "a value of kit.toml's [params] (the layouts fill a piece's other fields; write {{ and }} for a "
                             "brace)\n")
    (folder / "cards.csv").write_text("title,colour\nGain {params.majority},#AA3300\n")
    result = run("build", "--kit", str(folder), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1 and result.output == (
        f"error: {folder}/cards.csv:2: column 'title': {{params.majority}}: no such parameter (known: params.bonus.gold, "
        "params.majority_points)\n")
