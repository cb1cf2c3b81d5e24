"""--scheduler on a real Dask LocalCluster (two worker processes): the same numbers as the local run."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from printkit.cli import main

ARGS = ["balance", "--game", "warfare", "--set", "games.warfare.board_size=4", "--set", "games.warfare.line_length=3",
        "--sweep", "games.warfare.abilities.bomb=0,1", "--games", "1200", "--seed", "8"]


def numbers(folder: Path) -> list[dict]:
    data = json.loads((folder / "warfare" / "balance" / "results.json").read_text())
    return [{k: v for k, v in p.items() if k != "games_per_second"} for p in data["points"]]


def test_cluster_run_equals_local_run(tmp_path: Path) -> None:
    from distributed import LocalCluster

    local = CliRunner().invoke(main, [*ARGS, "--workers", "2", "--out", str(tmp_path / "local")], catch_exceptions=False)
    assert local.exit_code == 0, local.output
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        remote = CliRunner().invoke(main, [*ARGS, "--scheduler", cluster.scheduler_address, "--out", str(tmp_path / "dask")],
                                    catch_exceptions=False)
    assert remote.exit_code == 0, remote.output
    assert "on the Dask cluster at tcp://" in remote.output
    assert numbers(tmp_path / "dask") == numbers(tmp_path / "local")
