"""Shared helpers of the SiTTeRS tests: the game from the registry (its kit folder printkit/games/sitters), its
parameters, rules and players, and test positions: random placements of every kind of piece, sparse to crowded."""

from __future__ import annotations

import random
from typing import Any

from printkit.games import get_game, kit_folder, params_class
from printkit.games.sitters.rules import MOVE, State
from printkit.kitgame.engine import KitRules
from printkit.kitrules import Printed
from printkit.press.pieces import Piece

SPEC = get_game("sitters")
Params = params_class("sitters")
KIT_FOLDER = kit_folder("sitters")
"""SiTTeRS' kit folder: kit.toml, rules.py, rules.md, art.py."""
PLAYERS = SPEC.players
"""The players by name (``random``, ``basic``), each ``policy(rules, state, rng)``."""
play = SPEC.play
"""``printkit play --game sitters``."""
observe = SPEC.observe
"""simulate's counters of a finished game: rules.py's ``counters``."""


def SittersRules(params: Any = None) -> KitRules:  # noqa: N802
    """The engine for ``params`` (default: the seed's): states are rules.py's :class:`State` values; the game's helpers
    (``board``, ``safe_zone``, ``destinations``) read through it."""
    return SPEC.rules(params if params is not None else Params())  # type: ignore[return-value]


def printed(pieces: list[Piece]) -> list[Printed]:
    """Pieces as rules.py's ``checks`` is handed them."""
    return [Printed(p.front.id or "", tuple(p.front.cls), "") for p in pieces]


OPEN_MAP = """\
+---+---+---+---+---+---+---+---+
| C |   |   |   |   |   |   | O |
+---+---+---+---+---+---+---+---+
| C |   | X |   |   | X |   | SZ|
+---+---+---+---+---+---+---+---+
| C |   |   |   |   |   |   | O |
+---+---+---+---+---+---+---+---+
"""


def positions(rules: Any, seed: int, count: int, sparse: float) -> list[State]:
    """Random positions (any piece on any space) with ``sparse`` to 0.6 of the spaces taken, each
    side to move."""
    rng = random.Random(seed)
    cells = sorted(rules.board.kinds)
    found = []
    for i in range(count):
        rng.shuffle(cells)
        crowd = rng.uniform(sparse, 0.6)
        taken = cells[:max(3, int(crowd * len(cells)))]
        n_c, n_o = rng.randint(1, len(taken) // 3), rng.randint(1, len(taken) // 3)
        collectors, obstructors = taken[:n_c], taken[n_c:n_c + n_o]
        containers = [c for c in taken[n_c + n_o:] if c not in rules.safe_zone]
        found.append(State(MOVE, tuple(sorted(collectors)), tuple(sorted(obstructors)),
                           tuple(sorted(containers)), turn=2 * (i % 2), roll=1))
    return found
