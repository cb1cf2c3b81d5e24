"""Parallel playouts: games/s of ``simulate`` with 1 and 2 workers (the same chunked, seeded work).

Run with ``python bench/balance.py [--json] [--games N]``. Each configuration runs three times and
the best wall-clock rate counts (the machine is shared; the best run is the least disturbed).
The numbers of every run are checked equal: workers change the speed, never the results.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import json  # noqa: E402

CASES = [("warfare", ("random", "random"), 40_000), ("warfare", ("greedy", "greedy"), 2_000),
         ("ultimate", ("random", "random"), 10_000)]


def measure(game: str, names: tuple[str, str], games: int, workers: int, repeat: int = 3) -> tuple[float, dict]:
    from printkit.balance.simulation import simulate_chunked
    from printkit.games import get_game

    params = get_game(game).params()
    best, results = 0.0, None
    for _ in range(repeat):
        tally, _ = simulate_chunked(game, params, names, games, 1, workers)
        best = max(best, tally.games / tally.seconds)
        assert results is None or results == dict(tally.results), "workers changed the numbers"
        results = dict(tally.results)
    return best, results or {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every case's game count")
    args = parser.parse_args()
    rows = []
    for game, names, games in CASES:
        games = max(2000, int(games * args.scale))
        one, first = measure(game, names, games, 1)
        two, second = measure(game, names, games, 2)
        assert first == second, "1 and 2 workers disagree"
        rows.append({"game": game, "players": "/".join(names), "games": games, "one_worker": round(one),
                     "two_workers": round(two), "speed_up": round(two / one, 2)})
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for row in rows:
        print(f"{row['game']:<9} {row['players']:<14} {row['games']:>7} games: 1 worker {row['one_worker']:>7,} games/s, "
              f"2 workers {row['two_workers']:>7,} games/s  ({row['speed_up']:.2f}x)")


if __name__ == "__main__":
    main()
