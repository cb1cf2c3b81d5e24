"""The kit's PDFs for a print shop's press: every colour DeviceCMYK, pictures converted, ink reported.

Same pages, TrimBox and BleedBox as the RGB kit (the same painter, in its CMYK colour mode).
"""

from __future__ import annotations

from printkit.draw.cmyk import DEFAULT_INTENT, INTENTS, MAX_INK, RICH_BLACK_MM2, Inks
from printkit.draw.pdf import pdf_bytes
from printkit.export.common import Export
from printkit.kit.model import Kit
from printkit.kit.render import kit_pages, rules_pages


def export_cmyk(kit: Kit, intent: str = DEFAULT_INTENT) -> Export:
    """``kit.pdf`` and ``rules.pdf`` (a kit with a rule sheet) in CMYK for the printing condition ``intent`` (their
    output intent), ``inks.txt`` (every colour's CMYK and total ink) and README.txt."""
    condition = INTENTS[intent]
    inks = Inks(intent=condition)
    files = {"kit.pdf": pdf_bytes(kit_pages(kit), f"{kit.title} - print-and-play kit (CMYK)", inks)}
    if kit.has_rules:
        files["rules.pdf"] = pdf_bytes([rules_pages(kit, with_note=False)], f"{kit.title} - rules (CMYK)", inks)
    report = inks.report()
    most = max((sum(v) for v in inks.used.values()), default=0.0)
    files["inks.txt"] = ("\n".join(["RGB colour -> CMYK (percent) and total ink", *report]) + "\n").encode("utf-8")
    files["README.txt"] = "\n".join([
        f"{kit.title}: CMYK PDFs for a print shop (printkit export --to cmyk)",
        "",
        f"{', '.join(name for name in files if name.endswith('.pdf'))}: the kit's pages with every colour as DeviceCMYK and PNG",
        "pictures converted to CMYK; page size, TrimBox and BleedBox as in the RGB kit.",
        f"Output intent: {condition.identifier} ({condition.condition}), named by its entry in the ICC registry",
        f"({condition.registry}); the profile itself is not embedded (no free CMYK ICC profile was at hand), which",
        "a shop's preflight accepts for registered conditions. The files are not checked against PDF/X. Ask the shop",
        "which condition they print with (--intent FOGRA39, FOGRA51, 'CGATS TR 001' or 'CGATS TR 006').",
        "",
        "Conversion: grey-component replacement (greys and black are pure K, so black text stays sharp);",
        f"large near-black areas (at least {RICH_BLACK_MM2:g} mm2) print as rich black C60 M40 Y40 K100;",
        f"total ink at most {MAX_INK * 100:g}% for every colour (highest here: {most * 100:.0f}%).",
        f"inks.txt lists all {len(report)} colours.",
        "",
    ]).encode("utf-8")
    return Export(dict(sorted(files.items())))
