"""Ultimate Tic-Tac-Toe's pieces that data cannot draw (kit.toml names these functions): the board with its tinted,
labelled special spaces and the legend on its bottom margin, the X and O tokens, the score cards (5 x 3 in, a numbered
row per mark) and the rule sheet's figures (the seed's example, the worked example's last position)."""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Mapping

from printkit.art import symbols
from printkit.art.board import swatch_legend
from printkit.art.cards import text_block, text_height
from printkit.art.diagram import LABEL_PT
from printkit.art.scorecard import CARD_H, CARD_W, score_card, score_layout
from printkit.draw import fonts
from printkit.games.ultimate.rules import LABELS, MARKS, SCORING, cell_kinds, legend_text, max_marks, present_kinds
from printkit.kitart import (
    PLAYER_COLOURS,
    ArtKit,
    Drawing,
    GridStyle,
    Group,
    Piece,
    Shape,
    Text,
    grid_board,
    label_band,
    mark_tokens,
    position_diagram,
)
from printkit.press.pieces import bleed_rect

TINTS = {"extra-turn": "#CFE8F6", "triple": "#F6D0B8", "double": "#FAE6B4", "free": "#D6D6D6"}
"""Space kind -> its tint (its label, rules.LABELS, tells the kinds apart)."""

LABEL_BAND = 8.0
MIN_PT = 7.0
STAR_GREY = "#6B6B6B"


# --- the board ------------------------------------------------------------------------------------------------------


def label_size(text: str, size: float) -> float:
    """The point size of a space's label: as large as fits (up to 10 pt), never under 7 pt."""
    pt = 10.0
    while pt > MIN_PT and (fonts.text_width(text, pt, True) > size - 2 or fonts.ascent(pt) > size * 0.3):
        pt -= 0.25
    return pt


def special_art(kind: str, size: float, params: Any) -> tuple[str | None, tuple[Shape, ...]]:
    """The fill and the shapes (in cell coordinates) of a space of ``kind`` on a ``size`` mm cell."""
    if kind not in LABELS:
        return None, ()
    text = LABELS[kind]
    pt = label_size(text, size)
    top = 1.0 + fonts.ascent(pt)
    shapes: list[Shape] = [Text(size / 2, top, text, size=pt, bold=True, anchor="middle", fill="#1A1A1A",
                                box=(0.5, 0.5, size - 1, size - 1), cls=("space-label",))]
    if kind == "free" and params.free_space != "open":  # marked from the start
        shapes.append(symbols.star(size / 2, (top + size) / 2 + 0.3, (size - top) * 0.34, STAR_GREY, points=5, inner=0.45))
    return TINTS[kind], tuple(shapes)


def _cell_art(params: Any) -> Callable[[str, float], tuple[tuple[str, ...], str | None, tuple[Shape, ...]]]:
    """The board's per-cell callback: the space's kind as a class, a tint, the label."""
    kinds = cell_kinds(params)

    def art(name: str, size: float) -> tuple[tuple[str, ...], str | None, tuple[Shape, ...]]:
        kind = kinds.get(name, "")
        fill, shapes = special_art(kind, size, params)
        return ((kind,) if kind else ()), fill, shapes

    return art


def legend(params: Any, width: float, ink: str, band: float = LABEL_BAND) -> tuple[Group, float]:
    """The legend under the board, ``band`` mm in from its sides: a scoring reminder, then one sample space per
    special kind."""
    swatch, inner = min(params.cell_mm, 14.0), width - 2 * band
    scoring_h = max(9.0, text_height(SCORING, inner))  # a narrow board's reminder takes more lines
    scoring = text_block(SCORING, band, 1.0, inner, scoring_h, ink, max_pt=8.5)
    entries = [(*special_art(kind, swatch, params), legend_text(kind, params), ("legend-swatch",))
               for kind in present_kinds(params)]
    key, bottom = swatch_legend(entries, band, scoring_h + 2.0, inner, 2 if inner >= 150 else 1, swatch, ink, 0.5, 8.5)
    return Group((*scoring, *key), id="legend"), bottom + 2.0


def board(kit: ArtKit, name: str) -> list[Piece]:
    """The grid (cells ``cell-<coord>``, labels on every edge) with the legend on its bottom margin."""
    params, settings = kit.params, kit.settings
    style = GridStyle(cell=params.cell_mm, label_band=LABEL_BAND, ink=settings.colours.ink, safe=settings.safe_mm,
                      background=settings.colours.board, show_coords=False)
    grid = grid_board(params.board_size, params.board_size, style, _cell_art(params), title="board")
    key, key_h = legend(params, grid.w, settings.colours.ink, label_band(style, params.board_size, params.board_size))
    h = grid.h + key_h
    front = Group((bleed_rect(grid.w, h, settings.colours.board), grid.front, Group((key,), dy=grid.h)), id="board-with-legend")
    return [Piece("board", grid.w, h, front, kind="board")]


# --- tokens ---------------------------------------------------------------------------------------------------------


def tokens(kit: ArtKit, name: str) -> list[Piece]:
    """A token for every mark a player can place: a coloured disc with a white cross (X) or ring (O)."""
    counts = max_marks(kit.params)
    return [t for player, mark in enumerate(MARKS)
            for t in mark_tokens(mark, counts[player], kit.params.token_mm, PLAYER_COLOURS[player], kit.settings.bleed_mm)]


# --- score cards ----------------------------------------------------------------------------------------------------


def score_cards(kit: ArtKit, name: str) -> list[Piece]:
    """Each player's cards, a row for every mark that player can place; how many cards each has goes to the rule sheet
    (``{{ art.cards }}``)."""
    names, turns = (kit.params.player_x, kit.params.player_o), max_marks(kit.params)
    safe, ink = kit.settings.safe_mm, kit.settings.colours.ink
    pieces: list[Piece] = []
    counts = []
    for player, mark in enumerate(MARKS):
        lay = score_layout(turns[player], safe)
        counts.append(lay.cards)
        if lay.cards * lay.per_card < turns[player]:
            kit.findings.append(("error", f"score cards: {lay.cards * lay.per_card} rows for {mark}, "
                                          f"a player can place {turns[player]} marks"))
        who = names[player] if names[player] == mark else f"{names[player]} ({mark})"
        for card in range(lay.cards):
            of = f", card {card + 1} of {lay.cards}" if lay.cards > 1 else ""
            front = score_card(f"{who}: score card{of}", PLAYER_COLOURS[player],
                               lambda cx, cy, r, m=mark: symbols.player_mark(m, cx, cy, r, "#FFFFFF"), card, lay,
                               turns[player], safe, ink, f"score-card-{mark}-{card + 1}", ("score-card", mark.lower()))
            pieces.append(Piece(f"{mark} score card {card + 1}", CARD_W, CARD_H, front, kind="card"))
    kit.values["cards"] = counts
    return pieces


# --- the rule sheet's figures ---------------------------------------------------------------------------------------


def _free_art(cx: float, cy: float, r: float) -> Shape:
    return symbols.star(cx, cy, r * 0.8, STAR_GREY, points=5, inner=0.45)


def _label_art(text: str) -> Callable[[float, float, float], Shape]:
    """An empty special space in a figure: its label, so the figure reads in greyscale too."""
    def draw(cx: float, cy: float, r: float) -> Shape:
        return Text(cx, cy + 0.9, text, size=LABEL_PT, bold=True, anchor="middle", fill="#1A1A1A")

    return draw


def position_figure(board_rows: list[str], kinds: Mapping[str, str], caption: str, cell: float,
                    new: str | None = None) -> Drawing:
    """A position from the rules' ``as_json`` board rows: marks drawn, special spaces tinted, ``new`` outlined."""
    pieces: dict[str, Any] = {}
    for r, row in enumerate(board_rows):
        for c, ch in enumerate(row):
            name = f"{chr(65 + c)}{r + 1}"
            if ch in MARKS:
                pieces[name] = partial(symbols.player_mark, ch, colour=PLAYER_COLOURS[MARKS.index(ch)])
            elif ch == "*":
                pieces[name] = _free_art
            elif kinds.get(name) in LABELS:
                pieces[name] = _label_art(LABELS[kinds[name]])
    tints = {name: TINTS[k] for name, k in kinds.items() if k in TINTS}
    if new is not None:
        tints[new] = "#F0E442"
    return position_diagram(len(board_rows), len(board_rows), pieces, cell=cell, highlight=tints, caption=caption)


def figures(kit: ArtKit) -> dict[str, Drawing]:
    """The seed's example on a plain 3 x 3 board, and the worked example after its last mark."""
    game = kit.game
    seed_board, total = game.seed_example()
    steps = kit.example
    final = game.as_json(steps[-1].after if steps else game.setup())["board"]
    return {
        "seed-example": position_figure(seed_board, {}, f"X on B2 scores {total}", cell=9.0, new="B2"),
        "example-final": position_figure(final, cell_kinds(kit.params), "The worked example after its last mark",
                                         cell=min(7.0, 80.0 / kit.params.board_size)),
    }
