"""``printkit docs``: the documentation site built with MkDocs from a source checkout into ``OUT/site/``.

The site's sources (mkdocs.yml, docs/, the hook) live in printkit's repository, not in the installed package: an
editable install finds them beside the package; an installed printkit (``pip install .``, the README's and the test
command's install) finds them in the clone the command runs in (the current folder or one above it)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

from printkit.errors import PrintkitError

CONFIG = Path(__file__).resolve().parents[2] / "mkdocs.yml"
"""The site's configuration, beside the package in a clone of printkit's repository (an editable install)."""
HOOK = Path("printkit") / "docs" / "hooks.py"
"""The site's hook, as mkdocs.yml names it: a clone holds it beside mkdocs.yml."""


def site_config(start: Path | None = None) -> Path | None:
    """printkit's mkdocs.yml: beside the package (an editable install), else in the clone of printkit's repository
    that ``start`` (default: the current folder) is in; None when neither has one."""
    if CONFIG.is_file():
        return CONFIG
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "mkdocs.yml").is_file() and (folder / HOOK).is_file() and (folder / "docs").is_dir():
            return folder / "mkdocs.yml"
    return None


def _last_problem(output: str) -> str:
    lines = [line.strip() for line in output.splitlines() if line.strip().startswith(("WARNING", "ERROR"))]
    return lines[-1] if lines else (output.strip().splitlines() or ["no output"])[-1]


def build_site(out: Path, config: Path | None = None) -> Path:
    """Build the site strictly into ``out/site`` (swapped in whole: a failed build keeps the previous site) from
    ``config`` (default: :func:`site_config`'s)."""
    config = site_config() if config is None else config
    if config is None:
        raise PrintkitError("the docs site is built from a clone of printkit's repository (mkdocs.yml, docs/): run "
                            "`printkit docs` inside the clone (git clone, then pip install '.[test]' there); every page "
                            "is also plain Markdown in its docs/ folder, tables included")
    if not config.is_file():
        raise PrintkitError(f"{config}: not found: the docs are built from a clone of printkit's repository (docs/, mkdocs.yml)")
    if importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("material") is None:
        raise PrintkitError("mkdocs is not installed: pip install 'printkit[test]' (mkdocs, mkdocs-material)")
    site, staging = out / "site", out / f".site-build-{os.getpid()}"
    out.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(staging.resolve())],
                          capture_output=True, text=True, cwd=config.parent, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    if done.returncode != 0:
        shutil.rmtree(staging, ignore_errors=True)
        raise PrintkitError(f"the docs site did not build: {_last_problem(done.stderr + done.stdout)}")
    if site.exists():
        shutil.rmtree(site)
    staging.rename(site)
    return site / "index.html"
