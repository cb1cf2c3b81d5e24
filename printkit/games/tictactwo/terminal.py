"""``printkit play --game tictactwo``: play at a terminal, moves typed in log notation.

Type a move without the leading letter (``swap B2 C3, D4``); ``help`` shows examples. The
computer (``computer="X"``/``"O"``/``"1"``/``"2"``) plays the greedy player.
"""

from __future__ import annotations

import random
from typing import TextIO

from printkit.games.tictactwo.engine import TicTacTwo
from printkit.games.tictactwo.params import Params
from printkit.games.tictactwo.players import greedy_player
from printkit.games.tictactwo.state import State
from printkit.rules.game import IllegalMove, NotationError
from printkit.rules.seats import computer_seat

HELP = (
    "moves: 'picks swap', 'void B2', 'C3', 'double B2, C3', 'swap B2 C3, D4', "
    "'shift row 2 right, A1', 'dibs C3, C3', 'intersect B2, B2', 'wall B2|C2, D4', "
    "'topple B2|C2 onto C2, C2'"
)


def play(params: Params, *, input_stream: TextIO, output_stream: TextIO,
         seed: int | None = None, computer: str | None = None, **_: object) -> int:
    """Play one game; 0 when it ends normally, 1 when the input ends first."""
    rules = TicTacTwo(params)
    seat, rng = computer_seat(rules.player_names, computer, ("X", "O")), random.Random(seed)
    state = rules.initial_state()
    say = output_stream.write
    while rules.outcome(state) is None:
        say(rules.render_text(state) + "\n")
        if state.to_move == seat:
            move = greedy_player(rules, state, rng)
            say(f"> {rules.format_move(state, move)}\n")
            state = rules.apply(state, move)
            continue
        answer = _ask(rules, state, input_stream, output_stream)
        if answer is None:
            say("input ended before the game was over: the game is abandoned.\n")
            return 1
        state = answer
    result = rules.outcome(state)
    assert result is not None
    say(rules.render_text(state) + "\n")
    who = "nobody" if result.winner is None else rules.player_names[result.winner]
    say(f"game over: {who} wins ({result.reason})\n" if result.winner is not None else f"game over: draw ({result.reason})\n")
    return 0


def _ask(rules: TicTacTwo, state: State, source: TextIO, out: TextIO) -> State | None:
    """Read moves until one is legal; None at the end of the input."""
    mark = "XO"[state.to_move]
    while True:
        out.write(f"{mark}> ")
        line = source.readline()
        if not line:
            return None
        text = line.strip()
        if text.lower() == "help":
            out.write(HELP + "\n")
            continue
        try:
            return rules.apply(state, rules.parse_move(state, f"{mark} {text}"))
        except (NotationError, IllegalMove) as exc:
            out.write(f"{exc}\n")
