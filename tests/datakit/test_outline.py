"""The layout view (``printkit build --outline``) and where kit.toml's keys are written (their lines)."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

from PIL import Image

from printkit.datakit.outline import PALETTE
from printkit.userinput.tomllines import key_lines, line_of
from tests.datakit.helpers import CARD, run, write_kit

TOKENS = CARD + '''
[[tokens]]
name = "chips"
data = "chips.csv"
shape = "hex"
size_mm = 20
front = "chip"

[layouts.chip.value]
type = "text"
text = "{value}"
when = "{value} > 1"
size = 9

[layouts.chip.ring]
type = "circle"
r = 8
fill = "none"
stroke = "#000000"
'''


def _texts(svg: Path) -> list[str]:
    return ["".join(t.itertext()) for t in ET.parse(svg).getroot().iter("{http://www.w3.org/2000/svg}text")]


def _line(kit: Path, text: str) -> int:
    return (kit / "kit.toml").read_text().splitlines().index(text) + 1


def test_outline_draws_every_layout_of_every_set_with_its_boxes_names_and_lines(tmp_path: Path) -> None:
    kit = write_kit(tmp_path / "k", TOKENS, {"cards.csv": "title,colour\nAlpha,#AA3300\nBeta,#0033AA\n",
                                             "chips.csv": "value\n1\n3\n"})
    out = tmp_path / "out"
    result = run("build", "--kit", str(kit), "--out", str(out), "--outline")
    assert result.exit_code == 0, result.output
    folder = out / "t" / "outline"
    assert sorted(p.name for p in folder.iterdir()) == [
        "cards.back.png", "cards.back.svg", "cards.front.png", "cards.front.svg", "chips.chip.png", "chips.chip.svg"]
    listed = json.loads((out / "t" / "manifest.json").read_text())["files"]
    assert "outline/cards.front.svg" in listed and "outline/chips.chip.png" in listed
    front = _texts(folder / "cards.front.svg")
    title_line = _line(kit, "[layouts.front.title]")
    assert front[0] == f"deck 'cards', card 1 ({kit}/cards.csv:2), front: layout 'front'"
    assert f"2 title (line {title_line})" in front  # the tag over the box
    assert f"title (text): layouts.front.title, kit.toml line {title_line}" in front  # the legend
    assert "x 4.0, y 4.0, 55.0 x 10.0 mm" in front
    assert "cut line: 63 x 88 mm" in front and "safe line: 3 mm inside the cut (text and pictures stay within it)" in front
    assert "Alpha" in front  # the piece itself, under the boxes
    chips = _texts(folder / "chips.chip.svg")
    # the first chip (value 1) does not show its value: its box is dashed and the legend says why
    assert "x 0.0, y 0.0, 20.0 x 23.1 mm; when = '{value} > 1': not on this piece (dashed)" in chips
    assert "cut line: 20 x 23.094 mm (hex)" in chips
    image = Image.open(io.BytesIO((folder / "cards.front.png").read_bytes())).convert("RGB")
    assert image.width > 1500  # legible: drawn large, at 150 dpi or more
    colours = {"#%02X%02X%02X" % pixel for _, pixel in image.getcolors(1 << 20)}
    assert PALETTE[0] in colours and PALETTE[1] in colours  # the boxes' own colours, as drawn


def test_outline_is_an_input_of_the_build_and_for_kit_folders_only(tmp_path: Path) -> None:
    kit = write_kit(tmp_path / "k")
    out = tmp_path / "out"
    assert run("build", "--kit", str(kit), "--out", str(out)).exit_code == 0
    assert not (out / "t" / "outline").exists()
    again = run("build", "--kit", str(kit), "--out", str(out), "--outline")
    assert "unchanged" not in again.output and (out / "t" / "outline" / "cards.front.png").is_file()
    plain = run("build", "--kit", str(kit), "--out", str(out))
    assert "unchanged" not in plain.output and not (out / "t" / "outline").exists()  # no stale views left behind
    refused = run("build", "--game", "warfare", "--out", str(out), "--outline")
    assert refused.exit_code == 1
    assert refused.output.strip() == "error: --outline is for kit folders (--kit DIR): it draws the layouts of their kit.toml"


def test_the_gallery_shows_the_layout_views(tmp_path: Path) -> None:
    kit = write_kit(tmp_path / "k")
    out = tmp_path / "out"
    assert run("build", "--kit", str(kit), "--out", str(out)).exit_code == 0
    assert run("gallery", "--out", str(out)).exit_code == 0
    assert "printkit build --kit DIR --outline" in (out / "t" / "index.html").read_text()
    assert run("build", "--kit", str(kit), "--out", str(out), "--outline").exit_code == 0
    assert run("gallery", "--out", str(out)).exit_code == 0
    page = (out / "t" / "index.html").read_text()
    assert '<img src="outline/cards.front.png" alt="layout view cards.front">' in page


def test_key_lines_follow_tables_arrays_dotted_and_inline_keys() -> None:
    text = '''# a comment = not a key
[kit]
name = "x"   # [not.a.table]
notes = """
[inside.a.string]
y = 1
"""
sizes = [
  [1, 2],
  [3, 4],
]

[[deck]]
name = "a"
types = { cost = "integer", "odd key" = "text" }

[[deck]]
name = "b"

[layouts.front]
title.type = "text"
"quoted.part".x = 2

[layouts.front.body]
type = "text"
'''
    lines = key_lines(text)
    assert lines["kit"] == 2 and lines["kit.name"] == 3 and lines["kit.notes"] == 4 and lines["kit.sizes"] == 8
    assert "inside.a.string" not in lines and "kit.y" not in lines and "not.a.table" not in lines
    assert lines["deck[0].name"] == 14 and lines["deck[0].types.cost"] == 15 and lines["deck[0].types.odd key"] == 15
    assert lines["deck[1].name"] == 18 and "deck.name" not in lines  # two decks: messages index them
    assert lines["layouts.front.title.type"] == 21 and lines["layouts.front.quoted.part.x"] == 22
    assert line_of(lines, "layouts.front.body.size") == 24  # not written: the table holding it
    assert line_of(lines, "nowhere.at.all") is None
    assert key_lines("[[deck]]\nfront = 'f'\n")["deck.front"] == 2  # a single deck is named `deck` in messages
