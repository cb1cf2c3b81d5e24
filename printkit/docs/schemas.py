"""JSON Schemas of kit.toml and config.toml, generated from the definitions the loaders check against.

kit.toml: :mod:`printkit.datakit.keys` (plus ``[print]`` from :class:`PrintSettings`); config.toml: the
``[print]`` settings and every game's ``Params``. Editors with a TOML language server (Taplo, VS Code's
Even Better TOML) complete keys and flag typos from them (``#:schema ./kit.schema.json``).
"""

from __future__ import annotations

from typing import Any

from printkit.datakit.jsonschema import DRAFT, element_schema, key_schema, kit_schema, params_schema, schema_text, table_schema
from printkit.press.settings import PrintSettings

__all__ = ["config_schema", "element_schema", "key_schema", "kit_schema", "params_schema", "schema_text", "table_schema"]


def config_schema() -> dict[str, Any]:
    """config.toml: ``[print]`` and ``[games.<game>]`` for every game."""
    from printkit.games import available, get_game

    games = {name: params_schema(get_game(name).params, get_game(name).title) for name in available()}
    return {
        "$schema": DRAFT,
        "title": "printkit config.toml",
        "description": "Print settings and each game's rule parameters (printkit config prints every key with its default).",
        "type": "object",
        "properties": {
            "print": params_schema(PrintSettings, "paper, bleed, marks, duplex, colours"),
            "games": {"type": "object", "description": "one table per game", "properties": games, "additionalProperties": False},
        },
        "additionalProperties": False,
    }


# --- kit.toml: the declarations of printkit.datakit.keys ------------------------------------------------
