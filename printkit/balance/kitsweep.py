"""``balance --kit DIR --sweep KEY=V1,V2|A..B``: sweeps over a kit's ``[params]`` (``params.hand_size``) or
one column of the rows a label names (``data.cards.Wish.cost``).

A swept key must exist and hold a number (an empty cell counts as 0, the text of an untyped column reads as the
number it writes: the quantity column); each value keeps its kind (a whole number takes whole numbers). Every point
is the kit read again with the value as a ``--set``, so the layouts, rules.md and rules.py all see it.
"""

from __future__ import annotations

import re
from typing import Any

from printkit.balance.sweep import Axis, SweepError, sweep_values
from printkit.kitgame.setup import KitSetup


def parse_kit_sweep(item: str, setup: KitSetup) -> Axis:
    """One ``--sweep params.NAME=VALUES`` item, each value checked to be a number of the parameter's kind."""
    if "=" not in item:
        raise SweepError(f"--sweep: expected KEY=V1,V2,... or KEY=A..B, got {item!r}")
    key, _, text = (part.strip() for part in item.partition("="))
    section, _, name = key.partition(".")
    if section == "data":
        base = _cell_value(key, setup)
    elif section != "params" or not name:
        raise SweepError(f"--sweep: {key}: expected a parameter of kit.toml's [params] (params.hand_size) "
                         "or a data cell (data.cards.Wish.cost)")
    elif name not in setup.params:
        known = ", ".join(f"params.{k}" for k in setup.params) or "none: add a [params] table to kit.toml"
        raise SweepError(f"--sweep: {key}: no such parameter in kit.toml's [params] (parameters: {known})")
    else:
        base = setup.params[name]
    if isinstance(base, bool) or not isinstance(base, (int, float)):
        raise SweepError(f"--sweep: {key}: not a number (it is {base!r}; only numbers can be swept)")
    values: list[Any] = []
    for raw in sweep_values(key, text):
        if isinstance(raw, bool) or not isinstance(raw, (int, float)) or isinstance(base, int) and not isinstance(raw, int):
            kind = "a whole number" if isinstance(base, int) else "a number"
            raise SweepError(f"--sweep: {key}: expected {kind} like the parameter's {base!r}, got {raw!r}")
        if raw not in values:
            values.append(raw)
    return Axis(key, tuple(values))


def _cell_value(key: str, setup: KitSetup) -> Any:
    """The value of ``data.<deck>.<row label>.<column>`` in the kit's data (its first row of that label)."""
    parts = key.split(".")
    if len(parts) < 4:
        raise SweepError(f"--sweep: {key}: expected data.<deck or tokens>.<row label>.<column>, e.g. data.cards.Wish.cost")
    target, label, column = parts[1], ".".join(parts[2:-1]), parts[-1]
    rows = {**setup.decks, **setup.tokens}.get(target)
    if rows is None:
        raise SweepError(f"--sweep: {key}: no deck or token set {target!r} (decks and tokens: {', '.join({**setup.decks, **setup.tokens})})")
    row = next((r for r in rows if str(r) == label), None)
    if row is None or column not in row:
        what = f"no row {label!r}" if row is None else f"no column {column!r}"
        raise SweepError(f"--sweep: {key}: {what} in {target}")
    value = row[column]
    return 0 if value is None else _as_number(value)


def _as_number(value: Any) -> Any:
    """A cell's value, the text of a column kit.toml declares no type for read as the number it writes (``'2'`` of the
    quantity column: the copies of the row); other text as it is."""
    if isinstance(value, str) and re.fullmatch(r"[+-]?\d+", value.strip()):
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"[+-]?(\d+\.\d*|\.\d+)", value.strip()):
        return float(value)
    return value


def parse_kit_sweeps(items: tuple[str, ...], setup: KitSetup) -> list[Axis]:
    """Every ``--sweep`` of a kit; a key swept twice is an error."""
    axes = [parse_kit_sweep(item, setup) for item in items]
    keys = [a.key for a in axes]
    for key in keys:
        if keys.count(key) > 1:
            raise SweepError(f"--sweep: {key}: swept twice (give all its values in one --sweep)")
    return axes
