"""Work done by a forked process: a big kit's kit.pdf written beside its other files is the same bytes, and a
failure there is raised here."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import printkit.kit.previews as previews
import printkit.kit.render as render
from printkit.build import build_many, data_job
from printkit.errors import BuildError
from printkit.kit.forked import Elsewhere
from tests.datakit.helpers import CARD, write_kit

pytestmark = pytest.mark.skipif(not previews.can_fork(), reason="fork and a second core")


def test_a_big_kits_pdf_written_by_a_forked_process_has_the_bytes_written_here(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    rows = "title,colour\n" + "".join(f"Card {n},#{n * 997 % 0xFFFFFF:06X}\n" for n in range(250))
    folder = write_kit(tmp_path / "kit", CARD, {"cards.csv": rows})
    forks: list[int] = []
    real = render.Elsewhere

    def counted(work):  # type: ignore[no-untyped-def]
        forks.append(1)
        return real(work)

    monkeypatch.setattr(render, "Elsewhere", counted)
    elsewhere, = build_many([data_job(str(folder))], tmp_path / "forked")
    assert forks == [1]  # 250 cards: 56 pages, past ELSEWHERE_PAGES
    monkeypatch.setattr(render, "ELSEWHERE_PAGES", 10_000)
    here, = build_many([data_job(str(folder))], tmp_path / "here")
    assert forks == [1]
    for name in here.files:
        assert (elsewhere.folder / name).read_bytes() == (here.folder / name).read_bytes(), name


def test_a_failure_in_the_forked_process_is_raised_here() -> None:
    def fails() -> bytes:
        raise BuildError("kit.pdf: no room on the page")

    with pytest.raises(BuildError, match="no room on the page"):
        Elsewhere(fails).result()
    assert Elsewhere(lambda: b"%PDF-1.4 done").result() == b"%PDF-1.4 done"


def test_an_abandoned_process_is_ended_and_reaped() -> None:
    import time

    def slow() -> bytes:
        time.sleep(600)
        return b""

    started = time.monotonic()
    waiting = Elsewhere(slow)
    waiting.abandon()
    assert time.monotonic() - started < 300  # ended, not waited for: the process would have slept 600 s
    with pytest.raises(ChildProcessError):
        os.waitpid(waiting.pid, os.WNOHANG)
