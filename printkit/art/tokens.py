"""Tokens: a coloured disc (running into the bleed) carrying a symbol; rectangular tiles, markers and strips."""

from __future__ import annotations

from typing import Sequence

from printkit.art.symbols import player_mark
from printkit.draw.shapes import Circle, Group, Shape, Style
from printkit.press.pieces import Piece, bleed_rect


def token_piece(name: str, diameter: float, colour: str, symbol: Shape, ident: str, cls: tuple[str, ...] = (), bleed: float = 3.0) -> Piece:
    """A token of ``diameter`` mm; ``symbol`` is drawn in token coordinates (centre at d/2, d/2).

    On print sheets a disc ``bleed`` mm wider lies under it, so a cut a little off shows no white."""
    r = diameter / 2
    disc = Circle(r, r, r, Style(fill=colour))
    rim = Circle(r, r, r - 1.2, Style(stroke="#FFFFFF", width=0.5))
    art = Group((disc, rim, symbol), id=ident, cls=("token", *cls))
    underlay = Circle(r, r, r + bleed, Style(fill=colour))
    return Piece(name, diameter, diameter, art, round=True, kind="token", underlay=underlay)


def mark_tokens(mark: str, count: int, diameter: float, colour: str, bleed: float = 3.0) -> list[Piece]:
    """``count`` tokens of a player's ``mark`` (``"X"`` a cross, else a ring) in white on a disc of their colour:
    ``<mark> token <n>``, SVG ids ``token-<mark>-<n>``, classes ``token`` and the mark in lower case."""
    d = diameter
    return [token_piece(f"{mark} token {i + 1}", d, colour, player_mark(mark, d / 2, d / 2, d * 0.36, "#FFFFFF"),
                        f"token-{mark}-{i + 1}", (mark.lower(),), bleed)
            for i in range(count)]


def tile_piece(name: str, w: float, h: float, colour: str, shapes: Sequence[Shape], ident: str, cls: tuple[str, ...],
               kind: str = "marker") -> Piece:
    """A rectangular piece of ``w`` x ``h`` mm: ``colour`` to the bleed under ``shapes`` (piece coordinates), the
    group's SVG id ``ident`` and classes ``cls``."""
    return Piece(name, w, h, Group((bleed_rect(w, h, colour), *shapes), id=ident, cls=cls), kind=kind)
