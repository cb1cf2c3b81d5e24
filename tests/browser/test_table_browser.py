"""The browser table in headless Chromium: whole games played by mouse clicks, the downloaded log replayed to the same
result, two seats in two browser contexts whose traffic keeps each other's secrets, hot-seat hiding, a refused move
explained, and screenshots of every game at laptop and phone sizes (written to the test's temporary folder).

One browser for the module; each table is ``printkit play --web`` in a process of its own (tests/table/table_helpers.py).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from cdp_pipe import Browser, Page, chromium_path

from printkit.datakit.scaffold import scaffold
from tests.table.table_helpers import TableProcess

PHONE = (390, 844)
LOADED = "Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"
"""Every picture on the page has loaded (and is a picture)."""
MOVES_LIMIT = 200


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    executable = chromium_path()
    assert executable, "chromium is missing: apt-get install -y chromium (sh scripts/test does it)"
    chrome = Browser(executable)
    yield chrome
    chrome.close()


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The scaffold game (``printkit new --rules``)."""
    folder = tmp_path_factory.mktemp("tables") / "starter"
    scaffold(folder, "Star Race", rules=True)
    return folder


def scene(page: Page) -> dict:
    """What the page shows, read from the page itself."""
    return page.evaluate("JSON.parse(JSON.stringify(scene))")  # type: ignore[no-any-return]


def look(page: Page, target: Path) -> Path:
    """A screenshot with more than one colour in it, for a person to look at."""
    from PIL import Image, ImageStat

    page.wait_until(LOADED)
    page.screenshot(target)
    image = Image.open(target).convert("L")
    assert ImageStat.Stat(image).stddev[0] > 10
    return target


def replay_result(args: list[str], log: Path) -> str:
    done = subprocess.run([sys.executable, "-m", "printkit", "replay", *args, str(log)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def play_by_clicks(page: Page, choose_option: int = 0) -> dict:
    """Play the seats of this page to the end of the game by mouse clicks: a highlighted piece when there is one
    (then, if several moves use it, an option of the move bar), else an option of the move bar."""
    for _ in range(MOVES_LIMIT):
        page.wait_until("scene && (scene.outcome || (scene.choices && !scene.pass))", timeout=30)
        now = scene(page)
        if now["outcome"]:
            return now
        version = now["version"]
        if page.evaluate("document.querySelector('#table .usable') !== null"):
            page.click("#table .usable")
        while not page.evaluate("sent"):  # the move bar: a move, or a group of them by their next word
            options = page.evaluate("document.querySelectorAll('#options .option').length")
            page.click(f"#options .option:nth-child({min(choose_option, options - 1) + 1})")
        page.wait_until(f"scene.version !== {version} || scene.outcome !== null", timeout=30)
    raise AssertionError("the game did not end")


def test_the_scaffold_game_by_clicks_against_the_computer_and_its_log_replayed(browser: Browser, kit: Path,
                                                                               tmp_path: Path) -> None:
    table = TableProcess("--kit", str(kit), "--vs-computer", "--seed", "7", "--out", str(tmp_path / "out"), cwd=tmp_path)
    try:
        page = browser.open(table.url, network=True)
        page.wait_until("scene !== null")
        assert page.evaluate("document.querySelectorAll('#mine img.piece').length") == 3  # the hand, as printed
        look(page, tmp_path / "scaffold-laptop.png")
        page.resize(*PHONE, mobile=True)
        look(page, tmp_path / "scaffold-phone.png")
        page.resize(1280, 900)
        end = play_by_clicks(page)
        assert page.errors() == []
        assert not [f for f in page.frames() if json.loads(f)["type"] == "refused"]
        look(page, tmp_path / "scaffold-laptop-end.png")
        browser.downloads_to(tmp_path / "downloads")
        page.click("#download")
        browser.wait_download()
        log = next((tmp_path / "downloads").glob("*.log"))
        assert replay_result(["--kit", str(kit)], log) == "result: " + end["outcome"]["text"]
    finally:
        table.stop()


def test_token_tactics_by_clicks_with_secret_answers_and_its_log_replayed(browser: Browser, tmp_path: Path) -> None:
    """``--game tokentactics``: the built-in game's kit folder, its commit numbers chosen in secret on the move bar."""
    table = TableProcess("--game", "tokentactics", "--vs-computer", "--seed", "3", "--out", str(tmp_path / "out"), cwd=tmp_path)
    try:
        page = browser.open(table.url, network=True)
        page.wait_until("scene !== null && scene.choices !== null")
        page.wait_until("document.querySelector('.board-art') !== null")
        look(page, tmp_path / "tokentactics-laptop.png")
        page.resize(*PHONE, mobile=True)
        look(page, tmp_path / "tokentactics-phone.png")
        page.resize(1280, 900)
        end = play_by_clicks(page)
        assert page.errors() == []
        look(page, tmp_path / "tokentactics-laptop-end.png")
        browser.downloads_to(tmp_path / "downloads")
        page.click("#download")
        browser.wait_download()
        log = next((tmp_path / "downloads").glob("*.log"))
        assert re.search(r"^P1 attack \d+ vs \d+", log.read_text(), re.M)  # a battle, both commitments revealed together
        assert replay_result(["--game", "tokentactics"], log) == "result: " + end["outcome"]["text"]
    finally:
        table.stop()
