"""Parameters of Tic Tac Warfare (``[games.warfare]``); the defaults are the seed's rules."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.params import group, param
from printkit.userinput.text import quoted

NAME_PATTERN = r"[A-Za-z][A-Za-z0-9 _-]{0,15}"
COLOUR_PATTERN = r"#[0-9A-Fa-f]{6}"


@dataclass(frozen=True)
class Abilities:
    """Ability cards each player holds at the start (``[games.warfare.abilities]``)."""

    bomb: int = param(1, min=0, max=9, doc="Bomb cards per player: remove a cross of five cells")
    shield: int = param(1, min=0, max=9, doc="Shield cards per player: protect one own token")
    convert: int = param(1, min=0, max=9, doc="Convert cards per player: take over one enemy token")
    fortress: int = param(1, min=0, max=9, doc="Fortress cards per player: place a fortress token")

    def count(self, ability: str) -> int:
        """The number of cards of ``ability`` (bomb, shield, convert or fortress)."""
        return int(getattr(self, ability))


@dataclass(frozen=True)
class Params:
    """Board, line, abilities, victories, player names and the kit's sizes."""

    board_size: int = param(6, min=3, max=20, doc="cells per side of the square board")
    line_length: int = param(6, min=3, max=20, doc="tokens in a straight line needed for Line Victory")
    abilities: Abilities = group(Abilities, doc="ability cards per player")
    fortress_victory: int = param(3, min=1, max=50, doc="own fortress tokens on the board for Fortress Victory")
    territory_victory: bool = param(True, doc="a full board is won by the player with more tokens")
    player_x: str = param("X", pattern=NAME_PATTERN, doc="name of the player with the X (red) tokens")
    player_o: str = param("O", pattern=NAME_PATTERN, doc="name of the player with the O (blue) tokens")
    colour_x: str = param("#D55E00", pattern=COLOUR_PATTERN, doc="colour of X (vermillion red)")
    colour_o: str = param("#0072B2", pattern=COLOUR_PATTERN, doc="colour of O (blue)")
    cell_mm: float = param(28.0, min=15, max=60, doc="side of one board cell in millimetres (28: a 6x6 board fits A4 and letter)")
    token_mm: float = param(22.0, min=10, max=55, doc="diameter of a token in millimetres")
    example_log: str = param("", doc="log of the rule sheet's worked example (empty: the built-in one)")

    def check(self) -> list[tuple[str, str]]:
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
            problems.append(("player_o", f"expected a name other than player_x, got {quoted(self.player_o)}"))
        return problems
