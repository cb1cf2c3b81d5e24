"""Which seat the computer takes in a terminal game (``printkit play --computer SIDE``)."""

from __future__ import annotations

from typing import Sequence

from printkit.errors import PrintkitError
from printkit.userinput.text import quoted


class PlayError(PrintkitError):
    """A bad option for a terminal game."""


def computer_seat(names: Sequence[str], computer: str | None, marks: Sequence[str] = ()) -> int | None:
    """The seat (0 or 1) named by ``computer``: 1/2, P1/P2, a player's name or mark; None for none."""
    if computer is None:
        return None
    wanted = computer.strip().lower()
    for seat, name in enumerate(names):
        accepted = {str(seat + 1), f"p{seat + 1}", name.lower()}
        if seat < len(marks):
            accepted.add(marks[seat].lower())
        if wanted in accepted:
            return seat
    options = ["1", "2", *marks, *(repr(n) for n in names)]
    raise PlayError(f"unknown computer side {quoted(computer)} (expected {', '.join(options[:-1])} or {options[-1]})")
