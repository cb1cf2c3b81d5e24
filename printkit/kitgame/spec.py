"""A kit folder with rules as a game the commands play: replay, play, simulate, balance, verify.

:func:`open_kit` reads the folder once (kit.toml with ``--set``, its data, rules.py);
:func:`kit_game` makes the :class:`GameSpec` in any process from the :class:`KitRef` alone (a pool or
Dask worker rebuilds it from the snapshot the ref carries), cached per process.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, Mapping

from printkit.games.spec import GameSpec
from printkit.guard.limits import bounded
from printkit.kitgame.blame import RulesError, short
from printkit.kitgame.cards import CARD_PREFIX, card_test, dealt_cards
from printkit.kitgame.engine import KitRules, notation_of, playouts, random_player
from printkit.kitgame.players import StagedPlayer, has_answers, pair, without_ability
from printkit.kitgame.setup import KitSetup, kit_setup
from printkit.kitgame.source import KitRef, kit_ref, loaded
from printkit.rules.playouts import resolve
from printkit.rules.simulate import Tally

if TYPE_CHECKING:  # the data layer is imported when a kit folder is read
    from printkit.datakit.load import KitFolder

PLAYER_PREFIX, ABILITY_PREFIX = "player_", "ability_"


@dataclass(frozen=True)
class OpenKit:
    """A kit folder read for playing: its ref (the code), its setup (the data) and its spec."""

    ref: KitRef
    setup: KitSetup
    spec: GameSpec

    def rules(self) -> KitRules:
        return self.spec.rules(self.setup)  # type: ignore[return-value]


def open_kit(folder: str, sets: tuple[str, ...] = ()) -> OpenKit:
    """The kit folder ``folder`` read with ``--set`` items; a kit without ``[game] rules`` is one clear error."""
    from printkit.datakit.load import load_kit

    return open_loaded(load_kit(folder, sets), sets)


def open_loaded(kit: KitFolder, sets: tuple[str, ...] = ()) -> OpenKit:
    """A kit folder already read (kit.toml validated) opened for playing."""
    if kit.spec.game_rules is None:
        raise RulesError(f"{kit.spec.source}: no [game] rules: this kit is printed from data only; add `[game] rules = \"rules.py\"` "
                         "to play it (printkit new DIR --rules starts a game with rules)")
    ref = kit_ref(kit.path, kit.display, kit.spec.game_rules, kit.spec.source, kit.spec.code_limits)
    setup = kit_setup(kit, sets)
    spec = replace(kit_game(ref), name=setup.name, title=setup.title)
    spec.rules(setup)  # the designer's __init__ and names run once here: their errors come before any work
    return OpenKit(ref, setup, spec)


_SPECS: dict[tuple[Any, ...], GameSpec] = {}


def kit_game(ref: KitRef) -> GameSpec:
    """The game of a kit folder with rules (made once per process)."""
    if ref.key not in _SPECS:
        _SPECS[ref.key] = _spec(ref)
    return _SPECS[ref.key]


def _named(cls: type, prefix: str) -> list[str]:
    return sorted(name[len(prefix):] for name in dir(cls) if name.startswith(prefix) and callable(getattr(cls, name)))


def _spec(ref: KitRef) -> GameSpec:
    code = loaded(ref)
    cls, folder = code.game, code.folder

    def rules(setup: KitSetup) -> KitRules:
        engine = KitRules(cls, setup, folder, ref.display, ref.rules_name)
        if cls.playout:
            engine.playout_policy = players[cls.playout]
        return engine

    staged = has_answers(cls)  # secret answers: players decide in stages (kitgame.players)
    players: dict[str, Any] = {"random": StagedPlayer("random") if staged else random_player}
    players.update({name: StagedPlayer(name) if staged else _designer_player(name) for name in _named(cls, PLAYER_PREFIX)})
    strongest = cls.strongest or list(players)[-1]
    if strongest not in players:
        raise RulesError(f"{ref.rules_name}: strongest = {strongest!r} is not a player (players: {', '.join(players)})")
    if cls.playout and cls.playout not in players:
        raise RulesError(f"{ref.rules_name}: playout = {cls.playout!r} is not a player (players: {', '.join(players)})")
    abilities = _named(cls, ABILITY_PREFIX)

    def kernel(setup: KitSetup, names: tuple[str, str], games: int, seed: int) -> Tally:
        engine = rules(setup)
        if engine.players != len(names):
            raise RulesError(f"{ref.rules_name}: a game of {engine.players} players: simulate and balance seat two players "
                             "(replay, play and verify take any count)")
        chosen = [resolve(players, n, ref.display) for n in names]
        with bounded(ref.limits):
            return playouts(engine, pair(*chosen) if staged else chosen, games, seed)

    def ability_tests(setup: KitSetup) -> Mapping[str, Callable[[Any, Any, Any], bool]]:
        """The designer's abilities, then each distinct card the rules deal (``card: Wish``, printkit.kitgame.cards)."""
        tests = {name: _ability_test(name) for name in abilities}
        decks = getattr(setup, "decks", None)  # Token Tactics' spec hands its own Params: no decks to deal
        if decks:
            for label in dealt_cards(decks, tuple(cls.aids), rules(setup).initial_state()):
                tests[CARD_PREFIX + label] = card_test(label)
        return tests

    return GameSpec(name=ref.display, title=cls.__name__, seed="", params=KitSetup, rules=rules, players=players,
                    kernel=kernel, abilities=ability_tests, play=_terminal(rules, players),
                    strongest=strongest, extras={"kit": ref}, pair_players=pair if staged else None,
                    restrict_player=without_ability if staged else None)


def _engine(rules: Any) -> KitRules:
    """The KitRules behind ``rules`` (restricted play hands players a wrapper)."""
    return rules if isinstance(rules, KitRules) else rules._rules


def _designer_player(name: str) -> Callable[[Any, Any, random.Random], Any]:
    """The engine's player for the designer's ``player_NAME(view, moves, rng)``."""

    def play(rules: Any, state: Any, rng: random.Random) -> Any:
        engine = _engine(rules)
        seat = engine.current_player(state)
        moves = list(rules.legal_moves(state))
        seen = engine.view(state, seat)
        method = getattr(engine.game, PLAYER_PREFIX + name)
        try:
            move = method(seen, moves, rng)
        except BaseException as exc:  # the designer's code
            raise engine.blame(exc, f"player {name} choosing for {engine.player_names[seat]}") from None
        if move not in moves:
            raise engine.fail(f"player_{name} chose {short(move)}, which is not one of the legal moves it was given")
        return move

    play.__name__ = f"player_{name}"
    return play


def _ability_test(name: str) -> Callable[[Any, Any, Any], bool]:
    """``uses(rules, state, move)`` for the designer's ``ability_NAME(state, move)``."""

    def uses(rules: Any, state: Any, move: Any) -> bool:
        engine = _engine(rules)
        method = getattr(engine.game, ABILITY_PREFIX + name)
        try:
            return bool(method(state, move))
        except BaseException as exc:  # the designer's code
            raise engine.blame(exc, f"asking whether {short(notation_of(engine.game, state, move))} uses {name}") from None

    return uses


def _terminal(rules: Callable[[KitSetup], KitRules], players: Mapping[str, Any]) -> Callable[..., int]:
    """``printkit play --kit``: the shared terminal game, each player shown what they may see."""

    def play(setup: KitSetup, *, input_stream: Any, output_stream: Any, seed: int | None, seat: int | None, player: str,
             log: Any, read_secret: Any = None) -> int:
        from printkit.kitgame.dialogue import has_dialogue, run_dialogue
        from printkit.rules.terminal import Console, play_game

        console = Console(input_stream, output_stream)
        engine = rules(setup)
        computer = resolve(players, player, setup.name, "--computer") if seat is not None else None
        if has_dialogue(engine.game):  # the designer's own wording
            return run_dialogue(engine, console=console, seat=seat, player=player, seed=seed, log=log,
                                read_secret=read_secret, title=setup.title)
        console.say(f"---- {setup.title} ----")
        if has_answers(type(engine.game)):  # secret answers: asked in stages
            from printkit.kitgame.terminal import play_answered

            return play_answered(engine, console=console, seat=seat, policy=computer, seed=seed, log=log,
                                 read_secret=read_secret)
        return play_game(engine, console=console, seat=seat, policy=computer, seed=seed, log=log)

    return play


__all__ = ["OpenKit", "kit_game", "kit_ref", "open_kit"]
