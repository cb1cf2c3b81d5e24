"""kit.pdf's pages: a kit folder's laid-out sets imposed (:func:`impose`) in its ``[sections]`` or a section per set:
boards tiled, card grids, captioned blocks, pages drawn whole, and token sheets, where several small sets share pages
(a captioned block each) instead of one set per page, single-sided sets with single-sided ones, two-sided ones with
two-sided ones (fronts, then their backs mirrored for duplex); a set larger than a page keeps its own grid."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from printkit.datakit.kit import Laid
from printkit.datakit.load import KitFolder
from printkit.datakit.schema import SectionSpec
from printkit.errors import BuildError
from printkit.kit.model import Section
from printkit.press.blocks import Block, block_height, block_sheets
from printkit.press.pieces import Piece, printable_area
from printkit.press.settings import PrintSettings
from printkit.press.sheets import Sheet, grid_sheets
from printkit.press.tiles import board_advice, board_sheets, oriented

Blocks = Callable[[SectionSpec, Mapping[str, list[Piece]]], list[tuple[str, list[Piece]]]]
"""``blocks(section, pieces)``: a section's pieces (by set name) grouped by the kit's Python into captioned blocks."""

SINGLE = "single-sided, on card stock if you can"


def impose(kit: KitFolder, made: Laid, blocks: Blocks | None = None) -> list[Section]:
    """kit.pdf's sections: ``[sections]`` in order, or a section per set (small token sheets sharing pages);
    ``blocks``: how the kit's Python groups the pieces of a section with ``blocks``."""
    spec, settings = kit.spec, kit.spec.settings
    if not spec.sections:
        return _set_sections(kit, made)
    sections = []
    for section in spec.sections:
        boards = [name for name in section.sets if made.kinds[name] == "board"]
        pieces = [p for name in section.sets if made.kinds[name] in ("deck", "tokens") for p in made.pieces[name]]
        sheets = [sheet for name in boards for sheet in _board_sheets(kit, made, name)]
        sheets += [page.sheet(settings) for name in section.sets for page in made.pages.get(name, ())]
        if section.pack:
            packed = _token_sections(kit, made, [name for name in section.sets if made.kinds[name] == "tokens"])
            sheets += [sheet for part in packed for sheet in part.sheets]
            pieces = [p for name in section.sets if made.kinds[name] == "deck" for p in made.pieces[name]]
            sheets += _grid(pieces, kit, section.label) if pieces else []
        elif section.blocks is not None and blocks is not None:
            grouped = blocks(section, {name: made.pieces[name] for name in section.sets if made.kinds[name] in ("deck", "tokens")})
            sheets += block_sheets([Block(caption, list(group)) for caption, group in grouped], settings, spec.title,
                                   section.label)
        else:
            sheets += _grid(pieces, kit, section.label) if pieces else []
        sections.append(Section(section.name, sheets, section.advice or _advice(made, section.sets, sheets, settings)))
    return sections


def _board_sheets(kit: KitFolder, made: Laid, name: str) -> list[Sheet]:
    """A board's pages (tiles when it is larger than the paper; turned first when it may turn to fit), counted for
    rules.md as ``boards.NAME.pages``."""
    piece = made.pieces[name][0]
    piece = oriented(piece, kit.spec.settings) if name in made.turnable else piece
    sheets = board_sheets(piece, kit.spec.settings, f"{kit.spec.title} {made.titles[name]}")
    made.counts["boards"][name]["pages"] = len(sheets)
    return sheets


def _advice(made: Laid, names: tuple[str, ...], sheets: list[Any], settings: Any) -> str:
    """How to print a section's pages: a board's tiling advice, else single- or double-sided."""
    if all(made.kinds[name] == "board" for name in names):
        return board_advice(sheets)
    if all(made.kinds[name] == "pages" for name in names):
        return "single-sided"
    pieces = [p for name in names for p in made.pieces.get(name, ())]  # a [[pages]] set has pages, no pieces
    backs = any(p.back is not None for p in pieces)
    if any(made.kinds[name] == "deck" for name in names):  # a deck is two-sided unless its cards show otherwise
        return f"double-sided, flip on the {settings.duplex_flip} edge: each back lands on its front" if backs or not pieces else "single-sided"
    return f"double-sided, flip on the {settings.duplex_flip} edge" if backs else SINGLE


def _set_sections(kit: KitFolder, made: Laid) -> list[Section]:
    """A section per set: boards, token sheets (small ones sharing pages), decks, pages drawn whole."""
    settings = kit.spec.settings
    sections = []
    for name in made.pieces:
        if made.kinds[name] == "board":
            sheets = _board_sheets(kit, made, name)
            sections.append(Section(f"board {made.titles[name]}", sheets, board_advice(sheets)))
    sections += _token_sections(kit, made, [n for n in made.pieces if made.kinds[n] == "tokens"])
    for name in made.pieces:
        if made.kinds[name] == "deck":
            backs = _back(made, name) is not None
            advice = (f"double-sided, flip on the {settings.duplex_flip} edge: each back lands on its front" if backs
                      else "single-sided")
            sections.append(Section(f"cards {made.titles[name]}", _grid(made.pieces[name], kit, made.titles[name]), advice))
    for name, pages in made.pages.items():
        sections.append(Section(made.titles[name], [page.sheet(settings) for page in pages], "single-sided"))
    return sections


def _back(made: Laid, name: str) -> str | None:
    """A set's back layout (a drawn set: ``"drawn"`` when its pieces have backs), None when it is single-sided."""
    spec = made.shapes[name]
    if spec is not None:
        return spec.back  # type: ignore[no-any-return]
    return "drawn" if any(p.back is not None for p in made.pieces[name]) else None


def _grid(pieces: list[Piece], kit: KitFolder, what: str) -> list[Any]:
    try:
        return grid_sheets(pieces, kit.spec.settings, kit.spec.title, what)
    except ValueError as exc:
        raise BuildError(f"{kit.spec.source}: {what}: {exc}") from None


def _small(title: str, pieces: list[Piece], settings: PrintSettings) -> bool:
    """No taller than a page as one block: a token set that can share a page."""
    return bool(pieces) and block_height(Block(title, pieces), settings) <= printable_area(settings).h


def _token_sections(kit: KitFolder, made: Laid, names: list[str]) -> list[Section]:
    """The token sheets ``names``' sections; two or more small sets of the same sidedness are packed onto shared pages
    (a captioned block each) where the first of them stood."""
    settings = kit.spec.settings
    two_sided = f"double-sided, flip on the {settings.duplex_flip} edge"
    groups: dict[bool, list[str]] = {False: [], True: []}
    for name in names:
        if _small(made.titles[name], made.pieces[name], settings):
            groups[_back(made, name) is not None].append(name)
    shared = {name: backs for backs, group in groups.items() if len(group) > 1 for name in group}
    sections: list[Section] = []
    for name in names:
        title = made.titles[name]
        if name not in shared:
            advice = two_sided if _back(made, name) else SINGLE
            sections.append(Section(f"tokens {title}", _grid(made.pieces[name], kit, title), advice))
            continue
        backs = shared[name]
        group = groups[backs]
        if name == group[0]:
            blocks = [Block(made.titles[n], made.pieces[n]) for n in group]
            sheets = block_sheets(blocks, settings, kit.spec.title, "two-sided tokens" if backs else "tokens", backs=backs)
            sections.append(Section(f"tokens {', '.join(made.titles[n] for n in group)}", sheets, two_sided if backs else SINGLE))
    return sections
