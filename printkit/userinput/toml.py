"""A TOML file a user wrote and ``--set KEY=VALUE`` items, as data: every problem a ConfigError naming the file or
``--set`` and the key (config.toml and kit.toml read the same way)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from printkit.errors import ConfigError
from printkit.userinput.documents import DocumentError, parse_toml
from printkit.userinput.files import MB, read_bytes, reason
from printkit.userinput.text import LINE_BREAKS, quoted

MAX_TOML_BYTES = MB
"""The largest config.toml or kit.toml read (a complete config.toml is about 8 KB)."""


def parse_set(item: str) -> tuple[list[str], Any]:
    """``a.b.c=VALUE`` into a key path and a TOML value (bare words are strings)."""
    if "=" not in item:
        raise ConfigError("--set", "", f"expected KEY=VALUE, got {quoted(item)}")
    key, text = (part.strip() for part in item.split("=", 1))
    path = key.split(".")
    if not key or any(not p for p in path):
        raise ConfigError("--set", "", f"expected a dotted key such as games.warfare.board_size, got {quoted(key)}")
    try:
        value = parse_toml(f"v = {text}", allow=None)["v"]
    except tomllib.TOMLDecodeError:
        value = text
    except DocumentError as exc:
        raise ConfigError("--set", key + exc.key[1:], exc.message) from None
    return path, value


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML file as data (a regular file of at most :data:`MAX_TOML_BYTES`, strings without control characters
    but tabs and line breaks); unreadable, malformed or unbounded files are ConfigErrors naming the file."""
    try:
        return parse_toml(read_bytes(path, MAX_TOML_BYTES).decode("utf-8"), LINE_BREAKS)
    except OSError as exc:
        raise ConfigError(str(path), "", f"cannot read the file: {reason(exc)}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(str(path), "", f"not valid TOML: {exc}") from None
    except DocumentError as exc:
        raise ConfigError(str(path), exc.key, exc.message) from None
    except UnicodeDecodeError as exc:
        raise ConfigError(str(path), "", f"not UTF-8 text (byte {exc.start + 1} is {exc.object[exc.start]:#04x}): "
                                         "save it as UTF-8") from None
