"""Pictures print as a browser shows them: clipped to their viewport, transparency kept (kit tests/datakit/kits/spill)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.build import make_data_kit, write_kit
from printkit.draw.pdf import DrawingPage, pdf_bytes
from printkit.draw.shapes import Drawing, Image, Rect, Style
from printkit.draw.svg import to_svg
from tests.conftest import render_in_chromium, render_pdf_page, render_svg

KIT = Path(__file__).parent / "kits" / "spill"
PICTURE = KIT / "art" / "spill.svg"
MM = 25.4


def _difference(a, b) -> float:
    """Mean absolute difference of two RGB images of one size, 0..255."""
    from PIL import ImageChops, ImageStat

    assert a.size == b.size
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def _picture_alone(tmp_path: Path) -> tuple[bytes, str]:
    """The picture in a 40 mm box on a 60 mm white page: as PDF and as SVG."""
    image = Image(10, 10, 40, 40, PICTURE.read_bytes(), "svg")
    drawing = Drawing(60, 60, (Rect(0, 0, 60, 60, Style(fill="#FFFFFF")), image))
    return pdf_bytes([DrawingPage(drawing)], "spill"), to_svg(drawing)


def test_the_pdf_and_the_svg_draw_the_picture_as_chromium_does(tmp_path: Path) -> None:
    pdf, svg = _picture_alone(tmp_path)
    dpi = 254.0  # 10 px a mm: the 40 mm box is 400 px
    browser = render_in_chromium(PICTURE, 400, 400)
    page = render_pdf_page(pdf, 0, dpi)
    (tmp_path / "page.svg").write_text(svg, encoding="utf-8")
    cairo = render_svg(svg, dpi)
    whole = render_in_chromium(tmp_path / "page.svg", 600, 600)
    box = (100, 100, 500, 500)
    assert _difference(page.crop(box), browser) < 3.0
    assert _difference(cairo.crop(box), browser) < 3.0
    assert _difference(whole.crop(box), browser) < 3.0
    for picture in (page, cairo, whole):  # nothing of the picture outside its box: the green runs past the viewBox
        for x, y in ((50, 300), (300, 50), (550, 300), (300, 550), (95, 95), (505, 505)):
            assert picture.getpixel((x, y)) == pytest.approx((255, 255, 255), abs=8), (x, y)
        red = picture.getpixel((300, 300))  # 50% red over green, not solid red
        assert red == pytest.approx((128, 85, 0), abs=12)
        blue = picture.getpixel((200, 200))  # 25% blue (a 50% group around a 50% fill) over the 50% red over green
        assert blue == pytest.approx((96, 64, 64), abs=14)


def test_a_card_s_picture_stays_inside_its_box_on_the_printed_page(tmp_path: Path) -> None:
    folder = shutil.copytree(KIT, tmp_path / "spill")
    kit = make_data_kit(str(folder), ())
    out = write_kit(kit, tmp_path / "out", "kit.toml")
    dpi = 127.0  # 5 px a mm
    page = render_pdf_page((out.folder / "kit.pdf").read_bytes(), 1, dpi)
    sheet = kit.sections[0].sheets[0]
    for placed in sheet.placed:
        def at(x_mm: float, y_mm: float) -> tuple[int, int, int]:
            return page.getpixel((round((placed.x + x_mm) * dpi / MM), round((placed.y + y_mm) * dpi / MM)))
        assert at(31.5, 40) == pytest.approx((128, 85, 0), abs=12)  # the circle's centre: translucent
        assert at(12.5, 21) == pytest.approx((0, 170, 0), abs=12)  # inside the box: green
        for x, y in ((5, 40), (58, 40), (31.5, 17), (31.5, 63), (2, 2), (60, 85)):  # around the box: the card's white
            assert at(x, y) == pytest.approx((255, 255, 255), abs=8), (x, y)
    preview = render_pdf_page(pdf_bytes([DrawingPage(kit.artwork["cards"])], "x"), 0, 50)
    assert preview.getpixel((2, 2)) == pytest.approx((255, 255, 255), abs=8)


@pytest.mark.parametrize("pixels, warned", [(48, True), (150, True), (200, False), (600, False)])
def test_raster_art_under_200_ppi_is_warned_of_with_its_element_and_file(tmp_path: Path, pixels: int, warned: bool) -> None:
    """A 24 mm picture needs 189 px for 200 ppi: a 48 px PNG prints at 51 ppi and verify says which element and file."""
    import io

    from PIL import Image as PILImage

    from printkit.kit.checks import check_kit
    from tests.datakit.helpers import CARD
    from tests.datakit.helpers import write_kit as write_folder

    out = io.BytesIO()
    PILImage.new("RGB", (pixels, pixels), (200, 50, 50)).save(out, format="PNG")
    kit_text = CARD + '\n[layouts.front.pic]\ntype = "image"\nsrc = "art/dot.png"\nx = 20\ny = 30\nw = 24\nh = 24\n'
    folder = write_folder(tmp_path / "kit", kit_text, {"cards.csv": "title,colour\nAlpha,#AA3300\n", "art/dot.png": out.getvalue()})
    found = [f for f in check_kit(make_data_kit(str(folder))) if "ppi" in f.message]
    if not warned:
        assert found == []
        return
    ppi = round(pixels / (24 / 25.4))
    assert [f.level for f in found] == ["warning"]
    assert (f"element 'pic' (layouts.front.pic): art/dot.png ({pixels} x {pixels} px) prints at {ppi} ppi in its "
            "24.0 x 24.0 mm box, under 200") in found[0].message and "at least 189 x 189 px" in found[0].message
