"""The mcts player at its default level on every game: strength against random and CPU time a decision.

Run by ``bench/mcts.py games`` and ``bench/mcts.py movetime``; ``python bench/mcts_games.py GAME`` (used by
``movetime`` for the code under test and for ``--base DIR``, an older printkit's source) prints one JSON line: the CPU
seconds of one decision at three points of a game. Every decision is timed in CPU seconds of its own process (one
core: the search is single-threaded), the same machine and load for both codes when they alternate.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import Any

SCAFFOLD = "scaffold"
POSITIONS = (0, 3, 10)
"""``movetime``'s positions: random moves played before the decision (positions past a game's end are skipped)."""


@lru_cache(maxsize=1)
def scaffold_folder() -> str:
    """A fresh ``printkit new --rules`` kit (once per process)."""
    folder = Path(tempfile.mkdtemp()) / "star-race"
    subprocess.run([sys.executable, "-m", "printkit", "new", str(folder), "--rules"], check=True, capture_output=True)
    return str(folder)


@lru_cache(maxsize=8)
def opened(name: str) -> tuple[Any, Any]:
    """(spec, rules) of a built-in game with its default parameters, or of the scaffold."""
    if name == SCAFFOLD:
        from printkit.kitgame.spec import open_kit

        kit = open_kit(scaffold_folder())
        return kit.spec, kit.rules()
    from printkit.config import load_config
    from printkit.games import get_game

    spec = get_game(name)
    return spec, spec.rules(load_config(None).game_params(name))


def _first_position(rules: Any, rng: random.Random) -> Any:
    from printkit.rules.game import CHANCE, chance_move

    state = rules.initial_state()
    while rules.current_player(state) == CHANCE:
        state = rules.apply(state, chance_move(rules, state, rng))
    return state


class Timed:
    """An mcts player whose every decision (a whole move, a choice, a secret answer) is timed in CPU seconds."""

    def __init__(self, player: Any, times: list[float]) -> None:
        self.player, self.times, self.__name__ = player, times, player.name

    def _timed(self, decide: Any, *args: Any) -> Any:
        start = time.process_time()
        move = decide(*args)
        self.times.append(time.process_time() - start)
        return move

    def __call__(self, rules: Any, state: Any, rng: random.Random) -> Any:
        return self._timed(self.player, rules, state, rng)

    def choose(self, rules: Any, state: Any, rng: random.Random) -> Any:
        return self._timed(self.player.choose, rules, state, rng)

    def answer(self, rules: Any, state: Any, move: Any, rng: random.Random) -> Any:
        return self._timed(self.player.answer, rules, state, move, rng)


def one_game(name: str, level: str, opponent: str, number: int, seed: int) -> dict[str, Any]:
    """Game ``number`` of ``level`` against ``opponent`` (mcts in the first seat in even games): the mcts seat's result
    (1 win, 0.5 draw, 0 loss) and the CPU seconds of each of its decisions."""
    from printkit.rules.game import play_out
    from printkit.rules.playouts import resolve

    spec, rules = opened(name)
    times: list[float] = []
    mcts, other = Timed(resolve(spec.players, level, name), times), resolve(spec.players, opponent, name)
    seat = number % 2
    pair = (mcts, other) if seat == 0 else (other, mcts)
    if spec.pair_players is not None:  # secret answers: each seat's player answers the other's moves
        pair = spec.pair_players(*pair)
    winner = play_out(rules, pair, random.Random(seed * 100_003 + number)).outcome.winner  # type: ignore[union-attr]
    return {"result": 0.5 if winner is None else float(winner == seat), "times": times}


def warm(name: str) -> None:
    """Load the game's kernels (numba's cache) before anything is timed."""
    from printkit.rules.mcts import Budget, MctsPlayer

    spec, rules = opened(name)
    state = _first_position(rules, random.Random(0))
    MctsPlayer("warm-up", Budget(20)).search(rules, state, rules.current_player(state), random.Random(0))


LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def floor_seconds(games: int = 10_000) -> float:
    """The floor: CPU seconds of ``games`` random games of tic-tac-toe in plain Python, a fixed piece of work timed
    beside the decisions, so that their times can be read as a ratio to it (the machine's load changes both)."""
    rng = random.Random(1)
    start = time.process_time()
    for _ in range(games):
        board, empty, mark = [0] * 9, list(range(9)), 1
        while empty:
            cell = empty.pop(rng.randrange(len(empty)))
            board[cell] = mark
            if any(board[a] == board[b] == board[c] == mark for a, b, c in LINES):
                break
            mark = 3 - mark
    return time.process_time() - start


FLOOR_EVERY = 10
"""A worker times the floor before its first game and again every FLOOR_EVERY games (a short game costs less than
the floor: timing it beside every game would double the work)."""
_floors: list[float] = []


def _task(job: tuple[str, str, str, int, int]) -> dict[str, Any]:
    warm(job[0])
    if len(_floors) % FLOOR_EVERY == 0 or not _floors:
        _floors.append(floor_seconds())
    else:
        _floors.append(_floors[-1])
    row = one_game(*job)
    row["floor"] = _floors[-1]
    return row


def series(name: str, level: str, opponent: str, games: int, seed: int, workers: int) -> dict[str, Any]:
    """``games`` seat-alternating games on ``workers`` processes: results and decision times."""
    jobs = [(name, level, opponent, number, seed) for number in range(games)]
    with ProcessPoolExecutor(workers) as pool:
        rows = list(pool.map(_task, jobs))
    times = [t for row in rows for t in row["times"]]
    ratios = sorted(t / row["floor"] for row in rows for t in row["times"])
    wins = sum(1 for row in rows if row["result"] == 1.0)
    losses = sum(1 for row in rows if row["result"] == 0.0)
    ordered = sorted(times)
    floors = [row["floor"] for row in rows]
    return {"game": name, "level": level, "opponent": opponent, "games": games, "wins": wins, "losses": losses,
            "draws": games - wins - losses, "decisions": len(times), "mean_seconds": statistics.fmean(times),
            "median_seconds": statistics.median(times), "p95_seconds": ordered[int(0.95 * (len(ordered) - 1))],
            "max_seconds": ordered[-1], "floor_seconds": [min(floors), statistics.median(floors), max(floors)],
            "mean_ratio": statistics.fmean(ratios), "p95_ratio": ratios[int(0.95 * (len(ratios) - 1))],
            "max_ratio": ratios[-1]}


def positions(name: str, level: str = "mcts") -> list[float]:
    """CPU seconds of one decision of ``level`` at each of :data:`POSITIONS` (after the kernels are loaded)."""
    from printkit.rules.game import CHANCE, chance_move, random_policy
    from printkit.rules.playouts import resolve

    spec, rules = opened(name)
    player = resolve(spec.players, level, name)
    warm(name)
    rng, found = random.Random(5), []
    for skip in POSITIONS:
        state, done = rules.initial_state(), 0
        while rules.outcome(state) is None and (rules.current_player(state) == CHANCE or done < skip):
            if rules.current_player(state) == CHANCE:
                state = rules.apply(state, chance_move(rules, state, rng))
            else:
                state = rules.apply(state, random_policy(rules, state, rng))
                done += 1
        if rules.outcome(state) is not None:
            continue
        seat = rules.current_player(state)
        start = time.process_time()
        player.search(rules, state, seat, random.Random(skip)) if hasattr(player, "search") else player(rules, state, rng)
        found.append(time.process_time() - start)
    return found


def main() -> None:
    before = floor_seconds()
    seconds = positions(sys.argv[1])
    print(json.dumps({"seconds": seconds, "floor": (before + floor_seconds()) / 2}))


if __name__ == "__main__":
    main()
