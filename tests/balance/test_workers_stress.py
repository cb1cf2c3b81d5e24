"""The stress run of test_workers_stop.py: each way of stopping repeated 50 times, at moments drawn at random (a seeded
generator), on the local pool and on Dask. Part of the deep suite: ``sh scripts/test -m stress tests/balance``."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.balance.stopping import assert_one_line_no_traceback, busy_workers, ended, start, wait_until
from tests.balance.test_workers_stop import POOL, SWEEP, an_error_in_a_worker, assert_error_line, crashing_kit

pytestmark = pytest.mark.stress

REPEATS = int(os.environ.get("PRINTKIT_STRESS_REPEATS", "50"))
"""Each case's repetitions (at least 50 in the deep suite; fewer only to try the test itself)."""


def stop_at_random(tmp_path: Path, args: list[str], sig: signal.Signals, whole_group: bool, rng: random.Random,
                   workers: int) -> tuple[int, str]:
    """Start ``args``, wait until ``workers`` workers play, wait a random moment more, send ``sig``: the points kept and
    the stop line, after checking the command ended as it should."""
    out = tmp_path / f"run-{rng.random():.12f}"
    process = start(*args, "--out", str(out))
    results = out / "warfare" / "balance" / "results.json"
    wait_until(lambda: results.is_file() and (not workers or busy_workers(process, workers)), process)
    time.sleep(rng.uniform(0.0, 1.5))
    if whole_group:
        os.killpg(process.pid, sig)
    else:
        process.send_signal(sig)
    result = ended(process)
    assert result.code == 130, result.out + result.err
    assert_one_line_no_traceback(result, "stopped: ")
    data = json.loads((out / "warfare" / "balance" / "results.json").read_text())
    assert f"stopped: {data['points_done']} of 6 points kept" in result.out
    return data["points_done"], str(out)


@pytest.mark.parametrize("sig, whole_group", [(signal.SIGINT, True), (signal.SIGTERM, False), (signal.SIGTERM, True)])
def test_stopping_the_pool_again_and_again(tmp_path: Path, sig: signal.Signals, whole_group: bool) -> None:
    rng = random.Random(f"pool {sig} {whole_group}")
    for attempt in range(REPEATS):
        kept, out = stop_at_random(tmp_path, POOL, sig, whole_group, rng, 2)
        if attempt % 10 == 0 and sig == signal.SIGINT:
            resumed = subprocess.run([sys.executable, "-m", "printkit", *POOL, "--out", out, "--resume"], capture_output=True,
                                     text=True, timeout=600)
            assert resumed.returncode == 0 and "Traceback" not in resumed.stderr, resumed.stderr


def test_an_error_in_a_pool_worker_again_and_again(tmp_path: Path) -> None:
    kit = crashing_kit(tmp_path / "k")
    for attempt in range(REPEATS):
        assert_error_line(an_error_in_a_worker(tmp_path / str(attempt), kit, ["--workers", "2"]))


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as made:
        yield made


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_stopping_a_dask_run_again_and_again(tmp_path: Path, cluster, sig: signal.Signals) -> None:
    rng = random.Random(f"dask {sig}")
    for _ in range(REPEATS):
        stop_at_random(tmp_path, [*SWEEP, "--scheduler", cluster.scheduler_address], sig, True, rng, 0)


def test_an_error_on_dask_again_and_again(tmp_path: Path, cluster) -> None:
    kit = crashing_kit(tmp_path / "k")
    for attempt in range(REPEATS):
        assert_error_line(an_error_in_a_worker(tmp_path / str(attempt), kit, ["--scheduler", cluster.scheduler_address]))
