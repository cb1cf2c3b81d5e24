"""Workers stop cleanly: an error in a worker, Ctrl-C (exit 130, "stopped: N of M points kept", --resume completes) and
SIGTERM each end with one line, no traceback, no hang and no process left behind, on the local pool and on Dask.

Each case runs once here; ``tests/balance/test_workers_stress.py`` repeats each at least 50 times (``-m stress``).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.balance.stopping import Ended, assert_one_line_no_traceback, busy_workers, ended, points_done, start, wait_until
from tests.kitrules.helpers import edit, scaffold

SMALL = ["--set", "games.warfare.board_size=4", "--set", "games.warfare.line_length=3"]
SWEEP = ["balance", "--game", "warfare", *SMALL, "--sweep", "games.warfare.abilities.bomb=0..5", "--players", "greedy",
         "--games", "60000"]
POOL = [*SWEEP, "--workers", "2"]


def crashing_kit(folder: Path) -> Path:
    """The scaffold whose play() fails in some games (Storm played once the deck is empty)."""
    kit = scaffold(folder)
    edit(kit / "rules.py", "        action, title = move\n",
         "        action, title = move\n        if title == 'Storm' and not state['deck']:\n            raise RuntimeError('storm')\n")
    return kit


def an_error_in_a_worker(tmp_path: Path, kit: Path, where: list[str]) -> Ended:
    process = start("balance", "--kit", str(kit), "--sweep", "params.goal=5..7", "--games", "4000", *where, "--out", str(tmp_path))
    return ended(process)


def assert_error_line(result: Ended) -> None:
    assert result.code == 1, result.out + result.err
    assert_one_line_no_traceback(result, "error: ")
    assert "in play(): RuntimeError: storm" in result.err


def stopped_by(tmp_path: Path, sig: signal.Signals, whole_group: bool) -> tuple[Ended, Path]:
    """A sweep on two workers stopped by ``sig`` once a point is kept (sent to the whole group, as a terminal's Ctrl-C,
    or to printkit alone)."""
    process = start(*POOL, "--out", str(tmp_path))
    results = tmp_path / "warfare" / "balance" / "results.json"
    wait_until(lambda: points_done(results) >= 1, process)
    if whole_group:
        os.killpg(process.pid, sig)
    else:
        process.send_signal(sig)
    return ended(process), results


def assert_stopped(result: Ended, results: Path, twice: bool = False) -> dict:
    """130, one line, nothing left (``twice``: a second Ctrl-C or SIGTERM that came after the line was said, while
    Python ended, ends the process by the signal itself, which a shell reports as 130 or 143)."""
    assert result.code == 130 or twice and result.code in (-signal.SIGINT, -signal.SIGTERM), result.out + result.err
    assert_one_line_no_traceback(result, "stopped: ")
    data = json.loads(results.read_text())
    assert not data["complete"] and 1 <= data["points_done"] < 6
    assert f"stopped: {data['points_done']} of 6 points kept" in result.out
    return {p["id"]: p["results"] for p in data["points"] if p["status"] == "done"}


def test_an_error_in_a_pool_worker_is_one_line(tmp_path: Path) -> None:
    assert_error_line(an_error_in_a_worker(tmp_path, crashing_kit(tmp_path / "k"), ["--workers", "2"]))


@pytest.mark.parametrize("sig, whole_group", [(signal.SIGINT, True), (signal.SIGTERM, False), (signal.SIGTERM, True)])
def test_a_stopped_pool_keeps_its_points_and_resumes(tmp_path: Path, sig: signal.Signals, whole_group: bool) -> None:
    result, results = stopped_by(tmp_path, sig, whole_group)
    kept = assert_stopped(result, results)
    if sig == signal.SIGINT:
        resumed = subprocess.run([sys.executable, "-m", "printkit", *POOL, "--out", str(tmp_path), "--resume"],
                                 capture_output=True, text=True, timeout=600)
        assert resumed.returncode == 0, resumed.stderr
        final = json.loads(results.read_text())
        assert final["complete"] and all(p["results"] == kept[p["id"]] for p in final["points"] if p["id"] in kept)


@pytest.mark.parametrize("gap, sig", [(0.0, signal.SIGINT), (0.05, signal.SIGINT), (0.3, signal.SIGINT), (0.05, signal.SIGTERM),
                                      (0.3, signal.SIGTERM)])
def test_ctrl_c_twice_still_keeps_the_points_and_says_so(tmp_path: Path, gap: float, sig: signal.Signals) -> None:
    """A second Ctrl-C (or SIGTERM) while the workers are ended, the points saved or the report drawn: the same one
    line (the report may be left out), and --resume completes the run."""
    process = start(*POOL, "--out", str(tmp_path))
    results = tmp_path / "warfare" / "balance" / "results.json"
    wait_until(lambda: points_done(results) >= 1, process)
    os.killpg(process.pid, sig)
    time.sleep(gap)
    try:
        os.killpg(process.pid, sig)
    except ProcessLookupError:  # it had ended already
        pass
    kept = assert_stopped(ended(process), results, twice=True)
    resumed = subprocess.run([sys.executable, "-m", "printkit", *POOL, "--out", str(tmp_path), "--resume"],
                             capture_output=True, text=True, timeout=600)
    assert resumed.returncode == 0, resumed.stderr
    final = json.loads(results.read_text())
    assert final["complete"] and all(p["results"] == kept[p["id"]] for p in final["points"] if p["id"] in kept)


def test_ctrl_c_of_the_issues_command_before_any_point_is_kept(tmp_path: Path) -> None:
    """``printkit balance --game warfare --workers 2 --games 200000``, Ctrl-C while both workers play."""
    process = start("balance", "--game", "warfare", "--workers", "2", "--games", "200000", "--out", str(tmp_path))
    wait_until(lambda: busy_workers(process, 2), process)
    os.killpg(process.pid, signal.SIGINT)
    result = ended(process)
    assert result.code == 130, result.out + result.err
    assert_one_line_no_traceback(result, "stopped: 0 of 1 points kept")


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as made:
        yield made


def test_an_error_on_a_dask_worker_is_one_line_and_the_same_game_as_here(tmp_path: Path, cluster) -> None:
    kit = crashing_kit(tmp_path / "k")
    remote = an_error_in_a_worker(tmp_path, kit, ["--scheduler", cluster.scheduler_address])
    assert_error_line(remote)
    local = an_error_in_a_worker(tmp_path, kit, ["--workers", "1"])
    assert remote.err == local.err  # the first failed game in chunk order, wherever the chunks were played


def test_a_loop_on_a_dask_worker_is_stopped_at_its_time_limit(tmp_path: Path, cluster) -> None:
    """The watchdog of a Dask worker's process stops the call in the worker's thread, naming rules.py's line."""
    kit = scaffold(tmp_path / "k")
    edit(kit / "rules.py", "        action, title = move\n", "        action, title = move\n        while title == 'Storm':\n            pass\n")
    result = ended(start("balance", "--kit", str(kit), "--games", "2000", "--scheduler", cluster.scheduler_address,
                         "--set", "game.time_limit=0.5", "--out", str(tmp_path)))
    assert result.code == 1, result.out + result.err
    assert_one_line_no_traceback(result, "error: ")
    line = next(i for i, text in enumerate((kit / "rules.py").read_text().splitlines(), 1) if "while title == 'Storm'" in text)
    assert any(f"star-race/rules.py:{n} in play(): still running after" in result.err for n in (line, line + 1)), result.err
    assert "past the limit of 0.5 s" in result.err and "of balance --seed 1" in result.err


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_stopped_dask_run_is_one_line(tmp_path: Path, cluster, sig: signal.Signals) -> None:
    process = start(*SWEEP, "--scheduler", cluster.scheduler_address, "--out", str(tmp_path))
    results = tmp_path / "warfare" / "balance" / "results.json"
    wait_until(lambda: points_done(results) >= 1, process)
    os.killpg(process.pid, sig)
    assert_stopped(ended(process), results)
