"""report.html: the flags, plots, results table and ability values of a balance run (static, opens from disk)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.balance.figures import NO_FLAGS, card_worth, ranked_cards
from printkit.balance.plots import write_plots
from printkit.balance.restrict import CARD_PREFIX
from printkit.balance.store import write_atomic
from printkit.rules.metrics import number
from printkit.rules.reasons import reasons_lines

REPORT = "report.html"


def render_report(results: dict[str, Any], plots: list[str]) -> str:
    """The page as text (jinja2 with autoescape: every name from a config is escaped)."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    env = Environment(loader=PackageLoader("printkit.balance", "templates"), autoescape=select_autoescape(default=True),
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["reason_lines"] = reasons_lines
    env.filters["number"] = number
    done = [p for p in results["points"] if p["status"] == "done"]
    abilities = [(p, a) for p in done for a in p.get("abilities", []) if not a["ability"].startswith(CARD_PREFIX)]
    figured = [p for p in done if p.get("metrics")]
    return env.get_template("report.html.j2").render(r=results, plots=plots, abilities=abilities, figured=figured, no_flags=NO_FLAGS,
                                                     counted=any(p.get("counters_per_game") for p in done),
                                                     cards=[(p, card_rows(p)) for p in done if card_rows(p)])


def card_rows(point: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per card of a point, ranked by its mean worth over the seats: rank, card, plays a game, each seat's row."""
    rows = ranked_cards([a for a in point.get("abilities", []) if a["ability"].startswith(CARD_PREFIX)])
    cards: list[dict[str, Any]] = []
    for row in rows:
        if not cards or cards[-1]["card"] != row["ability"][len(CARD_PREFIX):]:
            cards.append({"rank": len(cards) + 1, "card": row["ability"][len(CARD_PREFIX):], "played": row.get("played", 0.0),
                          "seats": []})
        cards[-1]["seats"].append(row)
    for card in cards:
        card["worth"] = card_worth(card["seats"])
        card["dealt"] = all("dealt_effect" in s for s in card["seats"])
    return cards


def write_report(results: dict[str, Any], folder: Path) -> list[str]:
    """The plots and report.html; returns the files written."""
    plots = write_plots(results, folder)
    write_atomic(folder / REPORT, render_report(results, plots).encode())
    return plots + [REPORT]
