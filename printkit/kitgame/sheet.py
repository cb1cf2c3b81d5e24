"""A kit with rules on paper: its rule sheet's example game replayed (an illegal line fails the build,
naming ``rules.md:LINE``), the positions it draws (``![caption](game:N)``), and the deck check."""

from __future__ import annotations

from typing import Any, Mapping

from printkit.datakit.load import KitFolder
from printkit.draw.shapes import Drawing
from printkit.errors import ConfigError
from printkit.kit.model import Finding
from printkit.kitgame.checks import deck_findings, example_game, replay_example
from printkit.kitgame.figures import SOURCE, position_figure
from printkit.kitgame.spec import open_loaded
from printkit.press.pieces import Piece


def rules_pages(kit: KitFolder, text: str, rules_name: str, figures: list[tuple[str, int]],
                boards: Mapping[str, Piece]) -> tuple[dict[str, Drawing], list[Finding]]:
    """The position figures ``figures`` ((src, line) pairs) and the findings of a kit with rules."""
    rules = open_loaded(kit).rules()
    example = example_game(text, rules_name) if rules_name else None
    played = replay_example(rules, example) if example is not None else None
    findings = deck_findings(rules)
    if example is None:
        findings.append(Finding("warning", f"{rules_name or 'the rule sheet'}: no example game (a ```game block of log lines): "
                                           "verify replays one with your rules"))
    drawn: dict[str, Drawing] = {}
    for src, line in figures:
        where = f"{rules_name}:{line}"
        match = SOURCE.fullmatch(src)
        assert match is not None
        if played is None:
            raise ConfigError(where, "", f"figure {src!r}: the rule sheet has no example game (a ```game block) to draw")
        n = int(match.group(1))
        if n > len(played.steps):
            raise ConfigError(where, "", f"figure {src!r}: the example game has {len(played.steps)} moves")
        state: Any = played.steps[n - 1].state if n else played.start
        drawn[src] = position_figure(rules, state, boards, src, where)
    return drawn, findings
