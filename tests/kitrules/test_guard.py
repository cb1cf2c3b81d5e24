"""A designer's rules.py under guard: a call past its CPU-time limit or its memory limit, SystemExit, os._exit and
KeyboardInterrupt raised by the rules, wrong types and the common slips are each one error line naming rules.py's
line, in this process and in worker processes; a kit's modules shadow nothing of printkit's."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.kitrules.helpers import cli, edit, example_log, one_error_line, scaffold

PLAY = '        action, title = move\n'
"""The line of the scaffold's play() where an edit makes a move misbehave (Wish is in every hand sooner or later)."""


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def on_wish(kit: Path, *lines: str, imports: str = "") -> int:
    """Make play() run ``lines`` when a Wish is played; the number of rules.py's first line of them."""
    body = "".join(f"            {line}\n" for line in lines)
    edit(kit / "rules.py", PLAY, PLAY + '        if title == "Wish":\n' + body)
    if imports:
        edit(kit / "rules.py", "from printkit.kitrules import", f"{imports}\nfrom printkit.kitrules import")
    return line_of(kit / "rules.py", lines[0])


def printkit(*args: str, **options: object) -> subprocess.CompletedProcess[str]:
    """printkit in a process of its own (what would end the test process ends only that one)."""
    return subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True, text=True, timeout=300, **options)


def only_error_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    lines = [line for line in (result.stdout + result.stderr).splitlines() if line.startswith("error: ")]
    assert len(lines) == 1, result.stdout + result.stderr
    return lines[0]


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    return scaffold(tmp_path)


LOOP = ("while True: pass",)


@pytest.mark.parametrize("command", ["simulate-1", "simulate-2", "verify", "replay", "play", "build"])
def test_a_loop_that_never_ends_is_stopped_naming_the_line(kit: Path, tmp_path: Path, command: str) -> None:
    line = on_wish(kit, *LOOP)
    limit = ["--set", "game.time_limit=0.4"]
    out = ["--out", str(tmp_path / "out")]
    runs = {
        "simulate-1": ["simulate", "--kit", str(kit), "--games", "50", *out, *limit],
        "simulate-2": ["simulate", "--kit", str(kit), "--games", "3000", "--workers", "2", *out, *limit],
        "verify": ["verify", "--kit", str(kit), *out, *limit],
        "replay": ["replay", "--kit", str(kit), *limit, str(example_log(kit, tmp_path))],
        "play": ["play", "--kit", str(kit), "--seed", "3", *limit],
        "build": ["build", "--kit", str(kit), *out, *limit],
    }
    result = cli(*runs[command], input="1\n" * 60 if command == "play" else None)
    message = one_error_line(result)
    assert f"star-race/rules.py:{line} in play(): still running after " in message, message
    assert "past the limit of 0.4 s (game.time_limit in kit.toml, or --set game.time_limit=SECONDS)" in message
    if command.startswith("simulate"):
        assert "of simulate --seed 1 (random, random)" in message and "/failed/simulate-seed-1-game-" in message


def test_the_time_limit_is_set_in_kit_toml_and_counts_cpu_time_not_waiting(kit: Path) -> None:
    line = on_wish(kit, "SLEPT or SLEPT.append(time.sleep(0.6))", imports="import time\nSLEPT = []")
    edit(kit / "kit.toml", 'rules = "rules.py"', 'rules = "rules.py"\ntime_limit = 0.2')
    assert cli("simulate", "--kit", str(kit), "--games", "40", "--out", str(kit.parent / "out")).exit_code == 0  # 0.6 s asleep
    edit(kit / "rules.py", "SLEPT or SLEPT.append(time.sleep(0.6))", "while True: pass")
    message = one_error_line(cli("simulate", "--kit", str(kit), "--games", "40", "--out", str(kit.parent / "out")))
    assert f"rules.py:{line} in play(): still running after" in message and "past the limit of 0.2 s" in message


def test_a_loop_while_rules_py_loads_is_stopped(kit: Path) -> None:
    (kit / "rules.py").write_text((kit / "rules.py").read_text() + "\nwhile True:\n    pass\n")
    edit(kit / "kit.toml", 'rules = "rules.py"', 'rules = "rules.py"\ntime_limit = 0.3')
    message = one_error_line(cli("simulate", "--kit", str(kit), "--games", "5"))
    assert f"star-race/rules.py:{line_of(kit / 'rules.py', 'while True:')}: still running after" in message
    assert "(while loading rules.py)" in message


def test_memory_past_the_limit_is_a_memory_error_with_the_fix(kit: Path) -> None:
    line = on_wish(kit, "state['junk'] = 'x' * 3_000_000_000")
    edit(kit / "kit.toml", 'rules = "rules.py"', 'rules = "rules.py"\nmemory_limit = 300')
    message = one_error_line(cli("simulate", "--kit", str(kit), "--games", "50", "--out", str(kit.parent / "out")))
    assert f"rules.py:{line} in play(): MemoryError: more memory than the limit of 300 MB (game.memory_limit" in message


@pytest.mark.parametrize("raised, said", [
    ("sys.exit(3)", "SystemExit: rules.py called sys.exit(3): the rules return values or raise an error"),
    ("raise KeyboardInterrupt", "KeyboardInterrupt raised by the rules (only Ctrl-C stops a command)"),
    ("os._exit(0)", "os._exit(0) called: the rules return values or raise an error, they do not end printkit"),
    ("posix._exit(0)", "os._exit(0) called: the rules return values or raise an error, they do not end printkit"),
])
@pytest.mark.parametrize("workers", ["1", "2"])
def test_exits_and_interrupts_raised_by_the_rules_are_one_line(kit: Path, raised: str, said: str, workers: str) -> None:
    line = on_wish(kit, raised, imports="import os, posix, sys")
    result = printkit("simulate", "--kit", str(kit), "--games", "3000", "--workers", workers, "--out", str(kit.parent / "out"))
    message = only_error_line(result)
    assert f"star-race/rules.py:{line} in play(): {said}" in message, message


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("stuck, said", [
    (("re.match(r'(a+)+$', 'a' * 60 + 'b')",), "inside one call of Python's own that cannot be interrupted"),
    (("while True:", "    try:", "        pass", "    except BaseException:", "        pass"), "past the limit of 0.3 s"),
])
def test_a_call_that_cannot_be_stopped_ends_its_process_with_one_line(kit: Path, workers: str, stuck: tuple[str, ...],
                                                                      said: str) -> None:
    """A loop inside one C call (a regular expression that backtracks without end) never returns to Python, and one
    that catches every exception swallows the watchdog's: the command still ends, with one line."""
    line = on_wish(kit, *stuck, imports="import re")
    result = printkit("simulate", "--kit", str(kit), "--games", "3000", "--workers", workers, "--set", "game.time_limit=0.3",
                      "--out", str(kit.parent / "out"))
    message = only_error_line(result)
    assert any(f"star-race/rules.py:{n} in play(): still running after" in message for n in range(line, line + len(stuck))), message
    assert said in message


def test_wrong_types_are_the_designers_errors(kit: Path, tmp_path: Path) -> None:
    edit(kit / "rules.py", 'return Outcome(player, f"reached the goal of {self.params.goal} stars", tuple(stars))',
         "return Outcome(player, None, tuple(stars))")
    message = one_error_line(cli("simulate", "--kit", str(kit), "--games", "200", "--out", str(tmp_path / "out")))
    assert "outcome() gave the reason None: expected one line of text" in message
    fresh = scaffold(tmp_path / "2")
    (fresh / "rules.py").write_text((fresh / "rules.py").read_text() + "\n    def checks(self, printed):\n        return 5\n")
    message = one_error_line(cli("build", "--kit", str(fresh), "--out", str(tmp_path / "out")))
    assert "star-race/rules.py: checks() returned 5: expected a list of problems" in message
    edit(fresh / "rules.py", "        return 5", "        return ['ok', 7]")
    assert "checks() gave 7: expected text (an error) or ('warning', text)" in one_error_line(cli("verify", "--kit", str(fresh)))


@pytest.mark.parametrize("workers", ["1", "2"])
def test_print_in_rules_py_leaves_json_output_alone(kit: Path, tmp_path: Path, workers: str) -> None:
    on_wish(kit, "print('a wish!', state['stars'])")
    result = printkit("simulate", "--kit", str(kit), "--games", "2000", "--workers", workers, "--json", "--out", str(tmp_path))
    assert result.returncode == 0 and json.loads(result.stdout)["games"] == 2000
    assert "a wish!" in result.stderr
    replayed = printkit("replay", "--kit", str(kit), "--json", str(example_log(kit, tmp_path)))
    assert replayed.returncode == 0 and json.loads(replayed.stdout)["result"] == "win" and "a wish!" in replayed.stderr


def test_numbers_read_as_text_get_a_hint(kit: Path) -> None:
    edit(kit / "kit.toml", 'types = { cost = "integer", coins = "integer", stars = "integer", steal = "integer", storm = "integer", ',
         'types = { coins = "integer", stars = "integer", steal = "integer", storm = "integer", ')
    message = one_error_line(cli("simulate", "--kit", str(kit), "--games", "20", "--out", str(kit.parent / "out")))
    assert "TypeError" in message and "columns that hold numbers reach the rules as text unless kit.toml declares their type" in message
    assert "deck 'cards': cost" in message and 'add types = { cost = "integer" } (or "number") to their [[deck]]' in message


@pytest.mark.parametrize("old, new, said", [
    ('"deck": list(self.decks["cards"]),', '"deck": list(self.decks["card"]),',
     "KeyError: no deck 'card' in kit.toml (decks: cards; did you mean 'cards'?)"),
    ("card = next(c for c in hand if c.title == title)", "card = next(c for c in hand if c.title == 'Dragon')",
     "StopIteration: next() found nothing (a row the data file lacks, or a card no longer in the pile?): give next() a default"),
    ("state[\"coins\"][me] -= card.cost or 0", "state[\"coins\"][me] -= card['costs'] or 0",
     "KeyError: no column 'costs' of cards (columns: "),
    ("self.params.hand_size", "self.params['hand_sise']",
     "KeyError: no parameter 'hand_sise' in kit.toml's [params] (parameters: hand_size, start_coins, goal; did you mean 'hand_size'?)"),
])
def test_common_slips_name_the_fix(kit: Path, old: str, new: str, said: str) -> None:
    edit(kit / "rules.py", old, new)
    message = one_error_line(cli("simulate", "--kit", str(kit), "--games", "20", "--out", str(kit.parent / "out")))
    assert said in message, message


def test_a_kits_modules_shadow_nothing(kit: Path, tmp_path: Path) -> None:
    (kit / "jinja2.py").write_text("raise RuntimeError('the kit jinja2.py was imported')\n")
    (kit / "helpers.py").write_text("BONUS = 1\n")
    (kit / "tools").mkdir()
    (kit / "tools" / "__init__.py").write_text("from .scoring import bonus\n")
    (kit / "tools" / "scoring.py").write_text("def bonus():\n    return 0\n")
    edit(kit / "rules.py", "from printkit.kitrules import", "import helpers\nfrom tools import bonus\nfrom printkit.kitrules import")
    edit(kit / "rules.py", 'state["stars"][me] += card.stars or 0', 'state["stars"][me] += (card.stars or 0) + bonus() * helpers.BONUS')
    before = list(sys.path)
    result = cli("build", "--kit", str(kit), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert sys.path == before and "helpers" not in sys.modules and "tools" not in sys.modules
    assert cli("simulate", "--kit", str(kit), "--games", "100", "--workers", "2", "--out", str(tmp_path / "out")).exit_code == 0
    (kit / "helpers.py").write_text("import jinja2\nBONUS = jinja2\n")  # the kit's own jinja2.py, as Python would find it
    message = one_error_line(cli("simulate", "--kit", str(kit), "--games", "5"))
    assert "star-race/jinja2.py:1: RuntimeError: the kit jinja2.py was imported (while loading rules.py)" in message


BUILT_IN_PAST_ITS_LIMIT = """
from printkit.games import kit_builder, kit_folder, params_class
from printkit.guard.limits import Limits
from printkit.kitgame.blame import RulesError
from printkit.kitgame.game import packaged_game

spec = packaged_game(kit_folder("warfare"), "warfare", "Tic Tac Warfare", params_class("warfare"), {}, "rules.py",
                     kit_builder("warfare"), "", Limits(0.1))
rules = spec.rules(params_class("warfare")(board_size=20, line_length=5))
start = rules.initial_state()
try:
    rules.legal_moves(rules.apply(start, rules.parse_move(start, "first X")))  # every form of a 20x20 turn
except RulesError as exc:
    print(exc)
"""


def test_a_built_in_games_rules_run_under_the_guard_as_a_designers_do() -> None:
    """Tic Tac Warfare's rules.py (a kit folder of printkit's) is watched with its kit.toml's limits: a call past the
    time limit (here 0.1 s: listing every form of a turn on a 20x20 board, about 0.35 s of CPU) is stopped, naming its
    line; the message does not suggest a setting config.toml and --set do not have (a built-in game's limits are its
    own)."""
    result = subprocess.run([sys.executable, "-c", BUILT_IN_PAST_ITS_LIMIT], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert result.stdout.startswith("warfare/rules.py:"), result.stdout
    assert "past the limit of 0.1 s" in result.stdout and "(listing the moves of X)" in result.stdout, result.stdout
    assert "(a built-in game's own time limit, which no setting changes: a computer player with a smaller budget, such as " \
           "mcts:easy, stays within it)" in result.stdout and "--set" not in result.stdout, result.stdout
    refused = printkit("simulate", "--game", "warfare", "--games", "2", "--set", "game.time_limit=1")
    assert only_error_line(refused) == "error: --set: game: unknown table (known: print, games)"


def test_an_unwatched_block_is_not_timed(tmp_path: Path) -> None:
    """A kit's compiled kernel runs unwatched (its first call compiles for seconds): the same loop that the watchdog
    stops in a watched folder runs to its end inside ``unwatched()``."""
    import importlib.util

    from printkit.guard.limits import Limits
    from printkit.guard.watchdog import TimeLimit, overrun, unwatched, watch

    (tmp_path / "spin.py").write_text("import time\n\ndef spin(seconds):\n    end = time.thread_time() + seconds\n"
                                      "    while time.thread_time() < end:\n        pass\n    return 'done'\n")
    spec = importlib.util.spec_from_file_location("printkit_test_spin", tmp_path / "spin.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    watch(tmp_path, "spin", Limits(0.2))
    with unwatched():
        assert module.spin(0.6) == "done"
    with pytest.raises(TimeLimit):
        module.spin(3.0)
    stopped = overrun()
    assert stopped is not None and stopped.place.startswith("spin/spin.py:")


MOVE = '''
class Move(tuple):
    """A move whose own comparison loops for Storm."""

    def __eq__(self, other):
        while self[1] == "Storm":
            pass
        return tuple.__eq__(self, other)

    __hash__ = tuple.__hash__

'''


@pytest.mark.parametrize("old, new, method", [
    ("        titles = sorted(", "        if state['stars'][0] >= 1:\n            return (m for m in iter(int, 1))\n        titles = sorted(",
     "<genexpr>"),
    ("    def outcome(self, state):\n", "    def answers(self, state, move):\n        return (m for m in iter(int, 1))\n\n"
     "    def outcome(self, state):\n", "<genexpr>"),
    ('return [("play", title) for title in titles]', 'return [Move(("play", title)) for title in titles]', "__eq__"),
], ids=["moves-generator", "answers-generator", "a-moves-own-eq"])
@pytest.mark.parametrize("command", ["verify", "play"])
def test_designer_code_printkit_runs_for_the_rules_is_under_guard_too(kit: Path, tmp_path: Path, old: str, new: str,
                                                                     method: str, command: str) -> None:
    """A generator moves() or answers() returns runs when printkit lists it, a move's own ``__eq__`` when printkit looks
    for it among the legal moves: a loop there is stopped with the same one line, in replay's path as in the playouts'."""
    edit(kit / "rules.py", old, new)
    edit(kit / "rules.py", "class StarRace(Game):", MOVE + "class StarRace(Game):")
    args = ["--kit", str(kit), "--set", "game.time_limit=0.3"]
    result = cli(command, *args, "--out", str(tmp_path)) if command == "verify" else \
        cli(command, *args, "--seed", "3", "--computer", "greedy", input="1\n" * 80)
    message = one_error_line(result)
    assert "star-race/rules.py:" in message and f" in {method}(): still running after " in message, message


def test_a_time_limit_or_an_exit_that_reaches_the_command_untold_is_one_line(kit: Path) -> None:
    """Where printkit calls the designer's code without knowing it (none is known left), what stops it still names it."""
    from printkit.guard.limits import Limits
    from printkit.guard.watchdog import TimeLimit, watch
    from printkit.kitgame.blame import DesignerExit, escaped

    helper = kit / "helper.py"
    helper.write_text("import sys\n\n\ndef spin():\n    while True:\n        pass\n\n\ndef leave():\n    sys.exit(2)\n")
    watch(kit, "star-race", Limits(0.2))
    code = {}
    exec(compile(helper.read_text(), str(helper.resolve()), "exec"), code)
    with pytest.raises(TimeLimit) as stopped:
        code["spin"]()
    assert str(escaped(stopped.value)).startswith("star-race/helper.py:5 in spin(): still running after ")
    with pytest.raises(SystemExit) as left:
        code["leave"]()
    assert str(escaped(left.value)).startswith("star-race/helper.py:10 in leave(): SystemExit: rules.py called sys.exit(2)")
    assert escaped(SystemExit(0)) is None and escaped(ValueError("printkit's own")) is None
    assert "os._exit(3) called" in str(escaped(DesignerExit(3)))


def test_a_loop_called_from_another_thread_is_a_rules_error_there(kit: Path) -> None:
    """A thread that plays a kit's rules (a browser table's) is stopped there and gets a PrintkitError (the replay's,
    holding the rules' RulesError) naming rules.py's line."""
    import threading

    from printkit.errors import PrintkitError
    from printkit.kitgame.spec import open_kit

    line = on_wish(kit, *LOOP)
    opened = open_kit(str(kit), ("game.time_limit=0.3",))
    rules = opened.spec.rules(opened.setup)
    log = example_log(kit, kit.parent)
    caught: list[BaseException] = []

    def play_the_example() -> None:
        from printkit.rules.log import parse_log
        from printkit.rules.replay import replay

        try:
            replay(rules, parse_log(log.read_text()), str(log))
        except BaseException as exc:  # what a table's thread would see
            caught.append(exc)

    thread = threading.Thread(target=play_the_example)
    thread.start()
    thread.join(timeout=300)
    assert not thread.is_alive() and len(caught) == 1
    assert isinstance(caught[0], PrintkitError), caught
    assert f"star-race/rules.py:{line} in play(): still running after" in str(caught[0])


def test_a_fork_after_the_watchdog_started_outside_a_command_does_not_wait_forever(tmp_path: Path) -> None:
    """The watchdog running before a command began (a test process, a server), a lock the standard library holds across
    every fork (concurrent.futures, which asyncio and Dask import): the command's first fork (a worker, the previews')
    must not start the guardian from inside the fork, which would wait for that lock for ever."""
    script = f"""
import os
from printkit.guard.limits import Limits
from printkit.guard import watchdog
watchdog.watch({str(tmp_path)!r}, "kit", Limits(1))
import concurrent.futures.thread
watchdog.guard_command()
pid = os.fork()
if pid == 0:
    os._exit(0)
os.waitpid(pid, 0)
print("forked")
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                            cwd=Path(__file__).resolve().parents[2])
    assert result.returncode == 0 and result.stdout == "forked\n", result.stderr


@pytest.mark.parametrize("item, said", [
    ("game.time_limit=0", "game.time_limit: expected 0.1 to 86,400, got 0.0"),
    ("game.memory_limit=10", "game.memory_limit: expected 64 to 1,048,576, got 10"),
])
def test_limits_out_of_range_say_their_range_in_plain_numbers(kit: Path, item: str, said: str) -> None:
    assert said in one_error_line(cli("simulate", "--kit", str(kit), "--games", "5", "--set", item))
