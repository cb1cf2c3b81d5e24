"""Game logs of every game: the games' example logs mutated (lines deleted, duplicated, swapped, bytes
flipped, CRLF, BOM, non-UTF-8, binary) and replayed, as text and as JSON."""

from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st

from printkit.games import available
from tests.fuzz.harness import assert_clean, budgets, invoke, run_property
from tests.fuzz.values import MUTATIONS, mutate

GAMES_DIR = Path(__file__).resolve().parents[2] / "printkit" / "games"
KIT_EXAMPLES = {"tokentactics": Path(__file__).resolve().parents[1] / "data" / "tokentactics" / "seed_example.log"}
"""Games whose example is the ```game block of their kit folder's rules.md: the seed's log, which
tests/games/test_tokentactics_engine.py keeps equal to that block, comments and all."""
LOGS = sorted([(game, path) for game in available() for path in (GAMES_DIR / game).glob("*.log")] + list(KIT_EXAMPLES.items()))
SETS = {"example-void.log": ["--set", "games.tictactwo.void=true"]}
"""The parameters an example log is written for (the others: the defaults)."""


def replay_args(game: str, example: Path, path: Path, as_json: bool) -> list[str]:
    return ["replay", "--game", game, str(path), *SETS.get(example.name, [])] + (["--json"] if as_json else [])


def check_log(tmp: Path, case: tuple[tuple[str, Path], list[tuple[str, int, int, str]], bool]) -> None:
    (game, example), mutations, as_json = case
    path = tmp / "game.log"
    path.write_bytes(mutate(example.read_bytes(), mutations))
    assert_clean(invoke(replay_args(game, example, path, as_json)), (f"{path}:",))


def test_every_game_has_an_example_log() -> None:
    assert {game for game, _ in LOGS} == set(available())


def test_examples_replay() -> None:
    for game, path in LOGS:
        result = invoke(replay_args(game, path, path, False))
        assert result.exit_code == 0, (path, result.output)


@budgets()
def test_mutated_logs(tmp_path: Path, budget: int) -> None:
    run_property("game logs (mutated examples)", st.tuples(st.sampled_from(LOGS), MUTATIONS, st.booleans()),
                 lambda case: check_log(tmp_path, case), budget)


@budgets()
def test_random_log_lines(tmp_path: Path, budget: int) -> None:
    """Lines made of the notation's own words in any order, and anything at all."""
    words = st.sampled_from(["X", "O", "P1", "P2", "first", "bomb", "shield", "fortress", "convert", "place", "roll",
                             "return", "pass", "picks", "swap", "void", "double", "shift", "row", "column", "up",
                             "right", "dibs", "intersect", "wall", "topple", "onto", "attack", "vs", "fortify",
                             "container", "collector", "A1", "C3", "K11", "Z99", "A0", "A-1", "B2|C2", "A1|top",
                             "D4", ">", "-", ",", "6", "0", "-1", "99999999999999999999", "9" * 5000, "A" + "9" * 5000, "²", "٣",
                             "1e9", "nan"])
    line = st.one_of(st.lists(words, min_size=1, max_size=6).map(" ".join), st.text(max_size=30))
    log = st.tuples(st.sampled_from(available()), st.lists(line, min_size=1, max_size=30), st.booleans())

    def check(case: tuple[str, list[str], bool]) -> None:
        game, lines, as_json = case
        path = tmp_path / "game.log"
        path.write_text("\n".join(lines), encoding="utf-8", errors="surrogatepass")
        assert_clean(invoke(["replay", "--game", game, str(path)] + (["--json"] if as_json else [])), (f"{path}:",))

    run_property("game logs (notation words)", log, check, budget)
