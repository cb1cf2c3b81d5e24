"""``printkit new``: a kit folder to start from (kit.toml, cards.csv, tokens, a score track, rules.md, art/,
kit.schema.json); ``--rules`` adds rules.py and makes the cards a two-player game's deck (scaffold_rules/ over scaffold/)."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from printkit.datakit.jsonschema import kit_schema, schema_text
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


TEMPLATED = ("kit.toml", "rules.py")
"""Files whose ``__NAME__``, ``__TITLE__`` and ``__FOLDER__`` are filled in."""
SCHEMA_FILE = "kit.schema.json"
"""Written beside kit.toml, whose first line points at it (``#:schema ./kit.schema.json``, Taplo's convention)."""


def scaffold(target: Path, title: str | None = None, rules: bool = False) -> list[str]:
    """Write the starter kit into ``target`` (which must not exist yet); the files written.

    With ``rules`` the kit is a game with rules: scaffold_rules/ replaces and adds files of scaffold/.
    """
    if target.exists():
        raise PrintkitError(f"{target}: already exists (choose a new folder name)")
    name = re.sub(r"[^a-z0-9_-]+", "-", target.name.lower()).strip("-_")[:64] or "my-game"
    title = title or target.name.replace("-", " ").replace("_", " ").strip().title() or "My Game"
    files = dict(_files(resources.files("printkit.datakit") / "scaffold"))
    if rules:
        files.update(_files(resources.files("printkit.datakit") / "scaffold_rules"))
    files[SCHEMA_FILE] = schema_text(kit_schema()).encode("utf-8")
    try:
        for rel, data in sorted(files.items()):
            if rel in TEMPLATED:
                text = data.decode("utf-8").replace("__NAME__", name).replace("__FOLDER__", str(target))
                data = text.replace("__TITLE__", title.replace("\\", "\\\\").replace('"', '\\"')).encode("utf-8")
            path = target / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    except OSError as exc:
        raise PrintkitError(f"cannot write {quoted(str(target))}: {reason(exc)}") from None
    return sorted(files)
