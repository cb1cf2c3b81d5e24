"""Pictures in a kit's rule sheet: ``![caption](art/x.svg)`` placed vector in rules.pdf, bad ones named by line."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from tests.datakit.helpers import CARD, CSV, run, write_kit
from tests.datakit.test_kit_errors import fails

SQUARE = ('<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="20mm" viewBox="0 0 40 20">'
          '<rect width="40" height="20" fill="#D01010"/></svg>')
RULES = "# Rules\n\nSome text.\n\n![The red banner](art/banner.svg)\n\nMore text.\n"


def _kit(tmp_path: Path, rules: str, files: dict[str, str | bytes] | None = None) -> Path:
    return write_kit(tmp_path / "k", CARD + '\n[rules]\nfile = "rules.md"\n',
                     {"cards.csv": CSV, "rules.md": rules, "art/banner.svg": SQUARE, **(files or {})})


def test_picture_lands_in_rules_pdf_at_its_size(tmp_path: Path) -> None:
    folder = _kit(tmp_path, RULES)
    out = tmp_path / "out"
    result = run("build", "--kit", str(folder), "--out", str(out))
    assert result.exit_code == 0, result.output
    pdf = out / "t" / "rules.pdf"
    text = PdfReader(pdf).pages[0].extract_text()
    assert "The red banner" in text and text.index("Some text") < text.index("The red banner") < text.index("More text")
    page = pdfium.PdfDocument(str(pdf))[0]
    image = page.render(scale=72 / 72 * (150 / 72)).to_pil().convert("RGB")
    red = [(x, y) for x in range(0, image.width, 2) for y in range(0, image.height, 2)
           if image.getpixel((x, y)) == (0xD0, 0x10, 0x10)]
    assert red, "the picture's red is drawn"
    width_mm = (max(x for x, _ in red) - min(x for x, _ in red)) / 150 * 25.4
    assert width_mm == pytest.approx(40, abs=1.0)


@pytest.mark.parametrize("rules, files, message", [
    ("# R\n\n![x](art/none.svg)\n", None, "rules.md:3: picture 'art/none.svg': no file"),
    ("# R\n\ntext\n\n![x](../outside.svg)\n", None, "rules.md:5: picture: '../outside.svg' leads outside the kit folder"),
    ("# R\n\n![x](art/fake.png)\n", {"art/fake.png": b"not a png"}, "rules.md:3: picture 'art/fake.png':"),
])
def test_bad_pictures_name_the_line(tmp_path: Path, rules: str, files: dict | None, message: str) -> None:
    folder = _kit(tmp_path, rules, files)
    fails(["build", "--kit", str(folder), "--out", str(tmp_path / "out")], message)


def test_blocks_taller_than_a_page_run_on_across_pages(tmp_path: Path) -> None:
    """A paragraph, a code block and a table longer than a page flow on from where they start (a
    shorter block that does not fit moves whole to the next page); every word is printed once."""
    words = " ".join(f"w{i}" for i in range(2500))
    code = "\n".join(f"    code{i}" for i in range(120))
    table = "| a | b |\n|---|---|\n" + "".join(f"| r{i} | x |\n" for i in range(80))
    folder = _kit(tmp_path, f"# Rules\n\nIntro.\n\n{words}\n\n{code}\n\n{table}")
    out = tmp_path / "out"
    assert run("build", "--kit", str(folder), "--out", str(out)).exit_code == 0
    pages = [page.extract_text() for page in PdfReader(out / "t" / "rules.pdf").pages]
    text = " ".join(pages).split()
    for token in ("w0", "w1249", "w2499", "code0", "code119", "r0", "r79"):
        assert text.count(token) == 1, token
    assert "w0" in pages[0].split() and "w400" in pages[0].split()  # the long paragraph starts under the intro
    assert sum(page.split().count("a") for page in pages) >= 2  # the table's header repeats on its next page


def test_a_block_that_cannot_be_split_names_the_rules_file(tmp_path: Path) -> None:
    big = "| a | b |\n|---|---|\n| " + "word " * 1500 + " | x |\n"
    folder = _kit(tmp_path, f"# Rules\n\n{big}")
    fails(["build", "--kit", str(folder), "--out", str(tmp_path / "out")],
          "k/rules.md: the table beginning 'a b word word word")
