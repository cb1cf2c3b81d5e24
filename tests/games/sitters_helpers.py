"""Shared SiTTeRS test positions: random placements of every kind of piece, sparse to crowded."""

from __future__ import annotations

import random

from printkit.games.sitters import SittersRules
from printkit.games.sitters.state import MOVE, State

OPEN_MAP = """\
+---+---+---+---+---+---+---+---+
| C |   |   |   |   |   |   | O |
+---+---+---+---+---+---+---+---+
| C |   | X |   |   | X |   | SZ|
+---+---+---+---+---+---+---+---+
| C |   |   |   |   |   |   | O |
+---+---+---+---+---+---+---+---+
"""


def positions(rules: SittersRules, seed: int, count: int, sparse: float) -> list[State]:
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
