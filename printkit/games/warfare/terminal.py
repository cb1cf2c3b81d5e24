"""``printkit play --game warfare``: Tic Tac Warfare at a terminal, against a friend or the computer.

A turn is typed in log notation without the mark (``C3``, ``bomb C3, D4``, ``C3, shield C3``) or
picked by number from a list (``list`` numbers every legal turn, ``list bomb`` those with a Bomb).
Who goes first is chance, drawn with the seed.
"""

from __future__ import annotations

from typing import Any, Callable, TextIO

from printkit.games.warfare.engine import WarfareRules
from printkit.games.warfare.params import Params
from printkit.rules.terminal import Console, GameLog, play_game, seat_and_policy

HINT = " without the mark (e.g. 'C3', 'bomb C3, D4', 'C3, shield C3', 'fortress B2, E5')"


def play(params: Params, *, input_stream: TextIO, output_stream: TextIO, seed: int | None = None,
         computer: str | None = None, seat: int | None = None, player: str | None = None,
         log: GameLog | None = None, read_secret: Callable[[str], str] | None = None, **_: Any) -> int:
    """Play one game; 0 when it ends, 1 when the input ends first."""
    from printkit.games.warfare import SPEC

    rules = WarfareRules(params)
    seat, policy = seat_and_policy(SPEC, rules.player_names, computer, seat, player)
    console = Console(input_stream, output_stream)
    who = "two players" if seat is None else f"the computer ({player or SPEC.strongest}) plays {rules.player_names[seat]}"
    console.say(f"Tic Tac Warfare on a {params.board_size} x {params.board_size} board: {who}.")
    return play_game(rules, console=console, seat=seat, policy=policy, seed=seed, log=log or GameLog(None),
                     marks=SPEC.marks, hint=HINT)
