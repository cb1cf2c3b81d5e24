"""What Ultimate Tic-Tac-Toe's parameters (kit.toml's ``[params]``) derive: the checks across them and the spaces a
full game marks; the coordinates they are written in (named as :func:`printkit.kitrules.grid_names` names them)."""

from __future__ import annotations

import re
from typing import Any

from printkit.draw.fonts import unprintable
from printkit.userinput.text import quoted

SPECIAL_KEYS = ("extra_turn", "triple", "double", "free")
"""The parameters that list special spaces, in the order the rule sheet names them."""


def board_extent(size: int) -> str:
    """The board's columns and rows, for messages: ``columns A-K, rows 1-11``."""
    return f"columns A-{chr(64 + size)}, rows 1-{size}"


def coord_cell(size: int, text: str) -> int | None:
    """The cell index of a coordinate (case-insensitive), or None if it is not on the board."""
    match = re.fullmatch(r"([A-Za-z])([0-9]{1,2})", text)
    if match is None:
        return None
    col, row = ord(match.group(1).upper()) - ord("A"), int(match.group(2)) - 1
    if not (0 <= col < size and 0 <= row < size):
        return None
    return row * size + col


class Derived:
    """The base of Ultimate Tic-Tac-Toe's parameters (kit.toml's ``[hooks] params``): the checks across them and the
    spaces a full game marks."""

    def check(self: Any) -> list[tuple[str, str]]:
        """Every special space on the board, in one list only, and something left to play."""
        problems: list[tuple[str, str]] = []
        seen: dict[str, str] = {}
        for key in SPECIAL_KEYS:
            for text in getattr(self, key):
                problems.extend(self._check_coord(key, text, seen))
        if not problems and self.playable_count() == 0:
            problems.append(("free", "expected at least one space to play on, every space is free"))
        if self.token_mm > self.cell_mm - 3:
            problems.append(("token_mm", f"expected at most cell_mm - 3 ({self.cell_mm - 3:g}), got {self.token_mm:g}"))
        if self.player_x == self.player_o:
            problems.append(("player_o", f"expected a name different from player_x, got {quoted(self.player_o)}"))
        problems += [(key, why) for key in ("player_x", "player_o") if (why := unprintable(getattr(self, key)))]
        return problems

    def _check_coord(self: Any, key: str, text: str, seen: dict[str, str]) -> list[tuple[str, str]]:
        """The problems of one listed coordinate; records it in ``seen``."""
        if coord_cell(self.board_size, text) is None:
            return [(key, f"{quoted(text)} is off the board ({board_extent(self.board_size)})")]
        if text in seen:
            where = "twice in this list" if seen[text] == key else f"already in {seen[text]}"
            return [(key, f"{quoted(text)} is {where}")]
        seen[text] = key
        return []

    def playable_count(self: Any) -> int:
        """How many spaces get a mark in a full game."""
        free = 0 if self.free_space == "open" else len(set(self.free))
        return self.board_size * self.board_size - free
