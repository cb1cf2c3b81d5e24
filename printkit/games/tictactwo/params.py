"""What Tic Tac Two's parameters (kit.toml's ``[params]``) derive: the checks across them and the variation they make;
the six special actions."""

from __future__ import annotations

from typing import Any

from printkit.draw.fonts import unprintable
from printkit.userinput.text import quoted

ACTIONS = ("double", "swap", "shift", "dibs", "intersect", "wall")
"""The six special actions, in rule-sheet order (also the order of legal moves)."""


class Derived:
    """The base of Tic Tac Two's parameters (kit.toml's ``[hooks] params``): the checks across them and the
    variation they make."""

    def check(self: Any) -> list[tuple[str, str]]:
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
        problems += [(key, why) for key in ("player_x", "player_o") if (why := unprintable(getattr(self, key)))]
        return problems

    @property
    def variation(self: Any) -> str:
        """standard, meta, void or meta+void."""
        parts = [name for name, on in (("meta", self.meta), ("void", self.void)) if on]
        return "+".join(parts) or "standard"

    def _space_fits(self: Any) -> list[tuple[str, str]]:
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

