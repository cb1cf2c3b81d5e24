"""The gallery in headless Chromium: every image loads, every PDF page has a thumbnail, what changed shows, no console errors.

Needs Debian's ``chromium`` (``sh scripts/test`` installs it when missing). Screenshots are written to the
test's temporary folder for a person to look at.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from cdp_pipe import Browser, Page

from printkit.build import build
from printkit.config import load_config
from printkit.gallery.site import STAMP, write_gallery

BROKEN_IMAGES = "Array.from(document.images).filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.src)"


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Warfare built, then rebuilt with a bigger board; Ultimate built once; the gallery written."""
    folder = tmp_path_factory.mktemp("gallery")
    build(load_config(None, ()), "warfare", folder)
    build(load_config(None, ()), "ultimate", folder)
    write_gallery(folder)
    build(load_config(None, ("games.warfare.board_size=8", "games.warfare.line_length=5")), "warfare", folder)
    write_gallery(folder)
    return folder


def page_count(pdf: Path) -> int:
    import pypdfium2 as pdfium

    return len(pdfium.PdfDocument(pdf.read_bytes()))


def look(page: Page, target: Path) -> None:
    """A screenshot that is not blank (a page that failed to render would be one colour)."""
    from PIL import Image, ImageStat

    page.screenshot(target)
    image = Image.open(target).convert("L")
    assert image.height >= 900 and ImageStat.Stat(image).stddev[0] > 10


def test_the_harness_sees_broken_images_and_console_errors(browser: Browser, tmp_path: Path) -> None:
    bad = tmp_path / "bad.html"
    bad.write_text('<img src="missing.png"><script>console.error("boom")</script>', encoding="utf-8")
    page = browser.open(bad.as_uri())
    assert page.evaluate(BROKEN_IMAGES) and any("boom" in e for e in page.errors())


def test_index_lists_every_kit_with_working_images(browser: Browser, out: Path) -> None:
    page = browser.open((out / "index.html").as_uri())
    assert page.evaluate(BROKEN_IMAGES) == []
    assert page.evaluate("Array.from(document.querySelectorAll('.kitcard h2 a')).map(a => a.getAttribute('href'))") == [
        "ultimate/index.html", "warfare/index.html"]
    assert "files changed" in page.evaluate("document.getElementById('kit-warfare').innerText")
    assert page.errors() == []
    look(page, out / "screenshot-index.png")


def test_kit_page_shows_artwork_pages_checks_rules_and_parameters(browser: Browser, out: Path) -> None:
    page = browser.open((out / "warfare" / "index.html").as_uri())
    assert page.evaluate(BROKEN_IMAGES) == []
    assert page.evaluate("document.images.length") > 20
    for pdf in ("kit.pdf", "rules.pdf"):
        stem = pdf.removesuffix(".pdf")
        thumbs = page.evaluate(f"Array.from(document.querySelectorAll('#pages .thumb img')).filter(i => i.src.includes('/gallery/{stem}/'))"
                               ".map(i => [i.naturalWidth, i.parentElement.getAttribute('href')])")
        assert len(thumbs) == page_count(out / "warfare" / pdf)
        assert all(width > 0 and (out / "warfare" / href).is_file() for width, href in thumbs)
    arts = page.evaluate("Array.from(document.querySelectorAll('#artwork img')).map(i => i.getAttribute('src'))")
    assert arts == ["artwork/ability_cards.svg", "artwork/board.svg", "artwork/tokens.svg"]
    assert "fortress victory cannot be reached" in page.evaluate("document.getElementById('checks').innerText")
    assert page.evaluate("document.querySelectorAll('#rules table').length") >= 2
    assert "games.warfare.board_size" in page.evaluate("document.getElementById('parameters').innerText")
    assert "first X" in page.evaluate("document.getElementById('logs').innerText")
    assert page.errors() == []
    look(page, out / "screenshot-warfare.png")


def test_what_changed_after_a_tweaked_parameter(browser: Browser, out: Path) -> None:
    page = browser.open((out / "warfare" / "index.html").as_uri())
    text = page.evaluate("document.getElementById('changes').innerText")
    assert "games.warfare.board_size: 6 → 8" in text and "games.warfare.line_length: 6 → 5" in text
    files = page.evaluate("Array.from(document.querySelectorAll('.changed-files li')).map(li => li.innerText)")
    assert {"changed: artwork/board.svg", "changed: kit.pdf", "changed: rules.md"} <= set(files)
    assert "changed: artwork/ability_cards.svg" not in files
    labels = page.evaluate("Array.from(document.querySelectorAll('.change')).map(c => c.dataset.label)")
    assert "artwork/board.svg" in labels and "kit.pdf page 1" in labels
    assert page.evaluate("document.querySelectorAll('.change img').length") == 3 * len(labels)
    other = browser.open((out / "ultimate" / "index.html").as_uri())
    assert "This is the first build" in other.evaluate("document.getElementById('changes').innerText")
    assert other.evaluate(BROKEN_IMAGES) == [] and other.errors() == []


def test_served_page_reloads_after_a_build(browser: Browser, out: Path) -> None:
    from printkit.watch import serve

    (out / STAMP).write_text("1\n")
    server = serve(out, 0)
    try:
        port = server.server_address[1]
        page = browser.open(f"http://127.0.0.1:{port}/warfare/index.html")
        page.evaluate("window.notReloaded = true")
        time.sleep(0.8)
        assert page.evaluate("window.notReloaded === true")
        (out / STAMP).write_text("2\n")
        deadline = time.monotonic() + 120  # generous: a busy machine
        while page.evaluate("window.notReloaded === true") and time.monotonic() < deadline:
            time.sleep(0.2)
        assert page.evaluate("window.notReloaded === undefined")
        assert page.errors() == []
    finally:
        server.shutdown()
