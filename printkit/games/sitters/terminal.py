"""A terminal game: a human leads the collectors against computer obstructors.

Scriptable: every answer is one line of ``input_stream``; with a seed the dice repeat.
"""

from __future__ import annotations

import random
import re
from typing import Callable, TextIO

from printkit.games.sitters.engine import PLACE_KIND, SittersRules
from printkit.games.sitters.notation import cell_of
from printkit.games.sitters.params import Params
from printkit.games.sitters.state import BATTLE, COLLECTORS, LOOT, Move, State
from printkit.rules.game import CHANCE, IllegalMove, NotationError, chance_move
from printkit.rules.mcts import search_player
from printkit.rules.terminal import Console, GameLog, play_game, read_answer
from printkit.userinput.text import quoted


class _Abandoned(Exception):
    """The input ended before the game did."""


def play(params: Params, *, input_stream: TextIO, output_stream: TextIO,
         seed: int | None = None, computer: str | None = None,
         read_secret: Callable[[str], str] | None = None, seat: int | None = 1,
         player: str | None = None, log: GameLog | None = None) -> int:
    """Play one game; 0 when it ends, 1 when the input ends first, 2 for an unknown computer.

    The computer plays ``player`` (or ``computer``, the older keyword; default basic) in ``seat``:
    the obstructors (1) get this dialogue with its dice and battles told; the collectors (0) or
    nobody (None: two humans) play through the shared terminal (printkit/rules/terminal.py).
    """
    from printkit.games.sitters.players import PLAYERS

    def say(text: str) -> None:
        print(text, file=output_stream)

    name = player or computer or "basic"
    log = log or GameLog(None)
    policy = PLAYERS.get(name) or search_player(name)
    if seat != 1 and policy is not None:
        return play_game(SittersRules(params), console=Console(input_stream, output_stream), seat=seat,
                         policy=policy, seed=seed, log=log)
    if policy is None:
        say(f"unknown computer player {quoted(name)} (known: {', '.join(sorted(PLAYERS))})")
        return 2
    rules, rng = SittersRules(params), random.Random(seed)
    c_name, o_name = rules.player_names
    say(f"SiTTeRS: you lead the {c_name}; the computer ({name}) plays the {o_name}.")
    try:
        state = _game(rules, rng, policy, input_stream, say, log)
    except _Abandoned:
        say("end of input: the game is abandoned")
        log.write("unfinished: the input ended")
        return 1
    log.write()
    say(rules.render_text(state))
    outcome = rules.outcome(state)
    assert outcome is not None
    winner = ("nobody: a draw" if outcome.winner is None
              else f"the {rules.player_names[outcome.winner]}")
    say(f"game over: {outcome.reason}; winner: {winner}")
    return 0


def _game(rules: SittersRules, rng: random.Random, policy: Callable[..., Move],
          stream: TextIO, say: Callable[[str], None], log: GameLog) -> State:
    state = rules.initial_state()
    while rules.outcome(state) is None:
        player = rules.current_player(state)
        if player == CHANCE:
            move = chance_move(rules, state, rng)
        elif player != COLLECTORS:
            move = policy(rules, state, rng)
            say(f"{rules.player_names[player]}: {rules.format_move(state, move)}")
        else:
            move = _ask(rules, state, stream, say)
        log.record(rules, state, move)
        after = rules.apply(state, move)
        _announce(rules, state, move, after, say)
        state = after
    return state


def _announce(rules: SittersRules, before: State, move: Move, after: State,
              say: Callable[[str], None]) -> None:
    """Say what a roll or a move did."""
    names, players = rules.board.names, rules.player_names
    if move.kind == "roll" and before.phase == LOOT:
        say(f"loot roll: {move.dice[0]} (loot {after.loot})")
    elif move.kind == "roll" and before.phase == BATTLE:
        c, o = move.dice
        result = "a tie, roll again" if c == o else (
            "the obstructor is defeated" if c > o else "the collector is defeated")
        say(f"battle on {names[before.cell]}: collector {c}, obstructor {o}: {result}")
    elif move.kind == "roll":
        say(f"{players[before.mover]} roll {move.dice[0]}")
    elif move.kind == "pass":
        say(f"{players[before.mover]}: no move possible, the turn is lost")
    if after.survivors > before.survivors:
        say(f"a collector reaches the safe zone (survivors {after.survivors})")


def _label(rules: SittersRules, state: State, move: Move) -> str:
    text = rules.format_move(state, move)
    if move.kind != "move":
        return text
    if move.dst in rules.safe_zone:
        return text + " (safe zone)"
    if move.dst in state.containers:
        return text + " (container)"
    return text + (" (battle)" if move.dst in state.obstructors else "")


def _ask(rules: SittersRules, state: State, stream: TextIO, say: Callable[[str], None]) -> Move:
    moves = list(rules.legal_moves(state))
    if moves == [Move("pass")]:
        return moves[0]
    say(rules.render_text(state))
    options = [f"{i:>3}) {_label(rules, state, m)}" for i, m in enumerate(moves, start=1)]
    for start in range(0, len(options), 4):
        say("".join(f"{o:<26}" for o in options[start:start + 4]).rstrip())
    while True:
        say("your choice (a number, a space or a move):")
        line = read_answer(stream)
        if line is None:
            raise _Abandoned
        move, problem = _choose(rules, state, moves, line.strip())
        if move is not None:
            say(f"> {line.strip()}")
            return move
        say(f"{quoted(line.strip())}: {problem}; try again")


def _choose(rules: SittersRules, state: State, moves: list[Move],
            text: str) -> tuple[Move | None, str]:
    """The option a line of input names, or None and the reason it names none."""
    if not text:
        return None, "type a number, a space such as D4 or a move such as 'A4 > D4'"
    if text.isascii() and text.isdigit() and len(text) <= 9:
        index = int(text)
        if 1 <= index <= len(moves):
            return moves[index - 1], ""
        return None, f"not an option (1-{len(moves)})"
    if re.fullmatch(r"[A-Za-z][0-9]+", text):
        return _by_space(rules, state, moves, text)
    try:
        move = rules.parse_move(state, text)
        rules.apply(state, move)
    except (NotationError, IllegalMove) as exc:
        return None, str(exc)
    return move, ""


def _by_space(rules: SittersRules, state: State, moves: list[Move],
              text: str) -> tuple[Move | None, str]:
    """The one option ending on the space named ``text``, or why there is none."""
    try:
        cell = cell_of(rules.board, text)
    except NotationError as exc:
        return None, str(exc)
    ending = [m for m in moves if m.dst == cell]
    if len(ending) == 1:
        return ending[0], ""
    if ending:
        return None, f"more than one option ends on {text.upper()}: type its number"
    if state.phase in PLACE_KIND:
        try:
            rules.apply(state, Move(PLACE_KIND[state.phase], dst=cell))
        except IllegalMove as exc:
            return None, str(exc)
    return None, f"no option ends on {text.upper()}"
