"""The worked example of a rule sheet: a game log replayed by the engine during the build."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from printkit.errors import BuildError, PrintkitError
from printkit.rules.game import Rules
from printkit.rules.log import parse_log
from printkit.rules.replay import Replay, replay


def example_text(game: str, configured: str) -> tuple[str, str]:
    """The example's source name and text: the log the config names, or the game's built-in one."""
    if configured:
        path = Path(configured)
        try:
            return str(path), path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise BuildError(f"games.{game}.example_log: cannot read {str(path)!r}: {reason.lower()}") from None
    text = resources.files(f"printkit.games.{game}").joinpath("example.log").read_text("utf-8")
    return f"printkit/games/{game}/example.log", text


def replay_example(rules: Rules[Any, Any], game: str, configured: str) -> tuple[str, Replay[Any, Any]]:
    """The example's text and its replay; an example the rules reject fails the build, naming the line."""
    source, text = example_text(game, configured)
    try:
        return text, replay(rules, parse_log(text), source)
    except PrintkitError as exc:
        raise BuildError(f"the rule sheet's worked example is illegal under these parameters: {exc} "
                         f"(set games.{game}.example_log to a log that fits your rules)") from None
