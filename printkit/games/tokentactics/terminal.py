"""``printkit play --game tokentactics``: two players at one terminal, in the seed's wording.

Answers are read a line at a time from ``input_stream`` so a game can be scripted. When the
input is not a terminal each answer is echoed after its ``> `` prompt, so a piped game prints
the same transcript as the seed's "Command-Line Interaction Example". ``read_secret`` (a
getpass-like reader that shows its prompt and reads without echo) is used for both commitments
of a battle, so neither player can read the other's number off the screen.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TextIO

from printkit.games.tokentactics.engine import State, TokenTactics, resolve
from printkit.games.tokentactics.moves import FORTIFY, Move
from printkit.games.tokentactics.params import Params
from printkit.games.tokentactics.players import Player, StrategicPlayer
from printkit.rules.terminal import ABANDONED, Console, EndOfInput, GameLog, seat_and_policy

TITLE = "Token Tactics"


def tokens(n: int) -> str:
    """``1 token`` / ``3 tokens``."""
    return f"{n} token" if n == 1 else f"{n} tokens"


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
    """Play one game; 0 when it ends normally, 1 when the input ends first.

    ``seat``/``player``: the computer's seat and player (printkit/rules/terminal.py); ``computer``
    names a seat and plays the strategic player.
    """
    from printkit.games.tokentactics import SPEC

    rules = TokenTactics(params)
    seat, computer_player = seat_and_policy(SPEC, rules.player_names, computer, seat, player)
    log = log or GameLog(None)
    game = Terminal(rules, input_stream, output_stream, read_secret, seat, random.Random(seed), computer_player, log)
    try:
        game.run()
    except EndOfInput:
        game.say("", ABANDONED)
        log.write("unfinished: the input ended")
        return 1
    log.write()
    return 0


class Terminal:
    """One terminal game: asks, refuses bad answers, prints every turn and the reserves."""

    def __init__(self, rules: TokenTactics, input_stream: TextIO, output_stream: TextIO,
                 read_secret: Callable[[str], str] | None, seat: int | None, rng: random.Random,
                 computer: Player | None = None, log: GameLog | None = None) -> None:
        self.rules, self.names = rules, rules.player_names
        self.console, self.read_secret = Console(input_stream, output_stream), read_secret
        self.seat, self.rng = seat, rng
        self.computer = computer or StrategicPlayer()
        self.log = log or GameLog(None)

    def say(self, *lines: str) -> None:
        """Write lines to the output and flush (a secret reader may write to the terminal next)."""
        self.console.say(*lines)

    def run(self) -> None:
        """The banner, then turns until a reserve is empty, then the result."""
        state = self.rules.initial_state()
        self.say(f"---- {TITLE} ----", *self._reserve_lines(state, ""))
        while state.winner is None:
            self.say("", f"{self.names[state.to_move]}'s Turn:")
            state = self._turn(state)
        self.say("", "Game Over!", self._result(state))

    def _reserve_lines(self, state: State, bullet: str) -> list[str]:
        return [f"{bullet}{name} Tokens: {n}" for name, n in zip(self.names, state.reserves)]

    def _result(self, state: State) -> str:
        winner = state.winner
        assert winner is not None
        if state.reserves[winner] == 0:
            name = self.names[winner]
            return f"{name} wins: both reserves are empty and {name} won the last battle."
        return f"{self.names[winner]} wins by capturing all of {self.names[1 - winner]}'s tokens."

    def _turn(self, state: State) -> State:
        me = state.to_move
        you = "You" if me != self.seat else self.names[me]
        if self._choose_action(state) == "fortify":
            self.log.record(self.rules, state, FORTIFY)
            after = self.rules.apply(state, FORTIFY)
            added = after.reserves[me] - state.reserves[me]
            self.say(f"{you} chose to Fortify.", f"{self.names[me]} adds {tokens(added)} to their reserve.")
            return after
        self.say(f"{you} chose to Attack.")
        return self._battle(state)

    def _choose_action(self, state: State) -> str:
        question = "Choose an action: (1) Fortify, (2) Attack"
        if state.to_move == self.seat:
            action = self.computer.action(self.rules, state, self.rng)
            self.say(question, "> " + ("1" if action == "fortify" else "2"))
            return action
        while True:
            answer = self._ask_number(question, 1, 2, secret=False, what="1 (Fortify) or 2 (Attack)")
            refusal = self._refuse_action(state, answer)
            if refusal is None:
                return "fortify" if answer == 1 else "attack"
            self.say(refusal)

    def _refuse_action(self, state: State, answer: int) -> str | None:
        mine, params = state.reserves[state.to_move], self.rules.params
        if answer == 1 and not self.rules.can_fortify(state):
            return f"You cannot Fortify: your reserve ({mine}) is at the cap of {params.reserve_cap} tokens."
        if answer == 2 and not self.rules.can_attack(state):
            return f"You cannot Attack: you need at least {tokens(params.minimum_attack)} to attack."
        return None

    def _battle(self, state: State) -> State:
        me, low = state.to_move, self.rules.params.minimum_attack
        mine, theirs = state.reserves[me], state.reserves[1 - me]
        attack = self._commit(state, me, f"Enter the number of tokens to commit ({low}-{mine}):", low, mine)
        question = f"{self.names[1 - me]}, enter the number of tokens to defend with (0-{theirs}):"
        defend = self._commit(state, 1 - me, question, 0, theirs)
        self._report(me, resolve(mine, theirs, attack, defend).attacker_wins, attack, defend)
        self.log.record(self.rules, state, Move("attack", attack, defend))
        after = self.rules.apply(state, Move("attack", attack, defend))
        self.say("", "Updated Reserves:", *self._reserve_lines(after, "- "))
        return after

    def _commit(self, state: State, who: int, question: str, low: int, high: int) -> int:
        """A commitment: the computer's is chosen blind and shown as secret; a human's is asked."""
        if who != self.seat:
            return self._ask_number(question, low, high, secret=True, what=f"a number from {low} to {high}")
        self.say(question, "> (secret)")
        if who == state.to_move:
            return self.computer.commit(self.rules, state, self.rng)
        return self.computer.defend(self.rules, state, self.rng)

    def _report(self, attacker: int, attacker_wins: bool, attack: int, defend: int) -> None:
        winner = attacker if attacker_wins else 1 - attacker
        if attacker_wins:
            headline = "Attacker wins the battle!"
        elif attack == defend:
            headline = "It's a tie, so the defender wins the battle!"
        else:
            headline = "Defender wins the battle!"
        self.say("Reveal:", f"- Attacker committed {tokens(attack)}.",
                 f"- Defender committed {tokens(defend)}.", headline,
                 f"{self.names[winner]} takes {tokens(abs(attack - defend))} from {self.names[1 - winner]}.")

    def _ask_number(self, question: str, low: int, high: int, *, secret: bool, what: str) -> int:
        """Ask ``question`` until the answer is a whole number from ``low`` to ``high``."""
        while True:
            self.say(question)
            text = self._read(secret).strip()
            shown = "That" if secret and self.read_secret is not None else repr(text)
            if not (text.isascii() and text.isdigit()):
                self.say(f"{shown} is not a number: enter {what}.")
            elif len(text) > 9 or not low <= int(text) <= high:
                self.say(f"{shown} is out of range: enter {what}.")
            else:
                return int(text)

    def _read(self, secret: bool) -> str:
        """One answer after a ``> `` prompt; EndOfInput when the input is exhausted."""
        if secret and self.read_secret is not None:
            try:
                return self.read_secret("> ")
            except EOFError:
                raise EndOfInput from None
        return self.console.ask("> ")
