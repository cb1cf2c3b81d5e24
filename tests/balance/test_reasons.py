"""How games ended, grouped into kinds for any game's reason strings; SiTTeRS's report read in a minute."""

from __future__ import annotations

import html
import io
import json
import re
from collections import Counter
from pathlib import Path

from PIL import Image

from printkit.balance.plots import reason_panels
from printkit.rules.game import Outcome
from printkit.rules.metrics import ended, figures
from printkit.rules.reasons import group_reasons, kind_of, number_roles, reasons_lines
from printkit.rules.simulate import wilson_interval
from tests.datakit.helpers import run
from tests.kitrules.helpers import cli, edit, scaffold

SITTERS = {
    "score 30 (1 survivors, 13 loot) is below 50": 4,
    "score 20 (0 survivors, 12 loot) is below 50": 2,
    "score 70 (3 survivors, 25 loot) is above 50": 5,
    "score 50 (2 survivors, 20 loot) equals 50": 1,
}


def test_a_kind_is_the_text_with_free_standing_numbers_as_slots() -> None:
    assert kind_of("score 30 (1 survivors, 13 loot) is below 50") == ("score # (# survivors, # loot) is below #", (30, 1, 13, 50))
    assert kind_of("P1 has no tokens left") == ("P1 has no tokens left", ())
    assert kind_of("line of 4.5 at -2") == ("line of # at #", (4.5, -2))
    assert kind_of("card #3 won") == ("card ＃# won", (3.0,))  # a "#" of the text is not a slot


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


def _market(winner_loser: list[tuple[int, int, int]]) -> tuple[dict[str, int], Counter[str]]:
    """Reasons ``the market ran dry: W to L`` (the winner's score to the loser's) of games (winner seat, W, L), and the
    measures the engine counts for them."""
    reasons: Counter[str] = Counter()
    outcomes = []
    for winner, won, lost in winner_loser:
        reason = f"the market ran dry: {won} to {lost}"
        reasons[reason] += 1
        scores = (won, lost) if winner == 0 else (lost, won)
        outcomes.append(Outcome(winner, reason, scores))
    measures: Counter[str] = Counter()
    ended(measures, 2, outcomes)
    return dict(reasons), measures


def test_two_numbers_of_a_reason_are_named_by_the_scores_they_held() -> None:
    games = [(0, 18, 7), (1, 32, 19), (0, 25, 12), (1, 20, 20), (0, 21, 9)]
    reasons, measures = _market(games)
    roles = number_roles(measures, ("Player 1", "Player 2"))
    assert roles == {"the market ran dry: # to #": ["winner's score", "loser's score"]}
    kind = group_reasons(reasons, roles)[0]
    assert kind.names == ["winner's score", "loser's score"]
    assert kind.slots[0] == Counter({18: 1, 32: 1, 25: 1, 20: 1, 21: 1})  # the first number: the winners' scores
    assert kind.slots[1] == Counter({7: 1, 19: 1, 12: 1, 20: 1, 9: 1})  # the second: the losers'
    # a range, each named, not "18-32 to 7-20" (which reads like a score)
    assert reasons_lines(reasons, roles) == ["the market ran dry: # to # (winner's score 18-32, loser's score 7-20): 5 (100%)"]
    figured = figures(measures, 2, ("Player 1", "Player 2"), wilson_interval)
    assert figured["reason_numbers"] == roles


def test_a_number_matching_no_score_keeps_its_word_or_its_place() -> None:
    reasons = {"the market ran dry: 18 to 7": 2, "the market ran dry: 32 to 19": 1}
    kind = group_reasons(reasons)[0]
    assert kind.names == ["1st number", "2nd number"]  # both beside "to": not two panels called "to"
    assert reasons_lines(reasons) == ["the market ran dry: # to # (1st number 18-32, 2nd number 7-19): 3 (100%)"]
    assert reasons_lines({"lost by -3 points": 1, "lost by -1 points": 1}) == ["lost by -3 to -1 points: 2 (100%)"]
    # a seat's own score, and a score every player shares
    _, measures = _market([(0, 5, 3)] * 3)
    assert number_roles(measures, ("Ann", "Bob"))["the market ran dry: # to #"] == ["winner's score", "loser's score"]
    tied: Counter[str] = Counter()
    ended(tied, 2, [Outcome(None, f"tied at {n}", (n, n)) for n in (4, 5, 6)] +
          [Outcome(0, f"Ann reached {n}", (n, 2)) for n in (7, 8, 9)])
    assert number_roles(tied, ("Ann", "Bob")) == {"Ann reached #": ["winner's score"], "tied at #": ["tied score"]}
    few: Counter[str] = Counter()  # two games: a number may match a score by chance, no name from the scores yet
    ended(few, 2, [Outcome(0, "round 3", (3, 1)), Outcome(0, "round 4", (4, 1))])
    assert number_roles(few, ("Ann", "Bob")) == {}


def test_the_reasons_plot_draws_each_number_of_a_two_number_reason_in_its_own_panel(tmp_path: Path) -> None:
    """reasons.png of a kit whose cards-ran-out reason says the winner's stars to the loser's: two panels, labelled by
    whose score each is, each holding that number's counts (not the first number twice)."""
    folder = scaffold(tmp_path)
    edit(folder / "rules.py", '''            return Outcome(0 if ranked[0] > ranked[1] else 1, "the cards ran out: most stars (then coins) wins", tuple(stars))''',
         '''            won = 0 if ranked[0] > ranked[1] else 1
            return Outcome(won, f"the market ran dry: {stars[won]} to {stars[1 - won]}", tuple(stars))''')
    result = cli("balance", "--kit", str(folder), "--games", "600", "--workers", "1", "--out", str(tmp_path / "o"))
    assert result.exit_code == 0, result.output
    out = tmp_path / "o/star-race/balance"
    results = json.loads((out / "results.json").read_text())
    names, rows = reason_panels(results)
    assert names == ["winner's score", "loser's score"]
    (point, (winners, losers)), = rows
    reasons = {kind_of(r)[1]: n for r, n in point["reasons"].items() if r.startswith("the market ran dry")}
    won, lost = Counter(), Counter()
    for (w, l), n in reasons.items():
        won[w] += n
        lost[l] += n
    assert winners == [("the market ran dry: # to #", won)] and losers == [("the market ran dry: # to #", lost)]
    assert won != lost and all(w >= l for w, l in reasons)
    labels = re.findall(r"<!-- (.*?) -->", (out / "reasons.svg").read_text())
    assert "winner's score" in labels and "loser's score" in labels and "to" not in labels
    assert f"the market ran dry: # to # (winner's score {min(won):g}-{max(won):g}, loser's score {min(lost):g}-{max(lost):g})" \
        in html.unescape((out / "report.html").read_text())
    simulated = cli("simulate", "--kit", str(folder), "--games", "300", "--out", str(tmp_path / "o"))
    assert re.search(r"^  ended by the market ran dry: # to # \(winner's score \d-\d, loser's score \d-\d\): \d+ \(\d+%\)$",
                     simulated.output, re.M), simulated.output
