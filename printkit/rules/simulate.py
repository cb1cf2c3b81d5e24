"""Seeded playouts and their statistics (win rates with 95% Wilson intervals)."""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from printkit.errors import PrintkitError
from printkit.rules.game import Policy, Rules, play_out
from printkit.rules.metrics import TRACED, Trace, ended, figures

RESULTS = ("first", "second", "draw")


def wilson_interval(hits: int, total: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if total == 0:
        return (0.0, 1.0)
    p = hits / total
    denom = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denom
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))

MAXIMUM_PREFIX = "largest_"
"""``extra`` counters named ``largest_...`` hold a maximum over the games (merged by max, not added up)."""


@dataclass
class Tally:
    """What a batch of playouts produced; ``extra`` holds game-specific counters."""

    results: Counter[str] = field(default_factory=Counter)
    lengths: list[int] = field(default_factory=list)
    reasons: Counter[str] = field(default_factory=Counter)
    extra: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    measures: Counter[str] = field(default_factory=Counter)
    """Sums of the designers' figures (printkit/rules/metrics.py) over the games the rules engine traced."""

    def add(self, result: str, length: int, reason: str) -> None:
        """Record one game: ``result`` is first, second or draw (seen from who moved first)."""
        self.results[result] += 1
        self.lengths.append(length)
        self.reasons[reason] += 1

    @property
    def games(self) -> int:
        return len(self.lengths)

    def metrics(self, names: Sequence[str]) -> dict[str, Any]:
        """The designers' figures of the traced games (empty when a fast kernel played them untraced)."""
        return figures(self.measures, len(names), names, wilson_interval)

    def as_json(self) -> dict[str, Any]:
        n = self.games
        return {
            "games": n,
            "results": {k: self.results[k] for k in RESULTS},
            "rates": {k: (self.results[k] / n if n else 0.0) for k in RESULTS},
            "intervals": {k: list(wilson_interval(self.results[k], n)) for k in RESULTS},
            "mean_length": sum(self.lengths) / n if n else 0.0,
            "min_length": min(self.lengths, default=0),
            "max_length": max(self.lengths, default=0),
            "reasons": dict(sorted(self.reasons.items())),
            "extra": dict(sorted(self.extra.items())),
            "counters_per_game": counters_per_game(self.extra, n),
            "seconds": self.seconds,
            "games_per_second": n / self.seconds if self.seconds > 0 else 0.0,
        }


def counters_per_game(extra: Mapping[str, float], games: int) -> dict[str, float]:
    """The game's counters (``extra``: sums over ``games`` games) as means a game; a ``largest_...`` counter is the
    largest of any game, as it is."""
    return {key: value if key.startswith(MAXIMUM_PREFIX) else value / games if games else 0.0
            for key, value in sorted(extra.items())}


def counters_lines(extra: Mapping[str, float], games: int) -> list[str]:
    """The counters as simulate prints them: a heading, then one line each (``    bomb  2.000``)."""
    if not extra:
        return []
    means = counters_per_game(extra, games)
    width = max(len(key) for key in means)
    largest = any(key.startswith(MAXIMUM_PREFIX) for key in means)
    lines = [f"  counters (the rules' counters(): mean a game{'; largest_...: the largest in any game' if largest else ''})"]
    for key, value in means.items():
        lines.append(f"    {key:<{width}}  {value:g}" if key.startswith(MAXIMUM_PREFIX) else f"    {key:<{width}}  {value:.3f}")
    return lines


class GameFailure(PrintkitError):
    """An error in one of a run's seeded games (a kit's rules.py that failed): the error, the game's place in its run
    (``game``, from 0), the run's seed and the game's moves up to the one that failed (log notation), so the game can
    be kept as a log and replayed. ``chunk`` is set where a run's chunks are played (games are counted over them)."""

    def __init__(self, error: BaseException, game: int, moves: tuple[str, ...], seed: int, chunk: int = 0) -> None:
        super().__init__(str(error))
        self.error, self.game, self.moves, self.seed, self.chunk = error, game, moves, seed, chunk
        self.debug = getattr(error, "debug", "")
        """The designer's traceback, for ``printkit --debug``."""

    def __reduce__(self) -> Any:
        return type(self), (self.error, self.game, self.moves, self.seed, self.chunk)

    def number(self, chunk_games: int) -> int:
        """The game's number in the whole run (from 1), its chunks of ``chunk_games`` games each counted."""
        return self.chunk * chunk_games + self.game + 1


def result_of(winner: int | None, first: int | None) -> str:
    """first / second / draw for a winner index and the index of who moved first."""
    if winner is None:
        return "draw"
    return "first" if winner == (first or 0) else "second"


def simulate(
    rules: Rules[Any, Any],
    policies: tuple[Policy, Policy],
    games: int,
    seed: int,
    observe: Callable[[Tally, Any], None] | None = None,
) -> Tally:
    """Play ``games`` seeded games with the generic engine; ``observe`` adds game counters."""
    rng = random.Random(seed)
    tally = Tally()
    start = time.perf_counter()
    players, untraced = len(rules.player_names), []
    trail: list[tuple[Any, Any]] = []
    for number in range(games):
        trail.clear()
        trace = Trace(players, tally.measures) if number < TRACED else None
        try:
            game = play_out(rules, policies, rng, trail=trail, trace=trace)
            assert game.outcome is not None
            if trace is not None:
                trace.end(game.outcome)
            else:
                untraced.append(game.outcome)
            tally.add(result_of(game.outcome.winner, game.first), len(game.moves), game.outcome.reason)
            if observe is not None:
                observe(tally, game)
        except PrintkitError as exc:  # a kit's rules that failed: the game so far goes with the error
            raise GameFailure(exc, number, _notation(rules, trail), seed) from None
    ended(tally.measures, players, untraced)
    tally.seconds = time.perf_counter() - start
    return tally


def _notation(rules: Rules[Any, Any], trail: list[tuple[Any, Any]]) -> tuple[str, ...]:
    """The moves of ``trail`` ((state, move) pairs) in log notation, as far as the rules can write them."""
    written = []
    for state, move in trail:
        try:
            written.append(rules.format_move(state, move))
        except PrintkitError:
            break
    return tuple(written)
