"""Token sheets on paper: several small single-sided sets share pages (a captioned block each)
instead of one set per page; double-sided sets and sets larger than a page keep their own grid."""

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
    """Single-sided and no taller than a page as one block: it can share a page."""
    return tokens.back is None and bool(pieces) and block_height(Block(tokens.title, pieces), settings) <= printable_area(settings).h


def token_sections(sets: list[tuple[Tokens, list[Piece]]], settings: PrintSettings, title: str,
                   grid: Callable[[list[Piece], str], list[Sheet]]) -> list[Section]:
    """Every token set's pages; two or more small sets are packed onto shared pages where the first of them stood."""
    packed = [(tokens, pieces) for tokens, pieces in sets if _small(tokens, pieces, settings)]
    shared = {tokens.name for tokens, _ in packed} if len(packed) > 1 else set()
    sections: list[Section] = []
    for tokens, pieces in sets:
        if tokens.name in shared:
            if tokens is packed[0][0]:
                blocks = [Block(t.title, p) for t, p in packed]
                names = ", ".join(t.title for t, _ in packed)
                sections.append(Section(f"tokens {names}", block_sheets(blocks, settings, title, "tokens"), SINGLE))
            continue
        sides = f"double-sided, flip on the {settings.duplex_flip} edge" if tokens.back else SINGLE
        sections.append(Section(f"tokens {tokens.title}", grid(pieces, tokens.title), sides))
    return sections
