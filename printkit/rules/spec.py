"""What the registry knows of a game: its parameters, rules, players and kit."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from printkit.rules.game import Policy, Rules
from printkit.rules.simulate import Tally


@dataclass(frozen=True)
class GameSpec:
    """One game. ``params`` is a frozen dataclass whose defaults are the seed's rules."""

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

