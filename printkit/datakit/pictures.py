"""The pictures a kit's rule sheet shows (``![caption](art/x.svg)``), read from the kit folder."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from printkit.datakit.paths import inside, shown
from printkit.draw.images import MAX_PICTURE_BYTES, ImageTooLarge, NotAnImage, downscaled, natural_size
from printkit.draw.shapes import Drawing, Image
from printkit.errors import ConfigError
from printkit.markdown_blocks import ICON, Block, ListBlock, blocks
from printkit.userinput.files import read_bytes, reason
from printkit.userinput.text import quoted

MAX_RULES_BYTES = 1024 * 1024
"""The largest rule sheet a kit takes."""
PNG_DPI = 150
"""A PNG's pixels become millimetres at this resolution (a picture is never shown larger than the column)."""
MAX_W, MAX_H = 160.0, 180.0
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
    for number, line in enumerate(text.splitlines(), 1):
        if src in line:
            return number
    return 1


GAME_PREFIX = "game:"


def position_sources(text: str) -> list[tuple[str, int]]:
    """The rule sheet's ``![caption](game:N)`` figures with their lines."""
    return [(src, _line_of(text, src)) for src in dict.fromkeys(sources(blocks(text))) if src.startswith(GAME_PREFIX)]


def rule_pictures(text: str, folder: Path, display: str, rules_name: str) -> dict[str, Drawing]:
    """Each picture of the rule sheet as a Drawing at its size (SVG in mm, PNG at 150 dpi, shrunk to fit a page;
    a PNG with more pixels than that size needs at 300 dpi resampled down).

    A picture outside the kit folder, missing, or not an SVG/PNG is an error naming the rule sheet's line.
    """
    pictures: dict[str, Drawing] = {}
    for src in dict.fromkeys(sources(blocks(text))):
        if src.startswith(GAME_PREFIX):
            continue  # a position of the example game, drawn by the kit's rules (printkit/kitgame/figures.py)
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


def rule_icons(text: str, icon: Callable[[str], bytes | None]) -> dict[str, Drawing]:
    """The icons ``:name:`` of the rule sheet's text that ``icon`` has a picture for, keyed ``:name:``."""
    found: dict[str, Drawing] = {}
    for name in dict.fromkeys(ICON.findall(text)):
        data = icon(name)
        if data is not None:
            kind, w, h = natural_size(data)
            found[f":{name}:"] = Drawing(w, h, (Image(0.0, 0.0, w, h, data, kind),), title=f":{name}:")
    return found
