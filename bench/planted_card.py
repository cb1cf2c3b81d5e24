"""The planted card of issue 31 (the scaffold's deck with Gift: free, three stars, two copies), looked at two ways.

``python bench/planted_card.py [--players greedy] [--games N] [--seeds S] [--workers W]``:

- **Forced plays under restricted play.** The scaffold's rules let a player discard only when they can afford no
  card in hand, and a free card is always affordable: a seat restricted from Gift (never plays it while it has
  another move) must still play it whenever nothing else in its hand is affordable. For each card, the share of the
  games in which the restricted seat held it that it had to play it anyway (seat 1 restricted, seat 2 in full).
- **The opening-hand effect.** Each seat's result (a win 1, a draw 1/2) in the games whose opening hand held the card
  against those whose did not, both seats in full (the shuffle alone decides the deal, so the difference is the
  effect of being dealt the card: Magic players' "opening hand win rate", 17lands' OH WR), with its 95% interval
  (normal approximation) and the cards ranked by it, for ``--seeds`` seeds: how often Gift ranks first.

Every game is seeded (``random.Random(seed * 1_000_003 + game)``); ``--workers`` processes play them.
"""

from __future__ import annotations

import argparse
import math
import random
import resource
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import Any

PLANTED = "Gift,,,3,,,Event,#B8860B,star,Gain 3 :star:.,2\n"
"""The overpowered card planted in the scaffold's deck: free, three stars (bench/mcts.py's ``cards`` plants the same)."""


@lru_cache(maxsize=1)
def planted_kit() -> tuple[Any, Any, Any]:
    """(spec, rules, setup) of a fresh ``printkit new --rules`` kit with Gift added to its deck (once per process)."""
    from printkit.kitgame.spec import open_kit

    folder = Path(tempfile.mkdtemp()) / "star-race"
    subprocess.run([sys.executable, "-m", "printkit", "new", str(folder), "--rules"], check=True, capture_output=True)
    with (folder / "cards.csv").open("a") as deck:
        deck.write(PLANTED)
    kit = open_kit(str(folder))
    return kit.spec, kit.rules(), kit.setup


def _players(name: str, restricted: str | None) -> tuple[Any, Any]:
    """The two seats' players: ``name`` on both, seat 1 restricted from ``restricted`` (a card's title) if given."""
    from printkit.balance.restrict import game_abilities, without
    from printkit.rules.playouts import resolve

    spec, _, setup = planted_kit()
    full = resolve(spec.players, name, "star-race")
    if restricted is None:
        return full, full
    uses = game_abilities(spec, setup)[f"card: {restricted}"]
    return (full.without(uses) if hasattr(full, "without") else without(full, uses)), full


def one_game(job: tuple[str, str | None, int, int]) -> dict[str, Any]:
    """Game ``number`` of ``seed``: each seat's opening hand, the result of each seat, and (restricted) whether seat 1
    held the card and how often it played it."""
    from printkit.rules.game import CHANCE, chance_move

    name, restricted, seed, number = job
    rules = planted_kit()[1]
    players = _players(name, restricted)
    rng = random.Random(seed * 1_000_003 + number)
    state, opening, held, forced = rules.initial_state(), None, False, 0
    while rules.outcome(state) is None:
        if rules.current_player(state) == CHANCE:
            state = rules.apply(state, chance_move(rules, state, rng))
            continue
        if opening is None:
            opening = [sorted({card.title for card in hand}) for hand in state["hands"]]
        seat = state["to_move"]
        move = players[seat](rules, state, rng)
        if restricted is not None and seat == 0:
            held = held or any(card.title == restricted for card in state["hands"][0])
            forced += move == ("play", restricted)
        state = rules.apply(state, move)
    winner = rules.outcome(state).winner
    return {"opening": opening, "results": [0.5 if winner is None else float(winner == s) for s in (0, 1)],
            "held": held, "forced": forced}


def opening_effects(rows: list[dict[str, Any]], titles: list[str]) -> list[tuple[str, float, float]]:
    """(card, effect, half-width of its 95% interval), highest effect first (see the module docstring)."""
    found = []
    for title in titles:
        sums = {True: [0.0, 0], False: [0.0, 0]}
        for row in rows:
            for seat in (0, 1):
                entry = sums[title in row["opening"][seat]]
                entry[0] += row["results"][seat]
                entry[1] += 1
        (a, na), (b, nb) = sums[True], sums[False]
        if not na or not nb:
            continue
        pa, pb = a / na, b / nb
        found.append((title, pa - pb, 1.96 * math.sqrt(pa * (1 - pa) / na + pb * (1 - pb) / nb)))
    return sorted(found, key=lambda item: -item[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="greedy", help="both seats' player (greedy, random, mcts:easy ...)")
    parser.add_argument("--games", type=int, default=2000, help="games a seed (the opening-hand effect)")
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--forced-games", type=int, default=1000, help="restricted games a card (forced plays); 0: skip")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    rules = planted_kit()[1]
    titles = sorted({card.title for card in rules.initial_state()["deck"]})
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        if args.forced_games:
            for title in titles:
                rows = list(pool.map(one_game, [(args.players, title, 0, n) for n in range(args.forced_games)], chunksize=16))
                held = [row for row in rows if row["held"]]
                forced = sum(1 for row in held if row["forced"])
                print(f"restricted from {title}: seat 1 held it in {len(held)} of {len(rows)} games and had to play it in "
                      f"{forced} of them ({100 * forced / max(len(held), 1):.0f}%)", flush=True)
        first = 0
        for seed in range(1, args.seeds + 1):
            rows = list(pool.map(one_game, [(args.players, None, seed, n) for n in range(args.games)], chunksize=16))
            ranked = opening_effects(rows, titles)
            first += ranked[0][0] == "Gift"
            shown = ", ".join(f"{title} {100 * effect:+.1f} (±{100 * half:.1f})" for title, effect, half in ranked[:3])
            print(f"seed {seed}: opening-hand effect, {args.games} games of {args.players}: {shown}", flush=True)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)  # the workers, finished: their CPU whatever the machine's load
    print(f"Gift ranks first in {first} of {args.seeds} seeds; {time.perf_counter() - start:.0f} s by the wall clock, "
          f"{used.ru_utime + used.ru_stime:.0f} CPU seconds in {args.workers} workers")


if __name__ == "__main__":
    main()
