"""The worked example of a rule sheet: a game log replayed by the engine during the build."""

from __future__ import annotations

from importlib import resources
from typing import Any

from printkit.errors import BuildError, PrintkitError
from printkit.rules.game import Rules
from printkit.rules.log import MAX_EXAMPLE_BYTES, parse_log
from printkit.rules.replay import Replay, replay
from printkit.userinput.files import read_bytes, reason
from printkit.userinput.text import quoted


def builtin_examples(game: str) -> list[str]:
    """The game's built-in example logs: ``example.log`` first, then ``example-*.log`` by name."""
    folder = resources.files(f"printkit.games.{game}")
    names = sorted(p.name for p in folder.iterdir() if p.name.startswith("example") and p.name.endswith(".log"))
    return sorted(names, key=lambda n: n != "example.log")


def builtin_text(game: str, name: str = "example.log") -> str:
    """The text of one of the game's built-in example logs."""
    return resources.files(f"printkit.games.{game}").joinpath(name).read_text("utf-8")


def read_configured(game: str, configured: str) -> str:
    """The configured example log's text: a regular UTF-8 file of at most :data:`MAX_EXAMPLE_BYTES`."""
    try:
        return read_bytes(configured, MAX_EXAMPLE_BYTES).decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        why = reason(exc) if isinstance(exc, OSError) else f"not UTF-8 text (byte {exc.start + 1})"
        raise BuildError(f"games.{game}.example_log: cannot read {quoted(configured)}: {why}") from None


def replay_example(rules: Rules[Any, Any], game: str, configured: str) -> tuple[str, Replay[Any, Any]]:
    """The worked example's text and its replay by the engine.

    A log named in the config must replay, or the build fails naming its bad line. Without one,
    the first built-in example the rules accept is used (a small board or a game without ability
    cards needs a different example); the build fails when none replays.
    """
    if configured:
        candidates = [(configured, read_configured(game, configured))]
    else:
        candidates = [(f"printkit/games/{game}/{name}", builtin_text(game, name)) for name in builtin_examples(game)]
    first_error: PrintkitError | None = None
    for source, text in candidates:
        try:
            return text, replay(rules, parse_log(text, source), source)
        except PrintkitError as exc:
            first_error = first_error or exc
    raise BuildError(f"the rule sheet's worked example is illegal under these parameters: {first_error} "
                     f"(set games.{game}.example_log to a log that fits your rules)")
