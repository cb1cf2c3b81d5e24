"""``printkit simulate --workers N``: one configuration's chunks in parallel, stoppable with partial statistics."""

from __future__ import annotations

import time
from contextlib import closing
from pathlib import Path
from typing import Any

from printkit.balance.chunks import CHUNK_GAMES, Task, chunk_tasks, merge
from printkit.balance.execute import Interrupted, execute, interruptible
from printkit.balance.progress import Progress
from printkit.rules.simulate import GameFailure, Tally


def simulate_chunked(game: Any, params: Any, names: tuple[str, str], games: int, seed: int, workers: int = 1,
                     client: Any = None, progress: Progress | None = None, out: Path | None = None) -> tuple[Tally, bool]:
    """The merged tally (chunks in order) and whether every game was played (False after Ctrl-C).

    The tally's ``seconds`` is the wall-clock time, so games per second counts every worker. A game of a kit's rules
    that fails is kept as a log under ``out`` (:mod:`printkit.kitgame.failures`) and its error raised.
    """
    from printkit.games import get_game
    from printkit.rules.playouts import policies

    policies(get_game(game), names)  # unknown players fail here, before any worker starts
    tasks = chunk_tasks(Task(game, params, names, 0, 0), games, seed, "simulate")
    done: dict[int, Tally] = {}
    bar = progress or Progress(games, enabled=False)
    start = time.perf_counter()
    complete = True
    try:
        with interruptible(), closing(execute(tasks, workers, client)) as played:
            for index, tally in played:
                done[index] = tally
                bar.advance(tasks[index].games)
    except Interrupted:
        complete = False
    except GameFailure as failure:
        raise told(failure, game, params, out, f"simulate-seed-{seed}",
                   f"simulate --seed {seed} ({names[0]}, {names[1]})") from None
    bar.close()
    total = merge(done[i] for i in sorted(done))
    total.seconds = time.perf_counter() - start
    return total, complete


def told(failure: GameFailure, game: Any, params: Any, out: Path | None, run: str, about: str) -> Exception:
    """The error to report for a failed game: a kit's game kept as a log under ``out`` (its number counted over the
    run's chunks), a built-in game's error as it is."""
    from printkit.kitgame.source import KitRef

    if not isinstance(game, KitRef) or out is None:
        return failure.error if isinstance(failure.error, Exception) else failure
    from printkit.kitgame.failures import kept

    return kept(failure, out, params.name, game.display, tuple(params.sets), run, about, failure.number(CHUNK_GAMES))
