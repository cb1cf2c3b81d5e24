"""Errors a user can cause. Only the CLI turns them into messages and exit codes (a long key or value in a message
shortened: :func:`shortened`)."""

from __future__ import annotations

SHOWN = 60
"""The longest prefix of a value a message quotes (then ``…`` and the value's length)."""


def shortened(text: str, limit: int = SHOWN) -> str:
    """``text`` itself when it shows in at most ``limit`` characters (escapes such as ``\\x1b`` counted as
    shown), else the longest start that does, ``…`` and the length: ``xxxx… (100,000 characters)``."""
    width = 0
    for end, char in enumerate(text):
        width += 1 if char.isprintable() else len(repr(char)) - 2
        if width > limit:
            return f"{text[:end]}… ({len(text):,} characters)"
    return text


class PrintkitError(Exception):
    """Root of every error printkit reports to a user (message only, no traceback)."""


class ConfigError(PrintkitError):
    """A configuration value is missing, unknown, of the wrong type or impossible."""

    def __init__(self, source: str, key: str, message: str) -> None:
        self.source, self.key, self.message = source, key, message
        shown = shortened(key, 2 * SHOWN)
        super().__init__(f"{source}: {shown}: {message}" if key else f"{source}: {message}")

    def __reduce__(self) -> tuple[type, tuple[str, str, str]]:
        return type(self), (self.source, self.key, self.message)  # a kit built in a worker process sends it back


class ClashError(ConfigError):
    """A value refused for what other parameters of its table hold (``line_length`` longer than ``board_size``): told
    as the key the user wrote by :func:`printkit.clashes.told_clash`."""


class LogError(PrintkitError):
    """A game log line cannot be parsed or is an illegal move."""

    def __init__(self, source: str, line: int, message: str) -> None:
        self.source, self.line, self.message = source, line, message
        super().__init__(f"{source}:{line}: {message}")

    def __reduce__(self) -> tuple[type, tuple[str, int, str]]:
        return type(self), (self.source, self.line, self.message)


class BuildError(PrintkitError):
    """A kit cannot be built (bad example, unwritable folder, ...)."""


class UnknownGameError(PrintkitError):
    """A game name that is not in the registry."""


class LocatedError(PrintkitError):
    """An error met while reading one place of a file (a log's line: ``game.log:35``), told with the place first; the
    error itself (a rules.py's, with its ``debug`` traceback) is kept as ``error``."""

    def __init__(self, where: str, error: BaseException) -> None:
        super().__init__(f"{where}: {error}")
        self.where, self.error = where, error
        self.debug = getattr(error, "debug", "")

    def __reduce__(self) -> tuple[type, tuple[str, BaseException]]:
        return type(self), (self.where, self.error)
