"""The browser table as its users start it: ``printkit play --web`` in a process of its own, and a page's websocket.

:class:`TableProcess` starts the command (on a free port, without a browser, computers moving at once), reads the
table's address and key from what it prints, and stops it with Ctrl-C. :class:`Socket` is one page's connection:
it sends requests and reads the scenes the table sends it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

REPO = Path(__file__).resolve().parents[2]
NOUGHTS = Path(__file__).resolve().parent / "noughts"
URL = re.compile(r"at the table: (http://[^/\s]+)/\?key=(\S+)")


class TableProcess:
    """``printkit play ... --web`` running; ``lines`` is everything it printed so far."""

    def __init__(self, *args: str, cwd: Path, timeout: float = 60.0) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        command = [sys.executable, "-m", "printkit", "play", *args, "--web", "--no-open", "--port", "0", "--pace", "0"]
        self.process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True, start_new_session=True)
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        deadline = time.monotonic() + timeout
        while True:
            found = next((URL.search(line) for line in self.lines if URL.search(line)), None)
            if found:
                self.base, self.key = found.group(1), found.group(2)
                break
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the table did not start:\n" + "\n".join(self.lines))
            time.sleep(0.05)
        self.url = f"{self.base}/?key={self.key}"

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    @property
    def ws(self) -> str:
        return self.base.replace("http://", "ws://") + "/ws"

    def output(self) -> str:
        return "\n".join(self.lines)

    def wait_output(self, text: str, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        while text not in self.output():
            if time.monotonic() > deadline:
                raise TimeoutError(f"the table did not print {text!r}:\n{self.output()}")
            time.sleep(0.05)
        return self.output()

    def stop(self) -> int:
        """Ctrl-C, as a person stops it (killed if it does not stop); its exit code."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self._reader.join(timeout=5)
        return self.process.returncode


class Socket:
    """One page's websocket: ``key=`` (the table's own page) or ``seat=CODE``."""

    def __init__(self, table: TableProcess, query: str | None = None) -> None:
        self.connection: ClientConnection = connect(f"{table.ws}?{query or 'key=' + table.key}", max_size=None).__enter__()
        self.scene: dict[str, Any] = {}
        self.replies: list[dict[str, Any]] = []

    def send(self, **message: Any) -> None:
        self.connection.send(json.dumps(message))

    def read(self, timeout: float = 10.0) -> dict[str, Any]:
        message = json.loads(self.connection.recv(timeout=timeout))
        if message["type"] == "state":
            self.scene = message
        else:
            self.replies.append(message)
        return message  # type: ignore[no-any-return]

    def until(self, test: Any, timeout: float = 15.0) -> dict[str, Any]:
        """Read until a message passes ``test``: that message."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.read(max(0.05, deadline - time.monotonic()))
            if test(message):
                return message

    def state(self, test: Any = lambda scene: True, timeout: float = 15.0) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "state" and test(m), timeout)

    def reply(self, kind: str = "refused", timeout: float = 10.0) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == kind, timeout)

    def close(self) -> None:
        self.connection.close()


def noughts_with(folder: Path, player: str, time_limit: float) -> Path:
    """A copy of the noughts kit in ``folder`` with ``[game] time_limit`` and one more method of rules.py (``player``:
    its source, indented as a method)."""
    kit = folder / "noughts"
    shutil.copytree(NOUGHTS, kit)
    toml = kit / "kit.toml"
    toml.write_text(toml.read_text().replace('rules = "rules.py"\n', f'rules = "rules.py"\ntime_limit = {time_limit}\n'))
    rules = kit / "rules.py"
    rules.write_text(rules.read_text() + "\n" + player)
    return kit
