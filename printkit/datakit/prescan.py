"""The pictures a kit will draw, found before anything is drawn: one past the limits (a PNG of more than
50 megapixels) stops the build at once, naming the file, instead of after minutes of drawing.

Every picture a layout names for a row counts (``src`` and ``:icon:`` in text, ``when`` aside), and every
picture of the rule sheet whose path is written out.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Mapping

from printkit.datakit.data import Row
from printkit.datakit.fields import fill
from printkit.datakit.layout import Art
from printkit.datakit.pictures import MAX_RULES_BYTES, sources
from printkit.datakit.schema import Layout
from printkit.draw.images import MAX_PICTURE_BYTES, PNG_SIGNATURE, ImageTooLarge, NotAnImage, png_size
from printkit.errors import ConfigError
from printkit.markdown_blocks import ICON, blocks
from printkit.userinput.files import open_regular, read_bytes
from printkit.userinput.paths import inside, shown

HEADER_BYTES = 64


def refuse_too_large(path: Path, name: str) -> None:
    """A ConfigError naming the file when it is a PNG past the pixel limit (only its header is read)."""
    try:
        with open_regular(path, MAX_PICTURE_BYTES) as handle:  # a FIFO or device is refused, never read
            head = handle.read(HEADER_BYTES)
    except OSError:
        return  # missing or unreadable: reported where it is drawn
    if not head.startswith(PNG_SIGNATURE):
        return
    try:
        png_size(head)
    except ImageTooLarge as exc:
        raise ConfigError(name, "", str(exc)) from None
    except NotAnImage:
        return


def _layout_pictures(art: Art, layouts: Mapping[str, Layout], names: Iterable[str | None], rows: list[Row]) -> set[tuple[str, str]]:
    """(written path, kit.toml key) of every picture the layouts draw for the rows."""
    found: set[tuple[str, str]] = set()
    templates = [name for name in names if name is not None]
    for n, row in enumerate(rows, start=1):
        fields = {"n": str(n), **row.fields}
        for template in templates:
            layout = layouts.get(fill(template, fields).strip())
            for element in layout.elements if layout is not None else ():
                if element.type == "image":
                    src = fill(str(element.props.get("src", "")), fields).strip()
                    if src and src not in art.extra:
                        found.add((src, f"{element.key}.src"))
                elif element.type == "text" and art.icons:
                    for icon in ICON.findall(fill(str(element.props.get("text", "")), fields)):
                        found.add((f"{art.icons}/{icon}.png", "kit.icons"))  # an .svg beside it is drawn instead
    return found


def _rules_text(art: Art, rules: str | None) -> str:
    """The rule sheet as written ("" when there is none or it cannot be read: reported when it is laid out)."""
    if rules is None:
        return ""
    path = inside(art.folder, rules, art.source, "rules.file")
    try:
        return read_bytes(path, MAX_RULES_BYTES).decode("utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return ""


def check_pictures(art: Art, layouts: Mapping[str, Layout], sets: Iterable[tuple[Iterable[str | None], list[Row]]],
                   rules: str | None) -> None:
    """Refuse, before drawing, a picture past the limits that a piece or the rule sheet (``rules``: its path) shows."""
    text = _rules_text(art, rules)
    wanted: set[tuple[str, str]] = set()
    for names, rows in sets:
        wanted |= _layout_pictures(art, layouts, names, rows)
    if art.icons:
        wanted |= {(f"{art.icons}/{name}.png", "kit.icons") for name in ICON.findall(text)}
    for written, key in sorted(wanted):
        path = inside(art.folder, written, art.source, key)
        if key != "kit.icons" or not path.with_suffix(".svg").is_file():
            refuse_too_large(path, shown(art.folder, art.display, path))
    for src in sources(blocks(text)) if text.strip() else ():  # no rule sheet: no Markdown parser loaded
        if src.startswith("game:"):
            continue  # a position of the example game, drawn by the kit's rules
        try:
            picture = inside(art.folder, src, art.source, "picture")
        except ConfigError:
            continue  # reported with the rule sheet's line when it is laid out
        refuse_too_large(picture, shown(art.folder, art.display, picture))
