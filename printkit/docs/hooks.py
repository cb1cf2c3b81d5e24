"""MkDocs hooks (``hooks:`` in mkdocs.yml): generated reference tables into pages, JSON Schemas into the site.

A page marks where a generated section goes with ``<!-- printkit:NAME -->`` (NAME from
:data:`printkit.docs.reference.GENERATED`); an unknown name fails the build.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from printkit.docs.reference import GENERATED
from printkit.docs.schemas import config_schema, kit_schema, schema_text

MARKER = re.compile(r"<!--\s*printkit:([a-z-]+)\s*-->(?:.*?<!--\s*/printkit\s*-->)?", re.S)
"""``<!-- printkit:NAME -->``, optionally followed by text up to ``<!-- /printkit -->`` that the section replaces
(a note for Markdown viewers that do not run this hook)."""


def expand(markdown: str, where: str) -> str:
    """``markdown`` with every marker replaced by its generated section."""
    def section(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in GENERATED:
            raise ValueError(f"{where}: unknown generated section {name!r} (known: {', '.join(GENERATED)})")
        return GENERATED[name]()
    return MARKER.sub(section, markdown)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    return expand(markdown, page.file.src_uri)


def on_post_build(config: Any) -> None:
    folder = Path(config["site_dir"]) / "schemas"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "kit.schema.json").write_text(schema_text(kit_schema()), encoding="utf-8")
    (folder / "config.schema.json").write_text(schema_text(config_schema()), encoding="utf-8")
