"""report.html: the flags, plots, results table and ability values of a balance run (static, opens from disk)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.balance.plots import write_plots
from printkit.balance.store import write_atomic
from printkit.rules.reasons import reasons_lines

REPORT = "report.html"


def render_report(results: dict[str, Any], plots: list[str]) -> str:
    """The page as text (jinja2 with autoescape: every name from a config is escaped)."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    env = Environment(loader=PackageLoader("printkit.balance", "templates"), autoescape=select_autoescape(default=True),
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["reason_lines"] = reasons_lines
    abilities = [(p, a) for p in results["points"] if p["status"] == "done" for a in p.get("abilities", [])]
    figured = [p for p in results["points"] if p["status"] == "done" and p.get("metrics")]
    return env.get_template("report.html.j2").render(r=results, plots=plots, abilities=abilities, figured=figured)


def write_report(results: dict[str, Any], folder: Path) -> list[str]:
    """The plots and report.html; returns the files written."""
    plots = write_plots(results, folder)
    write_atomic(folder / REPORT, render_report(results, plots).encode())
    return plots + [REPORT]
