"""ruff over the whole code base: no unused names, undefined names or unsorted imports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TOP = Path(__file__).resolve().parents[2]


def test_ruff_finds_nothing() -> None:
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "printkit", "tests", "bench"],
                            cwd=TOP, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_package_is_installed() -> None:
    """A package missing from pyproject's list works in a checkout but not once installed."""
    import tomllib

    listed = set(tomllib.loads((TOP / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(TOP).parts) for p in (TOP / "printkit").rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)
