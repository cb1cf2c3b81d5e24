"""Where a key is written in a TOML file: its line, for messages and drawings that point a designer at kit.toml.

The standard library's TOML reader keeps no positions; this scanner reads the lines of a file that already parsed,
following its table headers (``[layouts.card.title]``, ``[[deck]]``), its keys (dotted ones too) and inline tables one
level deep (``title = { type = "text", ... }``). Multi-line strings and arrays are stepped over.
"""

from __future__ import annotations

import re

HEADER = re.compile(r"^\s*(\[\[?)\s*(.+?)\s*\]\]?\s*(?:#.*)?$")
ASSIGN = re.compile(r"""^\s*((?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*'))*)\s*=(.*)$""")
PART = re.compile(r"""\s*([A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')\s*(?:\.|$)""")
INLINE_KEY = re.compile(r"""[{,]\s*([A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')\s*=""")


def _parts(dotted: str) -> list[str]:
    """``a."b.c".d`` as ``["a", "b.c", "d"]``."""
    return [part.strip("\"'") for part in PART.findall(dotted)]


def _opens(value: str) -> tuple[str, int]:
    """What a value leaves open at the end of its line: a triple-quoted string's quotes, and how many brackets it
    opens (negative: closes) outside strings and comments."""
    depth, i, text = 0, 0, value
    while i < len(text):
        if text.startswith(('"""', "'''"), i):
            end = text.find(text[i:i + 3], i + 3)
            if end < 0:
                return text[i:i + 3], depth
            i = end + 3
            continue
        ch = text[i]
        if ch in "\"'":
            end = text.find(ch, i + 1)
            i = len(text) if end < 0 else end + 1
            continue
        if ch == "#":
            break
        depth += {"[": 1, "{": 1, "]": -1, "}": -1}.get(ch, 0)
        i += 1
    return "", depth


def key_lines(text: str) -> dict[str, int]:
    """Each table and key of a TOML document (dotted, arrays of tables indexed: ``deck[1].front``) -> its 1-based line
    (the first place it is written)."""
    lines: dict[str, int] = {}
    counts: dict[str, int] = {}
    prefix: list[str] = []
    quote, depth = "", 0
    for number, line in enumerate(text.splitlines(), start=1):
        if quote:
            if quote in line:
                quote = ""
            continue
        if depth:
            depth = max(0, depth + _opens(line)[1])
            continue
        header = HEADER.match(line)
        if header and not ASSIGN.match(line):
            prefix = _table(header, counts, lines, number)
            continue
        assign = ASSIGN.match(line)
        if assign is None:
            continue
        key = ".".join([*prefix, *_parts(assign.group(1))])
        lines.setdefault(key, number)
        value = assign.group(2)
        if value.lstrip().startswith("{"):
            for inner in INLINE_KEY.findall(value):
                lines.setdefault(f"{key}.{inner.strip(chr(34) + chr(39))}", number)
        quote, depth = _opens(value)
        depth = max(depth, 0)
    for base, count in counts.items():  # a single [[deck]] is named `deck` in messages: `deck.front` is `deck[0].front`
        if count == 1:
            for key, number in list(lines.items()):
                if key.startswith(f"{base}[0]."):
                    lines.setdefault(base + key[len(base) + 3:], number)
    return lines


def _table(header: re.Match[str], counts: dict[str, int], lines: dict[str, int], number: int) -> list[str]:
    """The key path a ``[table]`` or ``[[array.of.tables]]`` header opens (the array's entry indexed), noted in ``lines``."""
    parts = _parts(header.group(2))
    if header.group(1) == "[[":
        base = ".".join(parts)
        index = counts.get(base, 0)
        counts[base] = index + 1
        parts = [*parts[:-1], f"{parts[-1]}[{index}]"]
        lines.setdefault(base, number)
    lines.setdefault(".".join(parts), number)
    return parts


def line_of(lines: dict[str, int], key: str) -> int | None:
    """The line of ``key`` or, when it is not written itself, of the nearest table above it that is."""
    parts = key.split(".")
    while parts:
        found = lines.get(".".join(parts))
        if found is not None:
            return found
        parts.pop()
    return None
