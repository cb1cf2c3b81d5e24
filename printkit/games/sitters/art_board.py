"""The SiTTeRS board: only the map's cells (no K1), kinds by letter, outline symbol and tint, a legend,
and small map figures for the rule sheet."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from printkit.art import symbols
from printkit.art.board import swatch_legend
from printkit.art.cards import text_block
from printkit.art.diagram import BAND, LABEL_PT, grid_labels
from printkit.draw import fonts
from printkit.draw.fonts import text_extent
from printkit.draw.shapes import Circle, Drawing, Group, Line, Polygon, Rect, Shape, Style, Text, walk
from printkit.games.sitters import art_pieces as sym
from printkit.games.sitters.board import COLLECTOR_START, CONTAINER, FLOOR, LETTERS, OBSTRUCTOR_START, SAFE_ZONE, Board
from printkit.games.sitters.params import theme_names
from printkit.games.sitters.rules import KIND_ORDER
from printkit.press.pieces import Piece, bleed_rect
from printkit.press.settings import PrintSettings

LABEL_BAND = 9.0
LABEL_ROOM = LABEL_BAND - 3.0
"""The room of an edge label between the safe line and the map: what the band leaves at the default print.safe_mm."""
MUTED = "#6B6B6B"

KIND_STYLE: dict[str, tuple[str, str, str]] = {
    COLLECTOR_START: ("C", "#CDE5F4", sym.COLLECTOR_COLOUR),
    CONTAINER: ("X", "#FBE6BC", "#9A6A00"),
    OBSTRUCTOR_START: ("O", "#F7D3BE", sym.OBSTRUCTOR_COLOUR),
    SAFE_ZONE: ("SZ", "#C4E8DA", sym.SAFE_COLOUR),
    FLOOR: ("", "#FFFFFF", MUTED),
}
"""Kind -> the letter printed on the space (as in the seed's map), its tint, the symbol's colour."""


SpaceSymbol = Callable[[float, float, float, str, float], Shape]
SPACE_SYMBOL: dict[str, SpaceSymbol] = {
    COLLECTOR_START: symbols.diamond, CONTAINER: lambda cx, cy, r, c, o: symbols.chest(cx, cy, r, c, o),
    OBSTRUCTOR_START: symbols.octagon, SAFE_ZONE: symbols.exit_arrow}


def legend_text(kind: str, params: Any) -> str:
    """What a kind of space is for, in the theme's words."""
    n = theme_names(params.theme)
    return {
        COLLECTOR_START: f"C: start of the {n['collectors']}; a defeated one comes back here on {params.a_top_roll}.",
        CONTAINER: f"X: container space; each player puts {params.containers_per_player} {n['container']} "
                   "markers on these at set-up.",
        OBSTRUCTOR_START: f"O: start of the {n['obstructors']}; a defeated one comes back here on {params.a_top_roll}.",
        SAFE_ZONE: f"SZ: safe zone. A {n['collector']} reaching it leaves the board as a survivor. "
                   f"No {n['obstructors']}.",
        FLOOR: "Blank: floor, open to every marker.",
    }[kind]


def space_art(kind: str, size: float, coord: str = "") -> list[Shape]:
    """The letter (top left), outline symbol (centre) and coordinate (bottom right) of a space."""
    letter, _, colour = KIND_STYLE[kind]
    shapes: list[Shape] = []
    if letter:
        pt = max(7.0, min(16.0, size * 0.35))
        pad = max(1.0, size * 0.05)
        shapes.append(Text(pad, pad + fonts.ascent(pt), letter, size=pt, bold=True, fill=sym.INK,
                           box=(0.5, 0.5, size - 1, size * 0.45), cls=("space-letter",)))
    if kind in SPACE_SYMBOL:
        r = size * 0.22
        shapes.append(SPACE_SYMBOL[kind](size / 2, size * 0.55, r, colour, max(0.35, size * 0.015)))
    if coord and size >= 22:
        shapes.append(Text(size - 1.5, size - 1.5, coord, size=7.0, anchor="end", fill=MUTED,
                           box=(size / 2, size / 2, size / 2 - 1, size / 2 - 0.5), cls=("coord",)))
    return shapes


def _cells(board: Board, cell: float, ink: str, band: float) -> Group:
    """One group per existing map cell: ``id="cell-<coord>"``, classes ``cell`` and the kind (``band``: the labels'
    band round the map)."""
    groups: list[Shape] = []
    for index in sorted(board.kinds):
        row, col = divmod(index, board.width)
        kind, name = board.kinds[index], board.names[index]
        rect = Rect(0, 0, cell, cell, Style(fill=KIND_STYLE[kind][1], stroke=ink, width=0.5),
                    id=f"cell-{name}", cls=("cell", kind))
        groups.append(Group((rect, *space_art(kind, cell, name)), dx=band + col * cell, dy=band + row * cell))
    return Group(tuple(groups), id="cells")


def _label(x: float, y0: float, w: float, h: float, text: str, pt: float, ink: str) -> Text:
    """A label centred in the box (x is the box's centre)."""
    return Text(x, y0 + h / 2 + fonts.ascent(pt) / 2, text, size=pt, bold=True, anchor="middle", fill=ink,
                box=(x - w / 2, y0, w, h), cls=("label",))


def _centred_mm_per_pt() -> float:
    """The lower half of a label's glyphs per point, its capitals centred in their box: the room a label's size needs."""
    return fonts.ascent(1) / 2 + fonts.descent(1)


def _band(safe: float) -> float:
    """The labels' band round the map: :data:`LABEL_BAND`, or wider where print.safe_mm would leave its labels less
    room inside the safe area than at the default 3 mm (as :func:`printkit.kitart.label_band` widens the other games'
    bands; this one keeps the labels at their 12 pt, where the others' shrink towards 5 pt: the map's squares are
    large, a wider band costs little)."""
    return max(LABEL_BAND, safe + LABEL_ROOM)


def _labels(board: Board, cell: float, ink: str, band: float, safe: float) -> list[Shape]:
    """Column letters above and below each column, row numbers left and right of each row, next to
    the first and last cell that exists (K sits over K3, row 1's right number beside J1). A label on the board's edge
    keeps ``safe`` mm (print.safe_mm) inside the cut: it is centred between the safe line and the map, as large as that
    room holds (12 pt at most)."""
    room = band - safe
    widest = max(fonts.text_width(str(board.height), 1, True), *(fonts.text_width(LETTERS[c], 1, True) for c in range(board.width)))
    pt = min(12.0, band * 72 / 25.4 * 0.55, (room - 0.5) / widest, (room / 2 - 0.25) / _centred_mm_per_pt())
    outer = (safe, band - safe)  # a label box on the board's edge: from the safe line to the map
    shapes: list[Shape] = []
    for c in range(board.width):
        rows = [r for r in range(board.height) if r * board.width + c in board.kinds]
        if rows:
            x = band + (c + 0.5) * cell
            top, deep = (0.0, band) if rows[0] else outer  # the top edge is a cut; the bottom, the legend's
            shapes.append(_label(x, band + rows[0] * cell - band + top, cell, deep, LETTERS[c], pt, ink))
            shapes.append(_label(x, band + (rows[-1] + 1) * cell, cell, band, LETTERS[c], pt, ink))
    for r in range(board.height):
        cols = [c for c in range(board.width) if r * board.width + c in board.kinds]
        if cols:
            y = band + r * cell
            left, wide = (0.0, band) if cols[0] else outer
            right = band if cols[-1] < board.width - 1 else band - safe
            shapes.append(_label(band + cols[0] * cell - band + left + wide / 2, y, wide, cell, str(r + 1), pt, ink))
            shapes.append(_label(band + (cols[-1] + 1) * cell + right / 2, y, right, cell, str(r + 1), pt, ink))
    return shapes


def present_kinds(board: Board) -> list[str]:
    found = set(board.kinds.values())
    return [k for k in KIND_ORDER if k in found]


def legend(params: Any, width: float, ink: str, band: float = LABEL_BAND) -> tuple[Group, float]:
    """Title and turn order, then one sample space per kind with what it does, ``band`` mm in from the board's sides."""
    n = theme_names(params.theme)
    swatch = max(10.0, min(16.0, params.square_mm * 0.45))
    inner = width - 2 * band
    head = (f"SiTTeRS - a round: {n['collectors']}, {n['collectors']}, {n['obstructors']}. "
            f"Spaces are named by column and row (D3).")
    entries = [(KIND_STYLE[kind][1], space_art(kind, swatch), legend_text(kind, params), ("legend-swatch", kind))
               for kind in present_kinds(params.board)]
    key, bottom = swatch_legend(entries, band, 7.5, inner, max(1, min(3, int(inner // 60))), swatch, ink, 0.4, 9.0)
    return Group((*text_block(head, band, 0.5, inner, 6.0, ink, max_pt=10.0), *key), id="legend"), bottom + 1.0


def board_piece(params: Any, settings: PrintSettings) -> Piece:
    """The board: labelled cells of the map, the legend under them, background into the bleed."""
    board, cell, ink, safe = params.board, params.square_mm, settings.colours.ink, settings.safe_mm
    band = _band(safe)
    w = board.width * cell + 2 * band
    grid_h = board.height * cell + 2 * band
    key, key_h = legend(params, w, ink, band)
    lowest = max((text_extent(t)[3] + dy for t, _, dy in walk((key,)) if isinstance(t, Text)), default=0.0)
    h = grid_h + max(key_h, lowest + safe)  # the legend's last line too keeps print.safe_mm above the cut
    front = Group((bleed_rect(w, h, settings.colours.board), *_labels(board, cell, ink, band, safe),
                   _cells(board, cell, ink, band), Group((key,), dy=grid_h)), id="board")
    return Piece("board", w, h, front, kind="board")


# --- rule-sheet figures ------------------------------------------------------------------------------


def _marker_at(kinds: Sequence[str], cx: float, cy: float, r: float) -> list[Shape]:
    """Markers sharing a space (a battle, a loot roll) side by side."""
    if len(kinds) == 1:
        return [sym.marker(kinds[0], cx, cy, r)]
    step = r * 0.75
    return [sym.marker(k, cx + (i - (len(kinds) - 1) / 2) * 2 * step, cy, r * 0.7) for i, k in enumerate(kinds)]


def map_panel(board: Board, markers: Mapping[str, Sequence[str]], caption: str, cell: float = 7.0,
              path: Sequence[str] = (), ink: str = sym.INK) -> Drawing:
    """The map with markers (coordinate -> marker kinds), a move's path and a caption under it."""
    band = BAND
    centre = {board.names[i]: (band + (i % board.width + 0.5) * cell, band + (i // board.width + 0.5) * cell)
              for i in board.kinds}
    shapes: list[Shape] = []
    for index in sorted(board.kinds):
        kind, name = board.kinds[index], board.names[index]
        x, y = centre[name][0] - cell / 2, centre[name][1] - cell / 2
        shapes.append(Rect(x, y, cell, cell, Style(fill=KIND_STYLE[kind][1], stroke=ink, width=0.25)))
        if name not in markers and KIND_STYLE[kind][0]:
            shapes.append(Text(x + 0.6, y + 2.6, KIND_STYLE[kind][0], size=LABEL_PT, bold=True, fill=MUTED))
    shapes.extend(grid_labels(board.width, board.height, cell, ink))
    if len(path) > 1:
        pts = tuple(centre[p] for p in path)
        shapes.append(Polygon(pts, Style(stroke=ink, width=0.6, dash=(1.2, 0.8)), closed=False))
        shapes.append(Circle(*pts[0], 0.9, Style(fill=ink)))
        shapes.append(_arrow_head(pts[-2], pts[-1], ink))
    for name, kinds in sorted(markers.items()):
        shapes.extend(_marker_at(kinds, *centre[name], cell * 0.36))
    height = band + board.height * cell + 5.0
    shapes.append(Text(band, height - 1, caption, size=6.5, fill=ink))
    width = max(band + board.width * cell + 1, band + fonts.text_width(caption, 6.5) + 1)
    return Drawing(width, height, tuple(shapes))


def _arrow_head(a: tuple[float, float], b: tuple[float, float], ink: str) -> Shape:
    (ax, ay), (bx, by) = a, b
    length = max(1e-9, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    ux, uy = (bx - ax) / length, (by - ay) / length
    tip = (bx - ux * 1.2, by - uy * 1.2)
    base = (tip[0] - ux * 2.2, tip[1] - uy * 2.2)
    return Polygon((tip, (base[0] - uy * 1.2, base[1] + ux * 1.2), (base[0] + uy * 1.2, base[1] - ux * 1.2)),
                   Style(fill=ink))


def key_panel(ink: str = sym.INK) -> Drawing:
    """The markers' symbols as a one-line key for the figures."""
    shapes: list[Shape] = []
    x = 1.0
    for kind in ("collector", "obstructor", "container"):
        shapes.append(sym.marker(kind, x + 2.2, 3.0, 2.2))
        shapes.append(Text(x + 5.5, 4.3, kind, size=7.0, fill=ink))
        x += 8.0 + fonts.text_width(kind, 7.0)
    shapes.append(Line(x, 3.0, x + 6, 3.0, Style(stroke=ink, width=0.6, dash=(1.2, 0.8))))
    shapes.append(Text(x + 7.5, 4.3, "path of the move", size=7.0, fill=ink))
    return Drawing(x + 8 + fonts.text_width("path of the move", 7.0), 6.0, tuple(shapes))
