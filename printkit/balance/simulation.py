"""``printkit simulate --workers N``: one configuration's chunks in parallel, stoppable with partial statistics."""

from __future__ import annotations

import time
from contextlib import closing
from typing import Any

from printkit.balance.chunks import Task, chunk_tasks, merge
from printkit.balance.execute import Interrupted, execute, interruptible
from printkit.balance.progress import Progress
from printkit.rules.simulate import Tally


def simulate_chunked(game: str, params: Any, names: tuple[str, str], games: int, seed: int, workers: int = 1,
                     client: Any = None, progress: Progress | None = None) -> tuple[Tally, bool]:
    """The merged tally (chunks in order) and whether every game was played (False after Ctrl-C).

    The tally's ``seconds`` is the wall-clock time, so games per second counts every worker.
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
    bar.close()
    total = merge(done[i] for i in sorted(done))
    total.seconds = time.perf_counter() - start
    return total, complete
