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


@pytest.fixture
def settings():
    from printkit.press.settings import PrintSettings

    return PrintSettings()
