"""The two kinds of move: Fortify, and an Attack holding both secret commitments."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Move:
    """``fortify``, or ``attack`` with the attacker's (``attack``) and defender's (``defend``) tokens."""

    action: Literal["fortify", "attack"]
    attack: int = 0
    defend: int = 0


FORTIFY = Move("fortify")


def attack(commit: int, defend: int) -> Move:
    """An attack committing ``commit`` tokens against a defence of ``defend`` tokens."""
    return Move("attack", commit, defend)
