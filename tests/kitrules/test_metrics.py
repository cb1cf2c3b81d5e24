"""The game's figures (printkit/rules/metrics.py): each computed by hand on small games, and shown by simulate."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from printkit.rules.game import Outcome
from printkit.rules.metrics import Trace, ended, figures, metrics_lines
from printkit.rules.simulate import wilson_interval
from tests.kitrules.helpers import cli, edit, scaffold


def traced(decisions: list[tuple[int, int]], standings: list[tuple[float, float]], outcome: Outcome,
           measures: Counter[str] | None = None) -> Counter[str]:
    measures = Counter() if measures is None else measures
    trace = Trace(2, measures)
    for (player, legal), values in zip(decisions, standings):
        trace.decided(player, legal)
        trace.stood(values)
    trace.end(outcome)
    return measures


def test_lead_changes_drama_and_decisiveness_by_hand() -> None:
    # standings after each of 6 decisions: P1 leads, tie, P2 leads, P2, P1 leads, P1; P1 wins 4-2
    standings = [(1, 0), (1, 1), (1, 2), (1, 3), (4, 3), (4, 2)]
    decisions = [(0, 3), (1, 1), (0, 2), (1, 4), (0, 1), (1, 2)]
    m = traced(decisions, standings, Outcome(0, "won", (4.0, 2.0)))
    data = figures(m, 2, ("A", "B"), wilson_interval)
    assert data["lead_changes"] == 2  # P1 -> P2 -> P1 (the tie is skipped)
    assert data["drama"] == 1.0 and data["drama_deficit"] == 2.0  # the winner was 2 behind at worst (1 against 3)
    assert data["decisiveness"] == pytest.approx(4 / 6)  # the winner leads for good from the 5th decision on
    assert data["branching"] == pytest.approx(13 / 6) and data["forced_share"] == pytest.approx(2 / 6)
    assert data["margin"] == 2.0 and data["seats"][0]["score"] == 4.0 and data["seats"][1]["score"] == 2.0
    assert data["seats"][0]["wins"] == 1 and data["seats"][0]["turns"] == 3 and data["moves"] == 6


def test_rates_and_means_over_games() -> None:
    m: Counter[str] = Counter()
    traced([(0, 2)], [(1, 0)], Outcome(0, "won", (1.0, 0.0)), m)  # the winner always led: no drama, decided at once
    traced([(0, 2)], [(0, 1)], Outcome(1, "won", (0.0, 1.0)), m)
    traced([(0, 2)], [(0, 0)], Outcome(None, "draw", (0.0, 0.0)), m)
    data = figures(m, 2, ("A", "B"), wilson_interval)
    assert data["games"] == 3 and data["draws"] == 1 and data["draw_interval"] == list(wilson_interval(1, 3))
    assert data["seats"][0]["advantage"] == 0.0 and data["seats"][0]["win_interval"] == list(wilson_interval(1, 3))
    assert data["drama"] == 0.0 and data["decisiveness"] == 0.0 and data["lead_changes"] == 0.0
    assert data["move_limit_stops"] == 0


def test_a_game_without_standings_has_no_lead_figures() -> None:
    m = Counter()
    trace = Trace(2, m)
    trace.decided(0, 1)
    trace.end(Outcome(0, "won"))
    data = figures(m, 2, ("A", "B"), wilson_interval)
    assert "lead_changes" not in data and "drama" not in data and "margin" not in data and data["forced_share"] == 1.0


def test_simulate_shows_the_figures(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    result = cli("simulate", "--kit", str(folder), "--players", "greedy,random", "--games", "300", "--json",
                 "--out", str(tmp_path / "out"))
    data = json.loads(result.output)["metrics"]
    seats = data["seats"]
    assert seats[0]["wins"] + seats[1]["wins"] + data["draws"] == 300 == data["games"] and data["traced_games"] == 100
    assert seats[0]["wins"] == json.loads(result.output)["results"]["first"]  # Player 1 always moves first here
    assert 1 < data["branching"] < 4 and 0 < data["forced_share"] < 1 and 0 <= data["decisiveness"] <= 1
    text = cli("simulate", "--kit", str(folder), "--players", "greedy,random", "--games", "300", "--out", str(tmp_path / "out"))
    for start in ("  by seat", "    Player 1   wins", "  margin", "  draws", "  moves", "  choice", "  lead", "  drama",
                  "  decided"):
        assert any(line.startswith(start) for line in text.output.splitlines()), (start, text.output)


def test_a_kernel_pair_says_it_has_no_per_move_figures(tmp_path: Path) -> None:
    result = cli("simulate", "--game", "warfare", "--games", "50", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "(no per-move figures: this pair was played by the game's fast kernel" in result.output



def test_rules_that_list_moves_at_a_high_cost_leave_the_branching_out() -> None:
    """Tic Tac Warfare above 8x8 (counts_moves False): decisions and turns are counted, legal moves are not."""
    import random

    from printkit.games import get_game, params_class
    from printkit.rules.game import play_out
    from printkit.rules.metrics import metrics_lines

    spec, params = get_game("warfare"), params_class("warfare")
    random_policy = spec.players["random"]
    rules = spec.rules(params(board_size=10, line_length=5))
    assert not rules.counts_moves and spec.rules(params()).counts_moves
    measures: Counter[str] = Counter()
    trace = Trace(2, measures)
    ran = play_out(rules, (random_policy, random_policy), random.Random(1), trace=trace)
    assert ran.outcome is not None
    trace.end(ran.outcome)
    data = figures(measures, 2, ("X", "O"), wilson_interval)
    assert 0 < data["moves"] <= len(ran.moves) and "branching" not in data and "forced_share" not in data
    assert any("choice  not counted" in line for line in metrics_lines(data))
    from printkit.kitgame.engine import playouts  # a kit folder's playouts (the mcts pairs' engine) leave it out too

    played = playouts(rules, (spec.players["greedy"], random_policy), 1, 1).metrics(rules.player_names)
    assert played["moves"] > 0 and "branching" not in played and "forced_share" not in played


def test_each_seat_s_mean_margin_is_its_score_minus_the_best_other_score() -> None:
    m: Counter[str] = Counter()
    ended(m, 3, [Outcome(0, "won", (5.0, 3.0, 4.0)), Outcome(2, "won", (1.0, 2.0, 6.0)), Outcome(None, "tied", (3.0, 3.0, 1.0))])
    data = figures(m, 3, ("A", "B", "C"), wilson_interval)
    margins = [seat["margin"] for seat in data["seats"]]
    assert margins == pytest.approx([(1 - 5 + 0) / 3, (-2 - 4 + 0) / 3, (-1 + 4 - 2) / 3])
    a = data["seats"][0]
    spread = (sum((x - a["margin"]) ** 2 for x in (1, -5, 0)) / 3 / 3) ** 0.5  # the interval: mean ± 1.96 standard errors
    assert a["margin_interval"] == pytest.approx([a["margin"] - 1.959964 * spread, a["margin"] + 1.959964 * spread])
    assert data["margin"] == pytest.approx((1 + 4) / 2)  # the winner's margin, over the decisive games
    lines = metrics_lines(data)
    at = next(i for i, line in enumerate(lines) if line.startswith("    A          wins 33.3% "))
    assert lines[at + 1] == f"               score 3.00 (95% CI {a['score_interval'][0]:.2f} to {a['score_interval'][1]:.2f}), margin -1.33 " \
           f"(95% CI {a['margin_interval'][0]:+.2f} to {a['margin_interval'][1]:+.2f})"


def test_simulate_gives_each_seat_s_score_and_margin_and_the_counters_a_game(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    edit(folder / "rules.py", "    # How well a player stands", '''    def counters(self, state):
        return {"storms": sum(1 for card in state["discard"] if card.title == "Storm"), "largest_coins": max(state["coins"])}

    # How well a player stands''')
    result = cli("simulate", "--kit", str(folder), "--games", "400", "--json", "--out", str(tmp_path / "out"))
    data = json.loads(result.output)
    for seat in data["metrics"]["seats"]:
        low, high = seat["margin_interval"]
        assert low < seat["margin"] < high and low < seat["score"] - data["metrics"]["seats"][2 - seat["seat"]]["score"] < high
    one, two = data["metrics"]["seats"]
    assert one["margin"] == pytest.approx(-two["margin"])  # two players: one's lead is the other's deficit
    assert data["counters_per_game"]["storms"] == data["extra"]["storms"] / 400 and 0 < data["counters_per_game"]["storms"] < 2
    assert data["counters_per_game"]["largest_coins"] == data["extra"]["largest_coins"] >= 2  # the largest, not a mean
    text = cli("simulate", "--kit", str(folder), "--games", "400", "--out", str(tmp_path / "out")).output.splitlines()
    at = text.index("  counters (the rules' counters(): mean a game; largest_...: the largest in any game)")
    assert text[at + 1:at + 3] == [f"    largest_coins  {data['extra']['largest_coins']:g}",
                                   f"    storms         {data['extra']['storms'] / 400:.3f}"]
    seat = text.index(next(line for line in text if line.startswith("    Player 1   wins")))
    assert text[seat + 1] == (f"               score {one['score']:.2f} (95% CI {one['score_interval'][0]:.2f} to "
                              f"{one['score_interval'][1]:.2f}), margin {one['margin']:+.2f} (95% CI "
                              f"{one['margin_interval'][0]:+.2f} to {one['margin_interval'][1]:+.2f})")


def test_a_figure_that_rounds_to_zero_never_reads_minus_zero() -> None:
    """An interval end of -0.001 is written 0.00 (+0.00 where signed), in simulate's lines as in balance's report."""
    from printkit.rules.metrics import number

    assert [number(-0.001), number(-0.001, 2, "+"), number(-0.04, 1, "+"), number(-0.0, 0)] == ["0.00", "+0.00", "+0.0", "0"]
    assert [number(-0.006), number(0.125, 1, "+"), number(2.5, 0)] == ["-0.01", "+0.1", "2"]  # rounded as format rounds
    m: Counter[str] = Counter()
    ended(m, 2, [Outcome(0, "won", (1.0, 1.0)), Outcome(1, "won", (1.0, 1.0)), Outcome(None, "tied", (1.0, 1.0))])
    data = figures(m, 2, ("A", "B"), wilson_interval)
    data["seats"][0]["margin_interval"] = [-0.001, 0.002]
    data["seats"][0]["advantage_interval"] = [-0.0004, 0.1]
    text = "\n".join(metrics_lines(data))
    assert "-0.00" not in text and "-0.0 " not in text and "(95% CI +0.00 to +0.00)" in text and "(+0.0 to +10.0)" in text
