"""The table tests' scaffold game (``printkit new --rules``), with a rule sheet of two lines (no example game to replay
before a table starts)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.datakit.scaffold import scaffold


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("table") / "starter"
    scaffold(folder, "Star Race", rules=True)
    (folder / "rules.md").write_text("# Star Race\n\nThe first to five stars wins.\n")
    return folder
