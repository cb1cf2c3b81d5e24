"""Replaying a log through a game's rules, stopping at the first bad line."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, Sequence, TypeVar

from printkit.errors import LogError
from printkit.rules.game import IllegalMove, NotationError, Outcome, Rules
from printkit.rules.log import LogLine

S = TypeVar("S")
M = TypeVar("M")


@dataclass
class Step(Generic[S, M]):
    """One replayed line: the move as parsed and the state after it."""

    line: LogLine
    move: M
    state: S


@dataclass
class Replay(Generic[S, M]):
    """A replayed log: the start, every step and the outcome (None if unfinished)."""

    start: S
    steps: list[Step[S, M]] = field(default_factory=list)
    outcome: Outcome | None = None

    @property
    def final(self) -> S:
        return self.steps[-1].state if self.steps else self.start


def replay(rules: Rules[S, M], lines: Sequence[LogLine], source: str) -> Replay[S, M]:
    """Apply every line in order; raise LogError naming ``source:line`` at the first bad one."""
    state = rules.initial_state()
    result: Replay[S, M] = Replay(start=state)
    for line in lines:
        if rules.outcome(state) is not None:
            raise LogError(source, line.number, f"move {line.text!r} after the game has ended")
        try:
            move = rules.parse_move(state, line.text)
            state = rules.apply(state, move)
        except NotationError as exc:
            raise LogError(source, line.number, f"cannot read {line.text!r}: {exc}") from None
        except IllegalMove as exc:
            raise LogError(source, line.number, f"illegal move {line.text!r}: {exc}") from None
        result.steps.append(Step(line, move, state))
    result.outcome = rules.outcome(state)
    return result


def replay_json(rules: Rules[S, M], game: Replay[S, M]) -> dict[str, Any]:
    """The replay as JSON data: counts, result, winner, final state and every step."""
    outcome = game.outcome
    winner = None
    if outcome is not None and outcome.winner is not None:
        winner = rules.player_names[outcome.winner]
    return {
        "moves": len(game.steps),
        "result": outcome.result if outcome else "unfinished",
        "winner": winner,
        "reason": outcome.reason if outcome else None,
        "final": rules.state_json(game.final),
        "steps": [
            {"line": s.line.number, "move": s.line.text, "state": rules.state_json(s.state)}
            for s in game.steps
        ],
    }
