"""Shared fixtures: rendering helpers for looking at what the kits print."""

from __future__ import annotations

import io
import os
import signal
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("printkit", derandomize=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "printkit"))
"""The property tests draw the same examples on every run (a failure seen once is seen again, and CI does not fail
on a draw nobody saw before it); ``HYPOTHESIS_PROFILE=default`` draws new ones, to look for failures on purpose."""

if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
"""A suite started in the background of a shell without job control (``sh script &``, ``nohup``) inherits Ctrl-C
ignored, and so would every printkit it starts: the tests that send one (a stopped replay, watch, balance) would
wait for nothing. A handler of Python's own is reset to the default by exec, so the printkit processes the tests
start take Ctrl-C as a terminal's user does."""

os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="printkit-tests-cache-")
"""The suite's own user cache folder (compiled templates, see printkit.templating), for every printkit it starts
too: a run starts cold and leaves the user's cache alone."""

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


def render_in_chromium(svg_path: Path, width_px: int, height_px: int):
    """An SVG file as headless Chromium draws it (an ``<img>`` of ``width_px`` x ``height_px`` on white), a PIL image.

    Needs Debian's ``chromium`` (``.ci/run`` installs it when missing).
    """
    import shutil
    import subprocess
    import tempfile

    from PIL import Image

    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    assert executable, "chromium is missing: apt-get install -y chromium (.ci/run does it)"
    with tempfile.TemporaryDirectory(prefix="printkit-chromium-") as folder:
        page = Path(folder) / "page.html"
        page.write_text(f'<html><body style="margin:0;background:#fff"><img src="{svg_path.resolve().as_uri()}" '
                        f'style="display:block;width:{width_px}px;height:{height_px}px"></body></html>', encoding="utf-8")
        shot = Path(folder) / "shot.png"
        subprocess.run([executable, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--allow-file-access-from-files",
                        f"--user-data-dir={folder}/profile", "--force-device-scale-factor=1", f"--window-size={width_px},{height_px}",
                        f"--screenshot={shot}", page.as_uri()], check=True, capture_output=True, timeout=120)
        return Image.open(shot).convert("RGB").crop((0, 0, width_px, height_px))
