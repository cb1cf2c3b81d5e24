"""Players by name, and playouts of a registered game: the fastest engine that plays the pair.

Every command that names a player resolves it here (:func:`resolve`): a game's own players, and ``mcts``
(printkit/rules/mcts.py), which every game has without a line of its own. ``simulate``, ``balance`` and
the benchmark play through :func:`play_games`: a game's ``kernel`` (fast, cross-checked against the
reference engine in its tests) plays the pairs it knows; ``fast_simulate`` plays random against random;
everything else runs through the reference engine.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from printkit.errors import PrintkitError
from printkit.rules.game import Policy, random_policy
from printkit.rules.mcts import NAME, PlayerNameError, search_player
from printkit.rules.simulate import Tally, simulate
from printkit.userinput.text import quoted


class UnknownPlayer(PrintkitError):
    """A player name the game does not have."""


def known(players: Mapping[str, Any]) -> list[str]:
    """The names a game's players answer to, sorted: its own and ``mcts``."""
    return sorted({*players, NAME})


def resolve(players: Mapping[str, Policy], name: str, game: str, flag: str = "--players") -> Policy:
    """The player ``name`` of a game whose own players are ``players``; an unknown or malformed name is one
    UnknownPlayer naming ``flag``. An ``mcts`` player plays its playouts with the game's own random player where the
    game has one (a turn drawn step by step costs far less than listing every move of it)."""
    if name in players:
        return players[name]
    try:
        found = search_player(name)
    except PlayerNameError as exc:
        raise UnknownPlayer(f"{flag}: {exc}") from None
    if found is None:
        raise UnknownPlayer(f"{flag}: unknown player {quoted(name)} for {game} (known: {', '.join(known(players))})")
    own = players.get("random")
    return found if own is None or own is random_policy else found.playing_out(own)


class Names(Mapping[str, Policy]):
    """A game's players by every name they answer to (``mcts:200`` included), for code that looks names up."""

    def __init__(self, spec: Any, flag: str = "--players") -> None:
        self.spec, self.flag = spec, flag

    def __getitem__(self, name: str) -> Policy:
        return resolve(self.spec.players, name, self.spec.name, self.flag)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and (name in self.spec.players or search_player(name) is not None)

    def __iter__(self) -> Iterator[str]:
        return iter(known(self.spec.players))

    def __len__(self) -> int:
        return len(known(self.spec.players))


def policies(spec: Any, names: tuple[str, str], flag: str = "--players") -> tuple[Any, Any]:
    """The two seats' policies for player names (combined where the game decides on both turns)."""
    pair = resolve(spec.players, names[0], spec.name, flag), resolve(spec.players, names[1], spec.name, flag)
    return spec.pair_players(*pair) if spec.pair_players is not None else pair


def play_games(spec: Any, params: Any, names: tuple[str, str], games: int, seed: int) -> Tally:
    """``games`` seeded games between the named players (seat order), by the fastest engine that plays them."""
    chosen = policies(spec, names)
    if spec.kernel is not None:
        tally = spec.kernel(params, names, games, seed)
        if tally is not None:
            return tally
    if names == ("random", "random") and spec.fast_simulate is not None:
        return spec.fast_simulate(params, games, seed)
    return simulate(spec.rules(params), chosen, games, seed, observe=spec.observe)
