"""A minimal Chrome DevTools Protocol client over ``--remote-debugging-pipe`` (no websocket, no downloads).

Drives the system's headless Chromium (Debian's ``chromium`` package): open a page (in the default profile or in a
browser context of its own, like a second person's browser), read the DOM through JavaScript, click with the mouse,
read the websocket frames a page received, collect console errors and failed loads, take a screenshot, download.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
                  "--disable-default-apps", "--mute-audio", "--remote-debugging-pipe"]


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    """One headless Chromium; :meth:`open` loads a page in a fresh tab and returns a :class:`Page`."""

    def __init__(self, executable: str) -> None:
        self.profile = tempfile.mkdtemp(prefix="printkit-chromium-")
        to_chrome_r, self._write = os.pipe()
        self._read, from_chrome_w = os.pipe()

        def wire() -> None:  # chromium reads fd 3 and writes fd 4
            reading, writing = os.dup(to_chrome_r), os.dup(from_chrome_w)
            os.dup2(reading, 3)
            os.dup2(writing, 4)

        self.process = subprocess.Popen([executable, *CHROMIUM_FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        preexec_fn=wire, close_fds=False)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._next, self._buffer = 0, b""
        self.events: list[dict[str, Any]] = []

    def _receive(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            chunk = os.read(self._read, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the debugging pipe")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(message)  # type: ignore[no-any-return]

    def call(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._receive()
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})  # type: ignore[no-any-return]
            self.events.append(reply)

    def wait_for(self, method: str, session: str) -> dict[str, Any]:
        for event in self.events:
            if event.get("method") == method and event.get("sessionId") == session:
                self.events.remove(event)
                return event
        while True:
            event = self._receive()
            if event.get("method") == method and event.get("sessionId") == session:
                return event
            self.events.append(event)

    def open(self, url: str, width: int = 1280, height: int = 900, context: str | None = None, mobile: bool = False,
             network: bool = False) -> Page:
        """A new tab at ``url`` (in browser ``context``, see :meth:`context`); ``network``: record its websocket frames."""
        extra = {"browserContextId": context} if context else {}
        target = self.call("Target.createTarget", url="about:blank", **extra)["targetId"]
        session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page.enable", "Runtime.enable", "Log.enable") + (("Network.enable",) if network else ()):
            self.call(domain, session)
        self.call("Emulation.setDeviceMetricsOverride", session, width=width, height=height, deviceScaleFactor=1, mobile=mobile)
        self.call("Page.navigate", session, url=url)
        self.wait_for("Page.loadEventFired", session)
        return Page(self, session, width, mobile)

    def context(self) -> str:
        """A browser context of its own: cookies, storage and cache apart, as another person's browser."""
        return str(self.call("Target.createBrowserContext")["browserContextId"])

    def downloads_to(self, folder: Path, context: str | None = None) -> None:
        """Save downloads (of browser ``context``) into ``folder`` under the names the server gives them."""
        extra = {"browserContextId": context} if context else {}
        self.call("Browser.setDownloadBehavior", behavior="allow", downloadPath=str(folder), eventsEnabled=True, **extra)

    def wait_download(self, timeout: float = 20.0) -> None:
        """Until a download has completed."""
        import time

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for event in self.events:
                if event.get("method") == "Browser.downloadProgress" and event["params"].get("state") == "completed":
                    self.events.remove(event)
                    return
            self.call("Browser.getVersion")  # reads the events that came meanwhile
            time.sleep(0.05)
        raise TimeoutError("no download completed")

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._read)
        os.close(self._write)
        shutil.rmtree(self.profile, ignore_errors=True)


class Page:
    """A loaded page: JavaScript, mouse clicks, websocket frames, console errors, screenshots."""

    def __init__(self, browser: Browser, session: str, width: int = 1280, mobile: bool = False) -> None:
        self.browser, self.session, self.width, self.mobile = browser, session, width, mobile

    def wait_until(self, expression: str, timeout: float = 15.0) -> Any:
        """Until ``expression`` is true (truthy) on the page: its value."""
        import time

        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"still false after {timeout} s: {expression}")
            time.sleep(0.03)

    def click(self, selector: str) -> None:
        """A mouse click (press and release) in the middle of the first element matching ``selector``, scrolled into
        view first: what a person's click does, on whatever is on top there."""
        box = self.evaluate(f"(() => {{ const e = document.querySelector({json.dumps(selector)}); if (!e) return null;"
                            "e.scrollIntoView({block: 'center', inline: 'center'}); const r = e.getBoundingClientRect();"
                            "return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        if box is None:
            raise LookupError(f"nothing on the page matches {selector}")
        x, y = box
        for kind in ("mousePressed", "mouseReleased"):
            self.browser.call("Input.dispatchMouseEvent", self.session, type=kind, x=x, y=y, button="left", clickCount=1)

    def type(self, text: str) -> None:
        """Type ``text`` into the element that has the focus, as a keyboard does."""
        self.browser.call("Input.insertText", self.session, text=text)

    def resize(self, width: int, height: int, mobile: bool = False) -> None:
        """The window's size (a phone's: ``mobile``, touch-sized layout rules apply)."""
        self.width, self.mobile = width, mobile
        self.browser.call("Emulation.setDeviceMetricsOverride", self.session, width=width, height=height, deviceScaleFactor=1,
                          mobile=mobile)

    def frames(self) -> list[str]:
        """The payload of every websocket frame this page has received so far (``open(network=True)``)."""
        self.evaluate("0")
        return [event["params"]["response"]["payloadData"] for event in self.browser.events
                if event.get("sessionId") == self.session and event.get("method") == "Network.webSocketFrameReceived"]

    def evaluate(self, expression: str) -> Any:
        result = self.browser.call("Runtime.evaluate", self.session, expression=expression, returnByValue=True,
                                   awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def errors(self) -> list[str]:
        """Console errors, uncaught exceptions and failed loads seen so far on this page."""
        self.evaluate("0")  # flush pending events
        found = []
        for event in self.browser.events:
            if event.get("sessionId") != self.session:
                continue
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                found.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
            elif method == "Runtime.exceptionThrown":
                found.append(str(params.get("exceptionDetails", {}).get("text")))
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                entry = params["entry"]
                found.append(f"{entry.get('text')} {entry.get('url', '')}")
        return found

    def screenshot(self, target: Path) -> Path:
        height = int(self.evaluate("document.documentElement.scrollHeight"))
        self.browser.call("Emulation.setDeviceMetricsOverride", self.session, width=self.width, height=min(height, 6000),
                          deviceScaleFactor=1, mobile=self.mobile)
        data = self.browser.call("Page.captureScreenshot", self.session, format="png")["data"]
        target.write_bytes(base64.b64decode(data))
        return target
