"""What printkit balance prints: each point's results and seats and every ability's worth, flagged or not."""

from __future__ import annotations

import json
import re
from pathlib import Path

from printkit.balance.console import MAX_POINTS, run_lines
from printkit.balance.figures import NO_FLAGS
from tests.kitrules.helpers import cli, scaffold

MINUS_ZERO = re.compile(r"(?<![0-9])-0\.0+(?![0-9])")
"""A zero written with a minus sign (not the dash of a range such as 0.00-0.00)."""


def test_a_run_without_flags_still_prints_its_seats_and_every_ability(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    result = cli("balance", "--kit", str(folder), "--games", "400", "--abilities", "--workers", "1", "--out", str(tmp_path / "o"))
    assert result.exit_code == 0, result.output
    results = json.loads((tmp_path / "o/star-race/balance/results.json").read_text())
    assert results["flags"] == []
    point = results["points"][0]
    one, two = point["metrics"]["seats"]
    storm = {row["seat"]: row for row in point["abilities"]}
    assert all(abs(row["change"]) < 0.10 for row in storm.values())  # worth too little to be flagged: listed all the same
    lines = result.output.splitlines()
    start = lines.index("by seat: wins, mean score, mean margin (the seat's score minus the best other score), each with its 95% CI")

    def pct(x: float) -> str:
        return f"{100 * x:.0f}%"

    def worth(row: dict) -> str:
        return f"{row['seat_name']} {-100 * row['change']:+.1f} ({-100 * row['interval'][1]:+.1f} to {-100 * row['interval'][0]:+.1f})"

    assert lines[start + 1].startswith(f"star-race: first {pct(point['rates']['first'])}, second {pct(point['rates']['second'])}, "
                                       f"draws {pct(point['rates']['draw'])} of 400 games; the first player's share of decisive games ")
    assert lines[start + 2:start + 7] == [
        f"  Player 1: wins {pct(one['win_rate'])} ({pct(one['win_interval'][0])}-{pct(one['win_interval'][1])}), score "
        f"{one['score']:.2f} ({one['score_interval'][0]:.2f} to {one['score_interval'][1]:.2f}), margin {one['margin']:+.2f} "
        f"({one['margin_interval'][0]:+.2f} to {one['margin_interval'][1]:+.2f})",
        f"  Player 2: wins {pct(two['win_rate'])} ({pct(two['win_interval'][0])}-{pct(two['win_interval'][1])}), score "
        f"{two['score']:.2f} ({two['score_interval'][0]:.2f} to {two['score_interval'][1]:.2f}), margin {two['margin']:+.2f} "
        f"({two['margin_interval'][0]:+.2f} to {two['margin_interval'][1]:+.2f})",
        "  abilities: worth to each seat, the points of win rate it loses without one (negative: better off without), 95% CI",
        f"    storm: {worth(storm[1])}, {worth(storm[2])}",
        f"no flags: {NO_FLAGS}"]
    assert lines[start + 7].startswith("wrote ")
    html = (tmp_path / "o/star-race/balance/report.html").read_text()  # the report's seat table: mean score and margin
    assert "<th>mean score</th><th>mean margin</th>" in html
    assert f"<td>{one['margin']:+.2f} <span class=\"ci\">{one['margin_interval'][0]:+.2f} to {one['margin_interval'][1]:+.2f}" \
           f"</span></td>" in html


def test_flags_replace_the_no_flags_line_and_a_long_sweep_is_cut_short() -> None:
    point = {"status": "done", "values": {"params.goal": 0}, "players": "random/random", "games": 10,
             "rates": {"first": 0.8, "second": 0.2, "draw": 0.0}, "first_share": 0.8, "first_share_interval": [0.5, 0.9]}
    points = [dict(point, values={"params.goal": n}) for n in range(MAX_POINTS + 2)]
    results = {"game": "g", "run": {"players": ["random/random"]}, "points": points, "flags": ["g at goal 0: too good"]}
    lines = run_lines(results)
    assert lines[0] == "g at goal 0: first 80%, second 20%, draws 0% of 10 games; the first player's share of decisive games 80% (95% CI 50%-90%)"
    assert lines[-2:] == ["... and 2 more points in report.html", "flag: g at goal 0: too good"]
    assert not any(line.startswith("no flags") for line in lines) and len(lines) == MAX_POINTS + 2


def test_a_worth_or_margin_that_rounds_to_zero_never_reads_minus_zero() -> None:
    """A margin of -0.0 and interval ends of -0.004 read +0.00, a worth of -0.0001 reads +0.0: in the lines and the report."""
    from collections import Counter

    from printkit.balance.report import render_report
    from printkit.rules.game import Outcome
    from printkit.rules.metrics import ended, figures
    from printkit.rules.simulate import wilson_interval

    measures: Counter[str] = Counter()
    ended(measures, 2, [Outcome(0, "won", (1.0, 1.0)), Outcome(1, "won", (1.0, 1.0))])
    metrics = figures(measures, 2, ("P1", "P2"), wilson_interval)
    seat = metrics["seats"][0]
    seat.update(score=0.0, score_interval=[-0.001, 0.001], margin=-0.0, margin_interval=[-0.004, 0.004])
    point = {"status": "done", "values": {}, "players": "random/random", "games": 2,
             "rates": {"first": 0.5, "second": 0.5, "draw": 0.0}, "first_share": 0.5, "first_share_interval": [0.3, 0.7],
             "intervals": {"first": [0.3, 0.7], "second": [0.3, 0.7], "draw": [0.0, 0.1]}, "mean_length": 5.0,
             "sd_length": 0.0, "min_length": 5, "max_length": 5, "reasons": {}, "summary": {}, "games_per_second": 100.0,
             "metrics": metrics,
             "abilities": [{"ability": "storm", "seat": 1, "seat_name": "P1", "change": 0.0, "interval": [-0.0001, 0.0],
                           "full_rate": 0.5, "restricted_rate": 0.5, "restricted_draws": 0.0}]}
    results = {"game": "g", "title": "g", "run": {"players": ["random/random"], "games": 2, "seed": 1, "parameters": {}},
               "points": [point], "flags": [], "axes": [], "points_done": 1, "points_total": 1, "complete": True}
    lines = run_lines(results)
    assert "  P1: wins 50% (9%-91%), score 0.00 (0.00 to 0.00), margin +0.00 (+0.00 to +0.00)" in lines
    assert "    storm: P1 +0.0 (+0.0 to +0.0)" in lines and not MINUS_ZERO.search("\n".join(lines))
    html = render_report(results, [])
    assert '<td>+0.00 <span class="ci">+0.00 to +0.00</span></td>' in html and not MINUS_ZERO.search(html)
