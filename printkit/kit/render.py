"""A Kit turned into file contents: SVG, PNG previews, rules.pdf, rules.md, kit.pdf.

The rule sheet's machinery (reportlab's platypus, markdown-it) is imported only for a kit that has
a rule sheet: a kit without one writes no rules.pdf or rules.md, and kit.pdf opens with its
components (:mod:`printkit.art.contents`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.art.contents import contents_pages
from printkit.art.printnote import print_note
from printkit.draw.pdf import DrawingPage, Page, pdf_bytes
from printkit.draw.shapes import Drawing
from printkit.draw.svg import to_svg
from printkit.kit.forked import Elsewhere
from printkit.kit.limits import preview_dpis
from printkit.kit.model import OUTLINE, Kit
from printkit.kit.previews import HandedOut, PreviewPool, finish_previews, start_previews, with_previews
from printkit.kit.sheetfiles import sheet_files
from printkit.press.settings import PrintSettings
from printkit.userinput.text import plural

OUTLINE_DPI = 150.0
"""The least resolution of a layout view's PNG: its labels legible (a preview_dpi of 60 would blur them)."""
ELSEWHERE_PAGES = 24
"""From this many component pages on (with a second core), kit.pdf is written by a forked process while this one
writes the SVG, rules.pdf and the previews' PDFs: a 1,000-card deck (224 pages) is done 60 ms sooner. A smaller
kit.pdf takes less time than the fork and the third process competing with the preview worker cost."""


def print_lines(kit: Kit) -> list[str]:
    """What the first page says about printing: the game's notes, each section's advice and how the pieces are cut."""
    lines = list(kit.print_notes)
    for section in kit.sections:
        count = len(section.sheets)
        lines.append(f"{_sentence(_shown_name(section.name))}: {plural(count, 'page')}. "
                     f"{_sentence(section.advice)}".strip())
    return [*lines, cutting_line(kit.settings)]


def _shown_name(name: str) -> str:
    """A section's name as the print note says it: a set's own section (``cards Spice cards``, ``tokens Coins, Gems``)
    by its titles alone."""
    kind, _, title = name.partition(" ")
    return title if kind in ("cards", "board", "tokens") and title else name


def _sentence(text: str) -> str:
    """``text`` with its first letter a capital, the rest as written (a title keeps its own capitals)."""
    return text[:1].upper() + text[1:]


def cutting_line(settings: PrintSettings) -> str:
    """How the sheets are cut: pieces apart, each with its bleed (two cuts between neighbours), or butted (one)."""
    if not settings.crop_marks:
        return "Cutting: no crop marks are printed (print.crop_marks = false): cut along the pieces' edges."
    if settings.butted:
        return ("Cutting: cards and square pieces touch (print.butted): one cut along each crop mark parts two neighbours; "
                "there is no bleed between them, so cut exactly on the line.")
    b, gap = settings.bleed_mm, settings.piece_gap
    return (f"Cutting: every piece has its own {b:g} mm bleed, {gap:g} mm from its neighbours: cut along every crop mark, "
            "twice between neighbours. Round and hex pieces: cut their square on the marks, then trim round inside the "
            "colour, or use a punch of their size.")


def components(kit: Kit) -> list[str]:
    """What the kit holds, one line per deck, board and token set: ``Cards: 18``."""
    return [f"{group.title}: {len(group.pieces)}" for group in (*kit.decks, *kit.boards, *kit.tokens)]


def rules_pages(kit: Kit, with_note: bool, story: list[Any] | None = None) -> Page:
    """The rule sheet's pages (with the print note on the first for kit.pdf); pass one
    :func:`rule_story` to both documents so the sheet's paragraphs are broken into lines once."""
    from printkit.rulesheet import rule_pages

    def note() -> Drawing:
        return print_note(kit.settings, kit.title, print_lines(kit))

    return rule_pages(kit.rules_text, kit.figures, kit.settings, kit.title, first_page=note if with_note else None,
                      story=story, image=_pictures(kit), source=kit.rules_source, faces=kit.rules_faces,
                      alike=None if with_note else note)


def _pictures(kit: Kit) -> Any:
    """The rule sheet's picture source: the kit's pictures (None when it places none)."""
    return kit.pictures.get if kit.pictures else None


@dataclass
class Rendering:
    """A kit's files with the PNG previews still rendering in worker processes (and a big kit's kit.pdf
    still being written by a forked process)."""

    files: dict[str, bytes]
    started: dict[str, Any]
    cache: Path | None
    pool: PreviewPool | HandedOut
    kit_pdf: Elsewhere | None = None

    def abandon(self) -> None:
        """Give up the kit (its build failed): a process writing its kit.pdf is ended."""
        if self.kit_pdf is not None:
            self.kit_pdf.abandon()
            self.kit_pdf = None

    def written(self) -> dict[str, bytes]:
        """Every file but the previews (waits for a kit.pdf written by another process)."""
        if self.kit_pdf is not None:
            self.files["kit.pdf"] = self.kit_pdf.result()
            self.kit_pdf = None
        return self.files

    def finish(self) -> dict[str, bytes]:
        """Every file, previews included (waits for the workers), sorted by path."""
        assert isinstance(self.pool, PreviewPool)
        return with_previews(self.written(), finish_previews(self.started, self.cache, self.pool), {})


def start_render(kit: Kit, cache: Path | None, pool: PreviewPool | HandedOut) -> Rendering:
    """Queue the previews missing from ``cache`` with ``pool`` and write everything else meanwhile (a big kit's
    kit.pdf in a forked process: see :data:`ELSEWHERE_PAGES`; :meth:`Rendering.finish` collects it).

    Several kits can be started before the first is finished, so one kit's previews render while
    the next kit's PDFs are written (``printkit build --all``).
    """
    files: dict[str, bytes] = {}
    story = None
    if kit.has_rules:
        from printkit.rulesheet import rule_story

        story = rule_story(kit.rules_text, kit.figures, kit.settings, _pictures(kit), kit.rules_faces)
    title = f"{kit.title} - print-and-play kit"
    big = sum(len(section.sheets) for section in kit.sections) >= ELSEWHERE_PAGES
    elsewhere = Elsewhere(lambda: pdf_bytes(kit_pages(kit, story), title)) if pool.second_process(big) else None
    try:
        dpi = kit.settings.preview_dpi
        svgs = {stem: kit.svg(stem) for stem in sorted(kit.artwork)}
        dpis = preview_dpis({stem: kit.previews.get(stem, drawing) for stem, drawing in kit.artwork.items()}, dpi)
        shown = {stem: (to_svg(kit.previews[stem]), kit.previews[stem]) if stem in kit.previews else (svg, kit.artwork[stem])
                 for stem, svg in svgs.items()}
        outlines = {f"{OUTLINE}/{stem}": (to_svg(drawing), drawing) for stem, drawing in sorted(kit.outlines.items())}
        started: dict[str, bytes | str] = {}
        for each in sorted(set(dpis.values()), reverse=True):  # one PDF of pictures a resolution (a board too large: less)
            started.update(start_previews({stem: v for stem, v in shown.items() if dpis[stem] == each}, each, cache, pool))
        started.update(start_previews(outlines, max(dpi, OUTLINE_DPI), cache, pool))
        for stem, svg in svgs.items():
            files[f"artwork/{stem}.svg"] = svg.encode("utf-8")
        for path, (svg, _) in outlines.items():
            files[f"{path}.svg"] = svg.encode("utf-8")
        if kit.has_rules:
            files.update(sheet_files(kit.rules_text, kit.pictures))  # rules.md, its pictures drawn beside it
            files["rules.pdf"] = pdf_bytes([rules_pages(kit, with_note=False, story=story)], f"{kit.title} - rules")
    except BaseException:
        if elsewhere is not None:
            elsewhere.abandon()
        raise
    if elsewhere is None:
        files["kit.pdf"] = pdf_bytes(kit_pages(kit, story), title)
    for name, text in sorted(kit.extra_files.items()):
        files[name] = text.encode("utf-8")
    return Rendering(files, started, cache, pool, elsewhere)


def kit_pages(kit: Kit, story: list[Any] | None = None) -> list[Page]:
    """Every page of kit.pdf in print order: the rule sheet with the print note (without a rule sheet:
    the print note and the components), then each section (``story``: the sheet's :func:`rule_story`,
    when rules.pdf already broke it into lines)."""
    pages: list[Page]
    if kit.has_rules:
        pages = [rules_pages(kit, with_note=True, story=story)]
    else:
        pages = [DrawingPage(d) for d in contents_pages(kit.settings, kit.title, print_lines(kit), components(kit), kit.rules_faces)]
    for section in kit.sections:
        pages.extend(sheet.page for sheet in section.sheets)
    return pages


def render_files(kit: Kit, cache: Path | None = None) -> dict[str, bytes]:
    """Every output file of the kit, by path relative to ``output/<game>/``.

    PNG previews render in worker processes while this one writes the PDFs (a worker for rules.pdf
    was measured slower: forking costs more than the 60 ms it saves); ``cache`` is a folder of
    previews kept from earlier builds.
    """
    with PreviewPool() as pool:
        return start_render(kit, cache, pool).finish()
