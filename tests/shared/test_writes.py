"""A file printkit writes where a file stands in the way of its folder: the message names that file (mkdir says only
'file exists'), and ``play --log`` refuses such a log before the game, not after it."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.errors import BuildError
from printkit.userinput.writes import check_writable, write_file
from tests.shared.test_play import play

PARTS = st.lists(st.from_regex(r"[a-z][a-z0-9]{0,6}", fullmatch=True), min_size=1, max_size=4, unique=True)


@settings(max_examples=30, deadline=None)
@given(parts=PARTS, depth=st.integers(0, 3))
def test_a_file_in_the_way_is_named(tmp_path_factory: pytest.TempPathFactory, parts: list[str], depth: int) -> None:
    root = tmp_path_factory.mktemp("writes")
    folders = root.joinpath(*parts)
    blocker = root.joinpath(*parts[: min(depth, len(parts) - 1) + 1])
    blocker.parent.mkdir(parents=True, exist_ok=True)
    blocker.write_text("a file, not a folder")
    target = folders / "game.log"
    expected = f"cannot write '{target}': '{blocker}' is a file, not a folder"
    for write in (lambda: write_file(target, b"x"), lambda: check_writable(target)):
        with pytest.raises(BuildError) as caught:
            write()
        assert str(caught.value) == expected
    assert blocker.read_text() == "a file, not a folder"


def test_a_log_whose_folders_can_be_made_is_taken(tmp_path: Path) -> None:
    check_writable(tmp_path / "new" / "deeper" / "game.log")
    assert not (tmp_path / "new").exists()


def test_play_refuses_the_log_before_the_game(tmp_path: Path) -> None:
    (tmp_path / "notes").write_text("kept")
    log = tmp_path / "notes" / "game.log"
    code, output = play("--game", "tictactwo", "--log", str(log), script="list\n1\n")
    assert code != 0 and "Traceback" not in output
    assert output.strip().splitlines() == [
        f"error: --log: cannot write '{log}': '{tmp_path / 'notes'}' is a file, not a folder (see `printkit play --help`)"]


def test_a_folder_this_user_may_not_write_in_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As a user without write permission sees it (the suite may run as root, who may write anywhere)."""
    monkeypatch.setattr("printkit.userinput.writes.os.access", lambda path, mode: Path(path) != tmp_path)
    with pytest.raises(BuildError) as caught:
        check_writable(tmp_path / "logs" / "game.log")
    assert str(caught.value) == f"cannot write '{tmp_path / 'logs' / 'game.log'}': no permission to write in '{tmp_path}'"
