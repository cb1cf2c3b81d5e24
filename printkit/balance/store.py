"""results.json and results.csv of a balance run, each written atomically after every finished point."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from printkit.errors import PrintkitError
from printkit.rules.reasons import group_reasons
from printkit.rules.simulate import RESULTS
from printkit.userinput.files import MB, read_bytes, reason

RESULTS_JSON = "results.json"
RESULTS_CSV = "results.csv"
MAX_RESULTS_BYTES = 50 * MB
"""The largest results.json a resumed run reads."""


class ResumeError(PrintkitError):
    """``--resume`` with nothing to resume, or with other parameters than the stored run."""


def write_atomic(target: Path, data: bytes) -> None:
    """Through a temporary name: a reader (or a kill) never sees half a file."""
    from printkit.userinput.writes import write_file

    write_file(target, data)


def json_bytes(results: dict[str, Any]) -> bytes:
    return (json.dumps(results, indent=2, sort_keys=False) + "\n").encode()


def csv_bytes(results: dict[str, Any]) -> bytes:
    """One row per point (unplayable and unfinished points included, with their status)."""
    keys = [axis["key"] for axis in results["axes"]]
    summary_keys = sorted({k for p in results["points"] for k in p.get("summary", {})})
    reason_keys = sorted({k.kind for p in results["points"] for k in group_reasons(p.get("reasons", {}))})
    header = [*keys, "players", "status", "games"]
    for name in RESULTS:
        header += [name, f"{name}_rate", f"{name}_low", f"{name}_high"]
    header += ["first_share_of_decisive", "mean_length", "sd_length", "min_length", "max_length"]
    header += [f"ended_by_{k}" for k in reason_keys] + [f"summary_{k}" for k in summary_keys] + ["games_per_second", "note"]
    seats = max((len(p.get("metrics", {}).get("seats", [])) for p in results["points"]), default=0)
    header += [f"seat_{s + 1}_{k}" for s in range(seats) for k in SEAT_COLUMNS] + list(FIGURE_COLUMNS)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for point in results["points"]:
        row: list[Any] = [point["values"][k] for k in keys] + [point["players"], point["status"]]
        if point["status"] != "done":
            writer.writerow(row + [""] * (len(header) - len(row) - 1) + [point.get("note", "")])
            continue
        row.append(point["games"])
        for name in RESULTS:
            low, high = point["intervals"][name]
            row += [point["results"][name], f"{point['rates'][name]:.6f}", f"{low:.6f}", f"{high:.6f}"]
        share = point["first_share"]
        row += ["" if share is None else f"{share:.6f}", f"{point['mean_length']:.4f}", f"{point['sd_length']:.4f}",
                point["min_length"], point["max_length"]]
        kinds = {k.kind: k.games for k in group_reasons(point["reasons"])}
        row += [kinds.get(k, 0) for k in reason_keys]
        row += [f"{point['summary'][k]:.6f}" if k in point["summary"] else "" for k in summary_keys]
        row += [f"{point['games_per_second']:.0f}", ""]
        figures = point.get("metrics", {})
        listed = figures.get("seats", [])
        for seat in range(seats):
            row += [_number(listed[seat].get(k)) if seat < len(listed) else "" for k in SEAT_COLUMNS]
        row += [_number(figures.get(k)) for k in FIGURE_COLUMNS]
        writer.writerow(row)
    return out.getvalue().encode()


SEAT_COLUMNS = ("win_rate", "advantage", "score", "margin", "turns")
"""results.csv's columns per seat from the designers' figures (printkit/rules/metrics.py), after the others."""
FIGURE_COLUMNS = ("margin", "draw_rate", "move_limit_stops", "moves", "branching", "forced_share", "lead_changes",
                  "drama", "drama_deficit", "decisiveness")


def _number(value: Any) -> str:
    return "" if value is None else f"{value:.6f}" if isinstance(value, float) else str(value)


def save(folder: Path, results: dict[str, Any]) -> None:
    """Both files, each replaced atomically."""
    write_atomic(folder / RESULTS_JSON, json_bytes(results))
    write_atomic(folder / RESULTS_CSV, csv_bytes(results))


def load_for_resume(folder: Path, run: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The finished points of the stored run (by point id), after checking it had the same parameters."""
    path = folder / RESULTS_JSON
    try:
        stored = json.loads(read_bytes(path, MAX_RESULTS_BYTES))
    except FileNotFoundError:
        raise ResumeError(f"--resume: no {path} to resume (run without --resume first)") from None
    except OSError as exc:
        raise ResumeError(f"--resume: cannot read {path}: {reason(exc)}") from None
    except (ValueError, RecursionError) as exc:
        raise ResumeError(f"--resume: cannot read {path}: {exc}") from None
    before = stored.get("run", {}) if isinstance(stored, dict) else {}
    for key in sorted(set(before) | set(run)):
        if before.get(key) != run.get(key):
            raise ResumeError(f"--resume: {path} was run with other parameters: {key} was "
                              f"{json.dumps(before.get(key))}, now {json.dumps(run.get(key))} (run without --resume to start again)")
    return {p["id"]: p for p in stored.get("points", []) if p.get("status") == "done"}
