"""The one typeface of a kit: Bitstream Vera (shipped with reportlab) for PDF and metrics.

PNG previews are rendered from the PDF, so they show the embedded Vera itself. SVG names the same
face; a viewer without Vera finds DejaVu Sans, Vera's successor with the same Latin metrics, so
measured widths hold there too.
"""

from __future__ import annotations

import io
import os
from functools import lru_cache
from typing import Any, Callable

from printkit.draw.shapes import Text
from printkit.userinput.files import MB, read_bytes
from printkit.userinput.text import first_of

REGULAR = "Vera"
BOLD = "VeraBd"
ITALIC = "VeraIt"
BOLD_ITALIC = "VeraBI"
SVG_FAMILY = "Bitstream Vera Sans, DejaVu Sans, sans-serif"
_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf", ITALIC: "VeraIt.ttf", BOLD_ITALIC: "VeraBI.ttf"}
_string_width: Any = None
"""reportlab's ``stringWidth``, bound by :func:`register` (reportlab is imported on first use)."""


@lru_cache(maxsize=None)
def register() -> None:
    """Register the Vera TrueType faces with reportlab (embedded in every PDF)."""
    global _string_width
    import reportlab
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    folder = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, os.path.join(folder, filename)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=ITALIC, boldItalic=BOLD_ITALIC)
    _string_width = pdfmetrics.stringWidth


MONO = "DejaVuSansMono"
MONO_BOLD = "DejaVuSansMono-Bold"
"""The rule sheet's monospace faces (code blocks, the example game): DejaVu Sans Mono, as matplotlib ships it."""


@lru_cache(maxsize=None)
def mono() -> tuple[str, str] | None:
    """Register DejaVu Sans Mono (regular, bold; embedded like Vera) from matplotlib's font folder, found without
    importing matplotlib; None when that folder lacks it (the caller keeps its proportional face)."""
    import importlib.util

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    spec = importlib.util.find_spec("matplotlib")
    places = list(spec.submodule_search_locations or []) if spec is not None else []
    folders = [os.path.join(place, "mpl-data", "fonts", "ttf") for place in places]
    for folder in folders:
        files = {MONO: os.path.join(folder, "DejaVuSansMono.ttf"), MONO_BOLD: os.path.join(folder, "DejaVuSansMono-Bold.ttf")}
        if all(os.path.isfile(path) for path in files.values()):
            register()
            for name, path in files.items():
                pdfmetrics.registerFont(TTFont(name, path))
            pdfmetrics.registerFontFamily(MONO, normal=MONO, bold=MONO_BOLD, italic=MONO, boldItalic=MONO_BOLD)
            return MONO, MONO_BOLD
    return None


MAX_FONT_BYTES = 50 * MB
"""The largest font file a kit may bring (a font with every CJK character is about 20 MB)."""
_CUSTOM: dict[str, tuple[str, float, float]] = {}
"""Fonts a kit brings (registered name -> SVG family, cap height and descent in ems)."""


def register_file(path: str) -> str:
    """Register a TrueType file (embedded in PDFs like Vera); its name is derived from its bytes.

    Raises ValueError (with reportlab's reason) when the file is not a usable TrueType font.
    """
    import hashlib

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    data = read_bytes(path, MAX_FONT_BYTES)
    name = "Kit" + hashlib.sha256(data).hexdigest()[:12]
    if name not in _CUSTOM:
        register()
        try:
            font = TTFont(name, io.BytesIO(data))
        except Exception as exc:  # reportlab raises TTFError, struct errors, ... for a damaged file
            raise ValueError(f"not a usable TrueType font ({type(exc).__name__}: {exc})") from None
        pdfmetrics.registerFont(font)
        family = font.face.familyName.decode("latin-1") if isinstance(font.face.familyName, bytes) else str(font.face.familyName)
        cap = (getattr(font.face, "capHeight", 0) or 0.7 * font.face.ascent) / 1000
        _CUSTOM[name] = (f"{family}, {SVG_FAMILY}", cap, abs(font.face.descent) / 1000)
    return name


def face(bold: bool, font: str = "", italic: bool = False) -> str:
    """The registered name to draw with: a kit's own font (which has no italic), or Vera's face."""
    if font:
        return font
    return (BOLD_ITALIC if bold else ITALIC) if italic else (BOLD if bold else REGULAR)


def svg_family(font: str = "") -> str:
    return _CUSTOM[font][0] if font in _CUSTOM else SVG_FAMILY


def missing_glyphs(text: str, bold: bool = False, font: str = "") -> str:
    """The characters of ``text`` the face has no glyph for (they would print as empty boxes), each once, in order."""
    from reportlab.pdfbase import pdfmetrics

    register()
    glyphs = pdfmetrics.getFont(face(bold, font)).face.charToGlyph
    return "".join(c for c in dict.fromkeys(text) if ord(c) not in glyphs and not c.isspace() and c.isprintable())


def vera_lacks(text: str) -> str:
    """The characters of ``text`` Vera (regular or bold) has no glyph for, each once. Vera has all of Latin-1: such a
    text is not looked up (checking a name loads no font, for commands that print nothing)."""
    if all(ord(c) < 256 for c in text):
        return ""
    return "".join(dict.fromkeys(missing_glyphs(text) + missing_glyphs(text, bold=True)))


def unprintable(text: str) -> str | None:
    """Why Vera (regular or bold) cannot print ``text`` (a player's name the kit prints), or None when it can."""
    lacking = vera_lacks(text)
    if not lacking:
        return None
    return f"expected characters the kit's font Vera has, got {text!r}: {shown_characters(lacking)} would print as empty boxes"


def shown_characters(chars: str, most: int = 8) -> str:
    """Characters for a message: each quoted with its code point (``'Ε' (U+0395)``), the first ``most`` of them."""
    return first_of([f"{c!r} (U+{ord(c):04X})" for c in chars], most)


@lru_cache(maxsize=8192)
def text_width(text: str, size_pt: float, bold: bool = False, font: str = "", italic: bool = False) -> float:
    """Width of ``text`` in millimetres at ``size_pt`` points (remembered: fitting a deck's texts measures
    the same words, spaces and sizes again and again)."""
    if _string_width is None:
        register()
    return float(_string_width(text, face(bold, font, italic), size_pt)) * 25.4 / 72


def ascent(size_pt: float, font: str = "") -> float:
    """Height above the baseline of capitals, in mm (Vera's cap height is 0.729 em)."""
    return (_CUSTOM[font][1] if font in _CUSTOM else 0.729) * size_pt * 25.4 / 72


def descent(size_pt: float, font: str = "") -> float:
    """Depth below the baseline, in mm (Vera's descender is 0.236 em)."""
    return (_CUSTOM[font][2] if font in _CUSTOM else 0.236) * size_pt * 25.4 / 72


def text_extent(text: Text) -> tuple[float, float, float, float]:
    """The text's ink box (x0, y0, x1, y1) from the font's metrics."""
    width = text_width(text.text, text.size, text.bold, text.font, text.italic)
    x0 = {"start": text.x, "middle": text.x - width / 2, "end": text.x - width}[text.anchor]
    return x0, text.y - ascent(text.size, text.font), x0 + width, text.y + descent(text.size, text.font)


def wrap(text: str, size_pt: float, width_mm: float, bold: bool = False, font: str = "", break_words: bool = False) -> list[str]:
    """Greedy word wrap into lines no wider than ``width_mm`` (a word too long stays whole; with ``break_words`` it is
    broken where a line is full: a name of 24 letters and no space)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        words = paragraph.split()
        if break_words:
            words = [part for word in words for part in _broken(word, size_pt, width_mm, bold, font)]
        for word in words:
            trial = f"{current} {word}" if current else word
            if current and text_width(trial, size_pt, bold, font) > width_mm:
                lines.append(current)
                current = word
            else:
                current = trial
        lines.append(current)
    return lines


def _broken(word: str, size_pt: float, width_mm: float, bold: bool, font: str) -> list[str]:
    """``word`` in parts no wider than ``width_mm`` each (at least a character a part), the first as long as it can be."""
    parts: list[str] = []
    while text_width(word, size_pt, bold, font) > width_mm and len(word) > 1:
        cut = max((n for n in range(1, len(word)) if text_width(word[:n], size_pt, bold, font) <= width_mm), default=1)
        parts.append(word[:cut])
        word = word[cut:]
    return [*parts, word]


def fit_size(lines_of: Callable[[float], list[str]], max_size: float, min_size: float, width: float, height: float) -> float:
    """The largest size (0.25 pt steps) at which ``lines_of(size)`` fits ``width`` x ``height`` mm."""
    size = max_size
    while size > min_size:
        lines = lines_of(size)
        leading = size * 1.2 * 25.4 / 72
        if len(lines) * leading <= height and all(text_width(ln, size) <= width for ln in lines):
            return size
        size -= 0.25
    return min_size
