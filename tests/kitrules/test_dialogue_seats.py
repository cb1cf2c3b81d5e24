"""A dialogue of the designer's own for some seatings only (``Game.dialogue_seats``), as SiTTeRS has one for the
computer playing the obstructors: every other seating gets printkit's own terminal game."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from printkit.cli import main
from tests.datakit.helpers import CSV, write_kit
from tests.kitrules.test_secret_answers import DIALOGUE, KIT, RULES

SEATED = RULES.replace("from printkit.kitrules import Game, Outcome", "from printkit.kitrules import Answered, Game, Outcome") \
    .replace('    per_player = ("score",)', '    per_player = ("score",)\n    dialogue_seats = (1,)') + DIALOGUE


def _play(kit: Path, *args: str) -> str:
    result = CliRunner().invoke(main, ["play", "--kit", str(kit), *args], input="1\n" * 40)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_dialogue_plays_its_seatings_only(tmp_path: Path) -> None:
    kit = write_kit(tmp_path / "guess", KIT, {"cards.csv": CSV, "rules.py": SEATED})
    assert _play(kit, "--computer", "high").startswith("== Guess ==\nP1 hides:\n")  # the computer in the second seat
    for args in (("--computer", "high", "--side", "1"), ()):  # the computer first, or two players: printkit's own
        output = _play(kit, *args)
        assert "== Guess ==" not in output and output.startswith("---- Guess ----\n")
