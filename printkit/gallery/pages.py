"""PDF pages as PNG images (pypdfium2), cached by the PDF's SHA-256 so an unchanged PDF renders once."""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from pathlib import Path

PAGE_DPI = 96
"""Resolution of a page's full-size image."""
THUMB_WIDTH = 220
"""Width in pixels of a page thumbnail."""


@dataclass(frozen=True)
class PageImages:
    """One PDF page rendered: the full-size and the thumbnail PNG files."""

    number: int
    full: Path
    thumb: Path


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _png(image: object) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1)  # type: ignore[attr-defined]
    return buffer.getvalue()


def render_pdf(pdf: Path, cache: Path) -> list[PageImages]:
    """Every page of ``pdf`` as images under ``cache/<sha256>/`` (rendered only when not there yet)."""
    import pypdfium2 as pdfium

    folder = cache / file_sha256(pdf)
    done = folder / "pages.txt"
    if done.exists():
        count = int(done.read_text())
    else:
        folder.mkdir(parents=True, exist_ok=True)
        document = pdfium.PdfDocument(pdf.read_bytes())
        count = len(document)
        for index in range(count):
            image = document[index].render(scale=PAGE_DPI / 72).to_pil().convert("RGB")
            (folder / f"page-{index + 1:02d}.png").write_bytes(_png(image))
            image.thumbnail((THUMB_WIDTH, THUMB_WIDTH * 2))
            (folder / f"thumb-{index + 1:02d}.png").write_bytes(_png(image))
        document.close()
        done.write_text(str(count))
    return [PageImages(n, folder / f"page-{n:02d}.png", folder / f"thumb-{n:02d}.png") for n in range(1, count + 1)]
