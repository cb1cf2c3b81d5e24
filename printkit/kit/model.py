"""What a game's kit builder returns: everything to write, before anything is written."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from printkit.draw.shapes import Drawing
from printkit.press.pieces import Piece
from printkit.press.settings import PrintSettings
from printkit.press.sheets import Sheet

OUTLINE = "outline"
"""The folder of the layout views (``build --outline``) in a kit's output."""


@dataclass(frozen=True)
class Finding:
    """One result of a kit check: ``level`` is "error", "warning" or "note" (something done for the designer, e.g. a picture resampled)."""

    level: str
    message: str

    def __str__(self) -> str:
        return f"{self.level}: {self.message}"


def tally(levels: list[str]) -> str:
    """``1 error, 2 warnings`` (``, 3 notes`` when there are notes): how many findings of each level."""
    counts = {level: sum(1 for given in levels if given == level) for level in ("error", "warning", "note")}
    words = [f"{n} {level}{'' if n == 1 else 's'}" for level, n in counts.items() if level != "note" or n]
    return ", ".join(words)


@dataclass(frozen=True)
class PieceSet:
    """Pieces that belong together off paper, in play order: a deck of cards, a set of tokens, a board.

    ``name`` is a file-safe identifier (``x-ability-cards``); exports (Tabletop Simulator, print-on-demand,
    gutter fold) read decks, tokens and boards from these instead of from the print sheets.
    """

    name: str
    title: str
    pieces: tuple[Piece, ...]


@dataclass
class Section:
    """A part of kit.pdf: a name (board, tokens, cards ...) and its pages in print order."""

    name: str
    sheets: list[Sheet]
    advice: str = ""


@dataclass
class Kit:
    """A built kit. ``artwork`` maps a file stem (``board``) to its drawing (``artwork/board.svg``)."""

    game: str
    title: str
    params: Any
    settings: PrintSettings
    artwork: dict[str, Drawing]
    sections: list[Section]
    rules_text: str
    rules_source: str = ""
    """Where ``rules_text`` comes from, as errors about the rule sheet name it (a kit folder's rules.md)."""
    rules_faces: tuple[str, str] = ("Vera", "VeraBd")
    """The rule sheet's registered faces (regular, bold): Vera, or a kit folder's ``[rules] font``."""
    figures: dict[str, Drawing] = field(default_factory=dict)
    print_notes: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    expected_cells: dict[str, set[str]] = field(default_factory=dict)
    """Board cells the engine plays on: coordinate -> classes its SVG element must carry."""
    extra_files: dict[str, str] = field(default_factory=dict)
    previews: dict[str, Drawing] = field(default_factory=dict)
    """What the PNG preview of ``artwork/<stem>`` shows where it is not the whole SVG (the first cards of a large deck)."""
    pictures: dict[str, Drawing] = field(default_factory=dict)
    """Pictures the rule sheet places (``![caption](path)``), by the path as written."""
    outlines: dict[str, Drawing] = field(default_factory=dict)
    """The layout views ``build --outline`` writes (``outline/<set>.<layout>.svg`` and ``.png``), by file stem."""

    decks: list[PieceSet] = field(default_factory=list)
    """The card decks, each in deck order with every copy (a card's back is its piece's ``back``)."""
    tokens: list[PieceSet] = field(default_factory=list)
    """Counters, chips, standees and markers, one set per kind."""
    boards: list[PieceSet] = field(default_factory=list)
    """Boards and trackers, one piece each, upright as designed."""

    def main_artwork(self) -> str | None:
        """The artwork that shows the kit at a glance: its largest deck (the first listed on a tie),
        else its first board, else the first artwork by name."""
        decks = [d for d in self.decks if d.name in self.artwork]
        if decks:
            return max(decks, key=lambda d: len(d.pieces)).name
        boards = [b.name for b in self.boards if b.name in self.artwork] or [s for s in sorted(self.artwork) if s.startswith("board")]
        return (boards or sorted(self.artwork) or [None])[0]

    @property
    def has_rules(self) -> bool:
        """Whether the kit has a rule sheet (a kit folder without a ``[rules]`` file has none: no rules.pdf
        or rules.md is written, and kit.pdf opens with the list of components)."""
        return bool(self.rules_text.strip())

    def svg(self, stem: str) -> str:
        """``artwork/<stem>.svg`` as text, converted once however often it is asked for (build, checks)."""
        from printkit.draw.svg import to_svg

        done: dict[str, str] = self.__dict__.setdefault("_svg_text", {})
        if stem not in done:
            done[stem] = to_svg(self.artwork[stem])
        return done[stem]
