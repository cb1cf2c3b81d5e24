"""Flat SVG pictures are drawn by printkit's own painter exactly as svglib drew them; others still go to svglib."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image as PILImage
from PIL import ImageChops

import printkit.draw.flatsvg as flatsvg
from printkit.draw.flatsvg import flat_picture
from printkit.draw.images import svg_size
from printkit.draw.pdf import DrawingPage, pdf_bytes, vector_problem
from printkit.draw.png import pdf_to_png
from printkit.draw.shapes import Drawing, Image

ROOT = Path(__file__).resolve().parents[2]
HEAD = '<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="30mm" viewBox="0 0 80 60">'
FLAT = {
    "common deck back": (ROOT / "bench/common-deck/back.svg").read_bytes(),
    "scaffold coin": (ROOT / "printkit/datakit/scaffold/art/coin.svg").read_bytes(),
    "empty defs (as svgwrite writes)": (ROOT / "printkit/games/tokentactics/art/star.svg").read_bytes()
    .replace(b'fill="#FFFFFF"', b'fill="#000000"'),  # the markers' white star, drawn black to be seen
    "groups, lines, text": (HEAD + '<title>t</title><g fill="#3a6" stroke="black" stroke-width="1.5">'
                            '<rect x="4" y="4" width="30" height="20" rx="3"/><g transform="translate(50,15) scale(1.5) rotate(30)">'
                            '<rect x="-8" y="-5" width="16" height="10" fill="#c33" opacity="0.5"/></g></g>'
                            '<line x1="2" y1="58" x2="78" y2="30" stroke="#00f" stroke-width="2" stroke-dasharray="4 2"/>'
                            '<polyline points="5,50 20,35 35,50" fill="none" stroke="#000" stroke-width="1"/>'
                            '<polygon points="60,58 78,58 70,44" fill="white" stroke="#630"/>'
                            '<g font-size="7" font-family="Anything"><text x="40" y="40" text-anchor="middle" font-weight="bold">Mid</text>'
                            '<text x="78" y="10" text-anchor="end" fill="#A0A">End</text><text x="2" y="32">Start</text></g>'
                            '</svg>').encode(),
}
NOT_FLAT = {
    "path": HEAD + '<path d="M0 0 L10 10"/></svg>',
    "style attribute": HEAD + '<rect width="5" height="5" style="fill:red"/></svg>',
    "line join": (ROOT / "printkit/datakit/scaffold/art/star.svg").read_text(),
    "gradient": HEAD + '<defs><linearGradient id="g"/></defs><rect width="5" height="5" fill="url(#g)"/></svg>',
    "defs with text": HEAD + '<defs> x </defs><rect width="5" height="5"/></svg>',
    "named colour": HEAD + '<rect width="5" height="5" fill="red"/></svg>',
    "units": HEAD + '<rect width="5mm" height="5"/></svg>',
    "skewed transform": HEAD + '<g transform="skewX(10)"><rect width="5" height="5"/></g></svg>',
    "group opacity": HEAD + '<g opacity="0.5"><rect width="5" height="5"/></g></svg>',
    "tspan": HEAD + '<text x="1" y="5" font-size="4">a<tspan>b</tspan></text></svg>',
    "self-crossing star": HEAD + '<polygon points="40,2 52,58 8,22 72,22 28,58" fill="#000"/></svg>',
    "filled polyline": HEAD + '<polyline points="0,0 5,5 0,5"/></svg>',
    "a width svglib cannot read": HEAD.replace('width="40mm"', 'width="40lm"') + "</svg>",
    "negative rectangle": HEAD + '<rect width="-5" height="5"/></svg>',
    "stretched viewBox": '<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="40mm" viewBox="0 0 80 60"></svg>',
}


def _png(data: bytes) -> PILImage.Image:
    w, h = svg_size(data)
    page = Drawing(w, h, (Image(0.0, 0.0, w, h, data),))
    return PILImage.open(io.BytesIO(pdf_to_png(pdf_bytes([DrawingPage(page)], "t"), 200))).convert("RGB")


@pytest.mark.parametrize("name", sorted(FLAT))
def test_a_flat_picture_looks_as_svglib_drew_it(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    data = FLAT[name]
    assert flat_picture(data) is not None and vector_problem(data) is None
    ours = _png(data)
    monkeypatch.setattr(flatsvg, "flat_picture", lambda data: None)  # what svglib draws
    theirs = _png(data)
    assert ours.size == theirs.size
    diff = ImageChops.difference(ours.reduce(2), theirs.reduce(2)).convert("L")
    assert sum(diff.histogram()[60:]) / (diff.width * diff.height) < 0.004, name  # glyph edges at most
    assert ImageChops.difference(ours, PILImage.new("RGB", ours.size, "white")).getbbox() is not None


@pytest.mark.parametrize("name", sorted(NOT_FLAT))
def test_anything_else_goes_to_svglib(name: str) -> None:
    assert flat_picture(NOT_FLAT[name].encode()) is None
