"""``printkit play --game ultimate``: two players (or one and the greedy computer) at a terminal.

Moves are read a line at a time from ``input_stream`` (``E3`` or ``X E3``), so a game can be
scripted; when the input is not a terminal each answer is echoed after its ``> `` prompt.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TextIO

from printkit.games.ultimate.board import MARKS
from printkit.games.ultimate.engine import State, UltimateRules
from printkit.games.ultimate.params import Params
from printkit.rules.game import IllegalMove, NotationError
from printkit.rules.terminal import GameLog, MovePicker, list_command, read_answer, seat_and_policy

ABANDONED = "Input ended before the game was over: the game is abandoned."


def play(
    params: Params,
    *,
    input_stream: TextIO,
    output_stream: TextIO,
    seed: int | None = None,
    computer: str | None = None,
    read_secret: Callable[[str], str] | None = None,
    seat: int | None = None,
    player: str | None = None,
    log: GameLog | None = None,
) -> int:
    """Play one game; 0 when the board fills, 1 when the input ends first.

    ``seat``/``player``: the computer's seat and player (printkit/rules/terminal.py); ``computer``
    names a seat (1/2, X/O or a player's name) and plays the greedy player.
    """
    from printkit.games.ultimate import SPEC

    rules = UltimateRules(params)
    seat, policy = seat_and_policy(SPEC, rules.player_names, computer, seat, player)
    log = log or GameLog(None)
    echo = not getattr(input_stream, "isatty", lambda: False)()
    rng = random.Random(seed)
    state = rules.initial_state()
    while rules.outcome(state) is None:
        output_stream.write(rules.render_text(state) + "\n")
        if rules.current_player(state) == seat:
            move = policy(rules, state, rng)
            output_stream.write(f"> {rules.format_move(state, move)}\n")
        else:
            found = _ask(rules, state, input_stream, output_stream, echo)
            if found is None:
                output_stream.write("\n" + ABANDONED + "\n")
                log.write("unfinished: the input ended")
                return 1
            move = found
        log.record(rules, state, move)
        state = rules.apply(state, move)
    output_stream.write(rules.render_text(state) + "\n")
    log.write()
    return 0


def _ask(rules: UltimateRules, state: State, inp: TextIO, out: TextIO, echo: bool) -> int | None:
    """A legal move typed by the player to move (asked again after a bad one); None at end of input."""
    name, mark = rules.player_names[state.to_move], MARKS[state.to_move]
    label = name if name == mark else f"{name} ({mark})"
    picker = MovePicker(rules, state, mark)
    while True:
        out.write(f"{label}, your space (e.g. E3; 'list' numbers the legal moves)\n> ")
        out.flush()
        line = read_answer(inp)
        if line is None:
            return None
        if echo:
            out.write(line + "\n")
        listed = list_command(picker, line)
        if listed is not None:
            out.write("".join(f"{row}\n" for row in listed))
            continue
        try:
            if line.strip().isascii() and line.strip().isdigit() and len(line.strip()) <= 9:
                return picker.pick(line.strip())  # type: ignore[no-any-return]
            move = rules.parse_move(state, line.strip())
            rules.apply(state, move)
            return move
        except (NotationError, IllegalMove) as exc:
            out.write(f"{exc}\n")
