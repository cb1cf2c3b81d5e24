"""Compiled rule-sheet templates are kept in the user's cache folder: loaded instead of compiled, checked against
their source, and never the reason a build fails."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from printkit import templating


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "printkit" / "templates"


def render(source: str, name: str = "/kits/k/rules.md", **context: object) -> str:
    return templating.from_source(templating.sandbox(), source, name).render(**context)


def test_a_template_is_compiled_once_then_loaded(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert render("{{ n }} cards\n", n=3) == "3 cards\n"
    assert len(list(cache.iterdir())) == 1
    monkeypatch.setattr(templating.sandbox().__class__, "compile", lambda *a, **k: pytest.fail("compiled again"))
    assert render("{{ n }} cards\n", n=4) == "4 cards\n"


def test_an_edited_template_is_compiled_afresh_and_replaces_the_kept_one(cache: Path) -> None:
    assert render("{{ n }} cards\n", n=3) == "3 cards\n"
    assert render("{{ n }} tokens\n", n=3) == "3 tokens\n"
    assert len(list(cache.iterdir())) == 1


def test_other_whitespace_rules_keep_their_own_code(cache: Path) -> None:
    source = "{% if True %}\n  x\n{% endif %}\n"
    plain = templating.from_source(templating.sandbox(), source, "t").render()
    trimmed = templating.from_source(templating.sandbox(trim_blocks=True, lstrip_blocks=True), source, "t").render()
    assert (plain, trimmed) == ("\n  x\n\n", "  x\n")


def test_a_damaged_kept_file_is_compiled_afresh(cache: Path) -> None:
    render("{{ n }}\n", n=1)
    (kept,) = cache.iterdir()
    kept.write_bytes(kept.read_bytes()[:40])
    assert render("{{ n }}\n", n=2) == "2\n"


def test_a_cache_folder_that_cannot_be_written_only_costs_time(cache: Path) -> None:
    cache.parent.mkdir(parents=True)
    cache.write_text("a file where the folder would be")
    assert render("{{ n }}\n", n=1) == "1\n"
    if os.getuid() != 0:  # root writes anywhere
        cache.unlink()
        cache.mkdir()
        cache.chmod(stat.S_IRUSR | stat.S_IXUSR)
        assert render("{{ n }}\n", n=1) == "1\n"


def test_no_home_means_no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", "")
    monkeypatch.setattr(os.path, "expanduser", lambda path: path)
    assert templating.cache_folder() is None
    assert render("{{ n }}\n", n=1) == "1\n"


def test_a_syntax_error_is_reported_and_nothing_is_kept(cache: Path) -> None:
    import jinja2

    with pytest.raises(jinja2.TemplateSyntaxError) as caught:
        render("line one\n{% if %}\n")
    assert caught.value.lineno == 2 and not cache.exists()
