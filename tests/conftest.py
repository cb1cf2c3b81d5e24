"""Shared fixtures: rendering helpers for looking at what the kits print."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
"""The seed documents: ``../shared/seeds`` beside the repository (as in CI)."""


def seed_text(name: str) -> str:
    """A seed document's text; a missing ../shared is a test failure, not a skip."""
    return (SEEDS / name).read_text(encoding="utf-8")


def render_pdf_page(pdf: bytes, index: int, dpi: float = 50):
    """A PDF page as a PIL image (pypdfium2)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    return doc[index].render(scale=dpi / 72).to_pil().convert("RGB")


def render_svg(svg: str, dpi: float = 50):
    """An SVG as a PIL image (cairosvg), white background."""
    from PIL import Image

    from printkit.draw.png import svg_to_png

    return Image.open(io.BytesIO(svg_to_png(svg, dpi))).convert("RGB")


def unembedded_fonts(page) -> list[str]:
    """The fonts a pypdf page uses without embedding a TrueType program (FontFile2)."""
    missing = []
    for ref in page["/Resources"].get("/Font", {}).values():
        font = ref.get_object()
        holder = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        if "/FontFile2" not in holder["/FontDescriptor"].get_object():
            missing.append(str(font["/BaseFont"]))
    return missing


def assert_print_ready(page, size_mm: tuple[float, float]) -> None:
    """A pypdf page of the given paper size, with TrimBox, BleedBox and every font embedded."""
    expected = (round(size_mm[0] * 72 / 25.4, 1), round(size_mm[1] * 72 / 25.4, 1))
    assert (round(float(page.mediabox.width), 1), round(float(page.mediabox.height), 1)) == expected
    assert "/TrimBox" in page and "/BleedBox" in page
    assert unembedded_fonts(page) == []


@pytest.fixture
def settings():
    from printkit.press.settings import PrintSettings

    return PrintSettings()
