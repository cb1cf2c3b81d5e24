"""What a page may ask of the table, over real websockets to ``printkit play --web``: moves out of turn, from the
wrong seat, illegal, stale, malformed or oversized are refused with nothing changed; many pages and a page that never
reads do not stall the others; unknown keys are turned away; the log is had only when it gives nothing away.
"""

from __future__ import annotations

import json
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from printkit.datakit.scaffold import scaffold
from printkit.table.server import MAX_MESSAGE, MAX_PAGES_PER_KEY
from tests.table.table_helpers import Socket, TableProcess


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TableProcess]:
    """The scaffold game at a table whose second seat plays from another browser."""
    folder = tmp_path_factory.mktemp("requests")
    scaffold(folder / "starter", "Star Race", rules=True)
    process = TableProcess("--kit", str(folder / "starter"), "--seed", "4", "--out", str(folder / "out"), cwd=folder)
    yield process
    assert process.stop() == 0


@pytest.fixture()
def seats(table: TableProcess) -> Iterator[tuple[Socket, Socket]]:
    """A new game: the table's own page (Player 1 here) and Player 2's page (joined by its code)."""
    host = Socket(table)
    host.state()
    game = host.scene["game"]
    host.send(type="seat", seat=1, kind="remote")
    host.send(type="new")
    host.state(lambda s: s["seats"][1]["kind"] == "remote" and s["game"] > game)
    friend = Socket(table, f"seat={host.scene['seats'][1]['code']}")
    friend.state()
    yield host, friend
    host.close()
    friend.close()


def refused(page: Socket, **request: object) -> str:
    page.send(**request)
    return str(page.reply()["reason"])


def unchanged(page: Socket, version: int) -> None:
    """The table still answers and its game did not move (a note is the cheapest question that gets a new scene)."""
    page.send(type="note", move=1, text="still here")
    assert page.state(lambda s: s["log"][0]["note"] == "still here")["version"] == version


def test_a_move_out_of_turn_from_the_wrong_seat_or_illegal_is_refused_and_nothing_changes(seats: tuple[Socket, Socket]) -> None:
    host, friend = seats
    version = host.scene["version"]
    move = host.scene["choices"]["options"][0]["n"]
    assert friend.scene["choices"] is None
    assert refused(friend, type="move", at=version, move=move) == "it is Player 1's turn"
    assert refused(host, type="move", at=version, move=move, seat=1) == "that page is Player 1's, not seat 2's"
    assert refused(host, type="move", at=version, move="play Nothing At All").startswith("not a legal move of Player 1 here (legal: play ")
    assert refused(host, type="move", at=version - 1, move=move) == "the game has moved on since that page was drawn: look again"
    assert refused(friend, type="new") == "only the table's own page may new"
    assert refused(friend, type="seat", seat=0, kind="computer") == "only the table's own page may seat"
    assert refused(friend, type="undo") == "only the table's own page may undo"
    unchanged(host, version)
    host.send(type="move", at=version, move=move)
    assert friend.state(lambda s: s["choices"] is not None)["version"] == version + 1


@pytest.mark.parametrize("text, reason", [
    ("not json", "malformed request: not JSON"),
    ("[1, 2]", "malformed request: expected an object whose type is one of"),
    ('{"type": "fly"}', "malformed request: expected an object whose type is one of"),
    ('{"type": "move", "at": "0", "move": "x"}', "malformed request: at must be a number"),
    ('{"type": "move", "at": 0}', "malformed request: move needs move"),
    ('{"type": "move", "at": 0, "move": "x", "as": "admin"}', "malformed request: move takes no field 'as'"),
    ('{"type": "move", "at": 1e400, "move": "x"}', "malformed request: at must be a number"),
    ('{"type": "move", "at": 99999999999, "move": "x"}', "malformed request: at out of range"),
    ('{"type": "move", "at": true, "move": "x"}', "malformed request: at must be a number"),
    ('{"type": "note", "move": 1, "text": "' + "x" * 3000 + '"}', "malformed request: text longer than 2000 characters"),
])
def test_a_malformed_request_is_refused_and_the_page_stays(seats: tuple[Socket, Socket], text: str, reason: str) -> None:
    host, _ = seats
    version = host.scene["version"]
    host.connection.send(text)
    assert str(host.reply()["reason"]).startswith(reason)
    unchanged(host, version)


def test_an_oversized_message_closes_that_page_only(seats: tuple[Socket, Socket]) -> None:
    host, friend = seats
    version = host.scene["version"]
    friend.connection.send(json.dumps({"type": "note", "move": 1, "text": "x" * (MAX_MESSAGE + 10)}))
    with pytest.raises(ConnectionClosed) as closed:
        friend.read(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    unchanged(host, version)


def test_a_flood_of_requests_closes_that_page_only(seats: tuple[Socket, Socket]) -> None:
    host, friend = seats
    version = host.scene["version"]
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(400):
            friend.send(type="why", at=0, item="nothing")
        while True:
            friend.read(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    unchanged(host, version)


def test_pages_past_the_limit_are_turned_away_and_the_rest_go_on(table: TableProcess, seats: tuple[Socket, Socket]) -> None:
    host, friend = seats
    more = [Socket(table) for _ in range(MAX_PAGES_PER_KEY - 1)]
    for page in more:
        page.state()
    extra = Socket(table)
    with pytest.raises(ConnectionClosed) as closed:
        extra.read(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
    unknown = Socket(table, "seat=ZZZZZZ")
    with pytest.raises(ConnectionClosed) as turned_away:
        unknown.read(timeout=10)
    assert turned_away.value.rcvd is not None and turned_away.value.rcvd.code == 4401
    version = host.scene["version"]
    host.send(type="move", at=version, move=host.scene["choices"]["options"][0]["n"])
    assert friend.state(lambda s: s["version"] == version + 1)
    for page in more:
        assert page.state(lambda s: s["version"] == version + 1)
        page.close()


def test_a_page_that_never_reads_stalls_nobody(table: TableProcess, seats: tuple[Socket, Socket]) -> None:
    """A page whose socket buffers are full (it reads nothing) while the game goes on: the others' answers still come at
    once (each page has its own sender; a scene not sent yet is replaced by the newest)."""
    host, friend = seats
    port = int(table.base.rsplit(":", 1)[1])
    slow = socket.socket()
    slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    slow.connect(("127.0.0.1", port))
    slow.sendall((f"GET /ws?key={table.key} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    try:
        slowest = 0.0
        for n in range(100):
            started = time.monotonic()
            host.send(type="note", move=1, text=f"note {n} " + "x" * 480)
            host.state(lambda s, n=n: s["log"][0]["note"].startswith(f"note {n} "))
            slowest = max(slowest, time.monotonic() - started)
        assert unsent(port, slow.getsockname()[1]) > 0  # the table holds scenes the slow page has not taken
        assert slowest < 2.0
        version = host.scene["version"]
        host.send(type="move", at=version, move=host.scene["choices"]["options"][0]["n"])
        assert friend.state(lambda s: s["version"] == version + 1, timeout=5)
    finally:
        slow.close()


def unsent(port: int, peer: int) -> int:
    """Bytes the table's end of a connection (its port, the peer's port) holds unsent, from /proc/net/tcp."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote = fields[1].split(":"), fields[2].split(":")
        if int(local[1], 16) == port and int(remote[1], 16) == peer:
            return int(fields[4].split(":")[0], 16)
    raise LookupError("no such connection")


def test_the_log_is_had_only_when_it_gives_no_hand_away(table: TableProcess, seats: tuple[Socket, Socket]) -> None:
    host, friend = seats
    code = host.scene["seats"][1]["code"]
    for query in (f"seat={code}", f"key={table.key}"):  # a game with a seat elsewhere: the shuffle's order is a secret
        with pytest.raises(urllib.error.HTTPError) as refused_log:
            urllib.request.urlopen(f"{table.base}/log?{query}", timeout=10)
        assert refused_log.value.code == 403
    assert friend.scene["download"] is False and host.scene["download"] is False
    with pytest.raises(urllib.error.HTTPError) as unknown:
        urllib.request.urlopen(f"{table.base}/log?seat=ZZZZZZ", timeout=10)
    assert unknown.value.code == 403


def test_a_seat_taken_back_closes_its_page_and_refuses_it(table: TableProcess, seats: tuple[Socket, Socket]) -> None:
    host, friend = seats
    version = host.scene["version"]
    host.send(type="seat", seat=1, kind="here")
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            friend.read(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    assert host.state(lambda s: s["seats"][1]["kind"] == "here")["version"] == version


def test_a_join_link_leads_to_the_seat(table: TableProcess, seats: tuple[Socket, Socket]) -> None:
    host, _ = seats
    code = host.scene["seats"][1]["code"]

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    with pytest.raises(urllib.error.HTTPError) as moved:
        urllib.request.build_opener(NoRedirect).open(f"{table.base}/j/{code}", timeout=10)
    assert moved.value.code == 303 and moved.value.headers["Location"] == f"/?seat={code}"


def test_guessing_join_codes_is_stopped_and_the_seated_pages_go_on(table: TableProcess, seats: tuple[Socket, Socket]) -> None:
    """Past 30 wrong codes a minute every unknown page is turned away without a look (runs last: it lasts a minute)."""
    from printkit.table.server import MAX_WRONG_CODES

    codes = []
    for n in range(MAX_WRONG_CODES + 1):
        guess = Socket(table, f"seat=AAAA{n:02d}")
        with pytest.raises(ConnectionClosed) as closed:
            guess.read(timeout=10)
        codes.append(closed.value.rcvd.code if closed.value.rcvd else None)
    first = codes.index(1013)  # the module's earlier tests turned some away already
    assert set(codes[:first]) == {4401} and set(codes[first:]) == {1013} and first <= MAX_WRONG_CODES
    host, friend = seats
    version = host.scene["version"]
    unchanged(host, version)
