"""What Tic Tac Warfare's parameters (kit.toml's ``[params]``) derive: the checks across them."""

from __future__ import annotations

from typing import Any


class Derived:
    """The base of Tic Tac Warfare's parameters (kit.toml's ``[hooks] params``)."""

    def check(self: Any) -> list[tuple[str, str]]:
        """Cross-field rules: the line fits the board, tokens fit a cell, names differ."""
        problems = []
        if self.line_length > self.board_size:
            problems.append(
                ("line_length", f"expected at most board_size ({self.board_size}), got {self.line_length}")
            )
        if self.token_mm > self.cell_mm - 3:
            problems.append(
                ("token_mm", f"expected at most cell_mm - 3 ({self.cell_mm - 3:g}), got {self.token_mm:g}")
            )
        if self.player_x.strip().lower() == self.player_o.strip().lower():
            problems.append(("player_o", f"expected a name other than player_x, got {self.player_o!r}"))
        return problems

