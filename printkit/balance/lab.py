"""A balance run: validate everything, play every point's chunks, keep each finished point, report.

Nothing is written before every input is checked (sweep keys and values, players, abilities, the
scheduler). Each point is saved (results.json, results.csv) as soon as all its chunks are in; the
plots and report.html follow at the end, or when the run is stopped.
"""

from __future__ import annotations

import random
import shutil
import time
from collections import defaultdict
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from printkit.balance.chunks import CHUNK_GAMES, Task, chunk_tasks, merge
from printkit.balance.execute import Interrupted, execute, interruptible
from printkit.balance.figures import ability_figures, flags, point_figures
from printkit.balance.progress import Progress
from printkit.balance.restrict import CARD_PREFIX, NoAbilities, game_abilities
from printkit.balance.simulation import told
from printkit.balance.store import load_for_resume, save
from printkit.balance.sweep import Axis, Point, parse_players, parse_sweeps, points
from printkit.config import load_config
from printkit.errors import ConfigError, PrintkitError
from printkit.games import get_game
from printkit.interrupts import noted
from printkit.params import to_mapping
from printkit.rules.game import CHANCE, chance_move
from printkit.rules.playouts import Names
from printkit.rules.simulate import GameFailure, Tally

MAIN, FULL = "main", "full"
"""Task groups of a point: its playouts, and (for --abilities) the full players counting seat wins."""


@dataclass(frozen=True)
class Request:
    """What the command line asked for."""

    game: str
    sweeps: tuple[str, ...] = ()
    players: str = "random"
    games: int = 2000
    seed: int = 1
    abilities: bool = False
    config_path: str | None = None
    sets: tuple[str, ...] = ()
    kit: str | None = None
    """A kit folder with rules.py (then ``game`` is empty and sweep keys are kit.toml keys)."""
    cards: bool = False
    """Restricted play for every distinct card of the decks the rules deal (printkit.kitgame.cards)."""


@dataclass
class PlannedPoint:
    """A point with its parameters, or the reason it cannot be played."""

    point: Point
    params: Any = None
    note: str = ""
    abilities: tuple[str, ...] = ()


@dataclass
class Plan:
    """Everything a run needs, checked. ``game`` is what tasks carry (a name, or a kit's KitRef)."""

    request: Request
    spec: Any
    axes: list[Axis]
    matchups: list[tuple[str, str]]
    planned: list[PlannedPoint]
    run: dict[str, Any] = field(default_factory=dict)
    game: Any = None

    @property
    def name(self) -> str:
        """The game's name as output folders and reports name it (a kit's name from its kit.toml)."""
        return str(self.spec.name)


def _source(request: Request) -> tuple[Any, Any, Any, Callable[[tuple[str, ...]], Any], list[Axis]]:
    """(spec, game reference, base params, params of a point's --set items, axes) of a built-in game or a kit."""
    if request.kit is not None:
        from printkit.balance.kitsweep import parse_kit_sweeps
        from printkit.kitgame.spec import open_kit

        opened = open_kit(request.kit, request.sets)
        axes = parse_kit_sweeps(request.sweeps, opened.setup)
        return opened.spec, opened.ref, opened.setup, lambda sets: open_kit(request.kit, request.sets + sets).setup, axes
    spec = get_game(request.game)
    base_params = load_config(request.config_path, request.sets).game_params(request.game)
    axes = parse_sweeps(request.sweeps, request.game, spec.params)
    return (spec, request.game, base_params,
            lambda sets: load_config(request.config_path, request.sets + sets).game_params(request.game), axes)


def plan(request: Request) -> Plan:
    """Check every input; a user error is raised before anything is written."""
    spec, game, base_params, point_params, axes = _source(request)
    matchups = parse_players(request.players, Names(spec))
    if (request.abilities or request.cards) and spec.abilities is None:
        flag = "--abilities" if request.abilities else "--cards"
        raise NoAbilities(f"{flag}: {spec.name} has no abilities to remove (restricted play needs a game's abilities hook)")
    planned = []
    for point in points(axes, matchups):
        try:
            params = point_params(point.sets())
        except ConfigError as exc:
            planned.append(PlannedPoint(point, note=f"not playable: {str(exc).split(': ', 1)[-1]}"))
            continue
        refused = _refused_at_the_start(spec, params)
        if refused is not None:
            planned.append(PlannedPoint(point, note=f"not playable: the rules refuse it at the start ({refused})"))
            continue
        tests = game_abilities(spec, params) if request.abilities or request.cards else {}
        names = tuple(n for n in tests if request.abilities and not n.startswith(CARD_PREFIX))
        names += tuple(n for n in tests if request.cards and n.startswith(CARD_PREFIX))
        planned.append(PlannedPoint(point, params, abilities=names))
    if not any(p.params is not None for p in planned) and not axes:  # the parameters given, no --sweep
        raise ConfigError(spec.name, "", str(planned[0].note))
    if not any(p.params is not None for p in planned):
        raise ConfigError("--sweep", planned[0].point.values[0][0], f"no point can be played: {planned[0].note}")
    played = [name for p in planned for name in p.abilities]
    if request.abilities and not any(not name.startswith(CARD_PREFIX) for name in played):
        why = "with these parameters" if spec.extras.get("ability_hooks", True) else "(restricted play needs a game's abilities hook)"
        raise NoAbilities(f"--abilities: {spec.name} has no abilities to remove {why}")
    if request.cards and not any(name.startswith(CARD_PREFIX) for name in played):
        raise NoAbilities(f"--cards: {spec.name} deals no cards from its decks (the cards of a deck are found in the state "
                          "setup() makes)")
    run = {
        "game": spec.name,
        "axes": [{"key": a.key, "values": list(a.values)} for a in axes],
        "players": ["/".join(m) for m in matchups],
        "games": request.games,
        "seed": request.seed,
        "abilities": request.abilities,
        "chunk_games": CHUNK_GAMES,
        "parameters": to_mapping(base_params),
    }
    if request.cards:  # only when asked: a stored run without the key resumes as before
        run["cards"] = True
    return Plan(request, spec, axes, matchups, planned, run, game)


START_CHANCE_MOVES = 100
"""Chance moves at a game's start (shuffles, deals, who goes first) that a sweep point must get through to be played."""


def _refused_at_the_start(spec: Any, params: Any) -> str | None:
    """Why the rules cannot start a game with ``params`` (their error making the start, or in the chance moves before
    the first player's turn: more cards dealt than the deck holds), or None when they can. A point they refuse is
    skipped with a note, as a point its parameters' limits refuse; an error later in a game is a failure of the run."""
    try:
        rules = spec.rules(params)
        state = rules.initial_state()
        rng = random.Random(0)
        for _ in range(START_CHANCE_MOVES):
            if rules.outcome(state) is not None or rules.current_player(state) != CHANCE:
                break
            state = rules.apply(state, chance_move(rules, state, rng))
    except PrintkitError as exc:
        return str(exc)
    return None


@dataclass
class _Job:
    point: int
    group: str
    chunk: int
    task: Task


def _jobs(plan: Plan, index: int, item: PlannedPoint) -> list[_Job]:
    """Every chunk of one point: its playouts, and for --abilities the seat-counting runs."""
    request, ident, game = plan.request, item.point.ident, plan.game
    base = Task(game, item.params, item.point.players, 0, 0)
    groups: list[tuple[str, Task]] = [(MAIN, base)]
    if item.abilities:
        groups.append((FULL, Task(game, item.params, item.point.players, 0, 0, seats=True)))
        for ability in item.abilities:
            for seat in (0, 1):
                groups.append((f"{ability}|{seat}", Task(game, item.params, item.point.players, 0, 0, (seat, ability), True)))
    return [_Job(index, group, chunk, task) for group, template in groups
            for chunk, task in enumerate(chunk_tasks(template, request.games, request.seed, ident))]


def _finish(plan: Plan, item: PlannedPoint, tallies: dict[str, Tally]) -> dict[str, Any]:
    spec, point = plan.spec, item.point
    main = tallies[MAIN]
    summary = dict(spec.summarize(item.params, main)) if spec.summarize is not None else {}
    seat_names = spec.rules(item.params).player_names
    data = {"id": point.ident, "values": dict(point.values), "players": point.matchup, "status": "done",
            **point_figures(main, summary), "metrics": main.metrics(seat_names)}
    if item.abilities:
        data["abilities"] = [ability_figures(ability, seat, seat_names[seat], tallies[FULL], tallies[f"{ability}|{seat}"])
                             for ability in item.abilities for seat in (0, 1)]
    return data


def _unfinished(item: PlannedPoint) -> dict[str, Any]:
    status = "pending" if item.params is not None else "unplayable"
    return {"id": item.point.ident, "values": dict(item.point.values), "players": item.point.matchup, "status": status,
            **({"note": item.note} if item.note else {})}


def results_of(plan: Plan, finished: dict[str, dict[str, Any]], seconds: float) -> dict[str, Any]:
    """results.json: the run's parameters, every point (finished or not) and the flags."""
    several = len(plan.matchups) > 1
    rows = [finished.get(p.point.ident) or _unfinished(p) for p in plan.planned]
    found = [flag for row in rows if row["status"] == "done" for flag in flags(plan.name, row, several)]
    done = sum(1 for r in rows if r["status"] == "done")
    return {
        "game": plan.name,
        "title": plan.spec.title,
        "run": plan.run,
        "axes": plan.run["axes"],
        "points_done": done,
        "points_total": len(rows),
        "complete": all(r["status"] != "pending" for r in rows),
        "seconds": round(seconds, 3),
        "flags": found,
        "points": rows,
    }


def run(plan: Plan, folder: Path, workers: int = 1, client: Any = None, resume: bool = False,
        progress: Callable[[int], Progress] | None = None, meanwhile: Callable[[], None] | None = None) -> dict[str, Any]:
    """Play every point not yet finished, saving after each; Ctrl-C/SIGTERM keeps what is done.

    ``meanwhile`` runs while worker processes or a cluster play (see :func:`execute`).

    Returns the results; ``results["complete"]`` is False when the run was stopped.
    """
    finished = load_for_resume(folder, plan.run) if resume else {}
    if not resume and folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True, exist_ok=True)
    todo = [(i, p) for i, p in enumerate(plan.planned) if p.params is not None and p.point.ident not in finished]
    jobs = [job for i, item in todo for job in _jobs(plan, i, item)]
    counts: dict[int, int] = defaultdict(int)
    for job in jobs:
        counts[job.point] += 1
    parts: dict[int, dict[tuple[str, int], Tally]] = defaultdict(dict)
    total = sum(j.task.games for j in jobs)
    bar = progress(total) if progress is not None else Progress(total, enabled=False)
    start = time.perf_counter()
    save(folder, results_of(plan, finished, 0.0))
    try:
        with interruptible(), closing(execute([j.task for j in jobs], workers, client, meanwhile)) as played:
            for index, tally in played:
                job = jobs[index]
                parts[job.point][(job.group, job.chunk)] = tally
                bar.advance(job.task.games)
                if len(parts[job.point]) == counts[job.point]:
                    item = plan.planned[job.point]
                    chunks = parts.pop(job.point)
                    groups = sorted({g for g, _ in chunks})
                    tallies = {g: merge(chunks[(g, c)] for c in range(sum(1 for k in chunks if k[0] == g))) for g in groups}
                    finished[item.point.ident] = _finish(plan, item, tallies)
                    save(folder, results_of(plan, finished, time.perf_counter() - start))
    except Interrupted:
        with noted():  # Ctrl-C again while the points kept are saved: they are saved all the same
            bar.close()
            results = results_of(plan, finished, time.perf_counter() - start)
            save(folder, results)
        return results
    except GameFailure as failure:
        bar.close()
        job = jobs[failure.chunk]
        failure.chunk = job.chunk
        point = plan.planned[job.point].point
        values = ", ".join(f"{key.split('.', 2)[-1]} {value}" for key, value in point.values)
        raise told(failure, plan.game, job.task.params, folder.parent.parent, f"balance-seed-{plan.request.seed}-point-{job.point + 1}",
                   f"balance --seed {plan.request.seed} at {values + ', ' if values else ''}players {point.matchup}") from None
    bar.close()
    results = results_of(plan, finished, time.perf_counter() - start)
    save(folder, results)
    return results
