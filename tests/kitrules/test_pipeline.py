"""The build pipeline (printkit.kitgame.pipeline): a kit folder opened once, its rules made once, the rule sheet's
example game found and replayed once and handed to the steps that read it, the parameters worked out in one place."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from printkit.build import make_data_kit
from printkit.kitgame import example, sheet
from printkit.kitgame.engine import KitRules
from printkit.table.kitsource import folder_source, read_kit
from tests.kitrules.helpers import edit, example_log, scaffold

SHEET = ("    def score(self, state, player):\n",
         "    def sheet(self, example):\n"
         "        return {'moves': len(example), 'last': example[-1].line}\n\n"
         "    def score(self, state, player):\n")


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """The rules made (each KitRules) and the example games replayed (each replay of the rule sheet's), as they happen."""
    made: dict[str, list[Any]] = {"rules": [], "replays": [], "checked": []}
    init, replay, ending = KitRules.__init__, example.replay, sheet.ending_findings

    def making(self: KitRules, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        made["rules"].append(self)

    def replaying(rules: Any, lines: Any, source: str) -> Any:
        made["replays"].append(source)
        return replay(rules, lines, source)

    def checking(rules: KitRules, *args: Any, **kwargs: Any) -> Any:
        made["checked"].append(rules)
        return ending(rules, *args, **kwargs)

    monkeypatch.setattr(KitRules, "__init__", making)
    monkeypatch.setattr(example, "replay", replaying)
    monkeypatch.setattr(sheet, "ending_findings", checking)
    return made


def test_a_build_makes_its_rules_once_and_replays_its_example_once(tmp_path: Path, counted: dict[str, list[Any]]) -> None:
    folder = scaffold(tmp_path)
    edit(folder / "rules.py", *SHEET)
    edit(folder / "rules.md", "```game\n", "The example's {{ sheet.moves }} moves end with `{{ sheet.last }}`.\n\n```game\n")
    kit = make_data_kit(str(folder))
    assert len(counted["rules"]) == 1 and counted["checked"] == counted["rules"]  # the rules opened are the rules checked
    assert counted["replays"] == [f"{folder}/rules.md"]  # sheet(), the figures, the checks and the chance moves told
    written = example.example_game((folder / "rules.md").read_text(), "rules.md")
    assert written is not None
    moves = len(written.lines)
    assert f"The example's {moves} moves end with" in kit.rules_text
    assert "the deck is shuffled" in kit.rules_text  # its chance moves as the players are told them, from that replay


def test_the_table_opens_a_kit_once_and_builds_it_with_its_set_items(tmp_path: Path, counted: dict[str, list[Any]]) -> None:
    folder = scaffold(tmp_path)
    sets = ("params.goal=6",)
    table = read_kit(folder_source(str(folder), sets), 1)
    made = counted["rules"]
    assert len(made) == 2 and table.rules is made[1]  # made as it was opened (the build's), and the table's own
    assert counted["checked"] == made[:1] and made[0].setup.sets == sets  # a failed check game names the table's --set
    assert table.rules.setup.sets == sets and table.rules.game.params["goal"] == 6


def test_a_kit_without_rules_prints_its_example_as_written_and_its_print_note_reads_its_params(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    edit(folder / "kit.toml", 'rules = "rules.py"', "")
    edit(folder / "rules.md", "![The score track after move 7](game:7)", "")  # a position only rules can replay
    edit(folder / "kit.toml", "[print]", 'print_note = "Race to {params.goal} stars; {params.nothing} stays"\n\n[print]')
    kit = make_data_kit(str(folder))
    assert kit.print_notes == ["Race to 5 stars; {params.nothing} stays"]
    assert "shuffle deck 12 8 7" in kit.rules_text  # no rules to replay its example: printed as written


def test_under_other_parameters_the_example_is_still_replayed_once(tmp_path: Path, counted: dict[str, list[Any]]) -> None:
    """--set params.goal=6 (not kit.toml's 5): the example is replayed when found, to see it still fits, and that replay
    serves the rendered sheet too."""
    folder = scaffold(tmp_path)
    edit(folder / "rules.py", *SHEET)  # sheet() reads the example as written, the checks as rendered
    kit = make_data_kit(str(folder), ("params.goal=6",))
    assert counted["replays"] == [f"{folder}/rules.md"] and "```game" in kit.rules_text


def test_an_example_log_is_replayed_once_for_finding_it_the_sheet_and_the_checks(tmp_path: Path,
                                                                                  counted: dict[str, list[Any]]) -> None:
    folder = scaffold(tmp_path)
    edit(folder / "rules.py", *SHEET)
    log = example_log(folder, tmp_path)
    (folder / "example.log").write_text(log.read_text())
    edit(folder / "kit.toml", 'file = "rules.md"', 'file = "rules.md"\nexamples = ["example.log"]\nexample_file = "example.log"')
    edit(folder / "rules.md", "```game\n", "The example's {{ sheet.moves }} moves end with `{{ sheet.last }}`.\n\n```game\n")
    kit = make_data_kit(str(folder))
    # found by replaying it, sheet() and the checks reading that replay; rules.md's ```game block, which the log stands
    # for, is replayed once more only to tell its chance moves as the players hear them
    assert counted["replays"] == [f"{folder}/example.log", f"{folder}/rules.md"]
    assert kit.extra_files == {"example.log": log.read_text()}
    assert f"The example's {len(example.logged_example(log.read_text(), 'x').lines)} moves end with" in kit.rules_text
