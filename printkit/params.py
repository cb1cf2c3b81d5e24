"""Declarative parameters: frozen dataclasses whose fields carry their own limits.

Every game's ``Params`` and the ``[print]`` settings are plain frozen dataclasses built with
:func:`param`. :func:`from_mapping` turns a TOML table into one, rejecting unknown keys, wrong
types and values out of range with a message that names the source, the dotted key and the value.
Cross-field rules live in an optional ``check(self) -> list[tuple[str, str]]`` method returning
``(key, message)`` pairs.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from typing import Any, Mapping, TypeVar

from printkit.errors import ConfigError
from printkit.userinput.text import LINE_BREAKS, control_problem, quoted

T = TypeVar("T")


def param(
    default: Any,
    *,
    min: float | None = None,
    max: float | None = None,
    choices: tuple[Any, ...] | None = None,
    pattern: str | None = None,
    doc: str = "",
) -> Any:
    """A dataclass field with limits, checked by :func:`from_mapping`."""
    meta = {"min": min, "max": max, "choices": choices, "pattern": pattern, "doc": doc}
    if isinstance(default, (list, dict, set)) or dataclasses.is_dataclass(default):
        raise TypeError("use immutable defaults (tuples, frozen dataclasses)")
    return dataclasses.field(default=default, metadata=meta)


def group(cls: type[T], doc: str = "") -> Any:
    """A nested table of parameters (a frozen dataclass with its own defaults)."""
    return dataclasses.field(default_factory=cls, metadata={"doc": doc})


def describe(value: Any) -> str:
    """A value as a user wrote it, for messages (a long one shortened: its start, ``…`` and its length)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return quoted(value)


def _type_name(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if origin is tuple:
        return f"a list of {_type_name(typing.get_args(tp)[0])}s"
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_type_name(a) for a in typing.get_args(tp))
    return {int: "an integer", float: "a number", bool: "true or false", str: "a string"}.get(
        tp, getattr(tp, "__name__", str(tp))
    )


def convert_value(tp: Any, value: Any) -> Any:
    """Convert a TOML value to ``tp`` or raise ValueError with what was expected."""
    origin = typing.get_origin(tp)
    if origin is tuple:
        inner = typing.get_args(tp)[0]
        if not isinstance(value, (list, tuple)):
            raise ValueError(f"expected {_type_name(tp)}")
        return tuple(convert_value(inner, v) for v in value)
    if tp is bool:
        if not isinstance(value, bool):
            raise ValueError("expected true or false")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError("expected an integer")
        return value
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError("expected a number")
        if not math.isfinite(value):
            raise ValueError("expected a finite number")
        return float(value)
    if tp is str:
        if not isinstance(value, str):
            raise ValueError("expected a string")
        problem = control_problem(value, LINE_BREAKS)
        if problem:
            raise ValueError(f"expected text without control characters ({problem})")
        return value
    raise TypeError(f"unsupported parameter type {tp!r}")


def limit_problem(meta: Mapping[str, Any], value: Any) -> str | None:
    """The complaint about ``value`` under the field's limits, or None."""
    import re

    lo, hi, choices, pattern = meta.get("min"), meta.get("max"), meta.get("choices"), meta.get("pattern")
    items = value if isinstance(value, tuple) else (value,)
    for item in items:
        if choices is not None and item not in choices:
            return "expected one of " + ", ".join(describe(c) for c in choices)
        if pattern is not None and isinstance(item, str) and not re.fullmatch(pattern, item):
            return f"expected text matching {pattern}"
        if isinstance(item, (int, float)) and not isinstance(item, bool):
            if lo is not None and item < lo:
                return f"expected at least {bound(lo)}" if hi is None else f"expected {bound(lo)} to {bound(hi)}"
            if hi is not None and item > hi:
                return f"expected at most {bound(hi)}" if lo is None else f"expected {bound(lo)} to {bound(hi)}"
    return None


def bound(value: float) -> str:
    """A limit as a message shows it: ``1,048,576``, ``0.1`` (never ``1.04858e+06``)."""
    return f"{int(value):,}" if float(value).is_integer() else f"{value:g}"


def from_mapping(cls: type[T], data: Mapping[str, Any], source: str, prefix: str) -> T:
    """Build ``cls`` from ``data`` (defaults for what is missing), validating every key."""
    if not isinstance(data, Mapping):
        raise ConfigError(source, prefix, f"expected a table, got {describe(data)}")
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    for key in sorted(data):
        if key not in fields:
            known = ", ".join(sorted(fields))
            raise ConfigError(source, f"{prefix}.{key}", f"unknown key (known keys: {known})")
    values: dict[str, Any] = {}
    for name, fld in fields.items():
        if name not in data:
            continue
        key, tp, raw = f"{prefix}.{name}", hints[name], data[name]
        if dataclasses.is_dataclass(tp):
            values[name] = from_mapping(tp, raw, source, key)  # type: ignore[arg-type]
            continue
        try:
            value = convert_value(tp, raw)
        except ValueError as exc:
            raise ConfigError(source, key, f"{exc}, got {describe(raw)}") from None
        problem = limit_problem(fld.metadata, value)
        if problem:
            raise ConfigError(source, key, f"{problem}, got {describe(raw)}")
        values[name] = value
    obj = cls(**values)
    check = getattr(obj, "check", None)
    for key, message in check() if check else []:
        raise ConfigError(source, f"{prefix}.{key}", message)
    return obj


def to_mapping(obj: Any) -> dict[str, Any]:
    """The parameters as plain data (for manifests and JSON), nested tables included (a kit's setup says itself)."""
    if hasattr(obj, "as_parameters"):
        return dict(obj.as_parameters())
    out: dict[str, Any] = {}
    for fld in dataclasses.fields(obj):
        value = getattr(obj, fld.name)
        if dataclasses.is_dataclass(value):
            out[fld.name] = to_mapping(value)
        elif isinstance(value, tuple):
            out[fld.name] = list(value)
        else:
            out[fld.name] = value
    return out


def field_docs(cls: type, prefix: str = "") -> list[tuple[str, Any, str]]:
    """(dotted key, default, doc) for every parameter, nested tables flattened."""
    rows: list[tuple[str, Any, str]] = []
    hints = typing.get_type_hints(cls)
    defaults = cls()
    for fld in dataclasses.fields(cls):
        key = f"{prefix}{fld.name}"
        if dataclasses.is_dataclass(hints[fld.name]):
            rows.extend(field_docs(hints[fld.name], key + "."))
        else:
            rows.append((key, getattr(defaults, fld.name), fld.metadata.get("doc", "")))
    return rows
