"""The gallery without a browser: what changed, the previous build kept, escaping, determinism."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from printkit.build import build
from printkit.config import load_config
from printkit.gallery.changes import ParameterChange, file_changes, parameter_changes, pixel_difference
from printkit.gallery.site import write_gallery
from printkit.kit.history import previous_folder


def test_parameter_and_file_changes_compare_two_manifests() -> None:
    before = {"game": "warfare", "parameters": {"board_size": 6, "abilities": {"bomb": 1}}, "print": {"paper": "A4"},
              "files": {"a.svg": {"sha256": "1"}, "b.pdf": {"sha256": "2"}, "gone.log": {"sha256": "3"}}}
    after = {"game": "warfare", "parameters": {"board_size": 8, "abilities": {"bomb": 2}}, "print": {"paper": "A4"},
             "files": {"a.svg": {"sha256": "1"}, "b.pdf": {"sha256": "9"}, "new.log": {"sha256": "4"}}}
    changes = parameter_changes(before, after)
    assert [str(c) for c in changes] == ["games.warfare.abilities.bomb: 1 → 2", "games.warfare.board_size: 6 → 8"]
    assert str(ParameterChange("print.paper", "A4", "letter")) == 'print.paper: "A4" → "letter"'
    files = file_changes(before, after)
    assert (files.changed, files.added, files.removed) == (["b.pdf"], ["new.log"], ["gone.log"])


def test_pixel_difference_marks_changed_pixels_in_red(tmp_path: Path) -> None:
    Image.new("RGB", (10, 10), "white").save(tmp_path / "a.png")
    changed = Image.new("RGB", (10, 12), "white")
    changed.paste((0, 0, 255), (0, 0, 5, 10))
    changed.save(tmp_path / "b.png")
    share = pixel_difference(tmp_path / "a.png", tmp_path / "b.png", tmp_path / "d.png")
    assert share == 50 / 120
    diff = Image.open(tmp_path / "d.png").convert("RGB")
    assert diff.size == (10, 12) and diff.getpixel((1, 1)) == (220, 0, 40) and diff.getpixel((8, 8)) != (220, 0, 40)


def test_builds_keep_the_previous_kit_and_the_gallery_escapes_text(tmp_path: Path) -> None:
    evil = "<script>alert(1)</script>"
    log = tmp_path / "evil.log"
    example = (Path(__file__).resolve().parents[2] / "printkit/games/warfare/example.log").read_text()
    log.write_text(f"# {evil}\n" + example, encoding="utf-8")
    out = tmp_path / "out"
    build(load_config(None, ()), "warfare", out)
    assert not previous_folder(out / "warfare").exists()
    build(load_config(None, (f"games.warfare.example_log='{log}'",)), "warfare", out)
    kept = previous_folder(out / "warfare")
    assert (kept / "manifest.json").is_file() and (kept / "kit.pdf").is_file()
    assert kept.joinpath("manifest.json").read_bytes() != (out / "warfare/manifest.json").read_bytes()
    pages = write_gallery(out)
    html = (out / "warfare/index.html").read_text()
    assert evil in (out / "warfare/example.log").read_text()
    assert evil not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "games.warfare.example_log" in html
    first = [p.read_bytes() for p in pages]
    assert [p.read_bytes() for p in write_gallery(out)] == first


def test_gallery_of_an_empty_output_folder(tmp_path: Path) -> None:
    pages = write_gallery(tmp_path / "out")
    assert pages == [tmp_path / "out/index.html"] and "No kit built yet" in pages[0].read_text()


def test_rule_sheet_markdown_escapes_html_and_points_figures_to_the_pdf() -> None:
    from printkit.gallery.site import render_markdown

    html = render_markdown("| a | b |\n|---|---|\n| 1 | 2 |\n\n[[figure:seed-example]]\n\n<b>x</b> [l](javascript:alert(1))\n")
    assert "<table>" in html and "&lt;b&gt;x&lt;/b&gt;" in html and 'href="javascript' not in html
    assert '<em>(figure seed-example: drawn in <a href="rules.pdf">rules.pdf</a>)</em>' in html


def test_latest_simulation_of_a_built_kit_shows_in_its_page(tmp_path: Path) -> None:
    import json

    from click.testing import CliRunner

    from printkit.cli import main

    out = tmp_path / "out"
    runner = CliRunner()
    assert "kept for the gallery" not in runner.invoke(main, ["simulate", "--game", "ultimate", "--games", "50", "--out", str(out)]).output
    build(load_config(None, ()), "ultimate", out)
    result = runner.invoke(main, ["simulate", "--game", "ultimate", "--games", "50", "--seed", "7", "--out", str(out)])
    assert result.exit_code == 0 and f"kept for the gallery: {out / 'ultimate' / 'balance' / 'simulate.json'}" in result.output
    kept = json.loads((out / "ultimate" / "balance" / "simulate.json").read_text())
    assert kept["games"] == 50 and kept["seed"] == 7 and kept["parameters"]["board_size"] == 11
    write_gallery(out)
    page = (out / "ultimate" / "index.html").read_text()
    assert '<section id="simulation">' in page and f"{kept['results']['first']}</td>" in page
    build(load_config(None, ("games.ultimate.player_x=Xena",)), "ultimate", out)
    assert (out / "ultimate" / "balance" / "simulate.json").is_file(), "a rebuild keeps the balance folder"


def test_changed_share_never_reads_zero_for_a_real_change(tmp_path: Path) -> None:
    from printkit.gallery.changes import changed_share

    Image.new("RGB", (100, 100), "white").save(tmp_path / "a.png")
    one = Image.new("RGB", (100, 100), "white")
    one.putpixel((50, 50), (0, 0, 0))
    one.save(tmp_path / "b.png")
    share = pixel_difference(tmp_path / "a.png", tmp_path / "b.png", tmp_path / "d.png")
    assert share == 1 / 10_000 and changed_share(share) == "< 0.1 % of pixels changed"
    assert changed_share(0.0123) == "1.2 % of pixels changed" and changed_share(0.0) == "no pixel visibly changed"


def test_a_kit_from_data_shows_its_main_deck_and_a_small_change(tmp_path: Path) -> None:
    from tests.datakit.helpers import CARD, run, write_kit

    tokens = '\n[[tokens]]\nname = "aaa-chips"\ndata = "chips.csv"\nfront = "back"\nsize_mm = 15\n'
    folder = write_kit(tmp_path / "k", CARD + tokens, {"cards.csv": "title,colour\nAlpha,#AA3300\nBeta,#0033AA\n", "chips.csv": "n\n1\n"})
    out = tmp_path / "out"
    assert run("build", "--kit", str(folder), "--out", str(out)).exit_code == 0
    (folder / "cards.csv").write_text("title,colour\nAlpha,#AA3300\nBeta.,#0033AA\n", encoding="utf-8")
    assert run("build", "--kit", str(folder), "--out", str(out)).exit_code == 0
    write_gallery(out)
    index = (out / "index.html").read_text()
    assert '<img src="t/artwork/cards.png"' in index and "aaa-chips.png" not in index
    page = (out / "t/index.html").read_text()
    assert "artwork/cards.svg <span class=\"tag\">&lt; 0.1 % of pixels changed</span>" in page, page[page.find("What changed"):][:2000]
