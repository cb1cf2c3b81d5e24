"""SiTTeRS markers: fold-up standees (collectors, obstructors: printkit.art.standee) and square container tokens, and
their symbols and colours.

One shape per kind of marker, so greyscale tells them apart: collectors a diamond (a gem), obstructors an octagon (a
stop sign), containers a chest, the safe zone an arrow leaving the board (printkit.art.symbols); the colours Okabe-Ito.
Containers are flat tokens, so a collector standee can stand on the container it opens.
"""

from __future__ import annotations

from typing import Any

from printkit.art.cards import centred_block
from printkit.art.standee import standee_panel, standee_piece
from printkit.art.symbols import chest, diamond, octagon
from printkit.art.tokens import tile_piece
from printkit.draw.shapes import Rect, Shape, Style
from printkit.games.sitters.params import theme_names
from printkit.press.pieces import Piece

COLLECTOR_COLOUR = "#0072B2"
"""Okabe-Ito blue."""
OBSTRUCTOR_COLOUR = "#D55E00"
"""Okabe-Ito vermillion."""
CONTAINER_COLOUR = "#E69F00"
"""Okabe-Ito orange."""
SAFE_COLOUR = "#009E73"
"""Okabe-Ito bluish green."""
INK = "#1A1A1A"
NAME = ("marker-name",)
"""The class of a marker's name."""
SYMBOLS = {"collector": diamond, "obstructor": octagon, "container": chest}
COLOURS = {"collector": COLLECTOR_COLOUR, "obstructor": OBSTRUCTOR_COLOUR, "container": CONTAINER_COLOUR}


def marker(kind: str, cx: float, cy: float, r: float, colour: str | None = None, outline: float = 0.0) -> Shape:
    """The symbol of a marker kind (collector, obstructor, container)."""
    return SYMBOLS[kind](cx, cy, r, colour or COLOURS[kind], outline)


def standee_size(params: Any) -> tuple[float, float, float]:
    """Width, panel height and base depth: fits a square (width + 3 mm, bases folded out both ways)."""
    w = min(params.standee_mm, params.square_mm - 3)
    base = max(6.0, min(12.0, (params.square_mm - 3) / 2))
    panel = max(26.0, w * 1.15)
    return w, panel, base


def standee(kind: str, name: str, index: int, params: Any, safe: float) -> Piece:
    """One fold-up standee: the marker's symbol and the theme's name on both halves."""
    w, ph, base = standee_size(params)
    panel = standee_panel(lambda cx, cy, r: marker(kind, cx, cy, r), name, w, ph, safe, INK, NAME)
    return standee_piece(f"{kind} standee {index}", f"{kind}-{index}", ("marker", "standee", kind), w, ph, base,
                         COLOURS[kind], panel)


def container_size(params: Any) -> float:
    return min(params.container_mm, params.square_mm - 3)


def container_token(name: str, index: int, params: Any, safe: float) -> Piece:
    """A square container token: the chest, and the theme's name where it fits at 7 pt."""
    s = container_size(params)
    named = centred_block(name, safe, s * 0.58, s - 2 * safe, s * 0.42 - safe, INK, max_pt=9.0, cls=NAME)
    r = s * 0.2 if named else s * 0.3
    shapes = (Rect(1.5, 1.5, s - 3, s - 3, Style(fill="#FFFFFF"), rx=1.5),
              chest(s / 2, (s * 0.58 if named else s) / 2 + (0.8 if named else 0), r, "#9A6A00"), *(named or []))
    return tile_piece(f"container token {index}", s, s, CONTAINER_COLOUR, shapes, f"container-{index}",
                      ("marker", "token", "container"), kind="token")


def marker_pieces(params: Any, safe: float) -> tuple[list[Piece], list[Piece]]:
    """(standees, container tokens) in the counts the parameters ask for."""
    n = theme_names(params.theme)
    standees = [standee("collector", n["collector"], i + 1, params, safe) for i in range(params.collectors)]
    standees += [standee("obstructor", n["obstructor"], i + 1, params, safe) for i in range(params.obstructors)]
    tokens = [container_token(n["container"], i + 1, params, safe) for i in range(2 * params.containers_per_player)]
    return standees, tokens
