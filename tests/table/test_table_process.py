"""``printkit play --web`` as a process: stopped with Ctrl-C and started again it resumes the game (its pages reconnect
with the same key), a kit file saved while it runs is noticed, an error in rules.py reaches the page and the terminal,
and mistakes on its command line are one ``error:`` line.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
from pathlib import Path

from printkit.datakit.scaffold import scaffold
from tests.table.table_helpers import NOUGHTS, Socket, TableProcess


def first_move(page: Socket) -> None:
    scene = page.state(lambda s: s["choices"] is not None)
    page.send(type="move", at=scene["version"], move=scene["choices"]["options"][0]["n"])
    page.state(lambda s: s["version"] > scene["version"])


def test_a_restarted_table_resumes_the_game_and_its_page_reconnects(starter: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    table = TableProcess("--kit", str(starter), "--vs-computer", "--out", str(out), cwd=tmp_path)
    page = Socket(table)
    first_move(page)
    page.send(type="note", move=2, text="felt slow")
    before = page.state(lambda s: len(s["log"]) >= 3 and s["log"][1]["note"] == "felt slow")
    page.close()
    assert table.stop() == 0 and table.lines[-1] == "stopped"
    again = TableProcess("--kit", str(starter), "--out", str(out), cwd=tmp_path)
    try:
        assert again.key == table.key
        assert f"resumed the saved game {out / 'starter' / 'table' / 'game.log'} after {len(before['log'])} moves" in again.output()
        assert "seats: Player 1 this device; Player 2 computer greedy" in again.wait_output("seats: ")
        resumed = Socket(again).state()
        assert resumed["log"] == before["log"] and resumed["players"] == before["players"]
    finally:
        again.stop()


def test_a_kit_file_saved_while_the_table_runs_reaches_the_next_game(starter: Path, tmp_path: Path) -> None:
    kit = tmp_path / "kit"
    shutil.copytree(starter, kit)
    table = TableProcess("--kit", str(kit), "--out", str(tmp_path / "out"), cwd=tmp_path)
    try:
        page = Socket(table)
        page.state()
        cards = kit / "cards.csv"
        cards.write_text(cards.read_text().replace("Wish,5,", "Wish,1,"))
        assert page.state(lambda s: s["notice"] == "the kit's files changed: the next game uses them")
        table.wait_output("starter: the kit's files changed; the next game uses them")
        page.send(type="new")
        assert page.state(lambda s: s["notice"] == "this game uses the kit as it is now")["zones"][0]["back"].startswith("art/2/")
    finally:
        table.stop()


def test_an_error_in_rules_py_reaches_the_page_and_the_terminal_and_nothing_hangs(starter: Path, tmp_path: Path) -> None:
    kit = tmp_path / "kit"
    shutil.copytree(starter, kit)
    rules = kit / "rules.py"
    rules.write_text(rules.read_text().replace('        if state["deck"]:\n', '        if state["deck"] and 1 / 0:\n'))
    table = TableProcess("--kit", str(kit), "--out", str(tmp_path / "out"), cwd=tmp_path)
    try:
        page = Socket(table)
        first_move(page)
        stopped = page.scene if page.scene["error"] else page.state(lambda s: s["error"] is not None)
        assert "rules.py:" in stopped["error"] and "in play(): ZeroDivisionError: division by zero" in stopped["error"]
        table.wait_output(f"error: {stopped['error']}")
        page.send(type="undo")
        assert page.reply()["reason"].startswith("the game stopped on an error in the rules: ")
    finally:
        table.stop()


def test_command_line_mistakes_are_one_error_line(starter: Path, tmp_path: Path) -> None:
    data_only = tmp_path / "cards-only"
    scaffold(data_only, "Cards Only")
    off_board = tmp_path / "off-board"  # pieces() places a mark on a space the board does not have: refused before serving
    shutil.copytree(NOUGHTS, off_board)
    rules = off_board / "rules.py"
    rules.write_text(rules.read_text().replace('return {"grid": {space:', 'return {"grid": {"Z9": "mark-X"} if True else {space:'))
    shown_wrongly = tmp_path / "zones-wrongly"  # zones() of the wrong kind
    shutil.copytree(NOUGHTS, shown_wrongly)
    rules = shown_wrongly / "rules.py"
    rules.write_text(rules.read_text() + "\n    def zones(self, view):\n        return ['marks']\n")
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    port = taken.getsockname()[1]
    try:
        for args, message in [
            (["--kit", str(starter), "--port", str(port)], f"error: --port {port}: cannot listen on 127.0.0.1:{port}"),
            (["--kit", str(starter), "--port", "0", "--computer", "genius"], "error: --computer: unknown player 'genius'"),
            (["--kit", str(tmp_path / "nowhere"), "--port", "0"], "error: "),
            (["--kit", str(data_only), "--port", "0"], f"error: {data_only}/kit.toml: no [game] rules: this kit is printed from data only"),
            (["--kit", str(starter), "--port", "0", "--no-web"], "error: --port, --no-open: for the table in the browser: add --web"),
            (["--kit", str(off_board), "--port", "0"], f"error: {off_board}/rules.py: pieces() placed ['mark-X'] on space 'Z9', "
                                                       "which board 'grid' does not have"),
            (["--kit", str(shown_wrongly), "--port", "0"], f"error: {shown_wrongly}/rules.py: zones() returned ['marks']: "
                                                           "expected zone name -> what it holds, or None"),
        ]:
            web = [] if "--no-web" in args else ["--web"]
            args = [a for a in args if a != "--no-web"]
            done = subprocess.run([sys.executable, "-m", "printkit", "play", *args, *web, "--no-open"], capture_output=True,
                                  text=True, timeout=120, cwd=tmp_path, stdin=subprocess.DEVNULL)
            assert done.returncode == 1 and done.stderr.startswith(message) and "Traceback" not in done.stderr, done.stderr
            assert len(done.stderr.splitlines()) == 1 and "at the table: http" not in done.stdout
    finally:
        taken.close()
