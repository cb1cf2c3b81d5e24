"""kit.toml's ``[params]`` checked against its ``[param_limits]``: the limited parameters as fields of a frozen
dataclass of :mod:`printkit.params` (a type from the value, limits and doc from the entry), so ``--set params.NAME``
and ``balance --sweep`` are refused outside them with the same messages as config.toml's keys."""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from printkit.params import from_mapping, param

Limits = Mapping[str, Mapping[str, Any]]
"""Parameter name -> its ``[param_limits]`` entry (``min``, ``max``, ``pattern``, ``doc``)."""


def value_type(value: Any) -> Any:
    """The parameter type of a ``[params]`` value: int, float, bool, str, or a tuple of its first item's type."""
    if isinstance(value, (list, tuple)):
        return tuple[value_type(value[0]) if value else str, ...]  # type: ignore[misc]
    return type(value)


def params_class(values: Mapping[str, Any], limits: Limits, name: str = "Params", module: str = __name__,
                 namespace: Mapping[str, Any] | None = None, extra: tuple[tuple[str, Any, Any], ...] = ()) -> type:
    """A frozen dataclass with a field per parameter of ``values`` (its value the default) that ``limits`` restricts;
    ``extra`` fields and ``namespace`` (methods, a docstring) as for :func:`dataclasses.make_dataclass`."""
    fields: list[tuple[str, Any, Any]] = []
    for key, value in values.items():
        entry = limits.get(key, {})
        default = tuple(value) if isinstance(value, list) else value
        fields.append((key, value_type(value), param(default, min=entry.get("min"), max=entry.get("max"),
                                                     pattern=entry.get("pattern"), doc=entry.get("doc", ""))))
    made = dataclasses.make_dataclass(name, [*fields, *extra], frozen=True, namespace=dict(namespace or {}))
    made.__module__ = module  # pickled by name: a worker process finds the class where ``module`` defines it
    return made


def checked_params(values: Mapping[str, Any], limits: Limits, source: str, written: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` with each limited parameter converted to the type of its value as ``written`` in kit.toml (before
    ``--set``) and checked (a ConfigError naming ``params.NAME`` otherwise); the others as they are."""
    limited = {key: values[key] for key in limits}
    made = from_mapping(params_class({key: written.get(key, values[key]) for key in limits}, limits), limited, source, "params")
    return {**values, **{key: getattr(made, key) for key in limited}}
