"""Classes of bad input a new user tries (issue 21), each checked where a user's bytes come in:

- control characters (NUL, ESC, other C0, DEL, C1) in names, labels, cells, rule sheets, logs and arguments;
- structures the parsers choke on: deep TOML/JSON nesting, integers of thousands of digits;
- files that never end or are not files: FIFOs, devices, folders, files past their size bound;
- long values echoed back: a message quotes at most 60 characters, then ``…`` and the length;
- command-line mistakes: one ``error:`` line and exit 1, never click's usage text and exit 2.

Each class has fixed cases here (normal suite) and a generated property: a few hundred examples in the
normal suite, 10,000 under ``pytest -m fuzz``.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import click
import pytest
from hypothesis import strategies as st

from printkit.cli import main
from tests.fuzz.harness import assert_clean, budgets, invoke, run_property
from tests.fuzz.test_fuzz_kits import _starter
from tests.fuzz.values import toml_value

EXAMPLE = Path(__file__).resolve().parents[2] / "printkit" / "games" / "warfare" / "example.log"
CONTROLS = [chr(c) for c in [*range(0x20), 0x7F, *range(0x80, 0xA0)]]
"""Every control character refused: C0, DEL and C1."""
REFUSED = [c for c in CONTROLS if c not in "\t\n\r"]
"""Those refused even in multi-line text (cards, rule sheets)."""
MAX_LINE = 800
"""An error line quoting a long value stays this short (plus the length of the paths it names): 60 characters
quoted, each at most 10 when escaped (``\\U0001f600``), and the message around them."""


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The starter kit (with JSON, TOML and XLSX copies of its cards)."""
    return _starter(tmp_path_factory.mktemp("bad-inputs"))


def _error(result: Any) -> str:
    """The one ``error:`` line of a failed command (asserting the contract on the way)."""
    assert result.exit_code == 1, (result.exit_code, result.output[-500:])
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr[-1000:]
    assert "Traceback" not in result.output and "Usage:" not in result.output
    return lines[0]


def _no_raw_controls(text: str) -> None:
    assert not any(c in text for c in REFUSED if c != "\x1b") and "\x1b" not in text, repr(text[-300:])


# --- control characters -----------------------------------------------------------------------------------------

def _escaped(char: str) -> str:
    return f"U+{ord(char):04X}"


def _kit_copy(kit: Path, tmp: Path) -> Path:
    import shutil

    folder = tmp / "my-game"
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(kit, folder)
    return folder


def control_case(kit: Path, tmp: Path, place: str, text: str) -> tuple[list[str], str, bytes | None]:
    """The command that feeds ``text`` in at ``place``, what its error must name, and stdin."""
    value = toml_value(text)
    if place == "--set":
        return ["verify", "--game", "tokentactics", "--set", f"games.tokentactics.player_names=[{value}, \"B\"]"], "--set", None
    if place == "argument":
        return ["verify", "--game", "warfare", "--set", f"games.warfare.player_x={text}"], "--set", None
    if place == "config.toml":
        path = tmp / "config.toml"
        path.write_text(f"[games.warfare]\nplayer_x = {value}\n", encoding="utf-8")
        return ["verify", "--game", "warfare", "--config", str(path)], f"{path}: games.warfare.player_x", None
    if place == "game log":
        path = tmp / "game.log"
        path.write_bytes(EXAMPLE.read_bytes().replace(b"\n", f" # {text}\n".encode("utf-8", "surrogatepass"), 1))
        return ["replay", "--game", "warfare", str(path)], f"{path}:1:", None
    folder = _kit_copy(kit, tmp)
    if place == "kit.toml":
        text_toml = (folder / "kit.toml").read_text(encoding="utf-8")
        (folder / "kit.toml").write_text(re.sub(r'(?m)^title = .*$', lambda _: f"title = {value}", text_toml, count=1), encoding="utf-8")
        return ["verify", "--kit", str(folder)], f"{folder}/kit.toml: kit.title", None
    if place == "rules.md":
        (folder / "rules.md").write_text(f"# Rules\n\nSome {text} text\n", encoding="utf-8")
        return ["verify", "--kit", str(folder)], f"{folder}/rules.md:3:", None
    rows = json.loads((folder / "cards.json").read_text(encoding="utf-8"))["cards"]
    rows[0]["title"] = text
    if place == "cards.csv":
        import csv
        import io

        out = io.StringIO()
        writer = csv.DictWriter(out, list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
        (folder / "cards.csv").write_text(out.getvalue(), encoding="utf-8")
        return ["verify", "--kit", str(folder)], f"{folder}/cards.csv:2: column 'title'", None
    if place == "cards.json":
        (folder / "cards.json").write_text(json.dumps({"cards": rows}), encoding="utf-8")
        return ["verify", "--kit", str(folder), "--set", "deck.cards.data=cards.json"], f"{folder}/cards.json: cards[0]", None
    assert place == "cards.toml"
    (folder / "cards.toml").write_text("".join("[[card]]\n" + "".join(f"{k} = {toml_value(v)}\n" for k, v in r.items())
                                               for r in rows), encoding="utf-8")
    return ["verify", "--kit", str(folder), "--set", "deck.cards.data=cards.toml"], f"{folder}/cards.toml: card[0]", None


PLACES = ["--set", "argument", "config.toml", "game log", "kit.toml", "rules.md", "cards.csv", "cards.json", "cards.toml"]
MULTILINE = {"kit.toml", "rules.md", "cards.csv", "cards.json", "cards.toml", "config.toml", "--set"}
"""Places whose text may hold tabs and line breaks (card text, rule sheets, the Sitters map)."""


def check_control(kit: Path, tmp: Path, case: tuple[str, str, str, str]) -> None:
    place, before, char, after = case
    if place == "argument" and char in "\t\n\r":
        char = "\x1b"
    if place in MULTILINE and char in "\t\n\r" or place == "game log" and char == "\t":
        char = "\x00"
    if place == "game log" and char in "\n\r":
        char = "\x1b"
    args, names, stdin = control_case(kit, tmp, place, before + char + after)
    result = invoke(args, input=stdin)
    if place.startswith("cards.csv") and result.exit_code == 0 and (not (before + char).strip() or not (char + after).strip()):
        return  # spaces around a CSV cell are trimmed, control spaces too (\x0b, \x1c): nothing of them is drawn
    line = _error(result)
    assert line.startswith(f"error: {names}") or place == "argument" and line.startswith("error: --set:"), (line, names)
    assert f"a control character {_escaped(char)}" in line, line
    _no_raw_controls(line)


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("char", ["\x00", "\x1b", "\x07", "\x7f", "\x9b"])
def test_control_characters_are_refused_where_they_come_in(kit: Path, tmp_path: Path, place: str, char: str) -> None:
    check_control(kit, tmp_path, (place, "Red", char, "[31m"))


def test_an_ansi_player_name_never_reaches_the_terminal() -> None:
    result = invoke(["play", "--game", "warfare", "--set", 'games.warfare.player_x="\\u001b[31mRed"'], input="")
    assert _error(result) == ("error: --set: games.warfare.player_x: expected text without control characters "
                              "(a control character U+001B (ESC) at character 1), got '\\x1b[31mRed'")


@pytest.mark.parametrize("game", ["warfare", "ultimate", "sitters", "tictactwo", "tokentactics"])
def test_a_typed_escape_sequence_is_shown_escaped(game: str) -> None:
    result = invoke(["play", "--game", game, "--seed", "1"], input="\x1b[2J\x07\n")
    _no_raw_controls(result.stdout)


def test_tabs_and_line_breaks_stay_allowed_in_card_text(kit: Path, tmp_path: Path) -> None:
    folder = _kit_copy(kit, tmp_path)
    rows = json.loads((folder / "cards.json").read_text(encoding="utf-8"))["cards"]
    rows[0]["title"] = "Two\nlines\tand a tab"
    (folder / "cards.json").write_text(json.dumps({"cards": rows}), encoding="utf-8")
    result = invoke(["verify", "--kit", str(folder), "--set", "deck.cards.data=cards.json"])
    assert "control" not in result.output and "Traceback" not in result.output, result.output


CONTROL_CASES = st.tuples(st.sampled_from(PLACES), st.text(max_size=20), st.sampled_from(CONTROLS), st.text(max_size=20))


@budgets()
def test_control_characters(kit: Path, tmp_path: Path, budget: int) -> None:
    run_property("control characters", CONTROL_CASES.filter(lambda c: not any(ch in CONTROLS for ch in c[1] + c[3])),
                 lambda case: check_control(kit, tmp_path, case), budget)


# --- deep nesting, huge numbers ----------------------------------------------------------------------------------

def nested(kind: str, depth: int) -> str:
    """A TOML value nested ``depth`` levels."""
    if kind == "array":
        return "[" * depth + "1" + "]" * depth
    return "{a = " * depth + "1" + "}" * depth


def structure_case(kit: Path, tmp: Path, place: str, text: str) -> tuple[list[str], str]:
    if place == "--set":
        return ["verify", "--game", "warfare", "--set", f"games.warfare.board_size={text}"], "--set"
    if place == "--sweep":
        return ["balance", "--game", "warfare", "--sweep", f"games.warfare.board_size={text}", "--out", str(tmp / "o")], "--sweep"
    if place == "config.toml":
        path = tmp / "config.toml"
        path.write_text(f"[games.warfare]\nboard_size = {text}\n", encoding="utf-8")
        return ["verify", "--game", "warfare", "--config", str(path)], str(path)
    if place == "header":
        path = tmp / "config.toml"
        path.write_text("[" + ".".join(["a"] * max(1, len(text) // 3)) + "]\nx = 1\n", encoding="utf-8")
        return ["verify", "--game", "warfare", "--config", str(path)], str(path)
    folder = _kit_copy(kit, tmp)
    if place == "kit.toml":
        with (folder / "kit.toml").open("a", encoding="utf-8") as handle:
            handle.write(f"\n[extra]\nvalue = {text}\n")
        return ["verify", "--kit", str(folder)], f"{folder}/kit.toml"
    if place == "cards.toml":
        (folder / "cards.toml").write_text(f"[[card]]\ntitle = {text}\n", encoding="utf-8")
        return ["verify", "--kit", str(folder), "--set", "deck.cards.data=cards.toml"], f"{folder}/cards.toml"
    assert place == "cards.json"
    json_text = text.replace("{a = ", '{"a": ')
    (folder / "cards.json").write_text(f'[{{"title": {json_text}}}]', encoding="utf-8")
    return ["verify", "--kit", str(folder), "--set", "deck.cards.data=cards.json"], f"{folder}/cards.json"


STRUCTURE_PLACES = ["--set", "--sweep", "config.toml", "header", "kit.toml", "cards.toml", "cards.json"]


def check_structure(kit: Path, tmp: Path, case: tuple[str, str]) -> None:
    args, name = structure_case(kit, tmp, *case)
    result = invoke(args)
    assert_clean(result, (name,), findings_ok=True)
    assert len(result.stderr) < MAX_LINE + len(str(tmp)) * 2, result.stderr[:500]


@pytest.mark.parametrize("place", STRUCTURE_PLACES)
@pytest.mark.parametrize("text", [nested("array", 2000), nested("table", 2000), nested("array", 40), "9" * 5000,
                                  "-" + "9" * 100_000, "1" + "0" * 4301 + ".5", "0x" + "f" * 5000, "9" * 30])
def test_deep_nesting_and_huge_numbers_are_clean_errors(kit: Path, tmp_path: Path, place: str, text: str) -> None:
    check_structure(kit, tmp_path, (place, text))


def test_the_messages_name_the_reason(tmp_path: Path) -> None:
    line = _error(invoke(["verify", "--game", "warfare", "--set", "games.warfare.board_size=" + "9" * 5000]))
    assert line == "error: --set: games.warfare.board_size: not valid TOML: a number of more than 4,300 digits"
    path = tmp_path / "config.toml"
    path.write_text("[games.warfare]\nplayer_names = " + nested("array", 2000) + "\n", encoding="utf-8")
    assert _error(invoke(["verify", "--game", "warfare", "--config", str(path)])) == (
        f"error: {path}: not valid TOML: arrays and tables nested too deeply to read (at most 32 levels)")
    path.write_text("[games.warfare]\nboard_size = " + "9" * 30 + "\n", encoding="utf-8")
    assert _error(invoke(["verify", "--game", "warfare", "--config", str(path)])) == (
        f"error: {path}: games.warfare.board_size: an integer outside 64 bits (999999999999999999999999999999): TOML "
        "integers lie within -9,223,372,036,854,775,808 and 9,223,372,036,854,775,807")


STRUCTURES = st.tuples(st.sampled_from(STRUCTURE_PLACES), st.one_of(
    st.tuples(st.sampled_from(["array", "table"]), st.integers(1, 3000)).map(lambda t: nested(*t)),
    st.integers(1, 20_000).map(lambda n: "9" * n),
    st.tuples(st.integers(1, 6000), st.integers(0, 6000)).map(lambda t: "1" * t[0] + "." + "5" * t[1]),
    st.integers(1, 5000).map(lambda n: "1e" + "9" * n),
    st.tuples(st.integers(1, 200), st.integers(1, 200)).map(lambda t: "[" * t[0] + "9" * 4400 + "]" * t[1]),
))


@budgets()
def test_structures(kit: Path, tmp_path: Path, budget: int) -> None:
    run_property("deep nesting and huge numbers", STRUCTURES, lambda case: check_structure(kit, tmp_path, case), budget)


# --- files that never end or are not files ----------------------------------------------------------------------

def _make(path: Path, kind: str) -> None:
    """A FIFO, a link to a device, a folder or a sparse file past every bound, at ``path``."""
    if path.is_dir() and not path.is_symlink():
        path.rmdir()
    elif path.exists() or path.is_symlink():
        path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind in ("/dev/zero", "/dev/urandom", "/dev/null"):
        path.symlink_to(kind)
    elif kind == "folder":
        path.mkdir()
    else:
        with path.open("wb") as handle:
            handle.truncate(int(kind))


FILE_PLACES = ["--config", "log", "example_log", "kit.toml", "cards.csv", "cards.xlsx", "rules.md", "picture", "font"]
KINDS = ["fifo", "/dev/zero", "/dev/urandom", "/dev/null", "folder", str(3 * 2**30)]
OUTSIDE = {"/dev/zero", "/dev/urandom", "/dev/null"}
"""Links to devices leave the kit folder: refused for that reason first."""


def file_case(kit: Path, tmp: Path, place: str, kind: str) -> tuple[list[str], tuple[str, ...]]:
    if place in ("--config", "log", "example_log"):
        path = tmp / "input"
        _make(path, kind)
        if place == "--config":
            return ["verify", "--game", "warfare", "--config", str(path)], (str(path), "--config")
        if place == "log":
            return ["replay", "--game", "warfare", str(path)], (str(path), "LOG")
        return ["verify", "--game", "warfare", "--set", f"games.warfare.example_log={path}"], ("example_log",)
    folder = _kit_copy(kit, tmp)
    extra: list[str] = []
    target = {"kit.toml": "kit.toml", "cards.csv": "cards.csv", "cards.xlsx": "cards.xlsx", "rules.md": "rules.md",
              "picture": "art/coin.svg", "font": "fonts/Title.ttf"}[place]
    if place == "cards.xlsx":
        extra = ["--set", "deck.cards.data=cards.xlsx"]
    if place == "font":
        extra = ["--set", 'fonts.title="fonts/Title.ttf"', "--set", 'layouts.card-front.title.font="title"']
    _make(folder / target, kind)
    return ["verify", "--kit", str(folder), *extra], (str(folder),)


def check_file(kit: Path, tmp: Path, case: tuple[str, str]) -> None:
    place, kind = case
    args, names = file_case(kit, tmp, place, kind)
    result = invoke(args)
    assert_clean(result, names, findings_ok=True)
    if place != "picture":  # a picture that cannot be read is a finding (a red crossed box on the proof)
        line = _error(result)
        reasons = ("not a regular file", "at most", "leads outside", "no such file", "is a directory", "missing")
        assert any(r in line for r in reasons), line


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("place", FILE_PLACES)
def test_files_that_never_end_or_are_not_files_are_refused(kit: Path, tmp_path: Path, place: str, kind: str) -> None:
    check_file(kit, tmp_path, (place, kind))


def test_a_fifo_log_is_refused_without_waiting(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "game.log")
    assert _error(invoke(["replay", "--game", "warfare", str(tmp_path / "game.log")])) == (
        f"error: {tmp_path}/game.log:0: cannot read the log: a FIFO (named pipe), not a regular file")
    assert _error(invoke(["verify", "--game", "warfare", "--config", "/dev/zero"])) == (
        "error: /dev/zero: cannot read the file: a character device, not a regular file")


def test_play_from_a_never_ending_input_ends(tmp_path: Path) -> None:
    result = invoke(["play", "--game", "warfare"], input=b"\x00" * 3_000_000)
    assert result.exit_code == 1 and "abandoned" in result.stdout.splitlines()[-1]


FILES = st.tuples(st.sampled_from(FILE_PLACES), st.one_of(st.sampled_from(KINDS[:-1]),
                                                        st.integers(101 * 2**20, 2**40).map(str)))


@budgets()
def test_files(kit: Path, tmp_path: Path, budget: int) -> None:
    run_property("files that are not files", FILES, lambda case: check_file(kit, tmp_path, case), budget)


# --- long values echoed -----------------------------------------------------------------------------------------

def echo_case(tmp: Path, place: str, value: str) -> tuple[list[str], str | None]:
    """A command that complains about ``value``."""
    options = {"--game": ["build", "--game", value], "--players": ["simulate", "--game", "warfare", "--players", value],
               "--to": ["export", "--game", "warfare", "--to", value], "--paper": ["build", "--game", "warfare", "--paper", value],
               "--games": ["simulate", "--game", "warfare", "--games", value],
               "--side": ["play", "--game", "warfare", "--side", value],
               "--sweep": ["balance", "--game", "warfare", "--sweep", f"games.warfare.board_size={value}", "--out", str(tmp)],
               "--set value": ["verify", "--game", "warfare", "--set", f"games.warfare.board_size={value}"],
               "--set key": ["verify", "--game", "warfare", "--set", f"games.warfare.{value}=1"],
               "--set item": ["verify", "--game", "warfare", "--set", value]}
    if place in options:
        return options[place], None
    path = tmp / "input"
    if place == "config value":
        path.write_text(f"[games.warfare]\nplayer_x = {toml_value(value)}\n", encoding="utf-8")
    elif place == "config key":
        path.write_text(f"[games.warfare]\n{toml_value(value)} = 1\n", encoding="utf-8")
    else:
        path.write_text(f"first X\nX {value}\n", encoding="utf-8")
        return ["replay", "--game", "warfare", str(path)], None
    return ["verify", "--game", "warfare", "--config", str(path)], None


ECHO_PLACES = ["--game", "--players", "--to", "--paper", "--games", "--side", "--sweep", "--set value", "--set key",
               "--set item", "config value", "config key", "log line"]


def check_echo(tmp: Path, case: tuple[str, str, int]) -> None:
    place, unit, repeat = case
    value = (unit * repeat)[: 9_000 if place == "log line" else 200_000]
    if len(value) <= 60:
        value = value + "x" * 61
    args, stdin = echo_case(tmp, place, value)
    result = invoke(args, input=stdin)
    line = _error(result)
    assert len(line) <= MAX_LINE + len(str(tmp)), (len(line), line[:500])


@pytest.mark.parametrize("place", ECHO_PLACES)
def test_a_long_value_is_quoted_short(tmp_path: Path, place: str) -> None:
    check_echo(tmp_path, (place, "y", 100_000))


def test_the_quote_shows_the_start_and_the_length() -> None:
    line = _error(invoke(["verify", "--game", "warfare", "--set", "games.warfare.board_size=" + "x" * 100_000]))
    assert line == f"error: --set: games.warfare.board_size: expected an integer, got '{'x' * 60}…' (100,000 characters)"


def test_a_long_answer_in_play_is_quoted_short() -> None:
    result = invoke(["play", "--game", "warfare"], input="first X\n" + "Z" * 100_000 + "\n")
    assert max(len(line) for line in result.stdout.splitlines()) <= 1_100
    assert "…' (1,000 characters)" in result.stdout


ECHOES = st.tuples(st.sampled_from(ECHO_PLACES), st.text(min_size=1, max_size=8).filter(lambda t: not any(
    c in CONTROLS or c in "=\"'\\[]{}#.,/" or c.isspace() for c in t)), st.integers(8, 30_000))


@budgets()
def test_echoes(tmp_path: Path, budget: int) -> None:
    run_property("long values echoed", ECHOES, lambda case: check_echo(tmp_path, case), budget)


# --- command-line mistakes --------------------------------------------------------------------------------------

@pytest.mark.parametrize("args, message", [
    (["simulate", "--game", "warfare", "--games", "0"],
     "error: --games: 0 is not in the range 1<=x<=10000000 (see `printkit simulate --help`)"),
    (["build", "--game", "warfare", "--paper", "B5"],
     "error: --paper: 'B5' is not one of 'a3', 'a4', 'letter', 'universal' (see `printkit build --help`)"),
    (["build", "--game", "warfare", "--games", "2"], "error: no such option '--games'. Did you mean '--game'? "
                                                     "(see `printkit build --help`)"),
    (["replay", "--game", "warfare"], "error: missing argument 'LOG' (see `printkit replay --help`)"),
    (["nosuch"], "error: no such command 'nosuch' (see `printkit --help`)"),
    (["replay", "--game"], "error: option '--game' requires an argument (see `printkit replay --help`)"),
])
def test_usage_mistakes_are_one_error_line_and_exit_1(args: list[str], message: str) -> None:
    assert _error(invoke(args)) == message


def test_out_that_is_a_file_and_config_that_is_a_folder(tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("x")
    assert _error(invoke(["build", "--game", "warfare", "--out", str(tmp_path / "afile")])) == (
        f"error: --out: directory '{tmp_path}/afile' is a file (see `printkit build --help`)")
    assert _error(invoke(["build", "--game", "warfare", "--config", str(tmp_path)])) == (
        f"error: --config: file '{tmp_path}' is a directory (see `printkit build --help`)")


def test_help_is_not_a_mistake() -> None:
    assert invoke([]).exit_code == 0 and "Usage:" in invoke([]).stdout
    assert invoke(["build", "--help"]).exit_code == 0


@pytest.fixture
def parse_only(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every command's body replaced by a note that its options parsed (so generated command lines run nothing)."""
    reached: list[str] = []
    for name, command in main.commands.items():
        monkeypatch.setattr(command, "callback", lambda *a, _name=name, **k: reached.append(_name))
    return reached


def check_usage(reached: list[str], argv: list[str]) -> None:
    reached.clear()
    result = invoke(argv)
    if result.exit_code == 0:
        assert reached or "--help" in argv or "-h" in argv or "--version" in argv or not argv, result.output[-300:]
        return
    _error(result)


WORDS = st.sampled_from(["build", "verify", "replay", "simulate", "balance", "play", "export", "watch", "new", "list",
                         "config", "gallery", "calibrate", "nosuch", "--game", "--games", "--kit", "--paper", "--out",
                         "--config", "--set", "--seed", "--workers", "--players", "--to", "--shop", "--side", "--sweep",
                         "--json", "--port", "--force", "--all", "-x", "--", "-", "--game=warfare", "--games=0"])
VALUES = st.sampled_from(["warfare", "0", "-1", "1", "99999999999", "B5", "a4", "tts", "x", "", "/", "/dev/null",
                          "nan", "1e9", "random,random", "games.warfare.board_size=6", "9" * 5000, "é", "\u202e"])
ARGV = st.lists(st.one_of(WORDS, VALUES), max_size=8)


@budgets()
def test_command_lines(parse_only: list[str], budget: int) -> None:
    run_property("command-line mistakes", ARGV, lambda argv: check_usage(parse_only, argv), budget)


def test_commands_added_later_get_the_contract(parse_only: list[str]) -> None:
    """The contract lives in the group: a new command's bad option is one line too."""

    @main.command("probe-contract")
    @click.option("--n", type=click.IntRange(1, 2))
    def probe(n: int) -> None:
        """A command added for this test."""

    try:
        assert _error(invoke(["probe-contract", "--n", "5"])) == (
            "error: --n: 5 is not in the range 1<=x<=2 (see `printkit probe-contract --help`)")
    finally:
        main.commands.pop("probe-contract")

