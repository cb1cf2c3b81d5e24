"""Rows rules.py computes: a deck or token sheet with ``rules_rows = "NAME"`` is printed from ``rows_NAME(self)``.

The game is made from kit.toml's ``[params]`` (with ``--set``) and the data files, so the pieces follow the
parameters: commit cards 0 to the largest reserve, chips enough to show it. Each row is a dict of column to
value, turned into text as a data file's cells are, then read like a data file (types, quantities, labels).
"""

from __future__ import annotations

import inspect
import math
from typing import TYPE_CHECKING, Mapping

from printkit.errors import ConfigError
from printkit.kitgame.blame import short

if TYPE_CHECKING:
    from printkit.datakit.load import KitFolder
    from printkit.datakit.schema import DataSource
    from printkit.kitgame.engine import KitRules

PREFIX = "rows_"
CELL = (str, int, float, bool, type(None))


def kit_rules(kit: KitFolder) -> KitRules:
    """The kit's rules made from its parameters and data files (once per read folder)."""
    if "rules" not in kit.cache:
        if kit.spec.game_rules is None:
            raise ConfigError(kit.spec.source, "game.rules", "rows computed by rules.py need `[game] rules = \"rules.py\"`")
        from printkit.kitgame.engine import KitRules
        from printkit.kitgame.setup import file_setup
        from printkit.kitgame.source import kit_ref, loaded

        ref = kit_ref(kit.path, kit.display, kit.spec.game_rules, kit.spec.source, kit.spec.code_limits)
        code = loaded(ref)
        kit.cache["rules"] = KitRules(code.game, file_setup(kit), code.folder, ref.display, ref.rules_name)
    return kit.cache["rules"]  # type: ignore[no-any-return]


def computed_records(kit: KitFolder, data: DataSource) -> tuple[list[tuple[str, dict[str, str]]], str]:
    """``rows_NAME()``'s rows as records (where, fields as text) and the name messages give their source."""
    from printkit.datakit.data import cell_text

    rules = kit_rules(kit)
    name = f"{PREFIX}{data.computed}"
    method = getattr(rules.game, name, None)
    if not callable(method):
        raise ConfigError(kit.spec.source, data.key, f"{rules.rules_name} has no method {name}(self) to compute the rows")
    if len(inspect.signature(method).parameters) == 1:  # rows_NAME(self, example): the rule sheet's example game too
        from printkit.datakit.kit import rule_sheet_source
        from printkit.kitgame.sheet import example_steps

        source = rule_sheet_source(kit)
        steps = example_steps(kit, rules, *source) if source is not None else []
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

