"""The JSON Schema of kit.toml, generated from its declared keys (:mod:`printkit.datakit.keys`): editors check and
complete a kit folder with it (``printkit new`` writes it beside kit.toml), the docs site publishes it, and tests hold
it to the loader key for key. ``params_schema`` gives any class of parameters' (``[print]``, a game's).
"""

from __future__ import annotations

import dataclasses
import json
import typing
from typing import Any, Mapping

from printkit.datakit import keys
from printkit.datakit.keys import REQUIRED, Key
from printkit.press.settings import PrintSettings

DRAFT = "http://json-schema.org/draft-07/schema#"
"""Draft 7: what Taplo and VS Code's JSON language service understand best."""


def _anchored(pattern: str) -> str:
    """A Python ``fullmatch`` pattern as a JSON Schema (search) pattern."""
    return f"^(?:{pattern})$"


def _any_case(words: tuple[str, ...]) -> str:
    """A pattern matching any of ``words`` in any letter case (JSON Schema has no case-insensitive flag)."""
    def letters(word: str) -> str:
        return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else c for c in word)
    return _anchored("|".join(letters(w) for w in words))


# --- config.toml: parameter dataclasses -------------------------------------------------------------


def _param_type(tp: Any) -> dict[str, Any]:
    origin = typing.get_origin(tp)
    if origin is tuple:
        return {"type": "array", "items": _param_type(typing.get_args(tp)[0])}
    return {"type": {int: "integer", float: "number", bool: "boolean", str: "string"}[tp]}


def _param_value(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def params_schema(cls: type, title: str = "") -> dict[str, Any]:
    """The JSON Schema of a parameter dataclass (every key optional; limits, choices and patterns kept)."""
    hints = typing.get_type_hints(cls)
    defaults = cls()
    properties: dict[str, Any] = {}
    for fld in dataclasses.fields(cls):
        tp, meta = hints[fld.name], fld.metadata
        if dataclasses.is_dataclass(tp):
            properties[fld.name] = params_schema(tp, meta.get("doc", ""))  # type: ignore[arg-type]
            continue
        prop = _param_type(tp)
        item = prop["items"] if prop["type"] == "array" else prop
        if meta.get("choices") is not None:
            item["enum"] = list(meta["choices"])
        if meta.get("pattern") is not None:
            item["pattern"] = _anchored(meta["pattern"])
        if meta.get("min") is not None:
            item["minimum"] = meta["min"]
        if meta.get("max") is not None:
            item["maximum"] = meta["max"]
        prop["default"] = _param_value(getattr(defaults, fld.name))
        if meta.get("doc"):
            prop["description"] = meta["doc"]
        properties[fld.name] = prop
    schema: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    if title:
        schema["description"] = title
    return schema


def _with_choices(key: Key, base: dict[str, Any]) -> dict[str, Any]:
    if not key.choices:
        return base
    if key.type == "template":  # a choice, or a {field} that picks one per row
        return {"anyOf": [{"enum": list(key.choices)}, {"type": "string", "pattern": r"\{"}]}
    return {**base, "enum": list(key.choices)}


def key_schema(key: Key) -> dict[str, Any]:
    """The JSON Schema of one declared kit.toml key."""
    number = {"type": "number", "minimum": key.lo, "maximum": key.hi}
    number = {k: v for k, v in number.items() if v is not None}
    by_type: dict[str, dict[str, Any]] = {
        "string": {"type": "string"},
        "template": {"type": "string"},
        "name": {"type": "string", "pattern": _anchored(keys.NAME)},
        "colour": {"type": "string", "pattern": f"{_anchored(keys.COLOUR)}|{_anchored(keys.PRINT_COLOUR)}"},
        "integer": {**number, "type": "integer"},
        "number": number,
        "boolean": {"type": "boolean"},
        "measure": {"type": ["number", "string"]},
        "limit": {"type": ["number", "string"]},
        "param number": {"anyOf": [{**number, "type": "integer"} if isinstance(key.default, int) else number,
                                   {"type": "string", "pattern": _anchored(keys.PARAM_REF)}]},
        "files": {"type": "array", "items": {"type": "string", "minLength": 1}},
        "names": {"type": "array", "uniqueItems": True, **({"minItems": 1} if key.required else {}),
                  "items": {"type": "string", **({"pattern": _anchored(key.pattern)} if key.pattern else {})}},
        "size": {"anyOf": [{"enum": list(key.choices)},
                           {"type": "array", "items": number, "minItems": 2, "maxItems": 2}]},
        "types": {"type": "object", "additionalProperties": {"enum": list(key.choices)}},
        "points": {"type": "array", "minItems": 3, "items": {"type": "array", "items": {"type": "number"},
                                                               "minItems": 2, "maxItems": 2}},
        "dash": {"type": "array", "items": {"type": "number", "minimum": 0.05, "maximum": 10_000}},
        "choices": {"type": "array", "minItems": 1, "items": {"type": ["string", "number", "boolean"]}},
    }
    schema = by_type[key.type] if key.type in ("size", "types") else _with_choices(key, by_type[key.type])
    if key.pattern is not None and key.type != "names":
        schema = {**schema, "pattern": _anchored(key.pattern)}
    if key.default is not None and key.default is not REQUIRED:
        schema = {**schema, "default": key.default}
    return {**schema, "description": key.doc}


def table_schema(declared: Mapping[str, Key], description: str = "") -> dict[str, Any]:
    """An object of declared keys: the required ones required, no others allowed."""
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {name: key_schema(key) for name, key in declared.items()},
        "additionalProperties": False,
    }
    required = [name for name, key in declared.items() if key.required]
    if required:
        schema["required"] = required
    if description:
        schema["description"] = description
    return schema


def element_schema() -> dict[str, Any]:
    """A layout element: its ``type`` decides which other keys it takes."""
    schema = table_schema(keys.ELEMENT, "one element of a layout, drawn in the order written")
    schema["allOf"] = [
        {"if": {"properties": {"type": {"const": kind}}, "required": ["type"]},
         "then": {"propertyNames": {"enum": list(keys.element_keys(kind))}}}
        for kind in keys.ELEMENT_TYPES
    ]
    return schema


def _entry_names() -> dict[str, Any]:
    return {"pattern": _anchored(keys.ENTRY_NAME)}


def kit_schema() -> dict[str, Any]:
    """kit.toml: every table, array of tables, layout and element key the loader accepts."""
    font = table_schema(keys.FONT)
    layout = {
        "type": "object",
        "properties": {name: key_schema(key) for name, key in keys.LAYOUT.items()},
        "additionalProperties": {"$ref": "#/definitions/element"},
        "propertyNames": _entry_names(),
    }
    properties: dict[str, Any] = {name: table_schema(declared, keys.DOCUMENT[name].doc) for name, (_, declared) in keys.TABLES.items()}
    limit = table_schema(keys.PARAM_LIMIT)
    properties["kit"]["properties"]["paper"] = {"type": "string", "pattern": _any_case(keys.KIT["paper"].choices),
                                                "description": keys.KIT["paper"].doc}
    properties |= {
        "print": params_schema(PrintSettings, keys.DOCUMENT["print"].doc),
        "fonts": {"type": "object", "description": keys.DOCUMENT["fonts"].doc, "propertyNames": _entry_names(),
                  "additionalProperties": {"anyOf": [{"type": "string"}, font]}},
        "layouts": {"type": "object", "description": keys.DOCUMENT["layouts"].doc, "propertyNames": _entry_names(),
                    "additionalProperties": {"$ref": "#/definitions/layout"}},
        "param_limits": {"type": "object", "description": keys.DOCUMENT["param_limits"].doc,
                         "additionalProperties": {"anyOf": [limit, {"type": "object", "description": "a group of parameters",
                                                                    "properties": {"doc": limit["properties"]["doc"]},
                                                                    "additionalProperties": limit}]}},
        **_sets_schema(),
    }
    for name, key in keys.DOCUMENT.items():  # a table whose keys are the designer's own (no declarations)
        properties.setdefault(name, {"type": "object", "description": key.doc})
    return {
        "$schema": DRAFT,
        "title": "printkit kit.toml",
        "description": "A print-and-play kit from data: printkit build --kit FOLDER.",
        "type": "object",
        "properties": properties,
        "required": [name for name, key in keys.DOCUMENT.items() if key.required],
        "additionalProperties": False,
        "definitions": {"layout": layout, "element": element_schema()},
    }


def _sets_schema() -> dict[str, Any]:
    """The decks, token sheets and boards (each from data or drawn by a hook), ``[artwork]`` and ``[sections]``."""
    found: dict[str, Any] = {}
    for name, (doc, declared) in keys.ARRAYS.items():
        entry = {"anyOf": [table_schema(declared, doc), table_schema(keys.DRAWN, "drawn by a hook of the kit folder")]}
        found[name] = {"description": doc, "anyOf": [{"type": "array", "items": entry}, entry]}
    found["artwork"] = {"type": "object", "description": keys.DOCUMENT["artwork"].doc, "propertyNames": _entry_names(),
                        "additionalProperties": {"anyOf": [key_schema(keys.SECTION["sets"]), table_schema(keys.ARTWORK)]}}
    found["sections"] = {"type": "object", "description": keys.DOCUMENT["sections"].doc,
                         "additionalProperties": table_schema(keys.SECTION)}
    return found


def schema_text(schema: Mapping[str, Any]) -> str:
    """A schema as stable, readable JSON (sorted keys, a final newline)."""
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
