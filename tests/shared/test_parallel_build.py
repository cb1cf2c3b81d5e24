"""`build --all` builds whole kits in worker processes: the same bytes as one process, errors in order."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

import printkit.kit.parallel as parallel
import printkit.kit.previews as previews
from printkit.build import build_many, data_job, game_job
from printkit.config import load_config
from printkit.errors import ConfigError, LogError
from printkit.games import available, get_game
from tests.datakit.helpers import CARD, CSV, write_kit

pytestmark = pytest.mark.skipif(not previews.can_fork(), reason="kits build in worker processes only with fork and 2 cores")


def _hashes(out: Path) -> dict[str, str]:
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file() and ".cache" not in p.relative_to(out).parts}


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the kits handed to worker processes."""
    handed: list[int] = []
    real = parallel.in_order

    def counting(tasks, workers):  # type: ignore[no-untyped-def]
        handed.append(len(tasks))
        return real(tasks, workers)

    monkeypatch.setattr(parallel, "in_order", counting)
    return handed


def test_build_all_in_worker_processes_writes_the_bytes_of_a_serial_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = load_config(None, ())
    games = [g for g in available() if get_game(g).kit is not None]
    handed = _spy(monkeypatch)
    results = list(build_many([game_job(config, g) for g in games], tmp_path / "parallel"))
    assert handed == [len(games)] and [r.game for r in results] == games
    monkeypatch.setattr(previews, "can_fork", lambda: False)  # one process, previews rendered here too
    list(build_many([game_job(config, g) for g in games], tmp_path / "serial"))
    assert handed == [len(games)]
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
    assert handed == [3] and built == ["t"]
    assert "cards.csv" in str(failed.value) and "colour" in str(failed.value)
    assert (out / "t" / "kit.pdf").is_file() and not (out / "b").exists() and not (out / "l").exists()


def test_in_order_hands_back_results_and_errors_in_task_order() -> None:
    tasks = [lambda i=i: i * i for i in range(7)]
    assert list(parallel.in_order(tasks, 2)) == [i * i for i in range(7)]

    def broken() -> int:
        raise LogError("game.log", 3, "X cannot move there")

    seen = []
    with pytest.raises(LogError) as failed:
        for value in parallel.in_order([lambda: 1, broken, lambda: 3], 2):
            seen.append(value)
    assert seen == [1] and str(failed.value) == "game.log:3: X cannot move there" and failed.value.line == 3
