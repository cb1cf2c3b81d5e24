"""Long game logs: 50 MB files replay in bounded time and memory or fail on their first bad line;
progress shows on a terminal; Ctrl-C stops a replay cleanly with what was replayed so far."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from printkit.games import get_game
from printkit.rules.progress import ProgressLine
from printkit.rules.replay_command import INTERRUPTED, replay_file
from tests.fuzz.harness import invoke, time_limit

EXAMPLE = Path(__file__).resolve().parents[2] / "printkit" / "games" / "warfare" / "example.log"
PAD = b"# a comment line that pads the log out to fifty megabytes ............\n"
FIFTY_MB = 50 * 2**20


def _opening() -> bytes:
    """The example's first six lines: a game under way, not finished."""
    return b"".join(EXAMPLE.read_bytes().splitlines(keepends=True)[:6])


def _padded(path: Path, head: bytes, tail: bytes = b"") -> Path:
    path.write_bytes(head + PAD * (FIFTY_MB // len(PAD)) + tail)
    return path


def test_fifty_mb_of_comments_replays(tmp_path: Path) -> None:
    log = _padded(tmp_path / "long.log", _opening())
    with time_limit(60):
        result = invoke(["replay", "--game", "warfare", str(log)])
    assert result.exit_code == 0, result.output[-500:]
    assert result.stdout.rstrip().endswith("unfinished after 5 moves")


def test_fifty_mb_of_moves_fails_on_its_first_bad_line(tmp_path: Path) -> None:
    """The same move over and over: the error names the first bad line, without reading the rest."""
    log = tmp_path / "long.log"
    game = EXAMPLE.read_bytes()
    log.write_bytes(game + b"X A1\n" * (FIFTY_MB // 5))
    with time_limit(30):
        result = invoke(["replay", "--game", "warfare", str(log), "--json"])
    lines = len(game.splitlines())
    assert result.exit_code == 1
    assert result.stderr == f"error: {log}:{lines + 2}: illegal move 'X A1': it is O's turn\n"


def test_fifty_mb_of_binary_fails_naming_the_line(tmp_path: Path) -> None:
    log = tmp_path / "binary.log"
    log.write_bytes(_opening() + bytes(range(256)) * (FIFTY_MB // 256))
    result = invoke(["replay", "--game", "warfare", str(log)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {log}:7: ") and result.stderr.count("\n") == 1, result.stderr[:300]


def test_a_fifty_mb_line_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "line.log"
    log.write_bytes(_opening() + b"X " + b"A" * FIFTY_MB)
    result = invoke(["replay", "--game", "warfare", str(log)])
    assert result.exit_code == 1
    assert result.stderr == f"error: {log}:7: a line of more than 10,000 characters (is this a game log?)\n"


def test_bom_and_crlf_replay_like_the_plain_log(tmp_path: Path) -> None:
    plain = invoke(["replay", "--game", "warfare", str(EXAMPLE), "--json"])
    log = tmp_path / "windows.log"
    log.write_bytes(b"\xef\xbb\xbf" + EXAMPLE.read_bytes().replace(b"\n", b"\r\n"))
    windows = invoke(["replay", "--game", "warfare", str(log), "--json"])
    assert windows.exit_code == 0 and windows.stdout == plain.stdout


def test_progress_on_a_terminal(tmp_path: Path) -> None:
    log = tmp_path / "long.log"
    log.write_bytes(_opening() + PAD * 50_000)
    screen = io.StringIO()
    rules = get_game("warfare").rules(get_game("warfare").params())
    played = replay_file(rules, str(log), ProgressLine(screen, every_s=0.0, force=True))
    shown = screen.getvalue()
    assert len(played.steps) == 5 and not played.interrupted
    assert f"\rreplaying {log}: 5 moves, 100% read (Ctrl-C stops)" in shown
    assert f"replaying {log}: 1 moves, 0% read" in shown
    assert shown.endswith("\r"), "the progress line is cleared at the end"


def test_no_progress_when_not_a_terminal(tmp_path: Path) -> None:
    result = invoke(["replay", "--game", "warfare", str(EXAMPLE)])
    assert result.exit_code == 0 and result.stderr == ""


def _reading(pid: int, path: Path, past: int, seconds: float = 300) -> None:
    """Wait until process ``pid`` has read ``path`` past byte ``past`` (Linux: /proc/PID/fdinfo)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            fds = list(Path(f"/proc/{pid}/fd").iterdir())
        except OSError:  # the process has ended: the test's own check says so
            return
        for fd in fds:
            try:
                if os.readlink(fd) == str(path):
                    pos = int(Path(f"/proc/{pid}/fdinfo/{fd.name}").read_text().split()[1])
                    if pos > past:
                        return
            except OSError:
                continue
        time.sleep(0.05)
    raise AssertionError(f"the replay did not read {path} in {seconds} s")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SIGINT and /proc")
def test_ctrl_c_stops_cleanly_with_what_was_replayed(tmp_path: Path) -> None:
    """Ctrl-C in the middle of a long replay: no traceback, the moves so far printed, exit 130."""
    log = _padded(tmp_path / "long.log", _opening())
    process = subprocess.Popen([sys.executable, "-m", "printkit", "replay", "--game", "warfare", str(log)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)
    # the file is read through a buffer: once the reading is a mebibyte past the opening, its moves are replayed
    _reading(process.pid, log, len(_opening()) + 2**20)
    assert process.poll() is None, "the replay ended before Ctrl-C"
    os.kill(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(timeout=300)
    assert process.returncode == INTERRUPTED, (stdout[-300:], stderr[-500:])
    assert b"Traceback" not in stderr
    assert stdout.decode().rstrip().endswith("interrupted after 5 moves")
    assert stderr.decode() == (f"interrupted (Ctrl-C): replayed 5 moves, up to line 6; the rest of {log} "
                               "was not replayed\n")


def test_an_interrupted_replay_keeps_its_moves_and_says_so_in_json() -> None:
    from printkit.rules.log import parse_log
    from printkit.rules.replay import replay, replay_json

    def lines():
        yield from parse_log(_opening().decode("utf-8"))
        raise KeyboardInterrupt

    rules = get_game("warfare").rules(get_game("warfare").params())
    played = replay(rules, lines(), "x.log", interruptible=True)
    data = replay_json(rules, played)
    assert played.interrupted and data["moves"] == 5 and data["interrupted"] is True and data["result"] == "unfinished"
    with pytest.raises(KeyboardInterrupt):
        replay(rules, lines(), "x.log")
