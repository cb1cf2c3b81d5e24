"""Plots of a balance run (matplotlib, Agg): rates along one swept key, heatmaps for two, ability values.

Files are byte-identical for the same results: no dates or software versions in the metadata, and
SVG ids from a fixed salt.
"""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path
from typing import Any

from printkit.balance.figures import ranked_cards, where
from printkit.balance.restrict import CARD_PREFIX
from printkit.balance.store import write_atomic
from printkit.rules.reasons import group_reasons

COLOURS = {"first": "#D55E00", "second": "#0072B2", "draw": "#999999"}
PNG_META = {"Software": None}
SVG_META = {"Date": None, "Creator": None}


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "printkit-balance"
    matplotlib.rcParams["font.size"] = 9
    import matplotlib.pyplot as plt

    return plt


def warm_up() -> None:
    """Import matplotlib ahead of the plots: 0.6 s a balance run spends while its workers play, not after."""
    _pyplot()


def _save(fig: Any, folder: Path, stem: str) -> list[str]:
    names = []
    for ext, meta in (("png", PNG_META), ("svg", SVG_META)):
        buffer = io.BytesIO()
        fig.savefig(buffer, format=ext, dpi=110, metadata=meta, bbox_inches="tight")
        write_atomic(folder / f"{stem}.{ext}", buffer.getvalue())
        names.append(f"{stem}.{ext}")
    return names


def _done(results: dict[str, Any], players: str) -> list[dict[str, Any]]:
    return [p for p in results["points"] if p["status"] == "done" and p["players"] == players]


def _matchups(results: dict[str, Any]) -> list[str]:
    return list(results["run"]["players"])


def rates_plot(results: dict[str, Any], folder: Path) -> list[str]:
    """First / second / draw rates with 95% interval bars along the one swept key (or per matchup without one)."""
    plt = _pyplot()
    axes, matchups = results["axes"], _matchups(results)
    fig, panels = plt.subplots(1, len(matchups), figsize=(4.2 * len(matchups), 3.2), squeeze=False, sharey=True)
    for panel, players in zip(panels[0], matchups):
        rows = _done(results, players)
        for shift, name in zip((-0.08, 0.0, 0.08), ("first", "second", "draw")):
            if axes:
                key = axes[0]["key"]
                xs = [p["values"][key] for p in rows]
                step = (max(xs) - min(xs)) / max(len(xs) - 1, 1) if len(xs) > 1 else 1
                xs = [x + shift * step for x in xs]
            else:
                xs = [{"first": 0, "second": 1, "draw": 2}[name]] * len(rows)
            ys = [100 * p["rates"][name] for p in rows]
            low = [max(0.0, y - 100 * p["intervals"][name][0]) for y, p in zip(ys, rows)]
            high = [max(0.0, 100 * p["intervals"][name][1] - y) for y, p in zip(ys, rows)]
            panel.errorbar(xs, ys, yerr=[low, high], fmt="o-" if axes else "o", capsize=3, color=COLOURS[name], label=name)
        panel.axhspan(45, 55, color="#009E73", alpha=0.08)
        panel.set_title(players.replace("/", " vs "))
        panel.set_xlabel(axes[0]["key"].split(".", 2)[-1] if axes else "result")
        if axes:
            panel.set_xticks(list(axes[0]["values"]))
        else:
            panel.set_xticks([0, 1, 2], ["first", "second", "draw"])
        panel.set_ylim(0, 100)
        panel.grid(alpha=0.3)
    panels[0][0].set_ylabel("% of games (95% CI)")
    panels[0][-1].legend(loc="best", fontsize=8)
    fig.suptitle(f"{results['title']}: results" + (f" by {axes[0]['key']}" if axes else ""), y=1.04)
    names = _save(fig, folder, "rates")
    plt.close(fig)
    return names


def heatmap_plot(results: dict[str, Any], folder: Path) -> list[str]:
    """First player's share of decisive games and draw rate over two swept keys, one row per matchup."""
    plt = _pyplot()
    import numpy as np

    (ka, va), (kb, vb) = ((a["key"], a["values"]) for a in results["axes"][:2])
    matchups = _matchups(results)
    fig, panels = plt.subplots(len(matchups), 2, figsize=(9, 3.4 * len(matchups)), squeeze=False)
    for row, players in zip(panels, matchups):
        for panel, (what, label) in zip(row, (("first_share", "first player's share of decisive games %"), ("draw", "draws %"))):
            grid = np.full((len(va), len(vb)), np.nan)
            for p in _done(results, players):
                value = p["first_share"] if what == "first_share" else p["rates"]["draw"]
                if value is not None:
                    grid[va.index(p["values"][ka]), vb.index(p["values"][kb])] = 100 * value
            image = panel.imshow(grid, cmap="RdBu_r" if what == "first_share" else "Greys", vmin=0, vmax=100,
                                 origin="lower", aspect="auto")
            for i in range(len(va)):
                for j in range(len(vb)):
                    value = grid[i, j]
                    dark = not np.isnan(value) and (abs(value - 50) > 30 if what == "first_share" else value > 55)
                    panel.text(j, i, "-" if np.isnan(value) else f"{value:.0f}", ha="center", va="center", fontsize=8,
                               color="white" if dark else "black")
            panel.set_xticks(range(len(vb)), [str(v) for v in vb])
            panel.set_yticks(range(len(va)), [str(v) for v in va])
            panel.set_xlabel(kb.split(".", 2)[-1])
            panel.set_ylabel(ka.split(".", 2)[-1])
            panel.set_title(f"{players.replace('/', ' vs ')}: {label}", fontsize=9)
            fig.colorbar(image, ax=panel)
    fig.tight_layout()
    names = _save(fig, folder, "heatmap")
    plt.close(fig)
    return names


def _worth_bars(rows: list[dict[str, Any]], dealt: bool) -> tuple[list[float], list[float], list[float]]:
    """Each row's worth in points (dealt or restricted) and how far its 95% interval reaches below and above it."""
    spans = [(100 * a["dealt_effect"], [100 * x for x in a["dealt_interval"]]) if dealt else
             (-100 * a["change"], [-100 * a["interval"][1], -100 * a["interval"][0]]) for a in rows]
    return ([w for w, _ in spans], [max(0.0, w - lo) for w, (lo, _) in spans], [max(0.0, hi - w) for w, (_, hi) in spans])


def abilities_plot(results: dict[str, Any], folder: Path, cards: bool = False) -> list[str]:
    """What each ability (``cards``: each card, ranked by its mean worth over the seats) is worth to each seat: the
    win rate lost without it, with 95% intervals."""
    plt = _pyplot()
    rows = []
    for point in results["points"]:
        if point["status"] != "done":
            continue
        where = ", ".join(f"{k.split('.', 2)[-1]} {v}" for k, v in point["values"].items())
        listed = [a for a in point.get("abilities", []) if a["ability"].startswith(CARD_PREFIX) == cards]
        if cards:
            listed = ranked_cards(listed)
        for ability in listed:
            label = f"{ability['ability']} ({ability['seat_name']})"
            if where or len(_matchups(results)) > 1:
                label += f" @ {where + ' ' if where else ''}{point['players'].replace('/', ' vs ')}"
            rows.append((label, ability))
    if not rows:
        return []
    fig, panel = plt.subplots(figsize=(7, 0.32 * len(rows) + 1.2))
    ys = list(range(len(rows)))[::-1]
    dealt = cards and all("dealt_effect" in a for _, a in rows)  # a game that deals hands: cards ranked by dealt worth
    worth, low, high = _worth_bars([a for _, a in rows], dealt)
    colours = ["#D55E00" if a["seat"] == 1 else "#0072B2" for _, a in rows]
    panel.barh(ys, worth, xerr=[low, high], color=colours, capsize=3, alpha=0.85)
    panel.set_yticks(ys, [label for label, _ in rows])
    panel.axvline(0, color="black", linewidth=0.8)
    for edge in (-10, 10):
        panel.axvline(edge, color="#999999", linewidth=0.8, linestyle="--")
    what = "card" if cards else "ability"
    panel.set_xlabel("points of win rate an opening hand with the card wins more (95% CI)" if dealt else
                     f"points of win rate the seat loses without the {what} (95% CI)")
    panel.set_title(f"{results['title']}: what each {what} is worth" + (", most first" if cards else ""))
    panel.grid(axis="x", alpha=0.3)
    names = _save(fig, folder, "cards" if cards else "abilities")
    plt.close(fig)
    return names


SEAT_COLOURS = ("#D55E00", "#0072B2", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
MAX_FIGURE_POINTS = 12
"""Points the figures plot shows side by side."""


def _label(results: dict[str, Any], point: dict[str, Any]) -> str:
    values = ", ".join(f"{k.split('.', 2)[-1]} {v}" for k, v in point["values"].items())
    players = point["players"].replace("/", " vs ")
    return f"{values}\n{players}" if values else players


def figures_plot(results: dict[str, Any], folder: Path) -> list[str]:
    """The designers' figures of each point side by side: each seat's win rate, how the games unfold (drama,
    decisiveness, forced moves: shares with 95% intervals), and their shape (legal moves a decision, lead changes)."""
    rows = [p for p in results["points"] if p["status"] == "done" and p.get("metrics")][:MAX_FIGURE_POINTS]
    if not rows:
        return []
    plt = _pyplot()
    fig, (wins, shares, counts) = plt.subplots(1, 3, figsize=(max(10.0, 1.3 * len(rows) * 3), 3.6))
    xs = list(range(len(rows)))
    seats = max(len(p["metrics"]["seats"]) for p in rows)
    width = 0.8 / seats
    for seat in range(seats):
        ys, low, high = [], [], []
        for p in rows:
            entry = p["metrics"]["seats"][seat] if seat < len(p["metrics"]["seats"]) else None
            y = 100 * entry["win_rate"] if entry else 0.0
            ys.append(y)
            low.append(max(0.0, y - 100 * entry["win_interval"][0]) if entry else 0.0)
            high.append(max(0.0, 100 * entry["win_interval"][1] - y) if entry else 0.0)
        name = rows[0]["metrics"]["seats"][seat]["name"] if seat < len(rows[0]["metrics"]["seats"]) else f"seat {seat + 1}"
        wins.bar([x + (seat - (seats - 1) / 2) * width for x in xs], ys, width, yerr=[low, high], capsize=3,
                 color=SEAT_COLOURS[seat % len(SEAT_COLOURS)], label=f"{name} (seat {seat + 1})")
    wins.axhline(100 / seats, color="black", linewidth=0.8, linestyle="--")
    wins.set_ylim(0, 100)
    wins.set_ylabel("% of games won (95% CI)")
    wins.set_title("who wins, by seat")
    wins.legend(fontsize=7, loc="upper right")
    kinds = (("drama", "drama_interval", "winner was behind", "#CC79A7"),
             ("decisiveness", None, "moves before it was decided", "#E69F00"),
             ("forced_share", "forced_interval", "forced moves", "#999999"))
    width = 0.8 / len(kinds)
    for i, (key, interval, label, colour) in enumerate(kinds):
        ys = [100 * p["metrics"].get(key, 0.0) for p in rows]
        spans = [p["metrics"].get(interval) if interval else None for p in rows]
        low = [max(0.0, y - 100 * s[0]) if s else 0.0 for y, s in zip(ys, spans)]
        high = [max(0.0, 100 * s[1] - y) if s else 0.0 for y, s in zip(ys, spans)]
        shares.bar([x + (i - 1) * width for x in xs], ys, width, yerr=[low, high], capsize=3, color=colour, label=label)
    shares.set_ylim(0, 100)
    shares.set_ylabel("% (95% CI)")
    shares.set_title("how games unfold")
    shares.legend(fontsize=7, loc="upper right")
    width = 0.4
    branching = [p["metrics"].get("branching", 0.0) for p in rows]
    leads = [p["metrics"].get("lead_changes", 0.0) for p in rows]
    lead_err = [[max(0.0, v - p["metrics"]["lead_changes_interval"][0]) if "lead_changes_interval" in p["metrics"] else 0.0
                 for v, p in zip(leads, rows)],
                [max(0.0, p["metrics"]["lead_changes_interval"][1] - v) if "lead_changes_interval" in p["metrics"] else 0.0
                 for v, p in zip(leads, rows)]]
    counts.bar([x - width / 2 for x in xs], branching, width, color="#0072B2", label="legal moves a decision")
    counts.bar([x + width / 2 for x in xs], leads, width, yerr=lead_err, capsize=3, color="#009E73", label="lead changes a game")
    counts.set_ylim(0, 1.45 * max([*branching, *(v + e for v, e in zip(leads, lead_err[1])), 0.1]))
    counts.set_title("choice and lead")
    counts.legend(fontsize=7, loc="upper right")
    for panel in (wins, shares, counts):
        panel.set_xticks(xs, [_label(results, p) for p in rows], fontsize=7)
        panel.grid(axis="y", alpha=0.3)
    fig.suptitle(f"{results['title']}: the game's figures", y=1.03)
    fig.tight_layout()
    names = _save(fig, folder, "figures")
    plt.close(fig)
    return names


MAX_REASON_ROWS = 6
"""Points a reasons plot shows (one row each)."""
MAX_REASON_PANELS = 3
"""Numbers from the end reasons a reasons plot shows (one panel each: score, survivors, ...)."""
KIND_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#999999")


def reason_panels(results: dict[str, Any]) -> tuple[list[str], list[tuple[dict[str, Any], list[list[tuple[str, Counter[float]]]]]]]:
    """What the reasons plot draws: the panels' names (a number of the end reasons that varies: ``winner's score``,
    ``survivors``), and one row per point, each panel's bars: (kind of ending, value -> games) for each kind holding
    that number."""
    rows = [(p, group_reasons(p.get("reasons", {}), p.get("metrics", {}).get("reason_numbers")))
            for p in results["points"] if p["status"] == "done"][:MAX_REASON_ROWS]
    names: list[str] = []
    for _, kinds in rows:
        for kind in kinds:
            names += [kind.names[i] for i in kind.varying() if kind.names[i] not in names]
    names = names[:MAX_REASON_PANELS]
    return names, [(point, [[(kind.short(), kind.slots[kind.names.index(name)]) for kind in kinds if name in kind.names]
                            for name in names]) for point, kinds in rows]


def reasons_plot(results: dict[str, Any], folder: Path) -> list[str]:
    """Histograms of the numbers in how games ended (a score, survivors, ...), one panel per number that
    varies, bars stacked by kind of ending; one row per point. Nothing when no reason holds a varying number."""
    names, rows = reason_panels(results)
    if not names:
        return []
    plt = _pyplot()
    colours: dict[str, str] = {}
    several = len(_matchups(results)) > 1
    fig, panels = plt.subplots(len(rows), len(names), figsize=(3.6 * len(names) + 1.5, 2.6 * len(rows)), squeeze=False)
    for row, (point, bars) in zip(panels, rows):
        for panel, name, stacked in zip(row, names, bars):
            bottom: dict[float, int] = {}
            width = 0.8 * _step(sorted({x for _, values in stacked for x in values}))
            for kind, values in stacked:
                xs = sorted(values)
                colour = colours.setdefault(kind, KIND_COLOURS[len(colours) % len(KIND_COLOURS)])
                panel.bar(xs, [values[x] for x in xs], bottom=[bottom.get(x, 0) for x in xs], color=colour, width=width,
                          label=kind)
                for x in xs:
                    bottom[x] = bottom.get(x, 0) + values[x]
            panel.set_xlabel(name)
            panel.grid(axis="y", alpha=0.3)
        row[0].set_ylabel("games")
        row[0].set_title(where(results["game"], point["values"], point["players"], several), loc="left", fontsize=9)
    handles = {label: handle for panel in panels.flat for handle, label in zip(*panel.get_legend_handles_labels())}
    fig.legend(list(handles.values()), list(handles), loc="lower center", ncol=1, fontsize=8, bbox_to_anchor=(0.5, -0.02 - 0.05 * len(handles) / len(rows)))
    fig.suptitle(f"{results['title']}: how games ended, by the numbers in their end reasons", y=1.02)
    fig.tight_layout()
    saved = _save(fig, folder, "reasons")
    plt.close(fig)
    return saved


def _step(xs: list[float]) -> float:
    """The smallest gap between neighbouring values (the bar width's unit)."""
    gaps = [b - a for a, b in zip(xs, xs[1:]) if b > a]
    return min(gaps, default=1.0)


def write_plots(results: dict[str, Any], folder: Path) -> list[str]:
    """Every plot that fits the run; returns the file names written."""
    done = [p for p in results["points"] if p["status"] == "done"]
    if not done:
        return []
    names = []
    if len(results["axes"]) <= 1:
        names += rates_plot(results, folder)
    if len(results["axes"]) == 2:
        names += heatmap_plot(results, folder)
    if any(p.get("abilities") for p in done):
        names += abilities_plot(results, folder)
        names += abilities_plot(results, folder, cards=True)
    names += reasons_plot(results, folder)
    names += figures_plot(results, folder)
    return names
