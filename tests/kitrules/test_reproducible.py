"""Every failure of a kit's rules reproducible: simulate, balance, verify and build name the seed and the game, keep the
game so far as a log under the output folder, and ``printkit replay --kit`` of it ends in the same error, naming the
log's line; the rule sheet's example names rules.md's line; ``play --log`` keeps the game however it ends."""

from __future__ import annotations

import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.kitrules.helpers import cli, edit, one_error_line, scaffold

PLAY = '        action, title = move\n'


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    return scaffold(tmp_path)


def crash_on_late_storm(kit: Path) -> str:
    """play() divides by zero when Storm is played once the deck is empty (in some random games, never in the rule
    sheet's example); the error's text."""
    edit(kit / "rules.py", PLAY, PLAY + '        if title == "Storm" and not state["deck"]:\n'
                                        '            state["stars"][0] //= 0\n')
    return "in play(): ZeroDivisionError: integer division or modulo by zero"


def kept_log(message: str, out: Path) -> tuple[Path, list[str]]:
    """The log a failure message names under ``out``, and the replay command it gives."""
    found = re.search(r"kept in (\S+\.log): `([^`]+)` replays it", message)
    assert found is not None, message
    log = Path(found.group(1))
    assert log.is_file() and out in log.parents, message
    command = shlex.split(found.group(2))
    assert command[:2] == ["printkit", "replay"] and command[-1] == str(log)
    return log, command[2:]


def replays_to_the_same_error(message: str, out: Path) -> None:
    """The kept log replays to the error of ``message`` (the part naming rules.py's line, the method and the error),
    naming the log's last line."""
    log, args = kept_log(message, out)
    replayed = one_error_line(cli("replay", *args))
    rules_error = message.removeprefix("error: ").split(" (", 1)[0]
    last_line = len(log.read_text().splitlines())
    assert replayed.startswith(f"error: {log}:{last_line}: {rules_error}"), (replayed, message)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_names_the_seed_and_the_game_and_keeps_it(kit: Path, tmp_path: Path, workers: str) -> None:
    crashed = crash_on_late_storm(kit)
    out = tmp_path / "out"
    message = one_error_line(cli("simulate", "--kit", str(kit), "--games", "3000", "--seed", "7", "--workers", workers,
                                 "--out", str(out)))
    assert crashed in message and "of simulate --seed 7 (random, random), kept in" in message
    number = int(re.search(r": game ([\d,]+) of", message).group(1).replace(",", ""))
    log, _ = kept_log(message, out)
    assert log.name == f"simulate-seed-7-game-{number}.log" and log.parent == out / "star-race" / "failed"
    head = log.read_text().splitlines()[:3]
    assert head[0].startswith(f"# game {number:,} of simulate --seed 7") and head[1].startswith("# error: ")
    replays_to_the_same_error(message, out)
    again = one_error_line(cli("simulate", "--kit", str(kit), "--games", "3000", "--seed", "7", "--out", str(out)))
    assert again == message  # the same seed fails at the same game, whatever the workers


def test_balance_names_the_point_and_its_settings_replay_it(kit: Path, tmp_path: Path) -> None:
    crash_on_late_storm(kit)
    out = tmp_path / "out"
    message = one_error_line(cli("balance", "--kit", str(kit), "--sweep", "params.goal=6,7", "--games", "3000", "--workers", "2",
                                 "--out", str(out)))
    assert "of balance --seed 1 at goal 6, players random/random, kept in" in message
    _, args = kept_log(message, out)
    assert args[args.index("--set") + 1] == "params.goal=6"  # the point's value, so the replay plays the same game
    replays_to_the_same_error(message, out)


@pytest.mark.parametrize("command", ["verify", "build"])
def test_verify_and_build_play_the_same_random_games_and_keep_a_failed_one(kit: Path, tmp_path: Path, command: str) -> None:
    crash_on_late_storm(kit)
    out = tmp_path / "out"
    result = cli(command, "--kit", str(kit), "--out", str(out))
    assert result.exit_code == 1 and "Traceback" not in result.output
    found = [line.strip() for line in result.output.splitlines() if "ZeroDivisionError" in line]
    assert found and "of the checks' random games (seed 1), kept in" in found[0]
    log, _ = kept_log(found[0], out)
    assert re.match(r"# game [\d,]+ of the checks' random games \(seed 1\): its \d+ moves up to the error\n", log.read_text())
    replays_to_the_same_error(found[0], out)
    if command == "build":  # written for inspection, and said so; the gallery's record holds the error
        assert (out / "star-race" / "kit.pdf").is_file()
        assert result.output.splitlines()[-1].startswith("error: the checks found 1 error (listed above): written for inspection")
        assert '"level": "error"' in (out / "star-race" / "manifest.json").read_text()
        kept = cli("build", "--kit", str(kit), "--out", str(out))
        assert kept.exit_code == 1 and "unchanged, kept" in kept.output  # a kit kept unchanged still has its errors


@pytest.mark.parametrize("command", ["verify", "build"])
def test_a_failed_game_of_a_kit_built_with_set_items_replays_with_them(kit: Path, tmp_path: Path, command: str) -> None:
    """build/verify --kit DIR --set ... kept a failed game whose replay command had no --set: it replayed another game
    (goal 5, and the data as written) than the one that failed. The command repeats the items as given (--paper, which
    the rules do not read, left out) and replays to the same error."""
    crash_on_late_storm(kit)
    edit(kit / "rules.py", 'if title == "Storm" and not state["deck"]:',
         'if title == "Storm" and not state["deck"] and self.params.goal == 6 and self.decks["cards"][0].coins == 3:')
    out = tmp_path / "out"
    items = ["params.goal=6", "data.cards.Harvest.coins=3"]
    result = cli(command, "--kit", str(kit), "--out", str(out), "--paper", "letter", *[w for i in items for w in ("--set", i)])
    found = [line.strip() for line in result.output.splitlines() if "ZeroDivisionError" in line]
    assert result.exit_code == 1 and found, result.output
    _, args = kept_log(found[0], out)
    assert [args[i + 1] for i, word in enumerate(args) if word == "--set"] == items and "letter" not in " ".join(args)
    replays_to_the_same_error(found[0], out)


@pytest.mark.parametrize("old, new, said", [
    ("    def outcome(self, state):\n", "    def outcome(self, state):\n        if len(state['deck']) == 3 and state['coins'][0] > 3:\n"
     "            return {}['boom']\n", "in outcome(): KeyError: 'boom'"),
    ("        return state[\"stars\"][player]\n\n    # Where", "        return state[\"stars\"][player]\n\n    def counters(self, state):\n        return {'coins': 1 / (state['coins'][0] - 2)}\n\n"
     "    # Where", "in counters(): ZeroDivisionError"),
    ("    players = 2\n", "    players = 2\n    max_moves = 9\n", "a game did not end within 9 moves (max_moves)"),
])
def test_failures_outside_play_replay_to_the_same_error(kit: Path, tmp_path: Path, old: str, new: str, said: str) -> None:
    edit(kit / "rules.py", old, new)
    out = tmp_path / "out"
    message = one_error_line(cli("simulate", "--kit", str(kit), "--games", "2000", "--out", str(out)))
    assert said in message
    log, args = kept_log(message, out)
    replayed = one_error_line(cli("replay", *args))
    assert replayed.startswith(f"error: {log}:") and said in replayed


def test_the_rule_sheets_example_names_rules_md(kit: Path) -> None:
    crash = '        if title == "Wish":\n            raise RuntimeError("no wishes")\n'
    edit(kit / "rules.py", PLAY, PLAY + crash)
    number = next(i for i, line in enumerate((kit / "rules.md").read_text().splitlines(), 1) if line.startswith("play Wish"))
    for command in ("verify", "build"):
        message = one_error_line(cli(command, "--kit", str(kit), "--out", str(kit.parent / "out")))
        assert message.startswith(f"error: {kit}/rules.md:{number}: {kit}/rules.py:") and "RuntimeError: no wishes" in message


def test_play_log_keeps_the_game_when_the_rules_crash(kit: Path, tmp_path: Path) -> None:
    crash_on_late_storm(kit)
    log = tmp_path / "game.log"
    for seed in range(1, 40):
        result = cli("play", "--kit", str(kit), "--seed", str(seed), "--log", str(log), input="1\n" * 80)
        if result.exit_code == 1:
            break
    message = one_error_line(result)
    text = log.read_text().splitlines()
    assert text[1] == f"# unfinished: error: {message.removeprefix('error: ')}"[:len(text[1])]
    moves = len(text) - 2
    assert message.endswith(f": the game at the terminal ({moves} moves), kept in {log}: "
                            f"`printkit replay --kit {kit} {log}` replays it"), message
    replayed = one_error_line(cli("replay", "--kit", str(kit), str(log)))
    assert replayed.startswith(f"error: {log}:{len(text)}: ") and "ZeroDivisionError" in replayed
    without = one_error_line(cli("play", "--kit", str(kit), "--seed", str(seed), input="1\n" * 80))
    assert without.endswith(f": the game at the terminal, {moves} moves in (printkit play --log FILE keeps a game, to replay it)")


def test_play_log_keeps_the_game_on_ctrl_c(kit: Path, tmp_path: Path) -> None:
    log = tmp_path / "game.log"
    process = subprocess.Popen([sys.executable, "-m", "printkit", "play", "--kit", str(kit), "--seed", "4", "--log", str(log)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("1\n")
    process.stdin.flush()
    seen = ""
    while seen.count("pick a number") < 2:  # the first move was made: the game waits for the next
        seen += process.stdout.readline()
    process.send_signal(signal.SIGINT)  # at the prompt: Ctrl-C stops the command, it is not the end of the input
    out, err = process.communicate(timeout=120)
    assert process.returncode == 130 and err == "stopped (Ctrl-C)\n", err
    text = log.read_text().splitlines()
    assert text[0].endswith("(printkit play)") and text[1] == "# unfinished: stopped by Ctrl-C" and len(text) >= 4
    assert cli("replay", "--kit", str(kit), str(log)).exit_code == 0


def test_replay_names_the_log_line_where_the_rules_fail(kit: Path, tmp_path: Path) -> None:
    edit(kit / "rules.py", PLAY, PLAY + '        if title == "Wish":\n            raise RuntimeError("no wishes")\n')
    text = (kit / "rules.md").read_text()
    block = re.search(r"```game\n(.*?)```", text, re.S)
    assert block is not None
    log = tmp_path / "example.log"
    log.write_text(block.group(1))
    number = next(i for i, line in enumerate(block.group(1).splitlines(), 1) if line.startswith("play Wish"))
    assert one_error_line(cli("replay", "--kit", str(kit), str(log))).startswith(f"error: {log}:{number}: {kit}/rules.py:")


def test_the_checks_play_the_same_games_every_time(kit: Path, tmp_path: Path) -> None:
    """The checks' games stop at a CPU-time budget, not a clock: the same games are played however busy the machine."""
    crash_on_late_storm(kit)
    first = one_error_line(cli("verify", "--kit", str(kit), "--out", str(tmp_path / "a")))
    again = one_error_line(cli("verify", "--kit", str(kit), "--out", str(tmp_path / "b")))
    assert first.replace(str(tmp_path / "a"), "") == again.replace(str(tmp_path / "b"), "")
