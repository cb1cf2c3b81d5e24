"""RGB colours as print-shop CMYK: grey-component replacement, total ink at most 300%, rich black for areas.

One :class:`Inks` converts every colour of a PDF (reportlab's canvas calls it for each colour set, see
``enforceColorSpace`` in :func:`printkit.draw.pdf.pdf_bytes`) and remembers what each became, for the report.
Neutral greys and black become pure K (text stays sharp even if the plates shift); large near-black
areas get a rich black (C60 M40 Y40 K100) so they print deep rather than grey.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import CMYKColor, Color, toColor

MAX_INK = 3.0
"""Total area coverage limit (300%) most print shops ask for."""
RICH_BLACK = (0.6, 0.4, 0.4, 1.0)
RICH_BLACK_MM2 = 400.0
"""Filled shapes of at least this area (2 x 2 cm) that are near black print as rich black."""
NEUTRAL = 3 / 255


def gcr(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """RGB (0-1) as CMYK with full grey-component replacement: greys are K only; C+M+Y+K never over 300%."""
    if max(r, g, b) - min(r, g, b) <= NEUTRAL:
        return (0.0, 0.0, 0.0, round(1 - (r + g + b) / 3, 4))
    k = 1 - max(r, g, b)
    c, m, y = ((1 - v - k) / (1 - k) for v in (r, g, b))
    values = [c, m, y, k]
    total = sum(values)
    if total > MAX_INK:
        scale = (MAX_INK - k) / (c + m + y)
        values = [c * scale, m * scale, y * scale, k]
    return tuple(round(v, 4) for v in values)  # type: ignore[return-value]


def is_dark_neutral(cmyk: tuple[float, float, float, float]) -> bool:
    return cmyk[0] == cmyk[1] == cmyk[2] == 0 and cmyk[3] >= 0.85


@dataclass(frozen=True)
class OutputIntent:
    """The printing condition a CMYK PDF is made for, by its name in the ICC characterization registry."""

    identifier: str
    """``OutputConditionIdentifier``: ``FOGRA39``, ``CGATS TR 001`` ..."""
    condition: str
    """``OutputCondition``: the condition in words."""
    registry: str = "http://www.color.org"

    def write(self, canvas: Any) -> None:
        """Put ``/OutputIntents`` (``/S /GTS_PDFX``, no embedded profile) into the catalog of a reportlab canvas."""
        from reportlab.pdfbase.pdfdoc import PDFArray, PDFCatalog, PDFDictionary, PDFName, PDFString

        catalog = canvas._doc.Catalog
        catalog.OutputIntents = PDFArray([PDFDictionary({
            "Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
            "OutputConditionIdentifier": PDFString(self.identifier), "OutputCondition": PDFString(self.condition),
            "RegistryName": PDFString(self.registry), "Info": PDFString(self.condition)})])
        catalog.__NoDefault__ = [*PDFCatalog.__NoDefault__, "OutputIntents"]


INTENTS: dict[str, OutputIntent] = {intent.identifier: intent for intent in (
    OutputIntent("FOGRA39", "Coated FOGRA39 (ISO 12647-2:2004): offset, coated paper, Europe"),
    OutputIntent("FOGRA51", "PSO Coated v3 (ISO 12647-2:2013): offset, premium coated paper, Europe"),
    OutputIntent("CGATS TR 001", "SWOP (CGATS TR 001): web offset publication printing, USA"),
    OutputIntent("CGATS TR 006", "GRACoL (CGATS TR 006): sheet-fed offset, coated paper, USA"),
)}
"""Printing conditions of the ICC registry a CMYK export can name (``--intent``)."""
DEFAULT_INTENT = "FOGRA39"


@dataclass
class Inks:
    """The converter of one PDF and what it converted: ``"#rrggbb"`` -> (C, M, Y, K) as 0-1."""

    used: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)
    rich: set[str] = field(default_factory=set)
    intent: OutputIntent | None = None
    """The printing condition written into the PDF as its output intent."""

    def convert(self, colour: Any) -> Any:
        """Any reportlab colour as a CMYKColor (reportlab calls this for every fill and stroke colour)."""
        tc = toColor(colour)
        if isinstance(tc, CMYKColor):
            return tc
        if not isinstance(tc, Color):
            return tc
        r, g, b = tc.red, tc.green, tc.blue
        key = "#%02X%02X%02X" % (round(r * 255), round(g * 255), round(b * 255))
        cmyk = gcr(r, g, b)
        self.used[key] = cmyk
        return CMYKColor(*cmyk, alpha=tc.alpha)

    def area(self, hex_colour: str, area_mm2: float) -> Any:
        """A fill colour for a shape of ``area_mm2``: rich black when large and near black, else :meth:`convert`."""
        tc = self.convert(hex_colour)
        cmyk = (tc.cyan, tc.magenta, tc.yellow, tc.black)
        if area_mm2 >= RICH_BLACK_MM2 and is_dark_neutral(cmyk):
            self.rich.add(hex_colour.upper())
            return CMYKColor(*RICH_BLACK, alpha=tc.alpha)
        return tc

    def report(self) -> list[str]:
        """One line per colour: the RGB colour, its CMYK and total ink (all at most 300%)."""
        lines = []
        for key, (c, m, y, k) in sorted(self.used.items()):
            line = f"{key}  C{c * 100:5.1f} M{m * 100:5.1f} Y{y * 100:5.1f} K{k * 100:5.1f}  total {(c + m + y + k) * 100:5.1f}%"
            if key in self.rich:
                rc, rm, ry, rk = RICH_BLACK
                line += f"; large areas: rich black C{rc * 100:g} M{rm * 100:g} Y{ry * 100:g} K{rk * 100:g} (total {(rc + rm + ry + rk) * 100:g}%)"
            lines.append(line)
        return lines


def cmyk_image(data: bytes) -> tuple[Any, Any]:
    """A PNG as a Pillow CMYK image (converted like the vector colours) and its alpha (or None)."""
    from io import BytesIO

    import numpy as np
    from PIL import Image

    image = Image.open(BytesIO(data))
    image.load()
    has_alpha = image.mode in ("RGBA", "LA") or (image.mode == "P" and "transparency" in image.info)
    alpha = image.convert("RGBA").getchannel("A") if has_alpha else None
    rgb = np.asarray(image.convert("RGB"), dtype=np.float64) / 255.0
    k = 1.0 - rgb.max(axis=2)
    denominator = np.where(k < 1.0, 1.0 - k, 1.0)
    cmy = (1.0 - rgb - k[..., None]) / denominator[..., None]
    neutral = (rgb.max(axis=2) - rgb.min(axis=2)) <= NEUTRAL
    cmy[neutral] = 0.0
    k = np.where(neutral, 1.0 - rgb.mean(axis=2), k)
    total = cmy.sum(axis=2) + k
    over = total > MAX_INK
    scale = np.where(over, (MAX_INK - k) / np.maximum(cmy.sum(axis=2), 1e-9), 1.0)
    cmy = cmy * scale[..., None]
    planes = np.concatenate([cmy, k[..., None]], axis=2)
    return Image.fromarray(np.clip(np.round(planes * 255), 0, 255).astype(np.uint8), "CMYK"), alpha
