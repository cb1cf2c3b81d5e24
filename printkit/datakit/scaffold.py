"""``printkit new``: a kit folder to start from (kit.toml, cards.csv, tokens, a score track, rules.md, art/,
kit.schema.json); ``--rules`` adds rules.py and makes the cards a two-player game's deck (scaffold_rules/ over scaffold/)."""

from __future__ import annotations

import csv
import io
import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, Iterator

from printkit.datakit.jsonschema import kit_schema, schema_text
from printkit.datakit.keys import CARD_SIZES
from printkit.datakit.textfit import TextBox, set_text
from printkit.draw.fonts import shown_characters, vera_lacks
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
"""Files whose ``__NAME__``, ``__TITLE__``, ``__TITLE_TEXT__`` (the title in a layout's text: its braces doubled, not
read as fields) and ``__FOLDER__`` are filled in."""
SCHEMA_FILE = "kit.schema.json"
"""Written beside kit.toml, whose first line points at it (``#:schema ./kit.schema.json``, Taplo's convention)."""


def scaffold(target: Path, title: str | None = None, rules: bool = False) -> list[str]:
    """Write the starter kit into ``target`` (which must not exist yet); the files written.

    With ``rules`` the kit is a game with rules: scaffold_rules/ replaces and adds files of scaffold/.
    """
    if target.exists():
        raise PrintkitError(f"{target}: already exists (choose a new folder name)")
    name = re.sub(r"[^a-z0-9_-]+", "-", target.name.lower()).strip("-_")[:64] or "my-game"
    given = "--title" if title else f"{quoted(target.name)} (the folder's name, the title without --title)"
    title = title or target.name.replace("-", " ").replace("_", " ").strip().title() or "My Game"
    files = dict(_files(resources.files("printkit.datakit") / "scaffold"))
    if rules:
        files.update(_files(resources.files("printkit.datakit") / "scaffold_rules"))
    problem = title_problem(title, files)
    if problem:
        raise PrintkitError(f"{given}: {problem}")
    files[SCHEMA_FILE] = schema_text(kit_schema()).encode("utf-8")
    try:
        for rel, data in sorted(files.items()):
            if rel in TEMPLATED:
                data = _filled(data.decode("utf-8"), name, title, str(target)).encode("utf-8")
            path = target / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    except OSError as exc:
        raise PrintkitError(f"cannot write {quoted(str(target))}: {reason(exc)}") from None
    return sorted(files)


def _filled(text: str, name: str, title: str, folder: str) -> str:
    """A templated file with the kit's name, title and folder (the title written as a TOML or Python string holds it)."""
    written = title.replace("\\", "\\\\").replace('"', '\\"')
    in_text = written.replace("{", "{{").replace("}", "}}")
    return (text.replace("__NAME__", name).replace("__FOLDER__", folder).replace("__TITLE__", written)
            .replace("__TITLE_TEXT__", in_text))


def _title_boxes(files: dict[str, bytes]) -> Iterator[tuple[str, TextBox, str]]:
    """Each text of the scaffold's cards that shows the title: its key, its box at the deck's card size and its text as
    the largest card number fills it (``__TITLE_TEXT__`` left in)."""
    doc = tomllib.loads(files["kit.toml"].decode("utf-8"))
    deck = doc["deck"][0]
    width, height = CARD_SIZES[deck["size"]]
    rows = list(csv.DictReader(io.StringIO(files[deck["data"]].decode("utf-8"))))
    last = str(sum(int(row[deck["quantity"]]) for row in rows))
    for layout, elements in doc["layouts"].items():
        for element, props in elements.items():
            if isinstance(props, dict) and "__TITLE_TEXT__" in str(props.get("text", "")):
                size = float(props.get("size", 10.0))
                box = TextBox(0, 0, width * _share(props["w"]), height * _share(props["h"]), size,
                              float(props.get("min_size", min(size, 7.0))), bool(props.get("bold", False)),
                              props.get("align", "left"), props.get("valign", "top"),
                              line_height=float(props.get("line_height", 1.2)))
                yield f"layouts.{layout}.{element}", box, props["text"].replace("{n}", last)


def _share(percent: Any) -> float:
    return float(str(percent).rstrip("%")) / 100


def title_problem(title: str, files: dict[str, bytes]) -> str | None:
    """Why the scaffold's cards cannot print ``title`` (a character the kit's font lacks, or more than the smallest box
    showing it holds at its smallest size), or None."""
    lacking = vera_lacks(title)
    if lacking:
        return (f"{quoted(title)}: the kit's font Vera has no glyph for {shown_characters(lacking)}: the title would print "
                "as empty boxes on every card (write it without them; a font that has them can be added under [fonts] "
                "in kit.toml later)")

    def fits(text: str) -> str | None:
        """The first of the title's boxes ``text`` does not fit, with how it sets it; None: it fits them all."""
        for key, box, shown in _title_boxes(files):
            filled = shown.replace("__TITLE_TEXT__", text)
            if not set_text(filled, box, lambda _: None).fits:
                return f"{key} ({box.w:.1f} x {box.h:.1f} mm at {box.min_size:g} pt{' bold' if box.bold else ''})"
        return None

    tight = fits(title)
    if tight is None:
        return None
    low, high = 0, len(title)  # low fits, high does not
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(title[:middle]) is None else (low, middle)
    return (f"{quoted(title)}: the cards' {tight} holds the first {low} of its {len(title)} characters (write a "
            "shorter title; a longer one can be set in kit.toml later, with layouts that hold it)")
