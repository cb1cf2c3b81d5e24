"""Text set in a box: words and inline icons wrapped, shrunk to fit (both axes), aligned both ways."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from printkit.datakit.markup import segments
from printkit.draw import fonts
from printkit.draw.images import contain, natural_size
from printkit.draw.shapes import Shape, Text
from printkit.markdown_blocks import ICON

MM_PER_PT = 25.4 / 72


@dataclass(frozen=True)
class Run:
    """A piece of a word: text, or an icon's image bytes."""

    text: str = ""
    icon: bytes | None = None
    bold: bool = False
    italic: bool = False


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
    """A kit's registered font (the element's face: bold when ``bold``), or "" for Vera."""
    bold_font: str = ""
    """The kit font's bold face, for ``**bold**`` runs ("" for Vera)."""
    icon_size: float = 1.0
    """Inline icons' height in ems of the text's size."""


@dataclass(frozen=True)
class SetText:
    """The result: shapes to draw, the size chosen, and whether it fits at that size."""

    shapes: tuple[Shape, ...]
    size: float
    fits: bool


def words(text: str, icon: Callable[[str], bytes | None]) -> list[list[Word]]:
    """Paragraphs of words; ``**bold**`` and ``*italic*`` (see :mod:`markup`) style runs, and ``:name:``
    becomes an icon where ``icon(name)`` has one."""
    paragraphs: list[list[Word]] = [[]]
    current: list[Run] = []

    def end_word() -> None:
        if current:
            paragraphs[-1].append(tuple(current))
            current.clear()

    for chunk, bold, italic in segments(text.replace("\r\n", "\n")):
        for piece in re.split(r"(\s)", chunk):
            if piece == "\n":
                end_word()
                paragraphs.append([])
            elif piece.isspace():
                end_word()
            elif piece:
                current.extend(_runs(piece, bold, italic, icon))
    end_word()
    return paragraphs


def _runs(text: str, bold: bool, italic: bool, icon: Callable[[str], bytes | None]) -> list[Run]:
    """Text without spaces as runs: icons where ``:name:`` has a picture, text in the given style between."""
    runs: list[Run] = []
    pos = 0
    for match in ICON.finditer(text):
        data = icon(match.group(1))
        if data is None:
            continue
        if match.start() > pos:
            runs.append(Run(text[pos:match.start()], bold=bold, italic=italic))
        runs.append(Run(icon=data))
        pos = match.end()
    if pos < len(text):
        runs.append(Run(text[pos:], bold=bold, italic=italic))
    return runs


def _icon_width(data: bytes, size: float) -> float:
    _, nw, nh = natural_size(data)
    return size * MM_PER_PT * nw / nh


def _face(box: TextBox, bold: bool, italic: bool) -> tuple[bool, str, bool]:
    """Bold, font and italic of a run: the box's style with the run's own added."""
    if bold and not box.bold and box.font:
        return True, box.bold_font or box.font, italic
    return box.bold or bold, box.font, italic


def _run_width(run: Run, size: float, box: TextBox) -> float:
    if run.icon is not None:
        return _icon_width(run.icon, size * box.icon_size)
    bold, font, italic = _face(box, run.bold, run.italic)
    return fonts.text_width(run.text, size, bold, font, italic)


def _width(word: Word, size: float, box: TextBox) -> float:
    return sum(_run_width(r, size, box) for r in word)


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
        pending, start, style = "", x, (False, False)

        def flush(blank: bool = False) -> None:
            """The pending text as one Text (before an icon even when only a space: the layout's spacing, as set)."""
            if pending.strip() or (blank and pending):
                bold, font, italic = _face(box, *style)
                shapes.append(Text(start, baseline, pending, size, bold, "start", box.colour, bounds, font=font, italic=italic))

        for j, word in enumerate(line):
            for run in word:
                if run.icon is None:
                    if (run.bold, run.italic) != style:
                        flush()
                        pending, start, style = "", x, (run.bold, run.italic)
                    pending += run.text
                    x += _run_width(run, size, box)
                    continue
                flush(blank=True)
                iw = _icon_width(run.icon, size * box.icon_size)
                ih = size * box.icon_size * MM_PER_PT
                shapes.append(contain(run.icon, x, baseline - asc / 2 - ih / 2, iw, ih))
                x += iw
                pending, start = "", x
            if j < len(line) - 1:
                pending += " "
                x += space
        flush()
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
