"""The documentation site builds strictly (a broken link fails), with the generated references and schemas in it;
the README stays a short front door; the docs' pictures come from real builds."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from printkit.docs import pictures
from printkit.docs.hooks import expand
from printkit.docs.schemas import kit_schema

ROOT = Path(__file__).resolve().parents[2]


def mkdocs(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)],
                          capture_output=True, text=True, env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"}, cwd=ROOT)


def copy_project(tmp: Path) -> Path:
    """mkdocs.yml, docs/ and the hook's module path, in a temporary folder (the site is built from the copy)."""
    shutil.copytree(ROOT / "docs", tmp / "docs")
    (tmp / "printkit" / "docs").mkdir(parents=True)
    shutil.copy(ROOT / "printkit" / "docs" / "hooks.py", tmp / "printkit" / "docs" / "hooks.py")
    shutil.copy(ROOT / "mkdocs.yml", tmp / "mkdocs.yml")
    return tmp / "mkdocs.yml"


def test_site_builds_strictly_with_generated_references_and_schemas(tmp_path: Path) -> None:
    done = mkdocs(ROOT / "mkdocs.yml", tmp_path / "site")
    assert done.returncode == 0, done.stderr
    site = tmp_path / "site"
    commands = (site / "reference" / "commands" / "index.html").read_text(encoding="utf-8")
    assert "printkit build" in commands and "--sweep" in commands and "--scheduler" in commands
    kit = (site / "reference" / "kit-toml" / "index.html").read_text(encoding="utf-8")
    assert "size_mm" in kit and "orientation" in kit and "<!-- printkit:" not in kit
    assert "games.tokentactics" in (site / "reference" / "config-toml" / "index.html").read_text(encoding="utf-8")
    assert json.loads((site / "schemas" / "kit.schema.json").read_text(encoding="utf-8")) == kit_schema()
    for image in ("kit-page.png", "gallery.png", "balance-rates.png"):
        assert (site / "images" / image).stat().st_size > 5000


def test_a_broken_link_fails_the_build(tmp_path: Path) -> None:
    config = copy_project(tmp_path)
    page = tmp_path / "docs" / "howto" / "score-track.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nSee [the missing page](missing.md).\n", encoding="utf-8")
    done = mkdocs(config, tmp_path / "site")
    assert done.returncode != 0 and "missing.md" in done.stderr


def test_an_unknown_generated_section_is_an_error() -> None:
    assert "| `size_mm` |" in expand("<!-- printkit:kit-toml -->", "x.md")
    with pytest.raises(ValueError, match="unknown generated section 'kit-tmol'"):
        expand("<!-- printkit:kit-tmol -->", "page.md")


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


@pytest.mark.parametrize("make, name", [(pictures.kit_page, "kit-page.png"), (pictures.balance_rates, "balance-rates.png")])
def test_committed_pictures_match_a_fresh_render(make: object, name: str, tmp_path: Path) -> None:
    """The docs' pictures are what the generator makes from real builds today (rerun it after changing the art)."""
    (tmp_path / "work").mkdir()
    made = make(tmp_path / "work", tmp_path)  # type: ignore[operator]
    committed = ROOT / "docs" / "images" / name
    assert committed.stat().st_size < 100 * 1024
    assert _close(made, committed) < 1.0, f"docs/images/{name} is out of date: run python -m printkit.docs.pictures"
