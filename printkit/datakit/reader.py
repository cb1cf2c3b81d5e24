"""Typed, key-checked reading of a TOML table: every complaint names the file and the dotted key."""

from __future__ import annotations

import math
from typing import Any, Iterator, Mapping

from printkit.errors import ConfigError
from printkit.params import describe

TYPE_NAMES = {str: "a string", bool: "true or false", int: "an integer", float: "a number", list: "a list", dict: "a table"}


class Table:
    """A table of ``source`` at ``prefix``; :meth:`done` rejects the keys nobody asked for."""

    def __init__(self, data: Any, source: str, prefix: str) -> None:
        if not isinstance(data, Mapping):
            raise ConfigError(source, prefix, f"expected a table, got {describe(data)}")
        self.data, self.source, self.prefix = data, source, prefix
        self.used: set[str] = set()

    def key(self, name: str) -> str:
        return f"{self.prefix}.{name}" if self.prefix else name

    def fail(self, name: str, message: str) -> ConfigError:
        return ConfigError(self.source, self.key(name), message)

    def has(self, name: str) -> bool:
        return name in self.data

    def raw(self, name: str, default: Any = None) -> Any:
        self.used.add(name)
        return self.data.get(name, default)

    def get(self, name: str, kind: type, default: Any = ..., choices: tuple[Any, ...] | None = None,
            lo: float | None = None, hi: float | None = None) -> Any:
        """The value of ``name`` as ``kind`` (int is accepted for float), within ``choices`` / ``lo``..``hi``."""
        self.used.add(name)
        if name not in self.data:
            if default is ...:
                raise self.fail(name, "missing (required)")
            return default
        value = self.data[name]
        ok = isinstance(value, kind) and not (kind in (int, float) and isinstance(value, bool))
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value, ok = float(value), True
        if not ok:
            raise self.fail(name, f"expected {TYPE_NAMES.get(kind, kind.__name__)}, got {describe(value)}")
        if kind is float and not math.isfinite(value):
            raise self.fail(name, f"expected a finite number, got {describe(value)}")
        if choices is not None and value not in choices:
            raise self.fail(name, f"expected one of {', '.join(describe(c) for c in choices)}, got {describe(value)}")
        if lo is not None and value < lo or hi is not None and value > hi:
            raise self.fail(name, f"expected {lo:g} to {hi:g}, got {describe(value)}")
        return value

    def table(self, name: str) -> "Table":
        self.used.add(name)
        return Table(self.data.get(name, {}), self.source, self.key(name))

    def tables(self, name: str) -> Iterator["Table"]:
        """The entries of an array of tables (``[[name]]``), each checked to be a table."""
        self.used.add(name)
        items = self.data.get(name, [])
        if isinstance(items, Mapping):
            items = [items]
        if not isinstance(items, list):
            raise self.fail(name, f"expected an array of tables ([[{name}]]), got {describe(items)}")
        for i, item in enumerate(items):
            yield Table(item, self.source, self.key(name) if len(items) == 1 else f"{self.key(name)}[{i}]")

    def done(self, known: tuple[str, ...] = ()) -> None:
        """Refuse keys that were never read (typos: ``fornt``)."""
        for name in sorted(self.data):
            if name not in self.used:
                listed = ", ".join(sorted(set(self.used) | set(known)))
                raise self.fail(name, f"unknown key (known keys: {listed})")
