"""Parameters of SiTTeRS (``[games.sitters]``); the defaults are the seed's rules and board."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.games.sitters.board import (
    COLLECTOR_START,
    CONTAINER,
    DEFAULT_MAP,
    OBSTRUCTOR_START,
    SAFE_ZONE,
    Board,
    MapError,
    build_board,
)
from printkit.params import param

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


def theme_names(theme: str) -> dict[str, str]:
    """The names a theme gives to collector(s), obstructor(s), container and loot."""
    return dict(THEMES[theme])


@dataclass(frozen=True)
class Params:
    """The seed's rules: board, pieces, scoring table and theme."""

    map: str = param(DEFAULT_MAP, doc="the board as an ASCII drawing: C collector start, "
                     "X container space, O obstructor start, SZ safe zone, blank floor")
    square_mm: float = param(40.0, min=10, max=80, doc="side of a board square in mm (seed: 4 cm)")
    theme: str = param("abstract", choices=tuple(THEMES), doc="names of the pieces")
    collectors: int = param(4, min=1, max=26, doc="collector markers")
    obstructors: int = param(6, min=1, max=26, doc="obstructor markers")
    containers_per_player: int = param(4, min=0, max=50, doc="containers each player places")
    die_sides: int = param(6, min=2, max=20, doc="faces of the die; its top face returns a marker")
    band_width: int = param(8, min=1, max=100, doc="loot per row of the scoring table")
    bands: int = param(5, min=1, max=20, doc="rows of the scoring table (the last is open-ended)")
    base: int = param(10, min=0, max=1000, doc="score with no survivor and under one band of loot")
    step: int = param(10, min=1, max=1000, doc="score per survivor and per band of loot")
    target: int = param(50, min=0, max=10000, doc="above it the collectors win, below it the "
                        "obstructors, equal is a draw")
    standee_mm: float = param(28.0, min=10, max=60, doc="width of the collector and obstructor "
                              "standees in the kit (capped at square_mm - 3 so they fit a square)")
    container_mm: float = param(26.0, min=10, max=60, doc="side of the square container tokens "
                                "in the kit (capped at square_mm - 3)")
    example_log: str = param("", doc="log of the rule sheet's worked example ('' = the built-in "
                             "one)")

    @property
    def board(self) -> Board:
        """The parsed map (raises MapError for a bad drawing; check() reports it)."""
        return build_board(self.map)

    @property
    def player_names(self) -> tuple[str, str]:
        names = THEMES[self.theme]
        return (names["collectors"], names["obstructors"])

    def check(self) -> list[tuple[str, str]]:
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


def cell_kinds(params: Params) -> dict[str, str]:
    """Every cell of the map: coordinate (``A1``) -> kind (``collector-start``, ``floor``...)."""
    board = params.board
    return {board.names[cell]: board.kinds[cell] for cell in sorted(board.kinds)}
