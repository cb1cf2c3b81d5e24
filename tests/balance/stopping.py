"""Running printkit the way a user does (a process of its own, its own process group: a terminal's Ctrl-C goes to the
whole group) and checking how it stops: exit code, one line, no traceback, nothing left running."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

HANG = 300
"""Seconds a stopped command may take to end before the test calls it a hang (generous: the verdict is the command's
words and exit code; the bound only keeps a hang from holding the suite)."""


@dataclass
class Ended:
    code: int
    out: str
    err: str
    left: list[str]
    """Processes of the command's group still there after it ended (its workers, its guardian)."""


def start(*args: str) -> subprocess.Popen[str]:
    """``printkit ARGS`` in a session of its own (its process group is its pid)."""
    return subprocess.Popen([sys.executable, "-m", "printkit", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)


def members(group: int) -> list[str]:
    """The processes of process group ``group`` (pid and command line), zombies aside."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            after = (entry / "stat").read_bytes().rsplit(b")", 1)[1].split()
            if int(after[2]) == group and after[0] != b"Z":
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                found.append(f"{entry.name} {command}")
        except (OSError, IndexError, ValueError):
            continue
    return found


def ended(process: subprocess.Popen[str]) -> Ended:
    """Wait for ``process`` (at most :data:`HANG` seconds) and look for what it left behind."""
    try:
        out, err = process.communicate(timeout=HANG)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        raise AssertionError(f"printkit did not end within {HANG} s: {out}\n{err}") from None
    left = []
    for _ in range(50):  # the group's last processes may take a moment to go after their parent
        left = members(process.pid)
        if not left:
            break
        time.sleep(0.1)
    if left:
        os.killpg(process.pid, signal.SIGKILL)
    return Ended(process.returncode, out, err, left)


def wait_until(check, process: subprocess.Popen[str]) -> None:
    """Wait until ``check()`` holds while ``process`` runs (its end first is the test's failure)."""
    end = time.monotonic() + HANG
    while not check():
        assert process.poll() is None, f"printkit ended before it was stopped: {process.communicate()}"
        assert time.monotonic() < end, "printkit did not get going"
        time.sleep(0.05)


def busy_workers(process: subprocess.Popen[str], count: int) -> bool:
    """Whether ``count`` worker processes of ``process`` have started playing (used some CPU time)."""
    from printkit.guard.supervisor import process_cpu

    workers = [line.split()[0] for line in members(process.pid) if int(line.split()[0]) != process.pid]
    return sum(1 for pid in workers if (process_cpu(int(pid)) or 0) > 0.05) >= count


def points_done(path: Path) -> int:
    try:
        return int(json.loads(path.read_text())["points_done"])
    except (OSError, ValueError, KeyError):
        return 0


def assert_one_line_no_traceback(result: Ended, marker: str) -> None:
    """No traceback, no worker's complaint, ``marker`` said exactly once, nothing left running."""
    text = result.out + result.err
    assert "Traceback" not in text and "Process " not in text and "KeyboardInterrupt" not in text, text
    assert text.count(marker) == 1, text
    assert not result.left, result.left
