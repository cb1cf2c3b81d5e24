"""``printkit play`` input of every game: garbage, numbers huge and small, list commands, the games'
own moves, end of input anywhere. The log a game writes must replay."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import strategies as st

from printkit.games import available, get_game
from tests.fuzz.harness import assert_clean, budgets, invoke, run_property

pytestmark = pytest.mark.filterwarnings("ignore:'get_text_stream' is deprecated:DeprecationWarning")
"""printkit/cli.py's play uses click.get_text_stream (deprecated in click 8.3): one warning per example otherwise."""

GAMES_DIR = Path(__file__).resolve().parents[2] / "printkit" / "games"
PLAYABLE = [g for g in available() if get_game(g).play is not None]
EXAMPLE_LINES = sorted({line.split("#", 1)[0].strip() for g in available() for p in (GAMES_DIR / g).glob("*.log")
                        for line in p.read_text(encoding="utf-8").splitlines()} - {""})

ANSWER = st.one_of(
    st.integers(-3, 45).map(str),
    st.sampled_from(["1", "2", "0", "-1", "9" * 400, "9" * 5000, "A" + "9" * 5000, "attack " + "9" * 5000 + " vs 1", "1e9", "nan", "inf", "1.5", "٣", "²", "list", "list bomb",
                     "list A", "moves", "list " + "x" * 300, "help", "", " ", "\t", "quit", "\x00", "\x1b[2J",
                     "\U0001F600", "\u202e1", "y", "n", "yes", "3 vs 2", "attack 99999999999999999999 vs 1"]),
    st.sampled_from(EXAMPLE_LINES),
    st.text(max_size=30),
)
SESSION = st.tuples(st.sampled_from(PLAYABLE), st.lists(ANSWER, max_size=40), st.integers(0, 2**32),
                    st.sampled_from([None, "1", "2"]), st.booleans())


def check_session(tmp: Path, case: tuple[str, list[str], int, str | None, bool]) -> None:
    game, answers, seed, side, trailing_newline = case
    log = tmp / "played.log"
    log.unlink(missing_ok=True)
    text = "\n".join(a.replace("\n", " ").replace("\r", " ") for a in answers) + ("\n" if trailing_newline else "")
    args = ["play", "--game", game, "--seed", str(seed), "--log", str(log)] + (["--side", side] if side else [])
    result = invoke(args, input=text.encode("utf-8", "surrogatepass"))
    if result.exit_code == 1 and not result.stderr:
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "abandoned" in result.stdout.rstrip().splitlines()[-1], result.stdout[-800:]
    else:
        assert_clean(result, ("--",))
    assert log.is_file(), "the log is written whether the game ended or not"
    replayed = invoke(["replay", "--game", game, str(log)])
    assert replayed.exit_code == 0, (log.read_text(encoding="utf-8"), replayed.output[-800:])


@budgets()
def test_play_input(tmp_path: Path, budget: int) -> None:
    run_property("play input", SESSION, lambda case: check_session(tmp_path, case), budget)
