"""SiTTeRS markers: fold-up standees (collectors, obstructors), square container tokens, a die net.

A standee is one strip cut out whole: base, back (upside down), front, base. Fold at the middle so
the two halves sit back to back, fold the bases out in opposite directions and it stands on a square.
Containers are flat tokens, so a collector standee can stand on the container it opens.
"""

from __future__ import annotations

import math
from typing import Any

from printkit.draw import fonts
from printkit.draw.shapes import Circle, Group, Line, Polygon, Rect, Shape, Style, Text
from printkit.games.sitters import art_symbols as sym
from printkit.games.sitters.params import theme_names
from printkit.press.pieces import Piece, bleed_rect

MIN_PT = 7.0
FOLD = Style(stroke="#FFFFFF", width=0.35, dash=(1.5, 1.0))


def standee_size(params: Any) -> tuple[float, float, float]:
    """Width, panel height and base depth: fits a square (width + 3 mm, bases folded out both ways)."""
    w = min(params.standee_mm, params.square_mm - 3)
    base = max(6.0, min(12.0, (params.square_mm - 3) / 2))
    panel = max(26.0, w * 1.15)
    return w, panel, base


def _lines(text: str, w: float, h: float, max_pt: float) -> tuple[float, list[str]] | None:
    """The largest size (>= 7 pt) and lines at which ``text`` fits ``w`` x ``h`` mm, else None."""
    pt = max_pt
    while pt >= MIN_PT:
        lines = fonts.wrap(text, pt, w, bold=True)
        lead = pt * 1.15 * 25.4 / 72
        if all(fonts.text_width(ln, pt, True) <= w for ln in lines) and \
                (len(lines) - 1) * lead + fonts.ascent(pt) + fonts.descent(pt) <= h:
            return pt, lines
        pt -= 0.25
    return None


def name_block(text: str, x: float, y: float, w: float, h: float, ink: str, max_pt: float = 10.0) -> list[Text] | None:
    """``text`` centred in the box, wrapped and sized to fit; None when it cannot at 7 pt."""
    fit = _lines(text, w, h, max_pt)
    if fit is None:
        return None
    pt, lines = fit
    lead = pt * 1.15 * 25.4 / 72
    block = (len(lines) - 1) * lead + fonts.ascent(pt) + fonts.descent(pt)
    top = y + (h - block) / 2 + fonts.ascent(pt)
    return [Text(x + w / 2, top + i * lead, line, size=pt, bold=True, anchor="middle", fill=ink, box=(x, y, w, h),
                 cls=("marker-name",)) for i, line in enumerate(lines)]


def _panel(kind: str, name: str, w: float, h: float, safe: float) -> list[Shape]:
    """One half of a standee, upright, in panel coordinates: white card, symbol, name."""
    shapes: list[Shape] = [Rect(1.2, 1.2, w - 2.4, h - 2.4, Style(fill="#FFFFFF"), rx=1.5)]
    r = min(w * 0.3, h * 0.22)
    shapes.append(sym.marker(kind, w / 2, 2.5 + r, r))
    top = 4.0 + 2 * r
    box_w, box_h = w - 2 * safe, h - top - 2.0
    flat = name_block(name, safe, top, box_w, box_h, sym.INK)
    if flat is not None:
        return shapes + flat
    upright = name_block(name, 0, 0, box_h, box_w, sym.INK)
    if upright is not None:  # the name runs up the panel, read by tilting the head
        shapes.append(Group(tuple(upright), dx=safe, dy=top + box_h, rotate=-90))
    return shapes


def standee(kind: str, name: str, index: int, params: Any, safe: float) -> Piece:
    """One fold-up standee: base, back half upside down, front half, base, one piece."""
    w, ph, base = standee_size(params)
    h = 2 * base + 2 * ph
    colour = sym.COLOURS[kind]
    back = Group(tuple(_panel(kind, name, w, ph, safe)), dx=w, dy=base + ph, rotate=180)
    front = Group(tuple(_panel(kind, name, w, ph, safe)), dy=base + ph)
    folds = [Line(-2, y, w + 2, y, FOLD) for y in (base, base + ph, base + 2 * ph)]
    art = Group((bleed_rect(w, h, colour), back, front, *folds), id=f"{kind}-{index}", cls=("marker", "standee", kind))
    return Piece(f"{kind} standee {index}", w, h, art, kind="standee")


def container_size(params: Any) -> float:
    return min(params.container_mm, params.square_mm - 3)


def container_token(name: str, index: int, params: Any, safe: float) -> Piece:
    """A square container token: the chest, and the theme's name where it fits at 7 pt."""
    s = container_size(params)
    shapes: list[Shape] = [bleed_rect(s, s, sym.CONTAINER_COLOUR),
                           Rect(1.5, 1.5, s - 3, s - 3, Style(fill="#FFFFFF"), rx=1.5)]
    named = name_block(name, safe, s * 0.58, s - 2 * safe, s * 0.42 - safe, sym.INK, max_pt=9.0)
    r = s * 0.2 if named else s * 0.3
    shapes.append(sym.chest(s / 2, (s * 0.58 if named else s) / 2 + (0.8 if named else 0), r, "#9A6A00"))
    shapes.extend(named or [])
    art = Group(tuple(shapes), id=f"container-{index}", cls=("marker", "token", "container"))
    return Piece(f"container token {index}", s, s, art, kind="token")


def marker_pieces(params: Any, safe: float) -> tuple[list[Piece], list[Piece]]:
    """(standees, container tokens) in the counts the parameters ask for."""
    n = theme_names(params.theme)
    standees = [standee("collector", n["collector"], i + 1, params, safe) for i in range(params.collectors)]
    standees += [standee("obstructor", n["obstructor"], i + 1, params, safe) for i in range(params.obstructors)]
    tokens = [container_token(n["container"], i + 1, params, safe) for i in range(2 * params.containers_per_player)]
    return standees, tokens


# --- the die ------------------------------------------------------------------------------------------

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
NET = {(0, 1): 3, (1, 0): 2, (1, 1): 1, (1, 2): 5, (1, 3): 6, (2, 1): 4}
"""(row, column) of each face in the cross -> its pips; opposite faces add up to 7."""
TABS = (((1, 0), "top"), ((1, 0), "bottom"), ((1, 2), "top"), ((1, 2), "bottom"), ((1, 3), "top"),
        ((1, 3), "right"), ((1, 3), "bottom"))
"""One glue tab for each of the 7 edges that meet when the cube is folded."""


def _tab(x: float, y: float, side: float, edge: str, depth: float) -> Polygon:
    inset = depth * 0.8
    a = {"top": ((x, y), (x + inset, y - depth), (x + side - inset, y - depth), (x + side, y)),
         "bottom": ((x, y + side), (x + inset, y + side + depth), (x + side - inset, y + side + depth), (x + side, y + side)),
         "right": ((x + side, y), (x + side + depth, y + inset), (x + side + depth, y + side - inset), (x + side, y + side))}
    return Polygon(a[edge], Style(fill="#D9D9D9", stroke="#1A1A1A", width=0.3), cls=("glue-tab",))


def die_net(side: float = 20.0, ink: str = sym.INK) -> Group:
    """A cross of six squares with pips and seven glue tabs; 4 x side + tab wide, 3 x side tall."""
    depth = 6.0
    shapes: list[Shape] = []
    for (r, c), edge in TABS:
        shapes.append(_tab(c * side, r * side, side, edge, depth))
    fold = Style(stroke="#8C8C8C", width=0.25, dash=(1.2, 0.8))
    for (r, c), face in sorted(NET.items()):
        x, y = c * side, r * side
        shapes.append(Rect(x, y, side, side, Style(fill="#FFFFFF", stroke=ink, width=0.35), cls=("die-face",)))
        for px, py in PIPS[face]:
            shapes.append(Circle(x + side / 2 + px * side * 0.27, y + side / 2 + py * side * 0.27, side * 0.08,
                                 Style(fill=ink), cls=("pip",)))
    for x0, y0, x1, y1 in ((side, side, side, 2 * side), (2 * side, side, 2 * side, 2 * side),
                           (3 * side, side, 3 * side, 2 * side), (side, side, 2 * side, side),
                           (side, 2 * side, 2 * side, 2 * side)):
        shapes.append(Line(x0, y0, x1, y1, fold))
    return Group(tuple(shapes), id="die-net")


def spinner(faces: int, radius: float = 38.0, ink: str = sym.INK) -> Group:
    """A paper-clip spinner of ``faces`` equal sectors numbered 1..faces, centred on (radius, radius)."""
    c = radius
    shapes: list[Shape] = [Circle(c, c, radius, Style(fill="#FFFFFF", stroke=ink, width=0.4))]
    for i in range(faces):
        a = 2 * math.pi * i / faces - math.pi / 2
        shapes.append(Line(c, c, c + radius * math.cos(a), c + radius * math.sin(a), Style(stroke=ink, width=0.3)))
        mid = a + math.pi / faces
        pt = 12.0 if faces <= 12 else 9.0
        tx, ty = c + radius * 0.72 * math.cos(mid), c + radius * 0.72 * math.sin(mid)
        shapes.append(Text(tx, ty + fonts.ascent(pt) / 2, str(i + 1), size=pt, bold=True, anchor="middle", fill=ink,
                           cls=("spinner-number",)))
    shapes.append(Circle(c, c, 1.2, Style(fill=ink)))
    return Group(tuple(shapes), id="spinner")
