"""Text set in a box: words and inline icons wrapped, shrunk to fit (both axes), aligned both ways."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from printkit.draw import fonts
from printkit.draw.images import contain, natural_size
from printkit.draw.shapes import Shape, Text

ICON = re.compile(r":([a-z0-9][a-z0-9_-]*):")
MM_PER_PT = 25.4 / 72


@dataclass(frozen=True)
class Run:
    """A piece of a word: text, or an icon's image bytes."""

    text: str = ""
    icon: bytes | None = None


Word = tuple[Run, ...]


@dataclass(frozen=True)
class TextBox:
    """What to set and how: the box in mm, sizes in pt, alignment, colour."""

    x: float
    y: float
    w: float
    h: float
    size: float
    min_size: float
    bold: bool = False
    align: str = "left"
    valign: str = "top"
    colour: str = "#000000"
    wrap: bool = True
    line_height: float = 1.2
    font: str = ""
    """A kit's registered font (regular and bold alike), or "" for Vera."""


@dataclass(frozen=True)
class SetText:
    """The result: shapes to draw, the size chosen, and whether it fits at that size."""

    shapes: tuple[Shape, ...]
    size: float
    fits: bool


def words(text: str, icon: Callable[[str], bytes | None]) -> list[list[Word]]:
    """Paragraphs of words; ``:name:`` becomes an icon where ``icon(name)`` has one."""
    paragraphs = []
    for paragraph in text.replace("\r\n", "\n").split("\n"):
        line: list[Word] = []
        for chunk in paragraph.split():
            runs: list[Run] = []
            pos = 0
            for match in ICON.finditer(chunk):
                data = icon(match.group(1))
                if data is None:
                    continue
                if match.start() > pos:
                    runs.append(Run(chunk[pos:match.start()]))
                runs.append(Run(icon=data))
                pos = match.end()
            if pos < len(chunk):
                runs.append(Run(chunk[pos:]))
            line.append(tuple(runs))
        paragraphs.append(line)
    return paragraphs


def _icon_width(data: bytes, size: float) -> float:
    _, nw, nh = natural_size(data)
    return size * MM_PER_PT * nw / nh


def _width(word: Word, size: float, box: TextBox) -> float:
    return sum(fonts.text_width(r.text, size, box.bold, box.font) if r.icon is None else _icon_width(r.icon, size) for r in word)


def _lines(paragraphs: list[list[Word]], size: float, box: TextBox) -> list[list[Word]]:
    space = fonts.text_width(" ", size, box.bold, box.font)
    lines: list[list[Word]] = []
    for paragraph in paragraphs:
        current: list[Word] = []
        width = 0.0
        for word in paragraph:
            ww = _width(word, size, box)
            if box.wrap and current and width + space + ww > box.w:
                lines.append(current)
                current, width = [word], ww
            else:
                width = width + space + ww if current else ww
                current.append(word)
        lines.append(current)
    return lines


def _line_width(line: list[Word], size: float, box: TextBox) -> float:
    return sum(_width(w, size, box) for w in line) + fonts.text_width(" ", size, box.bold, box.font) * max(0, len(line) - 1)


def _fits(lines: list[list[Word]], size: float, box: TextBox) -> bool:
    leading = size * box.line_height * MM_PER_PT
    height = (len(lines) - 1) * leading + fonts.ascent(size, box.font) + fonts.descent(size, box.font)
    return height <= box.h + 1e-6 and all(_line_width(ln, size, box) <= box.w + 1e-6 for ln in lines)


def _shapes(lines: list[list[Word]], size: float, box: TextBox) -> list[Shape]:
    leading = size * box.line_height * MM_PER_PT
    asc = fonts.ascent(size, box.font)
    block = (len(lines) - 1) * leading + asc + fonts.descent(size, box.font)
    top = box.y + {"top": 0.0, "middle": (box.h - block) / 2, "bottom": box.h - block}[box.valign]
    bounds = (box.x, box.y, box.w, box.h)
    space = fonts.text_width(" ", size, box.bold, box.font)
    shapes: list[Shape] = []
    for i, line in enumerate(lines):
        width = _line_width(line, size, box)
        x = box.x + {"left": 0.0, "center": (box.w - width) / 2, "right": box.w - width}[box.align]
        baseline = top + asc + i * leading
        pending, start = "", x
        for j, word in enumerate(line):
            for run in word:
                if run.icon is None:
                    pending += run.text
                    x += fonts.text_width(run.text, size, box.bold, box.font)
                    continue
                if pending:
                    shapes.append(Text(start, baseline, pending, size, box.bold, "start", box.colour, bounds, font=box.font))
                iw = _icon_width(run.icon, size)
                ih = size * MM_PER_PT
                shapes.append(contain(run.icon, x, baseline - asc / 2 - ih / 2, iw, ih))
                x += iw
                pending, start = "", x
            if j < len(line) - 1:
                pending += " "
                x += space
        if pending.strip():
            shapes.append(Text(start, baseline, pending, size, box.bold, "start", box.colour, bounds, font=box.font))
    return shapes


def set_text(text: str, box: TextBox, icon: Callable[[str], bytes | None]) -> SetText:
    """The text at the largest size (0.25 pt steps, from ``size`` down to ``min_size``) that fits the box.

    Text that does not fit even at ``min_size`` is set at ``min_size`` (``fits`` False). Every line
    carries its box, so the shared kit check measures it too.
    """
    paragraphs = words(text, icon)
    steps = int((box.size - box.min_size + 1e-9) // 0.25) + 1
    setting: dict[int, tuple[list[list[Word]], float, bool]] = {}

    def fits(step: int) -> bool:
        size = box.size - 0.25 * step
        lines = _lines(paragraphs, size, box)
        setting[step] = (lines, size, _fits(lines, size, box))
        return setting[step][2]

    # A smaller size never needs more room, so the largest size that fits is found by bisection:
    # a few layouts of the text instead of one per 0.25 pt step (400 pt down to 2 pt is 1,593 steps).
    if fits(0) or not fits(steps - 1):
        step = 0 if setting[0][2] else steps - 1
    else:
        low, high = 0, steps - 1  # low does not fit, high fits
        while high - low > 1:
            middle = (low + high) // 2
            low, high = (low, middle) if fits(middle) else (middle, high)
        step = high
    lines, size, ok = setting[step]
    return SetText(tuple(_shapes(lines, size, box)), size, ok)
