"""The drawing model and its renderers: SVG attributes, PDF pages, and the two agree."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from printkit.draw.fonts import text_width, wrap
from printkit.draw.pdf import DrawingPage, pdf_bytes
from printkit.draw.shapes import Circle, Drawing, Group, Rect, Style, Text
from printkit.draw.svg import num, to_svg
from tests.conftest import render_pdf_page, render_svg, unembedded_fonts

SAMPLE = Drawing(80, 50, (
    Rect(5, 5, 30, 20, Style(fill="#D55E00", stroke="#000000", width=0.5), id="cell-A1", cls=("cell", "x")),
    Circle(60, 15, 10, Style(fill="#0072B2")),
    Text(40, 42, "Scale 1:1", size=14, bold=True, anchor="middle"),
    Group((Rect(0, 0, 20, 20, Style(fill="#009E73")),), dx=50, dy=28, clip=(0, 0, 10, 10)),
), title="sample")


def test_numbers_are_stable() -> None:
    assert [num(0.1 + 0.2), num(3.0), num(-0.0001), num(2.5)] == ["0.3", "3", "0", "2.5"]


def test_svg_is_sized_in_mm_with_ids_and_classes() -> None:
    root = ET.fromstring(to_svg(SAMPLE))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("80mm", "50mm", "0 0 80 50")
    cell = root.find(".//{http://www.w3.org/2000/svg}rect[@id='cell-A1']")
    assert cell is not None and cell.get("class") == "cell x"
    assert to_svg(SAMPLE) == to_svg(SAMPLE)


def test_pdf_is_deterministic_and_embeds_vera() -> None:
    import io

    from pypdf import PdfReader

    data = pdf_bytes([DrawingPage(SAMPLE)], "t")
    assert data == pdf_bytes([DrawingPage(SAMPLE)], "t")
    page = PdfReader(io.BytesIO(data)).pages[0]
    assert [round(float(v), 2) for v in page.mediabox] == [0, 0, round(80 * 72 / 25.4, 2), round(50 * 72 / 25.4, 2)]
    assert page["/Resources"]["/Font"] and unembedded_fonts(page) == []
    assert "Scale 1:1" in page.extract_text()


def test_svg_and_pdf_renders_agree_pixel_for_pixel() -> None:
    svg = render_svg(to_svg(SAMPLE), dpi=100)
    pdf = render_pdf_page(pdf_bytes([DrawingPage(SAMPLE)], "t"), 0, dpi=100)
    assert abs(svg.size[0] - pdf.size[0]) <= 1 and abs(svg.size[1] - pdf.size[1]) <= 1
    w, h = min(svg.size[0], pdf.size[0]), min(svg.size[1], pdf.size[1])
    diff = sum(
        1 for x in range(0, w, 2) for y in range(0, h, 2)
        if max(abs(a - b) for a, b in zip(svg.getpixel((x, y)), pdf.getpixel((x, y)))) > 60
    )
    assert diff < 0.01 * (w * h / 4)
    # the clip hides all but a 10 mm square of the green rectangle
    green = pdf.getpixel((int(55 / 25.4 * 100), int(33 / 25.4 * 100)))
    hidden = pdf.getpixel((int(65 / 25.4 * 100), int(43 / 25.4 * 100)))
    assert green[1] > 120 and green[0] < 60 and hidden == (255, 255, 255)


def test_text_metrics_and_wrap() -> None:
    assert 20 < text_width("Tic Tac Warfare", 12) < 40
    lines = wrap("one two three four five six seven", 10, 20)
    assert len(lines) > 1 and all(text_width(line, 10) <= 20 for line in lines)
