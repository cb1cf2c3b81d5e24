"""Token Tactics: fortify or attack with secret commitments until a reserve is empty.

Written against printkit.kitrules only. A battle is one move: the attacker's commitment and the
defender's secret answer, revealed together (``P2 attack 3 vs 2``). Resolution, read from the seed's
worked example: each player spends what they committed; the battle's winner (the attacker if their
commitment is larger, else the defender) gains the difference, the loser gives it; the loser's
reserve is then floored at 0. So the winner ends on ``reserve - commit + difference`` and the loser
on ``max(0, reserve - commit - difference)``.

Why "strategic" never mixes: under that arithmetic the attacker always ends on
``max(0, reserve - defence)`` and the defender on ``max(0, reserve - attack)``, whoever wins the
battle. Committing everything is therefore weakly dominant for both sides, and the best reply to a
full defence is to attack only when strictly ahead.
"""

from __future__ import annotations

import re
from typing import Any

from printkit.kitrules import Answered, Game, IllegalMove, NotationError, Outcome, Table

FORTIFY = "fortify"
NOTATION = re.compile(r"(?:p(?P<player>\d{1,9})\s+)?(?:(?P<fortify>fortify)|attack\s+(?P<a>\d{1,9})\s+vs\s+(?P<d>\d{1,9}))")
EXPECTED = "expected 'P1 fortify' or 'P1 attack N vs M' (attacker's tokens vs defender's)"


def attack(commit: int, defend: int) -> Answered:
    """The move of an attack committing ``commit`` tokens against a defence of ``defend``."""
    return Answered(("attack", commit), defend)


def resolve(attacker: int, defender: int, commit: int, defend: int) -> tuple[bool, int, int, int]:
    """(attacker wins the battle, difference, attacker's reserve after, defender's after); ties go to the defender."""
    difference = abs(commit - defend)
    if commit > defend:
        return True, difference, attacker - commit + difference, max(0, defender - defend - difference)
    return False, difference, max(0, attacker - commit - difference), defender - defend + difference


def tag(player: int) -> str:
    """``P1`` / ``P2``: the player in log lines and end reasons."""
    return f"P{player + 1}"


def tokens(n: int) -> str:
    """``1 token`` / ``3 tokens``."""
    return f"{n} token" if n == 1 else f"{n} tokens"


class TokenTactics(Game):
    """Two reserves; Fortify, or Attack with a secret commitment answered by a secret defence."""

    per_player = ("reserves", "peak")
    endings = ("P1 has no tokens left", "P2 has no tokens left", "both reserves empty")
    aids = ("commit-cards",)  # cards to commit in secret with: the rules read the numbers, they deal no card
    strongest = "strategic"

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.player_names = tuple(self.params.player_names)

    # --- the rules ------------------------------------------------------------------------------
    def setup(self) -> dict[str, Any]:
        start = self.params.starting_tokens
        return {"reserves": [start, start], "to_move": 0, "turn": 0, "peak": [start, start], "winner": None,
                "cap_reached": start >= self.params.reserve_cap}

    def can_fortify(self, state: Any, player: int | None = None) -> bool:
        """Whether ``player`` (default: the player to move) is below the reserve cap."""
        return state["reserves"][state["to_move"] if player is None else player] < self.params.reserve_cap

    def can_attack(self, state: Any) -> bool:
        """Whether the player to move holds at least the minimum attack."""
        return state["reserves"][state["to_move"]] >= self.params.minimum_attack

    def moves(self, state: Any) -> list[Any]:
        """Fortify first (if allowed), then every commitment, smallest first."""
        mine = state["reserves"][state["to_move"]]
        moves: list[Any] = [FORTIFY] if self.can_fortify(state) else []
        return moves + [("attack", n) for n in range(self.params.minimum_attack, mine + 1)]

    def answers(self, state: Any, move: Any) -> list[int]:
        """The defender answers an attack in secret with 0 up to their reserve."""
        return [] if move == FORTIFY else list(range(state["reserves"][1 - state["to_move"]] + 1))

    def play(self, state: Any, move: Any) -> None:
        me, cap, reserves = state["to_move"], self.params.reserve_cap, state["reserves"]
        if move == FORTIFY:
            reserves[me] = min(cap, reserves[me] + self.params.fortify_amount)
        else:
            won, _, reserves[me], reserves[1 - me] = resolve(reserves[me], reserves[1 - me], move.move[1], move.answer)
            empty = [p for p in (0, 1) if reserves[p] == 0]
            if empty:  # both empty only after a tie of everything: the defender won that battle
                state["winner"] = (me if won else 1 - me) if len(empty) == 2 else 1 - empty[0]
        state["peak"] = [max(p, r) for p, r in zip(state["peak"], reserves)]
        state["cap_reached"] = state["cap_reached"] or max(reserves) >= cap
        state["to_move"], state["turn"] = 1 - me, state["turn"] + 1

    def outcome(self, state: Any) -> Outcome | None:
        """The winner once a reserve is empty; scores are the final reserves."""
        winner = state["winner"]
        if winner is None:
            return None
        scores = (float(state["reserves"][0]), float(state["reserves"][1]))
        if state["reserves"][winner] == 0:
            return Outcome(winner, "both reserves empty, defender won the battle", scores)
        return Outcome(winner, f"{tag(1 - winner)} has no tokens left", scores)

    def counters(self, state: Any) -> dict[str, int]:
        """For simulate: games where a reserve reached the cap, games ending with both reserves empty, and
        games per largest reserve reached (``max_reserve_NN``: how many chips a player can need)."""
        return {"cap_reached": state["cap_reached"], "both_empty": state["reserves"] == [0, 0],
                f"max_reserve_{max(state['peak']):02d}": 1}

    # --- notation and messages --------------------------------------------------------------------
    def notation(self, state: Any, move: Any) -> str:
        """``P1 fortify`` or ``P2 attack 3 vs 2`` (attacker's commitment vs defender's)."""
        if move == FORTIFY:
            return f"{tag(state['to_move'])} fortify"
        return f"{tag(state['to_move'])} attack {move.move[1]} vs {move.answer}"

    def parse(self, state: Any, text: str) -> Any:
        """A move with or without its player tag, in any letter case."""
        match = NOTATION.fullmatch(" ".join(text.split()).lower())
        if match is None:
            raise NotationError(EXPECTED)
        if match["player"] is not None:
            if match["player"] not in ("1", "2"):
                raise NotationError(f"'P{match['player']}' is not a player (P1 or P2)")
            if int(match["player"]) - 1 != state["to_move"]:
                raise IllegalMove(f"it is {tag(state['to_move'])}'s turn, not P{match['player']}'s")
        return FORTIFY if match["fortify"] else attack(int(match["a"]), int(match["d"]))

    def why_not(self, state: Any, move: Any) -> str | None:
        me = state["to_move"]
        mine, theirs, low = state["reserves"][me], state["reserves"][1 - me], self.params.minimum_attack
        if move == FORTIFY:
            return f"{tag(me)} cannot fortify: reserve {mine} is at the cap of {self.params.reserve_cap}"
        if not isinstance(move, Answered):
            return f"not a move of Token Tactics: {EXPECTED}"
        commit, defend = move.move[1], move.answer
        if commit < low:
            return f"{tag(me)} must commit at least {low} to attack, got {commit}"
        if commit > mine:
            return f"{tag(me)} cannot commit {commit} tokens (reserve {mine})"
        return f"{tag(1 - me)} cannot defend with {defend} tokens (0 to reserve {theirs})"

    def text(self, state: Any) -> str:
        lines = [f"{name} Tokens: {n}" for name, n in zip(self.player_names, state["reserves"])]
        if state["winner"] is None:
            return "\n".join([*lines, f"{self.player_names[state['to_move']]} to move (turn {state['turn'] + 1})"])
        return "\n".join([*lines, f"{self.player_names[state['winner']]} wins"])

    # --- players: the mover chooses its action and commitment, the defender its defence ----------
    def player_random(self, view: Any, moves: list[Any], rng: Any) -> Any:
        """Uniform at each choice: the action (when both are legal), then the commitment."""
        can_attack = moves[-1] != FORTIFY
        if FORTIFY in moves and (not can_attack or rng.randrange(2) == 0):
            return FORTIFY
        return ("attack", rng.randint(self.params.minimum_attack, view["reserves"][view["to_move"]]))

    def answer_random(self, view: Any, answers: list[int], rng: Any) -> int:
        return rng.randint(0, view["reserves"][1 - view["to_move"]])

    def player_strategic(self, view: Any, moves: list[Any], rng: Any) -> Any:
        """Attacks with everything when strictly ahead (or when it cannot fortify); else fortifies."""
        mine, theirs = view["reserves"][view["to_move"]], view["reserves"][1 - view["to_move"]]
        if moves[-1] != FORTIFY and (mine > theirs or FORTIFY not in moves):
            return ("attack", mine)
        return FORTIFY

    def answer_strategic(self, view: Any, answers: list[int], rng: Any) -> int:
        """Defends with everything."""
        return view["reserves"][1 - view["to_move"]]

    def player_mixed(self, view: Any, moves: list[Any], rng: Any) -> Any:
        """The seed's strategy tips, not the solution: attacks with probability 1/2 plus half its relative
        lead, committing uniformly from the upper half of its reserve."""
        mine, theirs = view["reserves"][view["to_move"]], view["reserves"][1 - view["to_move"]]
        if moves[-1] == FORTIFY:
            return FORTIFY
        if FORTIFY in moves and not rng.random() < 0.5 + (mine - theirs) / max(mine, theirs) / 2:
            return FORTIFY
        return ("attack", rng.randint(max(self.params.minimum_attack, (mine + 1) // 2), mine))

    def answer_mixed(self, view: Any, answers: list[int], rng: Any) -> int:
        """Defends uniformly from the upper half of its reserve."""
        theirs = view["reserves"][1 - view["to_move"]]
        return rng.randint((theirs + 1) // 2, theirs)

    # --- abilities (balance --abilities) -----------------------------------------------------------
    def ability_fortify(self, state: Any, move: Any) -> bool:
        """Fortify, the one optional action (a seat that never attacks cannot win)."""
        return move == FORTIFY

    # --- printkit play: the seed's command-line dialogue, word for word ----------------------------
    def dialogue(self, table: Table) -> None:
        """The banner, then turns until a reserve is empty, then the result. Both commitments of a battle are
        read in secret; the computer's are shown as ``> (secret)``."""
        state = table.state
        table.say(f"---- {table.title} ----", *self._reserve_lines(state, ""))
        while state["winner"] is None:
            table.say("", f"{self.player_names[state['to_move']]}'s Turn:")
            state = self._turn(table, state)
        table.say("", "Game Over!", self._result(state))

    def _reserve_lines(self, state: Any, bullet: str) -> list[str]:
        return [f"{bullet}{name} Tokens: {n}" for name, n in zip(self.player_names, state["reserves"])]

    def _result(self, state: Any) -> str:
        winner, names = state["winner"], self.player_names
        if state["reserves"][winner] == 0:
            return f"{names[winner]} wins: both reserves are empty and {names[winner]} won the last battle."
        return f"{names[winner]} wins by capturing all of {names[1 - winner]}'s tokens."

    def _turn(self, table: Table, state: Any) -> Any:
        me = state["to_move"]
        you = self.player_names[me] if table.is_computer(me) else "You"
        chosen = self._action(table, state)
        if chosen == FORTIFY:
            after = table.play(state, FORTIFY)
            added = after["reserves"][me] - state["reserves"][me]
            table.say(f"{you} chose to Fortify.", f"{self.player_names[me]} adds {tokens(added)} to their reserve.")
            return after
        table.say(f"{you} chose to Attack.")
        return self._battle(table, state, chosen)

    def _action(self, table: Table, state: Any) -> Any:
        """``fortify``, ``attack`` (a person, who commits next) or the computer's ``("attack", n)``."""
        question = "Choose an action: (1) Fortify, (2) Attack"
        if table.is_computer(state["to_move"]):
            chosen = table.computer_move(state)
            table.say(question, "> " + ("1" if chosen == FORTIFY else "2"))
            return chosen
        while True:
            answer = table.ask_number(question, 1, 2, "1 (Fortify) or 2 (Attack)")
            mine = state["reserves"][state["to_move"]]
            if answer == 1 and not self.can_fortify(state):
                table.say(f"You cannot Fortify: your reserve ({mine}) is at the cap of {self.params.reserve_cap} tokens.")
            elif answer == 2 and not self.can_attack(state):
                table.say(f"You cannot Attack: you need at least {tokens(self.params.minimum_attack)} to attack.")
            else:
                return FORTIFY if answer == 1 else "attack"

    def _battle(self, table: Table, state: Any, chosen: Any) -> Any:
        me, low = state["to_move"], self.params.minimum_attack
        mine, theirs = state["reserves"][me], state["reserves"][1 - me]
        question = f"Enter the number of tokens to commit ({low}-{mine}):"
        if table.is_computer(me):
            table.say(question, "> (secret)")
            commit = chosen[1]
        else:
            commit = table.ask_number(question, low, mine, f"a number from {low} to {mine}", secret=True)
        question = f"{self.player_names[1 - me]}, enter the number of tokens to defend with (0-{theirs}):"
        if table.is_computer(1 - me):
            table.say(question, "> (secret)")
            defend = table.computer_answer(state, ("attack", commit))
        else:
            defend = table.ask_number(question, 0, theirs, f"a number from 0 to {theirs}", secret=True)
        winner = me if commit > defend else 1 - me
        headline = ("Attacker wins the battle!" if commit > defend else "It's a tie, so the defender wins the battle!"
                    if commit == defend else "Defender wins the battle!")
        table.say("Reveal:", f"- Attacker committed {tokens(commit)}.", f"- Defender committed {tokens(defend)}.", headline,
                  f"{self.player_names[winner]} takes {tokens(abs(commit - defend))} from {self.player_names[1 - winner]}.")
        after = table.play(state, attack(commit, defend))
        table.say("", "Updated Reserves:", *self._reserve_lines(after, "- "))
        return after
