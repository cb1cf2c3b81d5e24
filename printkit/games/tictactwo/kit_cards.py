"""Tic Tac Two cards: the six special actions (rule text as the engine reads the seed), their
shared back, and one draft tracker per player with a turn summary on its back."""

from __future__ import annotations

from printkit.art.cards import MIN_TEXT_PT, card_back, card_piece, text_block
from printkit.draw import fonts
from printkit.draw.shapes import Group, Line, Polygon, Rect, Shape, Style, Text
from printkit.games.tictactwo.kit_art import MARK_COLOURS, MARKS, WHITE, flag, intersect_symbol, mark
from printkit.games.tictactwo.params import ACTIONS, Params
from printkit.press.pieces import Piece, bleed_rect
from printkit.press.settings import PrintSettings

TITLE = "Tic Tac Two"
ACTION_COLOURS = {
    "double": "#E69F00", "swap": "#56B4E9", "shift": "#F0E442",
    "dibs": "#CC79A7", "intersect": "#009E73", "wall": "#A8A8A8",
}
"""Okabe-Ito colours other than the players' vermillion and blue (grey for Wall); titles in ink."""
TITLES = {"double": "Double", "swap": "Swap", "shift": "Shift", "dibs": "Dibs Space",
          "intersect": "Intersect Space", "wall": "Wall"}
BAND = 13.0
ICON_H = 20.0


def action_text(action: str, params: Params) -> str:
    """The card's rule text: every bullet of the seed, as the engine reads it."""
    k = params.line_length
    void = params.void
    return {
        "double": "Write one extra letter of yours on any space where you could write (your own dibs space "
                  f"too), then write your turn's letter as usual. If the extra letter completes a line of {k}, "
                  "you win at once.",
        "swap": "Exchange two neighbouring spaces, diagonals included: an X with an O, or a letter with an "
                "empty space" + (", or a void with a letter or empty space" if void else "") + ". Either "
                "player's letters may move. Never two of a kind (X-X, O-O), never an intersect space (its "
                "letters are immune) or a dibs space awaiting its letter; walls never move and no swap passes "
                "a wall. Swap first: your letter ends the turn. Lines for both players at once: a draw.",
        "shift": "Push a whole row (left or right) or column (up or down) one space; the end space wraps "
                 "round to the other end. Never diagonally. Letters and intersect spaces move"
                 + (", voids too" if void else "") + "; a dibs space awaiting its letter stays and the "
                 "others hop over it. A wall across the line stays and falls against the shift, erasing the "
                 "letters on that side, before lines are checked. Lines for both players at once: a draw.",
        "dibs": "Claim a space that is not a void and not claimed (letters or an intersect on it stay). "
                "Until you overwrite it, nothing shifts, swaps or topples it away; anyone may still write "
                "there. On a later turn, or this one, write your letter on it as your placement: it erases "
                "every letter, the intersect and the claim. Walls stay. Overwriting uses no action. Once a "
                f"line of {k} is made the game is over: no overwrite.",
        "intersect": "Make a space that is empty or holds one letter an intersect space"
                     + (" (not a void)" if void else "") + ": it takes one X and one O at once and "
                     "each counts for its own player's lines. Shift moves it with its letters; Swap never "
                     "touches it. A toppling wall erases its letters, never the intersect itself.",
        "wall": "Put a wall on any free border, the outer edge included. It cuts rows, columns and the "
                "diagonals through its ends; on the outer edge it cuts nothing. On a later turn (or this "
                "one), before your letter, you may topple it for free onto a space beside it: the X and O "
                "there are erased (not a dibs claim, intersect or void), and you may write there. Only you "
                "topple your walls.",
    }[action]


def _cells(n: int, size: float, x0: float, y0: float, ink: str) -> list[Shape]:
    style = Style(fill=WHITE, stroke=ink, width=0.35)
    return [Rect(x0 + i * size, y0, size, size, style) for i in range(n)]


def _arrow(x0: float, y: float, x1: float, colour: str, both: bool = False) -> list[Shape]:
    head = 1.6 if x1 > x0 else -1.6
    shapes: list[Shape] = [Line(x0, y, x1, y, Style(stroke=colour, width=0.6)),
                           Polygon(((x1 + head, y), (x1 - head * 0.4, y - 1.3), (x1 - head * 0.4, y + 1.3)), Style(fill=colour))]
    if both:
        shapes.append(Polygon(((x0 - head, y), (x0 + head * 0.4, y - 1.3), (x0 + head * 0.4, y + 1.3)), Style(fill=colour)))
    return shapes


def icon(action: str, ink: str) -> Group:
    """A 40 x 20 mm picture of the action."""
    s, r = 10.0, 3.6
    x, o = MARK_COLOURS
    if action == "double":
        shapes = [*_cells(1, s, 6, 5, ink), *_cells(1, s, 24, 5, ink), mark(0, 11, 10, r, x), mark(0, 29, 10, r, x),
                  Text(20, 12, "+", size=14, bold=True, anchor="middle", fill=ink)]
    elif action == "swap":
        shapes = [*_cells(2, s, 10, 3, ink), mark(0, 15, 8, r, x), mark(1, 25, 8, r, o), *_arrow(13, 16.5, 27, ink, both=True)]
    elif action == "shift":
        shapes = [*_cells(4, 8.0, 4, 2, ink), mark(1, 8, 6, 2.9, o), mark(0, 16, 6, 2.9, x), mark(0, 32, 6, 2.9, x),
                  Polygon(((36, 11), (36, 16), (8, 16), (8, 12.5)), Style(stroke=ink, width=0.6), closed=False),
                  Polygon(((8, 11), (6.7, 13.4), (9.3, 13.4)), Style(fill=ink))]
    elif action == "dibs":
        shapes = [*_cells(1, 14.0, 13, 3, ink), flag(16.5, 7, 2.8, ACTION_COLOURS["dibs"]), mark(0, 20, 10.5, 3.4, x)]
    elif action == "intersect":
        shapes = [*_cells(1, 14.0, 13, 3, ink), intersect_symbol(23.5, 6.8, 2.4, ACTION_COLOURS["intersect"]),
                  mark(0, 16.8, 13, 2.8, x), mark(1, 23.2, 13, 2.8, o)]
    else:
        shapes = [*_cells(2, s, 10, 3, ink), mark(0, 15, 8, r, x), mark(1, 25, 8, r, o),
                  Rect(18.8, 2.4, 2.4, 11.2, Style(fill=ink), rx=0.8)]
    return Group(tuple(shapes))


def _band_title(text: str, w: float, safe: float, colour: str, inset: float = 0.0) -> Text:
    """The title centred in the coloured band, ``inset`` mm clear of each side (for a corner mark)."""
    pt, room = 13.0, w - 2 * (safe + inset)
    while fonts.text_width(text, pt, True) > room - 2 and pt > 8:
        pt -= 0.5
    return Text(w / 2, BAND / 2 + fonts.ascent(pt) / 2 + 0.8, text, size=pt, bold=True, anchor="middle", fill=colour,
                box=(safe + inset, safe, room, BAND - safe + 2), cls=("card-title",))


def action_front(action: str, params: Params, settings: PrintSettings, footer: str) -> Group:
    w, h, safe, ink = settings.card_width_mm, settings.card_height_mm, settings.safe_mm, settings.colours.ink
    top = BAND + 2.5 + ICON_H
    shapes: list[Shape] = [bleed_rect(w, h, ACTION_COLOURS[action]),
                           Rect(safe - 1, BAND, w - 2 * safe + 2, h - BAND - safe + 1, Style(fill=WHITE), rx=1.5),
                           _band_title(TITLES[action], w, safe, ink),
                           Group((icon(action, ink),), dx=(w - 40) / 2, dy=BAND + 1.5)]
    shapes += text_block(action_text(action, params), safe + 1, top, w - 2 * safe - 2, h - top - safe - 5.5, ink, max_pt=8.5)
    shapes.append(Text(w / 2, h - safe - 1, footer, size=MIN_TEXT_PT, anchor="middle", fill="#6B6B6B",
                       box=(safe, h - safe - 5, w - 2 * safe, 5), cls=("card-footer",)))
    return Group(tuple(shapes), id=f"card-{action}", cls=("action-card",))


def action_back(settings: PrintSettings) -> Group:
    w, h, safe = settings.card_width_mm, settings.card_height_mm, settings.safe_mm + 1
    emblem = Group((mark(0, w / 2 - 11, h * 0.4, 9, WHITE), mark(1, w / 2 + 11, h * 0.4, 9, WHITE)))
    return card_back(TITLE, "special action", settings.colours.card_back, emblem, w, h, safe)


def action_cards(params: Params, settings: PrintSettings) -> list[Piece]:
    """One card per special action (the draft pool), all with the same back."""
    footer = ("Meta: any player may draft it, repeats too" if params.meta else
              "Drafted by one player only - use once")
    back = action_back(settings)
    w, h = settings.card_width_mm, settings.card_height_mm
    return [card_piece(f"{a} card", action_front(a, params, settings, footer), back, w, h) for a in ACTIONS]


# --- the draft tracker ------------------------------------------------------------------------


def _box(x: float, y: float, size: float, ink: str, ident: str) -> Rect:
    return Rect(x, y, size, size, Style(fill=WHITE, stroke=ink, width=0.35), id=ident, cls=("tracker-box",))


def tracker_front(player: int, params: Params, settings: PrintSettings) -> Group:
    """Rows of the six actions, one box per pick: tick the action of each pick, cross it out when used."""
    w, h, safe, ink = settings.card_width_mm, settings.card_height_mm, settings.safe_mm, settings.colours.ink
    name, m, picks = (params.player_x, params.player_o)[player], MARKS[player], params.actions_each
    shapes: list[Shape] = [bleed_rect(w, h, MARK_COLOURS[player]),
                           Rect(safe - 1, BAND, w - 2 * safe + 2, h - BAND - safe + 1, Style(fill=WHITE), rx=1.5),
                           mark(player, safe + 4, BAND / 2, 3.4, WHITE), _band_title(f"{name} draft", w, safe, WHITE, inset=8.0)]
    howto = (f"Draft {picks}: for pick 1, 2, 3 ... tick that action's box in the pick's column. "
             "Used it? Cross the box out.")
    shapes += text_block(howto, safe + 1, BAND + 1.5, w - 2 * safe - 2, 12, ink, max_pt=7.5)
    name_w, y0, row = 25.0, BAND + 15.0, 6.2
    pitch = min(7.0, (w - 2 * safe - 2 - name_w) / max(1, picks))
    box = min(4.6, pitch - 1.2)
    x0 = safe + 1 + name_w
    for j in range(picks):
        cx = x0 + j * pitch + pitch / 2
        shapes.append(Text(cx, y0 + 3.2, str(j + 1), size=7, bold=True, anchor="middle", fill=ink,
                           box=(cx - pitch / 2, y0, pitch, row - 1.5), cls=("tracker-head",)))
    for i, action in enumerate(ACTIONS):
        y = y0 + 5.0 + i * row
        shapes.append(Rect(safe, y - 0.3, w - 2 * safe, row, Style(fill=ACTION_COLOURS[action], opacity=0.25)))
        shapes.append(Text(safe + 1.5, y + row / 2 + 1.2, TITLES[action], size=7, bold=True, fill=ink,
                           box=(safe + 1, y, name_w, row), cls=("tracker-action",)))
        for j in range(picks):
            shapes.append(_box(x0 + j * pitch + (pitch - box) / 2, y + (row - box) / 2 - 0.3, box, ink,
                               f"tracker-{m}-{action}-{j + 1}"))
    rule = ("Meta: tick any action, repeats and your opponent's too; each tick is one use."
            if params.meta else "No action twice, none your opponent holds; each is used once.")
    bottom = y0 + 5.0 + len(ACTIONS) * row + 1.0
    shapes += text_block(rule, safe + 1, bottom, w - 2 * safe - 2, h - safe - bottom, ink, max_pt=7.5)
    return Group(tuple(shapes), id=f"tracker-{m}", cls=("draft-tracker", m.lower()))


def tracker_back(player: int, params: Params, settings: PrintSettings) -> Group:
    """A turn summary for the player holding the tracker."""
    w, h, safe, ink = settings.card_width_mm, settings.card_height_mm, settings.safe_mm, settings.colours.ink
    k = params.line_length
    shapes: list[Shape] = [bleed_rect(w, h, MARK_COLOURS[player]),
                           Rect(safe - 1, BAND, w - 2 * safe + 2, h - BAND - safe + 1, Style(fill=WHITE), rx=1.5),
                           _band_title("Your turn", w, safe, WHITE)]
    text = ("First turn: write your letter, nothing else.\n"
            "Later turns, in this order:\n"
            "1. You may use one unused special action.\n"
            "2. You may topple one of your walls onto a space beside it (free).\n"
            "3. Write your letter: it ends the turn.\n"
            f"After every step look for lines of {k}: the first line ends the game. A line of your "
            "opponent's letters wins for them; lines for both at once: a draw.")
    shapes += text_block(text, safe + 1, BAND + 2, w - 2 * safe - 2, h - BAND - 2 * safe - 2, ink, max_pt=8.5)
    return Group(tuple(shapes), id=f"tracker-back-{MARKS[player]}", cls=("card-back",))


def trackers(params: Params, settings: PrintSettings) -> list[Piece]:
    w, h = settings.card_width_mm, settings.card_height_mm
    return [card_piece(f"{m} draft tracker", tracker_front(p, params, settings), tracker_back(p, params, settings), w, h)
            for p, m in enumerate(MARKS)]
