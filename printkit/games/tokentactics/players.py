"""Players for simulate and the terminal game.

An attack is one move holding both secret commitments, but each commitment belongs to a
different player. So a player here is an object with three choices: :meth:`Player.action`
(fortify or attack), :meth:`Player.commit` (tokens to attack with) and :meth:`Player.defend`
(tokens to defend with), each made without seeing the other side's number. :func:`pair` turns
two players into the two policies that :func:`printkit.rules.simulate.simulate` expects, the
defender's number coming from the defender's own player. Called alone, a player is a policy
that also chooses the defence itself (exact whenever both sides play the same player).

Why "strategic" never mixes: under the seed's arithmetic the attacker always ends on
``max(0, reserve - defence)`` and the defender on ``max(0, reserve - attack)``, whoever wins the
battle. Committing everything is therefore weakly dominant for both sides, and the best reply
to a full defence is to attack only when strictly ahead.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from printkit.games.tokentactics.engine import State, TokenTactics
from printkit.games.tokentactics.moves import FORTIFY, Move

Policy = Callable[[TokenTactics, State, random.Random], Move]


class Player:
    """The base player: subclasses choose the action and both commitments."""

    name = "player"

    def action(self, rules: TokenTactics, state: State, rng: random.Random) -> str:
        """``fortify`` or ``attack`` for the player to move (one of them is always legal)."""
        raise NotImplementedError

    def commit(self, rules: TokenTactics, state: State, rng: random.Random) -> int:
        """Tokens the player to move attacks with (minimum_attack to their reserve)."""
        raise NotImplementedError

    def defend(self, rules: TokenTactics, state: State, rng: random.Random) -> int:
        """Tokens the player not to move defends with (0 to their reserve)."""
        raise NotImplementedError

    def __call__(self, rules: TokenTactics, state: State, rng: random.Random) -> Move:
        return choose(rules, state, rng, self, self)


def choose(rules: TokenTactics, state: State, rng: random.Random, mover: Player, other: Player) -> Move:
    """The move when ``mover`` is to play and ``other`` would defend: action, commit, defence."""
    if mover.action(rules, state, rng) == "fortify":
        return FORTIFY
    commit = mover.commit(rules, state, rng)
    return Move("attack", commit, other.defend(rules, state, rng))


def pair(first: Policy, second: Policy) -> tuple[Policy, Policy]:
    """Policies for (first player, second player) where each defends with its own choice."""
    if not (isinstance(first, Player) and isinstance(second, Player)):
        return (first, second)
    players = (first, second)

    def seat(index: int) -> Policy:
        def policy(rules: TokenTactics, state: State, rng: random.Random) -> Move:
            return choose(rules, state, rng, players[index], players[1 - index])

        return policy

    return (seat(0), seat(1))


def _both_actions(rules: TokenTactics, state: State) -> list[str]:
    actions = ["fortify"] if rules.can_fortify(state) else []
    return actions + (["attack"] if rules.can_attack(state) else [])


class RandomPlayer(Player):
    """Uniform at each choice: the action (when both are legal), then the commitment, then the defence.

    Uniform over actions rather than over every legal move, else a random player would attack
    about 240 times out of 241.
    """

    name = "random"

    def action(self, rules: TokenTactics, state: State, rng: random.Random) -> str:
        actions = _both_actions(rules, state)
        return actions[rng.randrange(len(actions))] if len(actions) > 1 else actions[0]

    def commit(self, rules: TokenTactics, state: State, rng: random.Random) -> int:
        return rng.randint(rules.params.minimum_attack, state.reserves[state.to_move])

    def defend(self, rules: TokenTactics, state: State, rng: random.Random) -> int:
        return rng.randint(0, state.reserves[1 - state.to_move])


class StrategicPlayer(Player):
    """Best play under the seed's rules (see the module docstring): never random.

    Defends with everything; attacks with everything when strictly ahead (which wins at once
    against a full defence); otherwise fortifies while below the cap, and attacks only when
    forced (at the cap, or when the cap is reached and fortify is impossible).
    """

    name = "strategic"

    def action(self, rules: TokenTactics, state: State, rng: random.Random) -> str:
        actions = _both_actions(rules, state)
        mine, theirs = state.reserves[state.to_move], state.reserves[1 - state.to_move]
        if "attack" in actions and (mine > theirs or "fortify" not in actions):
            return "attack"
        return "fortify"

    def commit(self, rules: TokenTactics, state: State, rng: random.Random) -> int:
        return state.reserves[state.to_move]

    def defend(self, rules: TokenTactics, state: State, rng: random.Random) -> int:
        return state.reserves[1 - state.to_move]


class MixedPlayer(Player):
    """A human-like player who mixes: the seed's strategy tips, not the solution.

    Attacks with probability 1/2 plus half its relative lead (always when it cannot fortify),
    commits uniformly from the upper half of its reserve, and defends uniformly from the upper
    half of its reserve.
    """

    name = "mixed"

    def action(self, rules: TokenTactics, state: State, rng: random.Random) -> str:
        actions = _both_actions(rules, state)
        if len(actions) == 1:
            return actions[0]
        mine, theirs = state.reserves[state.to_move], state.reserves[1 - state.to_move]
        lead = (mine - theirs) / max(mine, theirs)
        return "attack" if rng.random() < 0.5 + lead / 2 else "fortify"

    def commit(self, rules: TokenTactics, state: State, rng: random.Random) -> int:
        mine = state.reserves[state.to_move]
        return rng.randint(max(rules.params.minimum_attack, (mine + 1) // 2), mine)

    def defend(self, rules: TokenTactics, state: State, rng: random.Random) -> int:
        theirs = state.reserves[1 - state.to_move]
        return rng.randint((theirs + 1) // 2, theirs)


PLAYERS: dict[str, Player] = {p.name: p for p in (RandomPlayer(), StrategicPlayer(), MixedPlayer())}
