"""One problem is one line (copies of a row, a picture many cards show, text that overflows), build
shows its first errors, and data is read as spreadsheets write it (separators, encodings)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.datakit.data import sniff_delimiter
from tests.datakit.helpers import CARD, run, write_kit

LONG = "Then do a very long thing that goes on and on. " * 12
BODY = '''
[layouts.front.body]
type = "text"
text = "{body}"
x = 7
y = 50
w = 49
h = 27
size = 9
'''


def test_an_overlong_text_on_a_row_of_three_copies_is_one_line(tmp_path: Path) -> None:
    data = f"title,colour,body,quantity\nHarvest,#2E7D32,Gain 2. {LONG},3\nBeta,#0033AA,Short.,1\n"
    folder = write_kit(tmp_path / "k", CARD + BODY, {"cards.csv": data})
    result = run("verify", "--kit", str(folder))
    lines = result.output.splitlines()
    assert result.exit_code == 1
    assert len(lines) == 2, result.output
    assert lines[0].startswith("error: deck 'cards', cards 1-3 (") and "cards.csv:2), field 'body': text does not fit its 49.0 x 27.0 mm box" in lines[0]
    assert lines[1] == "t: 1 error, 0 warnings"
    built = run("build", "--kit", str(folder), "--out", str(tmp_path / "out"))
    assert built.exit_code == 1  # the kit is written for inspection, and the build says it is not ready to print
    assert "  checks: 1 error, 0 warnings (details: printkit verify --kit" in built.output
    assert f"    {lines[0]}" in built.output.splitlines()
    assert built.output.splitlines()[-1] == (f"error: the checks found 1 error (listed above): written for inspection only, "
                                            f"not ready to print: {tmp_path / 'out' / 't'}/")
    assert (tmp_path / "out" / "t" / "kit.pdf").is_file()


def test_a_picture_missing_on_41_cards_is_one_line(tmp_path: Path) -> None:
    kit = CARD + '[layouts.front.art]\ntype = "image"\nsrc = "art/{pic}.svg"\nx = 10\ny = 20\nw = 40\nh = 40\n'
    data = "title,colour,pic\n" + "".join(f"Card {i},#AA3300,gone\n" for i in range(41))
    result = run("verify", "--kit", str(write_kit(tmp_path / "k", kit, {"cards.csv": data})))
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, result.output
    assert errors[0].startswith("error: missing image ") and "art/gone.svg: on deck 'cards', card 1 (" in errors[0]
    assert errors[0].endswith("cards.csv:4) and 38 more")


def test_build_shows_its_first_errors_and_how_many_more(tmp_path: Path) -> None:
    data = "title,colour,body\n" + "".join(f"Card {i},#AA3300,{LONG}\n" for i in range(8))
    folder = write_kit(tmp_path / "k", CARD + BODY, {"cards.csv": data})
    built = run("build", "--kit", str(folder), "--out", str(tmp_path / "out"))
    shown = [line for line in built.output.splitlines() if line.startswith("    error: ")]
    assert len(shown) == 5 and "  checks: 8 errors, 0 warnings" in built.output
    assert built.output.splitlines()[-2] == "    ... and 3 more errors"
    assert built.exit_code == 1 and built.output.splitlines()[-1].startswith("error: the checks found 8 errors (listed above)")


@pytest.mark.parametrize("header, delimiter", [
    ("title,colour", ","), ("title;colour", ";"), ("title\tcolour", "\t"), ('"a,b";c;d', ";"), ("title", ","), ("a|b|c", "|"),
])
def test_the_separator_is_found_from_the_header_row(header: str, delimiter: str) -> None:
    assert sniff_delimiter(f"\n{header}\nx\n") == delimiter


def test_a_semicolon_csv_and_a_delimiter_set_in_kit_toml(tmp_path: Path) -> None:
    found = write_kit(tmp_path / "a", CARD, {"cards.csv": "title;colour\nAlpha;#AA3300\nBeta, the second;#0033AA\n"})
    assert run("verify", "--kit", str(found)).exit_code == 0
    told = CARD.replace('data = "cards.csv"', 'data = "cards.csv"\ndelimiter = ";"')
    # the header row alone would say comma: kit.toml says otherwise
    folder = write_kit(tmp_path / "b", told, {"cards.csv": "title;colour\nAlpha, Beta and Gamma;#AA3300\n"})
    result = run("verify", "--kit", str(folder))
    assert result.exit_code == 0, result.output
    wrong = CARD.replace('data = "cards.csv"', 'data = "cards.csv"\ndelimiter = "x"')
    result = run("verify", "--kit", str(write_kit(tmp_path / "c", wrong)))
    assert result.exit_code == 1 and "kit.toml: deck.delimiter: expected one of ',', ';', '\\t', '|', got 'x'" in result.output


def test_a_csv_saved_in_a_windows_code_page_names_its_line(tmp_path: Path) -> None:
    data = "title;colour\nAlpha;#AA3300\nCafé crème;#0033AA\n".encode("cp1252")
    result = run("verify", "--kit", str(write_kit(tmp_path / "k", CARD, {"cards.csv": data})))
    assert result.exit_code == 1
    assert result.output.startswith("error: ") and "cards.csv:3: not UTF-8 text (byte 0xE9 in 'Caf\ufffd cr\ufffdme;#0033AA'): " in result.output
    assert "save the file as UTF-8 (in Excel: 'CSV UTF-8')" in result.output
