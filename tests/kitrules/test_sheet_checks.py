"""The kit's own checks of the rule sheet as rendered (``Game.sheet_checks(text)``), as SiTTeRS holds the scoring table
printed there to its scoring: what they find is reported by verify and build with the other findings, and a result
that is not a list of problems is one error line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.kitrules.helpers import cli, edit, one_error_line

LADDER = Path(__file__).parent / "ladder"
CHECK = '''    def sheet_checks(self, text):
        wanted = f"{self.params.top + 1} rungs, 0 to {self.params.top}."
        return [] if wanted in text else [f"rule sheet: the line {wanted!r} is missing", ("warning", "rule sheet: look again")]

    def checks(self, printed):'''


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    folder = tmp_path / "ladder"
    shutil.copytree(LADDER, folder)
    edit(folder / "ladder.py", "    def checks(self, printed):", CHECK)
    return folder


def test_the_rule_sheet_is_checked_as_rendered(kit: Path) -> None:
    assert cli("verify", "--kit", str(kit)).exit_code == 0
    edit(kit / "rules.md", "{{ sheet.rungs }} rungs", "{{ sheet.rungs + 1 }} rungs")
    result = cli("verify", "--kit", str(kit))
    assert result.exit_code == 1
    assert "error: rule sheet: the line '6 rungs, 0 to 5.' is missing" in result.output
    assert "warning: rule sheet: look again" in result.output


def test_sheet_checks_returning_no_list_is_one_error_line(kit: Path) -> None:
    edit(kit / "ladder.py", "        return [] if wanted in text else", "        return 'fine' if wanted in text else")
    line = one_error_line(cli("build", "--kit", str(kit), "--out", str(kit.parent / "out")))
    assert "sheet_checks() returned 'fine': expected a list of problems" in line
