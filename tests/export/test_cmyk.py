"""CMYK export: no RGB colour operator or RGB image left, same page boxes as the RGB kit, ink at most 300%."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from printkit.build import make_data_kit
from printkit.draw.cmyk import RICH_BLACK, Inks, gcr
from printkit.export.cmyk import export_cmyk
from printkit.kit.render import render_files
from tests.datakit.helpers import CARD, run, write_kit
from tests.export.helpers import game_kit, scaffold_kit

RGB_OPERATORS = {b"rg", b"RG", b"g", b"G", b"sc", b"SC", b"scn", b"SCN", b"cs", b"CS"}


def _png(colour: tuple[int, int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGBA", (8, 8), colour).save(out, format="PNG")
    return out.getvalue()


def _xobjects(resources) -> list:
    """Every XObject of the resources, and those of the forms among them (pictures are forms holding paths or images)."""
    found = []
    for ref in resources.get("/XObject", {}).values():
        obj = ref.get_object()
        found.append(obj)
        if obj.get("/Subtype") == "/Form":
            found += _xobjects(obj.get("/Resources", {}))
    return found


def assert_all_cmyk(pdf: bytes) -> None:
    reader = PdfReader(io.BytesIO(pdf))
    for page in reader.pages:
        ops = {op for _, op in ContentStream(page.get_contents(), reader).operations}
        assert not ops & RGB_OPERATORS, f"colour operators other than k/K: {ops & RGB_OPERATORS}"
        assert b"k" in ops
        for obj in _xobjects(page["/Resources"]):
            if obj.get("/Subtype") == "/Form":
                form_ops = {op for _, op in ContentStream(obj, reader).operations}
                assert not form_ops & RGB_OPERATORS, f"colour operators other than k/K in a picture: {form_ops & RGB_OPERATORS}"
            if obj.get("/Subtype") == "/Image":
                assert obj["/ColorSpace"] == "/DeviceCMYK"
                if "/SMask" in obj:
                    assert obj["/SMask"].get_object()["/ColorSpace"] == "/DeviceGray"


def test_conversion_limits() -> None:
    assert gcr(0, 0, 0) == (0, 0, 0, 1.0)  # black text: pure K
    assert gcr(0.5, 0.5, 0.5) == (0, 0, 0, 0.5)
    for rgb in [(0.0, 0.0, 0.1), (0.05, 0.0, 0.0), (0.2, 0.1, 0.0), (1.0, 0.0, 0.5)]:
        assert sum(gcr(*rgb)) <= 3.0 + 1e-9
    inks = Inks()
    large = inks.area("#000000", 50 * 50)
    assert (large.cyan, large.magenta, large.yellow, large.black) == RICH_BLACK
    small = inks.area("#000000", 3 * 3)
    assert (small.cyan, small.magenta, small.yellow, small.black) == (0, 0, 0, 1)
    assert any("rich black" in line for line in inks.report())


@pytest.mark.parametrize("game", ["warfare", "sitters"])
def test_game_pdfs_are_cmyk_with_the_rgb_boxes(game: str) -> None:
    kit = game_kit(game)
    made = export_cmyk(kit)
    rgb = PdfReader(io.BytesIO(render_files(kit)["kit.pdf"]))
    cmyk = PdfReader(io.BytesIO(made.files["kit.pdf"]))
    assert len(cmyk.pages) == len(rgb.pages)
    for a, b in zip(rgb.pages, cmyk.pages):
        assert list(a.trimbox) == list(b.trimbox) and list(a.bleedbox) == list(b.bleedbox) and list(a.mediabox) == list(b.mediabox)
    for name in ("kit.pdf", "rules.pdf"):
        assert_all_cmyk(made.files[name])
    totals = [float(t) for t in re.findall(r"total +([0-9.]+)%", made.files["inks.txt"].decode())]
    assert totals and max(totals) <= 300.0
    assert made.files == export_cmyk(kit).files


def test_data_kit_pictures_are_converted(tmp_path: Path) -> None:
    kit_text = CARD + '\n[layouts.front.pic]\ntype = "image"\nsrc = "art/dot.png"\nx = 20\ny = 30\nw = 20\nh = 20\n'
    folder = write_kit(tmp_path / "kit", kit_text, {"cards.csv": "title,colour\nAlpha,#AA3300\n",
                                                     "art/dot.png": _png((0, 114, 178, 200))})
    made = export_cmyk(make_data_kit(str(folder)))
    assert_all_cmyk(made.files["kit.pdf"])
    assert "rules.pdf" not in made.files and "kit.pdf: the kit's pages" in made.files["README.txt"].decode()
    reader = PdfReader(io.BytesIO(made.files["kit.pdf"]))
    images = [x for p in reader.pages for x in _xobjects(p["/Resources"]) if x.get("/Subtype") == "/Image"]
    assert images and all(i["/ColorSpace"] == "/DeviceCMYK" for i in images)


def test_scaffold_svg_pictures_are_cmyk(tmp_path: Path) -> None:
    made = export_cmyk(scaffold_kit(tmp_path / "my-game"))  # its icons are SVG, drawn by svglib
    assert_all_cmyk(made.files["kit.pdf"])
    assert "#2E7D32" in made.files["inks.txt"].decode()  # a card colour from cards.csv, reported


def test_the_pdfs_carry_an_output_intent_by_its_registry_name(tmp_path: Path) -> None:
    folder = write_kit(tmp_path / "kit")
    out = str(tmp_path / "out")
    assert run("export", "--kit", str(folder), "--to", "cmyk", "--out", out).exit_code == 0
    target = tmp_path / "out/t/export/cmyk"
    assert not (target / "rules.pdf").exists()  # a kit without a rule sheet has no rules.pdf
    for name in ("kit.pdf",):
        intents = PdfReader(target / name).trailer["/Root"]["/OutputIntents"]
        assert len(intents) == 1 and intents[0]["/S"] == "/GTS_PDFX" and intents[0]["/OutputConditionIdentifier"] == "FOGRA39"
        assert intents[0]["/RegistryName"] == "http://www.color.org"
    assert "Output intent: FOGRA39 (Coated FOGRA39" in (target / "README.txt").read_text()
    assert run("export", "--kit", str(folder), "--to", "cmyk", "--intent", "CGATS TR 001", "--out", out).exit_code == 0
    assert PdfReader(target / "kit.pdf").trailer["/Root"]["/OutputIntents"][0]["/OutputConditionIdentifier"] == "CGATS TR 001"
    first = (target / "kit.pdf").read_bytes()
    assert run("export", "--kit", str(folder), "--to", "cmyk", "--intent", "CGATS TR 001", "--out", out).exit_code == 0
    assert (target / "kit.pdf").read_bytes() == first
    bad = run("export", "--kit", str(folder), "--to", "cmyk", "--intent", "FOGRA99", "--out", out)
    assert bad.exit_code == 1 and bad.output.startswith("error: --intent: unknown printing condition 'FOGRA99' (known: FOGRA39, FOGRA51")
    wrong = run("export", "--kit", str(folder), "--to", "tts", "--intent", "FOGRA39", "--out", out)
    assert wrong.exit_code == 1 and wrong.output.startswith("error: --intent: only for --to cmyk or pdfx, not --to tts")
