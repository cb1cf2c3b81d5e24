"""CMYK through an ICC profile, 100 % K text, and PDF/X files that pass the requirement checks and ghostscript's round
trip (tests/export/pdfx_checks.py lists what is checked)."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageCms
from pypdf import PdfReader
from pypdf.generic import ContentStream

from printkit.draw.cmyk import SHIPPED, Inks, convert_rgb, gcr, read_profile, shipped_profile
from printkit.draw.press_model import B2A_POINTS, D50, FOGRA39, a2b_table, fit, read_ti3, xyz_to_lab
from printkit.export.cmyk import export_cmyk
from tests.datakit.helpers import run, write_kit
from tests.export.helpers import game_kit, scaffold_kit
from tests.export.pdfx_checks import pdfx_problems, vector_pages

GAMES = ["warfare", "ultimate", "sitters", "tictactwo", "tokentactics"]
GS = shutil.which("gs")
QPDF = shutil.which("qpdf")


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """Every built-in game's kit, the scaffold's and `printkit new --rules`' (made once for the module)."""
    root = tmp_path_factory.mktemp("pdfx")
    made = {game: game_kit(game) for game in GAMES}
    made["scaffold"] = scaffold_kit(root / "my-game")
    assert run("new", str(root / "rules-game"), "--rules").exit_code == 0
    made["scaffold --rules"] = scaffold_kit(root / "rules-game")
    return made


@pytest.fixture(scope="module")
def pdfx(kits: dict) -> dict:
    return {name: export_cmyk(kit, pdfx="1a") for name, kit in kits.items()}


def _lab(rgb_or_cmyk: list[tuple[float, ...]], profile_data: bytes | None) -> np.ndarray:
    """CIELAB (D50) of sRGB colours (``profile_data`` None) or of CMYK ones through ``profile_data``."""
    mode = "RGB" if profile_data is None else "CMYK"
    source = ImageCms.createProfile("sRGB") if profile_data is None else ImageCms.ImageCmsProfile(io.BytesIO(profile_data))
    transform = ImageCms.buildTransform(source, ImageCms.createProfile("LAB", 5000), mode, "LAB", renderingIntent=1)
    image = Image.frombytes(mode, (len(rgb_or_cmyk), 1), bytes(round(v * 255) for c in rgb_or_cmyk for v in c))
    out = ImageCms.applyTransform(image, transform)
    return np.array([(p[0] * 100 / 255, p[1] - 128, p[2] - 128) for p in (out.getpixel((i, 0)) for i in range(len(rgb_or_cmyk)))])


def test_near_black_is_100_k_and_greys_use_the_black_plate_alone() -> None:
    profile = shipped_profile()
    for inks in (Inks(), Inks(profile=profile)):
        ink = inks.convert("#1A1A1A")
        assert (ink.cyan, ink.magenta, ink.yellow, ink.black) == (0, 0, 0, 1)  # the default ink: not K89.8
        assert (lambda c: (c.cyan, c.magenta, c.yellow, c.black))(inks.convert("#262626")) == (0, 0, 0, 1)
        grey = inks.convert("#6B6B6B")
        assert (grey.cyan, grey.magenta, grey.yellow) == (0, 0, 0) and 0.4 < grey.black < 0.9
        large = inks.area("#000000", 50 * 50)
        assert (large.cyan, large.magenta, large.yellow, large.black) == (0.6, 0.4, 0.4, 1.0)  # rich black, 240 %
    assert convert_rgb(0.1, 0.1, 0.1, profile) == (0, 0, 0, 1)
    assert convert_rgb(0.18, 0.18, 0.18, profile)[3] < 1  # L* 19: a dark grey, not black
    for rgb in [(0.0, 0.0, 0.1), (0.05, 0.0, 0.0), (0.2, 0.1, 0.0), (1.0, 0.0, 0.5), (0.0, 0.62, 0.45)]:
        assert sum(convert_rgb(*rgb, profile)) <= 3.0 + 1e-9


def test_the_shipped_profile_is_fitted_to_fogra39_and_inverts_it() -> None:
    """The shipped profile's A2B0 is the model fitted to Fogra's FOGRA39L data (Debian's icc-profiles-free, installed by
    scripts/test), within dE76 3 of the 1,617 measured patches on the median (6 at the 95th percentile); its B2A0
    brings in-gamut colours back within 1.5 on the median."""
    assert FOGRA39.exists(), "FOGRA39L.ti3 is missing: scripts/test installs Debian's icc-profiles-free package"
    data = SHIPPED.read_bytes()
    profile = read_profile(data, "shipped")
    assert profile.name.startswith("printkit FOGRA39")
    measured_cmyk, measured_xyz = read_ti3(FOGRA39)
    model = fit(measured_cmyk, measured_xyz)
    assert a2b_table(model) in data  # A2B0: the model, node for node
    through = _lab([tuple(c) for c in measured_cmyk], data)  # littleCMS interpolating the profile's table
    measured = xyz_to_lab(measured_xyz / model.paper * D50)
    off = np.linalg.norm(through - measured, axis=1)
    assert np.median(off) < 3.0 and np.percentile(off, 95) < 6.0, (np.median(off), np.percentile(off, 95))
    assert B2A_POINTS == 25
    rng = np.random.default_rng(7)
    cmyk = rng.uniform(0, 1, (300, 4)) * [1, 1, 1, 0.7]
    cmyk = cmyk[cmyk.sum(axis=1) <= 2.8]
    lab = model.relative_lab(cmyk)
    to_cmyk = ImageCms.buildTransform(ImageCms.createProfile("LAB", 5000), ImageCms.ImageCmsProfile(io.BytesIO(data)),
                                      "LAB", "CMYK", renderingIntent=1)
    encoded = bytes(v for L, a, b in lab for v in (round(L * 255 / 100), round(a) % 256, round(b) % 256))  # a, b: signed bytes
    back = ImageCms.applyTransform(Image.frombytes("LAB", (len(lab), 1), encoded), to_cmyk)
    again = _lab([tuple(v / 255 for v in back.getpixel((i, 0))) for i in range(len(lab))], data)
    difference = np.linalg.norm(again - lab, axis=1)
    assert np.median(difference) < 1.5 and np.percentile(difference, 95) < 3.0, (np.median(difference), difference.max())
    bad = run("export", "--kit", "x", "--to", "cmyk", "--profile", str(SHIPPED))  # a kit that is not there: profile fine
    assert "--profile" not in bad.output


def test_colour_managed_conversion_keeps_the_kits_colours(kits: dict) -> None:
    """Through the profile the chromatic colours of the built-in kits move dE 1 on the median (the formula: 10), and the
    Okabe-Ito blue and bluish green stay 60 apart (the formula: 25)."""
    colours = sorted({key for name in GAMES for key in _used(kits[name])} - {"#FFFFFF"})
    rgb = [tuple(int(c[i:i + 2], 16) / 255 for i in (1, 3, 5)) for c in colours]
    original = _lab(rgb, None)
    data = shipped_profile().data
    managed = _lab([convert_rgb(*c, shipped_profile()) for c in rgb], data)
    formula = _lab([gcr(*c) for c in rgb], data)
    chromatic = [i for i, c in enumerate(rgb) if max(c) - min(c) > 0.05]
    shift = np.linalg.norm(managed - original, axis=1)[chromatic]
    assert len(chromatic) >= 20 and np.median(shift) < 2.0 and np.percentile(shift, 90) < 6.0
    assert np.median(np.linalg.norm(formula - original, axis=1)[chromatic]) > 8.0  # what README.txt warns of
    blue, green = colours.index("#0072B2"), colours.index("#009E73")
    assert np.linalg.norm(managed[blue] - managed[green]) > 60 > 30 > np.linalg.norm(formula[blue] - formula[green])


def _used(kit) -> set[str]:
    """The RGB colours a kit's CMYK export converted (its inks.txt)."""
    return {line.split()[0] for line in export_cmyk(kit).files["inks.txt"].decode().splitlines()[1:]}


def _text_fills(pdf: bytes) -> list[tuple[float, ...]]:
    """The fill colour (CMYK) each text-showing operator draws with, in every page and form. Near black (L* 16 and
    darker) must be C0 M0 Y0 K100: no text in an almost-full K (screened, ragged) or a dark mix of four inks; dark
    greys a designer chose (#333333: K 87 %) stay greys."""
    reader = PdfReader(io.BytesIO(pdf))
    fills: list[tuple[float, ...]] = []

    def walk(content, resources) -> None:
        stack, fill = [], (0.0, 0.0, 0.0, 1.0)
        for operands, op in ContentStream(content, reader).operations:
            if op == b"q":
                stack.append(fill)
            elif op == b"Q":
                fill = stack.pop()
            elif op == b"k":
                fill = tuple(float(v) for v in operands)
            elif op in (b"Tj", b"TJ"):
                fills.append(fill)
            elif op == b"Do":
                obj = resources["/XObject"][operands[0]].get_object()
                if obj.get("/Subtype") == "/Form":
                    walk(obj, obj.get("/Resources", {}))

    for page in reader.pages:
        walk(page.get_contents(), page["/Resources"])
    return fills


@pytest.mark.parametrize("name", [*GAMES, "scaffold", "scaffold --rules"])
def test_text_is_100_k_and_the_files_are_pdfx_1a(pdfx: dict, name: str, tmp_path: Path) -> None:
    made = pdfx[name]
    for document in ("kit.pdf", "rules.pdf"):
        if document not in made.files:
            continue
        pdf = made.files[document]
        assert pdfx_problems(pdf, "PDF/X-1a:2003") == []
        assert QPDF is not None, "qpdf is missing: scripts/test installs Debian's qpdf package"
        (tmp_path / document).write_bytes(pdf)
        checked = subprocess.run([QPDF, "--check", str(tmp_path / document)], capture_output=True, timeout=60)
        assert checked.returncode == 0 and b"No syntax or stream encoding errors" in checked.stdout, checked.stdout[-300:]
        fills = _text_fills(pdf)
        solid = [f for f in fills if f == (0, 0, 0, 1)]
        screened = [f for f in fills if (f[3] >= 0.95 or sum(f) > 1.5 and f[3] > 0.5) and f != (0, 0, 0, 1)]
        assert len(solid) >= len(fills) / 2 and screened == [], (document, len(solid), len(fills), screened[:3])
    intent = PdfReader(io.BytesIO(made.files["kit.pdf"])).trailer["/Root"]["/OutputIntents"][0].get_object()
    assert intent["/DestOutputProfile"].get_object().get_data() == SHIPPED.read_bytes()
    assert b"Standard: PDF/X-1a:2003" in made.files["README.txt"]


def test_pdfx_4_keeps_transparency_with_the_profile(kits: dict) -> None:
    made = export_cmyk(kits["tictactwo"], pdfx="4")  # its translucent highlights
    assert pdfx_problems(made.files["kit.pdf"], "PDF/X-4") == []
    assert b"/ca 0.25" in made.files["kit.pdf"] or b"/ca .25" in made.files["kit.pdf"]
    flat = export_cmyk(kits["tictactwo"], pdfx="1a")
    assert pdfx_problems(flat.files["kit.pdf"], "PDF/X-1a:2003") == []  # no transparency left: mixed over the paper
    assert b"at 25%" in flat.files["README.txt"]
    assert export_cmyk(kits["tictactwo"], pdfx="4").files == made.files  # byte-identical


@pytest.mark.parametrize("name", ["warfare", "sitters", "tictactwo", "scaffold"])
def test_ghostscript_pdfx_round_trip_keeps_the_intent_and_the_vectors(pdfx: dict, name: str, tmp_path: Path) -> None:
    """Ghostscript's own PDF/X conversion (-dPDFX, pdfwrite) of the file keeps the output intent, every page, the text
    and the paths: no page is turned into a picture (it rasterizes pages with transparency)."""
    assert GS is not None, "ghostscript's gs is missing: scripts/test installs Debian's ghostscript package"
    source = tmp_path / "kit.pdf"
    source.write_bytes(pdfx[name].files["kit.pdf"])
    definition = (Path(GS).resolve().parents[1] / "share/ghostscript").glob("*/lib/PDFX_def.ps")
    template = next(iter(definition)).read_text(encoding="latin-1")
    (tmp_path / "pdfx_def.ps").write_text(template.replace("(ISO Coated sb.icc)", f"({SHIPPED})")
                                          .replace("(CGATS TR001)", "(FOGRA39)"), encoding="latin-1")
    out = tmp_path / "gs.pdf"
    done = subprocess.run([GS, "-q", "-dPDFX", "-dBATCH", "-dNOPAUSE", "-dNOSAFER", "-sDEVICE=pdfwrite",
                           "-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK", f"-sOutputICCProfile={SHIPPED}",
                           f"-sOutputFile={out}", str(tmp_path / "pdfx_def.ps"), str(source)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    after = out.read_bytes()
    root = PdfReader(io.BytesIO(after)).trailer["/Root"]
    intents = [i.get_object() for i in root["/OutputIntents"]]
    assert [i["/S"] for i in intents] == ["/GTS_PDFX"] and intents[0]["/OutputConditionIdentifier"] == "FOGRA39"
    before_pages, after_pages = vector_pages(source.read_bytes()), vector_pages(after)
    assert len(before_pages) == len(after_pages)
    for (text, paths, _), (text2, paths2, largest) in zip(before_pages, after_pages):
        assert (text2 > 0) == (text > 0) and (paths2 > 0) == (paths > 0)
        assert largest < 2_000_000, "a page turned into one picture"
    problems = pdfx_problems(after, "PDF/X-3:2002")  # ghostscript writes X-3: every other requirement still holds
    assert problems == []


def test_a_profile_of_the_shop_is_used_and_embedded(tmp_path: Path) -> None:
    folder = write_kit(tmp_path / "kit")
    shop = tmp_path / "shop.icc"
    shop.write_bytes(SHIPPED.read_bytes())
    out = str(tmp_path / "out")
    done = run("export", "--kit", str(folder), "--to", "cmyk", "--pdfx", "--profile", str(shop), "--out", out)
    assert done.exit_code == 0, done.output
    target = tmp_path / "out/t/export/cmyk"
    assert pdfx_problems((target / "kit.pdf").read_bytes(), "PDF/X-1a:2003") == []
    assert f"your profile {shop}" in (target / "README.txt").read_text()
    (tmp_path / "rgb.icc").write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    (tmp_path / "junk.icc").write_bytes(b"not a profile")
    for name, message in (("rgb.icc", "an ICC profile for RGB, not CMYK"), ("junk.icc", "not an ICC profile"),
                          ("missing.icc", "no such file")):
        bad = run("export", "--kit", str(folder), "--to", "pdfx", "--profile", str(tmp_path / name), "--out", out)
        assert bad.exit_code == 1 and bad.output.startswith("error: --profile: ") and message in bad.output, bad.output
    other = run("export", "--kit", str(folder), "--to", "pdfx", "--intent", "CGATS TR 001", "--pdfx-version", "4", "--out", out)
    assert other.exit_code == 1 and "PDF/X-4 embeds the output profile" in other.output
    formula = run("export", "--kit", str(folder), "--to", "pdfx", "--intent", "CGATS TR 001", "--out", out)
    assert formula.exit_code == 0 and "by formula" in (tmp_path / "out/t/export/pdfx/README.txt").read_text()
    wrong = run("export", "--kit", str(folder), "--to", "tts", "--profile", str(shop), "--out", out)
    assert wrong.exit_code == 1 and wrong.output.startswith("error: --profile: only for --to cmyk or pdfx")
