"""Token sheets on paper: several small sets share pages (a captioned block each) instead of one set
per page, single-sided sets with single-sided ones, two-sided ones with two-sided ones (fronts, then
their backs mirrored for duplex); a set larger than a page keeps its own grid."""

from __future__ import annotations

from typing import Callable

from printkit.datakit.schema import Tokens
from printkit.kit.model import Section
from printkit.press.blocks import Block, block_height, block_sheets
from printkit.press.pieces import Piece, printable_area
from printkit.press.settings import PrintSettings
from printkit.press.sheets import Sheet

SINGLE = "single-sided, on card stock if you can"


def _small(tokens: Tokens, pieces: list[Piece], settings: PrintSettings) -> bool:
    """No taller than a page as one block: it can share a page."""
    return bool(pieces) and block_height(Block(tokens.title, pieces), settings) <= printable_area(settings).h


def token_sections(sets: list[tuple[Tokens, list[Piece]]], settings: PrintSettings, title: str,
                   grid: Callable[[list[Piece], str], list[Sheet]]) -> list[Section]:
    """Every token set's pages; two or more small sets of the same sidedness are packed onto shared pages
    where the first of them stood."""
    two_sided = f"double-sided, flip on the {settings.duplex_flip} edge"
    groups: dict[bool, list[tuple[Tokens, list[Piece]]]] = {False: [], True: []}
    for tokens, pieces in sets:
        if _small(tokens, pieces, settings):
            groups[tokens.back is not None].append((tokens, pieces))
    shared = {tokens.name: backs for backs, group in groups.items() if len(group) > 1 for tokens, _ in group}
    sections: list[Section] = []
    for tokens, pieces in sets:
        if tokens.name not in shared:
            sections.append(Section(f"tokens {tokens.title}", grid(pieces, tokens.title), two_sided if tokens.back else SINGLE))
            continue
        backs = shared[tokens.name]
        group = groups[backs]
        if tokens is group[0][0]:
            blocks = [Block(t.title, p) for t, p in group]
            sheets = block_sheets(blocks, settings, title, "two-sided tokens" if backs else "tokens", backs=backs)
            sections.append(Section(f"tokens {', '.join(t.title for t, _ in group)}", sheets, two_sided if backs else SINGLE))
    return sections
