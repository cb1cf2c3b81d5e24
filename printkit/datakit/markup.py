"""Inline bold and italic in card text: ``**Gain**`` or ``<b>Gain</b>`` (``<strong>``), ``*once*`` or
``<i>once</i>`` (``<em>``); ``\\*`` is a literal asterisk.

A marker without its partner stays as written, and ``*`` next to a space opens or closes nothing
(``2 * 3`` keeps its asterisk), so plain text reads as it always did.
"""

from __future__ import annotations

import re

Segment = tuple[str, bool, bool]
"""Text and whether it is bold and italic."""

MARK = re.compile(r"\\\*|\*\*|\*|</?(?:b|strong|i|em)>")
KIND = {"**": "b", "<b>": "b", "<strong>": "b", "*": "i", "<i>": "i", "<em>": "i"}
OPENER = {"</b>": "<b>", "</strong>": "<strong>", "</i>": "<i>", "</em>": "<em>"}


def _pairs(text: str, marks: list[re.Match[str]]) -> dict[int, int]:
    """Marker index -> +1 (opens) or -1 (closes) for the markers that pair up; the rest are literal."""
    paired: dict[int, int] = {}
    stack: list[int] = []
    for k, mark in enumerate(marks):
        literal = mark.group()
        before = text[mark.start() - 1] if mark.start() > 0 else " "
        after = text[mark.end()] if mark.end() < len(text) else " "
        symmetric = literal in ("**", "*")
        wanted = literal if symmetric else OPENER.get(literal)
        if wanted is not None and (not symmetric or not before.isspace()):
            match = next((i for i in range(len(stack) - 1, -1, -1) if marks[stack[i]].group() == wanted), None)
            if match is not None:
                paired[stack[match]], paired[k] = 1, -1
                del stack[match:]
                continue
        if literal in KIND and (not symmetric or not after.isspace()):
            stack.append(k)
    return paired


def segments(text: str) -> list[Segment]:
    """The text split where its style changes, markers taken out."""
    marks = list(MARK.finditer(text))
    paired = _pairs(text, marks)
    depth = {"b": 0, "i": 0}
    out: list[Segment] = []

    def add(piece: str) -> None:
        style = (depth["b"] > 0, depth["i"] > 0)
        if out and out[-1][1:] == style:
            out[-1] = (out[-1][0] + piece, *style)
        elif piece:
            out.append((piece, *style))

    pos = 0
    for k, mark in enumerate(marks):
        add(text[pos:mark.start()])
        pos = mark.end()
        literal = mark.group()
        if k in paired:
            depth[KIND[literal if paired[k] > 0 else OPENER.get(literal, literal)]] += paired[k]
        else:
            add("*" if literal == "\\*" else literal)
    add(text[pos:])
    return out
