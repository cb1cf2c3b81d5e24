"""The mcts player's strength and speed (issue 31), figures for docs/benchmarks.md.

``python bench/mcts.py [PART ...] [--json] [--workers N] [--openspiel PYTHON]``, parts (default: all):

- ``speed``: CPU seconds (the process's own: the machine is shared) for the first move of tic-tac-toe (Tic Tac Warfare at 3x3, line 3, no abilities, a full board
  a draw) with 100 and 1,000 iterations, beside OpenSpiel's Python ``MCTSBot`` with as many simulations on its
  ``tic_tac_toe`` (bench/openspiel_mcts.py, run by ``--openspiel PYTHON``: a venv with ``pip install open_spiel``,
  default /work/venv-openspiel/bin/python or $OPENSPIEL_PYTHON). The two alternate, run by run, so both see the
  same load; the ratio of the medians is the figure. When pyspiel cannot be imported it says so and times printkit
  alone.
- ``tictactoe``: mcts with 1,000 iterations against random (400 games, seats alternating: no loss is the target)
  and against perfect play (the exact solution, computed here by memoized minimax over the rules engine; the
  perfect player takes the first of its optimal moves): every game a draw is the target. Then against a varied
  perfect player (a random one of its optimal moves: openings such as the edge, whose refutation lies five
  moves deep, come up).
- ``scaffold``: the `printkit new --rules` game: mcts at its default level against the designer's greedy player
  and against random, 1,000 seat-alternating games each (target >= 58 % against greedy).
- ``games``: each built-in game and the scaffold, mcts at the default level against random (target: >= 90 % of
  decisive games), every decision timed in CPU seconds of its process (target <= 0.5 s on one core), on
  ``--workers`` processes (bench/mcts_games.py).
- ``cards``: ``balance --cards`` on the scaffold with a planted free three-star card, seeds 1 to 20: how often it
  ranks first (target >= 19) and how long each run takes on two workers (target < 3 minutes).
- ``movetime``: CPU seconds of one decision at the default level on one core, at the start and after 3 and 10
  random moves of each game; with ``--base DIR`` (an older printkit's source, e.g. ``git archive 275ed22 printkit
  templates | tar -x -C DIR``) the same decisions of that code in turn, and the ratio of the two.
- ``trace``: the skill trace on the scaffold and tic-tac-toe: mcts with 2N iterations against N, N = 1, 2, 4 ... 128,
  100 games a level, seats alternating: the stronger side's share of decisive games with its 95 % interval.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from functools import lru_cache  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

HERE = Path(__file__).resolve().parent
TIC_TAC_TOE = ("games.warfare.board_size=3", "games.warfare.line_length=3", "games.warfare.territory_victory=false",
               "games.warfare.abilities.bomb=0", "games.warfare.abilities.shield=0", "games.warfare.abilities.convert=0",
               "games.warfare.abilities.fortress=0")
OPENSPIEL_DEFAULT = "/work/venv-openspiel/bin/python"


def tic_tac_toe() -> Any:
    from printkit.config import load_config
    from printkit.games import get_game

    return get_game("warfare").rules(load_config(None, TIC_TAC_TOE).game_params("warfare"))


# --- speed ----------------------------------------------------------------------------------------------
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class LeanTicTacToe:
    """Tic-tac-toe over the engine contract in a few lines of plain Python (states: a 9-tuple and the mover), to time
    the search apart from Tic Tac Warfare's reference engine, which spends about 28 us a move on its general rules."""

    player_names = ("X", "O")

    def initial_state(self) -> tuple[tuple[int, ...], int]:
        return (0,) * 9, 0

    def current_player(self, state: Any) -> int:
        return state[1]

    def first_player(self, state: Any) -> int:
        return 0

    def legal_moves(self, state: Any) -> list[int]:
        return [] if self.outcome(state) is not None else [i for i, v in enumerate(state[0]) if v == 0]

    def apply(self, state: Any, move: int) -> Any:
        board = list(state[0])
        board[move] = state[1] + 1
        return tuple(board), 1 - state[1]

    def outcome(self, state: Any) -> Any:
        from printkit.rules.game import Outcome

        board = state[0]
        for a, b, c in LINES:
            if board[a] and board[a] == board[b] == board[c]:
                return Outcome(board[a] - 1, "line")
        return Outcome(None, "full board") if 0 not in board else None


def first_move_seconds(iterations: int, seed: int, lean: bool = False) -> float:
    """printkit's mcts: CPU seconds for the first move of tic-tac-toe (after the chance move deciding who starts)."""
    from printkit.rules.mcts import Budget, MctsPlayer

    rules = LeanTicTacToe() if lean else tic_tac_toe()
    state = rules.initial_state() if lean else rules.apply(rules.initial_state(), rules.legal_moves(rules.initial_state())[0])
    player = MctsPlayer("mcts", Budget(iterations))
    start = time.process_time()
    player(rules, state, random.Random(seed))
    return time.process_time() - start


def openspiel_seconds(python: str, simulations: int) -> float | str:
    """OpenSpiel's bot, one run in its own venv's Python: seconds, or why it could not run."""
    try:
        done = subprocess.run([python, str(HERE / "openspiel_mcts.py"), str(simulations), "1"], capture_output=True,
                              text=True, timeout=600)
    except OSError as exc:
        return f"cannot run {python}: {exc}"
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return f"pyspiel is not importable with {python}: {last}"
    return float(json.loads(done.stdout)["seconds"][0])


def speed(args: argparse.Namespace) -> dict[str, Any]:
    first_move_seconds(10, 0)  # loads Tic Tac Warfare's compiled kernel (numba's cache) before anything is timed
    rows = []
    for iterations in (100, 1000):
        ours, lean, theirs, why = [], [], [], ""
        for run in range(args.repeat):
            ours.append(first_move_seconds(iterations, run))
            lean.append(first_move_seconds(iterations, run, lean=True))
            other = openspiel_seconds(args.openspiel, iterations) if not why else why
            if isinstance(other, str):
                why = other
            else:
                theirs.append(other)
        row: dict[str, Any] = {"iterations": iterations, "printkit_ms": 1000 * statistics.median(ours),
                               "printkit_runs_ms": [round(1000 * s, 1) for s in ours],
                               "lean_engine_ms": 1000 * statistics.median(lean)}
        if theirs:
            row["openspiel_ms"] = 1000 * statistics.median(theirs)
            row["openspiel_runs_ms"] = [round(1000 * s, 1) for s in theirs]
            row["ratio"] = row["printkit_ms"] / row["openspiel_ms"]
            row["lean_ratio"] = row["lean_engine_ms"] / row["openspiel_ms"]
        else:
            row["openspiel"] = why
        rows.append(row)
        if not args.json:
            theirs_text = (f"OpenSpiel MCTSBot {row['openspiel_ms']:.1f} ms; printkit / OpenSpiel = {row['ratio']:.2f}, "
                           f"over the lean engine {row['lean_ratio']:.2f}" if theirs else f"OpenSpiel not measured: {why}")
            print(f"first move, {iterations:>5} iterations: printkit mcts {row['printkit_ms']:.1f} ms (warfare's engine), "
                  f"{row['lean_engine_ms']:.1f} ms (a lean tic-tac-toe engine); {theirs_text} "
                  f"(CPU time, medians of {args.repeat}, alternating)", flush=True)
    return {"speed": rows}


# --- tic-tac-toe: random and perfect play ----------------------------------------------------------------
def perfect_player(rules: Any, varied: bool = True) -> Any:
    """The exact solution as a player: memoized minimax over the rules engine; among optimal moves a random one
    (``varied``) or the first in the rules' order."""
    from printkit.rules.game import CHANCE

    @lru_cache(maxsize=None)
    def value(state: Any) -> float:
        """The result for the player to move: 1 win, 0.5 draw, 0 loss."""
        ended = rules.outcome(state)
        if ended is not None:
            return 0.5 if ended.winner is None else (1.0 if ended.winner == rules.current_player(state) else 0.0)
        mover = rules.current_player(state)
        best = 0.0
        for move in rules.legal_moves(state):
            after = rules.apply(state, move)
            result = rules.outcome(after)
            if result is not None:
                score = 0.5 if result.winner is None else float(result.winner == mover)
            else:
                score = value(after) if rules.current_player(after) == mover else 1.0 - value(after)
            best = max(best, score)
        return best

    def play(rules_: Any, state: Any, rng: random.Random) -> Any:
        mover = rules.current_player(state)
        scored = []
        for move in rules.legal_moves(state):
            after = rules.apply(state, move)
            result = rules.outcome(after)
            score = ((0.5 if result.winner is None else float(result.winner == mover)) if result is not None
                     else 1.0 - value(after))
            scored.append((score, move))
        top = max(s for s, _ in scored)
        best = [m for s, m in scored if s == top]
        return best[rng.randrange(len(best))] if varied else best[0]

    assert CHANCE == -1
    play.__name__ = "perfect"
    return play


def seat_games(rules: Any, a: Any, b: Any, games: int, seed: int) -> dict[str, int]:
    """``games`` games of ``a`` against ``b``, seats alternating: a's wins, draws, losses."""
    from printkit.rules.game import play_out

    rng = random.Random(seed)
    won = drawn = lost = 0
    for number in range(games):
        a_seat = number % 2
        pair = (a, b) if a_seat == 0 else (b, a)
        outcome = play_out(rules, pair, rng).outcome
        assert outcome is not None
        if outcome.winner is None:
            drawn += 1
        elif outcome.winner == a_seat:
            won += 1
        else:
            lost += 1
    return {"wins": won, "draws": drawn, "losses": lost}


def tictactoe(args: argparse.Namespace) -> dict[str, Any]:
    from printkit.rules.game import random_policy
    from printkit.rules.mcts import Budget, MctsPlayer

    rules = tic_tac_toe()
    mcts = MctsPlayer("mcts:1000", Budget(1000))
    start = time.perf_counter()
    against_random = seat_games(rules, mcts, random_policy, args.random_games, 7)
    middle = time.perf_counter()
    against_perfect = seat_games(rules, mcts, perfect_player(rules, varied=False), args.perfect_games, 8)
    later = time.perf_counter()
    against_varied = seat_games(rules, mcts, perfect_player(rules), args.perfect_games, 9)
    data = {"against_random": {**against_random, "games": args.random_games, "seconds": middle - start},
            "against_perfect": {**against_perfect, "games": args.perfect_games, "seconds": later - middle},
            "against_varied_perfect": {**against_varied, "games": args.perfect_games, "seconds": time.perf_counter() - later}}
    if not args.json:
        for name, row in data.items():
            print(f"tic-tac-toe, mcts:1000 {name.replace('_', ' ')}: {row['wins']} wins, {row['draws']} draws, "
                  f"{row['losses']} losses of {row['games']} ({row['seconds']:.0f} s)", flush=True)
    return {"tictactoe": data}


# --- the scaffold and the built-in games ----------------------------------------------------------------
def matchup(game: str | None, kit: str | None, players: tuple[str, str], games: int, seed: int, workers: int,
            sets: tuple[str, ...] = ()) -> dict[str, Any]:
    """``printkit simulate`` of a pair in both seat orders (half the games each): the first player's seat results."""
    rows = []
    for order, half in ((players, games // 2), ((players[1], players[0]), games - games // 2)):
        command = [sys.executable, "-m", "printkit", "simulate", "--players", ",".join(order), "--games", str(half),
                   "--seed", str(seed), "--workers", str(workers), "--json", "--out", tempfile.mkdtemp()]
        command += ["--kit", kit] if kit else ["--game", str(game)]
        for item in sets:
            command += ["--set", item]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        rows.append(json.loads(done.stdout))
    wins = rows[0]["metrics"]["seats"][0]["wins"] + rows[1]["metrics"]["seats"][1]["wins"]
    losses = rows[0]["metrics"]["seats"][1]["wins"] + rows[1]["metrics"]["seats"][0]["wins"]
    decisions = rows[0]["metrics"]["seats"][0]["turns"] * rows[0]["games"] + rows[1]["metrics"]["seats"][1]["turns"] * rows[1]["games"]
    seconds = rows[0]["seconds"] * workers + rows[1]["seconds"] * workers
    return {"players": list(players), "games": games, "wins": wins, "losses": losses, "draws": games - wins - losses,
            "wall_seconds_a_move": seconds / decisions if decisions else None}


def _share(row: dict[str, Any]) -> str:
    from printkit.rules.simulate import wilson_interval

    decisive = row["wins"] + row["losses"]
    low, high = wilson_interval(row["wins"], decisive) if decisive else (0.0, 1.0)
    all_low, all_high = wilson_interval(row["wins"], row["games"])
    return (f"{row['wins']} wins, {row['draws']} draws, {row['losses']} losses of {row['games']}: {100 * row['wins'] / row['games']:.1f}% "
            f"of games (95% CI {100 * all_low:.1f}-{100 * all_high:.1f}), {100 * row['wins'] / max(decisive, 1):.1f}% of decisive "
            f"(95% CI {100 * low:.1f}-{100 * high:.1f})")


def scaffold(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp()) / "star-race"
    subprocess.run([sys.executable, "-m", "printkit", "new", str(folder), "--rules"], check=True, capture_output=True)
    data = {}
    for other in ("greedy", "random"):
        row = matchup(None, str(folder), ("mcts", other), args.scaffold_games, 31, args.workers)
        data[other] = row
        if not args.json:
            print(f"scaffold, mcts against {other}: {_share(row)}; {1000 * row['wall_seconds_a_move']:.0f} ms a move by the wall clock "
                  "(all the game's decisions, both seats; on a loaded machine: `movetime` measures CPU)", flush=True)
    return {"scaffold": data}


def games(args: argparse.Namespace) -> dict[str, Any]:
    """Each built-in game and the scaffold: ``--game-level`` against random, seats alternating, on ``--workers``
    processes, every decision timed in CPU seconds (bench/mcts_games.py)."""
    from mcts_games import SCAFFOLD, series

    from printkit.games import available
    from printkit.rules.simulate import wilson_interval

    data = {}
    for name in args.only or [*available(), SCAFFOLD]:
        row = series(name, args.game_level, "random", args.game_games, 31, args.workers)
        decisive = row["wins"] + row["losses"]
        row["decisive_share"] = row["wins"] / decisive if decisive else None
        row["decisive_interval"] = list(wilson_interval(row["wins"], decisive)) if decisive else None
        data[name] = row
        if not args.json:
            low = row["floor_seconds"][0]
            print(f"{name}, {args.game_level} against random: {_share(row)}; CPU seconds a decision: mean "
                  f"{row['mean_seconds']:.3f}, median {row['median_seconds']:.3f}, 95th percentile {row['p95_seconds']:.3f}, "
                  f"max {row['max_seconds']:.3f} ({row['decisions']} decisions); over the floor (10,000 random games of "
                  f"tic-tac-toe in plain Python, {1000 * low:.0f}-{1000 * row['floor_seconds'][2]:.0f} ms): mean "
                  f"{row['mean_ratio']:.2f}, 95th percentile {row['p95_ratio']:.2f}, max {row['max_ratio']:.2f}, i.e. "
                  f"{low * row['mean_ratio']:.3f} / {low * row['p95_ratio']:.3f} / {low * row['max_ratio']:.3f} s at the "
                  "floor's fastest", flush=True)
    return {"games": data}


def movetime(args: argparse.Namespace) -> dict[str, Any]:
    """CPU seconds of one decision at the default level, on one core, at the start and after 3 and 10 random moves of
    each game (the scaffold included); with ``--base DIR`` (an older printkit's source, e.g. ``git archive 275ed22 |
    tar -x -C DIR``) the same decisions of that code, run alternately with this one: the ratio is the figure."""
    from mcts_games import POSITIONS, SCAFFOLD

    from printkit.games import available

    def run(name: str, base: str | None) -> list[float]:
        env = dict(os.environ, PYTHONPATH=base) if base else None
        done = subprocess.run([sys.executable, str(HERE / "mcts_games.py"), name], capture_output=True, text=True,
                              check=True, env=env)
        found = json.loads(done.stdout.strip().splitlines()[-1])
        floors.append(found.get("floor", 0.0))
        return list(found["seconds"])

    data = {}
    for name in args.only or [*available(), SCAFFOLD]:
        row: dict[str, Any] = {}
        floors: list[float] = []
        for label, base in (("base", args.base), ("now", None)):
            if label == "base" and not base:
                continue
            row[label] = run(name, base)
        if "base" in row:
            row["ratio"] = [now / before for now, before in zip(row["now"], row["base"]) if before]
        row["floor"] = floors[-1]
        row["over_floor"] = [t / row["floor"] for t in row["now"]]
        data[name] = row
        if not args.json:
            shown = "; ".join(f"{label} " + ", ".join(f"{t:.3f}" for t in row[label]) for label in ("base", "now") if label in row)
            ratio = f" (now / base {', '.join(f'{r:.3f}' for r in row['ratio'])})" if "ratio" in row else ""
            print(f"{name}: CPU seconds a decision at the default level, start and after {' and '.join(map(str, POSITIONS[1:]))} "
                  f"random moves: {shown}{ratio}; over the floor (10,000 random games of tic-tac-toe in plain Python, "
                  f"{row['floor']:.3f} s): {', '.join(f'{r:.1f}' for r in row['over_floor'])}", flush=True)
    return {"movetime": data}


def trace(args: argparse.Namespace) -> dict[str, Any]:
    """The skill trace (see the module docstring); ``--trace-plot FILE`` draws it."""
    folder = Path(tempfile.mkdtemp()) / "star-race"
    subprocess.run([sys.executable, "-m", "printkit", "new", str(folder), "--rules"], check=True, capture_output=True)
    data: dict[str, list[dict[str, Any]]] = {"scaffold": [], "tic-tac-toe": []}
    for game, kit, sets in (("scaffold", str(folder), ()), ("tic-tac-toe", None, TIC_TAC_TOE)):
        level = 1
        while level <= args.trace_top:
            row = matchup("warfare" if kit is None else None, kit, (f"mcts:{2 * level}", f"mcts:{level}"), args.trace_games,
                          41, args.workers, sets)
            row["level"] = level
            data[game].append(row)
            if not args.json:
                print(f"skill trace, {game}: mcts:{2 * level} against mcts:{level}: {_share(row)}", flush=True)
            level *= 2
    if args.trace_plot:
        plot_trace(data, Path(args.trace_plot))
    return {"trace": data}


def plot_trace(data: dict[str, list[dict[str, Any]]], target: Path) -> None:
    """The skill trace as a curve: the stronger side's share of decisive games with its 95% interval, per level."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from printkit.rules.simulate import wilson_interval

    fig, panel = plt.subplots(figsize=(6.4, 3.6))
    for (game, rows), colour in zip(data.items(), ("#D55E00", "#0072B2", "#009E73")):
        levels = [row["level"] for row in rows]
        shares, low, high = [], [], []
        for row in rows:
            decisive = row["wins"] + row["losses"]
            share = row["wins"] / decisive if decisive else 0.5
            lo, hi = wilson_interval(row["wins"], decisive) if decisive else (0.0, 1.0)
            shares.append(100 * share)
            low.append(100 * (share - lo))
            high.append(100 * (hi - share))
        panel.errorbar(levels, shares, yerr=[low, high], fmt="o-", capsize=3, color=colour, label=game)
    panel.axhline(50, color="black", linewidth=0.8, linestyle="--")
    panel.set_xscale("log", base=2)
    panel.set_ylim(0, 100)
    panel.set_xlabel("N: mcts with 2N iterations against mcts with N")
    panel.set_ylabel("2N's share of decisive games % (95% CI)")
    panel.set_title("Skill trace: does thinking twice as long still pay?")
    panel.grid(alpha=0.3)
    panel.legend(fontsize=8)
    fig.savefig(target, dpi=110, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)


PLANTED = "Gift,,,3,,,Event,#B8860B,star,Gain 3 :star:.,2\n"
"""The overpowered card planted in the scaffold's deck for ``cards``: free, three stars."""


def cards(args: argparse.Namespace) -> dict[str, Any]:
    """``balance --cards`` on the scaffold with a planted free three-star card, for seeds 1 to ``--card-seeds``: the
    rank of the planted card, and the seconds of each run (two workers)."""
    folder = Path(tempfile.mkdtemp()) / "star-race"
    subprocess.run([sys.executable, "-m", "printkit", "new", str(folder), "--rules"], check=True, capture_output=True)
    with (folder / "cards.csv").open("a") as deck:
        deck.write(PLANTED)
    from mcts_games import floor_seconds

    rows = []
    for seed in range(args.card_seed, args.card_seed + args.card_seeds):
        out = tempfile.mkdtemp()
        floor = floor_seconds()
        start, used = time.perf_counter(), _children_cpu()
        subprocess.run([sys.executable, "-m", "printkit", "balance", "--kit", str(folder), "--cards", "--players", args.card_players,
                        "--games", str(args.card_games), "--seed", str(seed), "--workers", str(args.workers), "--out", out],
                       check=True, capture_output=True)
        seconds, cpu = time.perf_counter() - start, _children_cpu() - used
        floor = (floor + floor_seconds()) / 2
        results = json.loads((Path(out) / "star-race" / "balance" / "results.json").read_text())
        from printkit.balance.report import card_rows

        found = card_rows(results["points"][0])
        ranked = [row["card"] for row in found]
        rows.append({"seed": seed, "rank": ranked.index("Gift") + 1, "first": ranked[0], "seconds": seconds,
                     "cpu_seconds": cpu, "floor_seconds": floor, "two_core_ratio": cpu / 2 / floor,
                     "worth": {row["card"]: round(row["worth"], 3) for row in found}})
        if not args.json:
            worth = ", ".join(f"{card} {100 * value:+.1f}" for card, value in list(rows[-1]["worth"].items())[:3])
            print(f"cards, seed {seed}: Gift ranks {rows[-1]['rank']} of {len(ranked)} (worth in points of win rate: {worth}; "
                  f"{seconds:.0f} s by the wall clock, "
                  f"{cpu:.0f} CPU seconds: {cpu / 2:.0f} s on two free cores, {cpu / 2 / floor:.0f} floors of "
                  f"{floor:.2f} s; {args.card_players}, {args.card_games} games a group)", flush=True)
    first = sum(1 for row in rows if row["rank"] == 1)
    if not args.json:
        print(f"cards: the planted card ranks first in {first} of {len(rows)} seeds", flush=True)
    return {"cards": {"players": args.card_players, "games": args.card_games, "runs": rows, "first": first}}


def _children_cpu() -> float:
    """CPU seconds (user and system) of this process's finished children: a command's work whatever the machine's load."""
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


PARTS = {"speed": speed, "tictactoe": tictactoe, "scaffold": scaffold, "games": games, "movetime": movetime, "trace": trace,
         "cards": cards}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parts", nargs="*", choices=[*PARTS, []], help="what to measure (default: all)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--workers", type=int, default=2, help="processes for the game series")
    parser.add_argument("--repeat", type=int, default=7, help="first-move timings of each side")
    parser.add_argument("--openspiel", default=os.environ.get("OPENSPIEL_PYTHON", OPENSPIEL_DEFAULT),
                        help="a Python that imports pyspiel")
    parser.add_argument("--random-games", type=int, default=400)
    parser.add_argument("--perfect-games", type=int, default=100)
    parser.add_argument("--scaffold-games", type=int, default=1000)
    parser.add_argument("--game-games", type=int, default=100)
    parser.add_argument("--game-level", default="mcts", help="the mcts level of the games part")
    parser.add_argument("--only", action="append", default=[], metavar="GAME",
                        help="games, movetime: only this game (a built-in game's name, or scaffold)")
    parser.add_argument("--base", default=None, metavar="DIR", help="movetime: also time the printkit source in DIR")
    parser.add_argument("--trace-games", type=int, default=100)
    parser.add_argument("--trace-top", type=int, default=128)
    parser.add_argument("--trace-plot", default=None, metavar="FILE", help="trace: draw the curve into FILE (PNG)")
    parser.add_argument("--card-seeds", type=int, default=20)
    parser.add_argument("--card-seed", type=int, default=1, help="cards: the first seed")
    parser.add_argument("--card-games", type=int, default=200)
    parser.add_argument("--card-players", default="mcts:easy")
    args = parser.parse_args()
    found: dict[str, Any] = {}
    for part in args.parts or list(PARTS):
        found.update(PARTS[part](args))
    found["load_average"] = [round(v, 2) for v in os.getloadavg()]
    if args.json:
        print(json.dumps(found, indent=2))
    else:
        print(f"load average {' '.join(f'{v:.2f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
