"""SiTTeRS logs: the worked example replayed, golden states, illegal logs with line numbers."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest

from printkit.errors import LogError
from printkit.rules.log import parse_log, read_log
from printkit.rules.replay import replay, replay_json
from tests.games.sitters_helpers import SittersRules

DATA = Path(__file__).parent.parent / "data" / "sitters"
R = SittersRules()


def example_text() -> str:
    return files("printkit.games.sitters").joinpath("example.log").read_text(encoding="utf-8")


def test_example_replays_to_the_end() -> None:
    game = replay(R, parse_log(example_text()), "example.log")
    assert len(game.steps) == 43
    assert game.outcome is not None and game.outcome.winner == 1
    assert game.outcome.reason == "score 40 (2 survivors, 10 loot) is below 50"
    final = R.state_json(game.final)
    assert final["phase"] == "over" and final["survivors"] == 2 and final["loot"] == 10
    assert final["defeated"] == {"collectors": 2, "obstructors": 0}
    assert final["containers"] == ["G1", "H1", "G7", "H7"]


def state_at(game, line: int) -> dict:  # type: ignore[no-untyped-def]
    return next(R.state_json(s.state) for s in game.steps if s.line.number == line)


def test_example_golden_states() -> None:
    game = replay(R, parse_log(example_text()), "example.log")
    after_setup = state_at(game, 16)
    assert after_setup["collectors"] == ["A3", "A4", "A5", "A6"]
    assert after_setup["obstructors"] == ["I1", "J1", "J2", "J6", "I7", "J7"]
    assert after_setup["phase"] == "roll" and after_setup["turn"] == 0
    first_loot = state_at(game, 19)
    assert first_loot["loot"] == 1 and "D3" not in first_loot["containers"]
    assert first_loot["collectors"] == ["D3", "A4", "A5", "A6"] and first_loot["turn"] == 1
    exit_one = state_at(game, 26)
    assert exit_one["survivors"] == 1 and exit_one["collectors"] == ["A4", "A5", "A6"]
    tie = state_at(game, 39)
    assert tie["phase"] == "battle" and tie["pending"] == "A4"
    assert tie["collectors"] == ["A4", "A6"] and "A4" in tie["obstructors"]
    lost = state_at(game, 40)
    assert lost["collectors"] == ["A6"] and lost["defeated"]["collectors"] == 1


def test_example_round_trips() -> None:
    game = replay(R, parse_log(example_text()), "example.log")
    state = game.start
    for step in game.steps:
        assert R.format_move(state, step.move) == step.line.text
        state = step.state
    data = replay_json(R, game)
    assert data["result"] == "win" and data["winner"] == "obstructors" and data["moves"] == 43


@pytest.mark.parametrize("name,line,reason", [
    ("illegal_through_container.log", 19,
     "illegal move 'I1-H1-H2-G2-F2': H1 may not be entered"),
    ("illegal_short_path.log", 15, "illegal move 'A4-B4-C4': the path has 2 steps, the roll is 3"),
    ("illegal_return.log", 15, "illegal move 'return A1': no defeated collector to return"),
    ("after_end.log", 45, "move 'roll 3' after the game has ended"),
])
def test_illegal_logs(name: str, line: int, reason: str) -> None:
    with pytest.raises(LogError) as info:
        replay(R, read_log(DATA / name), name)
    assert info.value.line == line
    assert str(info.value) == f"{name}:{line}: {reason}"


def test_unreadable_notation_in_a_log() -> None:
    with pytest.raises(LogError, match=r"x.log:2: cannot read 'place token A1': expected 'place "):
        replay(R, parse_log("# c\nplace token A1\n"), "x.log")
