"""A built-in game's example logs as shipped, and the log ``games.NAME.example_log`` names for its worked example."""

from __future__ import annotations

from importlib import resources

from printkit.errors import BuildError
from printkit.rules.log import MAX_EXAMPLE_BYTES
from printkit.userinput.files import read_bytes, reason
from printkit.userinput.text import quoted


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
