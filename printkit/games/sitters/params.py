"""What SiTTeRS' parameters derive (kit.toml's ``[hooks] params``): the parsed map, the theme's names, the print
note's advice and the checks across parameters; the defaults (kit.toml's ``[params]``) are the seed's rules and board."""

from __future__ import annotations

from typing import Any

from printkit.games.sitters.board import COLLECTOR_START, CONTAINER, OBSTRUCTOR_START, SAFE_ZONE, Board, MapError, build_board

THEMES: dict[str, dict[str, str]] = {
    "abstract": {"collector": "collector", "collectors": "collectors", "obstructor": "obstructor",
                 "obstructors": "obstructors", "container": "container", "loot": "loot"},
    "dungeon": {"collector": "delver", "collectors": "delvers", "obstructor": "monster",
                "obstructors": "monsters", "container": "chest", "loot": "gold"},
    "space": {"collector": "space pirate", "collectors": "space pirates",
              "obstructor": "sentry bot", "obstructors": "sentry bots",
              "container": "control panel", "loot": "components"},
    "burglar": {"collector": "burglar", "collectors": "burglars", "obstructor": "police officer",
                "obstructors": "police officers", "container": "house", "loot": "valuables"},
}


def a_number(number: int) -> str:
    """``a 6`` / ``an 8``: a number with its article as it is read aloud (up to 20, the most faces a die has here)."""
    return f"{'an' if number in (8, 11, 18) else 'a'} {number}"


def sided(faces: int) -> str:
    """``a 6-sided`` / ``an 8-sided``."""
    return f"{a_number(faces)}-sided"


def theme_names(theme: str) -> dict[str, str]:
    """The names a theme gives to collector(s), obstructor(s), container and loot."""
    return dict(THEMES[theme])


class Derived:
    """The base of SiTTeRS' parameters (kit.toml's ``[hooks] params``): the parsed map, the players' names and the
    checks across them."""

    @property
    def board(self: Any) -> Board:
        """The parsed map (raises MapError for a bad drawing; check() reports it)."""
        return build_board(self.map)

    @property
    def player_names(self: Any) -> tuple[str, str]:
        names = THEMES[self.theme]
        return (names["collectors"], names["obstructors"])

    @property
    def a_top_roll(self: Any) -> str:
        """The die's top face with its article (``a 6``, ``an 8``): the roll that brings a marker back."""
        return a_number(self.die_sides)

    @property
    def print_advice(self: Any) -> str:
        """The print note's advice (kit.toml's ``print_note``): what else the table needs, by the die's faces."""
        if self.die_sides == 6:
            return "Rule sheet: single-sided. You also need a pen, and a six-sided die (or the paper one)."
        return f"Rule sheet: single-sided. You also need a pen and {sided(self.die_sides)} die (or the paper spinner)."

    def check(self: Any) -> list[tuple[str, str]]:
        """Cross-field rules: the map parses and holds enough spaces for the pieces."""
        try:
            board = self.board
        except MapError as exc:
            return [("map", str(exc))]
        problems = []
        if not board.cells_of(SAFE_ZONE):
            problems.append(("map", "the map has no safe-zone (SZ) space"))
        for key, kind, value, per in (
                ("collectors", COLLECTOR_START, self.collectors, 1),
                ("obstructors", OBSTRUCTOR_START, self.obstructors, 1),
                ("containers_per_player", CONTAINER, self.containers_per_player, 2)):
            have = len(board.cells_of(kind))
            if value * per > have:
                letter = {COLLECTOR_START: "C", OBSTRUCTOR_START: "O"}.get(kind, "X")
                problems.append((key, f"expected at most {have // per} (the map has {have} "
                                 f"{letter} spaces), got {value}"))
        return problems
