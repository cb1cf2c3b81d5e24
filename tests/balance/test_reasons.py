"""How games ended, grouped into kinds for any game's reason strings; SiTTeRS's report read in a minute."""

from __future__ import annotations

import io
import re
from pathlib import Path

from PIL import Image

from printkit.rules.reasons import group_reasons, kind_of, reasons_lines
from tests.datakit.helpers import run

SITTERS = {
    "score 30 (1 survivors, 13 loot) is below 50": 4,
    "score 20 (0 survivors, 12 loot) is below 50": 2,
    "score 70 (3 survivors, 25 loot) is above 50": 5,
    "score 50 (2 survivors, 20 loot) equals 50": 1,
}


def test_a_kind_is_the_text_with_free_standing_numbers_as_slots() -> None:
    assert kind_of("score 30 (1 survivors, 13 loot) is below 50") == ("score # (# survivors, # loot) is below #", [30, 1, 13, 50])
    assert kind_of("P1 has no tokens left") == ("P1 has no tokens left", [])
    assert kind_of("line of 4.5 at -2") == ("line of # at #", [4.5, -2])
    assert kind_of("card #3 won") == ("card ＃# won", [3.0])  # a "#" of the text is not a slot


def test_reasons_group_into_a_few_kinds_with_ranges() -> None:
    kinds = group_reasons(SITTERS)
    assert [(k.short(), k.games) for k in kinds] == [
        ("score # (# survivors, # loot) is below 50", 6), ("score 70 (3 survivors, 25 loot) is above 50", 5),
        ("score 50 (2 survivors, 20 loot) equals 50", 1)]
    assert kinds[0].names == ["score", "survivors", "loot", "below"] and kinds[0].varying() == [0, 1, 2]
    assert kinds[0].slots[0] == {30.0: 4, 20.0: 2}
    assert reasons_lines(SITTERS) == ["score 20-30 (0-1 survivors, 12-13 loot) is below 50: 6 (50%)",
                                      "score 70 (3 survivors, 25 loot) is above 50: 5 (42%)",
                                      "score 50 (2 survivors, 20 loot) equals 50: 1 (8%)"]


def test_any_game_s_strings_group_and_identities_stay_apart() -> None:
    reasons = {"P1 has no tokens left": 126, "P2 has no tokens left": 162, "both reserves empty, defender won": 12,
               "the dragon ate 3 knights in round 7": 2, "the dragon ate 5 knights in round 9": 1}
    lines = reasons_lines(reasons)
    assert lines == ["P2 has no tokens left: 162 (53%)", "P1 has no tokens left: 126 (42%)",
                     "both reserves empty, defender won: 12 (4%)", "the dragon ate 3-5 knights in round 7-9: 3 (1%)"]
    assert group_reasons(reasons)[-1].names == ["knights", "round"]


def test_simulate_and_the_balance_report_show_kinds_and_a_histogram(tmp_path: Path) -> None:
    simulated = run("simulate", "--game", "sitters", "--games", "400", "--seed", "1", "--out", str(tmp_path / "o"))
    ended = [line for line in simulated.output.splitlines() if line.startswith("  ended by ")]
    assert simulated.exit_code == 0 and 1 <= len(ended) <= 3, simulated.output
    assert all(re.fullmatch(r"  ended by score [\d-]+ \([\d-]+ survivors, [\d-]+ loot\) (is below|is above|equals) 50: [\d,]+ \(\d+%\)", line)
               for line in ended), ended
    result = run("balance", "--game", "sitters", "--games", "400", "--seed", "1", "--players", "random,basic",
                 "--out", str(tmp_path / "o"))
    assert result.exit_code == 0, result.output
    folder = tmp_path / "o/sitters/balance"
    html = (folder / "report.html").read_text()
    cells = re.findall(r'<td class="l">(score .*?)</td>', html)
    assert len(cells) == 2 and all(1 <= cell.count("<br>") + 1 <= 3 for cell in cells), cells
    assert '<img src="reasons.png"' in html
    header = (folder / "results.csv").read_text().splitlines()[0]
    assert "ended_by_score # (# survivors, # loot) is below #" in header and header.count("ended_by_") <= 3
    plot = Image.open(io.BytesIO((folder / "reasons.png").read_bytes())).convert("RGB")
    colours = {colour for _, colour in plot.getcolors(1 << 22)}
    assert {(0x00, 0x72, 0xB2), (0xD5, 0x5E, 0x00)} <= colours  # bars of two kinds of ending, stacked by score


def test_games_without_numbers_in_their_reasons_get_no_reasons_plot(tmp_path: Path) -> None:
    result = run("balance", "--game", "warfare", "--games", "200", "--seed", "1", "--set", "games.warfare.board_size=6",
                 "--out", str(tmp_path / "o"))
    assert result.exit_code == 0, result.output
    folder = tmp_path / "o/warfare/balance"
    assert not (folder / "reasons.png").exists()
    assert re.search(r'<td class="l">(line|stalemate|territory): \d+ \(\d+%\)<br>', (folder / "report.html").read_text())
