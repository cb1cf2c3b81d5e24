"""The print box on a kit's first page: what to print and how, with a scale-check ruler."""

from __future__ import annotations

from printkit.draw import fonts
from printkit.draw.shapes import Drawing, Rect, Shape, Style, Text
from printkit.press.ruler import RULER_MM, ruler
from printkit.press.settings import PrintSettings


def print_note(settings: PrintSettings, title: str, lines: list[str]) -> Drawing:
    """A band across the top of the first page; its height is where the rule text may start."""
    pw, _ = settings.page_size
    ink = settings.colours.ink
    margin, top = 15.0, 12.0
    box_w = pw - 2 * margin
    text_w = box_w - RULER_MM - 14
    size = 8.0
    wrapped = [ln for line in lines for ln in fonts.wrap(line, size, text_w)]
    leading = size * 1.25 * 25.4 / 72
    head = "PRINT AT 100% / ACTUAL SIZE - do not fit to page or scale"
    box_h = max(28.0, 10 + leading * (len(wrapped) + 1))
    shapes: list[Shape] = [Rect(margin, top, box_w, box_h, Style(fill="#F2F2F2", stroke=ink, width=0.3), id="print-note")]
    shapes.append(Text(margin + 4, top + 6, head, size=8.5, bold=True, fill=ink, box=(margin + 2, top + 1, text_w + 4, 7)))
    for i, line in enumerate(wrapped):
        y = top + 6 + leading * (i + 1.2)
        shapes.append(Text(margin + 4, y, line, size=size, fill=ink, box=(margin + 2, top, text_w + 4, box_h)))
    shapes.extend(ruler(margin + box_w - RULER_MM - 6, top + box_h / 2, ink))
    return Drawing(pw, top + box_h + 6, tuple(shapes), title=f"{title}: printing")
