"""``printkit new``: a kit folder to start from (kit.toml, cards.csv, tokens, a score track, rules.md, art/)."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from printkit.errors import PrintkitError
from printkit.userinput.files import reason
from printkit.userinput.text import quoted


def _files(folder: object, prefix: str = "") -> list[tuple[str, bytes]]:
    out = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):  # type: ignore[attr-defined]
        if entry.name.startswith((".", "__")):
            continue
        if entry.is_dir():
            out += _files(entry, f"{prefix}{entry.name}/")
        else:
            out.append((f"{prefix}{entry.name}", entry.read_bytes()))
    return out


def scaffold(target: Path, title: str | None = None) -> list[str]:
    """Write the starter kit into ``target`` (which must not exist yet); the files written."""
    if target.exists():
        raise PrintkitError(f"{target}: already exists (choose a new folder name)")
    name = re.sub(r"[^a-z0-9_-]+", "-", target.name.lower()).strip("-_")[:64] or "my-game"
    title = title or target.name.replace("-", " ").replace("_", " ").strip().title() or "My Game"
    files = _files(resources.files("printkit.datakit") / "scaffold")
    try:
        for rel, data in files:
            if rel == "kit.toml":
                text = data.decode("utf-8").replace("__NAME__", name).replace("__FOLDER__", str(target))
                data = text.replace("__TITLE__", title.replace("\\", "\\\\").replace('"', '\\"')).encode("utf-8")
            path = target / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    except OSError as exc:
        raise PrintkitError(f"cannot write {quoted(str(target))}: {reason(exc)}") from None
    return [rel for rel, _ in files]
