"""An empty log (nothing but white space) is most likely the wrong file: `replay` says so in one error
naming it, exit 1, for a built-in game and a kit alike (it printed the start and "unfinished after 0 moves", exit 0)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.kitrules.helpers import cli, one_error_line, scaffold


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return scaffold(tmp_path_factory.mktemp("kit"))


@pytest.mark.parametrize("text, why", [("", "the file is empty"), ("\n  \n", "the file is empty")])
@pytest.mark.parametrize("where", [["--game", "warfare"], ["--game", "sitters"], "kit"])
@pytest.mark.parametrize("as_json", [False, True])
def test_a_log_without_a_move_is_one_error_naming_it(tmp_path: Path, kit: Path, text: str, why: str,
                                                      where: list[str] | str, as_json: bool) -> None:
    log = tmp_path / "game.log"
    log.write_text(text, encoding="utf-8")
    chosen = ["--kit", str(kit)] if where == "kit" else where
    result = cli("replay", *chosen, str(log), *(["--json"] if as_json else []))
    assert one_error_line(result) == f"error: {log}: no moves to replay: {why}"
    assert result.stdout == "", result.stdout  # not the start position, nor JSON


def test_a_log_of_comments_only_is_a_game_of_no_moves(tmp_path: Path) -> None:
    """`play --log` writes its header even for a game ended before its first move: that log replays."""
    log = tmp_path / "game.log"
    log.write_text("# a game to come\n", encoding="utf-8")
    result = cli("replay", "--game", "warfare", str(log))
    assert result.exit_code == 0 and "unfinished after 0 moves" in result.output, result.output


def test_a_log_of_one_move_still_replays(tmp_path: Path) -> None:
    log = tmp_path / "game.log"
    log.write_text("# a coin toss\nfirst X\n", encoding="utf-8")
    result = cli("replay", "--game", "warfare", str(log))
    assert result.exit_code == 0 and "unfinished after 1 moves" in result.output, result.output
