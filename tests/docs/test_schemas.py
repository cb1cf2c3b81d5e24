"""kit.toml and config.toml: the loaders, the JSON Schemas and the reference pages agree key for key."""

from __future__ import annotations

import dataclasses
import json
import re
import tomllib
import typing
from pathlib import Path
from typing import Any, Mapping

import jsonschema
import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.config import default_config_text, load_config
from printkit.datakit import keys
from printkit.datakit.keys import REQUIRED, Key
from printkit.datakit.reader import Table
from printkit.datakit.schema import parse_kit
from printkit.docs.reference import commands_markdown, config_toml_markdown, kit_toml_markdown
from printkit.docs.schemas import config_schema, kit_schema
from printkit.errors import ConfigError
from printkit.games import available, get_game
from printkit.press.settings import PrintSettings
from tests.datakit.helpers import CARD

ROOT = Path(__file__).resolve().parents[2]
KIT = jsonschema.Draft7Validator(kit_schema())
CONFIG = jsonschema.Draft7Validator(config_schema())

EXAMPLES: dict[str, Any] = {
    "string": "x", "template": "{title}", "name": "x-1", "colour": "#123456", "integer": 3, "number": 20.0,
    "boolean": True, "measure": 4.0, "param number": 20.0, "size": "bridge", "types": {"cost": "integer"},
    "points": [[0, 0], [5, 0], [0, 5]], "dash": [1.0, 1.0],
}


def example(name: str, key: Key) -> Any:
    """A value the loader must accept for a declared key."""
    if key.example is not None:
        return key.example
    if name in ("front", "back"):
        return "face"
    if name == "data":
        return "cards.csv"
    if key.choices and key.type not in ("size", "types"):
        return key.choices[-1]
    value = EXAMPLES[key.type]
    if key.lo is not None and isinstance(value, (int, float)) and not isinstance(value, bool):
        return type(value)(max(key.lo, min(key.hi, value)))  # type: ignore[type-var]
    return value


def full_table(declared: Mapping[str, Key], **fixed: Any) -> dict[str, Any]:
    return {name: fixed.get(name, example(name, key)) for name, key in declared.items()}


def full_kit() -> dict[str, Any]:
    """A kit.toml using every declared key of every table and every element type's every key."""
    elements = {}
    for kind in keys.ELEMENT_TYPES:
        names = keys.element_keys(kind)
        element = {name: example(name, keys.ELEMENT[name]) for name in names}
        element["type"] = kind
        if kind == "polygon":
            element.pop("points")  # points or sides: both are tried, one element each
            elements["polygon-points"] = {**{k: v for k, v in element.items() if k != "sides"}, "points": [[0, 0], [5, 0], [0, 5]]}
        elements[kind] = element
    fixed: dict[str, dict[str, Any]] = {"kit": {"name": "full", "paper": "a4"}, "rules": {"font": "body"}, "deck": {"name": "cards"},
                                        "tokens": {"name": "coins", "shape": "hex"},
                                        "board": {"name": "map", "shape": "track", "rows": 5, "columns": 5, "spaces": 10}}
    doc = {
        **{name: full_table(declared, **fixed.get(name, {})) for name, (_, declared) in keys.TABLES.items()},
        "print": {"bleed_mm": 2.0},
        "fonts": {"body": full_table(keys.FONT), "title": "fonts/Title.ttf"},
        "layouts": {"base": elements, "face": {"extends": "base"}},
        **{name: [full_table(declared, **fixed.get(name, {}))] for name, (_, declared) in keys.ARRAYS.items()},
    }
    del doc["deck"][0]["rules_rows"]  # a data file or rows computed by rules.py: the deck reads a file, the tokens rows
    for name in ("data", "sheet", "delimiter"):
        del doc["tokens"][0][name]
    spaces = ("rules_rows", "space", "id", "class")  # a `spaces` board's own keys: a second board has them
    doc["board"].append({"name": "chart", "shape": "spaces", **{k: doc["board"][0].pop(k) for k in spaces}})
    doc["board"][1]["space"] = "face"
    del doc["board"][0]["last"]  # a track's `spaces` or its `last` space: a third board ends on its last
    doc["board"].append({"name": "race", "shape": "track", "last": 9, "cell_mm": 20})
    return doc


def test_every_declared_key_is_accepted_by_the_loader_and_the_schema() -> None:
    doc = full_kit()
    spec = parse_kit(doc, "kit.toml")
    assert spec.decks[0].back == "face" and spec.tokens[0].shape == "hex" and spec.boards[0].spaces == 10
    assert (spec.boards[2].spaces, spec.boards[2].columns, spec.boards[2].rows) == (10, 5, 2)  # 0 to 9 round a 5 x 2 frame
    assert spec.decks[0].data.path and spec.tokens[0].data.computed == keys.ROWS["rules_rows"].example
    assert set(spec.layouts["face"].elements[0].props) | {"type", "frame", "when"} >= set(keys.element_keys("rect"))
    assert not list(KIT.iter_errors(doc)), [e.message for e in KIT.iter_errors(doc)]


def _known_keys(doc: dict[str, Any]) -> set[str]:
    with pytest.raises(ConfigError) as caught:
        parse_kit(doc, "kit.toml")
    found = re.search(r"unknown key(?: for an? \w+)? \((?:did you mean '[^']*'\? )?known keys: ([^)]*)\)", caught.value.message)
    assert found, caught.value.message
    return set(found.group(1).split(", "))


@pytest.mark.parametrize("path, declared", [
    *[((name,), declared) for name, (_, declared) in keys.TABLES.items()], (("fonts", "body"), keys.FONT),
    *[((name, 0), declared) for name, (_, declared) in keys.ARRAYS.items()],
    *[(("layouts", "base", kind), {k: keys.ELEMENT[k] for k in keys.element_keys(kind)}) for kind in keys.ELEMENT_TYPES],
])
def test_the_loader_reads_exactly_the_declared_keys(path: tuple[Any, ...], declared: Mapping[str, Key]) -> None:
    """An undeclared key is refused by loader and schema alike, and the loader's known keys are the declared ones."""
    doc = full_kit()
    table = doc
    for part in path:
        table = table[part]
    table["undocumented"] = 1
    assert _known_keys(doc) == set(declared)
    assert any("undocumented" in e.message or e.validator in ("anyOf", "propertyNames") for e in KIT.iter_errors(doc))


def test_top_level_tables_are_the_declared_ones() -> None:
    doc = {**full_kit(), "undocumented": {}}
    with pytest.raises(ConfigError, match="unknown key"):
        parse_kit(doc, "kit.toml")
    assert not KIT.is_valid(doc)
    assert set(kit_schema()["properties"]) == set(keys.DOCUMENT)


def test_a_key_read_without_a_declaration_is_a_programming_error() -> None:
    with pytest.raises(LookupError, match="not declared in printkit/datakit/keys.py"):
        Table({"undeclared": ";"}, "kit.toml", "deck", keys.DECK).get("undeclared", str)


def _bad_values(key: Key) -> list[Any]:
    if key.type in ("integer", "number"):
        return [key.hi + 1, key.lo - 1] if key.lo is not None else ["ten"]  # type: ignore[operator]
    if key.type == "param number":
        return [key.hi + 1, key.lo - 1, "ten", "{params.ten"]  # type: ignore[operator]
    if key.type == "boolean":
        return ["yes"]
    if key.type in ("name", "colour"):
        return ["Not Valid!"]
    if key.type == "string" and key.choices:
        return ["nonsense"]
    if key.pattern is not None:
        return ["\x01 matches no pattern"]
    return []


CASES = [(table, name, bad) for table, declared in (("kit", keys.KIT), ("deck", keys.DECK), ("tokens", keys.TOKENS), ("board", keys.BOARD))
         for name, key in declared.items() for bad in _bad_values(key) if (table, name) != ("kit", "paper")]


@pytest.mark.parametrize("table, name, bad", CASES)
def test_loader_and_schema_refuse_the_same_bad_values(table: str, name: str, bad: Any) -> None:
    doc = full_kit()
    (doc[table] if table == "kit" else doc[table][0])[name] = bad
    with pytest.raises(ConfigError):
        parse_kit(doc, "kit.toml")
    assert not KIT.is_valid(doc)


def test_schema_accepts_every_kit_in_the_repository() -> None:
    """The starter kit, the bench's kit and the tests' kits: valid for the loader, so valid for the schema."""
    starter = (ROOT / "printkit/datakit/scaffold/kit.toml").read_text(encoding="utf-8").replace("__NAME__", "starter")
    docs = {"scaffold": tomllib.loads(starter), "bench": tomllib.loads((ROOT / "bench/common-deck/kit.toml").read_text("utf-8")),
            "tests/datakit/helpers.CARD": tomllib.loads(CARD)}
    for where, doc in docs.items():
        parse_kit(doc, where)
        assert not list(KIT.iter_errors(doc)), (where, [e.message for e in KIT.iter_errors(doc)])
    layouts = jsonschema.Draft7Validator({**kit_schema(), "required": []})
    for path in sorted((ROOT / "printkit/games").glob("*/*_cards.toml")):
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        assert set(doc) <= {"layouts"} and layouts.is_valid(doc), path


def _param_keys(cls: type, prefix: str) -> list[tuple[str, dataclasses.Field[Any], Any]]:
    hints = typing.get_type_hints(cls)
    rows = []
    for fld in dataclasses.fields(cls):
        if dataclasses.is_dataclass(hints[fld.name]):
            rows += _param_keys(hints[fld.name], f"{prefix}.{fld.name}")  # type: ignore[arg-type]
        else:
            rows.append((f"{prefix}.{fld.name}", fld, hints[fld.name]))
    return rows


CONFIG_KEYS = _param_keys(PrintSettings, "print") + [row for g in available() for row in _param_keys(get_game(g).params, f"games.{g}")]


def _nest(dotted: str, value: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {}
    node = doc
    *parents, last = dotted.split(".")
    for part in parents:
        node = node.setdefault(part, {})
    node[last] = value
    return doc


def test_schema_accepts_every_config_in_the_repository() -> None:
    for text in ((ROOT / "config.toml").read_text(encoding="utf-8"), default_config_text()):
        doc = tomllib.loads(text)
        assert not list(CONFIG.iter_errors(doc)), [e.message for e in CONFIG.iter_errors(doc)]


@pytest.mark.parametrize("dotted, fld, tp", CONFIG_KEYS, ids=[k for k, _, _ in CONFIG_KEYS])
def test_config_loader_and_schema_agree_on_every_key(dotted: str, fld: dataclasses.Field[Any], tp: Any, tmp_path: Path) -> None:
    """Each key: its default accepted by both; a value past its limits or of the wrong type refused by both."""
    def loads(doc: dict[str, Any]) -> bool:
        path = tmp_path / "c.toml"
        path.write_text(_toml(doc), encoding="utf-8")
        try:
            load_config(path)
        except ConfigError:
            return False
        return True

    good = _nest(dotted, fld.default if not isinstance(fld.default, tuple) else list(fld.default))
    assert loads(good) and CONFIG.is_valid(good)
    meta = fld.metadata
    bad_values: list[Any] = [{"a": 1}]
    if meta.get("max") is not None:
        bad_values.append(meta["max"] + 1)
    if meta.get("min") is not None:
        bad_values.append(meta["min"] - 1)
    if meta.get("choices") is not None:
        bad_values.append("nonsense")
    for bad in bad_values:
        doc = _nest(dotted, bad)
        assert not loads(doc) and not CONFIG.is_valid(doc), (dotted, bad)
    unknown = _nest(dotted.rsplit(".", 1)[0] + ".undocumented", 1)
    assert not loads(unknown) and not CONFIG.is_valid(unknown)


def _toml(doc: Mapping[str, Any], prefix: str = "") -> str:
    """A nested mapping as TOML text (tables as [a.b] headers)."""
    lines, tables = [], []
    for key, value in doc.items():
        if isinstance(value, Mapping) and not (value == {"a": 1}):
            tables.append((key, value))
        else:
            lines.append(f"{key} = {_value(value)}")
    text = (f"[{prefix}]\n" if prefix and lines else "") + "".join(line + "\n" for line in lines)
    for key, value in tables:
        text += _toml(value, f"{prefix}.{key}" if prefix else key)
    return text


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return json.dumps(value)


def test_references_list_every_key_command_and_flag() -> None:
    kit_md = kit_toml_markdown()
    for declared in (keys.KIT, keys.RULES, keys.FONT, keys.DECK, keys.TOKENS, keys.BOARD, keys.LAYOUT, keys.ELEMENT):
        for name in declared:
            assert f"| `{name}` |" in kit_md, name
    config_md = config_toml_markdown()
    for dotted, _, _ in CONFIG_KEYS:
        parts = dotted.split(".")
        table, key = (parts[0], ".".join(parts[1:])) if parts[0] == "print" else (".".join(parts[:2]), ".".join(parts[2:]))
        section = f"## `[{table}]`"
        body = config_md.split(section, 1)[1].split("\n## ", 1)[0]
        assert f"| `{key}` |" in body, dotted
    commands_md = commands_markdown()
    for name, command in main.commands.items():
        section = commands_md.split(f"## `printkit {name}`", 1)[1].split("\n## ", 1)[0]
        for param in command.params:
            for opt in param.opts if param.param_type_name == "option" else ():
                assert f"`{opt}`" in section, (name, opt)


def test_new_writes_the_schema_and_points_kit_toml_at_it(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["new", str(tmp_path / "g")])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "g" / "kit.toml").read_text(encoding="utf-8")
    assert text.splitlines()[0] == "#:schema ./kit.schema.json"
    written = json.loads((tmp_path / "g" / "kit.schema.json").read_text(encoding="utf-8"))
    assert written == kit_schema()
    assert jsonschema.Draft7Validator(written).is_valid(tomllib.loads(text))
    assert "kit.schema.json" in result.output


@pytest.mark.parametrize("which, expected", [("kit", kit_schema), ("config", config_schema)])
def test_schema_command_prints_the_schema(which: str, expected: Any) -> None:
    result = CliRunner().invoke(main, ["schema", which])
    assert result.exit_code == 0 and json.loads(result.output) == expected()
    jsonschema.Draft7Validator.check_schema(json.loads(result.output))
    assert CliRunner().invoke(main, ["schema", "nope"]).exit_code == 1  # a command-line mistake: one error line, exit 1


def test_required_keys_are_required_by_both() -> None:
    for table in ("deck", "tokens", "board"):
        declared = dict(keys.ARRAYS[table][1])
        for name, key in declared.items():
            if key.default is not REQUIRED:
                continue
            doc = full_kit()
            del doc[table][0][name]
            with pytest.raises(ConfigError):
                parse_kit(doc, "kit.toml")
            assert not KIT.is_valid(doc), (table, name)


def test_a_key_pattern_and_example_reach_the_schema_and_the_reference() -> None:
    from printkit.docs.reference import key_rows
    from printkit.docs.schemas import key_schema

    key = Key("string", "the rules file", pattern=r"[^/]+\.py", example="rules.py")
    validator = jsonschema.Draft7Validator(key_schema(key))
    assert validator.is_valid("rules.py") and not validator.is_valid("rules.txt") and not validator.is_valid("a/rules.py")
    assert key_rows({"rules": key}) == [("`rules`", "string", "", "matching `[^/]+\\.py`; e.g. `\"rules.py\"`", "the rules file")]
