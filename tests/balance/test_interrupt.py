"""Ctrl-C / SIGTERM stop cleanly: finished points kept, --resume completes them; simulate prints partial statistics."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

SMALL = ["--set", "games.warfare.board_size=4", "--set", "games.warfare.line_length=3"]


def printkit(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "printkit", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for(check, seconds: float = 300) -> None:
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def points_done(path: Path) -> int:
    try:
        return json.loads(path.read_text())["points_done"]
    except (OSError, ValueError):
        return 0


def test_ctrl_c_keeps_finished_points_and_resume_completes(tmp_path: Path) -> None:
    args = ["balance", "--game", "warfare", *SMALL, "--sweep", "games.warfare.abilities.bomb=0..5", "--players", "greedy",
            "--games", "60000", "--workers", "1", "--out", str(tmp_path)]  # a point takes about a second: Ctrl-C lands mid-run
    results = tmp_path / "warfare" / "balance" / "results.json"
    process = printkit(*args)
    wait_for(lambda: points_done(results) >= 1)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=300)
    assert process.returncode == 130, out + err
    assert "Traceback" not in err and "stopped: " in out and "--resume" in out
    data = json.loads(results.read_text())
    kept = {p["id"]: p["results"] for p in data["points"] if p["status"] == "done"}
    assert not data["complete"] and 1 <= len(kept) < 6
    assert (tmp_path / "warfare" / "balance" / "report.html").is_file()
    resumed = subprocess.run([sys.executable, "-m", "printkit", *args, "--resume"], capture_output=True, text=True, timeout=600)
    assert resumed.returncode == 0, resumed.stderr
    final = json.loads(results.read_text())
    assert final["complete"] and final["points_done"] == 6
    assert all(p["results"] == kept[p["id"]] for p in final["points"] if p["id"] in kept)


def test_simulate_stopped_prints_partial_statistics(tmp_path: Path) -> None:
    from printkit.guard.supervisor import process_cpu

    process = printkit("simulate", "--game", "warfare", *SMALL, "--games", "5000000", "--json")
    wait_for(lambda: (process_cpu(process.pid) or 0) > 3.0)  # CPU time: some chunks played, however busy the machine
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=300)
    assert process.returncode == 130 and "Traceback" not in err
    assert "stopped after" in err
    data = json.loads(out)
    assert 0 < data["games"] < 5000000 and data["games"] % 1000 == 0


INTERRUPTED_LOADING = """
import sys

class Interrupting:
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            raise KeyboardInterrupt
        return None

sys.meta_path.insert(0, Interrupting())
sys.argv = ["printkit", "verify", "--game", "warfare"]
from printkit.launch import main
main()
"""


def test_ctrl_c_while_printkit_loads_stops_like_ctrl_c_later() -> None:
    """Ctrl-C while the command line's modules load, or the guard's before the command starts: exit 130 and one line,
    never a traceback or click's "Aborted!" (exit 1)."""
    for module in ("printkit.cli", "printkit.interrupts"):
        done = subprocess.run([sys.executable, "-c", INTERRUPTED_LOADING.format(module=module)], capture_output=True,
                              text=True, timeout=120)
        assert (done.returncode, done.stderr) == (130, "stopped (Ctrl-C)\n"), module
