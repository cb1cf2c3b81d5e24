"""Rows rules.py computes: a deck or token sheet with ``rules_rows = "NAME"`` is printed from ``rows_NAME(self)``.

The game is made from kit.toml's ``[params]`` (with ``--set``) and the data files, so the pieces follow the
parameters: commit cards 0 to the largest reserve, chips enough to show it. Each row is a dict of column to
value, turned into text as a data file's cells are, then read like a data file (types, quantities, labels).
"""

from __future__ import annotations

import inspect
import math
from typing import Mapping

from printkit.datakit.data import Row, cell_text, rows_of
from printkit.datakit.load import KitFolder, blame_sets, data_sets
from printkit.datakit.schema import DataSource
from printkit.errors import ConfigError
from printkit.kitgame.blame import short
from printkit.kitgame.engine import KitRules
from printkit.kitgame.example import KitExample, written_example
from printkit.kitgame.setup import KitSetup
from printkit.kitgame.source import KitRef, loaded

PREFIX = "rows_"
CELL = (str, int, float, bool, type(None))


def computed_records(kit: KitFolder, rules: KitRules, example: KitExample,
                     data: DataSource) -> tuple[list[tuple[str, dict[str, str]]], str]:
    """``rows_NAME()``'s rows as records (where, fields as text) and the name messages give their source (``example``:
    the rule sheet's example game, for ``rows_NAME(self, example)``)."""
    name = f"{PREFIX}{data.computed}"
    method = getattr(rules.game, name, None)
    if not callable(method):
        raise ConfigError(kit.spec.source, data.key, f"{rules.rules_name} has no method {name}(self) to compute the rows")
    if len(inspect.signature(method).parameters) == 1:  # rows_NAME(self, example): the rule sheet's example game too
        steps = example.steps
        made = rules.call(lambda: method(steps), f"in {name}(example), computing the rows of {data.key}")
    else:
        made = rules.call(method, f"in {name}(), computing the rows of {data.key}")
    if not isinstance(made, (list, tuple)):
        raise rules.fail(f"{name}() returned {short(made)}: expected a list of rows (dicts of column -> value)")
    records = []
    for i, row in enumerate(made):
        where = f"{rules.rules_name}: {name}()[{i}]"
        if not isinstance(row, Mapping):
            raise rules.fail(f"{name}()[{i}] is {short(row)}: expected a dict of column -> value")
        for column, value in row.items():
            if not isinstance(column, str) or not isinstance(value, CELL) or isinstance(value, float) and not math.isfinite(value):
                raise rules.fail(f"{name}()[{i}]: {short(column)}: {short(value)}: expected text columns of text, "
                                 "numbers, true/false or None")
        records.append((where, {column: cell_text(value) for column, value in row.items()}))
    return records, f"{rules.rules_name}: {name}()"


def computed_rows(kit: KitFolder, ref: KitRef, setup: KitSetup) -> dict[str, list[Row]]:
    """The rows rules.py computes (``rules_rows = "NAME"``), by set name, read as a data file's rows are (``--set
    data...`` cells, types, quantities, labels); the game computing them is made from ``setup`` (the kit's parameters
    and data files)."""
    wanted = [(name, data, label) for name, data, label in data_sets(kit.spec) if data.computed is not None]
    if not wanted:
        return {}
    code = loaded(ref)
    rules = KitRules(code.game, setup, code.folder, ref.display, ref.rules_name)
    example = written_example(kit, rules)
    rows: dict[str, list[Row]] = {}
    try:
        for name, data, label in wanted:
            made, shown_as = computed_records(kit, rules, example, data)
            rows[name] = rows_of(made, data, shown_as, kit.cells_of(name), label, kit.param_fields)
    except ConfigError as exc:
        raise blame_sets(exc, kit.sets) from None
    return rows
