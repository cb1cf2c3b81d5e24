"""The pictures a kit's rule sheet shows (``![caption](art/x.svg)``), read from the kit folder."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Callable

from printkit.draw.images import MAX_PICTURE_BYTES, ImageTooLarge, NotAnImage, downscaled, natural_size
from printkit.draw.shapes import Drawing, Group, Image, Text
from printkit.errors import ConfigError
from printkit.markdown_blocks import ICON, Block, ListBlock, blocks
from printkit.press.pieces import Piece
from printkit.userinput.files import read_bytes, reason
from printkit.userinput.paths import inside, shown
from printkit.userinput.text import quoted

MAX_RULES_BYTES = 1024 * 1024
"""The largest rule sheet a kit takes."""
PNG_DPI = 150
"""A PNG's pixels become millimetres at this resolution (a picture is never shown larger than the column)."""
MAX_W, MAX_H = 160.0, 180.0
MIN_FIGURE_PT = 6.0
"""A figure of printed pieces is never shrunk so far that their text prints smaller than this."""
"""The largest a picture is placed (mm): a tall picture still fits one page."""


def sources(found: list[Block]) -> list[str]:
    """Every picture path of the blocks, nested lists and quotes included, in reading order."""
    out: list[str] = []
    for kind, content in found:
        if kind == "image":
            out.append(content[0])
        elif kind == "quote":
            out += sources(content)
        elif isinstance(content, ListBlock):
            for item in content.items:
                out += sources(item)
    return out


def _line_of(text: str, src: str) -> int:
    """The line of ``text`` placing the picture ``src`` (not one that quotes it in `code`, as a hint may)."""
    for number, line in enumerate(text.splitlines(), 1):
        if src in re.sub(r"`[^`]*`", "", line):
            return number
    return 1


GAME_PREFIX = "game:"


def position_sources(text: str) -> list[tuple[str, int]]:
    """The rule sheet's ``![caption](game:N)`` figures with their lines."""
    return [(src, _line_of(text, src)) for src in dict.fromkeys(sources(blocks(text))) if src.startswith(GAME_PREFIX)]


PIECES_PREFIX = "pieces:"


def piece_sources(text: str) -> list[tuple[str, int]]:
    """The rule sheet's ``![caption](pieces:ID,ID)`` figures (printed pieces by SVG id) with their lines."""
    return [(src, _line_of(text, src)) for src in dict.fromkeys(sources(blocks(text))) if src.startswith(PIECES_PREFIX)]


def _smallest_text(shapes: tuple, scale: float = 1.0) -> float:
    """The smallest text size (pt) among the shapes, at the scale of their groups (inf when there is none)."""
    found = math.inf
    for shape in shapes:
        if isinstance(shape, Text) and shape.text.strip():
            found = min(found, shape.size * scale)
        elif isinstance(shape, Group):
            found = min(found, _smallest_text(shape.children, scale * shape.scale))
    return found


def pieces_figure(src: str, where: str, pieces: dict[str, Piece]) -> Drawing:
    """The faces of the printed pieces ``src`` names (``pieces:commit-2-3,commit-1-2``) side by side, true to size or at
    a scale (``...@50%``, 10 to 100%), shrunk to the column when wider; an id no piece has is an error naming the rule
    sheet's line. Never so small that their text prints under :data:`MIN_FIGURE_PT`: pieces that would be are set in
    more rows (or at the smallest scale that keeps it, which the asked scale cannot go below)."""
    from printkit.art.layout import pieces_drawing

    listed, _, scaled = src[len(PIECES_PREFIX):].partition("@")
    wanted = [ident.strip() for ident in listed.split(",") if ident.strip()]
    percent = re.fullmatch(r"(\d{1,3})%", scaled.strip()) if scaled else None
    if scaled and (percent is None or not 10 <= int(percent.group(1)) <= 100):
        raise ConfigError(where, "", f"figure {quoted(src)}: expected a scale from 10% to 100% after @, got {quoted(scaled)}")
    missing = [ident for ident in wanted if ident not in pieces]
    if not wanted or missing:
        known = ", ".join(list(pieces)[:6])
        raise ConfigError(where, "", f"figure {quoted(src)}: no printed piece {quoted(missing[0] if missing else '')} "
                                     f"(pieces' ids: {known}{', ...' if len(pieces) > 6 else ''})")
    chosen = [pieces[ident] for ident in wanted]
    drawing = pieces_drawing(chosen, src, cols=len(wanted), gap=3.0)
    floor = min(1.0, MIN_FIGURE_PT / _smallest_text(drawing.children))
    cols = len(wanted)
    while cols > 1 and MAX_W / drawing.width < floor:  # too wide to keep its text legible: one piece fewer a row
        cols -= 1
        drawing = pieces_drawing(chosen, src, cols=cols, gap=3.0)
    scale = max(floor, min(int(percent.group(1)) / 100 if percent else 1.0, MAX_W / drawing.width))
    if scale < 1.0:
        return Drawing(drawing.width * scale, drawing.height * scale, (Group(drawing.children, scale=scale),), title=src)
    return drawing


def rule_pictures(text: str, folder: Path, display: str, rules_name: str) -> dict[str, Drawing]:
    """Each picture of the rule sheet as a Drawing at its size (SVG in mm, PNG at 150 dpi, shrunk to fit a page;
    a PNG with more pixels than that size needs at 300 dpi resampled down).

    A picture outside the kit folder, missing, or not an SVG/PNG is an error naming the rule sheet's line.
    """
    pictures: dict[str, Drawing] = {}
    for src in dict.fromkeys(sources(blocks(text))):
        if src.startswith((GAME_PREFIX, PIECES_PREFIX)):
            continue  # a position of the example game (printkit/kitgame/figures.py) or printed pieces (pieces_figure)
        where = f"{rules_name}:{_line_of(text, src)}"
        path = inside(folder, src, where, "picture")
        name = shown(folder, display, path)
        try:
            data = read_bytes(path, MAX_PICTURE_BYTES)
            kind, w, h = natural_size(data)
        except FileNotFoundError:
            raise ConfigError(where, "", f"picture {quoted(src)}: no file {name}") from None
        except OSError as exc:
            raise ConfigError(where, "", f"picture {quoted(src)}: cannot read {name} ({reason(exc)})") from None
        except NotAnImage as exc:
            raise ConfigError(where, "", f"picture {quoted(src)}: {name} is not an SVG or PNG picture ({exc})") from None
        except ImageTooLarge as exc:
            raise ConfigError(where, "", f"picture {quoted(src)}: {name}: {exc}") from None
        if kind == "png":
            w, h = w * 25.4 / PNG_DPI, h * 25.4 / PNG_DPI
        scale = min(1.0, MAX_W / w, MAX_H / h)
        w, h = w * scale, h * scale
        if kind == "png":
            data = downscaled(data, w, h) or data
        pictures[src] = Drawing(w, h, (Image(0.0, 0.0, w, h, data, kind),), title=src)
    return pictures


def rule_icons(text: str, icon: Callable[[str], bytes | None], source: str = "rules.md") -> dict[str, Drawing]:
    """The icons ``:name:`` of the rule sheet's text that ``icon`` has a picture for, keyed ``:name:``; an SVG icon the
    rule sheet cannot draw (a line of text places it as a bitmap, drawn by cairosvg) is a ConfigError naming
    ``source``'s line that uses it."""
    from printkit.draw.png import svg_icon_png

    found: dict[str, Drawing] = {}
    for name in dict.fromkeys(ICON.findall(text)):
        data = icon(name)
        if data is not None:
            kind, w, h = natural_size(data)
            if kind == "svg":
                try:
                    svg_icon_png(data, 16)
                except Exception as exc:  # cairosvg reads whatever a designer saved: any failure means "cannot draw it"
                    raise ConfigError(f"{source}:{_line_of(text, f':{name}:')}", "",
                                      f"icon :{name}: is an SVG the rule sheet cannot draw ({type(exc).__name__}: "
                                      f"{str(exc)[:80]}): save it again from your drawing program") from None
            found[f":{name}:"] = Drawing(w, h, (Image(0.0, 0.0, w, h, data, kind),), title=f":{name}:")
    return found
