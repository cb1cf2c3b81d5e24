"""``printkit simulate --kit DIR --log-game N``: game N of a seeded run as a log to read, replay or paste into rules.md.

The run's games are played in chunks of :data:`~printkit.balance.chunks.CHUNK_GAMES`, each from its own seed; game N is
played again from its chunk's seed by the rules' playouts (the games before it in the chunk too, as a failed game is
found again: :func:`printkit.kitgame.engine.game_moves`). Each move is noted with who made it, in a column, ready to be
written over by the designer's own comments.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.balance.chunks import CHUNK_GAMES, chunk_seed
from printkit.kitgame.engine import game_moves
from printkit.kitrules import CHANCE
from printkit.rules.log import LogLine
from printkit.rules.playouts import policies
from printkit.rules.replay import replay
from printkit.userinput.writes import write_file

RUN = "simulate"
"""The name simulate's chunks are seeded under (:func:`printkit.balance.chunks.chunk_tasks`)."""


def game_log(spec: Any, setup: Any, names: tuple[str, str], seed: int, number: int, title: str) -> str:
    """Game ``number`` (from 1) of ``simulate --seed SEED --players A,B`` as a log: a header, then one move a line with
    the player who made it (``chance`` for chance) as a comment in one column."""
    index = number - 1
    rules = spec.rules(setup)
    moves = game_moves(rules, policies(spec, names), chunk_seed(seed, RUN, index // CHUNK_GAMES), index % CHUNK_GAMES)
    played = replay(rules, [LogLine(i, move) for i, move in enumerate(moves, start=1)], f"game {number}")
    before, movers = played.start, []
    for step in played.steps:
        player = rules.current_player(before)
        movers.append("chance" if player == CHANCE else rules.player_names[player])
        before = step.state
    width = max((len(move) for move, who in zip(moves, movers) if who != "chance"), default=0) + 3  # a long shuffle aside
    ended = rules.outcome(before)
    result = "" if ended is None else (f"{rules.player_names[ended.winner]} wins" if ended.winner is not None else "a draw")
    head = [f"# {title}: game {number} of printkit simulate --seed {seed} --players {','.join(names)}",
            f"# {len(moves)} moves" + (f", {result} ({ended.reason})" if ended is not None else "")]
    return "\n".join(head + [f"{move.ljust(width - 1)} # {who}" for move, who in zip(moves, movers)]) + "\n"


def write_game_log(out: Path, name: str, text: str, seed: int, number: int) -> Path:
    """The log written to ``OUT/<kit>/logs/simulate-seed-S-game-N.log`` (the gallery lists the kit's logs)."""
    path = out / name / "logs" / f"simulate-seed-{seed}-game-{number}.log"
    write_file(path, text.encode("utf-8"))
    return path
