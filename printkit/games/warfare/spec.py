"""The registry's record of Tic Tac Warfare: its ``SPEC`` (parameters, rules, players, kit)."""

from __future__ import annotations

import random
from typing import Callable

from printkit.games.spec import GameSpec, lazy_kernel, lazy_kit
from printkit.games.warfare.abilities import abilities
from printkit.games.warfare.engine import State, Turn, WarfareRules
from printkit.games.warfare.params import Params
from printkit.games.warfare.players import greedy_policy, random_policy
from printkit.games.warfare.terminal import play
from printkit.rules.game import Outcome, Playout
from printkit.rules.simulate import Tally


def observe(tally: Tally, game: Playout) -> None:  # type: ignore[type-arg]
    """Count the ability cards played (the same ``extra`` counters as the fast kernel)."""
    for move in game.moves:
        if isinstance(move, Turn) and move.ability is not None:
            tally.extra[move.ability] += 1


def fast_simulate(params: Params, games: int, seed: int) -> Tally:
    """The numpy playout kernel (imported on use: replaying a log need not load numpy)."""
    from printkit.games.warfare.fast import fast_simulate as run

    return run(params, games, seed)


class SearchedRules(WarfareRules):
    """The engine, with the compiled kernel's random games from any position: the mcts player's playouts
    (printkit/rules/mcts.py)."""

    _playout: Callable[[State, int], tuple[Outcome, int]] | None = None

    def playout_from(self, state: State, rng: random.Random) -> tuple[Outcome, int]:
        if self._playout is None:
            from printkit.games.warfare.compiled import playouts

            self._playout = playouts(self.params)
        return self._playout(state, rng.getrandbits(32))


SPEC = GameSpec(
    abilities=abilities,
    name="warfare",
    title="Tic Tac Warfare",
    seed="000_1aa8353d7c29ab02.txt",
    params=Params,
    rules=SearchedRules,
    players={"random": random_policy, "greedy": greedy_policy},
    fast_simulate=fast_simulate,
    kernel=lazy_kernel("printkit.games.warfare.kernel"),
    restricted_kernel=lazy_kernel("printkit.games.warfare.kernel", "restricted"),
    observe=observe,
    kit=lazy_kit("printkit.games.warfare.kit"),
    play=play,
    strongest="greedy",
    marks=("X", "O"),
)
