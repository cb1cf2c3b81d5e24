"""A designer's own terminal dialogue (:meth:`printkit.kitrules.Game.dialogue`) run at the terminal.

:class:`TerminalTable` is the :class:`printkit.kitrules.Table` the dialogue is handed: answers read from the
console (or without echo by ``read_secret``), the computer's seat played by its :class:`StagedPlayer`, every
move written to the log. :func:`run_dialogue` ends an unfinished game cleanly when the input ends and reports
an error in the dialogue as the designer's.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from printkit.kitgame.blame import RulesError
from printkit.kitgame.engine import KitRules
from printkit.kitgame.players import StagedPlayer
from printkit.kitgame.terminal import read_answer
from printkit.kitrules import Game
from printkit.rules.game import chance_move
from printkit.rules.mcts import search_player
from printkit.rules.terminal import ABANDONED, Console, EndOfInput, GameLog, MovePicker, list_command, position_shown
from printkit.rules.terminal import read_answer as terminal_answer
from printkit.rules.told import chance_told, watchers


def has_dialogue(game: Game, seat: int | None) -> bool:
    """Whether the rules write a terminal dialogue of their own that plays with the computer at ``seat`` (None: two
    players): every seating, or those ``dialogue_seats`` names."""
    return type(game).dialogue is not Game.dialogue and (game.dialogue_seats is None or seat in game.dialogue_seats)


class TerminalTable:
    """The terminal, the computer and the log, as a dialogue sees them."""

    def __init__(self, rules: KitRules, console: Console, seat: int | None, computer: StagedPlayer, rng: random.Random,
                 log: GameLog, read_secret: Callable[[str], str] | None, title: str, computer_player: str = "") -> None:
        self.rules, self.console, self.seat, self.computer = rules, console, seat, computer
        self.computer_player = computer_player
        self.rng, self.log, self.read_secret, self.title = rng, log, read_secret, title
        self.state = rules.initial_state()
        self._picker: MovePicker | None = None

    def say(self, *lines: str) -> None:
        self.console.say(*lines)

    def ask_number(self, question: str, low: int, high: int, what: str, secret: bool = False) -> int:
        while True:
            self.say(question)
            text = self._read(secret)
            shown = "That" if secret and self.read_secret is not None else repr(text)
            if not (text.isascii() and text.isdigit()):
                self.say(f"{shown} is not a number: enter {what}.")
            elif len(text) > 9 or not low <= int(text) <= high:
                self.say(f"{shown} is out of range: enter {what}.")
            else:
                return int(text)

    def _read(self, secret: bool) -> str:
        """One answer, stripped: without echo when ``secret`` and a secret reader is given."""
        return read_answer(self.console, self.read_secret if secret else None)

    def ask(self, prompt: str = "> ", echo: bool = True) -> str:
        self.console.output.write(prompt)
        self.console.output.flush()
        line = terminal_answer(self.console.input)
        if line is None:
            raise EndOfInput
        if echo and self.console.echo:
            self.say(line)
        return line.strip()

    def _picking(self, state: Any, mark: str) -> MovePicker:
        """The moves numbered for ``state`` (made once per position)."""
        if self._picker is None or self._picker.state is not state:
            self._picker = MovePicker(self.rules, state, mark)
        return self._picker

    def options(self, state: Any, mark: str = "") -> list[str]:
        picker = self._picking(state, mark)
        return picker.option_lines() if picker.listed else []

    def pick(self, state: Any, answer: str, mark: str = "") -> Any:
        picker = self._picking(state, mark)
        listed = list_command(picker, answer)
        if listed is not None:
            self.say(*listed)
            return None
        return picker.pick(answer)

    def is_computer(self, player: int) -> bool:
        return player == self.seat

    def computer_move(self, state: Any) -> Any:
        return self.computer.choose(self.rules, state, self.rng)

    def computer_answer(self, state: Any, move: Any) -> Any:
        return self.computer.answer(self.rules, state, move, self.rng)

    def chance_move(self, state: Any) -> Any:
        return chance_move(self.rules, state, self.rng)

    def position(self, state: Any) -> str:
        return position_shown(self.rules, state, self.seat)

    def told(self, state: Any, move: Any) -> str:
        return chance_told(self.rules, state, move, watchers(len(self.rules.player_names), self.seat))

    def play(self, state: Any, move: Any) -> Any:
        self.log.record(self.rules, state, move)
        self.state = self.rules.apply(state, move)
        return self.state


def run_dialogue(rules: KitRules, *, console: Console, seat: int | None, player: str, seed: int | None, log: GameLog,
                 read_secret: Callable[[str], str] | None = None, title: str = "") -> int:
    """Play one game through the rules' dialogue, the computer (at ``seat``) playing ``player``; 0 when it ends,
    1 when the input ends first (the log is written either way)."""
    computer = search_player(player) or StagedPlayer(player)
    table = TerminalTable(rules, console, seat, computer, random.Random(seed), log, read_secret, title, player)
    try:
        rules.game.dialogue(table)
    except EndOfInput:
        console.say(*([rules.game.abandoned] if rules.game.abandoned else ["", ABANDONED]))
        log.write("unfinished: the input ended")
        return 1
    except RulesError:
        raise
    except BaseException as exc:  # the designer's code (a real Ctrl-C is raised again)
        raise rules.blame(exc, "in dialogue(), at the terminal") from None
    if rules.outcome(table.state) is None:
        raise rules.fail("dialogue() returned before the game ended (play every move through table.play)")
    log.write()
    return 0
