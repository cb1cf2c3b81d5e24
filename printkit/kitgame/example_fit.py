"""The parameters an example game is written for: a ``# params: size=5, tiles=5`` line in its log.

An example game fits the parameters it was written with: a 5 x 5 board's moves are not moves on a 6 x 6 one. A log (the
rule sheet's ```game block, or a log file standing for it) may say which parameters it needs, in a comment line
``# params: NAME=VALUE, ...`` (values as ``--set`` takes them: ``5``, ``"wild"``, ``["F1", "F11"]``; a group's as
``abilities.bomb=1``). Under other values the example is not replayed and is left off the rule sheet (its figures too),
and the build says so in one note instead of failing: a designer trying ``--set params.size=6`` gets a kit.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any, Mapping

from printkit.errors import ConfigError
from printkit.params import describe, dotted_params

PARAMS_LINE = re.compile(r"^\s*#\s*params\s*:(.*)$")
"""A log's comment line naming the parameters it is written for."""


def declared_params(text: str, source: str, first: int = 1) -> tuple[dict[str, Any], str]:
    """The parameters ``text`` (a log whose first line is line ``first`` of ``source``) says it is written for, by dotted
    name, and where it says so (``rules.md:41``); ({}, "") when it says nothing. A line that cannot be read is a
    ConfigError naming it."""
    for number, line in enumerate(text.splitlines(), start=first):
        found = PARAMS_LINE.match(line)
        if found is None:
            continue
        where = f"{source}:{number}"
        body = found.group(1).strip()
        try:
            table = tomllib.loads(f"p = {{{body}}}")["p"] if body else {}
        except tomllib.TOMLDecodeError:
            table = None
        if not table:
            raise ConfigError(where, "", f"expected '# params: NAME=VALUE, ...' (values as --set takes them: size=5, "
                                         f"free_space=\"wild\"), got {describe(line.strip())}")
        return dotted_params(table), where
    return {}, ""


def unfit(declared: Mapping[str, Any], where: str, params: Mapping[str, Any]) -> str | None:
    """How ``params`` differ from the ``declared`` parameters of an example (``params.size is 6, the example's 5``), or
    None when they are the same; a name that is no parameter is a ConfigError at ``where``."""
    current = dotted_params(params)
    differ = []
    for name, value in declared.items():
        if name not in current:
            raise ConfigError(where, "", f"the example's params: no parameter {name!r} (parameters: "
                                         f"{', '.join(current) or 'none'})")
        now = current[name]
        if _plain(now) != _plain(value):
            differ.append(f"params.{name} is {describe(_plain(now))}, the example's {describe(_plain(value))}")
    return "; ".join(differ) or None


def _plain(value: Any) -> Any:
    """A parameter's value compared as data: a list and a tuple alike."""
    return tuple(_plain(v) for v in value) if isinstance(value, (list, tuple)) else value
