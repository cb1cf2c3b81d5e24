"""The figures of one point and of restricted play, and the plain-word flags a designer reads first."""

from __future__ import annotations

import math
from typing import Any

from printkit.balance.chunks import length_spread
from printkit.balance.restrict import CARD_PREFIX, DEALT, DEALT_POINTS, PLAYED
from printkit.rules.simulate import RESULTS, Tally, wilson_interval

FIRST_SHARE = (0.45, 0.55)
"""The first player's share of decisive games a designer calls fair."""
DRAWS = 0.30
"""More draws than this is flagged."""
ABILITY_POINTS = 0.10
"""An ability worth more than this (10 points of win rate) is flagged."""
NO_FLAGS = "nothing crosses a threshold (first player's share of decisive games 45-55%, draws up to 30%, no ability " \
           "worth over 10 points)"
"""What the console and report.html say of a run without flags."""


def point_figures(tally: Tally, summary: dict[str, float]) -> dict[str, Any]:
    """Rates with 95% Wilson intervals, the first player's share of decisive games, length, reasons, speed."""
    data = tally.as_json()
    for key, (low, high) in data["intervals"].items():  # 0 or all hits: no rounding dust outside the rate
        data["intervals"][key] = [min(low, data["rates"][key]), max(high, data["rates"][key])]
    decisive = tally.results["first"] + tally.results["second"]
    lengths = tally.lengths
    return {
        "games": data["games"],
        "results": data["results"],
        "rates": data["rates"],
        "intervals": data["intervals"],
        "first_share": tally.results["first"] / decisive if decisive else None,
        "first_share_interval": list(wilson_interval(tally.results["first"], decisive)) if decisive else None,
        "mean_length": data["mean_length"],
        "sd_length": length_spread(tally),
        "min_length": min(lengths, default=0),
        "max_length": max(lengths, default=0),
        "reasons": data["reasons"],
        "extra": data["extra"],
        "counters_per_game": data["counters_per_game"],
        "summary": {k: float(v) for k, v in sorted(summary.items())},
        "games_per_second": data["games_per_second"],
    }


def newcombe(hits_a: int, n_a: int, hits_b: int, n_b: int) -> tuple[float, float, float]:
    """The difference of two proportions a - b with its 95% interval (Newcombe's hybrid Wilson method)."""
    p_a, p_b = hits_a / n_a, hits_b / n_b
    lo_a, hi_a = wilson_interval(hits_a, n_a)
    lo_b, hi_b = wilson_interval(hits_b, n_b)
    diff = p_a - p_b
    return diff, diff - math.sqrt((p_a - lo_a) ** 2 + (hi_b - p_b) ** 2), diff + math.sqrt((hi_a - p_a) ** 2 + (p_b - lo_b) ** 2)


def ability_figures(ability: str, seat: int, seat_name: str, full: Tally, restricted: Tally) -> dict[str, Any]:
    """What removing ``ability`` from ``seat`` changes in that seat's win rate (restricted - full)."""
    key = f"seat_{seat + 1}_wins"
    won_full, won_restricted = full.extra[key], restricted.extra[key]
    change, low, high = newcombe(won_restricted, restricted.games, won_full, full.games)
    return {
        "ability": ability,
        "seat": seat + 1,
        "seat_name": seat_name,
        "games": restricted.games,
        "full_rate": won_full / full.games,
        "restricted_rate": won_restricted / restricted.games,
        "change": change,
        "interval": [low, high],
        "restricted_draws": restricted.results["draw"] / restricted.games,
        **(card_figures(ability, seat, full) if ability.startswith(CARD_PREFIX) else {}),
    }


def card_figures(card: str, seat: int, full: Tally) -> dict[str, Any]:
    """How often the full players play ``card`` a game and, in a game that deals hands, what being dealt it is worth to
    ``seat``: its points (a win 1, a draw 1/2) in the games whose opening hand held the card minus in those whose did
    not, with its 95% interval (the shuffle alone decides the deal; card players' "opening hand win rate")."""
    found: dict[str, Any] = {"played": full.extra[PLAYED + card] / full.games}
    held = full.extra.get(f"{DEALT}{card}|{seat + 1}", 0)
    if 0 < held < full.games:
        points = full.extra[f"{DEALT_POINTS}{card}|{seat + 1}"] / 2
        total = full.extra[f"seat_{seat + 1}_wins"] + (full.games - sum(full.extra[f"seat_{s}_wins"] for s in (1, 2))) / 2
        effect, low, high = newcombe(points, held, total - points, full.games - held)
        found.update(dealt=held / full.games, dealt_effect=effect, dealt_interval=[low, high])
    return found


def card_worth(rows: list[dict[str, Any]]) -> float:
    """A card's worth from its rows (one a seat), in points of win rate: the mean effect of being dealt it where the
    game deals hands, else the mean of what a seat loses without it (restricted play). Dealt first: restricted play
    cannot measure a card the rules make a player play (a free card, when nothing else can be afforded)."""
    if all("dealt_effect" in row for row in rows):
        return sum(row["dealt_effect"] for row in rows) / len(rows)
    return sum(-row["change"] for row in rows) / len(rows)


def ranked_cards(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Card rows (one per card and seat) ordered by the card's worth (:func:`card_worth`), most first (then by name)."""
    by_card: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_card.setdefault(row["ability"], []).append(row)
    order = sorted(by_card, key=lambda name: (-card_worth(by_card[name]), name))
    return sorted(rows, key=lambda row: (order.index(row["ability"]), row["seat"]))


def pct(value: float) -> str:
    return f"{100 * value:.0f}%"


def where(game: str, values: dict[str, Any], players: str, several_matchups: bool) -> str:
    """``warfare at board_size 6, abilities.bomb 2 (greedy/greedy)``."""
    text = game
    if values:
        text += " at " + ", ".join(f"{key.split('.', 2)[-1]} {value}" for key, value in values.items())
    if several_matchups or players != "random/random":
        text += f" ({players.replace('/', ' vs ')})"
    return text


def flags(game: str, point: dict[str, Any], several_matchups: bool) -> list[str]:
    """Plain-word warnings for one finished point."""
    place = where(game, point["values"], point["players"], several_matchups)
    found = []
    share = point.get("first_share")
    if share is not None and not FIRST_SHARE[0] <= share <= FIRST_SHARE[1]:
        low, high = point["first_share_interval"]
        found.append(f"{place}: the first player wins {pct(share)} of decisive games "
                     f"(95% CI {pct(low)}-{pct(high)}; fair is 45-55%)")
    if point["rates"]["draw"] > DRAWS:
        found.append(f"{place}: {pct(point['rates']['draw'])} draws")
    for row in point.get("abilities", []):
        low, high = row.get("interval", (row["change"], row["change"]))
        rates = f"wins {pct(row['full_rate'])} with it, {pct(row['restricted_rate'])} without"
        if -row["change"] > ABILITY_POINTS:
            found.append(f"{place}: {row['ability']} is worth {100 * -row['change']:.0f} points to {row['seat_name']} "
                         f"({rates}; 95% CI {100 * -high:.0f} to {100 * -low:.0f})")
        elif row["change"] > ABILITY_POINTS:
            found.append(f"{place}: {row['ability']} costs {row['seat_name']} {100 * row['change']:.0f} points "
                         f"({rates}; 95% CI {100 * low:.0f} to {100 * high:.0f})")
    return found


__all__ = ["RESULTS", "ability_figures", "flags", "newcombe", "point_figures", "where"]
