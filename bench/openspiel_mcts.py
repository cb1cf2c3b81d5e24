"""OpenSpiel's Python ``MCTSBot`` on its ``tic_tac_toe``: seconds for the first move, as bench/mcts.py compares.

Run by bench/mcts.py with the Python of a separate venv that has OpenSpiel (``pip install open_spiel``; never a
printkit dependency): ``python bench/openspiel_mcts.py SIMULATIONS REPEATS``. Prints one JSON line: each run's
CPU seconds for ``bot.step`` on the empty board (uct_c 2, one random rollout a simulation, MCTS-Solver on: the bot's
defaults in OpenSpiel's examples).
"""

from __future__ import annotations

import json
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts


def main() -> None:
    simulations, repeats = int(sys.argv[1]), int(sys.argv[2])
    game = pyspiel.load_game("tic_tac_toe")
    times = []
    for seed in range(repeats):
        rng = np.random.RandomState(seed)
        bot = mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        state = game.new_initial_state()
        start = time.process_time()
        bot.step(state)
        times.append(time.process_time() - start)
    print(json.dumps({"simulations": simulations, "seconds": times}))


if __name__ == "__main__":
    main()
