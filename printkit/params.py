"""Declarative parameters: frozen dataclasses whose fields carry their own limits.

Every game's ``Params`` and the ``[print]`` settings are plain frozen dataclasses built with
:func:`param`. :func:`from_mapping` turns a TOML table into one, rejecting unknown keys, wrong
types and values out of range with a message that names the source, the dotted key and the value.
Cross-field rules live in an optional ``check(self) -> list[tuple[str, str]]`` method returning
``(key, message)`` pairs, or in a limit naming another parameter of the same table (``max = "size"``: see
:func:`limit_names`).
"""

from __future__ import annotations

import ast
import dataclasses
import math
import operator
import types
import typing
from typing import Any, Iterator, Mapping, TypeVar

from printkit.errors import ClashError, ConfigError
from printkit.userinput.text import LINE_BREAKS, control_problem, quoted, unknown_key

T = TypeVar("T")


def param(
    default: Any,
    *,
    min: float | str | None = None,
    max: float | str | None = None,
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


_OPERATORS: dict[type, Any] = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
                               ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.USub: operator.neg,
                               ast.UAdd: operator.pos}


def limit_names(expression: str) -> list[str]:
    """The parameters a limit written as text names (``"size"``, ``"size * size - 1"``): the names of parameters of the
    same table, whole numbers and ``+ - * / //`` with brackets. ValueError saying what is wrong with any other text."""
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except SyntaxError:
        raise ValueError(f"expected a number, or a parameter's name or arithmetic of names and numbers "
                         f"(\"size\", \"size * size - 1\"), got {quoted(expression)}") from None
    names: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            names.append((node.col_offset, node.id))
        elif isinstance(node, (ast.BinOp, ast.UnaryOp)):
            if type(node.op) not in _OPERATORS:
                raise ValueError(f"{quoted(expression)}: only + - * / // and brackets may join names and numbers")
        elif isinstance(node, ast.Constant):
            if isinstance(node.value, bool) or not isinstance(node.value, (int, float)):
                raise ValueError(f"{quoted(expression)}: {node.value!r} is not a number")
        elif not isinstance(node, (ast.Expression, ast.Load, ast.operator, ast.unaryop)):
            raise ValueError(f"{quoted(expression)}: only parameters' names, numbers, + - * / // and brackets")
    if not names:
        raise ValueError(f"{quoted(expression)}: a limit written as text names a parameter (a number is written bare)")
    return [name for _, name in sorted(names)]  # as written (the tree is walked breadth first)


def limit_value(expression: str, values: Mapping[str, Any]) -> float:
    """A limit written as text (:func:`limit_names`) worked out from the values of the parameters it names."""

    def worked(node: ast.AST) -> Any:
        if isinstance(node, ast.Expression):
            return worked(node.body)
        if isinstance(node, ast.Name):
            return values[node.id]
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.UnaryOp):
            return _OPERATORS[type(node.op)](worked(node.operand))
        assert isinstance(node, ast.BinOp), "checked by limit_names"
        return _OPERATORS[type(node.op)](worked(node.left), worked(node.right))

    return worked(ast.parse(expression.strip(), mode="eval"))  # type: ignore[no-any-return]


def related_problem(meta: Mapping[str, Any], value: Any, values: Mapping[str, Any], prefix: str) -> str | None:
    """The complaint about ``value`` under its limits written as text (``max = "size"``), worked out from ``values`` (the
    parameters of its table, named ``prefix.NAME`` in the message), or None."""
    for which, word, outside in (("min", "least", operator.lt), ("max", "most", operator.gt)):
        limit = meta.get(which)
        if not isinstance(limit, str):
            continue
        named = ", ".join(f"{prefix}.{name} is {describe(values[name])}" for name in dict.fromkeys(limit_names(limit)))
        try:
            worked = limit_value(limit, values)
        except ZeroDivisionError:
            return f"its {which} {limit.strip()} divides by zero ({named})"
        if limit.strip() in values:
            shown = f"{prefix}.{limit.strip()} ({bound(worked)})"
        else:
            shown = f"{limit.strip()} = {bound(worked)} ({named})"
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, (int, float)) and not isinstance(item, bool) and outside(item, worked):
                return f"expected at {word} {shown}, got {describe(item)}"
    return None


def limit_problem(meta: Mapping[str, Any], value: Any) -> str | None:
    """The complaint about ``value`` under the field's limits, or None (limits written as text, naming another
    parameter, are :func:`related_problem`'s)."""
    import re

    lo, hi, choices, pattern = meta.get("min"), meta.get("max"), meta.get("choices"), meta.get("pattern")
    lo, hi = (None if isinstance(lo, str) else lo), (None if isinstance(hi, str) else hi)
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
            raise ConfigError(source, f"{prefix}.{key}", unknown_key(key, fields))
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
    table = {name: getattr(obj, name) for name in fields}
    for name, fld in fields.items():
        if isinstance(fld.metadata.get("min"), str) or isinstance(fld.metadata.get("max"), str):
            problem = related_problem(fld.metadata, table[name], table, prefix)
            if problem:
                raise ClashError(source, f"{prefix}.{name}", problem)
    check = getattr(obj, "check", None)
    for key, message in check() if check else []:
        raise ClashError(source, f"{prefix}.{key}", message)
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


# --- parameters declared as data: kit.toml's [params] and [param_limits] ---------------------------------------------

Limits = Mapping[str, Mapping[str, Any]]
"""Parameter name -> its ``[param_limits]`` entry (``min``, ``max``, ``choices``, ``pattern``, ``doc``); a group's entry
holds its ``doc`` and an entry per parameter of the group."""


def value_type(value: Any) -> Any:
    """The parameter type of a ``[params]`` value: int, float, bool, str, or a tuple of its first item's type."""
    if isinstance(value, (list, tuple)):
        return tuple[value_type(value[0]) if value else str, ...]  # type: ignore[misc]
    return type(value)


class ParamSet(Mapping[str, Any]):
    """What a class made by :func:`params_class` is besides a frozen dataclass: its parameters read as
    ``params.hand_size`` or ``params["hand_size"]`` (and ``dict(params)``), a message naming the parameters for a name
    it does not hold, checks across parameters (``check()``: none unless the kit's derived class writes them) and
    pickling by value (the class is made again on the other side: a worker process needs no module defining it)."""

    _recipe: tuple[Any, ...] = ()

    def __getitem__(self, key: str) -> Any:
        if key not in self.__dataclass_fields__:  # type: ignore[attr-defined]
            raise KeyError(key)
        return getattr(self, key)

    def __iter__(self) -> Iterator[str]:
        return iter(self.__dataclass_fields__)  # type: ignore[attr-defined]

    def __len__(self) -> int:
        return len(self.__dataclass_fields__)  # type: ignore[attr-defined]

    def __getattr__(self, key: str) -> Any:  # only reached for a name that is neither a parameter nor derived
        if key.startswith("__"):
            raise AttributeError(key)
        raise AttributeError(f"no parameter {key!r} in kit.toml's [params] (parameters: {', '.join(self) or 'none'})")

    def check(self) -> list[tuple[str, str]]:
        """Problems across parameters as (key, message) pairs (a kit's derived class writes its own)."""
        return []

    def __reduce__(self) -> Any:
        return (_remade, (type(self)._recipe, plain_params(self)))


def plain_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters as plain values, a group as a dict of its own."""
    return {k: plain_params(v) if isinstance(v, ParamSet) else v for k, v in params.items()}


def dotted_params(params: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """The parameters by dotted name, a group's flattened (``abilities.bomb``)."""
    flat: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, Mapping):
            flat.update(dotted_params(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


_MADE: dict[tuple[Any, ...], type] = {}


def _frozen(value: Any) -> Any:
    """A ``[params]`` or ``[param_limits]`` table as a hashable key (a table as a tuple of pairs under a marker)."""
    if isinstance(value, Mapping):
        return ("table", tuple((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


def _thawed(value: Any) -> Any:
    """The inverse of :func:`_frozen` (a list comes back as a tuple, as parameters hold it)."""
    if isinstance(value, tuple) and len(value) == 2 and value[0] == "table" and isinstance(value[1], tuple):
        return {k: _thawed(v) for k, v in value[1]}
    if isinstance(value, tuple):
        return tuple(_thawed(v) for v in value)
    return value


def _remade(recipe: tuple[Any, ...], values: Mapping[str, Any]) -> Any:
    """A pickled parameter set made again (its class made from its recipe, once per process)."""
    return from_values(_made_class(*recipe), values)


def from_values(cls: type, values: Mapping[str, Any]) -> Any:
    """An instance of ``cls`` (made by :func:`params_class`) from plain values (a group as a table), unchecked."""
    hints = typing.get_type_hints(cls)
    made = {k: from_values(hints[k], v) if dataclasses.is_dataclass(hints[k]) and isinstance(v, Mapping) else v
            for k, v in values.items()}
    return cls(**made)


def group_class_name(key: str) -> str:
    """The class name of a group of parameters: ``abilities`` -> ``Abilities``, ``score_table`` -> ``ScoreTable``."""
    return "".join(part.capitalize() for part in key.split("_"))


def params_class(values: Mapping[str, Any], limits: Limits, *, name: str = "Params", doc: str = "",
                 derived: type | None = None) -> type:
    """A frozen dataclass with a field per parameter of ``values`` (its value the default, its type from the value)
    restricted by its ``limits`` entry; a table of ``values`` is a group, a dataclass of its own. ``derived`` (a plain
    class: properties and methods, ``check(self)`` among them) is a base of the class. The same values, limits and
    derived class make the same class (once per process)."""
    return _made_class(name, doc, _frozen(values), _frozen(limits), derived)


def _made_class(name: str, doc: str, values: Any, limits: Any, derived: type | None = None) -> type:
    key = (name, doc, values, limits, derived)
    if key not in _MADE:
        table, entries = _thawed(values), _thawed(limits) if limits else {}
        fields: list[tuple[str, Any, Any]] = []
        for field_name, value in table.items():
            entry = entries.get(field_name, {})
            if isinstance(value, Mapping):
                inner = {k: v for k, v in entry.items() if isinstance(v, Mapping)}
                made = _made_class(group_class_name(field_name), entry.get("doc", ""), _frozen(value), _frozen(inner))
                fields.append((field_name, made, group(made, doc=entry.get("doc", ""))))
                continue
            choices = entry.get("choices")
            fields.append((field_name, value_type(value), param(value, min=entry.get("min"), max=entry.get("max"),
                                                                 choices=tuple(choices) if choices is not None else None,
                                                                 pattern=entry.get("pattern"), doc=entry.get("doc", ""))))
        bases = (ParamSet,) if derived is None else (derived, ParamSet)
        cls = dataclasses.make_dataclass(name, fields, bases=bases, frozen=True,
                                         namespace={"__doc__": doc or f"{name}: parameters declared as data.",
                                                    "_recipe": (name, doc, values, limits, derived)})
        cls.__module__ = __name__
        _MADE[key] = cls
    return _MADE[key]


def checked_params(values: Mapping[str, Any], limits: Limits, source: str, written: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` with each limited parameter converted to the type of its value as ``written`` in kit.toml (before
    ``--set``) and checked (a ConfigError naming ``params.NAME`` otherwise); the others as they are."""
    named = {name for entry in limits.values() for bound in (entry.get("min"), entry.get("max")) if isinstance(bound, str)
             for name in limit_names(bound)}  # a limit naming another parameter is checked against its value
    limited = {key: values[key] for key in values if key in limits or key in named}
    made = from_mapping(params_class({key: written.get(key, values[key]) for key in limited}, limits), limited, source, "params")
    return {**values, **plain_params(made)}
