"""The rule sheet as players read it, for the tests that pin what its Clarifications say."""

from __future__ import annotations

import re
from typing import Any

from printkit.games import get_game
from printkit.press.settings import PrintSettings

ITEM = re.compile(r"(?:- )?\*\*(?P<title>[^*]+?)\.\*\* (?P<text>.+)")
"""A clarification: ``- **Title.** text`` (a list item) or ``**Title.** text`` (a paragraph)."""


def clarifications(game: str, params: Any) -> list[tuple[str, str]]:
    """The built rule sheet's "Clarifications" for ``params`` as (title, text) pairs, in the sheet's order."""
    text = get_game(game).kit(params, PrintSettings()).rules_text
    section = text.split("\n## Clarifications\n", 1)[1].split("\n## ", 1)[0]
    return [(m["title"], m["text"]) for m in map(ITEM.fullmatch, section.splitlines()) if m]
