"""printkit balance through the CLI: files, numbers, byte-identical plots, --resume, bad input, simulate --workers."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main

SMALL = ("--set", "games.warfare.board_size=4", "--set", "games.warfare.line_length=3")


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def balance(out: Path, *extra: str):
    return run("balance", "--game", "warfare", *SMALL, "--sweep", "games.warfare.abilities.bomb=0..1",
               "--games", "300", "--seed", "4", "--workers", "1", "--out", str(out), *extra)


@pytest.fixture(scope="module")
def first_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("balance")
    result = balance(out, "--players", "random,greedy/random")
    assert result.exit_code == 0, result.output
    return out / "warfare" / "balance"


def test_writes_results_plots_and_report(first_run: Path) -> None:
    names = {p.name for p in first_run.iterdir()}
    assert {"results.json", "results.csv", "rates.png", "rates.svg", "report.html"} <= names
    data = json.loads((first_run / "results.json").read_text())
    assert data["complete"] and data["points_done"] == data["points_total"] == 4
    point = data["points"][0]
    assert point["values"] == {"games.warfare.abilities.bomb": 0} and point["players"] == "random/random"
    assert point["games"] == 300 and sum(point["results"].values()) == 300
    for key in ("first", "second", "draw"):
        low, high = point["intervals"][key]
        assert low <= point["rates"][key] <= high
    assert point["sd_length"] > 0 and point["reasons"] and point["games_per_second"] > 0
    assert data["points"][3]["players"] == "greedy/random"
    rows = list(csv.DictReader((first_run / "results.csv").open()))
    assert len(rows) == 4 and rows[1]["games.warfare.abilities.bomb"] == "0" and rows[1]["players"] == "greedy/random"
    html = (first_run / "report.html").read_text()
    assert "rates.png" in html and "greedy vs random" in html and "Flags" in html


def test_same_seed_same_numbers_and_bytes(first_run: Path, tmp_path: Path) -> None:
    assert balance(tmp_path, "--players", "random,greedy/random", "--workers", "2").exit_code == 0
    again = tmp_path / "warfare" / "balance"
    one, two = (json.loads((d / "results.json").read_text()) for d in (first_run, again))
    strip = ("games_per_second",)
    for a, b in zip(one["points"], two["points"]):
        assert {k: v for k, v in a.items() if k not in strip} == {k: v for k, v in b.items() if k not in strip}
    for name in ("rates.png", "rates.svg"):
        assert (first_run / name).read_bytes() == (again / name).read_bytes()


def test_resume_completes_missing_points(first_run: Path, tmp_path: Path) -> None:
    folder = tmp_path / "warfare" / "balance"
    folder.mkdir(parents=True)
    data = json.loads((first_run / "results.json").read_text())
    data["points"][2] = {k: data["points"][2][k] for k in ("id", "values", "players")} | {"status": "pending"}
    (folder / "results.json").write_text(json.dumps(data))
    result = balance(tmp_path, "--players", "random,greedy/random", "--resume")
    assert result.exit_code == 0, result.output
    resumed = json.loads((folder / "results.json").read_text())
    assert resumed["complete"]
    assert resumed["points"][2]["results"] == json.loads((first_run / "results.json").read_text())["points"][2]["results"]
    other = balance(tmp_path, "--players", "random", "--resume")
    assert other.exit_code == 1 and "was run with other parameters: players" in other.output


def test_unplayable_points_are_reported_not_run(tmp_path: Path) -> None:
    result = run("balance", "--game", "warfare", "--sweep", "games.warfare.board_size=3,4", "--set", "games.warfare.line_length=4",
                 "--games", "50", "--workers", "1", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "warning: warfare at board_size 3: not playable: games.warfare.line_length: expected at most board_size (3), got 4" in result.output
    data = json.loads((tmp_path / "warfare" / "balance" / "results.json").read_text())
    assert [p["status"] for p in data["points"]] == ["unplayable", "done"]


def test_a_point_the_rules_refuse_at_the_start_is_skipped_with_a_note(tmp_path: Path) -> None:
    """The scaffold at hand_size 8 deals 16 cards from a deck of 14: its rules fail in the first chance move, so the
    point is skipped (a warning naming rules.py's line) and the other points are played."""
    from tests.kitrules.helpers import scaffold

    kit = scaffold(tmp_path)
    result = run("balance", "--kit", str(kit), "--sweep", "params.hand_size=6..8", "--games", "40", "--workers", "1",
                 "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert f"warning: star-race at hand_size 8: not playable: the rules refuse it at the start ({kit}/rules.py:" in result.output
    assert "IndexError" in result.output
    data = json.loads((tmp_path / "out" / "star-race" / "balance" / "results.json").read_text())
    assert [p["status"] for p in data["points"]] == ["done", "done", "unplayable"]


def test_parameters_the_rules_refuse_without_a_sweep_are_one_error_naming_the_game(tmp_path: Path) -> None:
    """No --sweep: the one point is the parameters given, so the refusal is not put on a --sweep the user did not give."""
    from tests.kitrules.helpers import one_error_line, scaffold

    kit = scaffold(tmp_path)
    for extra in ([], ["--cards"], ["--players", "random,greedy"]):
        line = one_error_line(run("balance", "--kit", str(kit), "--set", "params.hand_size=8", "--games", "4", "--workers",
                                  "1", "--out", str(tmp_path / "out"), *extra))
        assert line.startswith(f"error: star-race: not playable: the rules refuse it at the start ({kit}/rules.py:"), line


def test_abilities_report_each_seat(tmp_path: Path) -> None:
    result = run("balance", "--game", "warfare", *SMALL, "--abilities", "--games", "60", "--workers", "1", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    folder = tmp_path / "warfare" / "balance"
    rows = json.loads((folder / "results.json").read_text())["points"][0]["abilities"]
    assert [(r["ability"], r["seat"]) for r in rows][:2] == [("bomb", 1), ("bomb", 2)] and len(rows) == 8
    for row in rows:
        assert row["interval"][0] <= row["change"] <= row["interval"][1]
    assert (folder / "abilities.png").is_file() and "Abilities: restricted play" in (folder / "report.html").read_text()


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "warfare", "--sweep", "games.warfare.board_sise=5"], "error: --sweep: games.warfare.board_sise: unknown key"),
    (["--game", "warfare", "--sweep", "games.warfare.player_x=A"], "not a numeric parameter"),
    (["--game", "warfare", "--sweep", "games.warfare.board_size=8..6"], "empty range"),
    (["--game", "warfare", "--sweep", "games.warfare.board_size=2,3"], "error: --sweep: games.warfare.board_size: expected 3 to 20, got 2"),
    (["--game", "warfare", "--players", "random,genius"], "error: --players: unknown player 'genius'"),
    (["--game", "tictactwo", "--abilities", "--set", "games.tictactwo.actions_each=0"],
     "error: --abilities: tictactwo has no abilities to remove with these parameters"),
    (["--game", "nosuch"], "error: unknown game"),
    (["--game", "warfare", "--scheduler", "nonsense"], "error: --scheduler: 'nonsense' is not a scheduler address"),
    (["--game", "warfare", "--scheduler", "tcp://127.0.0.1:1"], "error: --scheduler: cannot reach the Dask scheduler at 'tcp://127.0.0.1:1'"),
])
def test_bad_input_is_one_line_and_writes_nothing(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["balance", *args, "--games", "10", "--out", str(tmp_path)])
    assert result.exit_code == 1 and result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], result.output
    assert not (tmp_path / "warfare" / "balance").exists()


def test_a_kit_from_data_without_rules_says_how_to_add_them(tmp_path: Path) -> None:
    assert run("new", str(tmp_path / "my-game")).exit_code == 0
    result = CliRunner().invoke(main, ["balance", "--kit", str(tmp_path / "my-game")])
    assert result.exit_code == 1 and "no [game] rules" in result.output and "printkit new DIR --rules" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_simulate_workers_give_the_same_numbers() -> None:
    one = json.loads(run("simulate", "--game", "warfare", *SMALL, "--games", "2500", "--seed", "2", "--json").output)
    two = json.loads(run("simulate", "--game", "warfare", *SMALL, "--games", "2500", "--seed", "2", "--json", "--workers", "2").output)
    assert one["results"] == two["results"] and one["mean_length"] == two["mean_length"] and one["games"] == 2500
