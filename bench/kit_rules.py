"""A designer's game on its plain Python engine: the `printkit new --rules` scaffold.

Run with ``python bench/kit_rules.py [--json] [--seconds S]``. It measures

- random games per second on one core (``simulate``'s playouts in this process, best of three);
- ``balance`` with 1 and 2 local workers on a run of at least ``--seconds`` (default 10 s) of one worker's
  work, each a whole ``printkit balance`` process as a user runs it, as a wall-clock speed-up (the target is
  1.8x on two cores), the numbers checked equal;
- the same balance run on a Dask cluster started as a user starts one (``dask scheduler`` and ``dask worker``
  on localhost, two worker processes): its numbers checked equal to the local run's, its speed-up shown.

The machine is shared: what counts is the ratio in one run, not the absolute rate.
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    import os

    os.environ.setdefault(_var, "1")


def scaffold(folder: Path) -> Path:
    from printkit.datakit.scaffold import scaffold as write

    write(folder, "Star Race", rules=True)
    return folder


def random_rate(folder: Path, games: int = 20_000) -> float:
    from printkit.kitgame.engine import playouts, random_player
    from printkit.kitgame.spec import open_kit

    rules = open_kit(str(folder)).rules()
    best = 0.0
    for _ in range(3):
        tally = playouts(rules, [random_player, random_player], games, 1)
        best = max(best, tally.games / tally.seconds)
    return best


def balance(folder: Path, out: Path, games: int, workers: int | None = None, scheduler: str | None = None) -> tuple[float, Any]:
    """One whole ``printkit balance`` command as a user runs it (start-up, plots and report included)."""
    printkit = str(Path(sys.executable).with_name("printkit"))
    where = ["--scheduler", scheduler] if scheduler else ["--workers", str(workers or 1)]
    command = [printkit, "balance", "--kit", str(folder), "--sweep", "params.hand_size=2..5", "--players",
               "random,greedy/random", "--games", str(games), "--out", str(out), *where]
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    data = json.loads((out / "star-race" / "balance" / "results.json").read_text())
    return seconds, [{k: v for k, v in p.items() if k not in ("games_per_second",)} for p in data["points"]]


def cluster(folder: Path, out: Path, games: int) -> tuple[float, Any]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    dask = str(Path(sys.executable).with_name("dask"))
    quiet: dict[str, Any] = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    processes = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"], **quiet)]
    processes.append(subprocess.Popen([dask, "worker", address, "--nworkers", "2", "--nthreads", "1", "--no-dashboard"], **quiet))
    try:
        from distributed import Client

        for _ in range(120):
            try:
                with Client(address, timeout=5) as client:
                    client.wait_for_workers(2, timeout=60)
                break
            except OSError:
                time.sleep(0.5)
        return balance(folder, out, games, scheduler=address)
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--seconds", type=float, default=10.0, help="one worker's share of the balance run, at least")
    parser.add_argument("--no-dask", action="store_true", help="leave out the Dask cluster run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = scaffold(Path(tmp) / "star-race")
        rate = random_rate(folder)
        games = 2000
        one, first = balance(folder, Path(tmp) / "one", games, 1)
        while one < args.seconds:  # the run is sized to take at least --seconds on one worker
            games = max(games + 1000, int(games * args.seconds / one * 1.15))
            one, first = balance(folder, Path(tmp) / "one", games, 1)
        two, second = balance(folder, Path(tmp) / "two", games, 2)
        assert first == second, "1 and 2 workers disagree"
        row: dict[str, Any] = {"random_games_per_second": round(rate), "balance_games_per_point": games,
                               "balance_one_worker_s": round(one, 2), "balance_two_workers_s": round(two, 2),
                               "speed_up": round(one / two, 2)}
        if not args.no_dask:
            remote, third = cluster(folder, Path(tmp) / "dask", games)
            assert third == first, "the Dask cluster and the local run disagree"
            row.update({"dask_two_workers_s": round(remote, 2), "dask_speed_up": round(one / remote, 2), "dask_same_numbers": True})
    if args.json:
        print(json.dumps(row, indent=2))
        return
    print(f"scaffold game, random players: {row['random_games_per_second']:,} games/s on one core (target 2,000)")
    print(f"balance, 4 points x 2 matchups x {games:,} games: 1 worker {one:.1f} s, 2 workers {two:.1f} s "
          f"({row['speed_up']:.2f}x; target 1.8x), same numbers")
    if "dask_speed_up" in row:
        print(f"  on a Dask cluster (dask scheduler + dask worker --nworkers 2 on localhost): {row['dask_two_workers_s']:.1f} s "
              f"({row['dask_speed_up']:.2f}x), same numbers as the local run")


if __name__ == "__main__":
    main()
