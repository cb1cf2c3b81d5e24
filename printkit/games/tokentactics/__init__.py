"""Token Tactics: fortify or attack with secret commitments until a reserve is empty."""

from __future__ import annotations

from printkit.games.spec import GameSpec, lazy_kernel, lazy_kit
from printkit.games.tokentactics.abilities import abilities, without_ability
from printkit.games.tokentactics.analysis import (
    chips_needed,
    fast_simulate,
    observe,
    peak_percentile,
    perfect_play_winner,
    summarize,
)
from printkit.games.tokentactics.clarifications import clarifications
from printkit.games.tokentactics.engine import State, TokenTactics, resolve
from printkit.games.tokentactics.moves import FORTIFY, Move
from printkit.games.tokentactics.params import Params
from printkit.games.tokentactics.players import PLAYERS, pair
from printkit.games.tokentactics.terminal import play

__all__ = [
    "FORTIFY",
    "SPEC",
    "Move",
    "Params",
    "State",
    "TokenTactics",
    "chips_needed",
    "clarifications",
    "pair",
    "play",
    "resolve",
]


SPEC = GameSpec(
    name="tokentactics",
    title="Token Tactics",
    seed="004_a520edffd42cb51b.txt",
    params=Params,
    rules=TokenTactics,
    players=PLAYERS,
    fast_simulate=fast_simulate,
    kernel=lazy_kernel("printkit.games.tokentactics.kernel"),
    pair_players=pair,
    abilities=abilities,
    restrict_player=without_ability,
    summarize=summarize,
    observe=observe,
    play=play,
    strongest="strategic",
    kit=lazy_kit("printkit.games.tokentactics.kit"),
    extras={
        "chips_needed": chips_needed,
        "peak_percentile": peak_percentile,
        "perfect_play_winner": perfect_play_winner,
        "clarifications": clarifications,
    },
)
