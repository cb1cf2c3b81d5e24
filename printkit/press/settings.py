"""The ``[print]`` table: paper, bleed, margins, crop marks, duplex and colours."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.params import group, param

DEFAULT_PREVIEW_DPI = 150.0
"""The previews' resolution unless kit.toml sets ``print.preview_dpi``: a poker card 370 pixels wide, its smallest
text legible (60 dpi drew it 150 pixels wide, too small to review)."""

HEX = r"#[0-9A-Fa-f]{6}"

PAPERS: dict[str, tuple[float, float]] = {
    "A4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "A3": (297.0, 420.0),
    "universal": (210.0, 279.4),
}
"""Portrait paper sizes in mm; "universal" prints unchanged on both A4 and Letter."""
OLDER_NAMES = {"mark_margin_mm": "printer_margin_mm"}
"""[print] keys an earlier printkit wrote (``printkit config`` prints every key), read as their new name."""
RULE_SHEET_MARGIN_MM = 15.0
"""Side margins of rule-sheet pages: a figure wider than the column between them is printed smaller."""


@dataclass(frozen=True)
class Colours:
    """Ink colours shared by every kit (game pieces have their own in each game's table)."""

    ink: str = param("#1A1A1A", pattern=HEX, doc="text and lines")
    muted: str = param("#6B6B6B", pattern=HEX, doc="secondary text, labels")
    card_back: str = param("#2E3A4F", pattern=HEX, doc="card back background")
    board: str = param("#F4EFE3", pattern=HEX, doc="board background")
    marks: str = param("#000000", pattern=HEX, doc="crop and alignment marks")


@dataclass(frozen=True)
class PrintSettings:
    """How kits are laid out on paper. Defaults follow shared/PRINT.md."""

    paper: str = param("A4", choices=tuple(PAPERS), doc="A4, letter, A3 or universal")
    bleed_mm: float = param(3.0, min=0, max=6, doc="art runs this far past each cut line")
    margin_mm: float = param(6.0, min=3, max=30, doc="no cut line closer to the paper edge than this")
    safe_mm: float = param(3.0, min=0, max=10, doc="no text closer to a cut line than this")
    card_gap: float = param(0.0, min=0, max=20, doc="mm between cards on print sheets (0: two bleeds, each card carries its whole bleed; less: half the gap each)")
    butted: bool = param(False, doc="cards and square pieces share their cut lines (no bleed between them: cut each edge once)")
    crop_marks: bool = param(True, doc="draw crop marks outside the bleed")
    mark_offset_mm: float = param(2.0, min=0.5, max=10, doc="gap between the bleed and a crop mark")
    mark_length_mm: float = param(5.0, min=3, max=20, doc="length of a crop mark (at least 3 mm where the paper is tight)")
    mark_width_mm: float = param(0.2, min=0.05, max=1, doc="line width of crop marks")
    printer_margin_mm: float = param(5.0, min=0, max=20, doc="the printer's unprintable margin: crop marks and labels stay inside it (mark_margin_mm, its older name, is read too)")
    duplex_flip: str = param("long", choices=("long", "short"), doc="edge the sheet flips on for backs")
    back_offset_x_mm: float = param(0.0, min=-10, max=10, doc="printer's measured shift of back pages")
    back_offset_y_mm: float = param(0.0, min=-10, max=10, doc="printer's measured shift of back pages")
    card_width_mm: float = param(63.0, min=20, max=150, doc="card size (poker: 63 x 88)")
    card_height_mm: float = param(88.0, min=20, max=200, doc="card size (poker: 63 x 88)")
    tile_overlap_mm: float = param(10.0, min=5, max=30, doc="overlap strip of tiled boards")
    preview_dpi: float = param(DEFAULT_PREVIEW_DPI, min=20, max=300,
                               doc="resolution of PNG previews (at this default, a board too large for it is previewed "
                                   "at the most that fits 60 megapixels)")
    font: str = param("Vera", choices=("Vera",), doc="typeface (embedded TrueType)")
    colours: Colours = group(Colours, "ink colours")

    @property
    def page_size(self) -> tuple[float, float]:
        return PAPERS[self.paper]

    @property
    def piece_gap(self) -> float:
        """mm between cards (and square pieces) on print sheets: 0 when butted, else ``card_gap`` or (0) two bleeds."""
        if self.butted:
            return 0.0
        return self.card_gap if self.card_gap > 0 else 2 * self.bleed_mm

    def check(self) -> list[tuple[str, str]]:
        w, h = self.page_size
        if self.bleed_mm > self.margin_mm:
            return [("bleed_mm", f"expected at most margin_mm ({self.margin_mm:g}), got {self.bleed_mm:g}: the bleed would run off the paper")]
        if self.card_width_mm > w - 2 * self.margin_mm or self.card_height_mm > h - 2 * self.margin_mm:
            return [("card_width_mm", f"a {self.card_width_mm:g} x {self.card_height_mm:g} mm card does not fit on {self.paper} paper")]
        return []
