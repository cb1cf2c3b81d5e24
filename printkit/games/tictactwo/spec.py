"""The registry's record of Tic Tac Two: its ``SPEC`` (parameters, rules, players, kit)."""

from __future__ import annotations

from printkit.games.tictactwo.abilities import abilities
from printkit.games.tictactwo.analysis import fast_simulate, observe
from printkit.games.tictactwo.clarifications import clarifications
from printkit.games.tictactwo.engine import TicTacTwo
from printkit.games.tictactwo.params import Params
from printkit.games.tictactwo.players import PLAYERS
from printkit.games.tictactwo.terminal import play
from printkit.rules.spec import GameSpec, lazy_kernel, lazy_kit

SPEC = GameSpec(
    abilities=abilities,
    name="tictactwo",
    title="Tic Tac Two",
    seed="003_005c91f7ab348a9c.txt",
    params=Params,
    rules=TicTacTwo,
    players=PLAYERS,
    fast_simulate=fast_simulate,
    kernel=lazy_kernel("printkit.games.tictactwo.fast"),
    observe=observe,
    play=play,
    strongest="greedy", marks=("X", "O"),
    kit=lazy_kit("printkit.games.tictactwo.kit"),
    extras={"clarifications": clarifications},
)
