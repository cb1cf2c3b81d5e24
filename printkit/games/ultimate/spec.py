"""The registry's record of Ultimate Tic-Tac-Toe: its ``SPEC`` (parameters, rules, players, kit)."""

from __future__ import annotations

from printkit.games.ultimate.abilities import abilities
from printkit.games.ultimate.board import cell_kinds, score_table
from printkit.games.ultimate.clarifications import clarifications
from printkit.games.ultimate.engine import UltimateRules
from printkit.games.ultimate.params import Params
from printkit.games.ultimate.players import PLAYERS, fast_simulate, observe, summary
from printkit.games.ultimate.terminal import play
from printkit.rules.spec import GameSpec, lazy_kernel, lazy_kit

SPEC = GameSpec(
    abilities=abilities,
    restricted_kernel=lazy_kernel("printkit.games.ultimate.kernel", "restricted"),
    name="ultimate",
    title="Ultimate Tic-Tac-Toe",
    seed="001_13b6a92f50f535d8.txt",
    params=Params,
    rules=UltimateRules,
    players=PLAYERS,
    fast_simulate=fast_simulate,
    kernel=lazy_kernel("printkit.games.ultimate.kernel"),
    observe=observe,
    play=play,
    strongest="greedy", marks=("X", "O"),
    kit=lazy_kit("printkit.games.ultimate.kit"),
    summarize=summary,
    extras={
        "cell_kinds": cell_kinds,
        "score_table": score_table,
        "clarifications": clarifications,
        "summary": summary,
    },
)
