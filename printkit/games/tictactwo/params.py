"""Tic Tac Two parameters: the seed's rules are the defaults."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.params import param

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
        if self.player_x == self.player_o:
            problems.append(("player_o", f"expected a name different from player_x, got {self.player_o!r}"))
        return problems

    @property
    def variation(self) -> str:
        """standard, meta, void or meta+void."""
        parts = [name for name, on in (("meta", self.meta), ("void", self.void)) if on]
        return "+".join(parts) or "standard"
