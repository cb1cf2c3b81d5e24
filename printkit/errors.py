"""Errors a user can cause. Only the CLI turns them into messages and exit codes."""

from __future__ import annotations

from printkit.userinput.text import SHOWN, shortened


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
