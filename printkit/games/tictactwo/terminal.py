"""``printkit play --game tictactwo``: play at a terminal, moves typed in log notation.

Type a move without the leading letter (``swap B2 C3, D4``); ``help`` shows examples. The
computer (``computer="X"``/``"O"``/``"1"``/``"2"``) plays the greedy player.
"""

from __future__ import annotations

import random
from typing import TextIO

from printkit.games.tictactwo.engine import TicTacTwo
from printkit.games.tictactwo.params import Params
from printkit.games.tictactwo.state import Move, State
from printkit.rules.game import IllegalMove, NotationError
from printkit.rules.terminal import GameLog, MovePicker, list_command, read_answer, seat_and_policy

HELP = (
    "moves: 'picks swap', 'void B2', 'C3', 'double B2, C3', 'swap B2 C3, D4', "
    "'shift row 2 right, A1', 'dibs C3, C3', 'intersect B2, B2', 'wall B2|C2, D4', "
    "'topple B2|C2 onto C2, C2'; a number picks from the list, 'list' or 'list WORD' numbers the legal moves"
)


def play(params: Params, *, input_stream: TextIO, output_stream: TextIO, seed: int | None = None,
         computer: str | None = None, seat: int | None = None, player: str | None = None,
         log: GameLog | None = None, **_: object) -> int:
    """Play one game; 0 when it ends normally, 1 when the input ends first.

    ``seat``/``player``: the computer's seat and player (printkit/rules/terminal.py); ``computer``
    names a seat and plays the greedy player.
    """
    from printkit.games.tictactwo import SPEC

    rules = TicTacTwo(params)
    seat, policy = seat_and_policy(SPEC, rules.player_names, computer, seat, player)
    rng, log = random.Random(seed), log or GameLog(None)
    state = rules.initial_state()
    say = output_stream.write
    while rules.outcome(state) is None:
        say(rules.render_text(state) + "\n")
        if state.to_move == seat:
            move = policy(rules, state, rng)
            say(f"> {rules.format_move(state, move)}\n")
            log.record(rules, state, move)
            state = rules.apply(state, move)
            continue
        answer = _ask(rules, state, input_stream, output_stream)
        if answer is None:
            say("input ended before the game was over: the game is abandoned.\n")
            log.write("unfinished: the input ended")
            return 1
        log.record(rules, state, answer)
        state = rules.apply(state, answer)
    result = rules.outcome(state)
    assert result is not None
    say(rules.render_text(state) + "\n")
    who = "nobody" if result.winner is None else rules.player_names[result.winner]
    say(f"game over: {who} wins ({result.reason})\n" if result.winner is not None else f"game over: draw ({result.reason})\n")
    log.write()
    return 0


def _ask(rules: TicTacTwo, state: State, source: TextIO, out: TextIO) -> Move | None:
    """Read moves until one is legal; None at the end of the input."""
    mark = "XO"[state.to_move]
    picker = MovePicker(rules, state, mark)
    if picker.listed:
        out.write("".join(f"{row}\n" for row in picker.option_lines()))
    while True:
        out.write(f"{mark}> ")
        line = read_answer(source)
        if line is None:
            return None
        text = line.strip()
        if text.lower() == "help":
            out.write(HELP + "\n")
            continue
        listed = list_command(picker, text)
        if listed is not None:
            out.write("".join(f"{row}\n" for row in listed))
            continue
        try:
            if text.isascii() and text.isdigit() and len(text) <= 9:
                return picker.pick(text)  # type: ignore[no-any-return]
            move = rules.parse_move(state, f"{mark} {text}")
            rules.apply(state, move)
            return move
        except (NotationError, IllegalMove) as exc:
            out.write(f"{exc}\n")
