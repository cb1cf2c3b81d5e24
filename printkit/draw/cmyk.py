"""RGB colours as print-shop CMYK: colour-managed through a CMYK ICC profile (littleCMS, through Pillow's ImageCms),
near-black as 100 % K, neutral greys as K alone, total ink at most 300 %, rich black for large areas.

One :class:`Inks` converts every colour of a PDF (reportlab's canvas calls it for each colour set, see
``enforceColorSpace`` in :func:`printkit.draw.pdf.pdf_bytes`) and remembers what each became, for the report.

- Near black (neutral, CIE L* at most :data:`NEAR_BLACK_L`: ``#272727`` and darker, the default ink ``#1A1A1A``
  among them) prints as C0 M0 Y0 K100: text and lines stay sharp on one plate, however the plates shift, and no
  RIP screens them grey.
- Other neutral greys print on the black plate alone, at the tone that matches their lightness.
- Every other colour goes through the profile (sRGB to the profile's CMYK, relative colorimetric with black point
  compensation): the shipped model of FOGRA39 (:mod:`printkit.draw.press_model`) or the designer's ``--profile``.
  Without a profile (another ``--intent`` and no ``--profile``) a formula stands in (:func:`gcr`), which shifts
  colours noticeably: docs/howto/print-shops.md states by how much.
- Filled shapes of at least :data:`RICH_BLACK_MM2` that are near black print as rich black C60 M40 Y40 K100.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from io import BytesIO
from pathlib import Path
from typing import Any, Callable

from reportlab.lib.colors import CMYKColor, Color, toColor

MAX_INK = 3.0
"""Total area coverage limit (300%) most print shops ask for."""
RICH_BLACK = (0.6, 0.4, 0.4, 1.0)
RICH_BLACK_MM2 = 400.0
"""Filled shapes of at least this area (2 x 2 cm) that are near black print as rich black."""
NEUTRAL = 3 / 255
NEAR_BLACK_L = 16.0
"""Neutral colours this dark (CIE L*, D50) or darker print as 100 % K: as dark as solid black prints (L* 16 in
ISO 12647-2), so nothing is lost by printing them on the black plate alone."""
PROFILES = Path(__file__).parent / "profiles"
SHIPPED = PROFILES / "printkit-fogra39.icc"
"""The CMYK profile printkit ships: FOGRA39 fitted to its public characterization data (see press_model)."""


def lightness(r: float, g: float, b: float) -> float:
    """CIE L* of an sRGB colour (0-1 channels)."""
    def linear(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    y = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    return 116 * y ** (1 / 3) - 16 if y > (6 / 29) ** 3 else y * (29 / 3) ** 3


def near_black(r: float, g: float, b: float) -> bool:
    """Neutral and no lighter than :data:`NEAR_BLACK_L`: printed as 100 % K."""
    return max(r, g, b) - min(r, g, b) <= NEUTRAL and lightness(r, g, b) <= NEAR_BLACK_L


class ProfileError(ValueError):
    """A file that is not a CMYK output ICC profile."""


@dataclass(frozen=True)
class Profile:
    """A CMYK ICC profile: its bytes (embedded as the output intent) and name."""

    data: bytes
    name: str

    @property
    def sha(self) -> str:
        return hashlib.sha1(self.data).hexdigest()[:12]


def shipped_profile() -> Profile:
    """The profile printkit ships (FOGRA39, fitted to Fogra's FOGRA39L characterization data)."""
    return read_profile(SHIPPED.read_bytes(), SHIPPED.name)


def read_profile(data: bytes, source: str) -> Profile:
    """``data`` as a profile, or :class:`ProfileError` naming ``source`` when it is not a CMYK output profile."""
    from PIL import ImageCms

    if len(data) < 132 or data[36:40] != b"acsp":
        raise ProfileError(f"{source}: not an ICC profile")
    if data[16:20] != b"CMYK":
        raise ProfileError(f"{source}: an ICC profile for {data[16:20].decode('latin-1').strip() or '?'}, not CMYK")
    if data[12:16] != b"prtr":
        raise ProfileError(f"{source}: a CMYK ICC profile of class {data[12:16].decode('latin-1')!r}, not an output "
                           "(printer) profile")
    try:
        opened = ImageCms.ImageCmsProfile(BytesIO(data))
        name = ImageCms.getProfileDescription(opened).strip() or source
    except (OSError, ImageCms.PyCMSError) as exc:
        raise ProfileError(f"{source}: littleCMS cannot read it ({exc})") from None
    return Profile(data, name)


@lru_cache(maxsize=8)
def _transforms(profile: Profile) -> tuple[Any, list[float]]:
    """sRGB -> the profile's CMYK (relative colorimetric, black point compensation), and the lightness (L*) of K
    alone at each of 256 steps (for greys on the black plate)."""
    from PIL import Image, ImageCms

    cmyk = ImageCms.ImageCmsProfile(BytesIO(profile.data))
    srgb = ImageCms.createProfile("sRGB")
    to_cmyk = ImageCms.buildTransform(srgb, cmyk, "RGB", "CMYK", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                      flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    to_lab = ImageCms.buildTransform(cmyk, ImageCms.createProfile("LAB", 5000), "CMYK", "LAB",
                                     renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    ramp = Image.frombytes("CMYK", (256, 1), bytes(b for k in range(256) for b in (0, 0, 0, k)))
    lab = ImageCms.applyTransform(ramp, to_lab)
    return to_cmyk, [lab.getpixel((k, 0))[0] * 100 / 255 for k in range(256)]


def k_for(profile: Profile | None, r: float, g: float, b: float) -> float:
    """The black-plate tone of a neutral grey: through the profile, the K whose lightness matches; else 1 - mean."""
    if profile is None:
        return round(1 - (r + g + b) / 3, 4)
    target = lightness(r, g, b)
    curve = _transforms(profile)[1]
    for k in range(1, 256):
        if curve[k] <= target:
            lo, hi = curve[k - 1], curve[k]
            share = (lo - target) / (lo - hi) if lo != hi else 1.0
            return round((k - 1 + share) / 255, 4)
    return 1.0


def managed(profile: Profile, r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """An sRGB colour through the profile."""
    from PIL import Image, ImageCms

    pixel = Image.new("RGB", (1, 1), (round(r * 255), round(g * 255), round(b * 255)))
    values = ImageCms.applyTransform(pixel, _transforms(profile)[0]).getpixel((0, 0))
    return _limited([v / 255 for v in values])


def _limited(values: list[float]) -> tuple[float, float, float, float]:
    """CMYK rounded, with C+M+Y scaled down where the total would pass :data:`MAX_INK`."""
    c, m, y, k = values
    if c + m + y + k > MAX_INK:
        scale = (MAX_INK - k) / (c + m + y)
        c, m, y = c * scale, m * scale, y * scale
    return tuple(round(v, 4) for v in (c, m, y, k))  # type: ignore[return-value]


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


def convert_rgb(r: float, g: float, b: float, profile: Profile | None) -> tuple[float, float, float, float]:
    """An sRGB colour (0-1) as CMYK: near black as K100, neutral greys on K alone, the rest through ``profile`` (or,
    without one, :func:`gcr`)."""
    if near_black(r, g, b):
        return (0.0, 0.0, 0.0, 1.0)
    if max(r, g, b) - min(r, g, b) <= NEUTRAL:
        return (0.0, 0.0, 0.0, k_for(profile, r, g, b))
    return managed(profile, r, g, b) if profile is not None else gcr(r, g, b)


@dataclass(frozen=True)
class OutputIntent:
    """The printing condition a CMYK PDF is made for, by its name in the ICC characterization registry."""

    identifier: str
    """``OutputConditionIdentifier``: ``FOGRA39``, ``CGATS TR 001`` ..."""
    condition: str
    """``OutputCondition``: the condition in words."""
    registry: str = "http://www.color.org"

    def write(self, canvas: Any, profile: Profile | None = None) -> None:
        """Put ``/OutputIntents`` (``/S /GTS_PDFX``) into the catalog of a reportlab canvas, with ``profile`` embedded
        as its ``DestOutputProfile`` when given."""
        from reportlab.pdfbase.pdfdoc import PDFArray, PDFCatalog, PDFDictionary, PDFName, PDFStream, PDFString, PDFZCompress

        entries = {
            "Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
            "OutputConditionIdentifier": PDFString(self.identifier), "OutputCondition": PDFString(self.condition),
            "RegistryName": PDFString(self.registry), "Info": PDFString(self.condition)}
        if profile is not None:
            stream = PDFStream(PDFDictionary({"N": 4}), profile.data, filters=[PDFZCompress])
            entries["DestOutputProfile"] = canvas._doc.Reference(stream)
        catalog = canvas._doc.Catalog
        catalog.OutputIntents = PDFArray([PDFDictionary(entries)])
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
    profile: Profile | None = None
    """The CMYK profile colours go through (None: the formula), embedded with the output intent."""
    flatten: bool = False
    """No transparency (PDF/X-1a): a translucent colour becomes the opaque mix it makes over the paper."""
    flattened: set[str] = field(default_factory=set)
    pdfx: Callable[[Any], None] | None = None
    """Marks the canvas as PDF/X (version, info, metadata) before its pages are written."""

    def over_paper(self, hex_colour: str, opacity: float) -> str:
        """``hex_colour`` at ``opacity`` as the opaque colour it makes over white paper (recorded for the report)."""
        rgb = [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]
        self.flattened.add(f"{hex_colour.upper()} at {opacity * 100:g}%")
        return "#%02X%02X%02X" % tuple(round(opacity * v + (1 - opacity) * 255) for v in rgb)

    def convert(self, colour: Any) -> Any:
        """Any reportlab colour as a CMYKColor (reportlab calls this for every fill and stroke colour)."""
        tc = toColor(colour)
        if isinstance(tc, CMYKColor):
            return tc
        if not isinstance(tc, Color):
            return tc
        r, g, b = tc.red, tc.green, tc.blue
        alpha = tc.alpha
        if self.flatten and alpha is not None and alpha < 1:
            self.flattened.add("#%02X%02X%02X at %g%%" % (round(r * 255), round(g * 255), round(b * 255), round(alpha * 100, 1)))
            r, g, b = (alpha * v + 1 - alpha for v in (r, g, b))
            alpha = 1
        key = "#%02X%02X%02X" % (round(r * 255), round(g * 255), round(b * 255))
        cmyk = self.used.get(key)
        if cmyk is None:
            cmyk = self.used[key] = convert_rgb(r, g, b, self.profile)
        return CMYKColor(*cmyk, alpha=alpha)

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


def cmyk_image(data: bytes, profile: Profile | None = None, flatten: bool = False) -> tuple[Any, Any]:
    """A PNG as a Pillow CMYK image (converted like the vector colours: through ``profile``, neutral pixels on the
    black plate) and its alpha (or None; ``flatten``: composited over white paper instead)."""
    import numpy as np
    from PIL import Image, ImageCms

    image = Image.open(BytesIO(data))
    image.load()
    has_alpha = image.mode in ("RGBA", "LA") or (image.mode == "P" and "transparency" in image.info)
    alpha = image.convert("RGBA").getchannel("A") if has_alpha else None
    rgb_image = image.convert("RGB")
    if alpha is not None and flatten:
        white = Image.new("RGB", image.size, (255, 255, 255))
        rgb_image = Image.composite(rgb_image, white, alpha)
        alpha = None
    rgb = np.asarray(rgb_image, dtype=np.float64) / 255.0
    neutral = (rgb.max(axis=2) - rgb.min(axis=2)) <= NEUTRAL
    if profile is not None:
        planes = np.asarray(ImageCms.applyTransform(rgb_image, _transforms(profile)[0]), dtype=np.float64) / 255.0
        grey = np.round(rgb.mean(axis=2) * 255).astype(int)
        ramp = np.array([k_for(profile, v / 255, v / 255, v / 255) for v in range(256)])
        planes[neutral] = 0.0
        planes[..., 3] = np.where(neutral, ramp[grey], planes[..., 3])
    else:
        k = 1.0 - rgb.max(axis=2)
        denominator = np.where(k < 1.0, 1.0 - k, 1.0)
        cmy = (1.0 - rgb - k[..., None]) / denominator[..., None]
        cmy[neutral] = 0.0
        k = np.where(neutral, 1.0 - rgb.mean(axis=2), k)
        planes = np.concatenate([cmy, k[..., None]], axis=2)
    total = planes.sum(axis=2)
    over = total > MAX_INK
    scale = np.where(over, (MAX_INK - planes[..., 3]) / np.maximum(planes[..., :3].sum(axis=2), 1e-9), 1.0)
    planes[..., :3] *= scale[..., None]
    return Image.fromarray(np.clip(np.round(planes * 255), 0, 255).astype(np.uint8), "CMYK"), alpha
