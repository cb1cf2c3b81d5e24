"""Reference tables in Markdown, generated from the code: kit.toml keys, config.toml keys, commands and flags, and a
complete kit.toml of a real kit.

They are written into the committed pages between ``<!-- printkit:NAME -->`` and ``<!-- /printkit -->`` by
``python -m printkit.docs.reference`` (a test fails when a page is stale), so a key or flag added to the code appears
in the docs with its default, limits and meaning, read on GitHub or in any Markdown viewer as on the site (whose hook,
``docs/hooks.py``, fills the same sections again).
"""

from __future__ import annotations

import dataclasses
import re
import sys
import typing
from pathlib import Path
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
    "limit": "a number, or text naming other parameters of the table: `\"size\"`, `\"size * size - 1\"`",
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


# --- a complete kit.toml ---------------------------------------------------------------------------

EXAMPLE_GAME = "tokentactics"
"""The built-in game whose kit folder's kit.toml the docs show whole: every kind of table a kit may hold but fonts."""


def _anchor(title: str) -> str:
    """The anchor MkDocs (and GitHub) give a heading: ``## `[[deck]]` `` -> ``deck``."""
    return re.sub(r"[^a-z0-9 _-]", "", title.lower()).strip().replace(" ", "-")


def kit_toml_example_markdown() -> str:
    """Token Tactics' kit.toml, whole and numbered, with a table of where each of its tables starts and what it holds
    (linked to the key reference)."""
    from printkit.games import kit_folder
    from printkit.userinput.tomllines import key_lines

    text = (kit_folder(EXAMPLE_GAME) / "kit.toml").read_text(encoding="utf-8")
    lines = key_lines(text)
    headings = {f"[{name}]" if key.type == "table" else f"[[{name}]]": name for name, key in keys.DOCUMENT.items()}
    section = {"layouts": "[layouts.<name>]", "sections": "[sections.<name>]"}
    anchors = {_anchor(line[3:]) for line in kit_toml_markdown().splitlines() if line.startswith("## ")}
    rows = []
    for written, name in headings.items():
        first = min((n for key, n in lines.items() if key == name or key.startswith((f"{name}.", f"{name}["))), default=None)
        if first is None:
            continue
        title = section.get(name, written)
        count = sum(1 for line in text.splitlines() if line.strip().startswith(f"[[{name}]]")) if written.startswith("[[") else 0
        shown = f"`{title}`" + (f" (x{count})" if count > 1 else "")
        anchor = _anchor(title) if _anchor(title) in anchors else "tables"  # [params] has no keys of its own to list
        rows.append((f"[{shown}](kit-toml.md#{anchor})", str(first), keys.DOCUMENT[name].doc))
    rows.sort(key=lambda row: int(row[1]))
    return (_table(("table", "first line", "what it holds"), rows)
            + f"\n```toml linenums=\"1\"\n{text.rstrip()}\n```\n")


GENERATED: dict[str, Callable[[], str]] = {
    "kit-toml": kit_toml_markdown,
    "config-toml": config_toml_markdown,
    "commands": commands_markdown,
    "kit-toml-example": kit_toml_example_markdown,
}
"""The generated sections by marker name: ``<!-- printkit:kit-toml -->`` in a page becomes its tables."""

MARKER = re.compile(r"<!--\s*printkit:([a-z-]+)\s*-->(?:.*?<!--\s*/printkit\s*-->)?", re.S)
"""``<!-- printkit:NAME -->``, followed by the generated text up to ``<!-- /printkit -->`` (written by
:func:`refreshed`; the site's hook replaces both)."""
DOCS = Path(__file__).resolve().parents[2] / "docs"
"""The documentation's Markdown, beside the package in a clone of printkit's repository."""


def generated(name: str, where: str) -> str:
    """The generated section ``name`` (an unknown name is a ValueError naming the page ``where``)."""
    if name not in GENERATED:
        raise ValueError(f"{where}: unknown generated section {name!r} (known: {', '.join(GENERATED)})")
    return GENERATED[name]()


def refreshed(markdown: str, where: str) -> str:
    """``markdown`` with every generated section written out afresh between its markers (kept, so it can be refreshed
    again)."""
    def section(match: re.Match[str]) -> str:
        name = match.group(1)
        return f"<!-- printkit:{name} -->\n<!-- generated by `python -m printkit.docs.reference`: edit the code, not this -->\n\n" \
               f"{generated(name, where).rstrip()}\n\n<!-- /printkit -->"
    return MARKER.sub(section, markdown)


def stale_pages(docs: Path = DOCS) -> dict[Path, str]:
    """Each page under ``docs`` whose generated sections differ from the code's, with its fresh text."""
    found: dict[Path, str] = {}
    for page in sorted(docs.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        if MARKER.search(text) is None:
            continue
        fresh = refreshed(text, str(page.relative_to(docs)))
        if fresh != text:
            found[page] = fresh
    return found


def main(argv: list[str]) -> int:
    """``python -m printkit.docs.reference [--check]``: write the generated sections into docs/ (``--check``: only say
    which pages are stale, exit 1 if any is)."""
    stale = stale_pages()
    for page, text in stale.items():
        if "--check" not in argv:
            page.write_text(text, encoding="utf-8")
        print(f"{'stale' if '--check' in argv else 'wrote'} {page.relative_to(DOCS.parent)}")
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
