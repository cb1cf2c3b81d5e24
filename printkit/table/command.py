"""``printkit play --web``: read the kit, seat the players, print the links, serve until Ctrl-C."""

from __future__ import annotations

import threading
import webbrowser
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from printkit.rules.playouts import UnknownPlayer, resolve
from printkit.rules.seats import PlayError, computer_seat
from printkit.table.host import Host, seat_words
from printkit.table.kitsource import KitSource
from printkit.table.match import COMPUTER, HERE, Seat
from printkit.table.server import TableServer, lan_address, listening_socket, serve

LOCAL = ("127.0.0.1", "localhost", "::1")


@dataclass(frozen=True)
class WebOptions:
    """How the table is served: address and port, whether to open a browser, the computer's pace (seconds a move)."""

    address: str = "127.0.0.1"
    port: int = 8765
    open_browser: bool = True
    pace: float = 0.6


def seating(host: Host, computer: str | None, side: str | None) -> list[Seat] | None:
    """The seats ``--computer PLAYER`` / ``--side SEAT`` / ``--vs-computer`` ask for (None: as saved, or all here)."""
    if computer is None and side is None:
        return None
    player = computer or host.kit.strongest
    try:
        resolve(host.kit.players, player, host.kit.name, "--computer")
    except UnknownPlayer as exc:
        raise PlayError(str(exc)) from None
    try:
        seat = computer_seat(host.kit.rules.player_names, side if side is not None else "2")
    except PlayError as exc:
        raise PlayError(f"--side: {exc}") from None
    assert seat is not None
    return [Seat(COMPUTER, player) if i == seat else Seat(HERE) for i in range(host.kit.rules.players)]


def run_table(source: KitSource, out: Path, log: Path | None, seed: int | None, computer: str | None, side: str | None,
              options: WebOptions, say: Callable[[str], None]) -> None:
    """Serve the table of ``source`` until Ctrl-C; every error before it starts is one PrintkitError."""
    sock = listening_socket(options.address, options.port)
    host = Host(source, out, log, seed, None, say)
    seats = seating(host, computer, side)
    if seats is not None:
        for index, seat in enumerate(seats):
            host.set_seat(index, seat.kind, seat.player)
    port = sock.getsockname()[1]
    local = f"http://127.0.0.1:{port}" if options.address in LOCAL or options.address in ("0.0.0.0", "::") else \
        f"http://{options.address}:{port}"
    if options.address not in LOCAL:
        network = lan_address() if options.address in ("0.0.0.0", "::") else options.address
        host.invite = f"http://{network}:{port}" if network else None
    url = f"{local}/?key={host.key}"
    names = host.kit.rules.player_names
    say(f"{host.kit.title} at the table: {url}")
    say("  seats: " + "; ".join(f"{names[i]} {seat_words(s)}" for i, s in enumerate(host.seats)))
    if host.invite:
        say(f"  others on your network join at {host.invite}/j/<code> (the Seats button shows each seat's code)")
    say(f"  the game is saved in {host.store.log} as you play (a restarted table resumes it); Ctrl-C stops")

    def started() -> None:
        if options.open_browser:
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()

    try:
        serve(TableServer(host, options.pace, say), sock, started)
    except KeyboardInterrupt:  # uvicorn stops cleanly on Ctrl-C, then raises it again
        pass
    say("stopped")
