"""MkDocs hooks (``hooks:`` in mkdocs.yml): generated reference tables into pages, JSON Schemas into the site.

A page marks where a generated section goes with ``<!-- printkit:NAME -->`` (NAME from
:data:`printkit.docs.reference.GENERATED`); the committed page holds the section as last written, up to
``<!-- /printkit -->``, and the site shows it generated afresh. An unknown name fails the build.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.docs.reference import MARKER, generated
from printkit.docs.schemas import config_schema, kit_schema, schema_text


def expand(markdown: str, where: str) -> str:
    """``markdown`` with every marker, and the section written after it, replaced by the section generated now."""
    return MARKER.sub(lambda match: generated(match.group(1), where), markdown)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    return expand(markdown, page.file.src_uri)


def on_post_build(config: Any) -> None:
    folder = Path(config["site_dir"]) / "schemas"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "kit.schema.json").write_text(schema_text(kit_schema()), encoding="utf-8")
    (folder / "config.schema.json").write_text(schema_text(config_schema()), encoding="utf-8")
