"""Replaying a log through a game's rules, stopping at the first bad line."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Iterable, TypeVar

from printkit.errors import LocatedError, LogError, PrintkitError
from printkit.rules.game import IllegalMove, NotationError, Outcome, Rules
from printkit.rules.log import LogLine
from printkit.userinput.text import quoted

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
    interrupted: bool = False
    """Ctrl-C stopped the replay: ``steps`` hold what was replayed before it."""

    @property
    def final(self) -> S:
        return self.steps[-1].state if self.steps else self.start


def replay(rules: Rules[S, M], lines: Iterable[LogLine], source: str, on_step: Callable[[int], None] | None = None,
           interruptible: bool = False) -> Replay[S, M]:
    """Apply every line in order; raise LogError naming ``source:line`` at the first bad one.

    An error of the rules themselves (a kit's rules.py that fails) is raised naming the line it was met at
    (:class:`LocatedError`), and so is a game that goes on past the rules' ``max_moves`` (as simulate stops it).
    ``on_step`` hears each replayed line's number (progress). With ``interruptible``, Ctrl-C
    (KeyboardInterrupt) ends the replay early: the result holds the steps so far, ``interrupted`` set. An error met at a
    line carries the game replayed before it as its ``replayed`` (:func:`replayed_before`).
    """
    try:
        state = rules.initial_state()
    except LogError:
        raise
    except PrintkitError as exc:
        raise LocatedError(f"{source}: at the start", exc) from None
    result: Replay[S, M] = Replay(start=state)
    try:
        for step in _steps(rules, lines, source, state, on_step):
            result.steps.append(step)
    except KeyboardInterrupt:
        if not interruptible:
            raise
        result.interrupted = True
        return result
    except PrintkitError as exc:
        exc.replayed = result  # type: ignore[attr-defined]
        raise
    where = f"{source}:{result.steps[-1].line.number}" if result.steps else source
    try:
        result.outcome = rules.outcome(result.final)
    except PrintkitError as exc:
        raise LocatedError(where, exc) from None
    limit = getattr(rules, "max_moves", None)
    if result.outcome is None and limit is not None and len(result.steps) >= limit:
        raise LocatedError(where, _endless(rules, result.final, [s.line.text for s in result.steps[-5:]]))
    return result


def replayed_before(exc: BaseException) -> Replay[Any, Any] | None:
    """The game :func:`replay` had replayed before the line ``exc`` was met at (None for another error)."""
    return getattr(exc, "replayed", None)


def _endless(rules: Rules[S, M], state: S, recent: Iterable[str]) -> PrintkitError:
    """The rules' error for a game past its ``max_moves`` (as simulate reports it), ``recent``: its last moves."""
    return rules.endless(state, list(recent))  # type: ignore[attr-defined, no-any-return]


def _steps(rules: Rules[S, M], lines: Iterable[LogLine], source: str, state: S,
           on_step: Callable[[int], None] | None) -> Iterable[Step[S, M]]:
    limit = getattr(rules, "max_moves", None)
    played, recent = 0, deque(maxlen=5)
    for line in lines:
        try:
            if rules.outcome(state) is not None:
                raise LogError(source, line.number, f"move {quoted(line.text)} after the game has ended")
            if limit is not None and played >= limit:
                raise _endless(rules, state, recent)
            move = rules.parse_move(state, line.text)
            state = rules.apply(state, move)
        except NotationError as exc:
            raise LogError(source, line.number, f"cannot read {quoted(line.text)}: {exc}") from None
        except IllegalMove as exc:
            raise LogError(source, line.number, f"illegal move {quoted(line.text)}: {exc}") from None
        except LogError:
            raise
        except PrintkitError as exc:  # the rules' own error (a kit's rules.py), met at this line
            raise LocatedError(f"{source}:{line.number}", exc) from None
        played += 1
        recent.append(line.text)
        yield Step(line, move, state)
        if on_step is not None:
            on_step(line.number)


def replay_json(rules: Rules[S, M], game: Replay[S, M]) -> dict[str, Any]:
    """The replay as JSON data: counts, result, winner, final state and every step."""
    outcome = game.outcome
    winner = None
    if outcome is not None and outcome.winner is not None:
        winner = rules.player_names[outcome.winner]
    data: dict[str, Any] = {
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
    if game.interrupted:
        data["interrupted"] = True
    return data
