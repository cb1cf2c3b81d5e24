"""Bad kit folders: one line naming file and place, exit 1, no traceback, previous output intact."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.datakit.helpers import CARD, CSV, run, write_kit


def fails(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 1, result.output
    assert result.output.startswith("error: ") and result.output.count("\n") == 1, result.output
    assert message in result.output, result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("kit, files, message", [
    (CARD.replace('front = "front"', 'front = "fornt"'), None, "kit.toml: deck.front: unknown layout 'fornt' (layouts: front, back)"),
    (CARD + 'types = { cost = "number" }\n', None, "kit.toml: layouts.back.bg.types: unknown key for a rect"),
    (CARD.replace('data = "cards.csv"', 'data = "cards.csv"\ntypes = { cost = "number" }'),
     {"cards.csv": "title,colour,cost\nA,#AA3300,1\nB,#AA3300,2\n" + "C,#AA3300,3\n" * 10 + "D,#AA3300,x\n"},
     "cards.csv:14: column 'cost': expected a number, got 'x'"),
    (CARD.replace('data = "cards.csv"', 'data = "../cards.csv"'), None, "kit.toml: deck.data: '../cards.csv' leads outside the kit folder"),
    (CARD.replace('data = "cards.csv"', 'data = "/etc/passwd"'), None, "kit.toml: deck.data: expected a path inside the kit folder"),
    (CARD.replace('data = "cards.csv"', 'data = "missing.csv"'), None, "kit.toml: deck.data: no file"),
    (CARD.replace('size = 12', 'size = "big"'), None, "cards.csv:2: layouts.front.title.size: expected a number, got 'big'"),
    (CARD.replace('fill = "{colour}"', 'fill = "{title}"'), None, "cards.csv:2: column 'title': expected a colour like #2a6fdb or none, got 'Alpha'"),
    (CARD.replace('type = "text"', 'type = "txt"'), None, "kit.toml: layouts.front.title.type: expected one of rect, circle, polygon, line, text, image, got 'txt'"),
    (CARD.replace('bold = true', 'bold = true\nradius = 2'), None, "kit.toml: layouts.front.title.radius: unknown key for a text"),
    (CARD.replace('[layouts.back.bg]', '[layouts.back]\nextends = "back2"\n\n[layouts.back2]\nextends = "back"\n\n[layouts.back.bg]'), None,
     "layouts extend each other in a circle"),
    (CARD.replace('name = "t"', 'name = "T T"'), None, "kit.toml: kit.name: expected a short name"),
    (CARD.replace('[[deck]]', '[[deck]]\nsize = "huge"'), None, "kit.toml: deck.size: expected a size name (poker, bridge, mini-euro"),
    (CARD.replace('title = "Test Kit"', 'title = "Test Kit"\ncolour = 1'), None, "kit.toml: kit.colour: unknown key"),
    (CARD + '\n[print]\nbleed_mm = 40\n', None, "kit.toml: print.bleed_mm: expected 0 to 6, got 40"),
    ("[kit\n", None, "kit.toml: not valid TOML"),
    ('[kit]\nname = "x"\n', None, "nothing to print: add a [[deck]], [[board]] or [[tokens]]"),
    (CARD, {"cards.csv": b"title,colour\n\xff\xfe,#000000\n"}, "cards.csv:2: not UTF-8 text (byte 0xFF in"),
    (CARD, {"cards.csv": "title,colour\nA,#000000,extra\n"}, "cards.csv:2: 3 cells in a row under a header of 2 columns"),
    (CARD.replace('data = "cards.csv"', 'data = "cards.csv"\nquantity = "count"'), {"cards.csv": "title,colour,count\nA,#000000,-1\n"},
     "cards.csv:2: column 'count': expected a number of copies from 0 to 10000, got '-1'"),
    (CARD.replace('data = "cards.csv"', 'data = "cards.txt"'), {"cards.txt": "x"}, "cards.txt: expected a .csv, .toml, .json or .xlsx file"),
    (CARD.replace('data = "cards.csv"', 'data = "cards.json"'), {"cards.json": "{"}, "cards.json: not valid JSON"),
    (CARD.replace('back = "back"', 'back = "{side}"'), {"cards.csv": "title,colour,side\nA,#000000,back\nB,#000000,bakc\n"},
     "cards.csv:3: column 'side': unknown layout 'bakc' (layouts: front, back)"),
    (CARD + '\n[[board]]\nname = "map"\nshape = "hex"\nrows = 3\ncolumns = 3\ndata = "cells.csv"\n',
     {"cards.csv": CSV, "cells.csv": "cell,label\nZ9,x\n"}, "cells.csv:2: column 'cell': expected a cell of the board (A1..C3), got 'Z9'"),
])
def test_bad_kit_is_one_clear_line(tmp_path: Path, kit: str, files: dict | None, message: str) -> None:
    folder = write_kit(tmp_path / "k", kit, files)
    fails(["build", "--kit", str(folder), "--out", str(tmp_path / "out")], message)


def test_missing_folder_and_file(tmp_path: Path) -> None:
    fails(["build", "--kit", str(tmp_path / "nope")], "no such kit folder")
    (tmp_path / "empty").mkdir()
    fails(["verify", "--kit", str(tmp_path / "empty")], "empty/kit.toml: missing: a kit folder holds kit.toml")
    fails(["verify"], "name one game with --game NAME or one kit folder with --kit DIR")
    fails(["build", "--kit", str(tmp_path / "empty"), "--game", "warfare"], "--kit builds a kit folder from its own kit.toml")


def test_set_on_kit_keys_names_the_set(tmp_path: Path) -> None:
    folder = write_kit(tmp_path / "k")
    fails(["build", "--kit", str(folder), "--set", "print.bleed_mm=9"], "error: --set: print.bleed_mm: expected 0 to 6, got 9")
    fails(["build", "--kit", str(folder), "--set", "deck.nodeck.size=bridge"], "error: --set: deck.nodeck.size: no entry 'nodeck' (entries: cards)")
    # a value --set gave into an entry of [[deck]] (by name or index) or into a layout drawn per card
    # is told as the --set, with the file it went into (or the card row where it came up) in brackets
    fails(["build", "--kit", str(folder), "--set", "deck.cards.size=huge"],
          "error: --set: deck.cards.size: expected a size name (poker")
    fails(["build", "--kit", str(folder), "--set", "deck.0.front=fornt"],
          "error: --set: deck.0.front: unknown layout 'fornt' (layouts: front, back) (in ")
    fails(["build", "--kit", str(folder), "--set", "layouts.front.title.size=big"],
          "error: --set: layouts.front.title.size: expected a number, got 'big' (in ")
    assert "k/cards.csv:2)" in run("build", "--kit", str(folder), "--set", "layouts.front.title.size=big").output
    # told as the --set once, wherever in the build it came up (not "... (in k/cards.csv:2) (in --set)")
    for item in ("layouts.front.title.size=big", 'deck.cards.data="nope.csv"', 'kit.icons="../.."'):
        told = run("build", "--kit", str(folder), "--set", item).output
        assert told.startswith("error: --set: ") and told.count("(in ") == 1 and told.rstrip().endswith(")"), told


def test_failed_build_leaves_previous_output(tmp_path: Path) -> None:
    folder = write_kit(tmp_path / "k")
    out = tmp_path / "out"
    assert run("build", "--kit", str(folder), "--out", str(out)).exit_code == 0
    before = {p: p.read_bytes() for p in (out / "t").rglob("*") if p.is_file()}
    (folder / "cards.csv").write_text("title,colour\nA,#AA3300,extra\n")
    assert run("build", "--kit", str(folder), "--out", str(out)).exit_code == 1
    assert {p: p.read_bytes() for p in (out / "t").rglob("*") if p.is_file()} == before


SHAPE_KEYS = {"radius": '[layouts.back.bg]\ntype = "rect"\nfill = "#2E3A4F"\nradius = {v}\n',
              "stroke_width": '[layouts.back.bg]\ntype = "rect"\nfill = "#2E3A4F"\nstroke = "#000000"\nstroke_width = {v}\n',
              "r": '[layouts.back.bg]\ntype = "circle"\nfill = "#2E3A4F"\nr = {v}\n'}


@settings(max_examples=15, deadline=None)
@given(key=st.sampled_from(sorted(SHAPE_KEYS)), value=st.floats(-500, -0.01).map(lambda v: round(v, 2)),
       from_column=st.booleans())
def test_a_negative_radius_or_outline_is_refused_naming_the_key(tmp_path_factory: pytest.TempPathFactory, key: str,
                                                                 value: float, from_column: bool) -> None:
    """A rounded corner, circle or outline of a negative size went into the SVG as it was (rx="-2", an invalid
    attribute) and the build passed; now one error naming the key (or the data cell the value came from)."""
    back = SHAPE_KEYS[key].format(v='"{size}"' if from_column else value)
    kit = CARD.replace('[layouts.back.bg]\ntype = "rect"\nframe = "bleed"\nfill = "#2E3A4F"\n', back)
    folder = write_kit(tmp_path_factory.mktemp("shape"), kit, {"cards.csv": f"title,colour,size\nAlpha,#AA3300,{value:g}\n"})
    where = "cards.csv:2: column 'size'" if from_column else f"kit.toml: layouts.back.bg.{key}"
    fails(["verify", "--kit", str(folder)], f"{where}: expected 0 to 10000, got {value:g}")
