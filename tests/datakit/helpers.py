"""Small kit folders written for a test: kit.toml text plus data and art files."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from printkit.cli import main

CARD = '''
[kit]
name = "t"
title = "Test Kit"

[[deck]]
name = "cards"
data = "cards.csv"
front = "front"
back = "back"

[layouts.front.bg]
type = "rect"
frame = "bleed"
fill = "{colour}"

[layouts.front.title]
type = "text"
text = "{title}"
x = 4
y = 4
w = 55
h = 10
size = 12
bold = true

[layouts.back.bg]
type = "rect"
frame = "bleed"
fill = "#2E3A4F"
'''

CSV = "title,colour\nAlpha,#AA3300\nBeta,#0033AA\n"


def write_kit(folder: Path, kit: str = CARD, files: dict[str, str | bytes] | None = None) -> Path:
    """A kit folder holding ``kit`` as kit.toml and ``files`` (default: a two-card cards.csv)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "kit.toml").write_text(kit, encoding="utf-8")
    for name, data in (files if files is not None else {"cards.csv": CSV}).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            path.write_text(data, encoding="utf-8")
    return folder


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))
