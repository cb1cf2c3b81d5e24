"""config.toml documents and ``--set`` values, for every key of [print] and of every game."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from hypothesis import strategies as st

from printkit.config import default_config_text
from printkit.games import available, get_game
from printkit.params import field_docs
from printkit.press.settings import PrintSettings
from tests.fuzz.harness import assert_clean, budgets, invoke, run_property
from tests.fuzz.values import MUTATIONS, NUMBERS, TEXT, VALUES, mutate, toml_value

GAMES = [g for g in available() if get_game(g).kit is not None]
KEYS = [("warfare", f"print.{key}", default) for key, default, _ in field_docs(PrintSettings)] + [
    (game, f"games.{game}.{key}", default) for game in available() for key, default, _ in field_docs(get_game(game).params)
]
ODD_KEYS = ["print", "games", "games.nosuch.x", "print.nosuch", "print.colours", "games.warfare", "x", "print.colours.ink.x",
            "games.warfare.board_size.x", "ｐrint.paper", "print.\u0000"]
EXAMPLE = "example_log"
"""Parameters the built-in worked example does not fit, or an example log that cannot be read: the error names
the log (and line) and the key ``games.<game>.example_log``."""


def near(default: object) -> st.SearchStrategy[object]:
    """Values around a key's default: the same type off by a little or a lot, or anything at all."""
    if isinstance(default, bool):
        return st.one_of(st.booleans(), VALUES)
    if isinstance(default, (int, float)):
        return st.one_of(NUMBERS, st.integers(-3, 3).map(lambda d: default + d), VALUES)
    if isinstance(default, tuple):
        return st.one_of(st.lists(TEXT, max_size=5), st.lists(st.sampled_from(["A1", "F6", "K11", "Z99", "a1", ""]),
                                                              max_size=5), VALUES)
    return st.one_of(TEXT, VALUES)


ENTRY = st.one_of(
    st.sampled_from(KEYS).flatmap(lambda k: st.tuples(st.just(k[0]), st.just(k[1]), near(k[2]))),
    st.tuples(st.sampled_from(GAMES), st.sampled_from(ODD_KEYS), VALUES),
)


def _game(entries: list[tuple[str, str, object]]) -> str:
    """The game to verify: the one whose keys were set, if it has a kit (else warfare)."""
    games = [g for g, _, _ in entries if g in GAMES]
    return games[-1] if games else "warfare"


def check_document(tmp: Path, entries: list[tuple[str, str, object]]) -> None:
    path = tmp / "config.toml"
    path.write_text("".join(f"{key} = {toml_value(value)}\n" for _, key, value in entries), encoding="utf-8")
    names = (str(path), EXAMPLE)
    assert_clean(invoke(["verify", "--game", _game(entries), "--config", str(path)]), names, findings_ok=True)


def check_sets(entries: list[tuple[str, str, object, bool]]) -> None:
    args = ["verify", "--game", _game([e[:3] for e in entries])]
    for _, key, value, raw in entries:
        text = value if raw and isinstance(value, str) else toml_value(value)
        args += ["--set", f"{key}={text}"]
    tables = (key.rsplit(".", 1)[0] + "." for _, key, _, _ in entries)
    assert_clean(invoke(args), ("--set", EXAMPLE, *tables), findings_ok=True)


def check_mutated(tmp: Path, mutations: list[tuple[str, int, int, str]]) -> None:
    path = tmp / "config.toml"
    path.write_bytes(mutate(default_config_text().encode("utf-8"), mutations))
    game = GAMES[mutations[0][1] % len(GAMES)]
    assert_clean(invoke(["verify", "--game", game, "--config", str(path)]), (str(path), EXAMPLE), findings_ok=True)


@budgets()
def test_config_documents(tmp_path: Path, budget: int) -> None:
    run_property("config.toml documents", st.lists(ENTRY, min_size=1, max_size=4),
                 lambda entries: check_document(tmp_path, entries), budget)


@budgets()
def test_config_mutated(tmp_path: Path, budget: int) -> None:
    run_property("config.toml mutated", MUTATIONS, lambda m: check_mutated(tmp_path, m), budget)


@budgets()
def test_set_values(budget: int) -> None:
    entry = st.tuples(ENTRY, st.booleans()).map(lambda e: (*e[0], e[1]))
    run_property("--set values", st.lists(entry, min_size=1, max_size=3), check_sets, budget)


def _hashes(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def check_build(tmp: Path, case: tuple[list[tuple[str, str, object]], list[tuple[str, int, int, str]]]) -> None:
    """A build over a previous one: on failure every file of the previous kit is as it was."""
    entries, mutations = case
    path = tmp / "config.toml"
    text = "".join(f"{key} = {toml_value(value)}\n" for _, key, value in entries).encode("utf-8")
    path.write_bytes(mutate(text, mutations) if mutations else text)
    game, out = _game(entries), tmp / "out"
    before = _hashes(out / game) if (out / game).is_dir() else {}
    result = invoke(["build", "--game", game, "--config", str(path), "--out", str(out)])
    assert_clean(result, (str(path), EXAMPLE))
    if result.exit_code != 0:
        assert (_hashes(out / game) if (out / game).is_dir() else {}) == before, "a failed build changed the kit"


@pytest.mark.parametrize("budget", [pytest.param(12, id="quick"), pytest.param(300, id="deep", marks=pytest.mark.fuzz)])
def test_failed_builds_keep_the_output(tmp_path: Path, budget: int) -> None:
    """Builds are slow (a second each), so this property takes fewer examples: the parsers above take 10,000."""
    for game in GAMES:
        assert invoke(["build", "--game", game, "--out", str(tmp_path / "out")]).exit_code == 0
    run_property("config.toml builds over a previous kit",
                 st.tuples(st.lists(ENTRY, min_size=1, max_size=3), st.lists(MUTATIONS, max_size=1).map(lambda m: m[0] if m else [])),
                 lambda case: check_build(tmp_path, case), budget)


def test_every_key_is_fuzzed() -> None:
    """Every key of [print] and of every game's table is among the fuzzed keys."""
    keys = {k for _, k, _ in KEYS}
    assert "print.colours.ink" in keys and "games.tokentactics.player_names" in keys
    assert len(keys) == len(field_docs(PrintSettings)) + sum(len(field_docs(get_game(g).params)) for g in available())


def test_nan_and_infinity_are_refused() -> None:
    """Found by fuzzing: a NaN bleed passed every limit (NaN compares false) and crashed the tiling."""
    for text in ("nan", "inf", "-inf"):
        result = invoke(["verify", "--game", "warfare", "--set", f"print.bleed_mm={text}"])
        assert result.exit_code == 1
        assert result.stderr == f"error: --set: print.bleed_mm: expected a finite number, got {text.lstrip('+')}\n"


@pytest.mark.parametrize("game", ["warfare", "sitters"])
def test_a_nul_in_the_example_log_path_is_a_clean_error(game: str) -> None:
    """Found by the deep fuzzing run: an example_log path holding a NUL character crashed the build."""
    result = invoke(["verify", "--game", game, "--set", f'games.{game}.example_log="a\\u0000b"'])
    assert_clean(result, (EXAMPLE,))
    assert result.stderr == (f"error: --set: games.{game}.example_log: expected text without control characters "
                             "(a control character U+0000 (NUL) at character 2), got 'a\\x00b'\n")
