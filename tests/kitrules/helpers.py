"""Kit folders with rules for the tests: the `printkit new --rules` scaffold, and rules.py edits."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner, Result

from printkit.cli import main


def cli(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def scaffold(tmp_path: Path, name: str = "star-race") -> Path:
    folder = tmp_path / name
    result = cli("new", str(folder), "--rules", "--title", "Star Race")
    assert result.exit_code == 0, result.output
    return folder


def example_log(folder: Path, tmp_path: Path) -> Path:
    """The rule sheet's ```game block written out as a log file."""
    text = (folder / "rules.md").read_text()
    block = re.search(r"```game\n(.*?)```", text, re.S)
    assert block is not None
    log = tmp_path / "example.log"
    log.write_text(block.group(1))
    return log


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


def one_error_line(result: Result) -> str:
    """The single ``error:`` line of a failed command (exit 1, no traceback)."""
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output, result.output
    lines = [line for line in result.output.strip().splitlines() if line.startswith("error: ")]
    assert len(lines) == 1, result.output
    return lines[0]
