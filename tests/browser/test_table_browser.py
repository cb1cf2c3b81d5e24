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
import time
from pathlib import Path
from typing import Callable

import pytest
from cdp_pipe import Browser, Page

from printkit.datakit.scaffold import scaffold
from tests.table.table_helpers import NOUGHTS, TableProcess, noughts_with

PHONE = (390, 844)
LOADED = "Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"
"""Every picture on the page has loaded (and is a picture)."""
MOVES_LIMIT = 200


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


def play_by_clicks(page: Page, pick: Callable[[list[str], str], int] | None = None) -> dict:
    """Play the seats of this page to the end of the game by mouse clicks: a highlighted piece when there is one
    (then, if several moves use it, the first option of the move bar), else an option of the move bar; ``pick``
    (the bar's texts and the stage, ``move`` or ``answer`` -> the option's index) chooses from the bar alone."""
    for _ in range(MOVES_LIMIT):
        page.wait_until("scene && (scene.outcome || (scene.choices && !scene.pass))", timeout=30)
        now = scene(page)
        if now["outcome"]:
            return now
        version = now["version"]
        if pick is None and page.evaluate("document.querySelector('#table .usable') !== null"):
            page.click("#table .usable")
        # the move was sent, or the table's answer has come already (the next position, or the game's end)
        moved = f"sent || scene.outcome !== null || scene.version !== {version}"
        while not page.evaluate(moved):  # the move bar: a move, or a group of them by their next word
            page.wait_until(f"{moved} || document.querySelector('#options .option, #options .list-all') !== null", timeout=30)
            if page.evaluate(moved):
                break
            if page.evaluate("document.querySelector('#options .option') === null"):
                page.click("#options .list-all")  # many moves, each made on the table: the bar lists them when asked
                continue
            texts = page.evaluate("Array.from(document.querySelectorAll('#options .option')).map(b => b.textContent)")
            page.click(f"#options .option:nth-child({(pick(texts, now['choices']['stage']) if pick else 0) + 1})")
        page.wait_until(f"scene.version !== {version} || scene.outcome !== null", timeout=30)
    raise AssertionError("the game did not end")


def all_in(texts: list[str], stage: str) -> int:
    """Token Tactics by the move bar: fortify while it may, then attack with everything; defend with everything."""
    return 0 if stage == "move" and texts[0].endswith("fortify") else len(texts) - 1


GAMES = {
    "scaffold": ([], "mcts:easy", "document.querySelectorAll('#mine img.piece').length === 3"),  # the hand, as printed
    "noughts": (["--kit", str(NOUGHTS)], "", "document.querySelectorAll('.space.usable').length === 9"),  # moves on the board
    "tokentactics": (["--game", "tokentactics"], "mcts:easy", "document.querySelectorAll('.board-piece.round').length === 1"),
    "warfare": (["--game", "warfare", "--set", "games.warfare.board_size=4", "--set", "games.warfare.line_length=4"], "greedy",
                "document.querySelectorAll('#mine img.piece[src*=\"/card/x-ability-cards/\"]').length === 4"
                " && document.querySelectorAll('.space.usable').length >= 15 && /^first [XO]$/.test(scene.chance)"),
    "ultimate": (["--game", "ultimate"], "greedy", "document.querySelectorAll('.space.usable').length === 119"),
    "tictactwo": (["--game", "tictactwo"], "greedy",
                  "document.querySelectorAll('#table img.piece[src*=\"/card/action-cards/\"]').length === 6"),
    "sitters": (["--game", "sitters"], "basic", "document.querySelectorAll('.space.usable').length === 34"
                " && document.querySelector('[data-zone=\"turn\"]').textContent.includes('set-up: the collectors place')"),
}
"""Each game played whole by clicks: how the table is started (the scaffold: ``--kit``; Warfare on a 4 x 4 board, so a game
is short), the computer's player (mcts searching from its own view, answering Token Tactics' attacks
in secret; noughts and the seed games: the game's strongest), and what its first page shows (Token Tactics: the kit's
round marker of Player 1 on the tracker; Warfare: X's four printed ability cards in hand and every space to place on,
the coin toss shown as logged; Ultimate: every space but the two free ones; Tic Tac Two: the six action cards of the
draft; SiTTeRS: every container space to place on, the turn beside the board)."""


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_by_clicks_against_the_computer_replays_to_the_same_result(browser: Browser, kit: Path, tmp_path: Path,
                                                                              name: str) -> None:
    """Every move made by mouse clicks on the printed pieces or the move bar (Token Tactics: its commit numbers chosen in
    secret there); the log downloaded from the page replays with ``printkit replay`` to the result the page shows."""
    args, computer, first_page = GAMES[name]
    args = args or ["--kit", str(kit)]
    table = TableProcess(*args, *(["--computer", computer] if computer else ["--vs-computer"]), "--seed", "7",
                         "--out", str(tmp_path / "out"), cwd=tmp_path)
    try:
        page = browser.open(table.url, network=True)
        page.wait_until("scene !== null && scene.choices !== null")
        page.wait_until(first_page)
        look(page, tmp_path / f"{name}-laptop.png")
        page.resize(*PHONE, mobile=True)
        look(page, tmp_path / f"{name}-phone.png")
        page.resize(1280, 900)
        end = play_by_clicks(page, all_in if name == "tokentactics" else None)
        assert page.errors() == []
        shown = page.evaluate("Array.from(document.querySelectorAll('#log li[data-move]')).map(li => li.textContent)")
        entries = page.evaluate("scene.log.map(e => [e.who, e.text])")
        assert shown == [text if text.startswith(who + " ") else f"{who} {text}" for who, text in entries]  # X A1, not X X A1
        assert not [f for f in page.frames() if json.loads(f)["type"] == "refused"]
        look(page, tmp_path / f"{name}-laptop-end.png")
        browser.downloads_to(tmp_path / "downloads")
        page.click("#download")
        browser.wait_download()
        log = next((tmp_path / "downloads").glob("*.log"))
        assert replay_result(args, log) == "result: " + end["outcome"]["text"]
    finally:
        table.stop()


def secrets_kept(frames: list[str], seat: int, log: list[str], hands: list[list[list[str]]]) -> None:
    """Every scene in ``frames`` (one seat's websocket traffic) keeps the other seat's hand and the deck's order: the
    other hand only as a count, no card face outside this seat's own hand and the face-up discard pile (which holds
    exactly the cards the log's moves named), no title of a card only the other holds (unless a move named it before),
    no shuffle's order. ``hands[k]``: both hands' titles after ``k`` log lines."""
    scenes = [json.loads(f) for f in frames]
    assert not any("shuffle deck" in f for f in frames)
    for found in (s for s in scenes if s["type"] == "state"):
        assert "pass" not in found
        moves = len(found["log"])
        other = [z for z in found["zones"] if z["owner"] == 1 - seat and z["key"] == "hands"]
        assert other and all(z["kind"] == "fan" and not z["items"] for z in other)
        assert all(not z["items"] for z in found["zones"] if z["key"] == "deck")
        own_faces = {i["face"] for z in found["zones"] if z["owner"] == seat for i in z.get("items", [])}
        discard = next(z for z in found["zones"] if z["key"] == "discard")
        played = [line.split(" ", 1)[1] for line in log[:moves] if line.startswith(("play ", "discard "))]
        assert sorted(i["label"] for i in discard["items"]) == sorted(played)
        faces = set(re.findall(r'"face":"(art/[^"]+/card/[^"]+)"', json.dumps(found, separators=(",", ":"))))
        assert faces <= own_faces | {i["face"] for i in discard["items"]}
        named = " ".join(log[:moves + 1])
        secret = set(hands[moves][1 - seat]) - set(hands[moves][seat])
        text = json.dumps(found)
        assert [t for t in secret if t in text and t not in named] == []


def test_two_browsers_each_sent_only_what_its_seat_may_see(browser: Browser, kit: Path, tmp_path: Path) -> None:
    """Seat 2 joins from another browser context by the link the Seats panel shows; both play by clicks to the end;
    each page's websocket traffic holds none of the other seat's secrets."""
    from printkit.kitgame.spec import open_kit

    table = TableProcess("--kit", str(kit), "--seed", "11", "--out", str(tmp_path / "out"), cwd=tmp_path)
    try:
        host = browser.open(table.url, network=True)
        host.wait_until("scene !== null")
        host.click("#seats-button")
        host.evaluate("""(() => { const select = document.querySelectorAll('#seat-list .seat-row')[1].querySelector('select');
                          select.value = 'remote'; select.dispatchEvent(new Event('change')); })()""")
        link = host.wait_until("document.querySelector('#seat-list .invite a')?.href")
        code = host.evaluate("document.querySelector('#seat-list .invite code').textContent")
        assert link.endswith(f"/j/{code}") and len(code) == 6
        look(host, tmp_path / "seats-panel.png")
        host.click("#seats-close")
        elsewhere = browser.context()
        friend = browser.open(link, context=elsewhere, network=True)
        friend.wait_until("scene !== null && scene.seat === 1")
        pages = (host, friend)
        for _ in range(MOVES_LIMIT):
            done = [p.evaluate("scene.outcome !== null") for p in pages]
            if all(done):
                break
            mover = next((p for p in pages if p.evaluate("scene.choices !== null && !sent")), None)
            if mover is None:
                time.sleep(0.05)
                continue
            version = mover.evaluate("scene.version")
            mover.click("#table .usable") if mover.evaluate("document.querySelector('#table .usable') !== null") else \
                mover.click("#options .option")
            for page in pages:
                page.wait_until(f"scene.version !== {version}")
        else:
            raise AssertionError("the game did not end")
        look(friend, tmp_path / "friend-end.png")
        assert host.errors() == [] and friend.errors() == []
        browser.downloads_to(tmp_path / "downloads", elsewhere)
        friend.click("#download")  # the game is over: every seat may have the whole log now
        browser.wait_download()
        log_file = next((tmp_path / "downloads").glob("*.log"))
        rules = open_kit(str(kit)).rules()
        state, lines = rules.initial_state(), [line for line in log_file.read_text().splitlines() if not line.startswith("#")]
        hands = [[[c.title for c in h] for h in state["hands"]]]
        for line in lines:
            state = rules.apply(state, rules.parse_move(state, line))
            hands.append([[c.title for c in h] for h in state["hands"]])
        secrets_kept(host.frames(), 0, lines, hands)
        secrets_kept(friend.frames(), 1, lines, hands)
    finally:
        table.stop()


def test_hot_seat_hides_the_hands_between_turns(browser: Browser, kit: Path, tmp_path: Path) -> None:
    table = TableProcess("--kit", str(kit), "--seed", "5", "--out", str(tmp_path / "out"), cwd=tmp_path)
    try:
        page = browser.open(table.url, network=True)
        page.wait_until("scene !== null && scene.choices !== null")
        first_hand = page.evaluate("Array.from(document.querySelectorAll('#mine img.piece')).map(i => i.alt)")
        page.click("#table .usable")
        if page.evaluate("picked.length > 0"):
            page.click("#options .option")
        page.wait_until("!document.getElementById('pass').hidden")
        assert page.evaluate("document.getElementById('pass-name').textContent") == "Player 2"
        assert page.evaluate("document.querySelectorAll('#table img.piece').length") == 0
        passing = json.loads(page.frames()[-1])
        assert passing["pass"] == {"seat": 1, "name": "Player 2"} and "zones" not in passing and "choices" not in passing
        look(page, tmp_path / "pass-the-device.png")
        page.click("#pass-ready")
        page.wait_until("document.getElementById('pass').hidden && scene.seat === 1 && scene.choices !== null")
        second_hand = page.evaluate("Array.from(document.querySelectorAll('#mine img.piece')).map(i => i.alt)")
        assert len(second_hand) == 3 and page.evaluate("document.querySelectorAll('#others img.piece.back').length") == 3
        assert page.evaluate("scene.players[1].deciding") and first_hand
    finally:
        table.stop()


def test_a_card_the_rules_refuse_says_why_and_changes_nothing(browser: Browser, kit: Path, tmp_path: Path) -> None:
    """Clicking a card no legal move uses asks the rules' why_not(): the scaffold's says what the card costs."""
    table = TableProcess("--kit", str(kit), "--vs-computer", "--seed", "1", "--out", str(tmp_path / "out"), cwd=tmp_path)
    try:
        page = browser.open(table.url)
        for _ in range(40):  # a new game until the first hand holds a card too dear to play
            page.wait_until("scene !== null && scene.choices !== null")
            if page.evaluate("document.querySelector('#mine img.piece:not(.usable)') !== null"):
                break
            game = page.evaluate("scene.game")
            page.click("#new")
            page.wait_until(f"scene.game !== {game}")
        before = scene(page)
        title = page.evaluate("document.querySelector('#mine img.piece:not(.usable)').alt")
        page.click("#mine img.piece:not(.usable)")
        message = page.wait_until("!document.getElementById('toast').hidden && document.getElementById('toast').textContent")
        assert re.fullmatch(rf"{re.escape(title)} costs \d+ coins and you have 2", message)
        look(page, tmp_path / "refused.png")
        assert scene(page)["version"] == before["version"] and scene(page)["log"] == before["log"]
    finally:
        table.stop()


def test_a_note_being_typed_survives_what_the_table_sends_meanwhile(browser: Browser, kit: Path, tmp_path: Path) -> None:
    from tests.table.table_helpers import Socket

    table = TableProcess("--kit", str(kit), "--seed", "2", "--out", str(tmp_path / "out"), cwd=tmp_path)
    try:
        page = browser.open(table.url)
        page.wait_until("scene !== null && document.querySelector('#log .note') !== null")
        page.click("#log li[data-move='1'] .note")
        page.type("the shuffle felt")
        other = Socket(table)  # another page of the table changes a seat: every page is sent a new scene
        other.state()
        other.send(type="seat", seat=1, kind="computer", player="greedy")
        page.wait_until("scene.players[1].kind === 'computer'")
        assert page.evaluate("document.activeElement.value") == "the shuffle felt"
        page.type(" slow")
        page.click("#status")  # leaving the box saves the note
        assert other.state(lambda s: s["log"][0]["note"] == "the shuffle felt slow")
        other.close()
    finally:
        table.stop()


def test_the_seats_panel_seats_mcts_at_a_level_or_a_budget_of_ones_own(browser: Browser, kit: Path, tmp_path: Path) -> None:
    """Seats: a seat given to the computer gets the game's strongest player; the list offers the game's players and
    mcts at each level, and a budget typed in (mcts:40); a malformed one is refused with what is expected; then the
    chosen computer plays its moves."""
    table = TableProcess("--kit", str(kit), "--seed", "3", "--out", str(tmp_path / "out"), cwd=tmp_path)
    choose = """((row, name, value) => { const select = document.querySelectorAll('#seat-list .seat-row')[row]
                  .querySelector(`select[aria-label$="${name}"]`);
                  select.value = value; select.dispatchEvent(new Event('change')); })"""
    try:
        page = browser.open(table.url)
        page.wait_until("scene !== null && scene.choices !== null")
        page.click("#seats-button")
        page.evaluate(f"{choose}(1, 'who plays', 'computer')")
        page.wait_until("scene.seats[1].kind === 'computer' && scene.seats[1].player === 'greedy'")
        offered = page.evaluate("Array.from(document.querySelectorAll('#seat-list .seat-row')[1].querySelectorAll('option'))"
                                ".filter(o => o.parentNode.getAttribute('aria-label').endsWith('computer player'))"
                                ".map(o => o.textContent)")
        assert offered == ["random: uniformly random legal moves", "greedy: the strongest of the game's own players",
                           "mcts:easy: tree search, 1,000 moves simulated a move",
                           "mcts:medium: tree search, 10,000 moves simulated a move",
                           "mcts:hard: tree search, 100,000 moves simulated a move", "mcts with a budget of your own ..."]
        page.evaluate(f"{choose}(1, 'computer player', 'mcts:hard')")
        page.wait_until("scene.seats[1].player === 'mcts:hard'")
        page.evaluate(f"{choose}(1, 'computer player', '')")
        budget = "document.querySelectorAll('#seat-list .seat-row')[1].querySelector('.budget')"
        page.wait_until(f"!{budget}.hidden && document.activeElement === {budget}")
        page.type("mcts:lots")
        page.click("#seats h2")  # leaving the box sends it
        message = page.wait_until("!document.getElementById('toast').hidden && document.getElementById('toast').textContent")
        assert message.startswith("computer player: 'mcts:lots': expected mcts, mcts:N (N iterations a move")
        page.evaluate(f"{choose}(1, 'computer player', '')")
        page.wait_until(f"document.activeElement === {budget}")
        page.evaluate(f"{budget}.value = ''")
        page.type("mcts:40")
        page.click("#seats h2")
        page.wait_until("scene.seats[1].player === 'mcts:40' && scene.players[1].player === 'mcts:40'")
        assert page.evaluate("document.querySelectorAll('#seat-list .seat-row')[1].querySelector("
                             "'select[aria-label$=\"computer player\"]').value") == "mcts:40"
        look(page, tmp_path / "seats-mcts.png")
        page.click("#seats-close")
        page.click("#table .usable")
        while not page.evaluate("sent"):
            page.click("#options .option")
        page.wait_until("scene.log.length === 3 && scene.log[2].who === 'Player 2' && scene.choices !== null")
        assert page.errors() == []
    finally:
        table.stop()


def test_a_position_laid_out_as_no_zones_is_shown_as_its_text(browser: Browser, tmp_path: Path) -> None:
    """Rules whose zones() gives None (by default, a state that is not a dict: a dataclass) show the position's text
    beside the board, as the terminal prints it; the board and the move bar work as ever."""
    kit = noughts_with(tmp_path, "    def zones(self, view):\n        return None\n", 10.0)
    table = TableProcess("--kit", str(kit), "--vs-computer", "--seed", "1", "--out", str(tmp_path / "out"), cwd=tmp_path)
    try:
        page = browser.open(table.url)
        page.wait_until("scene !== null && scene.choices !== null && document.querySelectorAll('.space.usable').length === 9")
        assert page.evaluate("document.querySelector('#centre pre.state-text').textContent") == "marks: {}\nto_move: X"
        page.click("#table .space.usable")
        page.wait_until("scene.log.length === 2 && scene.choices !== null")
        text = page.evaluate("document.querySelector('#centre pre.state-text').textContent")
        assert text == "marks: {A1: X, B1: O}\nto_move: X"  # the computer (O) takes the first free space
        assert page.evaluate("document.querySelectorAll('.board-piece').length") == 2 and page.errors() == []
        look(page, tmp_path / "position-as-text.png")
    finally:
        table.stop()
