"""The rule sheet as Markdown in a kit's output: rules.md with its pictures beside it, drawn as rules.pdf draws them.

rules.md places pictures by sources only printkit reads: a file of the kit folder (``art/map.svg``, not copied to the
output), the printed pieces (``pieces:commit-2-3,commit-1-2@60%``), a position of the example game (``game:7``). The
output's rules.md links each to an SVG of its own under ``rules/`` instead, the drawing rules.pdf places, so the
gallery's kit page and any Markdown viewer show the figures.
"""

from __future__ import annotations

import re
from typing import Callable, Mapping

from printkit.draw.shapes import Drawing
from printkit.draw.svg import to_svg

FOLDER = "rules"
"""The folder of the rule sheet's pictures in a kit's output."""
PICTURE = re.compile(r"(!\[(?:[^\]\\\n]|\\.)*\]\()(<[^>\n]*>|[^)\s]+)((?:\s+\"[^\"\n]*\")?\))")
"""``![caption](target "title")``: the caption and opening, the target (``<...>`` allowed), the rest."""


FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")


def _outside_code(text: str, change: Callable[[str], str]) -> str:
    """``text`` with ``change`` applied to what is not code: fenced blocks and `` `code` `` spans stay as written (a
    sheet that shows the syntax ``![...](game:7)`` keeps it)."""
    out: list[str] = []
    fence = ""
    for line in text.split("\n"):
        opened = FENCE.match(line)
        if fence:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence) and not line.strip().strip(fence[0]):
                fence = ""
            out.append(line)
            continue
        if opened:
            fence = opened.group(1)
            out.append(line)
            continue
        parts, last = [], 0
        for span in CODE_SPAN.finditer(line):
            parts += [change(line[last:span.start()]), span.group(0)]
            last = span.end()
        out.append("".join(parts) + change(line[last:]))
    return "\n".join(out)


def sheet_files(text: str, pictures: Mapping[str, Drawing]) -> dict[str, bytes]:
    """``rules.md`` (``text`` with every picture of ``pictures`` linked to its file) and ``rules/figure-N-NAME.svg``,
    one per picture placed, numbered in the order the sheet first places them."""
    names: dict[str, str] = {}

    def linked(match: re.Match[str]) -> str:
        target = match.group(2)
        source = target[1:-1] if target.startswith("<") else target
        if source not in pictures:
            return match.group(0)
        if source not in names:
            slug = re.sub(r"[^a-z0-9]+", "-", source.lower()).strip("-")[:40].rstrip("-")
            names[source] = f"{FOLDER}/figure-{len(names) + 1}-{slug}.svg"
        return f"{match.group(1)}{names[source]}{match.group(3)}"

    files = {"rules.md": _outside_code(text, lambda part: PICTURE.sub(linked, part)).encode("utf-8")}
    files.update({name: to_svg(pictures[source]).encode("utf-8") for source, name in names.items()})
    return files
