"""The engine contract every game implements (in the spirit of OpenSpiel's State).

A ``Rules`` object is built from a game's ``Params``. States are values the rules transform:
``apply`` returns a new state and never changes the one it was given. Chance (dice, who goes
first) is a move of the :data:`CHANCE` player, so a log alone replays a game; secret
simultaneous choices are one move holding both choices.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Protocol, Sequence, TypeVar

CHANCE = -1
"""``current_player`` of a state where chance (a die, a coin) decides the next move."""

S = TypeVar("S")
M = TypeVar("M")


class IllegalMove(ValueError):
    """A move the rules forbid in this state; the message says why (lowercase, no prefix)."""


class NotationError(ValueError):
    """Text that is not a move in the game's notation; the message says what was expected."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended. ``winner`` is a player index (0 or 1) or None for a draw."""

    winner: int | None
    reason: str
    scores: tuple[float, ...] = ()

    @property
    def result(self) -> str:
        return "draw" if self.winner is None else "win"


def result_words(names: Sequence[str], outcome: Outcome, moves: int) -> str:
    """How a game ended, as replay, terminal play and the browser table say it: ``Player 2 wins (REASON) after 15 moves``."""
    if outcome.winner is None:
        return f"draw ({outcome.reason}) after {moves} moves"
    return f"{names[outcome.winner]} wins ({outcome.reason}) after {moves} moves"


class Rules(Protocol[S, M]):
    """What every game's engine offers; see printkit/games/*/engine.py."""

    player_names: tuple[str, str]

    def initial_state(self) -> S: ...

    def current_player(self, state: S) -> int:
        """0 or 1, or CHANCE."""

    def legal_moves(self, state: S) -> Sequence[M]:
        """Every legal move, in a stable order (empty once the game is over)."""

    def chance_outcomes(self, state: S) -> Sequence[tuple[M, float]]:
        """At a CHANCE state: each outcome with its probability."""

    def apply(self, state: S, move: M) -> S:
        """The state after ``move``; raises IllegalMove with the reason."""

    def outcome(self, state: S) -> Outcome | None:
        """None while the game goes on."""

    def first_player(self, state: S) -> int | None:
        """The player who made the first non-chance move (None before it is known)."""

    def format_move(self, state: S, move: M) -> str:
        """The move in log notation, as played from ``state``."""

    def parse_move(self, state: S, text: str) -> M:
        """A move from its notation; raises NotationError or IllegalMove."""

    def render_text(self, state: S) -> str:
        """The position as text, for a terminal."""

    def state_json(self, state: S) -> dict[str, Any]:
        """The position as plain JSON data."""


Policy = Callable[[Any, Any, random.Random], Any]
"""A player: ``policy(rules, state, rng) -> move``."""


def random_policy(rules: Rules[S, M], state: S, rng: random.Random) -> M:
    """A uniformly random legal move (games may offer a better-shaped random player)."""
    moves = rules.legal_moves(state)
    return moves[rng.randrange(len(moves))]


def chance_move(rules: Rules[S, M], state: S, rng: random.Random) -> M:
    """Draw a chance outcome by its probability (rules with ``sample_chance`` draw it themselves: a shuffle
    has too many outcomes to list)."""
    sample = getattr(rules, "sample_chance", None)
    if sample is not None:
        return sample(state, rng)  # type: ignore[no-any-return]
    return drawn(rules.chance_outcomes(state), rng)


def drawn(outcomes: Sequence[tuple[M, float]], rng: random.Random) -> M:
    """One of ``outcomes`` (each with its probability): one ``rng.random()`` against their running total."""
    roll, acc = rng.random(), 0.0
    for move, p in outcomes:
        acc += p
        if roll < acc:
            return move
    return outcomes[-1][0]


@dataclass
class Playout(Generic[S, M]):
    """One finished game: its moves, final state and outcome."""

    moves: list[M] = field(default_factory=list)
    final: S | None = None
    outcome: Outcome | None = None
    first: int | None = None
    rules: Any = None
    """The rules that played it (a game's counters read them)."""


def play_out(
    rules: Rules[S, M],
    policies: tuple[Policy, Policy],
    rng: random.Random,
    state: S | None = None,
    max_moves: int = 100_000,
    trail: list[tuple[S, M]] | None = None,
    trace: Any = None,
) -> Playout[S, M]:
    """Play from ``state`` (default: the start) to the end with one policy per player; ``trail`` (when given) receives
    each move with the state it was played from, before it is played (what failed is there too); ``trace``
    (:class:`printkit.rules.metrics.Trace`) is told every decision and, with the rules' ``score``, the standings."""
    state = rules.initial_state() if state is None else state
    game: Playout[S, M] = Playout(rules=rules)
    max_moves = getattr(rules, "max_moves", max_moves)  # a designer's game states its own limit
    score = getattr(rules, "score", None) if trace is not None else None
    seats = range(len(rules.player_names))
    counting = getattr(rules, "counts_moves", True)  # False: listing a turn's moves costs more than the game
    for _ in range(max_moves):
        result = rules.outcome(state)
        if result is not None:
            game.final, game.outcome, game.first = state, result, rules.first_player(state)
            return game
        player = rules.current_player(state)
        if player == CHANCE:
            move = chance_move(rules, state, rng)
        else:
            if trace is not None:
                trace.decided(player, len(rules.legal_moves(state)) if counting else None)
            move = policies[player](rules, state, rng)
        game.moves.append(move)
        if trail is not None:
            trail.append((state, move))
        state = rules.apply(state, move)
        if score is not None and player != CHANCE:
            trace.stood([score(state, seat) for seat in seats])
    endless = getattr(rules, "endless", None)
    if endless is not None:
        raise endless(state, [rules.format_move(state, m) for m in game.moves[-5:]])
    raise RuntimeError(f"game did not end within {max_moves} moves")
