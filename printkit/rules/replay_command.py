"""``printkit replay``: a log replayed with progress on a terminal, printed as boards or JSON; Ctrl-C stops
cleanly with what was replayed so far (exit code 130)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from printkit.errors import LocatedError, PrintkitError
from printkit.rules.game import Rules, result_words
from printkit.rules.log import stream_log
from printkit.rules.progress import ProgressLine
from printkit.rules.replay import Replay, replay, replay_json, replayed_before
from printkit.rules.simulate import Tally

INTERRUPTED = 130
"""Exit code after Ctrl-C (128 + SIGINT, as shells report it)."""


def replay_file(rules: Rules[Any, Any], log: str, progress: ProgressLine) -> Replay[Any, Any]:
    """The log replayed, a progress line kept up to date (line, share of the file read); Ctrl-C ends it early."""
    try:
        size = Path(log).stat().st_size
    except OSError:
        size = 0
    moves = [0]

    def position(read: int) -> None:
        share = f", {100 * read / size:.0f}% read" if size else ""
        progress.update(f"replaying {log}: {moves[0]:,} moves{share} (Ctrl-C stops)")

    def step(line: int) -> None:
        moves[0] += 1

    try:
        return replay(rules, stream_log(log, position), log, on_step=step, interruptible=True)
    finally:
        progress.clear()


def run(rules: Rules[Any, Any], log: str, as_json: bool, echo: Callable[..., Any], progress: ProgressLine | None = None) -> int:
    """Replay ``log`` and print it; the exit code (0, or 130 after Ctrl-C). A line the rules refuse: the positions
    before it are printed (as boards), then its error is raised; an empty log is an error naming it."""
    try:
        played = replay_file(rules, log, progress or ProgressLine())
    except PrintkitError as exc:
        before = replayed_before(exc)
        if before is not None and not as_json:
            _boards(rules, log, before, echo)
        raise
    if not played.steps and not played.interrupted and _empty(log):
        raise PrintkitError(f"{log}: no moves to replay: the file is empty")
    _counted(rules, log, played)
    try:
        _print(rules, log, played, as_json, echo)
    except KeyboardInterrupt:
        echo("\ninterrupted (Ctrl-C)", err=True)
        return INTERRUPTED
    return INTERRUPTED if played.interrupted else 0


def _empty(log: str) -> bool:
    """Whether the log holds nothing but white space (one holding # comments, as `play --log` writes a game ended
    before its first move, replays as a game of 0 moves)."""
    try:
        return not Path(log).read_bytes().strip()
    except OSError:
        return False


def _counted(rules: Rules[Any, Any], log: str, played: Replay[Any, Any]) -> None:
    """A finished game's counters, as simulate adds them up (a kit's ``counters()``): their error names the log's last
    line, so a game simulate kept for a failing ``counters()`` replays to the same error."""
    count = getattr(rules, "count", None)
    if count is None or played.outcome is None or played.interrupted:
        return
    try:
        count(Tally(), played.final)
    except PrintkitError as exc:
        raise LocatedError(f"{log}:{played.steps[-1].line.number}" if played.steps else log, exc) from None


def _print(rules: Rules[Any, Any], log: str, played: Replay[Any, Any], as_json: bool, echo: Callable[..., Any]) -> None:
    if as_json:
        echo(json.dumps(replay_json(rules, played), indent=2))
    else:
        _boards(rules, log, played, echo)
        echo(f"\n{_result(rules, played)}")
    if played.interrupted:
        last = f", up to line {played.steps[-1].line.number}" if played.steps else ""
        echo(f"interrupted (Ctrl-C): replayed {len(played.steps)} moves{last}; the rest of {log} was not replayed", err=True)


def _boards(rules: Rules[Any, Any], log: str, played: Replay[Any, Any], echo: Callable[..., Any]) -> None:
    """The start and the board after each replayed line."""
    echo(rules.render_text(played.start))
    for step in played.steps:
        echo(f"\n{log}:{step.line.number}: {step.line.text}")
        echo(rules.render_text(step.state))


def _result(rules: Rules[Any, Any], played: Replay[Any, Any]) -> str:
    outcome = played.outcome
    moves = len(played.steps)
    if played.interrupted:
        return f"interrupted after {moves} moves"
    if outcome is None:
        return f"unfinished after {moves} moves"
    return f"result: {result_words(rules.player_names, outcome, moves)}"
