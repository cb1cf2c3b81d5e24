"""Work split into fixed-size chunks: each seeded from (seed, point, chunk index), merged in chunk order.

The numbers of a run depend only on the seed, the point and the chunk size, never on how many
workers played the chunks or where: the same seed gives the same tallies with one worker, eight,
or a Dask cluster.
"""

from __future__ import annotations

import dataclasses
import hashlib
import statistics
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable

from printkit.rules.simulate import MAXIMUM_PREFIX, GameFailure, Tally, simulate

CHUNK_GAMES = 1000
"""Games per chunk: small enough for a smooth progress bar and even load, large enough for fast kernels."""

SEAT_WINS = ("seat_1_wins", "seat_2_wins")
"""``extra`` counters of restricted play: games won by the first seat and by the second seat."""


@dataclass(frozen=True)
class Task:
    """One chunk of games of one game, one set of parameters and one pair of named players.

    ``restrict`` = (seat index, ability): that seat never plays the ability while it has another move.
    ``seats`` counts the wins of each seat (``SEAT_WINS``), which restricted play compares.
    """

    game: Any
    """A registered game's name, or a kit folder's KitRef (its code travels with the task)."""
    params: Any
    names: tuple[str, str]
    games: int
    seed: int
    restrict: tuple[int, str] | None = None
    seats: bool = False


def chunk_seed(seed: int, point: str, index: int) -> int:
    """A 63-bit seed for chunk ``index`` of the point named ``point`` (stable across versions and machines)."""
    digest = hashlib.sha256(f"{seed}\x1f{point}\x1f{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & (2**63 - 1)


def split(games: int, size: int = CHUNK_GAMES) -> list[int]:
    """Game counts of the chunks of ``games`` games (all ``size`` but the last)."""
    full, rest = divmod(games, size)
    return [size] * full + ([rest] if rest else [])


def chunk_tasks(template: Task, games: int, seed: int, point: str) -> list[Task]:
    """The chunks of ``games`` games of ``template`` (its ``games`` and ``seed`` are replaced)."""
    return [dataclasses.replace(template, games=n, seed=chunk_seed(seed, point, i)) for i, n in enumerate(split(games))]


def run_task(task: Task) -> Tally:
    """Play one chunk (in whichever process or cluster worker receives it)."""
    from printkit.games import get_game
    from printkit.rules.playouts import play_games

    spec = get_game(task.game)
    if task.restrict is None and not task.seats:
        return play_games(spec, task.params, task.names, task.games, task.seed)
    if spec.restricted_kernel is not None:
        tally = spec.restricted_kernel(task.params, task.names, task.games, task.seed, task.restrict)
        if tally is not None:
            return tally
    from printkit.balance.restrict import restricted_spec

    return paired_games(restricted_spec(spec, task.params, task.names, task.restrict), task.params, task.games, task.seed)


def paired_games(spec: Any, params: Any, games: int, seed: int) -> Tally:
    """Restricted play's chunk on the reference engine (players ``first-seat`` and ``second-seat``), game ``i`` from a
    seed of its own (``chunk_seed(seed, "paired game", i)``). Every group of a point (the full players and each
    restriction) plays game ``i`` from the same seed, so a seat without an ability meets the deals the full players
    met (common random numbers): the difference of two groups' win rates, and so the ranking of abilities and cards,
    varies much less than between independent games (a third of the variance in the `printkit new --rules` game)."""
    from printkit.rules.playouts import policies

    rules, chosen = spec.rules(params), policies(spec, ("first-seat", "second-seat"))
    parts = []
    for number in range(games):
        try:
            parts.append(simulate(rules, chosen, 1, chunk_seed(seed, "paired game", number), observe=spec.observe))
        except GameFailure as failure:
            raise GameFailure(failure.error, number, failure.moves, seed) from None
    return merge(parts)


def merge(tallies: Iterable[Tally]) -> Tally:
    """One tally of chunks, in the order given (lengths are concatenated in that order)."""
    total = Tally()
    for part in tallies:
        total.results.update(part.results)
        total.lengths.extend(part.lengths)
        total.reasons.update(part.reasons)
        for key, value in part.extra.items():
            total.extra[key] = max(total.extra[key], value) if key.startswith(MAXIMUM_PREFIX) else total.extra[key] + value
        total.seconds += part.seconds
        total.measures.update(part.measures)
    total.results = Counter({k: v for k, v in total.results.items() if v})
    return total


def length_spread(tally: Tally) -> float:
    """The standard deviation of game length in moves (0 for fewer than two games)."""
    return statistics.pstdev(tally.lengths) if len(tally.lengths) > 1 else 0.0
