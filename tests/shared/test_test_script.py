"""The README's test command works as written on a fresh machine: ``sh scripts/test`` installs Debian's
chromium, ghostscript and qpdf when their commands are missing, makes .venv and runs pytest; ``.ci/run`` runs the
very same script.

The script runs here with stand-ins for apt-get, sudo, python3 and the venv's tools that note their
arguments, on a PATH without chromium, gs and qpdf (or with some of them), as root and as another user.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

TOP = Path(__file__).resolve().parents[2]
NOTE = '#!/bin/sh\necho "${0##*/} $*" >> "$CALLS"\n'
PYTHON3 = NOTE + ('mkdir -p .venv/bin\nfor tool in pip python; do\n'
                  '    printf \'#!/bin/sh\\necho "%s $*" >> "$CALLS"\\n\' "$tool" > .venv/bin/$tool; chmod +x .venv/bin/$tool\n'
                  'done\n')


def _run(tmp: Path, chromium: bool, uid: int, present: tuple[str, ...] = ()) -> list[str]:
    """The commands scripts/test runs; ``chromium``: chromium, gs, qpdf and the FOGRA39L data all present, else
    only the commands in ``present`` (and the data when "fogra39" is among them)."""
    repo = tmp / "repo"
    (repo / "scripts").mkdir(parents=True)
    shutil.copy(TOP / "scripts" / "test", repo / "scripts" / "test")
    tools = tmp / "bin"
    tools.mkdir()
    for tool in ("dirname", "mkdir", "chmod"):
        (tools / tool).symlink_to(shutil.which(tool) or f"/bin/{tool}")
    stubs = {"apt-get": NOTE, "sudo": NOTE + 'exec "$@"\n', "python3": PYTHON3, "id": f"#!/bin/sh\necho {uid}\n"}
    for command in (*(c for c in present if c != "fogra39"), *(("chromium", "gs", "qpdf") if chromium else ())):
        stubs[command] = NOTE
    for name, text in stubs.items():
        (tools / name).write_text(text)
        (tools / name).chmod(0o755)
    calls = tmp / "calls"
    data = tmp / "FOGRA39L.ti3"
    if chromium or "fogra39" in present:
        data.write_text("CTI3\n")
    env = {"PATH": str(tools), "CALLS": str(calls), "FOGRA39L": str(data)}
    result = subprocess.run(["/bin/sh", str(repo / "scripts" / "test"), "tests/x"], env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return calls.read_text().splitlines()


VENV_AND_TESTS = ["python3 -m venv .venv", "pip install -q .[test]", "python -m pytest -q -p no:cacheprovider -n auto --dist loadfile tests/x"]


@pytest.mark.skipif(not Path("/bin/sh").exists(), reason="a POSIX shell")
def test_a_fresh_machine_gets_chromium_then_the_venv_then_pytest(tmp_path: Path) -> None:
    assert _run(tmp_path, chromium=False, uid=0) == [
        "apt-get update", "apt-get install -y chromium ghostscript qpdf icc-profiles-free", *VENV_AND_TESTS]


def test_another_user_installs_chromium_through_sudo(tmp_path: Path) -> None:
    assert _run(tmp_path, chromium=False, uid=1000) == [
        "sudo apt-get update", "apt-get update", "sudo apt-get install -y chromium ghostscript qpdf icc-profiles-free",
        "apt-get install -y chromium ghostscript qpdf icc-profiles-free", *VENV_AND_TESTS]


def test_chromium_present_installs_nothing(tmp_path: Path) -> None:
    assert _run(tmp_path, chromium=True, uid=0) == VENV_AND_TESTS


def test_only_the_missing_packages_are_installed(tmp_path: Path) -> None:
    assert _run(tmp_path, chromium=False, uid=0, present=("chromium", "qpdf", "fogra39")) == [
        "apt-get update", "apt-get install -y ghostscript", *VENV_AND_TESTS]
    assert _run(tmp_path / "2", chromium=False, uid=0, present=("chromium", "qpdf", "gs")) == [
        "apt-get update", "apt-get install -y icc-profiles-free", *VENV_AND_TESTS]


def test_the_readme_and_ci_run_the_same_script() -> None:
    readme = (TOP / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", readme, re.S)
    assert "sh scripts/test\n" in blocks, "the README shows the test command as it is run"
    ci = (TOP / ".ci" / "run").read_text(encoding="utf-8")
    assert [line for line in ci.splitlines() if line and not line.startswith(("#", "set ", "cd "))] == ["sh scripts/test"]
    assert os.access(TOP / "scripts" / "test", os.X_OK)
