"""The browser table's round trip: from a page sending a move to that page holding the table's new scene.

Run with ``python bench/table_latency.py [--json] [--moves N]``. A real ``printkit play --kit STARTER --web`` runs in a
subprocess (the ``printkit new --rules`` scaffold, its second seat joined from another page by its code, as a friend
on the network joins); two websocket clients play the game's first legal move in turn, game after game, and each move
is timed from the send to the mover's new scene (its legal moves, views, pieces and notation made and sent), and to
the other seat's. The floor is a websocket echo of a message as large as a scene, through the same server stack
(Starlette on uvicorn) in the same run: the ratio says what the table adds to the network's own cost. The target is
a median round trip of at most 100 ms on this machine.

A computer seat thinks on a thread of its own: the same page's requests are timed while one does (``mcts:600s``
searching as Player 1) and while none does, a note on the log each (a request through the game's thread that sends
the page its new scene).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

TARGET_MS = 100.0
PAUSE = 0.03
"""Seconds between moves: each page stays under the table's limit of requests a second (a faster page is closed as
flooding)."""


def table_round_trips(moves: int) -> tuple[list[float], list[float], int]:
    """(the mover's round trips, the other seat's, the largest scene in bytes), seconds."""
    return _at_table([], lambda port, key: _play(port, key, moves))


def note_round_trips(count: int, thinking: bool) -> list[float]:
    """A note's round trip on the table's own page, ``thinking``: while the computer (Player 1, mcts:600s) searches."""
    computer = ["--computer", "mcts:600s", "--side", "1"] if thinking else []
    return _at_table(computer, lambda port, key: _notes(port, key, count, thinking))


def _at_table(args: list[str], run: Any) -> Any:
    """``run(port, key)`` against ``printkit play --kit STARTER --web ARGS`` (the scaffold) running meanwhile."""
    from printkit.datakit.scaffold import scaffold

    with tempfile.TemporaryDirectory() as tmp:
        scaffold(Path(tmp) / "starter", "Star Race", rules=True)
        process = subprocess.Popen([sys.executable, "-m", "printkit", "play", "--kit", "starter", "--web", "--no-open", "--port",
                                    "0", "--pace", "0", "--out", "out", *args], cwd=tmp, stdout=subprocess.PIPE, text=True,
                                   env={**os.environ, "PYTHONUNBUFFERED": "1"}, start_new_session=True)
        try:
            assert process.stdout is not None
            url = process.stdout.readline().split("at the table: ", 1)[1].strip()
            base, key = url.split("/?key=")
            return run(int(base.rsplit(":", 1)[1]), key)
        finally:
            os.killpg(process.pid, signal.SIGINT)
            process.wait(timeout=15)


def _notes(port: int, key: str, count: int, thinking: bool) -> list[float]:
    page = RawPage(port, f"key={key}")
    words = "the computer (mcts:600s) is thinking" if thinking else "your turn"
    page.until(lambda s: s["status"].endswith(words))
    times = []
    for n in range(count):
        time.sleep(PAUSE)
        start = time.perf_counter()
        page.send(type="note", move=1, text=f"note {n}")
        page.until(lambda s: s["log"][0]["note"] == f"note {n}")
        times.append(page.arrived - start)
    assert page.scene["status"].endswith(words)  # the computer still thinking: every note was answered meanwhile
    page.sock.close()
    return times


class RawPage:
    """A page's websocket on a plain socket (the handshake, masked text frames out, frames in): each scene's arrival is
    timed by the socket itself, not by a client library's own scheduling."""

    def __init__(self, port: int, query: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock.sendall((f"GET /ws?{query} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.sock.recv(65536)
        self.buffer = self.buffer.split(b"\r\n\r\n", 1)[1]
        self.scene: dict[str, Any] = {}
        self.arrived = self.received = time.perf_counter()
        self.size = 0

    def send(self, **message: Any) -> None:
        self._send(0x1, json.dumps(message).encode())

    def _send(self, opcode: int, data: bytes) -> None:
        mask = os.urandom(4)
        first = 0x80 | opcode
        head = bytes([first, 0x80 | len(data)]) if len(data) < 126 else bytes([first, 0xFE]) + len(data).to_bytes(2, "big")
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _frame(self) -> tuple[int, bytes] | None:
        if len(self.buffer) < 2:
            return None
        opcode, length, at = self.buffer[0] & 0x0F, self.buffer[1] & 0x7F, 2
        if length == 126:
            length, at = int.from_bytes(self.buffer[2:4], "big"), 4
        elif length == 127:
            length, at = int.from_bytes(self.buffer[2:10], "big"), 10
        if len(self.buffer) < at + length:
            return None
        frame, self.buffer = self.buffer[at:at + length], self.buffer[at + length:]
        return opcode, frame

    def until(self, test: Any) -> dict[str, Any]:
        """Read scenes until one passes ``test`` (each one's arrival noted)."""
        while not (self.scene and test(self.scene)):
            found = self._frame()
            if found is None:
                chunk = self.sock.recv(1 << 20)
                if not chunk:
                    raise ConnectionError("the table closed the page")
                self.buffer += chunk
                self.received = time.perf_counter()
                continue
            opcode, frame = found
            if opcode == 0x9:  # the server's ping: answered, or it closes the page
                self._send(0xA, frame)
            if opcode != 0x1:
                continue
            message = json.loads(frame)
            if message["type"] == "state":
                self.scene, self.arrived, self.size = message, self.received, len(frame)
        return self.scene


def _play(port: int, key: str, moves: int) -> tuple[list[float], list[float], int]:
    host = RawPage(port, f"key={key}")
    host.until(lambda s: True)
    host.send(type="seat", seat=1, kind="remote")
    scene = host.until(lambda s: s["seats"][1]["kind"] == "remote")
    friend = RawPage(port, f"seat={scene['seats'][1]['code']}")
    friend.until(lambda s: True)
    seats = [host, friend]
    mover_times: list[float] = []
    other_times: list[float] = []
    size = 0
    while len(mover_times) < moves:
        version = max(seat.scene["version"] for seat in seats)
        scenes = [seat.until(lambda s: s["version"] == version) for seat in seats]
        if scenes[0]["outcome"]:
            host.send(type="new")
            for seat in seats:
                seat.until(lambda s: s["version"] > version)
            continue
        mover = next(i for i in (0, 1) if scenes[i]["choices"])
        time.sleep(PAUSE)
        start = time.perf_counter()
        seats[mover].send(type="move", at=version, move=scenes[mover]["choices"]["options"][0]["n"])
        for seat in seats:
            seat.until(lambda s: s["version"] > version)
        mover_times.append(seats[mover].arrived - start)
        other_times.append(seats[1 - mover].arrived - start)
        size = max(size, seats[mover].size)
    for seat in seats:
        seat.sock.close()
    return mover_times, other_times, size


def echo_round_trips(size: int, count: int) -> list[float]:
    """A websocket echo of ``size`` bytes through Starlette on uvicorn: the floor of any round trip on this stack."""
    import uvicorn
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    async def echo(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            while True:
                await websocket.send_text(await websocket.receive_text())
        except WebSocketDisconnect:
            pass

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(Starlette(routes=[WebSocketRoute("/ws", echo)]), log_level="warning",
                                           ws_per_message_deflate=False))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    times = []
    with connect(f"ws://127.0.0.1:{sock.getsockname()[1]}/ws", max_size=None) as page:
        payload = "x" * size
        for _ in range(count):
            start = time.perf_counter()
            page.send(payload)
            page.recv(timeout=10)
            times.append(time.perf_counter() - start)
    server.should_exit = True
    thread.join(timeout=10)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    mover, other, size = table_round_trips(args.moves)
    floor = echo_round_trips(size, args.moves)
    quiet, busy = note_round_trips(args.moves, False), note_round_trips(args.moves, True)

    def ms(times: list[float], share: float) -> float:
        return 1000 * statistics.quantiles(times, n=100)[int(share * 100) - 1] if share < 1 else 1000 * max(times)

    result = {"moves": len(mover), "scene_bytes": size,
              "mover_ms": {"median": 1000 * statistics.median(mover), "p95": ms(mover, 0.95), "max": 1000 * max(mover)},
              "other_seat_ms": {"median": 1000 * statistics.median(other), "p95": ms(other, 0.95)},
              "echo_floor_ms": {"median": 1000 * statistics.median(floor), "p95": ms(floor, 0.95)},
              "ratio_to_floor": statistics.median(mover) / statistics.median(floor), "target_ms": TARGET_MS,
              "note_ms": {"median": 1000 * statistics.median(quiet), "p95": ms(quiet, 0.95)},
              "note_while_thinking_ms": {"median": 1000 * statistics.median(busy), "p95": ms(busy, 0.95),
                                         "max": 1000 * max(busy)}}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"scaffold game, {result['moves']} moves, scenes up to {size:,} bytes")
    print(f"  move round trip (mover's new scene): median {result['mover_ms']['median']:.1f} ms, "
          f"p95 {result['mover_ms']['p95']:.1f} ms, max {result['mover_ms']['max']:.1f} ms (target <= {TARGET_MS:.0f} ms)")
    print(f"  the other seat's new scene: median {result['other_seat_ms']['median']:.1f} ms, p95 {result['other_seat_ms']['p95']:.1f} ms")
    print(f"  floor, a websocket echo of {size:,} bytes: median {result['echo_floor_ms']['median']:.2f} ms "
          f"(the table: {result['ratio_to_floor']:.1f}x the floor)")
    print(f"  a note's round trip: median {result['note_ms']['median']:.1f} ms, p95 {result['note_ms']['p95']:.1f} ms; "
          f"while the computer thinks (mcts): median {result['note_while_thinking_ms']['median']:.1f} ms, "
          f"p95 {result['note_while_thinking_ms']['p95']:.1f} ms, max {result['note_while_thinking_ms']['max']:.1f} ms")


if __name__ == "__main__":
    main()
