"""``printkit watch``: which kits a change affects, one line per rebuild, failures keep the previous kit."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from printkit.watch import Rebuild, Watcher, game_source, summary


def make_watcher(tmp_path: Path, games: tuple[str, ...] = ("warfare", "ultimate")) -> tuple[Watcher, list[str], Path]:
    config = tmp_path / "config.toml"
    config.write_text("[games.warfare]\nboard_size = 6\n", encoding="utf-8")
    lines: list[str] = []
    watcher = Watcher([game_source(g) for g in games], tmp_path / "out", str(config), (), None, lines.append, gallery=False)
    return watcher, lines, config


def test_sources_name_the_games_templates_and_package() -> None:
    source = game_source("warfare")
    assert any(p.name == "warfare" and p.parent.name == "templates" for p in source.paths)
    assert any(p.name == "warfare" and p.parent.name == "games" for p in source.paths)
    assert source.owns(source.paths[0] / "rules.md.j2")


def test_config_change_rebuilds_only_the_kits_it_affects(tmp_path: Path) -> None:
    watcher, lines, config = make_watcher(tmp_path)
    config_text = config.read_text()
    for name in ("warfare", "ultimate"):
        watcher.fingerprints[name] = __import__("printkit.watch", fromlist=["_fingerprint"])._fingerprint(watcher.load(), game_source(name))
    config.write_text(config_text.replace("board_size = 6", "board_size = 7"))
    request = watcher.classify([config])
    assert request is not None and request.kits == ["warfare"] and request.trigger.endswith("config.toml changed")
    config.write_text("[print]\npaper = \"letter\"\n[games.warfare]\nboard_size = 7\n")
    request = watcher.classify([config])
    assert request is not None and request.kits == ["warfare", "ultimate"]
    template = game_source("ultimate").paths[0] / "rules.md.j2"
    request = watcher.classify([template])
    assert request is not None and request.kits == ["ultimate"] and not request.code
    assert watcher.classify([tmp_path / "elsewhere.txt"]) is None


def test_invalid_config_and_failed_build_keep_the_previous_kit(tmp_path: Path) -> None:
    watcher, lines, config = make_watcher(tmp_path, ("warfare",))
    watcher.rebuild(Rebuild(["warfare"], "start"))
    built = [i for i, line in enumerate(lines) if "warfare: built in " in line]  # its findings follow (notes too)
    assert len(built) == 1 and lines[built[0]].endswith("after start: 0 errors, 1 warning, 2 notes")
    assert lines[built[0] + 1].startswith("  warning: fortress victory cannot be reached")
    manifest = (tmp_path / "out/warfare/manifest.json").read_bytes()
    config.write_text("[games.warfare]\nboard_size = \"six\"\n")
    assert watcher.classify([config]) is None
    assert "error: " in lines[-1] and "games.warfare.board_size" in lines[-1] and "kits left as they were" in lines[-1]
    config.write_text("[games.warfare]\nexample_log = \"missing.log\"\n")
    watcher.rebuild(watcher.classify([config]) or Rebuild([], ""))
    assert "warfare: FAILED after" in lines[-1] and "(previous kit kept)" in lines[-1]
    assert (tmp_path / "out/warfare/manifest.json").read_bytes() == manifest


def test_a_kit_folder_is_watched_whole_and_rebuilt_from_its_kit_toml(tmp_path: Path) -> None:
    from printkit.watch import kit_source

    folder = tmp_path / "my-game"
    assert subprocess.run([sys.executable, "-m", "printkit", "new", str(folder)], capture_output=True).returncode == 0
    source = kit_source(str(folder), ("deck.cards.size=bridge",))
    assert source.name == "my-game" and source.owns((folder / "cards.csv").resolve()) and source.code == ()
    lines: list[str] = []
    watcher = Watcher([source], tmp_path / "out", None, ("deck.cards.size=bridge",), None, lines.append, gallery=False)
    request = watcher.classify([folder / "cards.csv"])
    assert request is not None and request.kits == ["my-game"] and not request.code
    watcher.rebuild(request)
    built = [line for line in lines if "my-game: built in" in line]  # then its notes (cards turned for crop marks)
    assert len(built) == 1 and "cards.csv changed: 0 errors, 0 warnings" in built[0]
    assert '"name": "cards"' in (tmp_path / "out/my-game/manifest.json").read_text() and "bridge" in (tmp_path / "out/my-game/manifest.json").read_text()
    (folder / "cards.csv").write_text("title,cost\nBroken,x\n")
    watcher.rebuild(Rebuild(["my-game"], "cards.csv changed"))
    assert "my-game: FAILED after cards.csv changed: error: " in lines[-1] and "column 'cost'" in lines[-1]
    assert watcher.classify([tmp_path / "config.toml"]) is None


def test_watch_outline_keeps_a_kit_folders_layout_views_built(tmp_path: Path) -> None:
    from printkit.watch import kit_source

    folder = tmp_path / "my-game"
    assert subprocess.run([sys.executable, "-m", "printkit", "new", str(folder)], capture_output=True).returncode == 0
    lines: list[str] = []
    watcher = Watcher([kit_source(str(folder))], tmp_path / "out", None, (), None, lines.append, gallery=False)
    watcher.outline = True
    watcher.rebuild(Rebuild(["my-game"], "cards.csv changed"))
    assert (tmp_path / "out/my-game/outline/cards.card-front.png").is_file(), lines
    watcher.fresh_process = True  # after a change to Python code: the build runs as `printkit build --outline`
    (folder / "cards.csv").write_text((folder / "cards.csv").read_text().replace("Harvest", "Harvest Moon"))
    watcher.rebuild(Rebuild(["my-game"], "cards.csv changed"))
    assert "Harvest Moon" in (tmp_path / "out/my-game/outline/cards.card-front.svg").read_text(), lines


def test_summary_counts_findings() -> None:
    assert summary([]) == "0 errors, 0 warnings"
    assert summary([{"level": "warning", "message": "w"}]) == "0 errors, 1 warning"
    assert summary([{"level": "error", "message": "e"}] * 2) == "2 errors, 0 warnings"


def test_findings_are_printed_once_when_they_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    watcher, lines, _ = make_watcher(tmp_path, ("warfare",))
    rounds = iter([[{"level": "warning", "message": "w1"}]] * 2 + [[{"level": "warning", "message": "w1"},
                                                                     {"level": "error", "message": "e1"}], []])
    monkeypatch.setattr(watcher, "_build_here", lambda config, name: next(rounds))
    for _ in range(4):
        watcher.rebuild(Rebuild(["warfare"], "x changed"))
    assert [" warfare: built in " in line for line in lines] == [True, False, True, True, False, False, True]
    shown = [line for line in lines if line.startswith("  ")]
    assert shown == ["  warning: w1", "  warning: w1", "  error: e1"]
    assert lines[1] == "  warning: w1" and lines[2].endswith("x changed: 0 errors, 1 warning") and lines[-1].endswith("0 errors, 0 warnings")
    assert all(len(line) < 80 for line in lines if not line.startswith("  "))


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT")
def test_watch_rebuilds_after_a_save_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[games.warfare]\nboard_size = 6\n", encoding="utf-8")
    process = subprocess.Popen([sys.executable, "-u", "-m", "printkit", "watch", "--game", "warfare", "--config", str(config),
                                "--out", str(tmp_path / "out")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               cwd=tmp_path, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert process.stdout is not None
    output: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=lambda: [output.put(line) for line in process.stdout], daemon=True)  # type: ignore[union-attr]
    reader.start()

    def until_built(count: int) -> None:
        while sum("built in" in line for line in lines) < count:
            lines.append(output.get(timeout=300))  # generous: a build on a busy machine

    lines: list[str] = []
    try:
        until_built(1)
        config.write_text("[games.warfare]\nboard_size = 8\nline_length = 5\n", encoding="utf-8")
        until_built(2)
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=300)
    reader.join(timeout=300)  # every line the process wrote read
    rest = "".join(output.get_nowait() for _ in range(output.qsize()))
    assert "config.toml changed: 0 errors" in lines[-1]
    assert process.returncode == 0 and rest.strip().endswith("stopped") and "Traceback" not in rest
    assert (tmp_path / "out/index.html").is_file() and (tmp_path / "out/build-stamp.txt").is_file()


def test_a_ctrl_c_whose_interrupt_was_lost_during_a_rebuild_still_stops_the_watch(tmp_path: Path,
                                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The Ctrl-C came during the rebuild, and code on its way caught what it raised: the watch stops all the same."""
    from printkit.interrupts import note_stop

    watcher, lines, _ = make_watcher(tmp_path, ("warfare",))
    rebuilds: list[str] = []

    def rebuild(request: Rebuild) -> None:
        rebuilds.append(request.trigger)
        note_stop()

    monkeypatch.setattr(watcher, "rebuild", rebuild)
    stop = threading.Event()
    timer = threading.Timer(20, stop.set)  # a watch that missed the Ctrl-C ends here, failing the test
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            watcher.run(stop)
    finally:
        timer.cancel()
    assert rebuilds == ["start"] and not stop.is_set()
