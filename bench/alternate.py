"""Two or more printkit installs timed in turn on the same `build --all` jobs: a change measured against its base.

``python bench/alternate.py OTHER/.venv/bin/python [MORE...] [--repeat N] [--json]`` runs, for the Python running
it and each one named, whole ``printkit build --all`` processes from the repository's config.toml, one install after
the other in every round (N rounds, default 11), so a shared machine's load falls on all alike:

- **cold**: into an empty folder;
- **force**: ``--force`` into a folder built once before (previews cached, build records kept);
- **unchanged**: into that folder again, nothing to build.

It prints the median wall time (and the fastest run) and the median CPU time of each, with the load average. Build
each install with ``pip install .`` (an editable install pays its path finder on every start-up; its bytecode is
written first, see :mod:`installed`).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from installed import compile_bytecode  # noqa: E402

CONFIG = Path(__file__).resolve().parent.parent / "config.toml"
MODES = {"cold": ["build", "--all"], "force": ["build", "--all", "--force"], "unchanged": ["build", "--all"]}


def timed(python: str, args: list[str], folder: Path) -> tuple[float, float]:
    """Wall and CPU seconds (with its worker processes) of one printkit process."""
    start = time.perf_counter()
    proc = subprocess.Popen([python, "-m", "printkit", *args], cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"{python} -m printkit {' '.join(args)} failed: {proc.stderr.read().decode() if proc.stderr else ''}")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    argv = sys.argv[1:]
    rounds = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 11
    skip = {i for i, a in enumerate(argv) if a == "--repeat"} | {i + 1 for i, a in enumerate(argv) if a == "--repeat"}
    pythons = [sys.executable, *(a for i, a in enumerate(argv) if i not in skip and not a.startswith("--"))]
    scratch = Path(tempfile.mkdtemp(prefix="printkit-alternate-"))
    try:
        built = {}
        for n, python in enumerate(pythons):
            built[python] = scratch / f"built-{n}"
            built[python].mkdir()
            compile_bytecode(python)
            shutil.copy(CONFIG, built[python] / "config.toml")
            timed(python, MODES["cold"], built[python])
        runs: dict[str, dict[str, list[tuple[float, float]]]] = {mode: {p: [] for p in pythons} for mode in MODES}
        load_before = os.getloadavg()
        for _ in range(rounds):
            for python in pythons:
                cold = Path(tempfile.mkdtemp(dir=scratch))
                shutil.copy(CONFIG, cold / "config.toml")
                runs["cold"][python].append(timed(python, MODES["cold"], cold))
                shutil.rmtree(cold)
                runs["force"][python].append(timed(python, MODES["force"], built[python]))
                runs["unchanged"][python].append(timed(python, MODES["unchanged"], built[python]))
        result = {mode: {python: {"wall_s": round(statistics.median(w for w, _ in got), 3), "min_s": round(min(w for w, _ in got), 3),
                                  "cpu_s": round(statistics.median(c for _, c in got), 3)} for python, got in by.items()}
                  for mode, by in runs.items()}
        result["load"] = {"before": [round(x, 2) for x in load_before], "after": [round(x, 2) for x in os.getloadavg()]}
        if "--json" in argv:
            print(json.dumps(result, indent=2))
            return
        print(f"whole `printkit build --all` processes, {rounds} rounds, installs in turn (median wall, fastest, median CPU)")
        for mode in MODES:
            for python in pythons:
                r = result[mode][python]
                print(f"  {mode:<10} {python:<40} {r['wall_s']:.3f} s (min {r['min_s']:.3f})  {r['cpu_s']:.3f} s CPU")
        print(f"load average before {result['load']['before']}, after {result['load']['after']}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
