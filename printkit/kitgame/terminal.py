"""``printkit play --kit`` for a game with secret answers (:meth:`printkit.kitrules.Game.answers`).

A move there is asked in two stages, so nobody types the other side's secret: the mover picks their own
move, then the answering player picks their answer without being shown it, then both are revealed in
log notation. On a real terminal (``read_secret``) a stage that will be answered is read without echo.
Everything else (the position, chance, the log, the result) is the shared terminal game's.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from printkit.kitgame.engine import KitRules
from printkit.kitgame.players import StagedPlayer, staged
from printkit.kitrules import Answered, notation
from printkit.rules.game import NotationError
from printkit.rules.terminal import Console, EndOfInput, GameLog, MovePicker, _human, _position, pick_answer, play_game
from printkit.userinput.text import quoted


class _Options:
    """A list of choices as MovePicker reads rules: numbered, or typed as written."""

    def __init__(self, options: Sequence[Any]) -> None:
        self.options = list(options)

    def legal_moves(self, state: Any) -> list[Any]:
        return self.options

    def format_move(self, state: Any, move: Any) -> str:
        return notation(move)

    def parse_move(self, state: Any, text: str) -> Any:
        raise NotationError("not one of the choices: type its number or its text")


def _choose(console: Console, question: str, options: Sequence[Any], secret: Callable[[str], str] | None) -> Any:
    """One of ``options``, asked until the answer names one (read with ``secret`` when given: no echo)."""
    picker = MovePicker(_Options(options), None, "")  # type: ignore[arg-type]
    listed = picker.option_lines() or [f"{len(options)} choices: type one, 'list' to number them or 'list WORD'"]
    console.say(question, *listed)
    return pick_answer(console, picker, read=lambda: read_answer(console, secret),
                       shown=quoted if secret is None else lambda answer: "That")


def read_answer(console: Console, secret: Callable[[str], str] | None) -> str:
    """One answer, stripped: without echo from ``secret`` (EndOfInput at its end), else from the console."""
    if secret is None:
        return console.ask()
    try:
        return secret("> ").strip()
    except EOFError:
        raise EndOfInput from None


def play_answered(rules: KitRules, *, console: Console, seat: int | None, policy: Any, seed: int | None, log: GameLog,
                  read_secret: Callable[[str], str] | None = None) -> int:
    """Play one game in stages; 0 when it ends, 1 when the input ends first (the log is written either way)."""
    computer = policy if staged(policy) else StagedPlayer("random")

    def turn(state: Any, player: int, rng: random.Random) -> Any:
        return _turn(rules, state, console, player, seat, computer, rng, read_secret)

    return play_game(rules, console=console, seat=seat, policy=policy, seed=seed, log=log, turn=turn)


def _turn(rules: KitRules, state: Any, console: Console, player: int, seat: int | None, computer: StagedPlayer,
          rng: random.Random, read_secret: Callable[[str], str] | None) -> Any:
    """The mover's choice, then (when the rules ask for one) the answer, revealed together."""
    names = rules.player_names
    moves = rules.player_moves(state, player)
    answered = any(rules.answers(state, m) for m in moves)
    console.say(_position(rules, state, _human(rules, seat) if player == seat else player))
    if player == seat:
        move = computer.choose(rules, state, rng)
        if not rules.answers(state, move):
            console.say(f"computer: {rules.format_move(state, move)}")
            return move
        console.say(f"computer: {names[player]} has chosen in secret")
    else:
        move = _choose(console, f"{names[player]}: pick a number or type a move", moves, read_secret if answered else None)
        if not rules.answers(state, move):
            return move
    answerer = rules.answerer(state, move)
    if answerer == seat:
        answer = computer.answer(rules, state, move, rng)
    else:
        question = f"{names[answerer]}: your secret answer (the move stays hidden until both are revealed)"
        answer = _choose(console, question, rules.answers(state, move), read_secret)
    full = Answered(move, answer)
    console.say(f"revealed: {rules.format_move(state, full)}")
    return full
