"""``printkit balance``: checks, the run, and what it prints (cli.py only parses the options)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

from printkit.userinput.text import plural


def balance(request: Any, out: Path, workers: int, scheduler: str | None, resume: bool, echo: Callable[[str], None]) -> int:
    """Run and report; returns the exit code (0 done, 130 stopped early)."""
    from printkit.balance.console import run_lines
    from printkit.balance.execute import connect, disconnect
    from printkit.balance.lab import plan, run
    from printkit.balance.plots import warm_up
    from printkit.balance.progress import Progress
    from printkit.balance.report import write_report
    from printkit.balance.store import save
    from printkit.interrupts import terminate_like_ctrl_c

    checked = plan(request)
    client = connect(scheduler) if scheduler else None
    folder = out / checked.name / "balance"
    try:
        playable = sum(1 for p in checked.planned if p.params is not None)
        warned = set()
        for item in checked.planned:
            if item.params is None:
                place = ", ".join(f"{key.split('.', 2)[-1]} {value}" for key, value in item.point.values)
                line = f"warning: {checked.name} at {place}: {item.note}"
                if line not in warned:  # once per point, not per matchup
                    warned.add(line)
                    echo(line)
        where = f"the Dask cluster at {scheduler}" if client is not None else plural(workers, "worker")
        echo(f"{checked.spec.title}: {plural(playable, 'point')} x {request.games} games on {where}"
             + (" (with restricted play for every ability)" if request.abilities else ""))
        results = run(checked, folder, workers, client, resume, lambda total: Progress(total, stream=sys.stderr),
                      meanwhile=warm_up)
    finally:
        if client is not None:
            disconnect(client)
    try:
        with terminate_like_ctrl_c():
            files = write_report(results, folder)
            results["plots"] = [name for name in files if name != "report.html"]
            save(folder, results)
    except KeyboardInterrupt:
        if results["complete"]:
            raise
        files = []  # Ctrl-C or SIGTERM again while the stopped run's report is drawn: points kept, report left out
    for line in run_lines(results):
        echo(line)
    done, total = results["points_done"], results["points_total"]
    if not results["complete"]:
        echo(f"stopped: {done} of {total} points kept in {folder}/ (printkit balance ... --resume completes the rest)")
        return 130
    echo(f"wrote {folder}/: results.csv, results.json, {', '.join(files)} ({plural(done, 'point')}, {results['seconds']:.1f} s)")
    return 0
