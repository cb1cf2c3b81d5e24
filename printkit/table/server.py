"""The table served: Starlette routes and one websocket per page, run by uvicorn.

Each page's socket has a sender of its own with a coalescing outbox (the newest scene replaces one not yet sent), so
a page that reads slowly or not at all delays nobody else and is dropped when a send takes longer than
:data:`SEND_TIMEOUT`. Every call into the game runs on one thread, in order (the event loop never runs the designer's
code); a request is checked for its shape and size before it gets there, and a page that floods or keeps sending
nonsense is closed. A computer seat thinks on a thread of its own (:mod:`printkit.table.threads`), so its search
holds up no page and no request; it moves at least :attr:`TableServer.pace` after its turn came.
"""

from __future__ import annotations

import asyncio
import json
import socket
import sys
import time
from collections import deque
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any, AsyncIterator, Callable, TypeVar

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from printkit.errors import PrintkitError
from printkit.guard.limits import Limits, bounded
from printkit.table.art import SAFE_PART
from printkit.table.host import Host, Who
from printkit.table.match import Refused, Thinking
from printkit.table.threads import GameThread, on_own_thread

STATIC = Path(__file__).resolve().parent / "static"
MAX_MESSAGE = 16 * 1024
"""The largest message a page may send, in bytes (a move is a few dozen; a note at most 500 characters)."""
MAX_PAGES = 32
"""Pages connected at once; more are turned away (close code 1013)."""
MAX_PAGES_PER_KEY = 6
"""Pages of one seat (or of the table's own key) at once."""
MAX_RATE = 40
"""Requests a page may send per second (averaged over a few seconds) before it is closed as flooding."""
MAX_NONSENSE = 20
"""Malformed requests a page may send before it is closed."""
MAX_QUEUED = 64
"""Replies waiting for a page that does not read; one more and it is dropped."""
MAX_WRONG_CODES = 30
"""Wrong keys or join codes a minute before the table turns every unknown page away without looking."""
SEND_TIMEOUT = 10.0
"""Seconds one send to a page may take before the page is taken for gone."""
SWITCH_INTERVAL = 0.0005
"""Seconds a thread holds the interpreter while another waits for it (Python's default: 0.005). A computer's search
holds it between the page's requests; each request passes it several times (the event loop, the game's thread, back),
so a short interval keeps a page's round trip short while the computer thinks, at no cost when nobody waits."""
T = TypeVar("T")

FIELDS: dict[str, dict[str, tuple[type, bool]]] = {
    "move": {"at": (int, True), "move": (str, True), "seat": (int, False)},
    "why": {"at": (int, True), "item": (str, True)},
    "note": {"move": (int, True), "text": (str, True)},
    "undo": {},
    "new": {},
    "seat": {"seat": (int, True), "kind": (str, True), "player": (str, False)},
    "ready": {"seat": (int, True)},
}
"""Each request's fields: (type, required). Nothing else is accepted."""
MAX_TEXT = {"move": 1000, "item": 200, "text": 2000, "kind": 20, "player": 100}


def parse_request(text: str) -> dict[str, Any]:
    """A page's request checked for its shape: a JSON object of a known type with exactly its fields (Refused)."""
    if len(text) > MAX_MESSAGE:
        raise Refused(f"malformed request: longer than {MAX_MESSAGE} characters")
    try:
        data = json.loads(text)
    except ValueError:
        raise Refused("malformed request: not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str) or data["type"] not in FIELDS:
        raise Refused(f"malformed request: expected an object whose type is one of {', '.join(FIELDS)}")
    fields = FIELDS[data["type"]]
    for name, value in data.items():
        if name == "type":
            continue
        if name not in fields:
            raise Refused(f"malformed request: {data['type']} takes no field {name[:40]!r}")
        kind, _ = fields[name]
        if value is None and not fields[name][1]:
            continue
        if not isinstance(value, kind) or isinstance(value, bool):
            raise Refused(f"malformed request: {name} must be {'a number' if kind is int else 'text'}")
        if kind is int and not -1 <= value <= 10_000_000:
            raise Refused(f"malformed request: {name} out of range")
        if kind is str and len(value) > MAX_TEXT.get(name, 200):
            raise Refused(f"malformed request: {name} longer than {MAX_TEXT.get(name, 200)} characters")
    missing = [name for name, (_, required) in fields.items() if required and name not in data]
    if missing:
        raise Refused(f"malformed request: {data['type']} needs {', '.join(missing)}")
    return data


class Page:
    """One connected page: who it is and what waits to be sent to it."""

    def __init__(self, socket_: WebSocket, who: Who) -> None:
        self.socket, self.who = socket_, who
        self.latest: str | None = None
        self.queue: deque[str] = deque()
        self.wake = asyncio.Event()
        self.gone = False
        self.sent_at: deque[float] = deque(maxlen=MAX_RATE * 3)
        self.nonsense = 0

    def show(self, text: str) -> None:
        """The newest scene (replacing one not sent yet)."""
        self.latest = text
        self.wake.set()

    def tell(self, message: dict[str, Any]) -> None:
        if len(self.queue) >= MAX_QUEUED:
            self.gone = True
        else:
            self.queue.append(json.dumps(message))
        self.wake.set()

    def flooding(self) -> bool:
        now = time.monotonic()
        self.sent_at.append(now)
        return len(self.sent_at) == self.sent_at.maxlen and now - self.sent_at[0] < 3.0

    async def send_all(self) -> None:
        """Send what waits, until the page is gone (a send past :data:`SEND_TIMEOUT` counts as gone)."""
        while not self.gone:
            await self.wake.wait()
            self.wake.clear()
            while self.queue and not self.gone:
                await asyncio.wait_for(self.socket.send_text(self.queue.popleft()), SEND_TIMEOUT)
            if self.latest is not None and not self.gone:
                text, self.latest = self.latest, None
                await asyncio.wait_for(self.socket.send_text(text), SEND_TIMEOUT)


def think(thinking: Thinking, limits: Limits) -> Thinking:
    """A computer's decision made on its own thread, under the kit's memory limit."""
    with bounded(limits):
        return thinking.run()


class TableServer:
    """The table's pages and the one thread that runs the game."""

    def __init__(self, host: Host, pace: float = 0.6, say: Callable[[str], None] = print) -> None:
        self.host, self.pace, self.say = host, pace, say
        self.pages: set[Page] = set()
        self.worker: GameThread | None = None
        self.computer: asyncio.Task[None] | None = None
        self.watcher: asyncio.Task[None] | None = None
        self.refused_joins: deque[float] = deque(maxlen=MAX_WRONG_CODES)
        """When pages were turned away for a wrong key or code: more than MAX_WRONG_CODES a minute and the table stops
        looking codes up for a while (a six-letter code is not guessed by trying)."""

    async def call(self, function: Callable[[], T], fallback: T) -> T:
        """``function()`` on the game's thread, after every call before it; ``fallback`` when the kit's time limit
        stopped it (the game stopped with that error, the table goes on)."""
        assert self.worker is not None
        return await self.worker.run(lambda: self.host.guarded(function, fallback))

    # --- pages ---------------------------------------------------------------------------------
    def who(self, key: str | None, seat: str | None) -> Who | None:
        if key:
            import secrets

            return Who("host") if secrets.compare_digest(key, self.host.key) else None
        if seat:
            index = self.host.seat_of_code(seat)
            return None if index is None else Who("seat", index, self.host.seats[index].code)
        return None

    async def show_all(self, kick: bool = True) -> None:
        """Send every page its new scene (each made from its own seat's view); then let a computer seat move."""
        pages = [p for p in self.pages if not p.gone]

        def scenes() -> dict[Who, str]:
            for seat in range(len(self.host.seats)):
                self.host.connected[seat] = sum(1 for p in pages if p.who.seat == seat and self.host.seated(p.who))
            return {who: json.dumps(self.host.scene(who), separators=(",", ":")) for who in {p.who for p in pages}
                    if self.host.seated(who)}

        made = await self.call(scenes, None) or await self.call(scenes, {})  # stopped by the time limit: the error's scenes
        for page in pages:
            if page.who in made:
                page.show(made[page.who])
            else:  # its seat was taken back: it is sent nothing more
                page.gone = True
                page.wake.set()
                asyncio.create_task(page.socket.close(code=4401, reason="this seat is played elsewhere now"))
        if kick:
            self.kick()

    def kick(self) -> None:
        """Let the computer seats play if one is to decide."""
        if self.computer is None or self.computer.done():
            self.computer = asyncio.create_task(self._computers())

    async def _computers(self) -> None:
        """Computer seats decide while one is to: each decision on a thread of its own, made if the game is still
        where it was when the thinking began (an undo, a new game or a seat given to a person meanwhile drop it)."""
        try:
            while True:
                thinking = await self.call(self.host.computer_turn, None)
                if thinking is None:
                    return
                done = asyncio.get_running_loop().time() + self.pace
                await on_own_thread(partial(think, thinking, self.host.kit.limits), f"printkit-table-{thinking.name}")
                await asyncio.sleep(done - asyncio.get_running_loop().time())
                if await self.call(partial(self.host.computer_done, thinking), False):
                    await self.show_all(kick=False)
        except Exception as exc:  # a fault of the table itself, not of the rules (the host keeps those)
            self.fault(exc)
            await self.call(self.host.drop_thinking, None)  # the next scene sent lets the computer try again

    def fault(self, exc: BaseException) -> None:
        """A failure of the table's own code: its traceback in the terminal (the pages stay connected)."""
        import traceback

        self.say("error: the table failed: " + "".join(traceback.format_exception(exc)).rstrip())

    async def socket(self, websocket: WebSocket) -> None:
        await websocket.accept()
        guessing = len(self.refused_joins) == self.refused_joins.maxlen and time.monotonic() - self.refused_joins[0] < 60
        who = None if guessing else self.who(websocket.query_params.get("key"), websocket.query_params.get("seat"))
        if who is None:
            self.refused_joins.append(time.monotonic())
            reason = "too many wrong join codes: try again in a minute" if guessing else \
                "unknown key or join code: ask the table for its link"
            await websocket.close(code=1013 if guessing else 4401, reason=reason)
            return
        same = sum(1 for p in self.pages if p.who == who)
        if len(self.pages) >= MAX_PAGES or same >= MAX_PAGES_PER_KEY:
            await websocket.close(code=1013, reason="too many pages connected: close one and try again")
            return
        page = Page(websocket, who)
        self.pages.add(page)
        sender = asyncio.create_task(self._send(page))
        try:
            await self.show_all()
            await self._receive(page)
        finally:
            page.gone = True
            page.wake.set()
            self.pages.discard(page)
            sender.cancel()
            if who.role == "seat":
                await self.show_all()

    async def _send(self, page: Page) -> None:
        try:
            await page.send_all()
        except (asyncio.TimeoutError, WebSocketDisconnect, RuntimeError, OSError):
            pass
        page.gone = True
        try:
            await asyncio.wait_for(page.socket.close(code=1011, reason="the page did not keep up"), 1.0)
        except (asyncio.TimeoutError, RuntimeError, OSError, WebSocketDisconnect):
            pass

    async def _receive(self, page: Page) -> None:
        while not page.gone:
            try:
                text = await page.socket.receive_text()
            except (WebSocketDisconnect, RuntimeError, KeyError):
                return
            if page.flooding():
                await page.socket.close(code=1008, reason="too many requests")
                return
            try:
                request = parse_request(text)
            except Refused as exc:
                page.nonsense += 1
                if page.nonsense > MAX_NONSENSE:
                    await page.socket.close(code=1008, reason="too many malformed requests")
                    return
                page.tell({"type": "refused", "reason": str(exc)})
                continue
            await self._request(page, request)

    async def _request(self, page: Page, request: dict[str, Any]) -> None:
        def handle() -> dict[str, Any] | None:
            try:
                return self.host.handle(page.who, request)
            except Refused as exc:
                return {"type": "refused", "reason": str(exc), "request": request["type"]}

        try:
            reply = await self.call(handle, {"type": "refused", "reason": "the game stopped: past the kit's time limit"})
        except Exception as exc:  # a fault of the table itself: said in the terminal with its traceback, the page stays
            self.fault(exc)
            reply = {"type": "refused", "reason": f"the table failed on that request ({type(exc).__name__}: {exc})"}
        if reply is not None:
            page.tell(reply)
        if reply is None or reply.get("type") != "why":
            await self.show_all()

    # --- the kit's files -----------------------------------------------------------------------
    async def watch_kit(self) -> None:
        """Read the kit again whenever its files change (the next game uses it)."""
        import watchfiles

        paths = [p for p in self.host.kit.watched if p.exists()]
        if not paths:
            return
        async for _ in watchfiles.awatch(*paths, debounce=400, recursive=True):
            await self.call(self.host.reload, False)
            await self.show_all()

    # --- HTTP ----------------------------------------------------------------------------------
    async def page(self, request: Request) -> Response:
        return FileResponse(STATIC / "table.html", headers={"Cache-Control": "no-store"})

    async def join(self, request: Request) -> Response:
        return RedirectResponse(f"/?seat={request.path_params['code']}", status_code=303)

    async def art(self, request: Request) -> Response:
        parts = tuple(str(request.path_params["path"]).split("/"))
        if not all(SAFE_PART.fullmatch(p) for p in parts) or not parts[0].isdigit():
            return PlainTextResponse("no such art", status_code=404)
        kits = [k for k in (self.host.kit, self.host.fresh) if k is not None and k.art.version == int(parts[0])]
        if not kits:
            return PlainTextResponse("no such art (the kit changed)", status_code=404)
        svg = await asyncio.get_running_loop().run_in_executor(None, kits[0].art.svg, parts[1:])
        if svg is None:
            return PlainTextResponse("no such art", status_code=404)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=31536000, immutable"})

    async def log(self, request: Request) -> Response:
        who = self.who(request.query_params.get("key"), request.query_params.get("seat"))
        if who is None:
            return PlainTextResponse("unknown key or join code", status_code=403)

        def text() -> str | None:
            scene_allows = (who.role == "host" and self.host.match.hot_seat()) or self.host.match.outcome() is not None
            return self.host.log_text() if scene_allows else None

        body = await self.call(text, None)
        if body is None:
            return PlainTextResponse("the log holds every hand: it can be had when the game is over", status_code=403)
        name = f"{self.host.kit.name}-game-{self.host.number}.log"
        return Response(body, media_type="text/plain; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"})

    def app(self, on_start: Callable[[], None] | None = None) -> Starlette:
        @asynccontextmanager
        async def lifespan(app: Starlette) -> AsyncIterator[None]:
            self.worker = GameThread("printkit-table")
            self.watcher = asyncio.create_task(self.watch_kit())
            self.kick()
            if on_start is not None:
                on_start()
            try:
                yield
            finally:
                for task in (self.watcher, self.computer):
                    if task is not None:
                        task.cancel()
                self.host.drop_thinking()  # a search under way stops
                self.worker.stop()

        routes = [Route("/", self.page), Route("/j/{code}", self.join), Route("/log", self.log),
                  Route("/art/{path:path}", self.art), Mount("/static", StaticFiles(directory=STATIC)),
                  WebSocketRoute("/ws", self.socket)]
        # The art is SVG with its fonts inside (about 170 KB a card): gzip halves what a phone on the network fetches.
        return Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(GZipMiddleware, minimum_size=2048)])


def listening_socket(address: str, port: int) -> socket.socket:
    """A socket bound to ``address:port``, or one PrintkitError saying why not."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)  # asyncio sets TCP_NODELAY on what it accepts
    # only for sockets whose protocol says TCP: without it a scene waits for the page's delayed ACK (up to 40 ms)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((address, port))
    except OSError as exc:
        sock.close()
        raise PrintkitError(f"--port {port}: cannot listen on {address}:{port} ({exc.strerror}): "
                            "another program uses it? choose another port") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def lan_address() -> str | None:
    """This machine's address on its network (for the links a friend opens), None when it has none."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the interface of the default route
        return str(probe.getsockname()[0])
    except OSError:
        return None
    finally:
        probe.close()


def serve(server: TableServer, sock: socket.socket, on_start: Callable[[], None] | None = None) -> None:
    """Serve until Ctrl-C."""
    import uvicorn

    sys.setswitchinterval(SWITCH_INTERVAL)

    config = uvicorn.Config(server.app(on_start), ws_max_size=MAX_MESSAGE, log_level="warning", lifespan="on",
                            ws_per_message_deflate=False, timeout_graceful_shutdown=2)
    uvicorn.Server(config).run(sockets=[sock])
