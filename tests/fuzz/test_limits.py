"""Parameters that would make a build take minutes or gigabytes are refused, the limit named."""

from __future__ import annotations

from pathlib import Path

from tests.datakit.helpers import CARD, write_kit
from tests.fuzz.harness import invoke, time_limit

DECK = '''
[[deck]]
name = "more{n}"
data = "cards.csv"
front = "front"
'''


def test_a_data_file_of_too_many_pieces_is_refused(tmp_path: Path) -> None:
    kit = write_kit(tmp_path / "kit", files={"cards.csv": "title,colour,quantity\nAlpha,#AA3300,1500\nBeta,#0033AA,501\n"})
    with time_limit(30):
        result = invoke(["build", "--kit", str(kit), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and not (tmp_path / "out").exists()
    assert result.stderr == (f"error: {kit}/cards.csv:3: more than 2,000 pieces after quantities (the limit of one data file: "
                             "a build must stay within seconds and memory)\n")


def test_a_kit_of_too_many_pieces_is_refused(tmp_path: Path) -> None:
    text = CARD + "".join(DECK.format(n=n) for n in range(3))
    kit = write_kit(tmp_path / "kit", text, files={"cards.csv": "title,colour,quantity\nAlpha,#AA3300,1300\n"})
    with time_limit(60):
        result = invoke(["verify", "--kit", str(kit)])
    assert result.exit_code == 1
    assert result.stderr == (f"error: {kit}/kit.toml: more than 5,000 cards and tokens in all: the limit of one kit "
                             "(a build must stay within seconds and memory)\n")


def test_a_quantity_of_thousands_of_digits_is_a_clean_error(tmp_path: Path) -> None:
    kit = write_kit(tmp_path / "kit", files={"cards.csv": "title,colour,quantity\nAlpha,#AA3300," + "9" * 5000 + "\n"})
    result = invoke(["verify", "--kit", str(kit)])
    assert result.exit_code == 1 and result.stderr.startswith(f"error: {kit}/cards.csv:2: column 'quantity': expected a number of copies")


def test_a_board_of_many_metres_is_refused(tmp_path: Path) -> None:
    board = '\n[[board]]\nname = "map"\nrows = 50\ncolumns = 50\ncell_mm = 200\n'
    kit = write_kit(tmp_path / "kit", CARD + board)
    result = invoke(["build", "--kit", str(kit), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert result.stderr == (f"error: {kit}/kit.toml: board.cell_mm: a board of at most 1500 mm a side (about 70 tiled pages), "
                             "got 50 cells of 200 mm = 10000 mm\n")


def test_a_preview_of_gigabytes_is_refused(tmp_path: Path) -> None:
    """The largest warfare board at the highest preview resolution would be a 207-megapixel PNG."""
    out = tmp_path / "out"
    result = invoke(["build", "--game", "warfare", "--out", str(out), "--set", "games.warfare.board_size=20",
                     "--set", "games.warfare.cell_mm=60", "--set", "print.preview_dpi=300"])
    assert result.exit_code == 1 and not (out / "warfare").exists()
    assert result.stderr == ("error: print.preview_dpi: the preview of artwork/board.svg (1220 x 1220 mm) would be "
                             "14,410 x 14,410 pixels at 300 dpi; at most 60 megapixels and 32,767 pixels a side: "
                             "set print.preview_dpi to 161 or less\n")


def test_text_fitting_takes_a_few_layouts_not_one_per_step() -> None:
    """400 pt down to 2 pt is 1,593 quarter-point steps: a deck of long texts took minutes when each was tried."""
    from printkit.datakit import textfit

    calls = []
    original = textfit._fits

    def counting(*args: object) -> bool:
        calls.append(1)
        return original(*args)  # type: ignore[arg-type]

    textfit._fits = counting  # type: ignore[assignment]
    try:
        result = textfit.set_text("many words " * 40, textfit.TextBox(0, 0, 50, 30, 400, 2), lambda name: None)
    finally:
        textfit._fits = original  # type: ignore[assignment]
    assert result.fits and 2 < result.size < 20
    assert len(calls) <= 13


def test_a_kit_drawing_too_many_elements_is_refused(tmp_path: Path) -> None:
    """1,500 cards of 80 elements each: 120,000 elements would take about a minute to draw and write."""
    extra = "".join(f'\n[layouts.front.dot{i}]\ntype = "rect"\nx = {i % 50}\ny = 5\nw = 1\nh = 1\nfill = "#000000"\n'
                    for i in range(78))
    kit = write_kit(tmp_path / "kit", CARD + extra, files={"cards.csv": "title,colour,quantity\nAlpha,#AA3300,1500\n"})
    with time_limit(60):
        result = invoke(["verify", "--kit", str(kit)])
    assert result.exit_code == 1
    assert result.stderr == (f"error: {kit}/kit.toml: more than 100,000 layout elements to draw (elements per piece times "
                             "pieces): the limit of one kit (a build must stay within seconds and memory)\n")
