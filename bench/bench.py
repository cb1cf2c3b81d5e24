"""printkit benchmark: whole-process command timings, the PDF stage against raw reportlab, playouts.

Run with ``python bench/bench.py [--json] [--repeat N] [--builds-only]`` from the repository (printkit installed in the
interpreter running it). Command timings are whole processes (interpreter start-up and imports
included), the median of N runs (default 7), with the CPU time of the process and its workers and
the peak memory of the largest of them. The PDF stage is timed in-process against
:mod:`floor` (raw reportlab drawing the same shapes) in the same run, and a cold ``build --all`` is
reported as a ratio to that floor (issue 23: <= 6x): the floor is timed again right before and right
after each cold build, the round's ratio is the build's time over the mean of the two, and the ratio
reported is the median of the rounds', so a machine that slows down or speeds up during the run (it is
shared) weighs on both sides alike. ``--builds-only`` leaves out the playouts and
the watch latency. Playouts run on one core
(BLAS threads pinned to 1).
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import json  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, Callable  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))

from floor import flatten, raw_pdf  # noqa: E402
from installed import EDITABLE_NOTE, compile_bytecode, editable_install  # noqa: E402

TIC_TAC_TOE = {"board_size": 3, "line_length": 3, "territory_victory": False,
               "abilities": {"bomb": 0, "shield": 0, "convert": 0, "fortress": 0}}
SHORT_LOG = "first X\nX C3\nO D4\nX C4\nO D3\nX C2\nO D2\nX C5\nO D5\nX C1\n"
"""A ten-line Tic Tac Warfare log for ``printkit replay``."""
GAMES = ("warfare", "ultimate", "sitters", "tictactwo", "tokentactics")


def run(args: list[str], cwd: Path) -> tuple[float, float, float]:
    """One whole ``printkit`` process: wall seconds, CPU seconds (with its workers), peak MiB."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "printkit", *args], cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"printkit {' '.join(args)} failed: {proc.stderr.read().decode() if proc.stderr else ''}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def measure(repeat: int, args: list[str], cwd: Path, before: Callable[[int], None] = lambda i: None,
            after: Callable[[float], None] = lambda wall: None) -> dict[str, float]:
    """Median wall and CPU time of ``repeat`` runs (``before(i)`` prepares run i, untimed; ``after`` hears each
    run's wall time), peak memory."""
    runs = []
    for i in range(repeat):
        before(i)
        runs.append(run(args, cwd))
        after(runs[-1][0])
    return {"wall_s": round(statistics.median(r[0] for r in runs), 3),
            "cpu_s": round(statistics.median(r[1] for r in runs), 3),
            "min_wall_s": round(min(r[0] for r in runs), 3),
            "peak_mib": round(max(r[2] for r in runs), 1)}


def commands(repeat: int, before_cold: Callable[[], None] = lambda: None,
             after_cold: Callable[[float], None] = lambda wall: None) -> dict[str, dict[str, float]]:
    """The command timings the README's benchmark table reports (``before_cold`` runs before each cold build,
    untimed; ``after_cold`` hears its wall time)."""
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        out = work / "output"
        config = work / "config.toml"
        (work / "short.log").write_text(SHORT_LOG, encoding="utf-8")
        default_config = subprocess.run([sys.executable, "-m", "printkit", "config"], capture_output=True, text=True,
                                        check=True).stdout
        config.write_text(default_config, encoding="utf-8")
        build = ["build", "--all", "--config", str(config), "--out", str(out)]

        def empty(_: int) -> None:
            shutil.rmtree(out, ignore_errors=True)

        def cold(i: int) -> None:
            empty(i)
            before_cold()

        results["build --all, empty output/"] = measure(repeat, build, work, cold, after_cold)
        results["build --all, nothing changed"] = measure(repeat, build, work)

        def change_warfare(i: int) -> None:
            # one rule parameter of one game, alternately 7 and 6; previews are rendered afresh each time
            size = 7 if i % 2 == 0 else 6
            config.write_text(default_config.replace("\nboard_size = 6", f"\nboard_size = {size}", 1), encoding="utf-8")
            shutil.rmtree(out / ".cache" / "previews", ignore_errors=True)

        results["build --all, one warfare parameter changed"] = measure(repeat, build, work, change_warfare)
        results["--help"] = measure(repeat, ["--help"], work)
        results["list"] = measure(repeat, ["list"], work)
        results["replay of a 10-line log"] = measure(repeat, ["replay", "--game", "warfare", "short.log"], work)
    return results


def kit_pages() -> list[Any]:
    """kit.pdf's drawn pages (the components) of every built-in kit."""
    from printkit.build import make_kit
    from printkit.config import load_config

    config = load_config(None, ())
    return [sheet.page for game in GAMES for section in make_kit(config, game).sections for sheet in section.sheets]


def timed(fn: Callable[[], Any], repeat: int) -> float:
    """The median seconds of ``repeat`` calls of ``fn``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def pdf_stage(repeat: int, pages: list[Any]) -> dict[str, float]:
    """The pages: printkit's pdf_bytes against raw reportlab on the same shapes."""
    from printkit.draw.pdf import pdf_bytes

    flat = [flatten(page) for page in pages]
    ours = timed(lambda: pdf_bytes(pages, "bench"), repeat)
    floor = timed(lambda: raw_pdf(flat), repeat)
    return {"pages": len(pages), "printkit_s": round(ours, 3), "raw_reportlab_s": round(floor, 3), "ratio": round(ours / floor, 2)}


def playouts() -> dict[str, float]:
    from printkit.games import get_game
    from printkit.params import from_mapping

    spec = get_game("warfare")
    rates = {}
    for name, table, games in (("warfare", {}, 100_000), ("tic-tac-toe", TIC_TAC_TOE, 300_000)):
        params = from_mapping(spec.params, table, "bench", "games.warfare")
        spec.fast_simulate(params, 2_000, 0)  # type: ignore[misc]
        tally = spec.fast_simulate(params, games, 1)  # type: ignore[misc]
        rates[name] = round(tally.games / tally.seconds)
    return rates


def main() -> None:
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 7
    compile_bytecode()
    load_before = [round(v, 2) for v in os.getloadavg()]
    from watch_latency import watch_latency

    builds_only = "--builds-only" in sys.argv
    ratios: list[float] = []
    floor = subprocess.Popen([sys.executable, str(Path(__file__).with_name("floor.py"))], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    assert floor.stdin is not None and floor.stdout is not None
    if floor.stdout.readline().strip() != "ready":
        raise SystemExit("bench/floor.py did not start")

    def floor_time() -> float:
        assert floor.stdin is not None and floor.stdout is not None
        floor.stdin.write("time\n")
        floor.stdin.flush()
        return float(floor.stdout.readline())

    before: list[float] = []

    def against_floor(wall: float) -> None:
        ratios.append(wall / ((before.pop() + floor_time()) / 2))

    try:
        timings = commands(repeat, lambda: before.append(floor_time()), against_floor)
    finally:
        floor.communicate()
    result: dict[str, Any] = {"commands": timings, "pdf_stage": pdf_stage(repeat, kit_pages())}
    result["build_all_cold_over_pdf_floor"] = round(statistics.median(ratios), 2)
    result["build_all_cold_over_pdf_floor_rounds"] = [round(r, 2) for r in ratios]
    if not builds_only:
        result["playouts_per_s"] = playouts()
        result["watch_rebuild_s"] = round(statistics.median(watch_latency()), 3)
    result.update({"cpus": os.cpu_count(), "load_average_before": load_before,
                   "load_average_after": [round(v, 2) for v in os.getloadavg()]})
    if "--json" in sys.argv:
        print(json.dumps(result, indent=2))
        return
    if editable_install():
        print(EDITABLE_NOTE)
    print(f"whole processes, median of {repeat} (CPU: the process and its preview workers)")
    for name, r in result["commands"].items():
        print(f"  {name:<44} {r['wall_s']:6.3f} s wall (min {r['min_wall_s']:.3f})  {r['cpu_s']:6.3f} s CPU  "
              f"{r['peak_mib']:6.1f} MiB peak")
    p = result["pdf_stage"]
    print(f"PDF stage, {p['pages']} kit.pdf pages: printkit {p['printkit_s']:.3f} s, raw reportlab {p['raw_reportlab_s']:.3f} s, "
          f"ratio {p['ratio']:.2f} (target <= 1.5)")
    print(f"cold build --all: {result['build_all_cold_over_pdf_floor']:.2f}x the PDF stage's raw-reportlab floor, "
          f"median of the rounds' ratios, the floor timed before and after each build (target <= 6): "
          f"{', '.join(f'{r:.2f}' for r in result['build_all_cold_over_pdf_floor_rounds'])}")
    if builds_only:
        print(f"machine: {result['cpus']} cpus, load {load_before} before, {result['load_average_after']} after")
        return
    print(f"playouts: warfare {result['playouts_per_s']['warfare']:,} games/s (target >= 10,000), "
          f"tic-tac-toe {result['playouts_per_s']['tic-tac-toe']:,} games/s (target >= 60,000)")
    print(f"watch: config write to 'built' line {result['watch_rebuild_s']:.3f} s (median of 7, target <= 1 s)")
    print(f"machine: {result['cpus']} cpus, load {load_before} before, {result['load_average_after']} after")


if __name__ == "__main__":
    main()
