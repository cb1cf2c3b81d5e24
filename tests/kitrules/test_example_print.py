"""The rule sheet's example game as players read it (monospace, chance moves told as the table is told them), and
``simulate --log-game N`` writing game N of a run as a log to paste into rules.md."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2 as pdfium
from pypdf import PdfReader

from printkit.balance.simulation import simulate_chunked
from printkit.kitgame.spec import open_kit
from tests.kitrules.helpers import cli, edit, scaffold


def _block(text: str) -> list[str]:
    found = re.search(r"```game\n(.*?)```", text, re.S)
    assert found is not None
    return found.group(1).splitlines()


def test_the_printed_example_tells_the_shuffle_and_keeps_the_log_whole_where_it_is_read_back(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    edit(folder / "kit.toml", '[rules]\nfile = "rules.md"', '[rules]\nfile = "rules.md"\nexample_file = "example.log"')
    edit(folder / "rules.md", "shuffle deck 12 8 7 14 2 11 13 4 3 5 1 10 9 6",
         "shuffle deck 12 8 7 14 2 11 13 4 3 5 1 10 9 6   # the deck's order")
    out = tmp_path / "out"
    built = cli("build", "--kit", str(folder), "--out", str(out))
    assert built.exit_code == 0, built.output
    printed = _block((out / "star-race" / "rules.md").read_text())
    written = _block((folder / "rules.md").read_text())
    shuffle = "shuffle deck 12 8 7 14 2 11 13 4 3 5 1 10 9 6"
    assert printed[0] == "the deck is shuffled".ljust(len(shuffle)) + "   # the deck's order"  # the comment keeps its column
    assert written[0].startswith("shuffle deck 12 8 7") and printed[1:] == written[1:]  # players' moves as written
    assert "shuffle deck 12 8 7 14 2 11 13 4 3 5 1 10 9 6" in (out / "star-race" / "example.log").read_text()
    pdf = pdfium.PdfDocument(str(out / "star-race" / "rules.pdf"))
    text = "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    assert "the deck is shuffled" in text and "shuffle deck" not in text and "12 8 7 14" not in text
    assert "this note is not printed" not in text  # the designer's note in rules.md is a template comment
    fonts = {str(font.get_object().get("/BaseFont")) for page in PdfReader(out / "star-race" / "rules.pdf").pages
             for font in page["/Resources"]["/Font"].values()}
    assert any(name.endswith("DejaVuSansMono") for name in fonts), fonts  # the example in an embedded monospace face


def test_the_example_is_set_monospace_so_comments_line_up(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    out = tmp_path / "out"
    assert cli("build", "--kit", str(folder), "--out", str(out)).exit_code == 0
    page = pdfium.PdfDocument(str(out / "star-race" / "rules.pdf"))[0]
    textpage = page.get_textpage()
    starts = []
    for needle in ("# Player 1 pays 1", "# Player 2: 4 coins", "# Player 1: 6 stars"):
        index = textpage.get_text_range().index(needle)
        starts.append(round(textpage.get_charbox(index)[0], 1))
    assert len(set(starts)) == 1, starts  # comments after moves of different lengths start in one column


def test_log_game_writes_game_n_of_the_run_as_simulate_played_it(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    out = tmp_path / "out"
    result = cli("simulate", "--kit", str(folder), "--games", "1500", "--seed", "3", "--log-game", "1200", "--out", str(out))
    assert result.exit_code == 0, result.output
    log = out / "star-race" / "logs" / "simulate-seed-3-game-1200.log"
    assert f"  game 1200: {log} (printkit replay --kit {folder} shows it; paste it into rules.md's ```game block)" in result.output
    lines = log.read_text().splitlines()
    assert lines[0] == "# Star Race: game 1200 of printkit simulate --seed 3 --players random,random"
    assert lines[2].startswith("shuffle deck ") and lines[2].endswith(" # chance")
    assert re.fullmatch(r"(play|discard) .+ +# Player 1", lines[3]) and re.fullmatch(r"(play|discard) .+ +# Player 2", lines[4])
    assert len({line.index("#") for line in lines[3:]}) == 1  # one column
    replayed = cli("replay", "--kit", str(folder), str(log), "--json")
    assert replayed.exit_code == 0, replayed.output
    data = json.loads(replayed.output)
    assert lines[1] == f"# {data['moves']} moves, {data['winner']} wins ({data['reason']})" or data["winner"] is None
    # the same games simulate counted: each game's length, in the run's order, across the chunks of 1,000
    opened = open_kit(str(folder))
    tally, _ = simulate_chunked(opened.ref, opened.setup, ("random", "random"), 1500, 3)
    for number in (1, 1000, 1001, 1500):
        made = cli("simulate", "--kit", str(folder), "--games", "1500", "--seed", "3", "--log-game", str(number),
                   "--out", str(out))
        assert made.exit_code == 0, made.output
        moves = [line for line in (out / "star-race" / "logs" / f"simulate-seed-3-game-{number}.log").read_text().splitlines()
                 if not line.startswith("#")]
        assert len(moves) == tally.lengths[number - 1], number


def test_log_game_is_for_kit_folders_and_within_the_run(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    game = cli("simulate", "--game", "warfare", "--games", "10", "--log-game", "1")
    assert game.exit_code == 1 and game.output == ("error: --log-game is for kit folders (--kit DIR): a built-in game's runs "
                                                   "are played by its own fast engines\n")
    past = cli("simulate", "--kit", str(folder), "--games", "10", "--log-game", "11")
    assert past.exit_code == 1 and past.output == "error: --log-game 11: the run plays 10 games (--games)\n"
