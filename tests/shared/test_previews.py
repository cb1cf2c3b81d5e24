"""PNG previews are the artwork's drawing rendered through the PDF backend: they must show what the SVG shows."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from printkit.build import build, build_many, data_job
from printkit.config import load_config
from printkit.kit.previews import PreviewPool, finish_previews, start_previews
from tests.conftest import render_svg


def _differing(a: Image.Image, b: Image.Image) -> float:
    """The share of 4 x 4 pixel blocks whose mean colour differs clearly: shapes and colours count,
    glyph anti-aliasing (PDFium sets the embedded Vera, cairo the system's DejaVu) does not."""
    diff = ImageChops.difference(a.reduce(4), b.reduce(4)).convert("L")
    return sum(diff.histogram()[40:]) / (diff.width * diff.height)


@pytest.mark.parametrize("game", ["warfare", "tokentactics"])
def test_every_preview_shows_its_svg(game: str, tmp_path: Path) -> None:
    result = build(load_config(None, ()), game, tmp_path)
    dpi = 60.0
    for name in result.files:
        if not name.endswith(".svg") or name.startswith("rules/"):  # the rule sheet's figures: linked from rules.md, no PNG
            continue
        png = Image.open(result.folder / name.replace(".svg", ".png")).convert("RGB")
        svg = render_svg((result.folder / name).read_text(encoding="utf-8"), dpi)
        assert abs(png.width - svg.width) <= 1 and abs(png.height - svg.height) <= 1, name
        svg = svg.resize(png.size)
        assert _differing(png, svg) < 0.03, name  # text-heavy cards measure 1.1-1.3 %


def test_previews_are_identical_with_and_without_workers(tmp_path: Path) -> None:
    from printkit.build import game_job
    from printkit.draw.svg import to_svg

    kit = game_job(load_config(None, ()), "tictactwo").make()
    shown = {stem: (to_svg(d), d) for stem, d in kit.artwork.items()}
    with PreviewPool() as pool:
        parallel = finish_previews(start_previews(shown, 50, None, pool), None, pool)
    alone = PreviewPool()
    alone.workers = 0
    here = finish_previews(start_previews(shown, 50, None, alone), None, alone)
    assert parallel == here
    assert Image.open(io.BytesIO(here["board"])).size == (371, 371)


def test_kit_folder_preview_is_deterministic(tmp_path: Path) -> None:
    from tests.datakit.helpers import run

    folder = tmp_path / "g"
    assert run("new", str(folder)).exit_code == 0
    first, = build_many([data_job(str(folder))], tmp_path / "a")
    second, = build_many([data_job(str(folder))], tmp_path / "b")
    for name in first.files:
        assert (first.folder / name).read_bytes() == (second.folder / name).read_bytes(), name


def test_printkits_png_writer_keeps_every_pixel_of_pdfiums_bitmap() -> None:
    import random

    from printkit.draw.png import _rgb, png_bytes

    rng = random.Random(7)
    width, height = 37, 11
    rgb = bytes(rng.randrange(256) for _ in range(width * height * 3))
    image = Image.open(io.BytesIO(png_bytes(rgb, width, height)))
    assert (image.mode, image.size) == ("RGB", (width, height)) and image.tobytes() == rgb
    bgrx = b"".join(bytes((rgb[i + 2], rgb[i + 1], rgb[i], 255)) for i in range(0, len(rgb), 3))
    padded = b"".join(bgrx[y * width * 4:(y + 1) * width * 4] + b"\0" * 4 for y in range(height))  # rows of stride + 4
    assert _rgb(padded, width, height, width * 4 + 4, "BGRX") == rgb
    assert _rgb(rgb, width, height, width * 3, "RGB") == rgb


@pytest.mark.parametrize("width_mm", [10.0, 10.3, 31.7])
def test_a_preview_holds_pdfiums_own_pixels_for_every_page(width_mm: float) -> None:
    """PDFium draws straight into the PNG's scanlines: the pixels of its own bitmap, any width (odd row lengths
    too), any page of a PDF of several."""
    import pypdfium2

    from printkit.draw.pdf import DrawingPage, pdf_bytes
    from printkit.draw.png import pdf_to_png
    from printkit.draw.shapes import Circle, Drawing, Rect, Style, Text

    pages = [Drawing(width_mm + i, 12.0, (Rect(1, 1, 5 + i, 4, Style(fill="#cc3311")), Circle(6, 7, 3, Style(stroke="#112299")),
                                           Text(2, 11, f"page {i}", size=6))) for i in range(3)]
    pdf = pdf_bytes([DrawingPage(p) for p in pages], "t", compress=False)
    document = pypdfium2.PdfDocument(pdf)
    for index in range(3):
        theirs = document[index].render(scale=150 / 72, fill_color=(255, 255, 255, 255)).to_pil().convert("RGB")
        ours = Image.open(io.BytesIO(pdf_to_png(pdf, 150, index)))
        assert ours.mode == "RGB" and ours.size == theirs.size and ours.tobytes() == theirs.tobytes()
