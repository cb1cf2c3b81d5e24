"""printkit.deferred: a module run on first use, never by the import system, and again after a run cut short."""

from __future__ import annotations

import builtins
import importlib
import sys
from pathlib import Path

import pytest

from printkit.deferred import defer


class Stop(BaseException):
    """Stands for KeyboardInterrupt (which would stop pytest itself if it went astray)."""


MODULE = """
import builtins
builtins.deferred_runs.append("started")
if len(builtins.deferred_runs) == 1:
    raise builtins.deferred_stop  # Ctrl-C while the module runs, the first time
def frombuffer():
    return "ran"
builtins.deferred_runs.append("finished")
"""


@pytest.fixture
def runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    (tmp_path / "printkit_deferred_probe.py").write_text(MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(builtins, "deferred_runs", [], raising=False)
    monkeypatch.setattr(builtins, "deferred_stop", Stop, raising=False)
    monkeypatch.delitem(sys.modules, "printkit_deferred_probe", raising=False)
    yield builtins.deferred_runs  # type: ignore[attr-defined]
    sys.modules.pop("printkit_deferred_probe", None)


def test_importing_a_deferred_module_does_not_run_it(runs: list[str]) -> None:
    defer("printkit_deferred_probe")
    module = importlib.import_module("printkit_deferred_probe")
    import printkit_deferred_probe  # type: ignore[import-not-found]  # noqa: F401  (the import system reads __spec__)

    assert module.__name__ == "printkit_deferred_probe" and module.__spec__ is not None
    assert runs == []


def test_a_run_cut_short_by_ctrl_c_raises_it_and_runs_again_on_the_next_use(runs: list[str]) -> None:
    """LazyLoader lost such a Ctrl-C inside ``import`` (CPython clears errors reading ``__spec__``) and left the module
    half-run for good: ``module 'PIL.Image' has no attribute 'frombuffer'``."""
    defer("printkit_deferred_probe")
    module = sys.modules["printkit_deferred_probe"]
    with pytest.raises(Stop):
        module.frombuffer
    import printkit_deferred_probe  # type: ignore[import-not-found]  # noqa: F401

    assert runs == ["started"], "not run by the import"
    assert module.frombuffer() == "ran"
    assert runs == ["started", "started", "finished"]
    assert module.frombuffer() == "ran" and len(runs) == 3, "run once when it finished"


def test_a_module_imported_already_or_missing_is_left_alone() -> None:
    json_module = importlib.import_module("json")
    defer("json")
    defer("printkit_no_such_module_anywhere")
    assert sys.modules["json"] is json_module and "printkit_no_such_module_anywhere" not in sys.modules
