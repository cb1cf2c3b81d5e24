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


def _step(node: Any, part: str, path: list[str]) -> tuple[Any, int | None]:
    """One step of a --set key: a table key, or an entry of an array of tables by name or index (returned)."""
    if isinstance(node, list):
        for i, entry in enumerate(node):
            if isinstance(entry, dict) and (entry.get("name") == part or part == str(i)):
                return entry, i
        names = ", ".join(str(e.get("name", i)) for i, e in enumerate(node) if isinstance(e, dict))
        raise ConfigError("--set", ".".join(path), f"no entry {quoted(part)} (entries: {names})")
    if not isinstance(node, dict):
        raise ConfigError("--set", ".".join(path), f"{quoted(part)} is not inside a table")
    return node.setdefault(part, {}), None


def apply_sets(data: dict[str, Any], sets: tuple[str, ...]) -> dict[str, str]:
    """Apply ``KEY=VALUE`` overrides (``deck.cards.size=bridge`` picks the deck named cards).

    Returns every key set, in each form an error may name it (the entry of an array of tables by its
    index, ``deck[1].size``, or left out, ``deck.size``), to the key as the user wrote it.
    """
    keys: dict[str, str] = {}
    for item in sets:
        path, value = parse_set(item)
        node: Any = data
        plain: list[str] = []
        indexed: list[str] = []
        for part in path[:-1]:
            node, index = _step(node, part, path)
            if index is None:
                plain.append(part)
                indexed.append(part)
            else:
                indexed[-1] += f"[{index}]"
        if not isinstance(node, dict):
            raise ConfigError("--set", ".".join(path), "does not name a key of a table")
        node[path[-1]] = value
        written = ".".join(path)
        for form in (path, [*plain, path[-1]], [*indexed, path[-1]]):
            keys[".".join(form)] = written
    return keys


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
