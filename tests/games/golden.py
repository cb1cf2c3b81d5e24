"""Golden traces (OpenSpiel's playthroughs, for printkit): one game of each built-in game's kernel, move by move, as its
rules.py replays it: the move's notation, how many legal moves the position had, and the position after it as
``replay --json`` writes it. tests/games/test_golden_traces.py plays the kernel again with the same seed and replays
the moves through rules.py: a kernel or a rules.py that drifts from the other, or from the trace, fails there.

Regenerate a trace only when the rules change on purpose: ``python -m tests.games.golden GAME``.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any

from printkit.games import get_game, params_class
from printkit.rules.game import CHANCE

DATA = Path(__file__).resolve().parent.parent / "data"
PLAYERS = ("greedy", "random")
SEED = 7
GAME_PLAYERS = {"sitters": ("basic", "random"), "tokentactics": ("mixed", "random")}
"""A game without a greedy player (or whose strongest kernel player has another name): the pair its trace plays."""
CHANCE_UNLISTED = {"sitters"}
"""Games whose trace was recorded when their engine listed no legal moves at chance's turn (SiTTeRS' rolls, before its
rules.py): a roll counts 0 legal moves before it, as written there (chance's outcomes are in the rules' odds)."""


def players(game: str) -> tuple[str, str]:
    """The pair of players a game's trace is played by."""
    return GAME_PLAYERS.get(game, PLAYERS)


RECORDERS: dict[str, tuple[str, str, str]] = {
    "sitters": ("printkit.games.sitters.kernel", "run", "record"),
    "tictactwo": ("printkit.games.tictactwo.fast", "run", "record"),
    "tokentactics": ("printkit.games.tokentactics.kernel", "run", "record_moves"),
    "ultimate": ("printkit.games.ultimate.kernel", "run", "record"),
    "warfare": ("printkit.games.warfare.kernel", "greedy_run", "record"),
}
"""Each game with a trace: its kernel (module, function, the keyword that records the games' moves as rules.py takes
them), whose one recorded game with the default parameters is the trace."""


def path(game: str) -> Path:
    return DATA / game / "golden_trace.txt"


def trace(game: str, moves: list[Any]) -> str:
    """The trace of ``moves`` replayed by the game's rules.py from the start."""
    spec = get_game(game)
    rules = spec.rules(params_class(game)())
    state = rules.initial_state()
    first, second = players(game)
    lines = [f"# {spec.title}: one game of its kernel ({first} against {second}, seed {SEED}), replayed by rules.py.",
             f"# Regenerate only when the rules change on purpose: python -m tests.games.golden {game}",
             "# move number | notation | legal moves before it | the position after it (replay --json)"]
    for number, move in enumerate(moves, start=1):
        text, legal = rules.format_move(state, move), len(rules.legal_moves(state))
        if game in CHANCE_UNLISTED and rules.current_player(state) == CHANCE:
            legal = 0
        state = rules.apply(state, move)
        lines.append(f"{number} | {text} | {legal} | {json.dumps(rules.state_json(state), sort_keys=True)}")
    outcome = rules.outcome(state)
    assert outcome is not None, "the kernel's game ended before the rules say it did"
    winner = "draw" if outcome.winner is None else f"{rules.player_names[outcome.winner]} wins"
    lines.append(f"result: {winner} ({outcome.reason}), scores {outcome.scores}")
    return "\n".join(lines) + "\n"


def recorded(game: str) -> list[Any]:
    """The kernel's game, played again."""
    module, function, keyword = RECORDERS[game]
    run = getattr(importlib.import_module(module), function)
    games = run(params_class(game)(), players(game), 1, SEED, **{keyword: True})[1]
    assert games is not None
    return games[0]  # type: ignore[no-any-return]


if __name__ == "__main__":
    for name in sys.argv[1:] or sorted(RECORDERS):
        path(name).write_text(trace(name, recorded(name)), encoding="utf-8")
        print(f"wrote {path(name)}")
