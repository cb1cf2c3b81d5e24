"""balance --kit on a Dask cluster started as a user starts one (`dask scheduler`, `dask worker` on localhost):
the kit's rules reach the workers with the task, and the numbers are the local run's."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.kitrules.helpers import cli, scaffold


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def numbers(out: Path) -> list[dict]:
    data = json.loads((out / "star-race" / "balance" / "results.json").read_text())
    return [{k: v for k, v in p.items() if k != "games_per_second"} for p in data["points"]]


def wait_for_workers(address: str, count: int, timeout: float = 300.0) -> None:
    from distributed import Client

    with Client(address, timeout=timeout) as client:
        client.wait_for_workers(count, timeout=timeout)


def test_a_kit_balances_on_a_dask_cluster_with_the_local_numbers(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    args = ["balance", "--kit", str(folder), "--sweep", "params.hand_size=2,3", "--players", "random,greedy/random",
            "--games", "1500", "--seed", "3"]
    local = cli(*args, "--workers", "1", "--out", str(tmp_path / "local"))
    assert local.exit_code == 0, local.output
    # the mcts player on the cluster: its search draws from each chunk's seeded generator, so the numbers are the same
    mcts_args = ["balance", "--kit", str(folder), "--sweep", "params.hand_size=2,3", "--players", "mcts:12/random",
                 "--games", "40", "--seed", "5"]
    local_mcts = cli(*mcts_args, "--workers", "2", "--out", str(tmp_path / "local-mcts"))
    assert local_mcts.exit_code == 0, local_mcts.output
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    dask = str(Path(sys.executable).with_name("dask"))
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    scheduler = subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"], **quiet)
    worker = subprocess.Popen([dask, "worker", address, "--nworkers", "2", "--nthreads", "1", "--no-dashboard"],
                              cwd=tmp_path, **quiet)
    try:
        deadline = time.monotonic() + 300  # generous: a busy machine
        while True:
            try:
                wait_for_workers(address, 2)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        remote = cli(*args, "--scheduler", address, "--out", str(tmp_path / "dask"))
        searched = cli(*mcts_args, "--scheduler", address, "--out", str(tmp_path / "dask-mcts"))
    finally:
        for process in (worker, scheduler):
            process.terminate()
        for process in (worker, scheduler):
            process.wait(timeout=30)
    assert remote.exit_code == 0, remote.output
    assert f"on the Dask cluster at {address}" in remote.output
    assert numbers(tmp_path / "dask") == numbers(tmp_path / "local")
    assert searched.exit_code == 0, searched.output
    assert numbers(tmp_path / "dask-mcts") == numbers(tmp_path / "local-mcts")
