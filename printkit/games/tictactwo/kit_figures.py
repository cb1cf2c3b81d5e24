"""Rule-sheet figures: positions built with ``positions.py`` and moved by the engine itself, so each
picture shows what the rules do (a swap, a shift that wraps, walls toppling)."""

from __future__ import annotations

from typing import AbstractSet, Any, Mapping

from printkit.art.diagram import LABEL_PT
from printkit.draw import fonts
from printkit.draw.shapes import Circle, Drawing, Group, Line, Polygon, Rect, Shape, Style, Text
from printkit.errors import BuildError
from printkit.games.tictactwo import turns
from printkit.games.tictactwo.engine import TicTacTwo
from printkit.games.tictactwo.kit_art import INTERSECT_COLOUR, MARK_COLOURS, MARKS, VOID_COLOUR, flag, intersect_symbol, mark
from printkit.games.tictactwo.notation import parse_action
from printkit.games.tictactwo.params import Params
from printkit.games.tictactwo.positions import play_lines, position
from printkit.games.tictactwo.state import LETTER, State

CELL = 9.0
BAND = 4.0
INK = "#1A1A1A"
CHANGED = "#FBF1B0"
CAPTION_PT = 7.0


def _space(cell: dict[str, Any], x: float, y: float, s: float) -> list[Shape]:
    shapes: list[Shape] = []
    if cell["void"]:
        return [Rect(x, y, s, s, Style(fill=VOID_COLOUR))]
    letters = cell["letters"]
    if cell["intersect"]:
        shapes.append(intersect_symbol(x + s * 0.8, y + s * 0.2, s * 0.14, INTERSECT_COLOUR))
        for ch in letters:
            cx = x + s * (0.3 if ch == "X" else 0.7)
            shapes.append(mark(MARKS.index(ch), cx, y + s * 0.64, s * 0.24))
    elif letters:
        shapes.append(mark(MARKS.index(letters), x + s / 2, y + s / 2 + (s * 0.06 if cell["dibs"] else 0), s * 0.34))
    if cell["dibs"]:
        shapes.append(flag(x + s * 0.2, y + s * 0.2, s * 0.15, MARK_COLOURS[MARKS.index(cell["dibs"])]))
    return shapes


def board(rules: TicTacTwo, state: State, changed: AbstractSet[str] = frozenset(), ghosts: Mapping[str, str] | None = None) -> Group:
    """A position: spaces with letters, intersects (green), dibs flags, voids (black) and walls."""
    geo, data = rules.geo, rules.state_json(state)
    n, s = geo.n, CELL
    shapes: list[Shape] = []
    for i, name in enumerate(geo.names):
        x, y = BAND + (i % n) * s, BAND + (i // n) * s
        shapes.append(Rect(x, y, s, s, Style(fill=CHANGED if name in changed else "#FFFFFF", stroke=INK, width=0.25)))
        shapes += _space(data["cells"][name], x, y, s)
    for c in range(n):
        shapes.append(Text(BAND + (c + 0.5) * s, BAND - 1, chr(65 + c), size=LABEL_PT, anchor="middle", fill=INK))
    for r in range(n):
        shapes.append(Text(BAND / 2, BAND + (r + 0.5) * s + 0.7, str(r + 1), size=LABEL_PT, anchor="middle", fill=INK))
    for name, owner in sorted(data["walls"].items()):
        shapes.append(_wall(rules, name, Style(stroke=MARK_COLOURS[MARKS.index(owner)], width=1.4)))
    for name, owner in sorted((ghosts or {}).items()):
        shapes.append(_wall(rules, name, Style(stroke=MARK_COLOURS[MARKS.index(owner)], width=0.6, dash=(0.8, 0.8))))
    return Group(tuple(shapes))


def _wall(rules: TicTacTwo, name: str, style: Style) -> Line:
    (x0, y0), (x1, y1) = rules.geo.slot_by_name[name].ends
    inset = 0.9 / CELL
    if x0 == x1:
        return Line(BAND + x0 * CELL, BAND + (y0 + inset) * CELL, BAND + x1 * CELL, BAND + (y1 - inset) * CELL, style)
    return Line(BAND + (x0 + inset) * CELL, BAND + y0 * CELL, BAND + (x1 - inset) * CELL, BAND + y1 * CELL, style)


def board_size(rules: TicTacTwo) -> float:
    return BAND + rules.geo.n * CELL + 1


def _caption(text: str, width: float, y: float) -> tuple[list[Shape], float]:
    lines = fonts.wrap(text, CAPTION_PT, width)
    lead = CAPTION_PT * 1.25 * 25.4 / 72
    return [Text(0.5, y + fonts.ascent(CAPTION_PT) + i * lead, ln, size=CAPTION_PT, fill=INK) for i, ln in enumerate(lines)], len(lines) * lead


def before_after(rules: TicTacTwo, before: State, after: State, caption: str,
                 ghosts: Mapping[str, str] | None = None) -> Drawing:
    """Two boards with an arrow between them and a caption under both."""
    size = board_size(rules)
    changed = {name for name, (a, b) in zip(rules.geo.names, zip(before.cells, after.cells)) if a != b}
    gap = 16.0
    arrow_y = BAND + rules.geo.n * CELL / 2
    arrow: list[Shape] = [Line(size + 3, arrow_y, size + gap - 4, arrow_y, Style(stroke=INK, width=0.6)),
             Polygon(((size + gap - 2.5, arrow_y), (size + gap - 4.5, arrow_y - 1.4), (size + gap - 4.5, arrow_y + 1.4)),
                     Style(fill=INK))]
    width = 2 * size + gap
    text, height = _caption(caption, max(width, 110.0), size + 2)
    shapes: list[Shape] = [board(rules, before), *arrow, Group((board(rules, after, changed, ghosts),), dx=size + gap), *text]
    return Drawing(max(width, 110.0), size + 3 + height, tuple(shapes))


def single(rules: TicTacTwo, state: State, caption: str, changed: AbstractSet[str] = frozenset()) -> Drawing:
    size = board_size(rules)
    text, height = _caption(caption, 110.0, size + 2)
    return Drawing(110.0, size + 3 + height, (board(rules, state, changed), *text))


def winning_cells(rules: TicTacTwo, state: State) -> set[str]:
    """The spaces of every uncut line of the winner's letters (empty for a draw or an open game)."""
    if state.winner is None:
        return set()
    bit = LETTER[state.winner]
    return {rules.geo.names[c] for line in rules.geo.lines
            if all(state.cells[c] & bit for c in line.cells) and not any(state.walls[b] >= 0 for b in line.blockers)
            for c in line.cells}


def step(rules: TicTacTwo, state: State, action: str | None = None, topple: str | None = None) -> State:
    """The position after one action and/or topple, checked and performed by the engine's own steps."""
    geo = rules.geo
    work = turns.Work(geo, state)
    if action is not None:
        act = parse_action(geo, action)
        turns.check_action(geo, state, work, act)
        turns.do_action(geo, work, act)
    if topple is not None:
        words = topple.split()
        slot, cell = geo.slot(words[0]).index, geo.cell(words[2])
        turns.check_topple(geo, state, work, slot, cell)
        turns.do_topple(work, slot, cell)
    return work.finish(state)


def _engine_says(condition: bool, what: str) -> None:
    if not condition:
        raise BuildError(f"rule sheet figure: the engine no longer does what the caption says ({what})")


def figures(rules: TicTacTwo) -> dict[str, Drawing]:
    """The swap, shift, topple and shift-topple figures (on the standard 4 x 4 board)."""
    x, o = rules.player_names
    swap_before = position(rules, {"A2": "X", "B2": "X", "C2": "O", "D2": "X", "D3": "X", "B3": "O", "C4": "O"})
    swap_after = step(rules, swap_before, "swap C2 D3")
    _engine_says(swap_after.winner == 0, "the swap wins for X")
    shift_before = position(rules, {"A3": "O", "B3": "^x", "C3": "*X", "D3": "O", "B1": "X", "C2": "O"})
    shift_after = step(rules, shift_before, "shift row 3 right")
    _engine_says(rules.state_json(shift_after)["cells"]["A3"]["letters"] == "O", "D3's O wraps to A3")
    topple_before = position(rules, {"C1": "O", "C2": "O", "C3": "O", "A1": "X", "B2": "X", "B3": "X"}, {"B2|C2": "X"})
    topple_after = play_lines(rules, topple_before, "X topple B2|C2 onto C2, C2")
    _engine_says(rules.state_json(topple_after)["cells"]["C2"]["letters"] == "X", "X writes on the erased space")
    fall_before = position(rules, {"A2": "O", "B2": "X", "C2": "O", "D2": "X", "B3": "O"}, {"B2|C2": "X"}, to_move="O",
                           hands=(("wall", "dibs", "intersect"), ("shift", "swap", "double")))
    fall_after = step(rules, fall_before, "shift row 2 left")
    _engine_says(rules.state_json(fall_after)["cells"]["C2"]["letters"] == "", "the wall erases C2")
    return {
        "swap": before_after(rules, swap_before, swap_after,
                             f"Swap: {x} swaps O's C2 with its own X on the diagonal neighbour D3. Row 2 reads "
                             "X X X X: a line of 4, and X wins at once, before writing a letter."),
        "shift": before_after(rules, shift_before, shift_after,
                              f"Shift row 3 right: D3's O wraps round to A3, the intersect space moves from C3 to D3 "
                              f"with its X, and A3's O hops over {x}'s dibs space B3 (the flag), which stays put."),
        "topple": before_after(rules, topple_before, topple_after,
                               f"Toppling: {x} topples its wall between B2 and C2 onto C2 (free, no action), erasing "
                               "the O there, and writes X on C2: column C is broken.", ghosts={"B2|C2": "X"}),
        "shift-topple": before_after(rules, fall_before, fall_after,
                                     f"A wall across a shift: {o} shifts row 2 left. A2's O wraps to D2; X's wall between "
                                     "B2 and C2 stays and falls to the right, against the shift, erasing the X that "
                                     "has just arrived on C2.", ghosts={"B2|C2": "X"}),
    }


def space_layout(params: Params) -> Drawing:
    """Two spaces at actual size: a token with a wall on its border, and a dibs + intersect space."""
    c, t, k, w = params.cell_mm, params.token_mm, params.marker_mm, params.wall_mm
    clear = w / 2 + 1
    ink = Style(fill="#FFFFFF", stroke=INK, width=0.4)

    def token(player: int, cx: float, cy: float) -> Group:
        return Group((Circle(cx, cy, t / 2, Style(fill=MARK_COLOURS[player])), mark(player, cx, cy, t * 0.36, "#FFFFFF")))

    def square(x: float, y: float, colour: str, art: Shape) -> Group:
        return Group((Rect(x, y, k, k, Style(fill=colour)), art))

    low = c - clear - t / 2
    shapes: list[Shape] = [
        Rect(0, 0, c, c, ink), Rect(c, 0, c, c, ink),
        token(0, c / 2, c / 2),
        Rect(c - w / 2, w / 2, w, c - w, Style(fill=MARK_COLOURS[1]), rx=0.5),
        square(c + clear, clear, MARK_COLOURS[0], flag(c + clear + k * 0.4, clear + k / 2, k * 0.3, "#FFFFFF")),
        square(2 * c - clear - k, clear, INTERSECT_COLOUR, intersect_symbol(2 * c - clear - k / 2, clear + k / 2, k * 0.3, "#FFFFFF")),
        token(0, c + clear + t / 2, low), token(1, 2 * c - clear - t / 2, low),
    ]
    caption = (f"Actual size: two {c:g} mm spaces. Left, a token in the middle and O's wall standing on the "
               "border slot. Right, an intersect space claimed by X: dibs marker top left, intersect marker "
               "top right, the X and the O side by side.")
    text, height = _caption(caption, 2 * c, c + 2)
    return Drawing(2 * c + 1, c + 3 + height, (*shapes, *text))
