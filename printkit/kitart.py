"""What a kit folder's art hooks draw with: Python of the kit's own that kit.toml names where data cannot say it.

A deck, token sheet or board written ``art = "art.py:tokens"`` in kit.toml is drawn by ``tokens(kit, name)`` in the
kit folder's art.py, and ``[hooks] figures = "art.py:figures"`` draws the rule sheet's ``[[figure:NAME]]`` pictures::

    from printkit.kitart import ArtKit, Circle, Piece, Style, token_piece

    def tokens(kit: ArtKit, name: str) -> list[Piece]:
        d = kit.params.token_mm
        dot = Circle(d / 2, d / 2, d / 6, Style(fill="#FFFFFF"))
        return [token_piece(f"token {i + 1}", d, "#D55E00", dot, f"token-{i + 1}", bleed=kit.settings.bleed_mm)
                for i in range(kit.params.tokens)]

A hook is handed an :class:`ArtKit` (the parameters, the print settings, the kit's layouts, the rules and the rule
sheet's example game) and draws with the shapes below, in millimetres, y down (a ``[[pages]]`` function returns
:class:`Page` s, pages of kit.pdf drawn whole: a score sheet, a die net), and with the pieces the built-in games
share (``mark_tokens``, ``tile_piece``, ``score_card``, ``standee_piece``, ``die_net``, ``spinner`` ...): printkit
imposes, bleeds, marks and writes what it returns like any piece from data, and verify checks it the same way. The
names here are a stable API.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from printkit.art.board import GridStyle, board_drawing, grid_board, label_band
from printkit.art.diagram import in_a_row, position_diagram
from printkit.art.dice import die_net, spinner
from printkit.art.layout import pieces_drawing
from printkit.art.scorecard import score_card, score_layout
from printkit.art.standee import standee_panel, standee_piece
from printkit.art.symbols import PLAYER_COLOURS, player_mark
from printkit.art.tokens import mark_tokens, tile_piece, token_piece
from printkit.draw.shapes import Circle, Drawing, Group, Line, Polygon, Rect, Shape, Style, Text
from printkit.press.pieces import Piece
from printkit.press.settings import PrintSettings
from printkit.press.sheets import Page

__all__ = [
    "PLAYER_COLOURS", "ArtKit", "CardRow", "Circle", "Drawing", "GridStyle", "Group", "Line", "Page", "Piece", "Polygon",
    "Rect", "Shape", "Style", "Text", "board_drawing", "die_net", "grid_board", "in_a_row", "label_band", "mark_tokens",
    "player_mark", "position_diagram", "score_card", "score_layout", "spinner", "standee_panel", "standee_piece", "tile_piece", "token_piece",
]


@dataclass(frozen=True)
class CardRow:
    """One card for :meth:`ArtKit.cards`: the fields its layouts fill in (``{title}``), the SVG id of its front, its
    name in messages, and the classes and id of its faces."""

    fields: Mapping[str, str]
    ident: str
    name: str
    cls: tuple[str, ...] = ()
    back_ident: str | None = None
    back_cls: tuple[str, ...] = ("card-back",)


@dataclass
class ArtKit:
    """The kit an art hook draws for (made once per build of the kit)."""

    title: str
    params: Any
    """The parameters: ``kit.params.board_size`` (kit.toml's ``[params]``, with config.toml's or ``--set`` values)."""
    settings: PrintSettings
    """The print settings: ``bleed_mm``, ``safe_mm``, ``card_width_mm``, ``colours.ink`` ..."""
    layouts: Mapping[str, Any]
    """kit.toml's ``[layouts]`` by name, for :meth:`cards`."""
    _game: Callable[[], Any] = field(repr=False)
    _example: Callable[[], Sequence[Any]] = field(repr=False)
    _cards: Callable[[list[CardRow], Mapping[str, Drawing], str, str | None], list[Piece]] = field(repr=False)
    findings: list[tuple[str, str]] = field(default_factory=list)
    """Problems found while drawing, as ``(level, message)``: build and verify report them with the kit's checks."""
    values: dict[str, Any] = field(default_factory=dict)
    """Values the drawing found for the rule sheet (how many score cards fit a player's rows): rules.md reads
    ``kit.values["cards"]`` as ``{{ art.cards }}``."""

    @property
    def game(self) -> Any:
        """rules.py's game for these parameters (its helper methods and values), made on first use."""
        return self._game()

    @property
    def example(self) -> Sequence[Any]:
        """The rule sheet's example game replayed: a :class:`printkit.kitrules.Step` per move (``step.after``: the
        position after it)."""
        return self._example()

    def cards(self, rows: list[CardRow], pictures: Mapping[str, Drawing], front: str = "front",
              back: str | None = "back") -> list[Piece]:
        """A card per row, of the print settings' card size, its faces drawn by the kit's layouts ``front`` and
        ``back`` (``type = "image"`` elements place ``pictures`` by name); what does not fit is a finding."""
        return self._cards(rows, pictures, front, back)

    def artwork(self, pieces: Sequence[Piece], title: str, columns: int, gap_mm: float = 3.0, backs: bool = False) -> Drawing:
        """An artwork file for ``[hooks] artwork``: ``pieces`` in rows of ``columns``, ``gap_mm`` apart, under the kit's
        title and ``title``; with ``backs``, each distinct back after them."""
        return pieces_drawing(list(pieces), f"{self.title} {title}", cols=columns, gap=gap_mm, backs=backs)
