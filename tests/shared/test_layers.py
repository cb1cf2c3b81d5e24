"""Layers that only call down: printkit's import graph (every import, at the top of a file, inside a function or under
TYPE_CHECKING) has no circle, and no room imports a room of a higher layer but the one named in docs/development.md;
a low package imported alone loads nothing above it. The figures: ``python bench/structure.py``."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ALLOWED_BACK_UP = {"docs -> cli.py"}
"""The imports running back up, each with its reason in docs/development.md."""


def _structure():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("bench_structure", ROOT / "bench" / "structure.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_import_circle_and_only_the_named_imports_back_up() -> None:
    figures = _structure().figures(ROOT)
    assert figures["circles"] == []
    assert set(figures["imports_back_up"]) <= ALLOWED_BACK_UP, figures["imports_back_up"]


@pytest.mark.parametrize("package", ["printkit.userinput", "printkit.params", "printkit.draw.pdf", "printkit.press.sheets",
                                     "printkit.kit.model", "printkit.rules.replay", "printkit.kitrules", "printkit.kitart",
                                     "printkit.datakit.kit", "printkit.kitgame.pipeline", "printkit.games"])
def test_a_package_imported_alone_loads_nothing_above_it(package: str) -> None:
    structure = _structure()
    layer = structure.layer(structure.room(package))
    code = f"import sys, {package}; print('\\n'.join(m for m in sys.modules if m.startswith('printkit.')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout.split()
    above = sorted(m for m in loaded if structure.layer(structure.room(m)) > layer)
    assert not above, above
