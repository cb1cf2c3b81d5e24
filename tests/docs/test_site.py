"""The documentation site builds strictly (a broken link fails), with the generated references and schemas in it;
the README stays a short front door; the docs' pictures come from real builds."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

from printkit.cli import main
from printkit.docs import pictures
from printkit.docs.hooks import expand
from printkit.docs.reference import refreshed, stale_pages
from printkit.docs.schemas import kit_schema
from printkit.docs.site import build_site
from printkit.errors import PrintkitError

ROOT = Path(__file__).resolve().parents[2]


def copy_project(tmp: Path) -> Path:
    """mkdocs.yml and docs/ in a temporary folder (the hook is the installed package's)."""
    shutil.copytree(ROOT / "docs", tmp / "docs")
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    (tmp / "mkdocs.yml").write_text(text.replace("printkit/docs/hooks.py", str(ROOT / "printkit/docs/hooks.py")), encoding="utf-8")
    return tmp / "mkdocs.yml"


def test_printkit_docs_builds_the_site_strictly_with_generated_references_and_schemas(tmp_path: Path,
                                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr("webbrowser.open", opened.append)
    result = CliRunner().invoke(main, ["docs", "--out", str(tmp_path), "--open"])
    assert result.exit_code == 0, result.output
    site = tmp_path / "site"
    assert result.output == f"wrote {site / 'index.html'}\n" and opened == [(site / "index.html").resolve().as_uri()]
    commands = (site / "reference" / "commands" / "index.html").read_text(encoding="utf-8")
    assert "printkit build" in commands and "--sweep" in commands and "--scheduler" in commands
    kit = (site / "reference" / "kit-toml" / "index.html").read_text(encoding="utf-8")
    assert "size_mm" in kit and "orientation" in kit and "<!-- printkit:" not in kit and "Markdown viewer" not in kit
    assert "games.tokentactics" in (site / "reference" / "config-toml" / "index.html").read_text(encoding="utf-8")
    assert json.loads((site / "schemas" / "kit.schema.json").read_text(encoding="utf-8")) == kit_schema()
    for image in ("kit-page.png", "gallery.png", "balance-rates.png"):
        assert (site / "images" / image).stat().st_size > 5000


def test_a_broken_link_fails_the_build_and_keeps_the_previous_site(tmp_path: Path) -> None:
    config = copy_project(tmp_path)
    index = build_site(tmp_path / "out", config)
    page = tmp_path / "docs" / "howto" / "score-track.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nSee [the missing page](missing.md).\n", encoding="utf-8")
    with pytest.raises(PrintkitError, match="the docs site did not build: .*'missing.md'"):
        build_site(tmp_path / "out", config)
    assert index.is_file() and [p.name for p in (tmp_path / "out").iterdir()] == ["site"]


def test_docs_without_the_sources_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(PrintkitError, match="mkdocs.yml: not found: the docs are built from a clone"):
        build_site(tmp_path, tmp_path / "mkdocs.yml")


def test_an_installed_printkit_finds_the_site_in_the_clone_it_runs_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``pip install .`` (not editable) leaves mkdocs.yml behind in the clone: the command finds it from the folder it
    runs in, or says in one line where the docs are built from."""
    from printkit.docs import site

    monkeypatch.setattr(site, "CONFIG", tmp_path / "site-packages" / "mkdocs.yml")
    assert site.site_config(ROOT / "docs" / "howto") == ROOT / "mkdocs.yml"
    monkeypatch.chdir(ROOT / "docs")
    assert site.site_config() == ROOT / "mkdocs.yml"
    (tmp_path / "elsewhere" / "docs").mkdir(parents=True)
    (tmp_path / "elsewhere" / "mkdocs.yml").write_text("site_name: not printkit's\n")  # no printkit/docs/hooks.py: not a clone
    monkeypatch.chdir(tmp_path / "elsewhere" / "docs")
    assert site.site_config() is None
    result = CliRunner().invoke(main, ["docs", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and result.output == (
        "error: the docs site is built from a clone of printkit's repository (mkdocs.yml, docs/): run `printkit docs` "
        "inside the clone (git clone, then pip install '.[test]' there); every page is also plain Markdown in its docs/ "
        "folder, tables included\n")


def test_an_unknown_generated_section_is_an_error() -> None:
    assert "| `size_mm` |" in expand("<!-- printkit:kit-toml -->", "x.md")
    page = "intro\n<!-- printkit:commands -->\n*a note for GitHub*\n<!-- /printkit -->\nafter\n"
    assert expand(page, "x.md").startswith("intro\n| command |") and "a note" not in expand(page, "x.md")
    assert expand(page, "x.md").endswith("\nafter\n")
    with pytest.raises(ValueError, match="unknown generated section 'kit-tmol'"):
        expand("<!-- printkit:kit-tmol -->", "page.md")


def test_the_committed_reference_pages_hold_the_tables_the_code_makes() -> None:
    """docs/reference/*.md carry their generated tables (readable on GitHub without building the site); a key, flag or
    default changed in the code without regenerating them fails here."""
    stale = [str(page.relative_to(ROOT)) for page in stale_pages()]
    assert stale == [], f"stale generated docs: {', '.join(stale)}: run python -m printkit.docs.reference"
    kit_md = (ROOT / "docs" / "reference" / "kit-toml.md").read_text(encoding="utf-8")
    assert "| `size_mm` |" in kit_md and "| `when` |" in kit_md
    assert "| `--outline` | flag |" in (ROOT / "docs" / "reference" / "commands.md").read_text(encoding="utf-8")
    example = (ROOT / "docs" / "reference" / "kit-toml-example.md").read_text(encoding="utf-8")
    shipped = (ROOT / "printkit" / "games" / "tokentactics" / "kit.toml").read_text(encoding="utf-8")
    assert f'```toml linenums="1"\n{shipped.rstrip()}\n```' in example
    assert "| [`[layouts.<name>]`](kit-toml.md#layoutsname) | 150 |" in example or "(kit-toml.md#layoutsname)" in example


def test_refreshing_a_page_keeps_its_markers_and_finds_it_stale(tmp_path: Path) -> None:
    page = "intro\n<!-- printkit:commands -->\nold tables\n<!-- /printkit -->\nafter\n"
    fresh = refreshed(page, "x.md")
    assert fresh.startswith("intro\n<!-- printkit:commands -->\n") and fresh.endswith("\n<!-- /printkit -->\nafter\n")
    assert "old tables" not in fresh and "| command |" in fresh and refreshed(fresh, "x.md") == fresh
    (tmp_path / "a.md").write_text(page, encoding="utf-8")
    (tmp_path / "b.md").write_text(fresh, encoding="utf-8")
    (tmp_path / "c.md").write_text("no markers\n", encoding="utf-8")
    assert stale_pages(tmp_path) == {tmp_path / "a.md": fresh}
    assert expand(fresh, "x.md") == expand(page, "x.md")  # the site shows the section generated now either way


def test_readme_is_a_short_front_door_with_pictures_on_a_fresh_clone() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode("utf-8")) <= 12 * 1024
    for picture in ("docs/images/kit-page.png", "docs/images/gallery.png"):
        assert picture in readme
        tracked = subprocess.run(["git", "ls-files", "--error-unmatch", picture], cwd=ROOT, capture_output=True)
        assert tracked.returncode == 0, f"{picture} is not committed"
    for link in ("docs/tutorial.md", "docs/reference/kit-toml.md", "docs/reference/commands.md"):
        assert link in readme and (ROOT / link).is_file()


def _close(made: Path, committed: Path) -> float:
    a = np.asarray(Image.open(made).convert("L"), dtype=float)
    b = np.asarray(Image.open(committed).convert("L"), dtype=float)
    assert a.shape == b.shape
    return float(np.abs(a - b).mean())


@pytest.mark.parametrize("make, name", [(pictures.kit_page, "kit-page.png"), (pictures.balance_rates, "balance-rates.png"),
                                        (pictures.gallery_shot, "gallery.png"), (pictures.outline_view, "outline.png")])
def test_committed_pictures_match_a_fresh_render(make: object, name: str, tmp_path: Path) -> None:
    """The docs' pictures are what the generator makes from real builds today (rerun it after changing the art).

    The gallery's picture is shot by headless Chromium, like the gallery's browser tests (``.ci/run`` installs it)."""
    (tmp_path / "work").mkdir()
    made = make(tmp_path / "work", tmp_path)  # type: ignore[operator]
    committed = ROOT / "docs" / "images" / name
    assert committed.stat().st_size < 100 * 1024
    assert _close(made, committed) < 1.0, f"docs/images/{name} is out of date: run python -m printkit.docs.pictures"


def test_docs_without_mkdocs_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "mkdocs" else real(name, *a))
    result = CliRunner().invoke(main, ["docs", "--out", "unused"])
    assert result.exit_code == 1 and result.output == "error: mkdocs is not installed: pip install 'printkit[test]' (mkdocs, mkdocs-material)\n"
