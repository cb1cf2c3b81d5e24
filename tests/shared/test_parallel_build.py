"""`build --all` builds whole kits in worker processes: the same bytes as one process, errors in order."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Callable, Iterator, TypeVar

import pytest

import printkit.kit.parallel as parallel
import printkit.kit.previews as previews
from printkit.build import build_many, data_job, game_job
from printkit.config import load_config
from printkit.errors import ConfigError, LogError
from printkit.games import available, get_game
from tests.datakit.helpers import CARD, CSV, write_kit

T = TypeVar("T")

pytestmark = pytest.mark.skipif(not previews.can_fork(), reason="kits build in worker processes only with fork and 2 cores")


def _hashes(out: Path) -> dict[str, str]:
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file() and ".cache" not in p.relative_to(out).parts}


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the kits handed to worker processes (started in a farm)."""
    handed: list[int] = []
    real = parallel.Farm.start

    def counting(self, index):  # type: ignore[no-untyped-def]
        handed.append(index)
        return real(self, index)

    monkeypatch.setattr(parallel.Farm, "start", counting)
    return handed


def test_build_all_in_worker_processes_writes_the_bytes_of_a_serial_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = load_config(None, ())
    games = [g for g in available() if get_game(g).kit is not None]
    handed = _spy(monkeypatch)
    results = list(build_many([game_job(config, g) for g in games], tmp_path / "parallel"))
    assert handed == list(range(len(games))) and [r.game for r in results] == games
    monkeypatch.setattr(previews, "can_fork", lambda: False)  # one process, previews rendered here too
    list(build_many([game_job(config, g) for g in games], tmp_path / "serial"))
    assert handed == list(range(len(games)))
    parallel_files, serial_files = _hashes(tmp_path / "parallel"), _hashes(tmp_path / "serial")
    assert len(parallel_files) > 50 and any(name.endswith(".png") for name in parallel_files)
    assert parallel_files == serial_files


def test_a_failing_kit_in_a_worker_stops_the_build_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = write_kit(tmp_path / "good", CARD)
    bad = write_kit(tmp_path / "bad", CARD.replace('name = "t"', 'name = "b"').replace(
        'data = "cards.csv"', 'data = "cards.csv"\ntypes = { colour = "integer" }'), {"cards.csv": CSV})
    later = write_kit(tmp_path / "later", CARD.replace('name = "t"', 'name = "l"'))
    handed = _spy(monkeypatch)
    out = tmp_path / "out"
    built = []
    with pytest.raises(ConfigError) as failed:
        for result in build_many([data_job(str(good)), data_job(str(bad)), data_job(str(later))], out):
            built.append(result.game)
    assert handed == [0, 1, 2] and built == ["t"]
    assert "cards.csv" in str(failed.value) and "colour" in str(failed.value)
    assert (out / "t" / "kit.pdf").is_file() and not (out / "b").exists() and not (out / "l").exists()


def in_order(tasks: list[Callable[[parallel.Hand], T]], side: Callable[[Any], bytes], workers: int) -> Iterator[parallel.Done[T]]:
    """Every task started at once in a farm, its results collected in task order."""
    with parallel.Farm(tasks, side, workers) as farm:
        for index in range(len(tasks)):
            farm.start(index)
        for index in range(len(tasks)):
            yield farm.result(index)


def _square(hand: parallel.Hand, i: int) -> int:
    """A task handing out two side jobs, one of them shared by every task."""
    hand.spawn(f"half-{i}", i)
    hand.spawn("shared", 100)
    return i * i


def test_in_order_hands_back_results_and_errors_in_task_order() -> None:
    tasks = [lambda hand, i=i: _square(hand, i) for i in range(7)]
    done = list(in_order(tasks, lambda n: str(n // 2).encode(), 2))
    assert [d.value for d in done] == [i * i for i in range(7)]
    assert [d.sides for d in done] == [{f"half-{i}": str(i // 2).encode(), "shared": b"50"} for i in range(7)]

    def broken(hand: parallel.Hand) -> int:
        raise LogError("game.log", 3, "X cannot move there")

    seen = []
    with pytest.raises(LogError) as failed:
        for value in in_order([lambda hand: 1, broken, lambda hand: 3], bytes, 2):
            seen.append(value.value)
    assert seen == [1] and str(failed.value) == "game.log:3: X cannot move there" and failed.value.line == 3


def test_a_failing_side_job_fails_its_task_in_order() -> None:
    def side(n: int) -> bytes:
        if n == 2:
            raise ValueError("no picture")
        return b"ok"

    seen = []
    with pytest.raises(RuntimeError, match="no picture"):
        for value in in_order([lambda hand, i=i: hand.spawn(str(i), i) for i in range(4)], side, 2):
            seen.append(value.sides)
    assert seen == [{"0": b"ok"}, {"1": b"ok"}]


def test_side_jobs_wait_for_the_tasks_and_fill_the_end(tmp_path: Path) -> None:
    """With tasks left to start, a free worker starts one; side jobs are rendered once no task is left."""
    log = tmp_path / "log"

    def task(hand: parallel.Hand, i: int) -> int:
        with log.open("a") as f:
            f.write(f"task {i}\n")
        hand.spawn(f"s{i}", i)
        return i

    def side(i: int) -> bytes:
        with log.open("a") as f:
            f.write(f"side {i}\n")
        return b""

    list(in_order([lambda hand, i=i: task(hand, i) for i in range(5)], side, 1))
    assert log.read_text().split("\n")[:5] == [f"task {i}" for i in range(5)]


def test_a_task_sees_whether_another_worker_is_idle() -> None:
    """Alone, a task sees the second worker idle; beside a longer task it sees it busy, and the longer task sees
    the first worker idle once that has finished."""
    import time

    def looks_after(seconds: float) -> Callable[[parallel.Hand], bool]:
        def task(hand: parallel.Hand) -> bool:
            time.sleep(seconds)
            return hand.core_free()
        return task

    def waits_until(free: bool) -> Callable[[parallel.Hand], bool]:
        def task(hand: parallel.Hand) -> bool:  # waits for the other worker as long as it takes (a broken count: 300 s)
            deadline = time.monotonic() + 300
            while hand.core_free() != free and time.monotonic() < deadline:
                time.sleep(0.01)
            return hand.core_free()
        return task

    assert [d.value for d in in_order([looks_after(0.05)], bytes, 2)] == [True]
    assert [d.value for d in in_order([waits_until(False), waits_until(True)], bytes, 2)] == [False, True]


def test_kits_start_longest_first_by_their_last_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Kits never timed start first, in their order; the others by the seconds their last build recorded, longest
    first (what is written, and in which order, does not change)."""
    from printkit.build import longest_first

    assert longest_first([0, 1, 2, 3, 4], [None, 0.1, 0.5, None, 0.3]) == [0, 3, 2, 4, 1]
    config = load_config(None, ())
    games = ["warfare", "ultimate", "tictactwo"]
    list(build_many([game_job(config, g) for g in games], tmp_path))
    records = {g: json.loads((tmp_path / ".cache" / "builds" / f"{g}.json").read_text()) for g in games}
    assert all(isinstance(r["seconds"], float) and r["seconds"] > 0 for r in records.values())
    for game, seconds in zip(games, (0.2, 0.9, 0.5)):
        records[game]["seconds"] = seconds
        (tmp_path / ".cache" / "builds" / f"{game}.json").write_text(json.dumps(records[game]))
    handed = _spy(monkeypatch)
    results = list(build_many([game_job(config, g) for g in games], tmp_path, force=True))
    assert handed == [1, 2, 0] and [r.game for r in results] == games
