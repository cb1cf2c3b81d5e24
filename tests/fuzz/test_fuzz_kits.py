"""Kit folders from data: the starter kit (``printkit new``) with one file mutated or replaced
(kit.toml, CSV/TOML/JSON data, rules Markdown, pictures that are not pictures) and ``--set`` values
on its keys; verified, and now and then built over a previous build, which a failure must leave as it was."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import shutil
from pathlib import Path

import openpyxl
import pytest
import reportlab
from hypothesis import strategies as st

from printkit.datakit.scaffold import scaffold
from tests.fuzz.harness import assert_clean, budgets, invoke, run_property
from tests.fuzz.values import MUTATIONS, NUMBERS, TEXT, VALUES, mutate, toml_value

FILES = ["kit.toml", "cards.csv", "tokens.csv", "track.csv", "rules.md", "art/coin.svg", "art/star.svg", "cards.json",
         "cards.toml", "cards.xlsx", "fonts/Title.ttf"]
DATA = {"cards.csv": "cards.csv", "cards.json": "cards.json", "cards.toml": "cards.toml", "cards.xlsx": "cards.xlsx"}
USES = {name: ["--set", f"deck.cards.data={data}"] for name, data in DATA.items() if name != "cards.csv"}
USES["fonts/Title.ttf"] = ["--set", 'fonts.title="fonts/Title.ttf"', "--set", 'layouts.card-front.title.font="title"']
"""The --set that makes the kit read a file the starter kit does not use by itself."""
PNG = b"\x89PNG\r\n\x1a\n"
NOT_IMAGES = st.one_of(
    st.binary(max_size=200),
    st.binary(max_size=200).map(lambda b: PNG + b),
    st.sampled_from([b"", b"<svg", b"<svg xmlns='http://www.w3.org/2000/svg'><g><g><use href='#a'/></g></g></svg>",
                     b"<?xml version='1.0'?><!DOCTYPE x [<!ENTITY a 'aaaaaaaaaa'><!ENTITY b '&a;&a;&a;&a;&a;&a;&a;&a;'>"
                     b"<!ENTITY c '&b;&b;&b;&b;&b;&b;&b;&b;'>]><svg xmlns='http://www.w3.org/2000/svg'><text>&c;</text></svg>",
                     b"<svg xmlns='http://www.w3.org/2000/svg' width='1e9' height='1e9'><rect width='1e9' height='1e9'/></svg>",
                     b"<svg xmlns='http://www.w3.org/2000/svg' width='-5' height='nan'/>",
                     b"<svg xmlns='http://www.w3.org/2000/svg'><image href='file:///etc/passwd'/></svg>",
                     PNG + b"\x00\x00\x00\rIHDR\x00\x01\x00\x00\x00\x01\x00\x00\x08\x02\x00\x00\x00",
                     b"GIF89a", b"\xff\xd8\xff\xe0", "é".encode("latin-1")]),
)
KEYS = ["kit.name", "kit.title", "kit.paper", "kit.icons", "print.bleed_mm", "print.preview_dpi", "print.duplex_flip",
        "rules.file", "deck.cards.size", "deck.cards.data", "deck.cards.front", "deck.cards.back", "deck.cards.quantity",
        "deck.cards.label", "deck.cards.landscape", "deck.cards.types", "deck.cards.types.cost", "deck.0.title",
        "tokens.coins.shape", "tokens.coins.size_mm", "tokens.coins.data", "tokens.coins.front",
        "board.score-track.shape", "board.score-track.rows", "board.score-track.columns", "board.score-track.cell_mm",
        "board.score-track.spaces", "board.score-track.start", "board.score-track.labels", "board.score-track.orientation",
        "board.score-track.data", "layouts.card-front.title.text", "layouts.card-front.title.size",
        "layouts.card-front.title.min_size", "layouts.card-front.title.x", "layouts.card-front.title.w",
        "layouts.card-front.title.font", "layouts.card-front.picture.src", "layouts.card-front.picture.fit",
        "layouts.card-front.cost-disc.r", "layouts.card-front.extends", "layouts.card-front.body.line_height",
        "layouts.card-base.background.fill", "layouts.card-base.panel.radius", "layouts.coin.disc.type",
        "layouts.card-back.frame.dash", "layouts.card-back.emblem.rotate", "layouts.new.x.type", "fonts.title",
        "deck.nosuch.x", "layouts"]
SET_VALUES = st.one_of(NUMBERS, TEXT, VALUES, st.sampled_from([
    "bridge", "tarot", "[20, 20]", "[1e9, 1]", "[0, 0]", "hex", "flat", "track", "square", "round", "100", "101", "0",
    "200", "1e300", "-1", "50%", "-5%", "1e999%", "{title}", "{nosuch}", "{title.__class__}", "{", "}", "{{", "art/coin.svg",
    "art/{icon}.svg", "../../etc/passwd", "/etc/passwd", "~/x", "art", "rules.md", "kit.toml", "cards.json", "cards.toml",
    "card-back", "card-front", "card-base", "nosuch", "#FFF", "#GGG", "none", "[1, 1]", "[]", "[1e9, 1e9]",
    '{ regular = "art/coin.svg" }', "rect", "image", "text"]))


def _starter(root: Path) -> Path:
    """The starter kit, with cards.json and cards.toml beside cards.csv (the same rows)."""
    folder = root / "my-game"
    scaffold(folder)
    rows = list(csv.DictReader(io.StringIO((folder / "cards.csv").read_text(encoding="utf-8"))))
    (folder / "cards.json").write_text(json.dumps({"cards": rows}, indent=1), encoding="utf-8")
    (folder / "cards.toml").write_text("".join("[[card]]\n" + "".join(f"{k} = {toml_value(v)}\n" for k, v in r.items())
                                               for r in rows), encoding="utf-8")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(list(rows[0]))
    for row in rows:
        sheet.append(list(row.values()))
    book.save(folder / "cards.xlsx")
    (folder / "fonts").mkdir()
    shutil.copy(Path(reportlab.__file__).parent / "fonts" / "Vera.ttf", folder / "fonts" / "Title.ttf")
    return folder


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _starter(tmp_path_factory.mktemp("starter"))


def _hashes(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def check_kit(starter: Path, tmp: Path, case: tuple) -> None:
    target, change, data, sets, build = case
    folder = tmp / "kit" / "my-game"
    shutil.rmtree(folder.parent, ignore_errors=True)
    shutil.copytree(starter, folder)
    path = folder / target
    if change == "mutate":
        path.write_bytes(mutate(path.read_bytes(), data))
    else:
        path.write_bytes(data)
    args = ["--kit", str(folder)] + [a for key, value in sets for a in ("--set", f"{key}={value}")]
    args += USES.get(target, [])
    names = (str(folder), "--set")
    if not build:
        assert_clean(invoke(["verify", *args]), names, findings_ok=True)
        return
    out = tmp / "out"
    before = {p.name: _hashes(p) for p in out.iterdir() if p.is_dir()} if out.is_dir() else {}
    result = invoke(["build", *args, "--out", str(out)])
    assert_clean(result, (*names, str(out)))
    if result.exit_code != 0 and "written for inspection only" in result.stderr:  # the checks found errors: the kit is
        assert '"level": "error"' in (out / "my-game" / "manifest.json").read_text()  # written, its findings with it
    elif result.exit_code != 0:
        after = {p.name: _hashes(p) for p in out.iterdir() if p.is_dir()} if out.is_dir() else {}
        assert after == before, "a failed build changed the previous output"


def kit_cases() -> st.SearchStrategy[tuple]:
    set_entry = st.tuples(st.sampled_from(KEYS), SET_VALUES.map(lambda v: v if isinstance(v, str) else toml_value(v)))
    change = st.one_of(
        st.tuples(st.sampled_from(FILES), st.just("mutate"), MUTATIONS),
        st.tuples(st.sampled_from(["art/coin.svg", "art/star.svg", "art/bolt.svg"]), st.just("replace"), NOT_IMAGES),
        st.tuples(st.sampled_from(FILES), st.just("replace"), st.text(max_size=300).map(lambda t: t.encode("utf-8", "surrogatepass"))),
    )
    return st.tuples(change, st.lists(set_entry, max_size=2), st.integers(0, 7)).map(
        lambda c: (c[0][0], c[0][1], c[0][2], c[1], c[2] == 0))


def test_starter_builds(starter: Path, tmp_path: Path) -> None:
    """Unchanged, every variant of the starter kit verifies clean and builds."""
    for target in ("kit.toml", "cards.json", "cards.toml", "cards.xlsx", "fonts/Title.ttf"):
        check_kit(starter, tmp_path, (target, "mutate", [], [], True))
        assert (tmp_path / "out" / "my-game" / "kit.pdf").is_file()


@budgets()
def test_kit_folders(starter: Path, tmp_path: Path, budget: int) -> None:
    run_property("kit folders", kit_cases(), lambda case: check_kit(starter, tmp_path, case), budget)


def test_damaged_png_is_a_finding(starter: Path, tmp_path: Path) -> None:
    """A file that starts like a PNG but is not one: a finding and the red box, not a crash (found by fuzzing)."""
    folder = tmp_path / "my-game"
    shutil.copytree(starter, folder)
    (folder / "art" / "coin.svg").write_bytes(PNG)
    result = invoke(["verify", "--kit", str(folder)])
    assert result.exit_code == 1 and f"{folder}/art/coin.svg: a damaged PNG file" in result.stdout, result.output


def test_huge_png_is_refused(starter: Path, tmp_path: Path) -> None:
    """A PNG whose pixels would take gigabytes to decode is refused with the limit named."""
    folder = tmp_path / "my-game"
    shutil.copytree(starter, folder)
    header = PNG + b"\x00\x00\x00\rIHDR" + (40_000).to_bytes(4, "big") * 2 + b"\x08\x02\x00\x00\x00"
    (folder / "art" / "coin.png").write_bytes(header)
    (folder / "art" / "coin.svg").unlink()
    result = invoke(["build", "--kit", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and not (tmp_path / "out" / "my-game").exists()
    assert result.stderr == (f"error: {folder}/art/coin.png: a PNG of 40000 x 40000 pixels: at most 50 megapixels "
                             "(scale it down; 300 dpi is plenty for print)\n")


def test_control_characters_in_data_are_refused(starter: Path, tmp_path: Path) -> None:
    """Found by fuzzing: a NUL byte in a CSV cell made the SVG invalid XML; an ESC reached the terminal. Both are
    refused naming the cell (tabs and line breaks, which card text may hold, are not)."""
    folder = tmp_path / "my-game"
    shutil.copytree(starter, folder)
    csv_text = (folder / "cards.csv").read_text(encoding="utf-8")
    line = next(n for n, text in enumerate(csv_text.splitlines(), start=1) if "Harvest" in text)
    (folder / "cards.csv").write_text(csv_text.replace("Harvest", "Har\x00vest\x1b[31m"), encoding="utf-8")
    result = invoke(["build", "--kit", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and not (tmp_path / "out").exists()
    assert result.stderr.startswith(f"error: {folder}/cards.csv:{line}: column ")
    assert result.stderr.endswith(": expected text without control characters (a control character U+0000 (NUL) at "
                                  "character 4), got 'Har\\x00vest\\x1b[31m'\n"), result.stderr


@pytest.mark.parametrize("setting", ["layouts.card-back.emblem.rotate=1.7e308", "layouts.card-back.emblem.rotate=nan",
                                     'layouts.card-back.emblem.rotate="1e300"', "layouts.card-back.emblem.x=-inf",
                                     "layouts.card-back.frame.dash=[1e308, 1]", "layouts.card-back.frame.dash=[1e-300]",
                                     "layouts.card-base.panel.radius=1e300"])
def test_huge_and_non_finite_layout_numbers_are_refused(starter: Path, tmp_path: Path, setting: str) -> None:
    """Found by fuzzing: a rotation of 1.7e308 degrees crashed the PDF (cos of an overflow); huge dashes crashed reportlab."""
    folder = tmp_path / "my-game"
    shutil.copytree(starter, folder)
    result = invoke(["build", "--kit", str(folder), "--out", str(tmp_path / "out"), "--set", setting])
    assert_clean(result, (str(folder), "--set"))
    assert result.exit_code == 1 and not (tmp_path / "out").exists()


@pytest.mark.parametrize("setting", ["layouts.coin.disc.type=[]", "layouts.coin.disc.type={ a = 1 }", "print=[1, 2]",
                                     'print="x"', "print=[[1, 2]]"])
def test_values_of_the_wrong_shape_are_clean_errors(starter: Path, setting: str) -> None:
    """Found by fuzzing: a list as an element's type (unhashable) and a list as [print] crashed the schema."""
    result = invoke(["verify", "--kit", str(starter), "--set", setting])
    assert_clean(result, ("--set",))
    assert result.exit_code == 1 and result.stderr.startswith("error: --set: "), result.stderr


def test_a_build_failing_after_the_previews_started_leaves_no_worker(starter: Path, tmp_path: Path) -> None:
    """Found by fuzzing: a build that failed while writing the PDFs left its preview workers blocked forever
    (harmless for one command, a leak in ``printkit watch``)."""
    import multiprocessing

    folder = tmp_path / "my-game"
    shutil.copytree(starter, folder)
    (folder / "rules.md").write_text("# R\n\n| a | b |\n|---|---|\n| " + "word " * 4000 + " | x |\n", encoding="utf-8")
    result = invoke(["build", "--kit", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and "is too large for a page even on a page of its own" in result.stderr
    assert multiprocessing.active_children() == []


def test_an_svg_the_pdf_writer_cannot_read_is_a_finding(starter: Path, tmp_path: Path) -> None:
    """Found by fuzzing: a flipped bit made width="20lm"; svglib then failed in the middle of writing kit.pdf."""
    folder = tmp_path / "my-game"
    shutil.copytree(starter, folder)
    coin = folder / "art" / "coin.svg"
    coin.write_text(coin.read_text(encoding="utf-8").replace('width="20mm"', 'width="20lm"'), encoding="utf-8")
    result = invoke(["build", "--kit", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and "written for inspection only" in result.stderr, result.output
    assert (tmp_path / "out" / "my-game" / "kit.pdf").is_file()
    found = invoke(["verify", "--kit", str(folder)])
    assert f"{folder}/art/coin.svg: an SVG the PDF writer cannot read (ValueError: Can't convert '20lm' to length)" in found.stdout


def test_an_svg_cairosvg_cannot_draw_still_builds(starter: Path, tmp_path: Path) -> None:
    """Found by fuzzing: a star.svg with CRLF line ends and one flipped bit crashed cairosvg in a preview worker.
    Previews are drawn through the PDF now (svglib reads the picture, PDFium renders): the kit builds, with previews."""
    folder = tmp_path / "my-game"
    shutil.copytree(starter, folder)
    star = folder / "art" / "star.svg"
    star.write_bytes(mutate(star.read_bytes(), [("crlf", 0, 0, ""), ("flip", 892, 4, "")]))
    out = tmp_path / "out"
    result = invoke(["build", "--kit", str(folder), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert (out / "my-game" / "artwork" / "cards.png").read_bytes().startswith(b"\x89PNG")


def test_a_file_name_too_long_for_the_disk_is_a_clean_error(starter: Path) -> None:
    """Found by fuzzing: a data path of 5,000 characters made the file system raise ENAMETOOLONG."""
    result = invoke(["verify", "--kit", str(starter), "--set", "board.score-track.data=" + "x" * 5000])
    assert_clean(result, ("--set", str(starter)))
    assert result.exit_code == 1 and "a file name of at most 255 bytes" in result.stderr
