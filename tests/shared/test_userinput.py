"""printkit.userinput: the one safe reading of files, the one control-character check, the one quoting."""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

import pytest

from printkit.userinput.documents import MAX_DEPTH, DocumentError, parse_json, parse_toml
from printkit.userinput.files import Refused, read_bytes, reason
from printkit.userinput.text import LINE_BREAKS, control_problem, printable, quoted


def test_a_regular_file_within_its_bound_is_read(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"hello")
    assert read_bytes(tmp_path / "a.txt", 5) == b"hello"


@pytest.mark.parametrize("kind, why", [("fifo", "a FIFO (named pipe), not a regular file"),
                                       ("/dev/zero", "a character device, not a regular file"),
                                       ("folder", "a folder, not a regular file"),
                                       ("large", "a file of 6 bytes: at most 5 bytes")])
def test_what_is_not_a_bounded_regular_file_is_refused(tmp_path: Path, kind: str, why: str) -> None:
    path = tmp_path / "x"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "large":
        path.write_bytes(b"123456")
    else:
        path.symlink_to(kind)
    with pytest.raises(Refused) as caught:
        read_bytes(path, 5)
    assert reason(caught.value) == why


def test_a_ctrl_c_at_any_step_of_reading_a_file_reaches_the_caller_as_itself(tmp_path: Path) -> None:
    """Found by CI: ``printkit watch`` kept running after Ctrl-C. The interrupt came just after ``os.fdopen`` had made
    its file object; closing the descriptor again raised EBADF, an OSError the gallery's reader caught in place of the
    KeyboardInterrupt. Here a KeyboardInterrupt is raised as each C function called on the way returns, in turn (as
    Python's own handler raises one after the call during which Ctrl-C came)."""
    path = tmp_path / "a.txt"
    path.write_bytes(b"hello")
    step = 0
    while True:
        step += 1
        returns = [0]

        def interrupt(frame: object, event: str, arg: object) -> None:
            if event == "c_return":
                returns[0] += 1
                if returns[0] == step:
                    raise KeyboardInterrupt

        sys.setprofile(interrupt)
        try:
            data = read_bytes(path, 5)
        except KeyboardInterrupt:
            continue
        finally:
            sys.setprofile(None)
        assert data == b"hello"
        break
    assert step > 5, "the interrupt was raised at every call on the way"


def test_a_system_error_reads_in_lower_case(tmp_path: Path) -> None:
    with pytest.raises(OSError) as caught:
        read_bytes(tmp_path / "missing", 5)
    assert reason(caught.value) == "no such file or directory"


def test_control_characters_are_named_with_their_place() -> None:
    assert control_problem("Red\x1b[31m") == "a control character U+001B (ESC) at character 4"
    assert control_problem("a\x9bb") == "a control character U+009B (a C1 control) at character 2"
    assert control_problem("two\nlines\tand tab", LINE_BREAKS) is None
    assert control_problem("two\nlines") == "a control character U+000A (LF) at character 4"
    assert printable("a\x1b[2Jb\n") == "a\\x1b[2Jb\\n"


def test_long_values_are_quoted_short_with_their_length() -> None:
    assert quoted("short") == "'short'"
    assert quoted("x" * 60) == repr("x" * 60)
    assert quoted("x" * 61) == f"'{'x' * 60}…' (61 characters)"
    assert quoted("\x00" * 100) == "'" + "\\x00" * 15 + "…' (100 characters)", "escapes count as the width they show"
    assert quoted(10**5000) == "an integer of about 5,000 digits"
    assert len(quoted(list(range(100_000)))) < 80


def test_documents_are_bounded() -> None:
    assert parse_toml("a = [[1]]") == {"a": [[1]]}
    with pytest.raises(DocumentError, match=f"nested more than {MAX_DEPTH} levels"):
        parse_toml("a = " + "[" * 40 + "]" * 40)
    with pytest.raises(DocumentError, match="nested too deeply to read"):
        parse_toml("a = " + "[" * 3000 + "]" * 3000)
    with pytest.raises(DocumentError, match="more than 4,300 digits"):
        parse_toml("a = " + "9" * 5000)
    with pytest.raises(DocumentError, match="outside 64 bits") as caught:
        parse_toml("[t]\na = " + "9" * 20)
    assert caught.value.key == "t.a"
    with pytest.raises(DocumentError, match="U\\+0007") as caught:
        parse_toml('[t]\nlist = ["ok", "bell\\u0007"]')
    assert caught.value.key == "t.list[1]"
    assert parse_toml('a = "x\\u0007"', allow=None) == {"a": "x\x07"}
    with pytest.raises(tomllib.TOMLDecodeError):
        parse_toml("a = ")
    with pytest.raises(DocumentError, match="nested too deeply"):
        parse_json("[" * 100_000 + "]" * 100_000)
    assert parse_json("[" + "9" * 30 + "]") == [int("9" * 30)], "JSON numbers are not TOML's 64-bit integers"
