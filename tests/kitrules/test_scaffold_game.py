"""`printkit new --rules`: a two-player card game that builds, verifies, replays, simulates, balances and plays."""

from __future__ import annotations

import ast
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.conftest import render_svg
from tests.kitrules.helpers import cli, example_log, scaffold

SVG = "{http://www.w3.org/2000/svg}"


def test_the_scaffold_builds_and_verifies_clean(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    built = cli("build", "--kit", str(folder), "--out", str(tmp_path / "out"))
    assert built.exit_code == 0 and "checks: 0 errors, 0 warnings" in built.output, built.output
    verified = cli("verify", "--kit", str(folder))
    assert verified.exit_code == 0 and "star-race: 0 errors, 0 warnings" in verified.output, verified.output


def test_the_rule_sheets_example_replays_to_the_win_it_describes(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    result = cli("replay", "--kit", str(folder), str(example_log(folder, tmp_path)), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["moves"] == 10 and data["winner"] == "Player 1" and data["reason"] == "reached the goal of 5 stars"
    after_seven = data["steps"][7]["state"]
    assert after_seven["stars"] == [3, 1] and after_seven["coins"] == [5, 2]
    assert [card["title"] for card in data["steps"][0]["state"]["hands"][0]] == ["Market Day", "Wish", "Market Day"]


def test_simulate_plays_the_data_deck_and_is_the_same_for_any_worker_count(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    args = ["simulate", "--kit", str(folder), "--games", "2500", "--seed", "4", "--json", "--out", str(tmp_path / "out")]
    one, two = cli(*args), cli(*args, "--workers", "2")
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    a, b = json.loads(one.output), json.loads(two.output)
    assert a["games"] == 2500 and a["results"] == b["results"] and a["reasons"] == b["reasons"]
    assert a["mean_length"] == b["mean_length"] and a["max_length"] == b["max_length"]
    assert set(a["reasons"]) <= {"reached the goal of 5 stars", "the cards ran out: most stars (then coins) wins",
                                 "the cards ran out with stars and coins tied"}
    greedy = json.loads(cli(*args[:-2], "--players", "greedy,random").output)
    assert greedy["results"]["first"] > greedy["results"]["second"]  # the designer's greedy player beats random


def test_balance_sweeps_a_param_and_values_the_ability(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    out = tmp_path / "out"
    result = cli("balance", "--kit", str(folder), "--sweep", "params.hand_size=2..4", "--games", "600", "--workers", "1",
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    data = json.loads((out / "star-race" / "balance" / "results.json").read_text())
    assert [p["values"] for p in data["points"]] == [{"params.hand_size": n} for n in (2, 3, 4)]
    lengths = [p["mean_length"] for p in data["points"]]
    assert lengths[0] != lengths[1] != lengths[2]  # the rules read the swept hand size
    abilities = cli("balance", "--kit", str(folder), "--abilities", "--games", "400", "--workers", "1", "--out", str(out))
    assert abilities.exit_code == 0, abilities.output
    rows = json.loads((out / "star-race" / "balance" / "results.json").read_text())["points"][0]["abilities"]
    assert {(r["ability"], r["seat_name"]) for r in rows} == {("storm", "Player 1"), ("storm", "Player 2")}


def test_bad_sweeps_name_the_key(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    for sweep, message in [("params.nope=1,2", "no such parameter"), ("deck.size=1,2", "expected a parameter of kit.toml's [params]"),
                           ("params.goal=2.5", "expected a whole number")]:
        result = cli("balance", "--kit", str(folder), "--sweep", sweep, "--games", "10", "--out", str(tmp_path / "o"))
        assert result.exit_code == 1 and message in result.output, result.output


def test_play_against_the_computer_logs_a_game_that_replays(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    log = tmp_path / "played.log"
    result = cli("play", "--kit", str(folder), "--vs-computer", "--seed", "5", "--log", str(log), input="1\n" * 40)
    assert result.exit_code == 0, result.output
    assert "---- Star Race ----" in result.output and "computer: play" in result.output and "result: " in result.output
    assert "Player 1 sees:" in result.output and "(3 hidden)" in result.output  # the computer's hand stays hidden
    replayed = cli("replay", "--kit", str(folder), str(log))
    assert replayed.exit_code == 0 and replayed.output.strip().splitlines()[-1] == result.output.strip().splitlines()[-1]


def test_the_scaffolds_rules_use_nothing_of_printkit_but_the_rules_api() -> None:
    from importlib import resources

    source = (resources.files("printkit.datakit") / "scaffold_rules" / "rules.py").read_text()
    imported = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            imported.add(node.module)
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    assert {name for name in imported if name and name.startswith("printkit")} == {"printkit.kitrules"}


def test_the_rules_api_module_sits_at_the_bottom_of_the_package() -> None:
    import printkit.kitrules as api

    tree = ast.parse(Path(api.__file__).read_text())
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
        a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert {m for m in modules if m and m.startswith("printkit")} <= {"printkit.rules.game"}
    game = Path(api.__file__).parent / "rules" / "game.py"
    assert "from printkit" not in game.read_text()


@pytest.mark.parametrize("goal", [1, 3, 5, 8, 12])
def test_the_printed_score_track_follows_the_goal(goal: int, tmp_path: Path) -> None:
    """The track was a fixed 3 x 2 frame with its Goal on space 5 (track.csv): goal = 3 printed spaces 4 and 5 past the
    goal and the Goal at 5, goal = 8 no space 8. It ends on the goal (`last = "{params.goal}"`, the Goal row's space
    `{params.goal}`), round a frame as small as holds it."""
    folder = scaffold(tmp_path)
    out = tmp_path / "out"
    built = cli("build", "--kit", str(folder), "--out", str(out), "--set", f"params.goal={goal}")
    assert built.exit_code == 0 and "checks: 0 errors" in built.output, built.output
    svg = (out / "star-race" / "artwork" / "score-track.svg").read_text()
    groups = {child.get("id"): (child, group) for group in ET.fromstring(svg).iter(f"{SVG}g") for child in group
              if (child.get("id") or "").startswith("cell-")}  # a space: its rect, in a group with its number and label
    assert sorted(groups, key=lambda i: int(i[5:])) == [f"cell-{n}" for n in range(goal + 1)]
    for ident, label in ((f"cell-{goal}", "Goal"), ("cell-0", "Start")):
        rect, group = groups[ident]
        assert label.lower() in rect.get("class", "").split() and label in [t.text for t in group.iter(f"{SVG}text")]
    picture = render_svg(svg, dpi=25.4)  # a pixel a mm: the Start and Goal spaces are the yellow ones
    yellow = dict((colour, n) for n, colour in picture.getcolors(1 << 20)).get((0xFF, 0xE8, 0xA3), 0)
    columns = {1: 2, 3: 2, 5: 3, 8: 5, 12: 6}[goal]  # two rows up to 12 spaces; 13 spaces: 6 x 3
    assert 2 * 600 < yellow < 2 * 900 and picture.size == (8 + 30 * columns, 8 + 30 * (3 if goal == 12 else 2))


def test_too_few_printed_coins_for_the_starting_coins_is_an_error(tmp_path: Path) -> None:
    """start_coins is printed in the rule sheet; the coins printed (tokens.csv: 42 in all) must cover both players'."""
    folder = scaffold(tmp_path)
    enough = cli("verify", "--kit", str(folder), "--set", "params.start_coins=21")
    assert enough.exit_code == 0 and "coins printed" not in enough.output, enough.output
    short = cli("verify", "--kit", str(folder), "--set", "params.start_coins=22")
    assert short.exit_code != 0 and "the coins printed (tokens.csv) add up to 42, the players start with 44" in short.output
