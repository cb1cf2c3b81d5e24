"""A Kit turned into file contents: SVG, PNG previews, rules.pdf, rules.md, kit.pdf."""

from __future__ import annotations

from pathlib import Path

from printkit.art.printnote import print_note
from printkit.draw.pdf import Page, pdf_bytes
from printkit.draw.svg import to_svg
from printkit.kit.limits import check_previews
from printkit.kit.model import Kit
from printkit.kit.previews import cancel_previews, finish_previews, start_previews
from printkit.rulesheet import rule_pages


def print_lines(kit: Kit) -> list[str]:
    """What the first page says about printing: the game's notes and each section's advice."""
    lines = list(kit.print_notes)
    for section in kit.sections:
        count = len(section.sheets)
        lines.append(f"{section.name.capitalize()}: {count} page{'s' if count != 1 else ''}. {section.advice}".strip())
    return lines


def rules_pages(kit: Kit, with_note: bool) -> Page:
    note = (lambda: print_note(kit.settings, kit.title, print_lines(kit))) if with_note else None
    return rule_pages(kit.rules_text, kit.figures, kit.settings, kit.title, first_page=note)


def render_files(kit: Kit, cache: Path | None = None) -> dict[str, bytes]:
    """Every output file of the kit, by path relative to ``output/<game>/``.

    PNG previews render in worker processes while this one writes the PDFs (a worker for rules.pdf
    was measured slower: forking costs more than the 60 ms it saves); ``cache`` is a folder of
    previews kept from earlier builds.
    """
    files: dict[str, bytes] = {}
    dpi = kit.settings.preview_dpi
    svgs = {stem: to_svg(drawing) for stem, drawing in sorted(kit.artwork.items())}
    check_previews({stem: kit.previews.get(stem, drawing) for stem, drawing in kit.artwork.items()}, dpi)
    shown = {stem: to_svg(kit.previews[stem]) if stem in kit.previews else svg for stem, svg in svgs.items()}
    started = start_previews(shown, dpi, cache)
    try:
        for stem, svg in svgs.items():
            files[f"artwork/{stem}.svg"] = svg.encode("utf-8")
        files["rules.md"] = kit.rules_text.encode("utf-8")
        files["rules.pdf"] = pdf_bytes([rules_pages(kit, with_note=False)], f"{kit.title} - rules")
        pages: list[Page] = [rules_pages(kit, with_note=True)]
        for section in kit.sections:
            pages.extend(sheet.page for sheet in section.sheets)
        files["kit.pdf"] = pdf_bytes(pages, f"{kit.title} - print-and-play kit")
        for name, text in sorted(kit.extra_files.items()):
            files[name] = text.encode("utf-8")
        for stem, png in finish_previews(started, shown, dpi, cache).items():
            files[f"artwork/{stem}.png"] = png
    except BaseException:
        cancel_previews(started)
        raise
    return dict(sorted(files.items()))
