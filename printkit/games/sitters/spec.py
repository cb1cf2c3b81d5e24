"""The registry's record of SiTTeRS (Simple Table Top Rule Set): its ``SPEC`` (parameters, rules, players, kit)."""

from __future__ import annotations

import random
from typing import Any

from printkit.games.sitters.abilities import abilities
from printkit.games.sitters.clarifications import clarifications
from printkit.games.sitters.engine import SittersRules
from printkit.games.sitters.params import Params, cell_kinds, theme_names
from printkit.games.sitters.players import PLAYERS
from printkit.games.sitters.scoring import score, score_table
from printkit.games.sitters.state import State
from printkit.games.sitters.terminal import play
from printkit.games.spec import GameSpec, lazy_kernel, lazy_kit
from printkit.rules.game import Outcome, Playout
from printkit.rules.simulate import Tally, simulate


def observe(tally: Tally, game: Playout[Any, Any]) -> None:
    """Counters: collector wins and draws, and sums of score, survivors, loot and turns.

    Divide a ``*_sum`` by the number of games for its mean.
    """
    final = game.final
    assert final is not None and game.outcome is not None
    tally.extra["collectors_won"] += int(game.outcome.winner == 0)
    tally.extra["draws"] += int(game.outcome.winner is None)
    tally.extra["score_sum"] += int(game.outcome.scores[0])
    tally.extra["survivors_sum"] += final.survivors
    tally.extra["loot_sum"] += final.loot
    tally.extra["turns_sum"] += final.turn + 1
    tally.extra[f"survivors_{final.survivors}"] += 1


def summarize(tally: Tally) -> dict[str, float]:
    """The collectors' win and draw rates and the means per game of score, survivors, loot, turns."""
    n = tally.games or 1
    figures = {"collectors_win_rate": tally.extra["collectors_won"] / n, "draw_rate": tally.extra["draws"] / n}
    for key in ("score", "survivors", "loot", "turns"):
        figures[f"mean_{key}"] = tally.extra[f"{key}_sum"] / n
    return figures


def fast_simulate(params: Params, games: int, seed: int) -> Tally:
    """Random against random with the observe counters (the engine is fast enough)."""
    players = (PLAYERS["random"], PLAYERS["random"])
    return simulate(SittersRules(params), players, games, seed, observe=observe)


class SearchedRules(SittersRules):
    """The engine, with random games from any position that the compiled kernel plays from the next roll on: the mcts
    player's playouts (printkit/rules/mcts.py)."""

    def playout_from(self, state: State, rng: random.Random) -> tuple[Outcome, int]:
        from printkit.games.sitters.kernel import playout_from

        return playout_from(self, state, rng)


SPEC = GameSpec(
    abilities=abilities,
    restricted_kernel=lazy_kernel("printkit.games.sitters.kernel", "restricted"),
    name="sitters",
    title="SiTTeRS",
    seed="002_247f853217ad7fb5.txt",
    params=Params,
    rules=SearchedRules,
    players=PLAYERS,
    fast_simulate=fast_simulate,
    kernel=lazy_kernel("printkit.games.sitters.kernel"),
    observe=observe,
    summarize=summarize,
    play=play,
    strongest="basic",
    kit=lazy_kit("printkit.games.sitters.kit"),
    extras={"cell_kinds": cell_kinds, "score_table": score_table, "score": score,
            "theme_names": theme_names, "clarifications": clarifications},
)
