"""Restricted play: one seat never uses one ability (while it has another move), the other seat plays in full."""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Callable

from printkit.errors import PrintkitError
from printkit.kitgame.cards import CARD_PREFIX, opening_hands
from printkit.rules.game import Playout, Policy
from printkit.rules.playouts import policies, resolve
from printkit.rules.simulate import Tally
from printkit.userinput.text import quoted

MoveTest = Callable[[Any, Any, Any], bool]
"""``uses(rules, state, move)``: whether a move uses an ability."""

TRIES = 25
"""Draws of the player's own policy before falling back to a uniform choice among the allowed moves."""


class RulesWithout:
    """The rules as a restricted player sees them: ``legal_moves`` lists only the moves that do not use the
    ability (all of them when every move does); everything else is the game's own rules. It hashes and
    compares as those rules, so what a player caches per rules object stays shared."""

    def __init__(self, rules: Any, uses: MoveTest) -> None:
        self._rules, self._uses = rules, uses

    def legal_moves(self, state: Any) -> Any:
        moves = self._rules.legal_moves(state)
        allowed = [m for m in moves if not self._uses(self._rules, state, m)]
        return allowed or moves

    def allows(self, state: Any, move: Any) -> bool:
        """Whether the restricted player may play ``move`` (for players that list their moves themselves)."""
        return not self._uses(self._rules, state, move)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)

    def __hash__(self) -> int:
        return hash(self._rules)

    def __eq__(self, other: object) -> bool:
        return self._rules == (other._rules if isinstance(other, RulesWithout) else other)


class NoAbilities(PrintkitError):
    """A game (or its parameters) without abilities to remove."""


def game_abilities(spec: Any, params: Any) -> dict[str, MoveTest]:
    """The abilities a game offers under ``params`` (empty when it has no hook)."""
    return dict(spec.abilities(params)) if spec.abilities is not None else {}


def without(policy: Policy, uses: MoveTest) -> Policy:
    """``policy`` that never plays a move using the ability while another legal move exists.

    The player chooses among the moves without the ability: it is handed :class:`RulesWithout`, so a
    player that looks at ``legal_moves`` (a random player, a greedy or heuristic one weighing every
    move), or lists its moves itself and asks ``rules.allows`` (Tic Tac Two's greedy player), picks
    from those, the best of them where it looks for the best. A player that builds its move
    in other ways and still uses the ability is drawn again (the same player conditioned on not using
    it); if it keeps choosing it, a uniform choice among the legal moves without it is made; if every
    legal move uses it (a forced move), the player's choice stands.
    """

    def restricted(rules: Any, state: Any, rng: random.Random) -> Any:
        seen = RulesWithout(rules, uses)
        move = policy(seen, state, rng)
        if not uses(rules, state, move):
            return move
        for _ in range(TRIES):
            again = policy(seen, state, rng)
            if not uses(rules, state, again):
                return again
        allowed = [m for m in rules.legal_moves(state) if not uses(rules, state, m)]
        return allowed[rng.randrange(len(allowed))] if allowed else move

    return restricted


PLAYED = "played|"
"""``extra`` counters of the full players' runs: ``played|card: Wish``, the moves that played each card."""
DEALT = "dealt|"
"""``extra`` counters of the full players' runs, by card and seat: ``dealt|card: Wish|1`` the games whose seat 1 held
Wish in its opening hand, ``dealt_points|card: Wish|1`` that seat's points in them (a win 2, a draw 1: whole numbers,
so chunks add up exactly)."""
DEALT_POINTS = "dealt_points|"


def count_seats(observe: Callable[[Tally, Any], None] | None, cards: dict[str, MoveTest] | None = None) -> Callable[[Tally, Any], None]:
    """The game's own counters plus the wins of each seat (``seat_1_wins``, ``seat_2_wins``) and, with ``cards``
    (name -> test of a move alone), the moves that played each card (``played|NAME``)."""

    def counted(tally: Tally, game: Playout) -> None:  # type: ignore[type-arg]
        if observe is not None:
            observe(tally, game)
        winner = game.outcome.winner if game.outcome is not None else None
        if winner is not None:
            tally.extra[f"seat_{winner + 1}_wins"] += 1
        for name, uses in (cards or {}).items():
            tally.extra[PLAYED + name] += sum(1 for move in game.moves if uses(None, None, move))
        if cards:
            _count_dealt(tally, game, cards)

    return counted


def _count_dealt(tally: Tally, game: Playout, cards: dict[str, MoveTest]) -> None:  # type: ignore[type-arg]
    """The cards each seat was dealt in its opening hand (a game with hands: ``Game.private``) and its points there."""
    hands = opening_hands(game.rules, game.moves)
    winner = game.outcome.winner if game.outcome is not None else None
    for seat, hand in enumerate(hands or ()):
        points = 1 if winner is None else 2 * (winner == seat)
        for name in cards:
            if name[len(CARD_PREFIX):] in hand:
                tally.extra[f"{DEALT}{name}|{seat + 1}"] += 1
                tally.extra[f"{DEALT_POINTS}{name}|{seat + 1}"] += points


def restricted_spec(spec: Any, params: Any, names: tuple[str, str], restrict: tuple[int, str] | None) -> Any:
    """A spec whose players ``first-seat`` and ``second-seat`` are ``names`` with ``restrict`` applied.

    It runs on the reference engine (see ``KitGame.restricted_kernel`` for the fast path) and counts seat wins.
    """
    seats = list(policies(spec, names))
    cards = None
    if restrict is None:  # the full players: count what each card is played
        cards = {name: test for name, test in game_abilities(spec, params).items() if name.startswith(CARD_PREFIX)}
    else:
        seat, ability = restrict
        tests = game_abilities(spec, params)
        if ability not in tests:
            raise NoAbilities(f"{spec.name} has no ability {quoted(ability)} (abilities: {', '.join(tests) or 'none'})")
        players = [resolve(spec.players, name, spec.name) for name in names]
        if hasattr(players[seat], "without"):  # a player that restricts itself (mcts: in its search too)
            players[seat] = players[seat].without(tests[ability])
            seats = list(spec.pair_players(*players) if spec.pair_players is not None else players)
        elif spec.restrict_player is not None:
            players[seat] = spec.restrict_player(players[seat], ability)
            seats = list(spec.pair_players(*players) if spec.pair_players is not None else players)
        else:
            seats[seat] = without(seats[seat], tests[ability])
    return dataclasses.replace(spec, players={"first-seat": seats[0], "second-seat": seats[1]}, kernel=None,
                               fast_simulate=None, pair_players=None, observe=count_seats(spec.observe, cards))
