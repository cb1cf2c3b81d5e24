"""Readings chosen where the seed is silent or ambiguous: the "Clarifications" section of the kit folder's
rules.md (one ``- **Title.** text`` item each), rendered with the parameters for the built-in rule sheet."""

from __future__ import annotations

import re

from printkit.games.tokentactics.params import KIT_FOLDER, Params

SECTION = "## Clarifications"
ITEM = re.compile(r"- \*\*(?P<title>[^*]+?)\.\*\* (?P<text>.+)")


def clarifications(params: Params) -> list[tuple[str, str]]:
    """(title, text) pairs for the rule sheet; each is pinned by a test."""
    import jinja2

    text = (KIT_FOLDER / "rules.md").read_text(encoding="utf-8")
    section = text.split(f"\n{SECTION}\n", 1)[1].split("\n## ", 1)[0]
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False)
    rendered = env.from_string(section).render(params=params.rule_values())
    return [(m["title"], m["text"]) for m in map(ITEM.fullmatch, rendered.splitlines()) if m]
