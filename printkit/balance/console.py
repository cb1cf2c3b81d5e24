"""What ``printkit balance`` prints of a finished run besides its flags: each point's results and seats, and what every
ability (and, ranked, the cards) is worth, so a run that raises no flag still says what it found."""

from __future__ import annotations

from typing import Any

from printkit.balance.figures import NO_FLAGS, pct, ranked_cards, where
from printkit.balance.restrict import CARD_PREFIX
from printkit.rules.metrics import number

MAX_POINTS = 12
"""Points a run prints (a larger sweep: the first ones, then how many more report.html holds)."""
CARDS_SHOWN = 3
"""Cards printed at each end of the ranking (the full ranking is in report.html)."""


def run_lines(results: dict[str, Any]) -> list[str]:
    """Each finished point: a headline (results, the first player's share), a line per seat (wins, mean score and
    margin with their 95% intervals), what each ability is worth to each seat; then the flags, or that there are
    none."""
    done = [p for p in results["points"] if p["status"] == "done"]
    several = len(results["run"]["players"]) > 1
    lines: list[str] = []
    if any(p.get("metrics", {}).get("seats") for p in done):
        lines.append("by seat: wins, mean score, mean margin (the seat's score minus the best other score), "
                     "each with its 95% CI")
    for point in done[:MAX_POINTS]:
        lines += point_lines(results["game"], point, several)
    if len(done) > MAX_POINTS:
        lines.append(f"... and {len(done) - MAX_POINTS} more points in report.html")
    lines += [f"flag: {flag}" for flag in results["flags"]] or ([f"no flags: {NO_FLAGS}"] if done else [])
    return lines


def point_lines(game: str, point: dict[str, Any], several: bool) -> list[str]:
    """One point: ``k35 (random vs random): first 41%, second 52%, draws 7%; first's share of decisive games 44%``."""
    rates = point["rates"]
    head = f"{where(game, point['values'], point['players'], several)}: first {pct(rates['first'])}, second " \
           f"{pct(rates['second'])}, draws {pct(rates['draw'])} of {point['games']:,} games"
    if point.get("first_share") is not None:
        low, high = point["first_share_interval"]
        head += f"; the first player's share of decisive games {pct(point['first_share'])} (95% CI {pct(low)}-{pct(high)})"
    lines = [head]
    for seat in point.get("metrics", {}).get("seats", []):
        low, high = seat["win_interval"]
        text = f"  {seat['name']}: wins {pct(seat['win_rate'])} ({pct(low)}-{pct(high)})"
        if "score" in seat:
            low, high = seat["score_interval"]
            text += f", score {number(seat['score'])} ({number(low)} to {number(high)})"
        if "margin" in seat:
            low, high = seat["margin_interval"]
            text += f", margin {number(seat['margin'], 2, '+')} ({number(low, 2, '+')} to {number(high, 2, '+')})"
        lines.append(text)
    abilities = [a for a in point.get("abilities", []) if not a["ability"].startswith(CARD_PREFIX)]
    if abilities:
        lines.append("  abilities: worth to each seat, the points of win rate it loses without one (negative: better off "
                     "without), 95% CI")
        for name in dict.fromkeys(a["ability"] for a in abilities):
            lines.append(f"    {name}: " + ", ".join(_worth(a) for a in abilities if a["ability"] == name))
    cards = ranked_cards([a for a in point.get("abilities", []) if a["ability"].startswith(CARD_PREFIX)])
    if cards:
        names = list(dict.fromkeys(a["ability"] for a in cards))
        shown = names if len(names) <= 2 * CARDS_SHOWN else names[:CARDS_SHOWN] + names[-CARDS_SHOWN:]
        dealt = all("dealt_effect" in a for a in cards)
        lines.append(f"  cards, most worth first ({len(names)} ranked in report.html): worth to each seat, "
                     + ("dealt: the points of win rate an opening hand with it wins more; restricted: " if dealt else "")
                     + "the points of win rate it loses without one, 95% CI")
        for i, name in enumerate(shown):
            if len(shown) < len(names) and i == CARDS_SHOWN:
                lines.append("    ...")
            rows = [a for a in cards if a["ability"] == name]
            lines.append(f"    {name[len(CARD_PREFIX):]}: " + ("dealt " + ", ".join(map(_dealt, rows)) + "; restricted " if dealt else "")
                         + ", ".join(map(_worth, rows)))
    return lines


def _dealt(row: dict[str, Any]) -> str:
    low, high = row["dealt_interval"]
    return f"{row['seat_name']} {_points(row['dealt_effect'])} ({_points(low)} to {_points(high)})"


def _worth(row: dict[str, Any]) -> str:
    low, high = row["interval"]
    return f"{row['seat_name']} {_points(-row['change'])} ({_points(-high)} to {_points(-low)})"


def _points(share: float) -> str:
    """A share as signed points of win rate: ``+4.2``; one that rounds to zero reads ``+0.0``."""
    return number(100 * share, 1, "+")
