"""Reference tables in Markdown, generated from the code: kit.toml keys, config.toml keys, commands and flags.

The documentation site puts them into its pages (``<!-- printkit:NAME -->`` markers, see ``docs/hooks.py``),
so a key or flag added to the code appears in the docs with its default, limits and meaning.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any, Callable, Mapping

import click

from printkit.datakit import keys
from printkit.datakit.keys import REQUIRED, Key
from printkit.params import describe
from printkit.press.settings import PrintSettings


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _code(value: Any) -> str:
    if isinstance(value, tuple):
        value = list(value)
    if isinstance(value, str):
        return f'`"{value}"`' if value else '`""`'
    if isinstance(value, list):
        return "`[" + ", ".join(describe(v).strip("'") if not isinstance(v, str) else f'"{v}"' for v in value) + "]`"
    return f"`{describe(value)}`"


# --- kit.toml ---------------------------------------------------------------------------------------


def _limits(key: Key) -> str:
    parts = []
    if key.type in ("name", "colour"):
        parts.append({"name": "lowercase letters, digits, `-`, `_`", "colour": "`#rrggbb`"}[key.type])
    if key.type == "size":
        parts.append(", ".join(f"`{c}` ({w:g} x {h:g})" for c, (w, h) in keys.CARD_SIZES.items()))
    elif key.choices:
        parts.append(", ".join(f"`{c}`" for c in key.choices))
    if key.lo is not None:
        parts.append(f"{key.lo:g} to {key.hi:g}")
    if key.pattern is not None:
        parts.append(f"matching `{key.pattern}`")
    if key.example is not None:
        parts.append(f"e.g. {_code(key.example)}")
    return "; ".join(parts)


def _default(key: Key) -> str:
    if key.default is REQUIRED:
        return "**required**"
    return "" if key.default is None else _code(key.default)


def key_rows(declared: Mapping[str, Key]) -> list[tuple[str, ...]]:
    """(key, type, default, allowed, meaning) for every declared key of a table."""
    return [(f"`{name}`", key.type, _default(key), _limits(key), key.doc) for name, key in declared.items()]


KEY_HEADER = ("key", "type", "default", "allowed", "meaning")
TYPES = {
    "string": "text", "integer": "a whole number", "number": "a number", "boolean": "`true` or `false`",
    "name": "a short name (it becomes a file or folder name)",
    "colour": "a colour `#rrggbb` (a board's colours also `\"{print.colours.NAME}\"`: a colour of the print settings)",
    "size": "a card size name or `[width, height]` in mm", "types": "a table: column = `text`, `integer`, `number` or `colour`",
    "measure": "a number in mm (or points, degrees), a share of the frame (`\"25%\"`) or a `\"{field}\"` template",
    "param number": "a number, or `\"{params.NAME}\"`: the value of one of `[params]`",
    "choices": "a list of values", "files": "a list of file names of the kit folder",
    "names": "a list of names (`[\"market\", \"deck\"]`): of the kit's decks, token sheets and boards, or of the state's keys",
    "template": "text that may hold `{field}` from the row", "points": "`[[x, y], ...]` in mm", "dash": "a list of lengths in mm",
}


def kit_toml_markdown() -> str:
    """Every kit.toml key: tables, arrays of tables, layouts and element keys."""
    out = ["## Tables\n\n", _table(("table", "meaning"), [(f"`[{n}]`" if k.type == "table" else f"`[[{n}]]`", k.doc)
                                                         for n, k in keys.DOCUMENT.items()])]
    for name, (doc, declared) in keys.TABLES.items():
        out += [f"\n## `[{name}]`\n\n", doc[0].upper() + doc[1:] + ".\n\n", _table(KEY_HEADER, key_rows(declared))]
    out += ["\n## `[print]`\n\n", keys.DOCUMENT["print"].doc[0].upper() + keys.DOCUMENT["print"].doc[1:] + ": see "
            "[config.toml](config-toml.md#print). A kit's `[print]` table takes the same keys:\n\n",
            _table(("key", "default", "meaning"), [(f"`{k}`", _code(d), doc) for k, d, doc in _param_rows(PrintSettings)])]
    out += ["\n## `[param_limits]`\n\n", keys.DOCUMENT["param_limits"].doc[0].upper() + keys.DOCUMENT["param_limits"].doc[1:]
            + ". Each entry takes:\n\n", _table(KEY_HEADER, key_rows(keys.PARAM_LIMIT))]
    out += ["\n## `[artwork]`\n\n", keys.DOCUMENT["artwork"].doc[0].upper() + keys.DOCUMENT["artwork"].doc[1:]
            + ". An entry written as a table takes:\n\n", _table(KEY_HEADER, key_rows(keys.ARTWORK))]
    out += ["\n## `[sections.<name>]`\n\n", keys.DOCUMENT["sections"].doc[0].upper() + keys.DOCUMENT["sections"].doc[1:]
            + ". Each entry takes:\n\n", _table(KEY_HEADER, key_rows(keys.SECTION))]
    out += ["\n## `[fonts]`\n\n", keys.DOCUMENT["fonts"].doc[0].upper() + keys.DOCUMENT["fonts"].doc[1:] + ".\n\n",
            _table(KEY_HEADER, key_rows(keys.FONT))]
    for name, (doc, declared) in keys.ARRAYS.items():
        out += [f"\n## `[[{name}]]`\n\n", doc[0].upper() + doc[1:] + ".\n\n", _table(KEY_HEADER, key_rows(declared))]
    out += ["\n## A deck, token sheet or board drawn by Python\n\n", "Any `[[deck]]`, `[[tokens]]` or `[[board]]` may be "
            "drawn by a function of the kit folder's own Python instead of from data and layouts: it takes these keys "
            "only.\n\n", _table(KEY_HEADER, key_rows(keys.DRAWN))]
    out += ["\n## `[layouts.<name>]`\n\n", keys.DOCUMENT["layouts"].doc[0].upper() + keys.DOCUMENT["layouts"].doc[1:] + ".\n\n",
            _table(KEY_HEADER, key_rows(keys.LAYOUT)),
            "\n## Layout elements: `[layouts.<name>.<element>]`\n\n",
            _table(("key", "elements", "type", "default", "allowed", "meaning"),
                   [(f"`{n}`", "all" if k.elements == keys.ELEMENT_TYPES else ", ".join(k.elements), k.type, _default(k),
                     _limits(k), k.doc) for n, k in keys.ELEMENT.items()]),
            "\n## Value types\n\n", _table(("type", "what to write"), list(TYPES.items()))]
    return "".join(out)


# --- config.toml ------------------------------------------------------------------------------------


def _param_rows(cls: type, prefix: str = "") -> list[tuple[str, Any, str]]:
    """(dotted key, default, meaning with limits) for every parameter, nested tables flattened."""
    hints = typing.get_type_hints(cls)
    defaults = cls()
    rows: list[tuple[str, Any, str]] = []
    for fld in dataclasses.fields(cls):
        if dataclasses.is_dataclass(hints[fld.name]):
            rows += _param_rows(hints[fld.name], f"{prefix}{fld.name}.")  # type: ignore[arg-type]
            continue
        meta, limits = fld.metadata, []
        if meta.get("choices") is not None:
            limits.append("one of " + ", ".join(f"`{c}`" for c in meta["choices"]))
        if meta.get("min") is not None or meta.get("max") is not None:
            lo, hi = meta.get("min"), meta.get("max")
            limits.append(f"{lo:g} to {hi:g}" if lo is not None and hi is not None else
                          f"at least {lo:g}" if lo is not None else f"at most {hi:g}")
        if meta.get("pattern") is not None:
            limits.append(f"matching `{meta['pattern']}`")
        doc = meta.get("doc", "") + (f" ({'; '.join(limits)})" if limits else "")
        rows.append((f"{prefix}{fld.name}", getattr(defaults, fld.name), doc))
    return rows


def config_toml_markdown() -> str:
    """Every config.toml key: ``[print]`` and each game's ``[games.<game>]`` table."""
    from printkit.games import available, get_game

    header = ("key", "default", "meaning")
    out = ["## `[print]`\n\n", "Paper, bleed, marks, duplex and colours, shared by every kit.\n\n",
           _table(header, [(f"`{k}`", _code(d), doc) for k, d, doc in _param_rows(PrintSettings)])]
    for name in available():
        spec = get_game(name)
        out += [f"\n## `[games.{name}]`\n\n", f"{spec.title}: {(spec.params.__doc__ or '').strip().splitlines()[0]}\n\n",
                _table(header, [(f"`{k}`", _code(d), doc) for k, d, doc in _param_rows(spec.params)])]
    return "".join(out)


# --- commands ---------------------------------------------------------------------------------------


def _option_row(param: click.Parameter, ctx: click.Context) -> tuple[str, ...]:
    names = ", ".join(f"`{o}`" for o in (*param.opts, *param.secondary_opts))
    if isinstance(param, click.Argument):
        return (f"`{param.human_readable_name}`", "argument" + ("" if param.required else ", optional"), "")
    value = "" if getattr(param, "is_flag", False) else (param.metavar or param.type.get_metavar(param, ctx) or param.type.name.upper())
    if isinstance(param.type, click.IntRange) and not param.metavar:
        value = f"{param.type.min} to {param.type.max}" if param.type.max is not None else f"at least {param.type.min}"
    default = param.default if getattr(param, "show_default", False) and param.default is not None else None
    help_text = getattr(param, "help", None) or ""
    extra = [" (repeatable)" if param.multiple and "repeatable" not in help_text else "",
             f" (default: `{default}`)" if default not in (None, "", ()) else "",
             " (required)" if param.required else ""]
    return (names, f"`{value}`" if value else "flag", help_text + "".join(extra))


def _command_section(name: str, command: click.Command, parent: click.Context) -> str:
    ctx = click.Context(command, info_name=name, parent=parent)
    usage = " ".join(command.collect_usage_pieces(ctx))
    rows = [_option_row(p, ctx) for p in command.get_params(ctx) if "--help" not in p.opts]
    text = (command.help or "").strip()
    return (f"\n## `printkit {name}`\n\n{text}\n\n```text\nprintkit {name} {usage}\n```\n\n"
            + _table(("option", "value", "meaning"), rows))


def commands_markdown(group: click.Group | None = None, info_name: str = "printkit") -> str:
    """Every command of the ``printkit`` group with its usage and every option (from click's own objects)."""
    if group is None:
        from printkit.cli import main as group
    ctx = click.Context(group, info_name=info_name)
    names = group.list_commands(ctx)
    out = [_table(("command", "what it does"),
                  [(f"[`{n}`](#printkit-{n})", group.get_command(ctx, n).get_short_help_str(300)) for n in names])]  # type: ignore[union-attr]
    out += [_command_section(n, group.get_command(ctx, n), ctx) for n in names]  # type: ignore[arg-type]
    return "".join(out)


GENERATED: dict[str, Callable[[], str]] = {
    "kit-toml": kit_toml_markdown,
    "config-toml": config_toml_markdown,
    "commands": commands_markdown,
}
"""The generated sections by marker name: ``<!-- printkit:kit-toml -->`` in a page becomes its tables."""
