"""Engine speed: games/s on one core for every game and every ordered pair of its players.

Run with ``python bench/engines.py [--game NAME ...] [--set KEY=VALUE ...] [--seconds S] [--json]``.
Every figure goes through ``printkit.rules.playouts.play_games``, the path ``simulate`` and
``balance`` take (a game's kernel, its random kernel, or the reference engine). Each pair is first
timed on a few games, then on enough games for about ``--seconds`` (default 2). Targets (issue 10):
random against random >= 2,000 games/s, every pair with a non-random player >= 500 games/s.
``--set`` takes config keys (``games.warfare.board_size=8``) to time other parameter values.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import itertools  # noqa: E402
import json  # noqa: E402
import time  # noqa: E402

RANDOM_TARGET, OTHER_TARGET = 2_000, 500
MAX_GAMES = 200_000


def rate(spec: object, params: object, names: tuple[str, str], seconds: float) -> tuple[int, float]:
    """(games played, games/s by wall clock) for one pair, sized to take about ``seconds``."""
    from printkit.rules.playouts import play_games

    play_games(spec, params, names, 2, 0)  # warm-up: imports and numba's compiled-code cache are not playout speed
    games, elapsed = 20, 0.0
    while True:
        start = time.perf_counter()
        play_games(spec, params, names, games, 1)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds / 4 or games >= MAX_GAMES:
            break
        games = min(MAX_GAMES, max(games * 2, int(games * seconds / max(elapsed, 1e-3))))
    return games, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--set", action="append", default=[], dest="sets", metavar="KEY=VALUE", help="config override")
    parser.add_argument("--seconds", type=float, default=2.0, help="about how long to time each pair")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()

    from printkit.config import load_config
    from printkit.games import available, get_game

    config = load_config(None, tuple(args.sets))
    rows = []
    for name in args.game or available():
        spec = get_game(name)
        params = config.game_params(name)
        for names in itertools.product(sorted(spec.players), repeat=2):
            games, per_second = rate(spec, params, names, args.seconds)
            target = RANDOM_TARGET if names == ("random", "random") else OTHER_TARGET
            rows.append({"game": name, "players": ",".join(names), "games": games,
                         "games_per_second": round(per_second), "target": target, "ok": per_second >= target})
            if not args.json:
                row = rows[-1]
                mark = "ok" if row["ok"] else "BELOW"
                print(f"{name:<13} {row['players']:<20} {row['games_per_second']:>9,} games/s  "
                      f"(target >= {target:,}) {mark}", flush=True)
    if args.json:
        print(json.dumps({"pairs": rows, "load_average": [round(v, 2) for v in os.getloadavg()]}, indent=2))
    else:
        print(f"load average {' '.join(f'{v:.2f}' for v in os.getloadavg())} (figures are wall clock on one core)")


if __name__ == "__main__":
    main()
