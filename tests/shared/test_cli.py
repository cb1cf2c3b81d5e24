"""The command line through click's CliRunner: help, every command, every user error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main

COMMANDS = ["list", "build", "verify", "replay", "simulate", "play", "config", "calibrate", "gallery", "watch"]


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0 and "Usage:" in result.output


def test_list_shows_every_game() -> None:
    result = run("list")
    assert result.exit_code == 0
    for name in ("warfare", "ultimate", "sitters", "tictactwo", "tokentactics"):
        assert name in result.output


def test_config_prints_a_config_that_loads(tmp_path: Path) -> None:
    from printkit.config import load_config

    text = run("config").output
    (tmp_path / "c.toml").write_text(text)
    assert load_config(tmp_path / "c.toml").print.paper == "A4"


def test_repository_config_holds_the_defaults() -> None:
    """config.toml at the top of the repository is exactly `printkit config`."""
    top = Path(__file__).resolve().parents[2] / "config.toml"
    assert top.read_text() == run("config").output


@pytest.mark.parametrize(
    "args, message",
    [
        (["build", "--game", "chess"], "error: unknown game 'chess' (known games: warfare"),
        (["build"], "error: name a game with --game NAME or use --all"),
        (["build", "--game", "warfare", "--set", "games.warfare.board_size=2"],
         "error: --set: games.warfare.board_size: expected 3 to 20, got 2"),
        (["build", "--game", "warfare", "--set", "games.warfare.board_size=six"],
         "error: --set: games.warfare.board_size: expected an integer, got 'six'"),
        (["build", "--game", "warfare", "--set", "games.warfare.line_length=7"],
         "error: --set: games.warfare.line_length: expected at most board_size (6), got 7"),
        (["build", "--game", "warfare", "--set", "games.warfare.colour=red"], "error: --set: games.warfare.colour: unknown key"),
        (["verify", "--game", "nope"], "error: unknown game 'nope'"),
        (["simulate", "--game", "warfare", "--players", "random,genius"], "unknown player 'genius'"),
        (["build", "--game", "warfare", "--config", "missing.toml"], "error: missing.toml: cannot read the file"),
    ],
)
def test_user_errors_are_one_clear_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output


def test_bad_config_file_names_file_key_and_value(tmp_path: Path) -> None:
    cfg = tmp_path / "config.toml"
    cfg.write_text("[games.warfare]\nboard_size = 'six'\n")
    result = CliRunner().invoke(main, ["build", "--game", "warfare", "--config", str(cfg), "--out", str(tmp_path / "o")])
    assert result.exit_code == 1
    assert result.output.strip() == f"error: {cfg}: games.warfare.board_size: expected an integer, got 'six'"
    assert not (tmp_path / "o").exists()


def test_build_writes_a_kit_and_a_summary(tmp_path: Path) -> None:
    result = run("build", "--game", "warfare", "--out", str(tmp_path), "--paper", "letter")
    assert result.exit_code == 0, result.output
    assert "warfare: wrote" in result.output and "kit.pdf" in result.output
    manifest = json.loads((tmp_path / "warfare/manifest.json").read_text())
    assert manifest["print"]["paper"] == "letter"


def test_verify_reports_findings_and_exit_code() -> None:
    result = run("verify", "--game", "warfare")
    assert result.exit_code == 0, result.output
    assert "warning: fortress victory cannot be reached: it needs 3 fortress tokens but each player has only 1 Fortress card" in result.output
    assert "warfare: 0 errors" in result.output


def test_verify_exits_1_on_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit.kit import checks
    from printkit.kit.model import Finding

    monkeypatch.setattr(checks, "board_findings", lambda svg, expected: [Finding("error", "board.svg lacks cells the rules use: G7")])
    result = CliRunner().invoke(main, ["verify", "--game", "warfare"])
    assert result.exit_code == 1 and "error: board.svg lacks cells the rules use: G7" in result.output


def test_replay_prints_boards_and_result(tmp_path: Path) -> None:
    log = tmp_path / "g.log"
    log.write_text("first X\nX A1 # corner\nO B1\n")
    result = run("replay", "--game", "warfare", str(log))
    assert result.exit_code == 0
    assert f"{log}:2: X A1" in result.output and "unfinished after 3 moves" in result.output
    data = json.loads(run("replay", "--game", "warfare", str(log), "--json").output)
    assert data["moves"] == 3 and data["result"] == "unfinished" and data["final"]["cells"]["A1"]["owner"] == "X"


def test_replay_errors_name_the_log_line(tmp_path: Path) -> None:
    log = tmp_path / "g.log"
    log.write_text("first X\n\nX A1\nO A1\n")
    result = CliRunner().invoke(main, ["replay", "--game", "warfare", str(log)])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1].startswith(f"error: {log}:4: illegal move 'O A1'")
    before = result.output.split(f"{log}:3: X A1\n")  # the positions before the refused line, as boards
    assert len(before) == 2 and " 1  X  . " in before[1] and "O A1" not in before[0]
    log.write_text("first X\nX Z9\n")
    result = CliRunner().invoke(main, ["replay", "--game", "warfare", str(log)])
    assert result.exit_code == 1 and f"{log}:2:" in result.output
    missing = CliRunner().invoke(main, ["replay", "--game", "warfare", str(tmp_path / "none.log")])
    assert missing.exit_code == 1 and "cannot read the log" in missing.output


def test_simulate_json_has_the_promised_keys() -> None:
    data = json.loads(run("simulate", "--game", "warfare", "--games", "200", "--seed", "3", "--json").output)
    assert data["games"] == 200
    assert set(data["results"]) == {"first", "second", "draw"} and sum(data["results"].values()) == 200
    assert data["mean_length"] > 0 and data["games_per_second"] > 0


def test_simulate_is_reproducible_by_seed() -> None:
    one = json.loads(run("simulate", "--game", "warfare", "--games", "300", "--seed", "9", "--json").output)
    two = json.loads(run("simulate", "--game", "warfare", "--games", "300", "--seed", "9", "--json").output)
    assert one["results"] == two["results"] and one["mean_length"] == two["mean_length"]


def test_play_without_a_terminal_game_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    import printkit.cli
    from printkit.games import get_game

    monkeypatch.setattr(printkit.cli, "get_game", lambda name: dataclasses.replace(get_game(name), play=None))
    result = CliRunner().invoke(main, ["play", "--game", "warfare"])
    assert result.exit_code != 0 and "has no terminal game" in result.output


def test_computer_seat_reads_numbers_names_and_marks() -> None:
    from printkit.rules.seats import PlayError, computer_seat

    names = ("Ann", "Bob")
    assert [computer_seat(names, c, ("X", "O")) for c in (None, "1", "p2", " BOB ", "x", "o")] == [None, 0, 1, 1, 0, 1]
    with pytest.raises(PlayError, match=r"^unknown computer side '3' \(expected 1, 2, X, O, 'Ann' or 'Bob'\)$"):
        computer_seat(names, "3", ("X", "O"))


def test_the_token_tactics_transcript_is_the_seeds() -> None:
    """The terminal test's transcript is copied from the seed, word for word."""
    from tests.conftest import seed_text

    seed = seed_text("004_a520edffd42cb51b.txt")
    copy = (Path(__file__).resolve().parents[1] / "data/tokentactics/transcript.txt").read_text()
    for block in copy.split("[...game continues as in the example above...]"):
        assert block.strip() in seed


def test_an_error_naming_a_control_character_stays_one_line(tmp_path) -> None:
    from click.testing import CliRunner

    from printkit.cli import main

    folder = tmp_path / "odd\x1ename"
    result = CliRunner().invoke(main, ["build", "--kit", str(folder)])
    assert result.exit_code == 1 and len(result.output.splitlines()) == 1, result.output
    assert result.output.startswith("error: --kit: expected text without control characters (a control character U+001E (RS)")


@pytest.mark.parametrize("args", [["list"], ["--help"], ["replay", "--game", "warfare", "printkit/games/warfare/example.log"]])
def test_commands_that_draw_and_play_nothing_import_no_heavy_library(args: list[str]) -> None:
    """`list`, `--help` and `replay` start fast (README's benchmark): no numpy, numba, reportlab or svgwrite."""
    import subprocess
    import sys

    code = ("import sys\nfrom printkit.cli import main\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
            "heavy = [m for m in ('numpy', 'numba', 'reportlab', 'svgwrite', 'cairosvg') if m in sys.modules]\n"
            "print('HEAVY', heavy, file=sys.stderr)\n")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=root, capture_output=True, text=True, timeout=60)
    assert "HEAVY []" in done.stderr, done.stderr[-500:]


def _imported(args: list[str], modules: tuple[str, ...] = ()) -> set[str]:
    """The libraries (top-level names outside the standard library) a ``printkit`` command imports in its own process,
    and those of ``modules`` (of the standard library or printkit) it imports."""
    import subprocess
    import sys

    code = ("import sys\nextra = sys.argv.pop(1).split()\nfrom printkit.cli import main\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
            "names = {m.split('.')[0] for m in sys.modules if not m.startswith('_')} - set(sys.stdlib_module_names)\n"
            "names |= {m for m in ('reportlab.platypus', 'reportlab.graphics', *extra) if m in sys.modules}\n"
            "print('IMPORTED', ' '.join(sorted(names - {'cython_runtime'})), file=sys.stderr)\n")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code, " ".join(modules), *args], cwd=root, capture_output=True, text=True,
                          timeout=120)
    line = next((ln for ln in done.stderr.splitlines() if ln.startswith("IMPORTED")), None)
    assert done.returncode == 0 and line is not None, done.stderr[-800:]
    return set(line.split()[1:])


DECK_JOB = {"PIL", "click", "printkit", "reportlab"}
"""What the common deck job needs: the command line and the PDF writer (SVG is printkit's own). Its card back
is a flat SVG (printkit draws it: no svglib, reportlab.graphics or platypus); no rule sheet: no
markdown-it or jinja2; previews render in a worker process: no PDFium here (and the worker is a plain fork: no
multiprocessing). No `when` condition: not its parser; no rule sheet: not html's entity table."""
NOT_IN_DECK_JOB = ("multiprocessing", "html", "printkit.datakit.when")


def test_the_common_deck_job_imports_only_what_it_needs(tmp_path: Path) -> None:
    deck = Path(__file__).resolve().parents[2] / "bench" / "common-deck"
    assert _imported(["build", "--kit", str(deck), "--out", str(tmp_path)], NOT_IN_DECK_JOB) == DECK_JOB


def test_a_deck_with_a_picture_svglib_must_read_imports_it_and_still_no_rule_sheet_library(tmp_path: Path) -> None:
    from tests.datakit.helpers import CARD, CSV, write_kit

    shield = (Path(__file__).resolve().parents[2] / "printkit/datakit/scaffold/art/shield.svg").read_bytes()  # paths
    kit = CARD + '\n[layouts.back.art]\ntype = "image"\nsrc = "shield.svg"\nx = 10\ny = 10\nw = 20\nh = 20\n'
    folder = write_kit(tmp_path / "k", kit, {"cards.csv": CSV, "shield.svg": shield})
    imported = _imported(["build", "--kit", str(folder), "--out", str(tmp_path / "out")])
    assert {"svglib", "reportlab.graphics"} <= imported and not imported & {"markdown_it", "jinja2", "pypdfium2", "numpy"}


def test_a_ctrl_c_python_wraps_in_a_runtime_error_is_told_as_a_ctrl_c(monkeypatch: pytest.MonkeyPatch) -> None:
    """Python 3.11 turns what ``__set_name__`` raises while a class is made into a RuntimeError, a Ctrl-C among them
    (met as a Ctrl-C came while a library's class was being made): the command stops as on any Ctrl-C."""

    class Named:
        def __set_name__(self, owner: type, name: str) -> None:
            raise KeyboardInterrupt

    def games_listed() -> list[str]:
        type("Made", (), {"attribute": Named()})
        return []

    monkeypatch.setattr("printkit.cli.available", games_listed)
    result = CliRunner().invoke(main, ["list"])
    assert (result.exit_code, result.output) == (130, "stopped (Ctrl-C)\n")
