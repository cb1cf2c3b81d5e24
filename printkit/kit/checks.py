"""Checks every kit gets: text fits its box, pieces inside the printable area, crop marks
clear of pieces, and the board drawn is the board the engine plays on."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Iterable

from printkit.draw import fonts
from printkit.draw.fonts import text_extent
from printkit.draw.shapes import Drawing, Group, Line, Rect, Text, walk
from printkit.kit.cardfaces import OVERFULL, face_problems
from printkit.kit.model import Finding, Kit
from printkit.press.marks import MIN_MARK_MM
from printkit.press.settings import RULE_SHEET_MARGIN_MM, PrintSettings
from printkit.press.sheets import Placed, Sheet
from printkit.userinput.text import first_of, plural, quoted

TOLERANCE = 0.05
SVG_NS = "{http://www.w3.org/2000/svg}"


def text_overflows(drawing: Drawing) -> Iterable[str]:
    """Each text box that a line leaves: one problem per box, naming its first line out and the worst overflow."""
    boxes: dict[tuple[float, ...], list[tuple[Text, float]]] = {}
    for shape, dx, dy in walk(drawing.children):
        if isinstance(shape, Text) and shape.box is not None and OVERFULL not in shape.cls:
            x0, y0, x1, y1 = text_extent(shape)
            bx, by, bw, bh = shape.box
            if x0 < bx - TOLERANCE or x1 > bx + bw + TOLERANCE or y0 < by - TOLERANCE or y1 > by + bh + TOLERANCE:
                boxes.setdefault((*shape.box, dx, dy), []).append((shape, max(bx - x0, x1 - bx - bw, by - y0, y1 - by - bh)))
    for (_, _, bw, bh, _, _), lines in boxes.items():
        first = lines[0][0]
        more = f" (and {plural(len(lines) - 1, 'more line')})" if len(lines) > 1 else ""
        yield (f"{quoted(first.text)}{more} ({first.size:g} pt) overflows its {bw:.1f} x {bh:.1f} mm box "
               f"by {max(by for _, by in lines):.1f} mm")


MIN_PIECE_PT = 7.0


def small_text_on_pieces(sheet: Sheet) -> Iterable[str]:
    """Text under 7 pt on a piece to cut out (page labels and rule sheets are not pieces)."""
    for child in sheet.page.drawing.children:
        if isinstance(child, Group) and "piece" in child.cls:
            for shape, _, _ in walk((child,)):
                if isinstance(shape, Text) and shape.size < MIN_PIECE_PT - 1e-9:
                    yield f"{quoted(shape.text)} is {shape.size:g} pt"


def _texts_in(shapes: tuple, dx: float = 0.0, dy: float = 0.0) -> Iterable[tuple[Text, float, float]]:
    """Texts with their offset, skipping rotated or scaled groups (their frame is not the piece's)."""
    for shape in shapes:
        if isinstance(shape, Text):
            yield shape, dx, dy
        elif isinstance(shape, Group) and not shape.rotate and shape.scale == 1:
            yield from _texts_in(shape.children, dx + shape.dx, dy + shape.dy)


def _piece_frame(piece: Group, placed: Placed) -> tuple[tuple, float, float]:
    """A placed piece's shapes in its own coordinates and its own width and height (a piece turned a quarter turn on
    the sheet: its art inside the turn, its size the other way round)."""
    children = piece.children
    inner = children[0] if len(children) == 1 and isinstance(children[0], Group) else None
    if inner is not None and len(inner.children) == 1 and isinstance(inner.children[0], Group) and "turned" in inner.children[0].cls:
        return inner.children[0].children, placed.h, placed.w
    return children, placed.w, placed.h


def text_outside_safe_area(sheet: Sheet, safe: float) -> Iterable[str]:
    """Text on a rectangular piece closer than ``safe`` mm to its cut line."""
    for child, placed in zip((c for c in sheet.page.drawing.children if isinstance(c, Group) and "piece" in c.cls), sheet.placed):
        shapes, w, h = _piece_frame(child, placed)
        for text in _close_to_cut(shapes, w, h, safe):
            yield f"{quoted(text.text)} on {placed.name}"


def tiled_text_outside_safe_area(kit: Kit) -> Iterable[str]:
    """Text on a tiled board closer than print.safe_mm to its outer cut line (a tile page shows the board through a
    window, which :func:`text_outside_safe_area` does not read)."""
    tiled = {p.name for sec in kit.sections for s in sec.sheets if s.label.startswith("tile ") for p in s.placed}
    for piece in (p for group in kit.boards for p in group.pieces if p.name in tiled and not p.shaped):
        for text in _close_to_cut(piece.front.children, piece.w, piece.h, kit.settings.safe_mm):
            yield f"{quoted(text.text)} on {piece.name}"


def _close_to_cut(shapes: tuple, w: float, h: float, safe: float) -> Iterable[Text]:
    """The texts among ``shapes`` (of a ``w`` x ``h`` piece) closer than ``safe`` mm to its cut line."""
    for text, dx, dy in _texts_in(shapes):
        if OVERFULL in text.cls:
            continue
        x0, y0, x1, y1 = text_extent(text)
        x0, x1, y0, y1 = x0 + dx, x1 + dx, y0 + dy, y1 + dy
        if x0 < safe - TOLERANCE or y0 < safe - TOLERANCE or x1 > w - safe + TOLERANCE or y1 > h - safe + TOLERANCE:
            yield text


def _extent(mark: Line) -> tuple[float, float, float, float]:
    """The mark's box: x0, x1, y0, y1."""
    return min(mark.x1, mark.x2), max(mark.x1, mark.x2), min(mark.y1, mark.y2), max(mark.y1, mark.y2)


def unmarked_cut_lines(sheet: Sheet, settings: PrintSettings) -> list[str]:
    """Each end of a piece's cut line without a crop mark of :data:`MIN_MARK_MM` on the line beyond the bleed
    ("x 12.3 mm, top"): every cut line is marked at both ends, outside the block of pieces it bounds. Tiles mark the
    board's corners only, and a sheet without marks (a die net, cut along its printed outline) is not asked."""
    if not settings.crop_marks or not sheet.marks or sheet.label.startswith("tile "):
        return []
    long_enough = [_extent(mk) for mk in sheet.marks if math.hypot(mk.x2 - mk.x1, mk.y2 - mk.y1) >= MIN_MARK_MM - 1e-6]
    lines = {"x": [(x0, (y0, y1)) for x0, x1, y0, y1 in long_enough if abs(x1 - x0) < 0.01],  # vertical marks: x, span
             "y": [(y0, (x0, x1)) for x0, x1, y0, y1 in long_enough if abs(y1 - y0) < 0.01]}
    b = settings.bleed_mm if sheet.bleed_mm is None else sheet.bleed_mm
    missing: dict[str, None] = {}
    for p in sheet.placed:
        for axis, cuts, start, end, sides in (("x", (p.x, p.x + p.w), p.y, p.y + p.h, ("top", "bottom")),
                                              ("y", (p.y, p.y + p.h), p.x, p.x + p.w, ("left", "right"))):
            for at in cuts:
                spans = [span for key, span in lines[axis] if abs(key - at) < 0.01]
                if not any(high <= start - b for _, high in spans):
                    missing[f"{axis} {at:.1f} mm, {sides[0]}"] = None
                if not any(low >= end + b for low, _ in spans):
                    missing[f"{axis} {at:.1f} mm, {sides[1]}"] = None
    return list(missing)


def _labels(drawing: Drawing) -> Iterable[tuple[Text, float, float]]:
    """The page's own text lines (not on pieces): labels, captions, hints."""
    for shape in drawing.children:
        if isinstance(shape, Text):
            yield shape, 0.0, 0.0


def _assembly_maps(drawing: Drawing) -> Iterable[tuple[float, float, float, float]]:
    """The box (x0, y0, x1, y1) of each tile page's assembly map (its squares)."""
    for shape in drawing.children:
        if isinstance(shape, Group) and "assembly-map" in shape.cls:
            squares = [s for s in shape.children if isinstance(s, Rect)]
            if squares:
                yield (shape.dx + min(r.x for r in squares), shape.dy + min(r.y for r in squares),
                       shape.dx + max(r.x + r.w for r in squares), shape.dy + max(r.y + r.h for r in squares))


def sheet_findings(sheet: Sheet, settings: PrintSettings) -> Iterable[Finding]:
    """Pieces inside the printable area; crop marks outside every piece's bleed, inside the printer's margin, at least
    3 mm long, one at each end of every cut line; captions and a tile's assembly map clear of the marks."""
    pw, ph = settings.page_size
    m, b = settings.margin_mm, settings.bleed_mm if sheet.bleed_mm is None else sheet.bleed_mm
    marks = [_extent(mark) for mark in sheet.marks]
    for p in sheet.placed:
        if p.x < m - TOLERANCE or p.y < m - TOLERANCE or p.x + p.w > pw - m + TOLERANCE or p.y + p.h > ph - m + TOLERANCE:
            yield Finding("error", f"{sheet.label}: {p.name} reaches outside the printable area ({m:g} mm margins)")
        x0, y0, x1, y1 = p.x - b, p.y - b, p.x + p.w + b, p.y + p.h + b
        for lx0, lx1, ly0, ly1 in marks:
            if lx0 <= x1 and lx1 >= x0 and ly0 <= y1 and ly1 >= y0:
                yield Finding("error", f"{sheet.label}: a crop mark touches {p.name}")
    if sheet.note:
        yield Finding("note", sheet.note)
    if not settings.crop_marks:
        return
    pm = settings.printer_margin_mm
    outside = [mk for mk in marks if mk[0] < pm - TOLERANCE or mk[2] < pm - TOLERANCE or mk[1] > pw - pm + TOLERANCE
               or mk[3] > ph - pm + TOLERANCE]
    if outside:
        yield Finding("warning", f"{sheet.label}: {len(outside)} crop marks reach into the printer's {pm:g} mm margin, "
                                 "where most home printers print nothing")
    short = [mk for mk in sheet.marks if math.hypot(mk.x2 - mk.x1, mk.y2 - mk.y1) < MIN_MARK_MM - 1e-6]
    if short:
        yield Finding("warning", f"{sheet.label}: {len(short)} crop marks shorter than {MIN_MARK_MM:g} mm on {settings.paper} paper")
    missing = unmarked_cut_lines(sheet, settings)
    if missing:
        yield Finding("warning", f"{sheet.label}: cut lines without a crop mark of {MIN_MARK_MM:g} mm on {settings.paper} "
                                 f"paper: {first_of(missing, 3)}")
    for text, _, _ in _labels(sheet.page.drawing):
        tx0, ty0, tx1, ty1 = text_extent(text)
        if any(lx0 <= tx1 and lx1 >= tx0 and ly0 <= ty1 and ly1 >= ty0 for lx0, lx1, ly0, ly1 in marks):
            yield Finding("error", f"{sheet.label}: the caption {quoted(text.text)} lies under a crop mark")
    for mx0, my0, mx1, my1 in _assembly_maps(sheet.page.drawing):
        if any(lx0 <= mx1 and lx1 >= mx0 and ly0 <= my1 and ly1 >= my0 for lx0, lx1, ly0, ly1 in marks):
            yield Finding("error", f"{sheet.label}: the assembly map lies under a crop mark")


def board_findings(svg_text: str, expected: dict[str, set[str]]) -> Iterable[Finding]:
    """The board SVG's cells (``id="cell-<coord>"``) against the engine's cells and kinds."""
    root = ET.fromstring(svg_text)
    drawn: dict[str, set[str]] = {}
    for element in root.iter():
        ident = element.get("id", "")
        if ident.startswith("cell-"):
            drawn[ident[5:]] = set(element.get("class", "").split())
    missing = sorted(set(expected) - set(drawn))
    extra = sorted(set(drawn) - set(expected))
    if missing:
        yield Finding("error", f"board.svg lacks cells the rules use: {', '.join(missing)}")
    if extra:
        yield Finding("error", f"board.svg draws cells the rules do not have: {', '.join(extra)}")
    for name in sorted(set(expected) & set(drawn)):
        if not expected[name] <= drawn[name]:
            want = ", ".join(sorted(expected[name] - drawn[name]))
            yield Finding("error", f"board.svg: cell {name} lacks class {want}")


MIN_PRINTED_PT = 6.0
"""No text on a printed page is smaller than this (rule-sheet figures, page labels and captions; pieces: 7 pt)."""


def _printed_sizes(shapes: tuple, scale: float = 1.0) -> Iterable[tuple[Text, float]]:
    """Each text with the size it prints at (its size times the scale of the groups around it)."""
    for shape in shapes:
        if isinstance(shape, Text):
            yield shape, shape.size * scale
        elif isinstance(shape, Group):
            yield from _printed_sizes(shape.children, scale * shape.scale)


def small_printed_text(kit: Kit) -> list[Finding]:
    """A warning for each rule-sheet figure and print page holding text that prints under :data:`MIN_PRINTED_PT`
    (a figure wider than the rule sheet's column is printed smaller, its text with it)."""
    column = kit.settings.page_size[0] - 2 * RULE_SHEET_MARGIN_MM
    drawings = [*(("figure", name, d) for name, d in sorted(kit.figures.items())),
                *(("picture", name, d) for name, d in sorted(kit.pictures.items()))]
    places = [(f"rule sheet {kind} {name}", d.children, min(1.0, column / d.width) if d.width > 0 else 1.0)
              for kind, name, d in drawings]
    places += [(f"kit.pdf: {s.label}", s.page.drawing.children, 1.0) for sec in kit.sections for s in sec.sheets]
    found = []
    for where, shapes, scale in places:
        small = sorted({(round(pt, 1), text.text) for text, pt in _printed_sizes(shapes, scale)
                        if pt < MIN_PRINTED_PT - 1e-9 and text.text.strip()})
        if small:
            shown = first_of([f"{quoted(t)} at {pt:g} pt" for pt, t in small], 3)
            found.append(Finding("warning", f"{where}: text under {MIN_PRINTED_PT:g} pt: {shown}"))
    return found


def rule_sheet_glyphs(kit: Kit) -> list[Finding]:
    """An error naming the first line of the rule sheet holding characters its font cannot print."""
    regular = kit.rules_faces[0]
    for number, line in enumerate(kit.rules_text.splitlines(), start=1):
        lacking = fonts.missing_glyphs(line, font=regular)
        if lacking:
            where = f"{kit.rules_source}:{number}" if kit.rules_source else f"rule sheet of {kit.title}, line {number}"
            name = "Vera" if regular == fonts.REGULAR else "the [rules] font"
            return [Finding("error", f"{where}: the rule sheet's font {name} has no glyph for "
                                     f"{fonts.shown_characters(lacking)}: they would print as empty boxes")]
    return []


def card_face_findings(kit: Kit) -> list[Finding]:
    """An error for each thing wrong on a deck's card faces (art past the cut, text under or across another shape),
    naming the card size and the first cards it is on."""
    found = []
    for deck in kit.decks:
        where: dict[str, list[str]] = {}
        for piece in deck.pieces:
            if piece.shaped:
                continue
            for side, face in (("front", piece.front), ("back", piece.back)):
                for problem in face_problems(face, piece.w, piece.h, kit.settings.bleed_mm):
                    where.setdefault(f"({piece.w:g} x {piece.h:g} mm), {side}: {problem}", []).append(piece.name)
        found += [Finding("error", f"{deck.title} {problem} on {first_of(names, 4)}") for problem, names in where.items()]
    return found


def check_kit(kit: Kit) -> list[Finding]:
    """Every shared check plus the game's own findings, errors first."""
    found: list[Finding] = list(kit.findings) + rule_sheet_glyphs(kit) + small_printed_text(kit) + card_face_findings(kit)
    drawings = [(f"artwork/{stem}.svg", d) for stem, d in sorted(kit.artwork.items())]
    drawings += [(f"rule sheet figure {name}", d) for name, d in sorted(kit.figures.items())]
    drawings += [(f"kit.pdf: {s.label}", s.page.drawing) for sec in kit.sections for s in sec.sheets]
    seen: set[str] = set()
    for where, drawing in drawings:
        for problem in text_overflows(drawing):
            message = f"{where}: {problem}"
            if problem not in seen:
                seen.add(problem)
                found.append(Finding("error", message))
    for section in kit.sections:
        for sheet in section.sheets:
            found.extend(sheet_findings(sheet, kit.settings))
            close = sorted(set(text_outside_safe_area(sheet, kit.settings.safe_mm)))
            if close:
                found.append(Finding("warning", f"{sheet.label}: text within {kit.settings.safe_mm:g} mm of the cut: {first_of(close, 4)}"))
            small = sorted(set(small_text_on_pieces(sheet)))
            if small:
                found.append(Finding("warning", f"{sheet.label}: text below {MIN_PIECE_PT:g} pt on pieces: {first_of(small, 4)}"))
    close = sorted(set(tiled_text_outside_safe_area(kit)))
    if close:
        found.append(Finding("warning", f"tiled board: text within {kit.settings.safe_mm:g} mm of the cut: {first_of(close, 4)}"))
    if kit.expected_cells and "board" in kit.artwork:
        found.extend(board_findings(kit.svg("board"), kit.expected_cells))
    return sorted(found, key=lambda f: (f.level != "error",))
