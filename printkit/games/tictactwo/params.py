"""Tic Tac Two parameters: the seed's rules are the defaults."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.params import param
from printkit.userinput.text import quoted

ACTIONS = ("double", "swap", "shift", "dibs", "intersect", "wall")
"""The six special actions, in rule-sheet order (also the order of legal moves)."""


@dataclass(frozen=True)
class Params:
    """Board, line, draft and variations of Tic Tac Two."""

    board_size: int = param(4, min=3, max=8, doc="spaces along each side of the square grid")
    line_length: int = param(4, min=3, max=8, doc="letters in a row, column or diagonal that win")
    actions_each: int = param(3, min=0, max=6, doc="special actions each player drafts")
    meta: bool = param(False, doc="Meta variation: repeats and the opponent's actions may be drafted")
    void: bool = param(False, doc="Void variation: each player places a void before play")
    player_x: str = param("X", pattern=r".{1,24}", doc="name of the player who writes X (writes first)")
    player_o: str = param("O", pattern=r".{1,24}", doc="name of the player who writes O (drafts first)")
    cell_mm: float = param(
        42.0, min=40, max=80, doc="side of one board space in mm (42: the 4 x 4 board fits A4 or Letter; larger boards are tiled)"
    )
    token_mm: float = param(16.0, min=10, max=38, doc="diameter of an X or O token in mm (two share an intersect space)")
    marker_mm: float = param(10.0, min=8, max=20, doc="side of a square dibs or intersect marker in mm")
    wall_mm: float = param(5.0, min=3, max=10, doc="width of a wall piece in mm (its length is cell_mm - wall_mm)")
    example_log: str = param("", doc="log file of the rule sheet's worked example ('' = the built-in one)")

    def check(self) -> list[tuple[str, str]]:
        """Cross-field rules: the line fits the board, the draft fits the six actions."""
        problems: list[tuple[str, str]] = []
        if self.line_length > self.board_size:
            problems.append(
                ("line_length", f"expected at most board_size ({self.board_size}), got {self.line_length}")
            )
        if not self.meta and 2 * self.actions_each > len(ACTIONS):
            problems.append(
                ("actions_each", f"expected at most 3 without meta (6 actions, no repeats), got {self.actions_each}")
            )
        problems += self._space_fits()
        if self.player_x == self.player_o:
            problems.append(("player_o", f"expected a name different from player_x, got {quoted(self.player_o)}"))
        return problems

    @property
    def variation(self) -> str:
        """standard, meta, void or meta+void."""
        parts = [name for name, on in (("meta", self.meta), ("void", self.void)) if on]
        return "+".join(parts) or "standard"

    def _space_fits(self) -> list[tuple[str, str]]:
        """A space holds walls on its borders, two markers in its top corners and two tokens side by side."""
        clear = self.wall_mm / 2 + 1
        inner = self.cell_mm - 2 * clear
        if 2 * self.token_mm + 1 > inner:
            return [("token_mm", f"expected at most {(inner - 1) / 2:g} (two tokens side by side in a "
                                 f"{self.cell_mm:g} mm space between walls), got {self.token_mm:g}")]
        corner = (self.cell_mm / 2 - clear - self.marker_mm) * 2 ** 0.5
        if self.token_mm + self.marker_mm + 0.5 > inner or corner < self.token_mm / 2:
            return [("marker_mm", f"expected at most {inner - 0.5 - self.token_mm:g} (markers above the tokens in a "
                                  f"{self.cell_mm:g} mm space), got {self.marker_mm:g}")]
        return []
