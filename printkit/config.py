"""Loading ``config.toml`` (plus ``--set`` overrides) into validated, frozen settings."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from printkit.errors import ConfigError
from printkit.games import available, get_game, params_class
from printkit.params import from_mapping
from printkit.press.settings import OLDER_NAMES, PrintSettings
from printkit.userinput.documents import DocumentError, parse_toml
from printkit.userinput.files import MB, read_bytes, reason, resolved
from printkit.userinput.text import LINE_BREAKS, quoted

BUILT_IN = "built-in defaults"
MAX_TOML_BYTES = MB
"""The largest config.toml or kit.toml read (a complete config.toml is about 8 KB)."""


@dataclass(frozen=True)
class Config:
    """The print settings and each game's parameters, with where they came from."""

    source: str
    print: PrintSettings
    raw_games: Mapping[str, Any]

    def game_params(self, name: str) -> Any:
        """The validated Params of one game (defaults where the file says nothing)."""
        return from_mapping(params_class(name), self.raw_games.get(name, {}), self.source, f"games.{name}")


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


def _apply_set(data: dict[str, Any], path: list[str], value: Any) -> None:
    node = data
    for part in path[:-1]:
        child = node.setdefault(part, {})
        if not isinstance(child, dict):
            raise ConfigError("--set", ".".join(path), f"{quoted(part)} is not a table")
        node = child
    node[path[-1]] = value


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


PATH_KEYS = ("example_log",)
"""Game keys that name a file: written in a config file, they stay inside the config's folder."""


def _paths_inside(data: dict[str, Any], path: Path, source: str) -> None:
    """Refuse file paths in a config file that leave its folder; read them from that folder.

    (A path given with ``--set`` is the user's own command line and is taken as written.)
    """
    games = data.get("games")
    for game, table in (games.items() if isinstance(games, dict) else ()):
        for key in PATH_KEYS:
            written = table.get(key) if isinstance(table, dict) else None
            if not isinstance(written, str) or not written.strip():
                continue
            folder = path.resolve().parent
            try:
                target = resolved(folder / written) if "\x00" not in written else None
            except OSError as exc:
                raise ConfigError(source, f"games.{game}.{key}", f"{quoted(written)}: {reason(exc)}") from None
            if target is None or written.startswith("~") or Path(written).is_absolute() or folder not in target.parents:
                raise ConfigError(source, f"games.{game}.{key}", f"{quoted(written)} leads outside the folder of {source} "
                                                                 "(write a path inside it)")
            if folder != Path.cwd().resolve():
                table[key] = os.path.relpath(target)


def load_config(path: str | Path | None, sets: tuple[str, ...] = (), default: str = "config.toml") -> Config:
    """Read ``path`` (or ``./config.toml`` if present, else the built-in defaults) and apply ``sets``."""
    if path is None and Path(default).exists():
        path = default
    data: dict[str, Any] = read_toml(Path(path)) if path is not None else {}
    source = str(path) if path is not None else BUILT_IN
    if path is not None:
        _paths_inside(data, Path(path), source)
    set_keys = set()
    for item in sets:
        keys, value = parse_set(item)
        _apply_set(data, keys, value)
        set_keys.add(".".join(keys))
    try:
        return _validate(data, source)
    except ConfigError as exc:
        if any(k == exc.key or k.startswith(exc.key + ".") for k in set_keys):
            raise ConfigError("--set", exc.key, exc.message) from None
        raise


def _newer_names(table: Any, source: str) -> Any:
    """``[print]`` with keys an earlier printkit wrote under their new names (both given: one clear error)."""
    if not isinstance(table, dict) or not OLDER_NAMES.keys() & table.keys():
        return table
    renamed = dict(table)
    for old, new in OLDER_NAMES.items():
        if old in renamed:
            if new in renamed:
                raise ConfigError(source, f"print.{old}", f"the older name of print.{new}, which is set too: keep print.{new} only")
            renamed[new] = renamed.pop(old)
    return renamed


def _validate(data: dict[str, Any], source: str) -> Config:
    for key in sorted(data):
        if key not in ("print", "games"):
            raise ConfigError(source, key, "unknown table (known: print, games)")
    settings = from_mapping(PrintSettings, _newer_names(data.get("print", {}), source), source, "print")
    games = data.get("games", {})
    if not isinstance(games, dict):
        raise ConfigError(source, "games", "expected a table of games")
    known = available()
    for name in sorted(games):
        if name not in known:
            raise ConfigError(source, f"games.{name}", f"unknown game (known games: {', '.join(known)})")
    config = Config(source, settings, games)
    for name in sorted(games):
        config.game_params(name)
    return config


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        if "\n" in value:
            return '"""\n' + value + '"""'
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return str(value)


def _table_text(name: str, cls: type, doc: str) -> list[str]:
    import dataclasses
    import typing

    hints = typing.get_type_hints(cls)
    defaults = cls()
    lines = [f"[{name}]" + (f"  # {doc}" if doc else "")]
    nested = []
    for fld in dataclasses.fields(cls):
        if dataclasses.is_dataclass(hints[fld.name]):
            nested.append((f"{name}.{fld.name}", hints[fld.name], fld.metadata.get("doc", "")))
            continue
        comment = fld.metadata.get("doc", "")
        lines.append(f"{fld.name} = {_toml_value(getattr(defaults, fld.name))}" + (f"  # {comment}" if comment else ""))
    for sub in nested:
        lines += [""] + _table_text(*sub)
    return lines


def default_config_text() -> str:
    """A complete, commented config.toml holding every default (``printkit config``)."""
    lines = ["# printkit configuration: every key with its default. Edit, then run `printkit build --all`.",
             "# Keys and limits: docs/reference/config-toml.md. Any key may also be set on the command line with --set KEY=VALUE.", ""]
    lines += _table_text("print", PrintSettings, "paper, bleed, marks, duplex, colours")
    for name in available():
        spec = get_game(name)
        lines += ["", *_table_text(f"games.{name}", spec.params, spec.title)]
    return "\n".join(lines) + "\n"
