"""Token Tactics print art: chips, tracker markers, commit cards, player aids and the tracker board.

Players are told apart by shape first and colour second: everything of the first player is
round (round chips, round marker, round track spaces, a disc on the card backs), everything of
the second player is square. Sizes come from :class:`Params` (``chip_mm``, ``marker_mm``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.art.cards import card_piece
from printkit.art.tokens import token_piece
from printkit.datakit.builtin import CardRow, draw_cards, package_layouts
from printkit.draw import fonts
from printkit.draw.shapes import Circle, Drawing, Group, Rect, Shape, Style, Text
from printkit.games.tokentactics.params import Params
from printkit.kit.model import Finding
from printkit.press.pieces import Piece, bleed_rect
from printkit.press.settings import PrintSettings

TITLE = "Token Tactics"
SHAPES = ("round", "square")
COMMIT_W, COMMIT_H = 41.0, 63.0
"""Commit cards are mini cards (41 x 63 mm): 16 fit on one A4 page, 12 on Letter."""
AID_W, AID_H = 88.0, 126.0
TRACK_PER_ROW = 8
WHITE = "#FFFFFF"


def colours(params: Params) -> tuple[str, str]:
    return params.colour_1, params.colour_2


def emblem(player: int, cx: float, cy: float, r: float, colour: str, width: float = 0.0) -> Shape:
    """The player's shape: a disc (first player) or a square (second); outlined when ``width``."""
    style = Style(stroke=colour, width=width) if width else Style(fill=colour)
    if player == 0:
        return Circle(cx, cy, r, style)
    side = r * 1.8
    return Rect(cx - side / 2, cy - side / 2, side, side, style)


def digit_pt(height_mm: float) -> float:
    """The point size whose capitals (and digits) are ``height_mm`` tall."""
    return height_mm / (0.729 * 25.4 / 72)


def centred_text(text: str, cx: float, cy: float, pt: float, fill: str, box: tuple[float, float, float, float],
                 bold: bool = True, cls: tuple[str, ...] = ()) -> Text:
    """Text whose capitals are centred on (cx, cy)."""
    return Text(cx, cy + fonts.ascent(pt) / 2, text, size=pt, bold=bold, anchor="middle", fill=fill, box=box, cls=cls)


# --- chips and markers -------------------------------------------------------------------


@dataclass(frozen=True)
class ChipSet:
    """What one player's chips are: ``ones`` 1-chips and ``fives`` 5-chips."""

    ones: int
    fives: int

    @property
    def chips(self) -> int:
        return self.ones + self.fives

    @property
    def value(self) -> int:
        return self.ones + 5 * self.fives

    def greedy(self, amount: int) -> tuple[int, int] | None:
        """(ones, fives) laying out ``amount`` with as many fives as possible; None if impossible."""
        fives = min(self.fives, amount // 5)
        ones = amount - 5 * fives
        return (ones, fives) if ones <= self.ones else None

    def covers(self, bound: int) -> bool:
        """Whether every reserve from 0 to ``bound`` can be laid out (greedy, so players need no search)."""
        return all(self.greedy(n) is not None for n in range(bound + 1))


def chip_set(bound: int, fives_allowed: bool) -> ChipSet:
    """The fewest chips showing every reserve 0..bound: 4 ones and enough fives, when that is fewer."""
    if fives_allowed and bound > 4:
        mixed = ChipSet(4, math.ceil((bound - 4) / 5))
        if mixed.chips < bound:
            return mixed
    return ChipSet(bound, 0)


def _value_art(player: int, value: int, size: float, safe: float) -> Group:
    """The value on a chip; a five also gets an inner white outline of the player's shape."""
    c = size / 2
    inner = size - 2 * safe
    below = fonts.ascent(1) / 2 + fonts.descent(1)  # centred capitals: how far the text reaches below the centre, per pt
    pt = min(digit_pt(size * 0.36), digit_pt(inner * 0.8), inner / 2 / below)
    shapes: list[Shape] = []
    if value == 5:
        shapes.append(emblem(player, c, c, size * 0.3, WHITE, width=0.7))
    shapes.append(centred_text(str(value), c, c, pt, WHITE, (safe, safe, inner, inner), cls=("chip-value",)))
    return Group(tuple(shapes))


def chip(player: int, value: int, index: int, params: Params, settings: PrintSettings) -> Piece:
    """One chip: round for the first player, square for the second."""
    size, colour = params.chip_mm, colours(params)[player]
    name = f"{params.player_names[player]} {value}-chip {index}"
    ident, cls = f"chip-{player + 1}-v{value}-{index}", ("chip", f"player-{player + 1}", f"value-{value}")
    art = _value_art(player, value, size, settings.safe_mm)
    if player == 0:
        return token_piece(name, size, colour, art, ident, cls, settings.bleed_mm)
    frame = Rect(1.2, 1.2, size - 2.4, size - 2.4, Style(stroke=WHITE, width=0.5))
    front = Group((bleed_rect(size, size, colour), frame, art), id=ident, cls=("token", *cls))
    return Piece(name, size, size, front, kind="token")


def marker(player: int, params: Params, settings: PrintSettings) -> Piece:
    """The reserve tracker marker: the player's shape with a white star."""
    from printkit.art.symbols import star

    size, colour = params.marker_mm, colours(params)[player]
    art = star(size / 2, size / 2, size * 0.3, WHITE, points=5, inner=0.45)
    name, ident = f"{params.player_names[player]} tracker marker", f"marker-{player + 1}"
    cls = ("marker", f"player-{player + 1}")
    if player == 0:
        return token_piece(name, size, colour, art, ident, cls, settings.bleed_mm)
    front = Group((bleed_rect(size, size, colour), art), id=ident, cls=("token", *cls))
    return Piece(name, size, size, front, kind="token")


def chips(player: int, params: Params, settings: PrintSettings, bound: int) -> list[Piece]:
    """All of one player's chips: the ones, then the fives."""
    chosen = chip_set(bound, params.five_chips)
    ones = [chip(player, 1, i + 1, params, settings) for i in range(chosen.ones)]
    return ones + [chip(player, 5, i + 1, params, settings) for i in range(chosen.fives)]


# --- commit cards -----------------------------------------------------------------------------


def commit_note(n: int, params: Params) -> str:
    return "defence only" if n < params.minimum_attack else "attack or defence"


def commit_row(player: int, n: int, params: Params) -> CardRow:
    """What a commit card shows: its number (as large as the card allows), the note, the player's shape."""
    band = 4.5
    big = min(digit_pt(COMMIT_H * 0.3), digit_pt(40.0))
    while fonts.text_width(str(n), big, True) > COMMIT_W - 2 * band - 12:
        big -= 1
    middle = COMMIT_H * 0.44
    fields = {"n": str(n), "note": commit_note(n, params), "colour": colours(params)[player], "emblem": emblem_file(player),
              "back": back_file(player), "subtitle": f"{params.player_names[player]} commit", "value_pt": f"{big:g}",
              "value_y": f"{middle - fonts.ascent(big) / 2:.3f}", "value_h": f"{fonts.ascent(big) + fonts.descent(big) + 0.5:.3f}",
              "note_y": f"{middle + fonts.ascent(big) / 2 + 5.5 - fonts.ascent(7.0):.3f}"}
    return CardRow(fields, f"commit-{player + 1}-{n}", f"{params.player_names[player]} commit {n}",
                   ("commit-card", f"player-{player + 1}"), f"commit-back-{player + 1}", ("commit-back", f"player-{player + 1}"))


def emblem_file(player: int) -> str:
    """The corner emblem's picture, as the kit folder's commit_cards.csv names it."""
    return f"art/emblem-{player + 1}.svg"


def back_file(player: int) -> str:
    """The back's large emblem, as the kit folder's commit_cards.csv names it."""
    return f"art/back-{player + 1}.svg"


def commit_pictures(params: Params) -> dict[str, Drawing]:
    """The players' shapes on commit cards (in the players' colours): the corner index's, and the back's large one."""
    pictures = {}
    for player, colour in enumerate(colours(params)):
        pictures[emblem_file(player)] = Drawing(3.6, 3.6, (emblem(player, 1.8, 1.8, 1.8, colour),))
        pictures[back_file(player)] = Drawing(22.0, 22.0, (emblem(player, 11, 11, 11.0, WHITE), emblem(player, 11, 11, 6.5, colour)))
    return pictures


def commit_cards(player: int, params: Params, settings: PrintSettings, top: int, problems: list[Finding] | None = None) -> list[Piece]:
    """Cards 0 to ``top`` for one player, every one with the same back: layouts from the kit folder's kit.toml."""
    layouts = package_layouts("printkit.games.tokentactics", "kitfolder/kit.toml")
    rows = [commit_row(player, n, params) for n in range(top + 1)]
    return draw_cards(layouts, rows, (COMMIT_W, COMMIT_H), settings.bleed_mm, settings.safe_mm, commit_pictures(params),
                      front="commit-front", back="commit-back", findings=problems)


def commit_front(player: int, n: int, params: Params, settings: PrintSettings) -> Group:
    """One commit card's face (for rule-sheet figures)."""
    return commit_cards(player, params, settings, n)[n].front


# --- player aid -------------------------------------------------------------------------------

AidItems = list[tuple[str, str]]
"""(heading, text) paragraphs of one side of a player aid."""


def _aid_lines(items: AidItems, pt: float, width: float) -> list[tuple[str, bool, float]]:
    """(text, bold, gap before in mm) lines: each heading on its own line, its text wrapped under it."""
    lines: list[tuple[str, bool, float]] = []
    for i, (head, text) in enumerate(items):
        gap = 0.0 if i == 0 else pt * 0.25
        if head:
            lines.append((head, True, gap))
            gap = 0.0
        for j, line in enumerate(fonts.wrap(text, pt, width)):
            lines.append((line, False, gap if j == 0 else 0.0))
    return lines


def _fit_aid(items: AidItems, width: float, height: float) -> tuple[float, list[tuple[str, bool, float]]]:
    pt = 10.0
    while pt > 7.0:
        lines = _aid_lines(items, pt, width)
        leading = pt * 1.25 * 25.4 / 72
        if sum(leading + g for _, _, g in lines) <= height and all(fonts.text_width(t, pt, b) <= width for t, b, _ in lines):
            break
        pt -= 0.25
    return pt, _aid_lines(items, pt, width)


def aid_side(title: str, items: AidItems, player: int, params: Params, settings: PrintSettings, ident: str) -> Group:
    """One side of a player aid: the title band in the player's colour and shape, then the paragraphs."""
    w, h, safe, ink = AID_W, AID_H, settings.safe_mm + 1, settings.colours.ink
    band, colour = 14.0, colours(params)[player]
    shapes: list[Shape] = [bleed_rect(w, h, colour),
                           Rect(safe - 1, band, w - 2 * safe + 2, h - band - safe + 1, Style(fill=WHITE), rx=1.5),
                           emblem(player, safe + 3.5, band / 2, 3.0, WHITE),
                           Text(w / 2, band / 2 + fonts.ascent(13) / 2 + 0.8, title, size=13, bold=True, anchor="middle",
                                fill=WHITE, box=(safe + 7, safe - 1, w - 2 * safe - 7, band - safe + 2), cls=("card-title",))]
    footer_h = 5.0
    x, top = safe + 1, band + 3
    box = (x, top, w - 2 * safe - 2, h - top - safe - footer_h - 1)
    pt, lines = _fit_aid(items, box[2], box[3])
    leading = pt * 1.25 * 25.4 / 72
    y = top
    for text, bold, gap in lines:
        y += gap
        shapes.append(Text(x, y + fonts.ascent(pt), text, size=pt, bold=bold, fill=ink, box=box, cls=("card-text",)))
        y += leading
    shapes.append(Text(w / 2, h - safe - 1, f"{TITLE} - player aid - {params.player_names[player]}", size=7.0,
                       anchor="middle", fill="#6B6B6B", box=(safe, h - safe - footer_h, w - 2 * safe, footer_h),
                       cls=("card-footer",)))
    return Group(tuple(shapes), id=ident, cls=("player-aid", f"player-{player + 1}"))


def aid_cards(params: Params, settings: PrintSettings, turn: AidItems, battle: AidItems) -> list[Piece]:
    """One aid per player: the turn on the front, the resolution with worked arithmetic on the back."""
    pieces = []
    for player in (0, 1):
        front = aid_side("Your turn", turn, player, params, settings, f"aid-{player + 1}-turn")
        back = aid_side("Resolving an attack", battle, player, params, settings, f"aid-{player + 1}-battle")
        pieces.append(card_piece(f"{params.player_names[player]} player aid", front, back, AID_W, AID_H))
    return pieces


# --- tracker board --------------------------------------------------------------------------


@dataclass(frozen=True)
class TrackLayout:
    space: float
    pad: float = 8.0
    title_h: float = 16.0
    header_h: float = 10.0
    gap: float = 6.0


def track_top(params: Params, bound: int) -> int:
    """The tracker's last space: the configured length, or the reserve bound if that is larger."""
    return max(params.track_length, bound)


def _space(player: int, n: int, x: float, y: float, size: float, params: Params, bound: int, ink: str) -> Group:
    """One track space ``track-<player>-<n>``: a circle (first player) or a square (second)."""
    reachable = n <= bound
    fill = WHITE if reachable else "#E3E3E3"
    classes = ["track-space", f"player-{player + 1}"]
    if n == params.starting_tokens:
        classes.append("start")
    if n == params.reserve_cap:
        classes.append("cap")
    if not reachable:
        classes.append("beyond-bound")
    r = size / 2 - 0.8
    style = Style(fill=fill, stroke=ink if reachable else "#9A9A9A", width=0.4)
    if player == 0:
        cell: Shape = Circle(size / 2, size / 2, r, style, id=f"track-{player + 1}-{n}", cls=tuple(classes))
    else:
        cell = Rect(0.8, 0.8, size - 1.6, size - 1.6, style, rx=1.0, id=f"track-{player + 1}-{n}", cls=tuple(classes))
    shapes: list[Shape] = [cell]
    if n == params.starting_tokens or n == params.reserve_cap:
        ring = colours(params)[player]
        shapes.append(emblem(player, size / 2, size / 2, r - 1.0 if player == 0 else (r - 1.0) / 0.9, ring, width=0.8))
    pt = 9.0 if reachable else 7.5
    label = (n == params.starting_tokens and "start") or (n == params.reserve_cap and "cap") or ""
    cy = size / 2 - (1.6 if label else 0.0)
    shapes.append(centred_text(str(n), size / 2, cy, pt, ink if reachable else "#8A8A8A", (1.5, 1.5, size - 3, size - 3)))
    if label:
        shapes.append(Text(size / 2, cy + fonts.ascent(pt) / 2 + 3.2, label, size=7.0, anchor="middle", fill=ink,
                           box=(1.5, 1.5, size - 3, size - 3)))
    return Group(tuple(shapes), dx=x, dy=y)


def _panel(player: int, y: float, lay: TrackLayout, params: Params, bound: int, top: int, ink: str) -> tuple[list[Shape], float]:
    """One player's track, 0..top in rows of TRACK_PER_ROW, and the height it took."""
    name, colour = params.player_names[player], colours(params)[player]
    shapes: list[Shape] = [emblem(player, lay.pad + 3.5, y + lay.header_h / 2, 3.0, colour)]
    shapes.append(Text(lay.pad + 9, y + lay.header_h / 2 + fonts.ascent(10) / 2, f"{name}: reserve", size=10, bold=True,
                       fill=ink, box=(lay.pad, y, TRACK_PER_ROW * lay.space, lay.header_h)))
    rows = math.ceil((top + 1) / TRACK_PER_ROW)
    cells = [_space(player, n, lay.pad + (n % TRACK_PER_ROW) * lay.space, y + lay.header_h + (n // TRACK_PER_ROW) * lay.space,
                    lay.space, params, bound, ink) for n in range(top + 1)]
    shapes.append(Group(tuple(cells), id=f"track-{player + 1}", cls=("track",)))
    return shapes, lay.header_h + rows * lay.space


def tracker(params: Params, settings: PrintSettings, bound: int) -> Piece:
    """The reserve tracker: a 0..top track per player, spaces sized for the markers."""
    lay = TrackLayout(space=max(params.marker_mm + 4.0, 12.0))
    top, ink = track_top(params, bound), settings.colours.ink
    width = 2 * lay.pad + TRACK_PER_ROW * lay.space
    shapes: list[Shape] = []
    y = lay.title_h
    for player in (0, 1):
        panel, used = _panel(player, y, lay, params, bound, top, ink)
        shapes.extend(panel)
        y += used + lay.gap
    height = y - lay.gap + lay.pad + 6.0
    note = f"grey spaces lie beyond {bound}: no reserve reaches them under these rules"
    title_pt = 14.0
    body = [bleed_rect(width, height, settings.colours.board),
            Text(lay.pad, lay.pad + fonts.ascent(title_pt), f"{TITLE} - reserve tracker", size=title_pt, bold=True, fill=ink,
                 box=(lay.pad, lay.pad - 1, width - 2 * lay.pad, lay.title_h - lay.pad + 1)),
            *shapes]
    if top > bound:
        body.append(Text(lay.pad, height - lay.pad, note, size=7.0, fill=settings.colours.muted,
                         box=(lay.pad, height - lay.pad - 4, width - 2 * lay.pad, 5)))
    return Piece("reserve tracker", width, height, Group(tuple(body), id="tracker"), kind="board")
