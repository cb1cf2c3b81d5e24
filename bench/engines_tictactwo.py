"""Tic Tac Two playouts per CPU second on one core, per player pair and parameter set.

Run with ``python bench/engines_tictactwo.py [--reference] [--seconds S] [--json]``. Games go through
``printkit.rules.playouts.play_games`` (what ``simulate`` and ``balance`` use: the bitboard kernel);
``--reference`` also times the reference engine (``printkit.rules.simulate.simulate``) for comparison.
Each figure plays for about ``--seconds`` after a short warm-up.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any, Callable

PAIRS = (("random", "random"), ("uniform", "uniform"), ("greedy", "greedy"), ("greedy", "random"), ("uniform", "greedy"))
SETS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("default", {}),
    ("void", {"void": True}),
    ("meta+void, 4 each", {"meta": True, "void": True, "actions_each": 4}),
    ("3x3, line 3", {"board_size": 3, "line_length": 3}),
    ("5x5, line 4, 2 each", {"board_size": 5, "line_length": 4, "actions_each": 2}),
    ("5x5, line 4", {"board_size": 5, "line_length": 4}),
    ("6x6, line 4", {"board_size": 6, "line_length": 4}),
    ("8x8, line 4", {"board_size": 8, "line_length": 4}),
    ("8x8, line 8", {"board_size": 8, "line_length": 8}),
    ("8x8, line 3, meta, 6 each", {"board_size": 8, "line_length": 3, "meta": True, "actions_each": 6}),
    # the slowest settings found by a sweep over every board, line, draft and variation
    ("8x8, line 5, meta, 6 each", {"board_size": 8, "line_length": 5, "meta": True, "actions_each": 6}),
    ("8x8, line 6, 3 each", {"board_size": 8, "line_length": 6}),
    ("8x8, line 6, meta+void, 6 each", {"board_size": 8, "line_length": 6, "meta": True, "void": True, "actions_each": 6}),
    ("8x8, line 8, meta+void, 6 each", {"board_size": 8, "line_length": 8, "meta": True, "void": True, "actions_each": 6}),
)


def rate(play: Callable[[int, int], Any], seconds: float) -> float:
    """Games per CPU second of ``play(games, seed)``, sized from a warm-up run to last about ``seconds``
    (CPU time of this process, so that other jobs on the machine weigh less)."""
    start = time.process_time()
    play(5, 0)
    guess = 5 / max(time.process_time() - start, 1e-6)
    games = max(5, int(guess * seconds))
    start = time.process_time()
    play(games, 1)
    return games / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", action="store_true", help="also time the reference engine")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per figure")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()

    from printkit.games import get_game, params_class
    from printkit.rules.playouts import play_games, policies
    from printkit.rules.simulate import simulate

    SPEC, Params = get_game("tictactwo"), params_class("tictactwo")
    rows = []
    for label, changes in SETS:
        params = Params(**changes)
        for pair in PAIRS:
            row = {"params": label, "players": ",".join(pair),
                   "games_per_second": rate(lambda g, s: play_games(SPEC, params, pair, g, s), args.seconds)}
            if args.reference:
                chosen = policies(SPEC, pair)
                row["reference_games_per_second"] = rate(
                    lambda g, s: simulate(SPEC.rules(params), chosen, g, s, observe=SPEC.observe), args.seconds)
            rows.append(row)
            if not args.json:
                ref = f"  (reference {row['reference_games_per_second']:8.1f})" if args.reference else ""
                print(f"{label:28s} {row['players']:16s} {row['games_per_second']:9.1f} games/s{ref}", flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
