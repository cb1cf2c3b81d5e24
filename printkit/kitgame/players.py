"""Players of a game with secret answers (:meth:`printkit.kitrules.Game.answers`), deciding in stages.

A move there is the mover's choice and another player's answer, made without seeing it. So a player is
asked twice: the mover's ``player_NAME(view, moves, rng)`` picks its own move, then, if the rules offer
answers to it, the answering seat's ``answer_NAME(view, answers, rng)`` (default: its ``player_NAME``)
picks the answer from the position before the move. :func:`pair` makes the two seats' policies, each
answering with its own player; called alone, a player answers for both sides. :func:`without_ability`
restricts the mover's stage only (``balance --abilities``).
"""

from __future__ import annotations

import random
from typing import Any, Callable

from printkit.kitgame.blame import short
from printkit.kitgame.engine import KitRules
from printkit.kitrules import Answered, Game

Policy = Callable[[Any, Any, random.Random], Any]


def has_answers(game_class: type[Game]) -> bool:
    """Whether the rules ask for secret answers (:meth:`Game.answers`): then players decide in stages."""
    return game_class.answers is not Game.answers


def _engine(rules: Any) -> KitRules:
    """The KitRules behind ``rules`` (restricted play hands players a wrapper)."""
    return rules if isinstance(rules, KitRules) else rules._rules


class StagedPlayer:
    """The designer's player ``name`` (``random``: uniform at each stage) as a policy that decides in stages."""

    def __init__(self, name: str, ability: str | None = None) -> None:
        self.name, self.ability = name, ability
        self.__name__ = f"player_{name}" + (f" without {ability}" if ability else "")

    def _method(self, game: Game, prefix: str) -> Callable[[Any, list[Any], random.Random], Any] | None:
        method = getattr(game, f"{prefix}{self.name}", None)
        return method if callable(method) else None

    def _ask(self, engine: KitRules, prefix: str, seat: int, state: Any, options: list[Any], rng: random.Random) -> Any:
        method = self._method(engine.game, prefix) or self._method(engine.game, "player_")
        if method is None:  # the built-in random player
            return options[rng.randrange(len(options))]
        seen = engine.view(state, seat)
        doing = f"player {self.name} choosing {'an answer ' if prefix == 'answer_' else ''}for {engine.player_names[seat]}"
        try:
            chosen = method(seen, options, rng)
        except BaseException as exc:  # the designer's code
            raise engine.blame(exc, doing) from None
        if chosen not in options:
            raise engine.fail(f"{prefix}{self.name} chose {short(chosen)}, which is not one of the {len(options)} "
                              f"{'answers' if prefix == 'answer_' else 'moves'} it was given")
        return chosen

    def choose(self, rules: Any, state: Any, rng: random.Random) -> Any:
        """The mover's own move (without the answer)."""
        engine = _engine(rules)
        seat = engine.current_player(state)
        moves = engine.player_moves(state, seat)
        if self.ability is not None:
            moves = [m for m in moves if not _uses(engine, self.ability, state, m)] or moves
        return self._ask(engine, "player_", seat, state, moves, rng)

    def answer(self, rules: Any, state: Any, move: Any, rng: random.Random) -> Any:
        """This player's secret answer to ``move`` (it sees ``state``, not ``move``)."""
        engine = _engine(rules)
        return self._ask(engine, "answer_", engine.answerer(state, move), state, engine.answers(state, move), rng)

    def __call__(self, rules: Any, state: Any, rng: random.Random) -> Any:
        return decide(rules, state, rng, self, lambda seat: self)


def _uses(engine: KitRules, ability: str, state: Any, move: Any) -> bool:
    try:
        return bool(getattr(engine.game, f"ability_{ability}")(state, move))
    except BaseException as exc:  # the designer's code
        raise engine.blame(exc, f"asking whether {short(move)} uses {ability}") from None


def staged(player: Any) -> bool:
    """Whether ``player`` decides in stages (``choose`` and ``answer``): the designer's players and ``mcts``."""
    return callable(getattr(player, "choose", None)) and callable(getattr(player, "answer", None))


def decide(rules: Any, state: Any, rng: random.Random, mover: Any, seat_player: Callable[[int], Any]) -> Any:
    """The whole move: ``mover``'s choice, then (if the rules ask for one) the answer of the answering seat's player."""
    move = mover.choose(rules, state, rng)
    engine = _engine(rules)
    if not engine.answers(state, move):
        return move
    answerer = seat_player(engine.answerer(state, move))
    if not staged(answerer):
        answerer = mover
    return Answered(move, answerer.answer(rules, state, move, rng))


def pair(*players: Any) -> tuple[Policy, ...]:
    """One policy per seat in which every secret answer comes from the answering seat's own player."""

    def seat(index: int) -> Policy:
        mover = players[index]
        if not staged(mover):
            return mover  # type: ignore[no-any-return]

        def policy(rules: Any, state: Any, rng: random.Random) -> Any:
            return decide(rules, state, rng, mover, lambda who: players[who])

        policy.__name__ = mover.__name__
        return policy

    return tuple(seat(i) for i in range(len(players)))


def without_ability(player: Any, ability: str) -> StagedPlayer:
    """``player`` never choosing a move that uses ``ability`` while it has another; its answers stay its own."""
    return StagedPlayer(player.name, ability)
