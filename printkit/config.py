"""Loading ``config.toml`` (plus ``--set`` overrides) into validated, frozen settings."""

from __future__ import annotations

import copy
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from printkit.clashes import set_values, told_clash
from printkit.errors import ConfigError
from printkit.games import available, get_game, params_class
from printkit.params import from_mapping, to_mapping
from printkit.press.settings import OLDER_NAMES, PAPERS, PrintSettings
from printkit.userinput.files import reason, resolved
from printkit.userinput.text import quoted
from printkit.userinput.toml import apply_sets, read_toml

BUILT_IN = "built-in defaults"


@dataclass(frozen=True)
class Config:
    """The print settings and each game's parameters, with where they came from."""

    source: str
    print: PrintSettings
    raw_games: Mapping[str, Any]

    def game_params(self, name: str) -> Any:
        """The validated Params of one game (defaults where the file says nothing)."""
        return from_mapping(params_class(name), self.raw_games.get(name, {}), self.source, f"games.{name}")


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
    written = copy.deepcopy(data)
    set_keys = set(apply_sets(data, sets).values())
    try:
        return _validate(data, source)
    except ConfigError as exc:
        clash = _told_clash(exc, written, data, set_keys)
        if clash is not exc:
            raise clash from None
        if any(k == exc.key or k.startswith(exc.key + ".") for k in set_keys):
            raise ConfigError("--set", exc.key, exc.message) from None
        raise


def _told_clash(exc: ConfigError, written: dict[str, Any], data: dict[str, Any], set_keys: set[str]) -> ConfigError:
    """A refusal across the keys of ``[print]`` or of ``[games.NAME]`` told as the key the user wrote (in the file,
    ``written``, or with ``--set``: ``set_keys`` of ``data``), naming the others it rests on and where their values came
    from."""
    table = ".".join(exc.key.split(".")[:2 if exc.key.startswith("games.") else 1])
    name = table.split(".")[-1]

    def check(values: Mapping[str, Any]) -> None:
        if table == "print":
            from_mapping(PrintSettings, _newer_names(values, exc.source), exc.source, table)
        else:
            from_mapping(params_class(name), values, exc.source, table)

    def part(doc: dict[str, Any]) -> Any:
        node: Any = doc
        for step in table.split("."):
            node = node.get(step, {}) if isinstance(node, dict) else {}
        return node if isinstance(node, dict) else {}

    if table != "print" and name not in available():
        return exc
    defaults = to_mapping(PrintSettings() if table == "print" else params_class(name)())
    layers = [(BUILT_IN, "(the default)", defaults), (exc.source, f"from {exc.source}'s [{table}]", part(written)),
              ("--set", "from --set", set_values(table, part(data), set_keys))]
    return told_clash(exc, table, layers, check)


def paper_name(paper: str | None) -> str | None:
    """A paper named in any letter case (``--paper letter``) as the settings name it."""
    return {p.lower(): p for p in PAPERS}[paper.lower()] if paper else None


def load_cli_config(config: str | None, sets: tuple[str, ...], paper: str | None = None) -> Config:
    """The configuration with ``--set`` overrides and ``--paper`` (any letter case) applied last."""
    paper = paper_name(paper)
    extra = (f"print.paper={json.dumps(paper)}",) if paper else ()
    return load_config(config, sets + extra)


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
