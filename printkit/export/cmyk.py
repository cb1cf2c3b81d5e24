"""The kit's PDFs for a print shop's press: every colour DeviceCMYK through an ICC profile, pictures converted, ink
reported; as PDF/X on request (``--to pdfx`` or ``--to cmyk --pdfx``).

Same pages, TrimBox and BleedBox as the RGB kit (the same painter, in its CMYK colour mode).
"""

from __future__ import annotations

from pathlib import Path

from printkit.draw.cmyk import (
    DEFAULT_INTENT,
    INTENTS,
    MAX_INK,
    NEAR_BLACK_L,
    RICH_BLACK_MM2,
    Inks,
    OutputIntent,
    Profile,
    ProfileError,
    read_profile,
    shipped_profile,
)
from printkit.draw.pdf import Page, pdf_bytes
from printkit.export.common import Export, ExportError
from printkit.export.pdfx import VERSIONS, X1A, X4, has_transparency, marker
from printkit.kit.model import Kit
from printkit.kit.render import kit_pages, rules_pages
from printkit.userinput.files import read_bytes, reason

PROFILE_LIMIT = 64 * 1024 * 1024
"""The largest --profile file read (press profiles run to a few MB)."""

FORMULA_SHIFT = ("colours about dE 10 (CIE 1976) off on the median, nearly half of them more than 10, saturated greens "
                 "and blues up to 40 (#009E73), and the Okabe-Ito blue and bluish green 25 apart instead of 66")
"""What the formula's conversion costs against a colour-managed one: measured on the 40 colours of the built-in kits
through printkit's profile (docs/howto/print-shops.md has the figures, also through another profile)."""


def load_profile(path: str | None, intent: str) -> Profile | None:
    """``--profile FILE`` read and checked; without it the shipped FOGRA39 profile for ``--intent FOGRA39``, None
    (the formula) for another printing condition."""
    if path is not None:
        try:
            return read_profile(read_bytes(Path(path), PROFILE_LIMIT), path)
        except OSError as exc:
            raise ExportError(f"--profile: {path}: {reason(exc)}") from None
        except ProfileError as exc:
            raise ExportError(f"--profile: {exc}") from None
    return shipped_profile() if intent == DEFAULT_INTENT else None


def _documents(kit: Kit) -> list[tuple[str, list[Page], str]]:
    documents = [("kit.pdf", kit_pages(kit), f"{kit.title} - print-and-play kit (CMYK)")]
    if kit.has_rules:
        documents.append(("rules.pdf", [rules_pages(kit, with_note=False)], f"{kit.title} - rules (CMYK)"))
    return documents


def export_cmyk(kit: Kit, intent: str = DEFAULT_INTENT, profile_path: str | None = None, pdfx: str | None = None) -> Export:
    """``kit.pdf`` and ``rules.pdf`` (a kit with a rule sheet) in CMYK for the printing condition ``intent`` (their
    output intent, the profile embedded), ``inks.txt`` (every colour's CMYK and total ink) and README.txt.

    ``pdfx``: ``"1a"`` (PDF/X-1a:2003; a kit's transparency flattened to opaque mixes over the paper) or ``"4"``
    (PDF/X-4, transparency kept, the profile embedded); None: plain CMYK PDFs.
    """
    condition = INTENTS[intent]
    profile = load_profile(profile_path, intent)
    documents = _documents(kit)
    version = None
    transparent = False
    if pdfx is not None:
        transparent = any(has_transparency(pdf_bytes(pages, title, Inks(intent=condition, profile=profile)))
                          for _, pages, title in documents)
        version = VERSIONS[pdfx]
        if version == X4 and profile is None:
            raise ExportError(f"--pdfx-version 4: PDF/X-4 embeds the output profile: give --profile FILE for {intent}")
    inks = Inks(intent=condition, profile=profile, flatten=version == X1A)
    files: dict[str, bytes] = {}
    for name, pages, title in documents:
        inks.pdfx = marker(version, title) if version is not None else None
        files[name] = pdf_bytes(pages, title, inks)
    report = inks.report()
    files["inks.txt"] = ("\n".join(["RGB colour -> CMYK (percent) and total ink", *report]) + "\n").encode("utf-8")
    pdfs = ", ".join(name for name in files if name.endswith(".pdf"))
    files["README.txt"] = _readme(kit, pdfs, condition, version, transparent, inks, profile_path).encode("utf-8")
    return Export(dict(sorted(files.items())))


def _readme(kit: Kit, pdfs: str, condition: OutputIntent, version: str | None, transparent: bool, inks: Inks,
            profile_path: str | None) -> str:
    """README.txt: what the files are, the standard, the output intent, how colours were converted and the ink limits."""
    profile = inks.profile
    most = max((sum(v) for v in inks.used.values()), default=0.0)
    return "\n".join([
        f"{kit.title}: CMYK PDFs for a print shop (printkit export --to {'pdfx' if version else 'cmyk'})",
        "",
        f"{pdfs}: the kit's pages with every colour as DeviceCMYK and PNG pictures converted to CMYK;",
        "page size, TrimBox and BleedBox as in the RGB kit.",
        *_standard_lines(version, transparent, inks),
        f"Output intent: {condition.identifier} ({condition.condition}), named by its entry in the ICC registry",
        f"({condition.registry}); " + (f"the profile {profile.name!r} embedded as its DestOutputProfile." if profile
                                       else "no profile embedded (none at hand for this condition)."),
        "Ask the shop which condition they print with (--intent FOGRA39, FOGRA51, 'CGATS TR 001' or 'CGATS TR 006')",
        "and for their profile (--profile FILE).",
        "",
        *_conversion_lines(profile, profile_path),
        f"Near-black (neutral, L* at most {NEAR_BLACK_L:g}: the default ink #1A1A1A among them) prints as 100% K, so text",
        "and lines stay sharp on one plate; other greys print on the black plate alone;",
        f"large near-black areas (at least {RICH_BLACK_MM2:g} mm2) print as rich black C60 M40 Y40 K100;",
        f"total ink at most {MAX_INK * 100:g}% for every colour (highest here: {most * 100:.0f}%).",
        f"inks.txt lists all {len(inks.used)} colours.",
        "",
    ])


def _standard_lines(version: str | None, transparent: bool, inks: Inks) -> list[str]:
    if version is None:
        return ["Not marked as PDF/X: export --to pdfx (or --to cmyk --pdfx) writes PDF/X-1a:2003 or PDF/X-4."]
    lines = [f"Standard: {version} (GTS_PDFXVersion in the document information"
             + (" and the XMP metadata)." if version == X4 else ").")]
    if version == X1A and inks.flattened:
        lines.append("Transparency flattened for PDF/X-1a (each as the opaque mix it makes over white paper): "
                     + ", ".join(sorted(inks.flattened)) + ".")
    elif version == X4 and transparent:
        lines.append("The kit uses transparency, which PDF/X-4 keeps (PDF/X-1a would flatten it: --pdfx-version 1a).")
    return lines


def _conversion_lines(profile: Profile | None, profile_path: str | None) -> list[str]:
    if profile is None:
        return ["Conversion: by formula (grey-component replacement), since no profile was given for this condition:",
                f"expect {FORMULA_SHIFT}. Give the shop's profile with --profile FILE for a colour-managed conversion."]
    source = (f"your profile {profile_path}" if profile_path else
              "printkit's FOGRA39 profile, fitted to Fogra's public FOGRA39L characterization data (docs/development.md)")
    return [f"Conversion: colour-managed by littleCMS through {source}: sRGB to CMYK, relative colorimetric",
            "with black point compensation; colours outside the press's gamut move to the nearest it prints."]
