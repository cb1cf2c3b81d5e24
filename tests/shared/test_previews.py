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


def _differing(a: Image.Image, b: Image.Image, block: int = 4) -> float:
    """The share of ``block`` x ``block`` pixel blocks (4: 1.7 mm at 60 dpi) whose mean colour differs clearly: shapes
    and colours count, glyph anti-aliasing (PDFium sets the embedded Vera, cairo the system's DejaVu) does not."""
    diff = ImageChops.difference(a.reduce(block), b.reduce(block)).convert("L")
    return sum(diff.histogram()[40:]) / (diff.width * diff.height)


@pytest.mark.parametrize("game", ["warfare", "tokentactics"])
def test_every_preview_shows_its_svg(game: str, tmp_path: Path) -> None:
    config = load_config(None, ())
    result = build(config, game, tmp_path)
    dpi = config.print.preview_dpi
    for name in result.files:
        if not name.endswith(".svg") or name.startswith("rules/"):  # the rule sheet's figures: linked from rules.md, no PNG
            continue
        png = Image.open(result.folder / name.replace(".svg", ".png")).convert("RGB")
        svg = render_svg((result.folder / name).read_text(encoding="utf-8"), dpi)
        assert abs(png.width - svg.width) <= 1 and abs(png.height - svg.height) <= 1, name
        svg = svg.resize(png.size)
        assert _differing(png, svg, round(4 * dpi / 60)) < 0.03, name  # blocks of 1.7 mm: text-heavy cards measure 1.1-1.3 %


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


def test_a_card_s_preview_is_large_enough_to_review(tmp_path: Path) -> None:
    """The default resolution (150 dpi) draws a poker card about 370 pixels wide: its smallest text legible (60 dpi drew
    the scaffold's sheet of cards 643 pixels wide, a card 150)."""
    from tests.datakit.helpers import run

    folder = tmp_path / "g"
    assert run("new", str(folder), "--rules").exit_code == 0
    built, = build_many([data_job(str(folder))], tmp_path / "out")
    sheet = Image.open(built.folder / "artwork" / "cards.png")
    card_mm = load_config(None, ()).print.card_width_mm
    assert sheet.width >= 4 * card_mm / 25.4 * 150 and sheet.info["dpi"] == pytest.approx((150, 150), abs=0.1)


def test_a_board_too_large_for_the_default_resolution_is_previewed_at_what_fits() -> None:
    from printkit.draw.shapes import Drawing
    from printkit.errors import BuildError
    from printkit.kit.limits import MAX_PREVIEW_PIXELS, preview_dpis

    drawings = {"cards": Drawing(272, 372), "map": Drawing(1500, 1500)}
    dpis = preview_dpis(drawings, 150)
    assert dpis["cards"] == 150 and 100 < dpis["map"] < 150 and (1500 / 25.4 * dpis["map"]) ** 2 <= MAX_PREVIEW_PIXELS
    assert preview_dpis(drawings, 60) == {"cards": 60, "map": 60}
    with pytest.raises(BuildError, match=r"print.preview_dpi: the preview of artwork/map.svg \(1500 x 1500 mm\) would be "
                                         r"11,812 x 11,812 pixels at 200 dpi; .* set print.preview_dpi to 131 or less"):
        preview_dpis(drawings, 200)  # a resolution asked for above the default is refused, as before
