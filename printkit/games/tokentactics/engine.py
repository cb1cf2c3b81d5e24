"""Token Tactics rules: reserves, Fortify, and Attack with secret commitments revealed together.

A battle is one move holding both commitments. Resolution (read from the seed's worked example):
each player spends what they committed; the battle's winner (the attacker if their commitment is
larger, else the defender) gains the difference; the loser gives the difference; the loser's
reserve is then floored at 0. So the winner ends on ``reserve - commit + difference`` and the
loser on ``max(0, reserve - commit - difference)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from printkit.games.tokentactics.moves import FORTIFY, Move
from printkit.games.tokentactics.notation import format_move, parse_move
from printkit.games.tokentactics.params import Params
from printkit.rules.game import IllegalMove, Outcome
from printkit.userinput.text import quoted

__all__ = ["FORTIFY", "Battle", "Move", "State", "TokenTactics", "resolve"]


@dataclass(frozen=True)
class State:
    """Both reserves, whose turn it is, moves made, each reserve's peak, and the winner once over."""

    reserves: tuple[int, int]
    to_move: int = 0
    turn: int = 0
    peak: tuple[int, int] = (0, 0)
    winner: int | None = None
    cap_reached: bool = False


@dataclass(frozen=True)
class Battle:
    """A resolved attack: who won the battle, the difference won, and both reserves after."""

    attacker_wins: bool
    difference: int
    attacker_after: int
    defender_after: int


def resolve(attacker: int, defender: int, attack: int, defend: int) -> Battle:
    """Resolve an attack between reserves ``attacker`` and ``defender``; ties go to the defender."""
    difference = abs(attack - defend)
    if attack > defend:
        loser = max(0, defender - defend - difference)
        return Battle(True, difference, attacker - attack + difference, loser)
    loser = max(0, attacker - attack - difference)
    return Battle(False, difference, loser, defender - defend + difference)


class TokenTactics:
    """The engine for one set of :class:`Params` (see :mod:`printkit.rules.game`)."""

    def __init__(self, params: Params | None = None) -> None:
        self.params = params or Params()
        self.player_names: tuple[str, str] = (self.params.player_names[0], self.params.player_names[1])

    def initial_state(self) -> State:
        start = self.params.starting_tokens
        return State(reserves=(start, start), peak=(start, start),
                     cap_reached=start >= self.params.reserve_cap)

    def current_player(self, state: State) -> int:
        return state.to_move

    def can_fortify(self, state: State, player: int | None = None) -> bool:
        """Whether ``player`` (default: the player to move) is below the reserve cap."""
        who = state.to_move if player is None else player
        return state.reserves[who] < self.params.reserve_cap

    def can_attack(self, state: State) -> bool:
        """Whether the player to move holds at least the minimum attack."""
        return state.reserves[state.to_move] >= self.params.minimum_attack

    def legal_moves(self, state: State) -> Sequence[Move]:
        """Fortify first (if allowed), then every attack by commitment, then by defence."""
        if state.winner is not None:
            return []
        moves = [FORTIFY] if self.can_fortify(state) else []
        if self.can_attack(state):
            mine, theirs = state.reserves[state.to_move], state.reserves[1 - state.to_move]
            for attack in range(self.params.minimum_attack, mine + 1):
                moves.extend(Move("attack", attack, defend) for defend in range(theirs + 1))
        return moves

    def chance_outcomes(self, state: State) -> Sequence[tuple[Move, float]]:
        return []

    def apply(self, state: State, move: Move) -> State:
        """The state after ``move``; raises IllegalMove saying why it is not allowed."""
        if state.winner is not None:
            raise IllegalMove("the game is over")
        if move.action == "fortify":
            reserves = self._fortified(state)
        elif move.action == "attack":
            reserves = self._attacked(state, move)
        else:
            raise IllegalMove(f"unknown action {quoted(move.action)}")
        return self._next(state, reserves, move)

    def _fortified(self, state: State) -> tuple[int, int]:
        who, cap = state.to_move, self.params.reserve_cap
        if not self.can_fortify(state):
            raise IllegalMove(
                f"{self._tag(who)} cannot fortify: reserve {state.reserves[who]} is at the cap of {cap}"
            )
        return _set(state.reserves, who, min(cap, state.reserves[who] + self.params.fortify_amount))

    def _attacked(self, state: State, move: Move) -> tuple[int, int]:
        who = state.to_move
        mine, theirs = state.reserves[who], state.reserves[1 - who]
        low = self.params.minimum_attack
        if move.attack < low:
            raise IllegalMove(f"{self._tag(who)} must commit at least {low} to attack, got {move.attack}")
        if move.attack > mine:
            raise IllegalMove(f"{self._tag(who)} cannot commit {move.attack} tokens (reserve {mine})")
        if not 0 <= move.defend <= theirs:
            raise IllegalMove(
                f"{self._tag(1 - who)} cannot defend with {move.defend} tokens (0 to reserve {theirs})"
            )
        battle = resolve(mine, theirs, move.attack, move.defend)
        return _set(_set(state.reserves, who, battle.attacker_after), 1 - who, battle.defender_after)

    def _next(self, state: State, reserves: tuple[int, int], move: Move) -> State:
        peak = (max(state.peak[0], reserves[0]), max(state.peak[1], reserves[1]))
        winner = _winner(reserves, state.to_move, move)
        capped = state.cap_reached or max(reserves) >= self.params.reserve_cap
        return replace(state, reserves=reserves, to_move=1 - state.to_move, turn=state.turn + 1,
                       peak=peak, winner=winner, cap_reached=capped)

    def outcome(self, state: State) -> Outcome | None:
        """The winner once a reserve is empty; scores are the final reserves."""
        if state.winner is None:
            return None
        loser = 1 - state.winner
        scores = (float(state.reserves[0]), float(state.reserves[1]))
        if state.reserves[state.winner] == 0:
            return Outcome(state.winner, "both reserves empty, defender won the battle", scores)
        return Outcome(state.winner, f"{self._tag(loser)} has no tokens left", scores)

    def first_player(self, state: State) -> int | None:
        return 0

    def format_move(self, state: State, move: Move) -> str:
        return format_move(state.to_move, move)

    def parse_move(self, state: State, text: str) -> Move:
        player, move = parse_move(text)
        if player is not None and player != state.to_move:
            raise IllegalMove(f"it is {self._tag(state.to_move)}'s turn, not {self._tag(player)}'s")
        return move

    def render_text(self, state: State) -> str:
        lines = [f"{name} Tokens: {n}" for name, n in zip(self.player_names, state.reserves)]
        if state.winner is None:
            lines.append(f"{self.player_names[state.to_move]} to move (turn {state.turn + 1})")
        else:
            lines.append(f"{self.player_names[state.winner]} wins")
        return "\n".join(lines)

    def state_json(self, state: State) -> dict[str, Any]:
        return {
            "players": list(self.player_names),
            "reserves": list(state.reserves),
            "to_move": None if state.winner is not None else self.player_names[state.to_move],
            "turn": state.turn,
            "peak": list(state.peak),
            "cap_reached": state.cap_reached,
            "winner": None if state.winner is None else self.player_names[state.winner],
        }

    @staticmethod
    def _tag(player: int) -> str:
        return f"P{player + 1}"


def _set(pair: tuple[int, int], index: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if index == 0 else (pair[0], value)


def _winner(reserves: tuple[int, int], mover: int, move: Move) -> int | None:
    """Who has won after ``move`` by ``mover``: an empty reserve ends the game at once.

    Both reserves can empty together only on a tie where both committed everything; the
    defender won that battle, so the defender wins the game.
    """
    empty = [p for p in (0, 1) if reserves[p] == 0]
    if not empty:
        return None
    if len(empty) == 2:
        battle_winner = mover if move.attack > move.defend else 1 - mover
        return battle_winner
    return 1 - empty[0]
