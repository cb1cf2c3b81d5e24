"""One kit exported to one target, written atomically into ``<out>/<game>/export/<target>/``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.build import write_atomically
from printkit.draw.cmyk import DEFAULT_INTENT, INTENTS
from printkit.export.common import TARGETS, Export, ExportError, only_decks
from printkit.export.pdfx import VERSIONS
from printkit.export.shops import SHOP_NAMES
from printkit.kit.model import Kit
from printkit.userinput.text import quoted


@dataclass
class ExportResult:
    """What an export wrote and where, and its warnings (safe-area findings of a shop)."""

    game: str
    target: str
    folder: Path
    files: dict[str, int]
    warnings: list[str]


@dataclass(frozen=True)
class Press:
    """The CMYK options of ``--to cmyk`` and ``--to pdfx``: printing condition, profile file, PDF/X version."""

    intent: str | None = None
    profile: str | None = None
    pdfx: str | None = None
    """``1a`` or ``4`` (``--pdfx-version``); ``--to pdfx`` and ``--to cmyk --pdfx`` default to ``1a``."""


def check_options(target: str, shop: str | None, base_url: str | None, decks: tuple[str, ...] = (),
                  intent: str | None = None, press: Press = Press()) -> None:
    """Unknown targets and shops, and options that do not belong to the target, are errors before any work."""
    for option, value in (("--intent", intent), ("--profile", press.profile), ("--pdfx", press.pdfx)):
        if value is not None and target not in ("cmyk", "pdfx"):
            raise ExportError(f"{option}: only for --to cmyk or pdfx, not --to {target}")
    if intent is not None and intent not in INTENTS:
        raise ExportError(f"--intent: unknown printing condition {intent!r} (known: {', '.join(INTENTS)})")
    if press.pdfx is not None and press.pdfx not in VERSIONS:
        raise ExportError(f"--pdfx-version: expected {' or '.join(VERSIONS)}, got {quoted(press.pdfx)}")
    if decks and target in ("cmyk", "pdfx"):
        raise ExportError(f"--deck: not for --to {target} (its PDFs are the whole kit, as printed)")
    if target not in TARGETS:
        raise ExportError(f"--to: unknown target {quoted(target)} (targets: {', '.join(TARGETS)})")
    if shop is not None and target != "pod":
        raise ExportError(f"--shop: only for --to pod, not --to {target}")
    if shop is not None and shop not in SHOP_NAMES:
        raise ExportError(f"--shop: unknown shop {quoted(shop)} (shops: {', '.join(SHOP_NAMES)})")
    if base_url is not None and target != "tts":
        raise ExportError(f"--base-url: only for --to tts, not --to {target}")
    if base_url is not None and not base_url.startswith(("http://", "https://", "file://")):
        raise ExportError(f"--base-url: expected an http(s):// or file:// address, got {quoted(base_url)}")


def make_export(kit: Kit, target: str, folder: Path, shop: str | None = None, base_url: str | None = None,
                decks: tuple[str, ...] = (), intent: str | None = None, press: Press = Press()) -> Export:
    """The files of one export in memory (nothing written); ``decks``: only these decks (``--deck``);
    ``intent``: the CMYK PDFs' printing condition (``--intent``, default FOGRA39); ``press``: their profile and PDF/X."""
    check_options(target, shop, base_url, decks, intent, press)
    if decks:
        kit = only_decks(kit, decks)
    if target == "tts":
        from printkit.export.tts import export_tts

        return export_tts(kit, folder, base_url)
    if target == "pod":
        from printkit.export.pod import export_pod

        return export_pod(kit, shop or "generic")
    if target == "gutterfold":
        from printkit.export.gutterfold import export_gutterfold

        return export_gutterfold(kit)
    from printkit.export.cmyk import export_cmyk

    pdfx = press.pdfx or ("1a" if target == "pdfx" else None)
    return export_cmyk(kit, intent or DEFAULT_INTENT, press.profile, pdfx)


def export_kit(kit: Kit, target: str, out: Path, shop: str | None = None, base_url: str | None = None,
               decks: tuple[str, ...] = (), intent: str | None = None, press: Press = Press()) -> ExportResult:
    """Export ``kit`` into ``out/<game>/export/<target>/``; a failed export leaves the previous one in place."""
    folder = out / kit.game / "export" / target
    made = make_export(kit, target, folder, shop, base_url, decks, intent, press)
    write_atomically(folder, made.files)
    return ExportResult(kit.game, target, folder, {name: len(data) for name, data in made.files.items()}, made.warnings)
