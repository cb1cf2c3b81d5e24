"""Computer seats at the table: any of the game's players or ``mcts`` at a level or budget, chosen on the page and on the
command line; each decides its own stage of a secret-answer move with its own player; the search sees the seat's view
only; it thinks on a thread of its own, so pages are answered meanwhile, and a decision the game no longer wants is
stopped and dropped; a call past the kit's time limit (the watchdog's TimeLimit, not an Exception) stops the game with
one message, the game saved, the table serving on.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from printkit.guard.watchdog import TimeLimit, overrun
from printkit.kitrules import Hidden
from printkit.rules import mcts
from printkit.table.host import Host, Who
from printkit.table.kitsource import folder_source, game_source
from printkit.table.match import COMPUTER, HERE, Refused, Seat
from tests.table.table_helpers import Socket, TableProcess, noughts_with

HOST = Who("host")


def table(source: Any, out: Path, seats: list[Seat] | None = None, seed: int = 3) -> tuple[Host, list[str]]:
    said: list[str] = []
    return Host(source, out, None, seed, seats, said.append), said


def move(host: Host, who: Who, text: str | None = None) -> None:
    scene = host.scene(who)
    assert scene["choices"], scene["status"]
    host.handle(who, {"type": "move", "at": scene["version"], "move": text or scene["choices"]["options"][0]["n"]})


def searches(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, int]]:
    """Every mcts search started from now on, as (what it was handed to search from, its seat)."""
    seen: list[tuple[Any, int]] = []
    real = mcts.Search.__init__

    def recording(self: mcts.Search, rules: Any, view: Any, seat: int, *args: Any, **kwargs: Any) -> None:
        seen.append((view, seat))
        real(self, rules, view, seat, *args, **kwargs)

    monkeypatch.setattr(mcts.Search, "__init__", recording)
    return seen


def test_a_seat_takes_the_games_players_and_mcts_at_any_level_or_budget(starter: Path, tmp_path: Path) -> None:
    host, _ = table(folder_source(str(starter)), tmp_path)
    offered = host.scene(HOST)["computers"]
    assert [c["name"] for c in offered] == ["random", "greedy", "mcts:easy", "mcts:medium", "mcts:hard"]
    assert offered[1]["text"] == "the strongest of the game's own players"
    assert offered[2]["text"] == "tree search, 1,000 moves simulated a move"
    for name in ("mcts", "mcts:easy", "mcts:hard", "mcts:250", "mcts:0.5s", "greedy", "random"):
        host.handle(HOST, {"type": "seat", "seat": 1, "kind": "computer", "player": name})
        assert host.seats[1] == Seat(COMPUTER, name)
    assert [c["name"] for c in host.scene(HOST)["computers"]] == [c["name"] for c in offered]
    host.handle(HOST, {"type": "seat", "seat": 1, "kind": "computer", "player": " mcts:2s "})
    assert host.scene(HOST)["computers"][-1] == {"name": "mcts:2s", "text": "tree search, 2 s a move"}
    with pytest.raises(Refused, match=r"computer player: 'mcts:fast': expected mcts, mcts:N"):
        host.handle(HOST, {"type": "seat", "seat": 1, "kind": "computer", "player": "mcts:fast"})
    with pytest.raises(Refused, match=r"computer player: unknown player 'genius' for starter \(known: greedy, mcts, random\)"):
        host.handle(HOST, {"type": "seat", "seat": 1, "kind": "computer", "player": "genius"})
    assert host.seats[1] == Seat(COMPUTER, "mcts:2s")
    host.handle(HOST, {"type": "seat", "seat": 1, "kind": "computer", "player": ""})
    assert host.seats[1] == Seat(COMPUTER, "greedy")  # a seat just given to the computer: the game's strongest


def test_the_command_line_seats_mcts_and_a_restart_keeps_it(starter: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    table_ = TableProcess("--kit", str(starter), "--computer", "mcts:easy", "--side", "1", "--seed", "4", "--out", str(out),
                          cwd=tmp_path)
    try:
        assert "seats: Player 1 computer mcts:easy; Player 2 this device" in table_.wait_output("seats: ")
        page = Socket(table_)
        scene = page.state(lambda s: s["choices"] is not None)  # the computer (Player 1) moved first
        assert scene["log"][1]["who"] == "Player 1" and scene["players"][0]["player"] == "mcts:easy"
    finally:
        table_.stop()
    again = TableProcess("--kit", str(starter), "--out", str(out), cwd=tmp_path)
    try:
        assert "seats: Player 1 computer mcts:easy; Player 2 this device" in again.wait_output("seats: ")
    finally:
        again.stop()


def test_mcts_at_the_table_searches_from_its_seats_view_only(starter: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Each search starts from view(state, seat) of the computer's own seat: the other hand and the deck are Hidden
    counts there, and the rules' determinize is asked for that seat from that view."""
    seen = searches(monkeypatch)
    host, _ = table(folder_source(str(starter)), tmp_path, [Seat(HERE), Seat(COMPUTER, "mcts:20")])
    rules = host.kit.rules
    sampled: list[tuple[Any, int]] = []
    real_sample = rules.determinize

    def sample(view: Any, player: int, rng: Any) -> Any:
        sampled.append((view, player))
        return real_sample(view, player, rng)

    rules.determinize = sample  # type: ignore[method-assign]
    for _ in range(3):
        move(host, HOST)
        before = host.match.state
        assert host.computer_step()
        view, seat = seen[-1]
        assert seat == 1 and view == rules.view(before, 1)
        assert isinstance(view["hands"][0], Hidden) and isinstance(view["deck"], Hidden) and view["hands"][1] == before["hands"][1]
    assert sampled and all(player == 1 and any(view is v for v, _ in seen) for view, player in sampled)


def test_token_tactics_computers_decide_their_own_stage_with_their_own_player(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Player 1 mixed, Player 2 mcts: every choice of Player 2 (its own move, and its secret answer to an attack) is an
    mcts search for seat 2 from its view of the position (the attack it answers is not in it); every choice of Player 1
    is mixed's own (it defends with the upper half of its reserve)."""
    seen = searches(monkeypatch)
    host, _ = table(game_source("tokentactics", None), tmp_path, [Seat(COMPUTER, "mixed"), Seat(COMPUTER, "mcts:30")])
    rules = host.kit.rules
    stages: set[str] = set()
    for _ in range(4):
        while host.match.outcome() is None:
            before, answering, deciding, searched = host.match.state, host.match.pending, host.match.deciding(), len(seen)
            assert host.computer_step()
            if deciding == 1:
                stages.add("answer" if answering else "move")
                assert seen[searched:] == [(rules.view(before, 1), 1)]
            else:
                assert seen[searched:] == []
                if answering is not None:
                    reserve = before["reserves"][0]
                    assert (reserve + 1) // 2 <= host.match.entries[-1].move.answer <= reserve
        host.handle(HOST, {"type": "new"})
    assert stages == {"move", "answer"}


def test_a_decision_the_game_no_longer_wants_is_stopped_and_dropped(starter: Path, tmp_path: Path) -> None:
    host, _ = table(folder_source(str(starter)), tmp_path, [Seat(HERE), Seat(COMPUTER, "mcts:3600s")])
    move(host, HOST)
    thinking = host.computer_turn()
    assert thinking is not None and host.computer_turn() is None  # one decision at a time
    finished = threading.Event()
    threading.Thread(target=lambda: (thinking.run(), finished.set()), daemon=True).start()
    time.sleep(0.2)
    entries = len(host.match.entries)
    host.handle(HOST, {"type": "undo"})
    assert thinking.stop.is_set() and finished.wait(30) and thinking.stopped  # an hour's search ended at once
    assert not host.computer_done(thinking) and len(host.match.entries) == entries - 1
    host.handle(HOST, {"type": "seat", "seat": 1, "kind": "computer", "player": "greedy"})
    move(host, HOST)
    late = host.computer_turn()
    assert late is not None
    host.handle(HOST, {"type": "seat", "seat": 1, "kind": "here"})  # the seat given to a person meanwhile
    assert not host.computer_done(late.run()) and host.match.deciding() == 1


def test_a_time_limit_outside_the_rules_own_calls_stops_the_game_with_one_message(starter: Path, tmp_path: Path) -> None:
    """The watchdog's TimeLimit is a BaseException; raised where the rules' own calls do not blame it (in a computer's
    thinking, in the table's thread) it stops the game with one line, the game is saved with it, the table goes on."""
    host, said = table(folder_source(str(starter)), tmp_path / "out", [Seat(HERE), Seat(COMPUTER, "greedy")])
    move(host, HOST)
    thinking = host.computer_turn()
    assert thinking is not None

    def past_the_limit(*args: Any) -> Any:
        raise TimeLimit()  # not raised by the watchdog: nothing it stopped in this thread explains it

    overrun()  # what an earlier test's call left in this (the main) thread

    thinking.player = past_the_limit
    assert host.computer_done(thinking.run())
    scene = host.scene(HOST)
    assert scene["error"] == f"{starter}/rules.py: stopped: past the CPU-time limit (game.time_limit) (player greedy choosing " \
                             "for Player 2)"
    assert said == [f"error: {scene['error']}"] and scene["choices"] is None and not host.computer_due()
    log = (tmp_path / "out" / "starter" / "table" / "game.log").read_text()
    assert log.endswith(f"\n{host.match.entries[-1].text}\n# unfinished: error: {scene['error']}\n")
    host.handle(HOST, {"type": "new"})
    assert host.scene(HOST)["error"] is None and host.scene(HOST)["choices"] is not None

    def stopped_in_the_tables_code() -> None:
        raise TimeLimit()

    assert host.guarded(stopped_in_the_tables_code, "fallback") == "fallback"
    assert host.error is not None and "past the CPU-time limit" in host.error and said[-1] == f"error: {host.error}"


def test_a_computer_past_the_kits_time_limit_leaves_the_table_serving(tmp_path: Path) -> None:
    """A designer's player that never returns, at a table of its own: the watchdog stops it on the computer's thread;
    the page and the terminal get one line naming rules.py's line, the game is saved, and a new game starts."""
    kit = noughts_with(tmp_path, "    def player_stuck(self, view, moves, rng):\n        while True:\n            pass\n", 0.5)
    out = tmp_path / "out"
    table_ = TableProcess("--kit", str(kit), "--computer", "stuck", "--side", "1", "--out", str(out), cwd=tmp_path)
    try:
        page = Socket(table_)
        stopped = page.state(lambda s: s["error"] is not None, timeout=60)
        assert stopped["error"].startswith(f"{kit}/rules.py:") and "in player_stuck(): still running after" in stopped["error"]
        assert "past the limit of 0.5 s (game.time_limit in kit.toml" in stopped["error"]
        table_.wait_output(f"error: {stopped['error']}")
        assert sum(line.startswith("error:") for line in table_.lines) == 1 and "Traceback" not in table_.output()
        assert (out / "noughts" / "table" / "game.log").read_text().endswith(f"# unfinished: error: {stopped['error']}\n")
        for seat in (0, 1):
            page.send(type="seat", seat=seat, kind="computer", player="first")
        page.send(type="new")
        assert page.state(lambda s: s["game"] == 2 and s["outcome"] is not None, timeout=60)["error"] is None
    finally:
        table_.stop()


def test_pages_are_answered_while_a_computer_thinks(starter: Path, tmp_path: Path) -> None:
    """mcts thinking for 30 s on its own thread: another page's requests are answered meanwhile, and a new game (which no
    longer wants that move) starts at once."""
    table_ = TableProcess("--kit", str(starter), "--computer", "mcts:30s", "--side", "1", "--out", str(tmp_path / "out"),
                          cwd=tmp_path)
    try:
        page = Socket(table_)
        thinking = page.state(lambda s: s["status"] == "Player 1 to move: the computer (mcts:30s) is thinking")
        started = time.monotonic()
        page.send(type="note", move=1, text="the shuffle")
        assert page.state(lambda s: s["log"][0]["note"] == "the shuffle")["version"] == thinking["version"]
        page.send(type="why", at=thinking["version"], item="hands.1.0")
        assert page.reply("why")["reason"] == "it is not your turn"
        page.send(type="new")
        fresh = page.state(lambda s: s["game"] == 2)
        assert len(fresh["log"]) == 1 and time.monotonic() - started < 25  # game 1's search did not hold it up
    finally:
        table_.stop()


def test_a_computer_that_does_not_stop_when_asked_ends_the_table_with_one_line(tmp_path: Path) -> None:
    """A player that swallows the watchdog's TimeLimit too: as every command does, the table ends with the one error
    line (no thread can be stopped from outside); the game up to it stays saved for the next start."""
    kit = noughts_with(tmp_path, "    def player_stubborn(self, view, moves, rng):\n        while True:\n            try:\n"
                       "                while True:\n                    pass\n            except BaseException:\n"
                       "                pass\n", 0.3)
    table_ = TableProcess("--kit", str(kit), "--computer", "stubborn", "--out", str(tmp_path / "out"), cwd=tmp_path)
    try:
        page = Socket(table_)
        first = page.state(lambda s: s["choices"] is not None)
        page.send(type="move", at=first["version"], move="B2")
        assert table_.process.wait(timeout=60) == 1
        table_.wait_output("It did not stop when asked")
        error = next(line for line in table_.lines if line.startswith("error:"))
        assert error.startswith(f"error: {kit}/rules.py:") and "in player_stubborn(): still running after" in error
        assert "so printkit ended its process" in error and "Traceback" not in table_.output()
        assert (tmp_path / "out" / "noughts" / "table" / "game.log").read_text().splitlines()[-1] == "B2"
    finally:
        table_.stop()
