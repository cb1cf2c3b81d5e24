"""SiTTeRS playouts per second for each pair of players, on one core.

Run with ``python bench/engines_sitters.py [--json] [--games N] [--reference]``. Every pair plays
through ``printkit.rules.playouts.play_games`` (the engine ``simulate`` uses: sitters' compiled
kernel), after a warm-up that loads or compiles it. ``--reference`` also times the reference
engine on a few hundred games. Rates are games per second of this process's CPU time (the machine
may be shared) and of wall time.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import time  # noqa: E402
from typing import Any, Callable  # noqa: E402

PAIRS = (("random", "random"), ("basic", "basic"), ("basic", "random"), ("random", "basic"))
VARIANTS: dict[str, dict[str, Any]] = {
    "default": {},
    "d8": {"die_sides": 8},
    "d10": {"die_sides": 10},
    "d12": {"die_sides": 12},
    "d20": {"die_sides": 20},
    "d4, 2 containers each": {"die_sides": 4, "containers_per_player": 2},
    "3 collectors, 4 obstructors placed": {"collectors": 3, "obstructors": 4},
    "d2, 7 collectors": {"die_sides": 2, "collectors": 7},
    "d20, 7 collectors, no containers": {"die_sides": 20, "collectors": 7, "containers_per_player": 0},
}
"""The default rules, each die size from 8 up, and the extremes: the smallest die with the most
collectors (the longest games), the largest with an empty board."""


def rate(play: Callable[[int], Any], games: int) -> dict[str, float]:
    """Games per CPU second and per wall second of ``play(games)``."""
    cpu, wall = time.process_time(), time.perf_counter()
    play(games)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"cpu": games / cpu, "wall": games / wall}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--reference", action="store_true", help="also time the reference engine")
    args = parser.parse_args()

    from printkit.games import get_game
    from printkit.params import from_mapping
    from printkit.rules.playouts import play_games, policies
    from printkit.rules.simulate import simulate

    spec = get_game("sitters")
    figures: dict[str, dict[str, dict[str, float]]] = {}
    for variant, table in VARIANTS.items():
        params = from_mapping(spec.params, table, "bench", "games.sitters")
        play_games(spec, params, ("random", "random"), 20, 0)  # load or compile the kernel
        for names in PAIRS:
            label = ",".join(names)
            row = figures.setdefault(f"{variant}: {label}", {})
            row["kernel"] = rate(lambda n: play_games(spec, params, names, n, 1), args.games)
            if args.reference:
                chosen = policies(spec, names)
                row["reference"] = rate(lambda n: simulate(spec.rules(params), chosen, n, 1,
                                                           observe=spec.observe), 200)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"{'sitters games/s (one core)':48} {'cpu':>9} {'wall':>9}" + (f" {'ref cpu':>9}" if args.reference else ""))
    for label, row in figures.items():
        line = f"{label:48} {row['kernel']['cpu']:9.0f} {row['kernel']['wall']:9.0f}"
        if args.reference:
            line += f" {row['reference']['cpu']:9.0f}"
        print(line)


if __name__ == "__main__":
    main()
