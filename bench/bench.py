"""printkit benchmark: warfare build time, random playouts per second, peak memory.

Run with ``python bench/bench.py [--json]``. Build time excludes interpreter start-up and imports
(they are reported apart); playouts run on one core (BLAS threads pinned to 1).
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import json  # noqa: E402
import resource  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

TIC_TAC_TOE = {"board_size": 3, "line_length": 3, "territory_victory": False,
               "abilities": {"bomb": 0, "shield": 0, "convert": 0, "fortress": 0}}


def timed(fn, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    start = time.perf_counter()
    import printkit.games.warfare.kit  # noqa: F401  (the drawing machinery, imported up front)
    from printkit.build import build
    from printkit.config import load_config
    from printkit.games import get_game
    from printkit.params import from_mapping

    imports = time.perf_counter() - start
    config = load_config(None, ())
    with tempfile.TemporaryDirectory() as tmp:
        cold = timed(lambda: build(config, "warfare", Path(tempfile.mkdtemp(dir=tmp))), 7)
        out = Path(tmp) / "warm"
        build(config, "warfare", out)
        warm = timed(lambda: build(config, "warfare", out), 7)
    spec = get_game("warfare")
    rates = {}
    for name, table, games in (("warfare", {}, 100_000), ("tic-tac-toe", TIC_TAC_TOE, 300_000)):
        params = from_mapping(spec.params, table, "bench", "games.warfare")
        spec.fast_simulate(params, 2_000, 0)
        tally = spec.fast_simulate(params, games, 1)
        rates[name] = tally.games / tally.seconds
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    sys.path.insert(0, str(Path(__file__).parent))
    from watch_latency import watch_latency

    watch_times = watch_latency()
    result = {
        "imports_s": round(imports, 3),
        "warfare_build_cold_s": round(statistics.median(cold), 3),
        "warfare_build_warm_s": round(statistics.median(warm), 3),
        "warfare_games_per_s": round(rates["warfare"]),
        "tictactoe_games_per_s": round(rates["tic-tac-toe"]),
        "peak_memory_mib": round(peak_mib, 1),
        "watch_rebuild_s": round(statistics.median(watch_times), 3),
        "cpus": os.cpu_count(),
        "load_average": [round(v, 2) for v in os.getloadavg()],
    }
    if "--json" in sys.argv:
        print(json.dumps(result, indent=2))
        return
    print(f"imports (not counted)            {result['imports_s']:.3f} s")
    print(f"warfare build, no preview cache  {result['warfare_build_cold_s']:.3f} s   (median of 7)")
    print(f"warfare build, previews cached   {result['warfare_build_warm_s']:.3f} s   (target <= 0.5 s)")
    print(f"default warfare playouts         {result['warfare_games_per_s']:,} games/s (target >= 10,000)")
    print(f"tic-tac-toe playouts             {result['tictactoe_games_per_s']:,} games/s (target >= 60,000)")
    print(f"peak memory                      {result['peak_memory_mib']:.1f} MiB")
    print(f"watch: config write to 'built'   {result['watch_rebuild_s']:.3f} s   (median of 7, target <= 1 s)")
    print(f"machine                          {result['cpus']} cpus, load {result['load_average']}")


if __name__ == "__main__":
    main()
