"""Typed, key-checked reading of a TOML table: every complaint names the file and the dotted key."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from printkit.errors import ConfigError
from printkit.params import bound, describe
from printkit.userinput.text import unknown_key

if TYPE_CHECKING:
    from printkit.datakit.keys import Key

TYPE_NAMES = {str: "a string", bool: "true or false", int: "an integer", float: "a number", list: "a list", dict: "a table"}
KINDS = {"integer": int, "number": float, "boolean": bool}
"""Python types of the declared key types (every other declared type is read as a string)."""


class Table:
    """A table of ``source`` at ``prefix``; :meth:`done` rejects the keys nobody asked for.

    With ``keys`` (the table's declarations in :mod:`printkit.datakit.keys`) every key read must be declared:
    the loader cannot accept a key the reference and the JSON Schema do not know.
    """

    def __init__(self, data: Any, source: str, prefix: str, keys: Mapping[str, Key] | None = None) -> None:
        if not isinstance(data, Mapping):
            raise ConfigError(source, prefix, f"expected a table, got {describe(data)}")
        self.data, self.source, self.prefix, self.keys = data, source, prefix, keys
        self.used: set[str] = set()

    def _read(self, name: str) -> None:
        if self.keys is not None and name not in self.keys:
            raise LookupError(f"{self.key(name) or name}: read by the kit.toml loader but not declared in printkit/datakit/keys.py")
        self.used.add(name)

    def key(self, name: str) -> str:
        return f"{self.prefix}.{name}" if self.prefix else name

    def fail(self, name: str, message: str) -> ConfigError:
        return ConfigError(self.source, self.key(name), message)

    def has(self, name: str) -> bool:
        return name in self.data

    def raw(self, name: str, default: Any = None) -> Any:
        self._read(name)
        return self.data.get(name, default)

    def get(self, name: str, kind: type, default: Any = ..., choices: tuple[Any, ...] | None = None,
            lo: float | None = None, hi: float | None = None) -> Any:
        """The value of ``name`` as ``kind`` (int is accepted for float), within ``choices`` / ``lo``..``hi``."""
        self._read(name)
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
            raise self.fail(name, f"expected {bound(lo)} to {bound(hi)}, got {describe(value)}")
        return value

    def value(self, name: str, default: Any = ...) -> Any:
        """The value of a declared key, read with its declared type, default (unless given), choices and limits."""
        from printkit.datakit.keys import REQUIRED

        assert self.keys is not None, "value() needs the table's declared keys"
        self._read(name)
        key = self.keys[name]
        if default is ...:
            default = ... if key.default is REQUIRED else key.default
        if key.type == "names":
            return self.names(name, key.pattern or ".*", default)
        return self.get(name, KINDS.get(key.type, str), default, key.choices or None, key.lo, key.hi)

    def names(self, name: str, pattern: str, default: Any = ...) -> Any:
        """The value of ``name`` as a tuple of texts, each matching ``pattern`` whole, none twice."""
        value = self.get(name, list, default)
        if not isinstance(value, list):
            return default
        for item in value:
            if not isinstance(item, str) or not re.fullmatch(pattern, item):
                raise self.fail(name, f"expected a list of names matching {pattern}, got {describe(item)} in it")
            if value.count(item) > 1:
                raise self.fail(name, f"{describe(item)} is listed twice")
        return tuple(value)

    def table(self, name: str, keys: Mapping[str, Key] | None = None) -> "Table":
        self._read(name)
        return Table(self.data.get(name, {}), self.source, self.key(name), keys)

    def tables(self, name: str, keys: Mapping[str, Key] | None = None) -> Iterator["Table"]:
        """The entries of an array of tables (``[[name]]``), each checked to be a table."""
        self._read(name)
        items = self.data.get(name, [])
        if isinstance(items, Mapping):
            items = [items]
        if not isinstance(items, list):
            raise self.fail(name, f"expected an array of tables ([[{name}]]), got {describe(items)}")
        for i, item in enumerate(items):
            yield Table(item, self.source, self.key(name) if len(items) == 1 else f"{self.key(name)}[{i}]", keys)

    def done(self, known: tuple[str, ...] = ()) -> None:
        """Refuse keys that were never read (typos: ``fornt``)."""
        for name in sorted(self.data):
            if name not in self.used:
                raise self.fail(name, unknown_key(name, {*self.used, *known}))
