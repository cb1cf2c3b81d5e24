"""A kit folder's rules.py as a game the commands play (replay, play, simulate, balance, verify): its players,
abilities, terminal play and kernels.

:func:`kit_game` makes the :class:`KitGame` in any process from the :class:`KitRef` alone (a pool or Dask worker
rebuilds it from the snapshot the ref carries), cached per process; :func:`packaged_game` makes a built-in game's from
its kit folder, with config.toml's parameters and its ``[hooks]`` kernels.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Mapping

from printkit.guard.limits import Limits, bounded
from printkit.guard.watchdog import unwatched
from printkit.kitgame.blame import RulesError, short
from printkit.kitgame.cards import CARD_PREFIX, card_test, dealt_cards
from printkit.kitgame.dialogue import has_dialogue, run_dialogue
from printkit.kitgame.engine import KitRules, notation_of, playouts, random_player
from printkit.kitgame.players import StagedPlayer, ability_method, has_answers, has_uses, pair, takes_moves, without_ability
from printkit.kitgame.setup import KitSetup
from printkit.kitgame.source import KitRef, kit_hook, kit_ref, loaded, packaged_module
from printkit.kitgame.terminal import play_answered
from printkit.kitrules import Game
from printkit.params import ParamSet
from printkit.rules.game import Policy, Rules
from printkit.rules.playouts import UnknownPlayer, resolve
from printkit.rules.seats import computer_seat
from printkit.rules.simulate import Tally
from printkit.rules.terminal import Console, GameLog, play_game

PLAYER_PREFIX, ABILITY_PREFIX = "player_", "ability_"


@dataclass(frozen=True)
class KitGame:
    """A kit folder's game as the commands play it (replay, play, simulate, balance, verify): its parameters, rules,
    players, kernels, terminal and kit. ``params`` is its parameters' class (a built-in game's: its defaults are the seed's
    rules), or :class:`KitSetup` for a designer's kit."""

    name: str
    title: str
    seed: str
    params: type
    rules: Callable[[Any], Rules[Any, Any]]
    players: Mapping[str, Policy]
    """Named players for simulate/play; must include "random"."""
    fast_simulate: Callable[[Any, int, int], Tally] | None = None
    """Optional fast random-vs-random kernel: (params, games, seed) -> Tally."""
    kernel: Callable[[Any, tuple[str, str], int, int], Tally | None] | None = None
    """Optional fast playouts of named players: (params, (seat 1, seat 2), games, seed) -> Tally, or None
    when it does not play that pair (the reference engine then does). See printkit/rules/playouts.py."""
    pair_players: Callable[[Policy, Policy], tuple[Policy, Policy]] | None = None
    """Optional: combine two seats' policies (games where a player also decides on the other's turn)."""
    observe: Callable[[Tally, Any], None] | None = None
    """Optional per-game counters for simulate (e.g. how often a cap was reached)."""
    summarize: Callable[[Any, Tally], Mapping[str, float]] | None = None
    """Optional: ``summarize(params, tally)``, figures derived from a tally's counters (means, rates) for simulate's
    report."""
    kit: Callable[..., Any] | None = None
    play: Callable[..., int] | None = None
    """Optional terminal game: ``play(params, *, input_stream, output_stream, seed, seat, player, log, read_secret)``
    (see printkit/rules/terminal.py)."""
    strongest: str = "random"
    """The player the computer plays by default in a terminal game."""
    marks: tuple[str, ...] = ()
    """Short names of the seats besides ``player_names`` (e.g. X and O), accepted by ``--side``."""
    abilities: Callable[[Any], Mapping[str, Callable[[Any, Any, Any], bool]]] | None = None
    """Optional, for restricted play (``balance --abilities``): ``abilities(params)`` -> ability name -> a test
    ``uses(rules, state, move) -> bool`` saying whether a move of the player to move uses that ability."""
    restrict_player: Callable[[Any, str], Any] | None = None
    """Optional, for games whose players choose in stages (``pair_players``): ``restrict_player(player, ability)``
    is the player never using the ability while it has another choice, restricted at the stage the ability
    belongs to (instead of :func:`printkit.balance.restrict.without` drawing the whole move again)."""
    restricted_kernel: Callable[[Any, tuple[str, str], int, int, tuple[int, str] | None], Tally | None] | None = None
    """Optional fast restricted play for ``balance --abilities``: ``(params, names, games, seed, restrict)`` with
    ``restrict`` = (seat, ability) or None (both seats in full), counting each seat's wins (``seat_1_wins``,
    ``seat_2_wins``) besides the game's own counters; None for a case it does not play (the reference engine
    then does, through :func:`printkit.balance.restrict.without`, whose moves it must follow in distribution)."""
    extras: Mapping[str, Any] = field(default_factory=dict)


_SPECS: dict[tuple[Any, ...], KitGame] = {}


def kit_game(ref: KitRef) -> KitGame:
    """The game of a kit folder with rules (made once per process and folder)."""
    if ref.key not in _SPECS:
        _SPECS[ref.key] = _spec(ref)
    return _SPECS[ref.key]


def _named(cls: type, prefix: str) -> list[str]:
    return sorted(name[len(prefix):] for name in dir(cls) if name.startswith(prefix) and callable(getattr(cls, name)))


def setup_of(params: Any, name: str = "", title: str = "") -> KitSetup:
    """What the rules are made from: a kit folder's setup as it is, or a built-in game's parameters alone (its rules
    read no data files)."""
    return params if isinstance(params, KitSetup) else KitSetup(name, title, params, {}, {}, {}, ())


def _spec(ref: KitRef) -> KitGame:
    code = loaded(ref)
    cls, folder = code.game, code.folder

    def rules(params: KitSetup | Any) -> KitRules:
        engine = KitRules(cls, setup_of(params, ref.display, cls.__name__), folder, ref.display, ref.rules_name)
        if cls.playout or own_random:
            engine.playout_policy = players[cls.playout or "random"]
        return engine

    staged = has_answers(cls)  # secret answers: players decide in stages (kitgame.players)
    players: dict[str, Any] = {"random": StagedPlayer("random") if staged else random_player}
    players.update({name: StagedPlayer(name) if staged else _designer_player(name) for name in _named(cls, PLAYER_PREFIX)})
    own_random = "random" in _named(cls, PLAYER_PREFIX)  # the game's own random player plays the search's playouts
    strongest = cls.strongest or list(players)[-1]
    if strongest not in players:
        raise RulesError(f"{ref.rules_name}: strongest = {strongest!r} is not a player (players: {', '.join(players)})")
    if cls.playout and cls.playout not in players:
        raise RulesError(f"{ref.rules_name}: playout = {cls.playout!r} is not a player (players: {', '.join(players)})")

    def kernel(setup: KitSetup | Any, names: tuple[str, str], games: int, seed: int) -> Tally:
        engine = rules(setup)
        if engine.players != len(names):
            raise RulesError(f"{ref.rules_name}: a game of {engine.players} players: simulate and balance seat two players "
                             "(replay, play and verify take any count)")
        chosen = [resolve(players, n, ref.display) for n in names]
        with bounded(ref.limits):
            return playouts(engine, pair(*chosen) if staged else chosen, games, seed)

    def ability_tests(setup: KitSetup | Any) -> Mapping[str, Callable[[Any, Any, Any], bool]]:
        """The designer's abilities, then each distinct card the rules deal (``card: Wish``, printkit.kitgame.cards)."""
        engine = rules(setup)
        tests = {name: _ability_test(name) for name in engine.call(engine.game.abilities, "in abilities()")}
        decks = engine.setup.decks
        if decks:
            for label in dealt_cards(decks, tuple(cls.aids), engine.initial_state()):
                tests[CARD_PREFIX + label] = card_test(label)
        return tests

    def observe(tally: Tally, game: Any) -> None:
        """The designer's counters of a finished game, in ``simulate``'s tally (the reference engine's playouts)."""
        _engine(game.rules).count(tally, game.final)

    return KitGame(name=ref.display, title=cls.__name__, seed="", params=KitSetup, rules=rules, players=players,
                    kernel=kernel, abilities=ability_tests,
                    play=_terminal(rules, players), strongest=strongest, marks=tuple(cls.marks), observe=observe,
                    summarize=_summarize(rules) if cls.summary is not Game.summary else None,
                    extras={"kit": ref, "ability_hooks": bool(_named(cls, ABILITY_PREFIX)) or has_uses(cls)},
                    pair_players=pair if staged else None,
                    restrict_player=without_ability if staged else None)


def _summarize(rules: Callable[[Any], KitRules]) -> Callable[[Any, Tally], dict[str, float]]:
    """``summarize(setup, tally)``: the designer's figures over the games of ``tally`` (``Game.summary``)."""

    def summarize(setup: Any, tally: Tally) -> dict[str, float]:
        engine = rules(setup)
        figures = engine.call(lambda: engine.game.summary(Counter(tally.extra), tally.games), "in summary()")
        if not isinstance(figures, Mapping) or not all(isinstance(k, str) and isinstance(v, (int, float))
                                                        and not isinstance(v, bool) for k, v in figures.items()):
            raise engine.fail(f"summary() returned {short(figures)}: expected a dict of names to numbers")
        return {key: float(value) for key, value in figures.items()}

    return summarize


def packaged_game(folder: Path, name: str, title: str, params: type, hooks: Mapping[str, str], rules_file: str,
                  kit: Callable[[Any, Any], Any], seed: str = "", limits: Limits | None = None) -> KitGame:
    """A built-in game: its kit folder shipped in printkit played as any kit folder, its parameters from config.toml
    (``params``: their class), its ``[hooks]`` kernels playing the games they can (the players they do not know are
    played by the rules: ``printkit.rules.playouts``), its code under ``limits`` as a designer's is (kit.toml's
    ``[game] time_limit`` and ``memory_limit``)."""
    ref = kit_ref(folder, name, rules_file, f"{name}/kit.toml", limits)
    spec = kit_game(ref)
    fast, restricted = (_lazy_hook(folder, name, hooks[key], f"hooks.{key}") if key in hooks else None
                        for key in ("kernel", "restricted_kernel"))
    playout = _playout_hook(folder, name, hooks["playout_from"]) if "playout_from" in hooks else None

    def rules(values: Any) -> KitRules:
        engine: KitRules = spec.rules(setup_of(values, name, title))  # type: ignore[assignment]
        engine.kernel_playout = playout
        return engine

    def random_games(setup: Any, games: int, seed: int) -> Tally | None:
        return fast(setup, ("random", "random"), games, seed) if fast is not None else None

    def kernel(setup: Any, names: tuple[str, str], games: int, seed: int) -> Tally | None:
        """The ``[hooks] kernel``'s games where it plays the pair, else the rules' playouts (as a designer's kit's: the
        ``mcts`` player's games too); None for a name that is no player of the game, or parameters that do not fit
        together (``check()``: config.toml and ``--set`` refuse them)."""
        if isinstance(setup, ParamSet) and setup.check():
            return None
        made = fast(setup, names, games, seed) if fast is not None else None
        if made is not None:
            return made
        try:
            for player in names:
                resolve(spec.players, player, name)
        except UnknownPlayer:
            return None
        return spec.kernel(setup, names, games, seed)  # type: ignore[misc]

    return replace(spec, name=name, title=title, seed=seed, params=params, rules=rules, kernel=kernel,
                   fast_simulate=random_games if fast is not None else None, restricted_kernel=restricted,
                   play=_terminal(rules, spec.players), kit=kit)


def _lazy_hook(folder: Path, name: str, written: str, key: str, source: str | None = None) -> Callable[..., Any]:
    """A kernel ``[hooks]`` names, imported when first called (its numpy and numba load only to play) and not timed by
    the watchdog (:func:`printkit.guard.watchdog.unwatched`: its first call compiles for seconds, each plays a chunk of
    games; the rules it stands for are, and tests keep the two in step). ``source``: the kit.toml its errors name."""
    where = source or f"{name}/kit.toml"

    def call(*args: Any) -> Any:
        with unwatched():
            return kit_hook(folder, name, written, where, key)(*args)

    return call


def _playout_hook(folder: Path, name: str, written: str, source: str | None = None) -> Callable[..., Any]:
    """``[hooks] playout_from``: its first call as a kernel's (:func:`_lazy_hook`: it imports and compiles), the others
    straight to the function (a playout takes microseconds, and a search plays thousands)."""
    key, where = "hooks.playout_from", source or f"{name}/kit.toml"
    first = _lazy_hook(folder, name, written, key, where)
    found: list[Callable[..., Any]] = []

    def call(*args: Any) -> Any:
        if found:
            return found[0](*args)
        result = first(*args)
        found.append(kit_hook(folder, name, written, where, key))
        return result

    return call


def shipped_playout(folder: Path, display: str, hooks: Mapping[str, str], source: str) -> Callable[..., Any] | None:
    """A built-in game's ``[hooks] playout_from`` when its kit folder is opened as any kit folder's is (the browser
    table opens built-in games so): the compiled playouts of a kit shipped in printkit, None for any other kit (a
    designer's Python runs watched, and a kernel is not: ``packaged_game`` and this are the only places that call one)."""
    written = hooks.get("playout_from")
    if written is None or packaged_module(folder / written.partition(":")[0]) is None:
        return None
    return _playout_hook(folder, display, written, source)


def _engine(rules: Any) -> KitRules:
    """The KitRules behind ``rules`` (restricted play hands players a wrapper)."""
    return rules if isinstance(rules, KitRules) else rules._rules


def _designer_player(name: str) -> Callable[[Any, Any, random.Random], Any]:
    """The engine's player for the designer's ``player_NAME(view, moves, rng)``, or ``player_NAME(view, rng)`` (a
    player choosing without the list of legal moves: its move is checked when it is played)."""

    listing: dict[type, bool] = {}  # by game class: whether its player takes the legal moves

    def play(rules: Any, state: Any, rng: random.Random) -> Any:
        engine = _engine(rules)
        seat = engine.current_player(state)
        method = getattr(engine.game, PLAYER_PREFIX + name)
        listed = listing.get(type(engine.game))
        if listed is None:
            listed = listing[type(engine.game)] = takes_moves(method)
        moves = list(rules.legal_moves(state)) if listed else []
        seen = engine.view(state, seat)
        engine.game.allowed = getattr(rules, "allows", None)  # restricted play: what the player may play
        try:
            move = method(seen, moves, rng) if listed else method(seen, rng)
        except BaseException as exc:  # the designer's code
            raise engine.blame(exc, f"player {name} choosing for {engine.player_names[seat]}") from None
        finally:
            engine.game.allowed = None
        if listed and not engine.call(lambda: move in moves, lambda: f"player {name} choosing for {engine.player_names[seat]}"):
            raise engine.fail(f"player_{name} chose {short(move)}, which is not one of the legal moves it was given")
        return move

    play.__name__ = f"player_{name}"
    return play


def _ability_test(name: str) -> Callable[[Any, Any, Any], bool]:
    """``uses(rules, state, move)`` for the designer's ``ability_NAME(state, move)``."""

    def uses(rules: Any, state: Any, move: Any) -> bool:
        engine = _engine(rules)
        method = ability_method(engine.game, name)
        try:
            return bool(method(state, move))
        except BaseException as exc:  # the designer's code
            raise engine.blame(exc, f"asking whether {short(notation_of(engine.game, state, move))} uses {name}") from None

    return uses


def _terminal(rules: Callable[[Any], KitRules], players: Mapping[str, Any]) -> Callable[..., int]:
    """``printkit play --kit``: the shared terminal game, each player shown what they may see."""

    def play(setup: KitSetup, *, input_stream: Any, output_stream: Any, seed: int | None = None, seat: int | None = None,
             player: str | None = None, log: Any = None, read_secret: Any = None, computer: str | None = None) -> int:
        console = Console(input_stream, output_stream)
        engine = rules(setup)
        title = engine.setup.title
        if seat is None and computer is not None:  # the older keyword: the computer's side (1/2, a mark or a name)
            seat = computer_seat(engine.player_names, computer, engine.game.marks)
        player = player or engine.game.strongest or list(players)[-1]
        log = log if log is not None else GameLog(None)
        computer = resolve(players, player, title, "--computer") if seat is not None else None
        if has_dialogue(engine.game, seat):  # the designer's own wording
            return run_dialogue(engine, console=console, seat=seat, player=player, seed=seed, log=log,
                                read_secret=read_secret, title=title)
        seating = "two players" if seat is None else f"the computer ({player}) plays {engine.player_names[seat]}"
        greeting = engine.call(lambda: engine.game.greeting(seating), "in greeting()")
        if greeting is not None:  # None: no greeting line, the game starts with the position
            console.say(greeting or f"---- {title} ----")
        if has_answers(type(engine.game)):  # secret answers: asked in stages
            return play_answered(engine, console=console, seat=seat, policy=computer, seed=seed, log=log,
                                 read_secret=read_secret)
        return play_game(engine, console=console, seat=seat, policy=computer, seed=seed, log=log, marks=engine.game.marks,
                         hint=engine.game.hint)

    return play
