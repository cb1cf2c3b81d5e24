"""kit.pdf's first page for a kit without a rule sheet: the print note, the title and the components.

Drawn with the kit's own shapes (no text flow engine), in the rule sheet's faces and sizes; a long
list of components runs on to further pages.
"""

from __future__ import annotations

from printkit.art.printnote import print_note
from printkit.draw import fonts
from printkit.draw.shapes import Drawing, Shape, Text
from printkit.press.settings import PrintSettings

MARGIN = 15.0
"""Page margin in mm, as on a rule sheet."""
BOTTOM = 14.0
"""The list stops this far (mm) above the bottom edge; the page footer sits below."""
PT = 25.4 / 72
"""Millimetres per point."""


def contents_pages(settings: PrintSettings, title: str, note_lines: list[str], items: list[str],
                   faces: tuple[str, str] = (fonts.REGULAR, fonts.BOLD)) -> list[Drawing]:
    """The print note, ``title`` and "Components" with one bulleted line per item (wrapped to the page),
    on as many pages as the list takes; each page carries a footer with its number."""
    pw, ph = settings.page_size
    ink = settings.colours.ink
    own = faces != (fonts.REGULAR, fonts.BOLD)
    regular, bold = (faces if own else ("", ""))
    note = print_note(settings, title, note_lines)
    pages: list[list[Shape]] = [list(note.children)]
    y = note.height

    def put(text: str, size: float, leading: float, strong: bool, x: float, before: float = 0.0, bullet: bool = False) -> None:
        nonlocal y
        if y + before + leading * PT > ph - BOTTOM:
            pages.append([])
            y, before = MARGIN, 0.0
        y += before
        if bullet:
            pages[-1].append(Text(MARGIN + 1.5, y + size * PT, "\u2022", size=size, fill=ink, font=regular))
        pages[-1].append(Text(x, y + size * PT, text, size=size, bold=strong and not own, fill=ink,
                              font=bold if strong else regular))
        y += leading * PT

    for line in fonts.wrap(title, 20, pw - 2 * MARGIN, bold=not own, font=bold):
        put(line, 20, 24, True, MARGIN)
    y += 6 * PT
    put("Components", 13, 16, True, MARGIN, before=8 * PT)
    y += 3 * PT
    for item in items:
        for i, line in enumerate(fonts.wrap(item, 9.5, pw - 2 * MARGIN - 5, font=regular)):
            put(line, 9.5, 12.5, False, MARGIN + 5, bullet=i == 0)
        y += 4 * PT
    return [Drawing(pw, ph, (*shapes, _footer(settings, title, n, regular)), title=f"{title}: components")
            for n, shapes in enumerate(pages, 1)]


def _footer(settings: PrintSettings, title: str, page: int, font: str) -> Text:
    pw, ph = settings.page_size
    return Text(pw / 2, ph - 8, f"{title} - components - page {page}", size=7, anchor="middle",
                fill=settings.colours.muted, font=font)
