"""Cards too small for a game's card text (print.card_width_mm / card_height_mm go down to 20 mm): one error naming the
key, its value and the size the game's own cards need, before anything is written; at that size the kit builds with
every text in its box."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.build import make_kit
from printkit.cli import main
from printkit.config import load_config
from printkit.draw.shapes import Text, walk
from printkit.kit.checks import OVERFULL, text_overflows
from printkit.kitgame.cardsize import unfit


def _refused(game: str, out: Path, *sets: str) -> str:
    """The one error line of a build refused for its card size (nothing written)."""
    args = ["build", "--game", game, "--out", str(out)]
    for item in sets:
        args += ["--set", item]
    result = CliRunner().invoke(main, args)
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert result.exit_code != 0 and "Traceback" not in result.output and not (out / game).exists(), result.output
    assert len(errors) == 1, result.output
    return errors[0]


@pytest.mark.parametrize(("game", "key", "value", "needs"), [
    ("warfare", "card_width_mm", 20, "wide at 88 mm high"),
    ("warfare", "card_height_mm", 30, "high at 63 mm wide"),
    ("tictactwo", "card_width_mm", 50, "wide at 88 mm high"),
    ("tictactwo", "card_height_mm", 70, "high at 63 mm wide"),
])
def test_cards_too_small_for_their_text_are_one_error_naming_the_size_they_need(game: str, key: str, value: int, needs: str,
                                                                                tmp_path: Path) -> None:
    """These ended in check errors (text out of its box even at its smallest size) with the kit written for
    inspection. The size named is the least that fits: a millimetre less is refused, it builds with no text out of its
    box and nothing under the kit's own smallest size."""
    error = _refused(game, tmp_path / "small", f"print.{key}={value}")
    found = re.search(rf"print\.{key} = {value}: .* its cards need at least (\d+) mm {needs}", error)
    assert found, error
    need = int(found.group(1))
    _refused(game, tmp_path / "less", f"print.{key}={need - 1}")
    kit = make_kit(load_config(None, (f"print.{key}={need}",)), game)
    assert not [f for f in kit.findings if f.level == "error"], kit.findings
    cards = [p for s in kit.decks for p in s.pieces]
    size = (need, 88) if key == "card_width_mm" else (63, need)
    assert cards and all((p.w, p.h) == size for p in cards) and not unfit(cards)
    texts = [s for p in cards for side in (p.front, p.back) if side for s, _, _ in walk((side,)) if isinstance(s, Text)]
    assert texts and not [t for t in texts if OVERFULL in t.cls] and min(t.size for t in texts) >= 5


def test_the_size_follows_the_game_s_own_card_text(tmp_path: Path) -> None:
    """No number per game: Tic Tac Two's Meta footer is longer, so its cards need more width."""
    plain = _refused("tictactwo", tmp_path / "plain", "print.card_width_mm=50")
    meta = _refused("tictactwo", tmp_path / "meta", "print.card_width_mm=50", "games.tictactwo.meta=true")
    widths = [int(re.search(r"at least (\d+) mm wide", e).group(1)) for e in (plain, meta)]  # type: ignore[union-attr]
    assert widths[0] < widths[1], (plain, meta)


def test_both_keys_too_small_name_a_card_size_that_fits(tmp_path: Path) -> None:
    error = _refused("tictactwo", tmp_path / "small", "print.card_width_mm=20", "print.card_height_mm=20")
    w, h = map(int, re.search(r"at least (\d+) x (\d+) mm", error).groups())  # type: ignore[union-attr]
    kit = make_kit(load_config(None, (f"print.card_width_mm={w}", f"print.card_height_mm={h}")), "tictactwo")
    assert not [f for f in kit.findings if f.level == "error"], kit.findings
    assert not list(text_overflows(kit.artwork["cards"]))


NOTES = '''
from printkit.kitart import ArtKit, Group, Piece, Text


def notes(kit: ArtKit, name):
    w, h = kit.settings.card_width_mm, kit.settings.card_height_mm
    word = Text(w / 2, 12, "Supercalifragilisticexpialidocious", size=7, anchor="middle", box=(3, 6, w - 6, 8))
    fixed = Text(w / 2, 30, "Antidisestablishment", size=7, anchor="middle", box=(w / 2 - 2, 24, 4, 8))
    return [Piece("note", w, h, Group((word, fixed) if kit.params.goal == 6 else (word,)), kind="card")]
'''


def test_a_designer_kit_s_drawn_cards_are_held_to_their_own_text(tmp_path: Path) -> None:
    """A deck a kit's Python draws at print.card_width_mm: refused as the built-in games' are, with the width its own text
    needs; a text that fits no card (a box of its own too narrow) is left to the checks, which name it."""
    from tests.kitrules.helpers import scaffold

    folder = scaffold(tmp_path)
    (folder / "notes.py").write_text(NOTES, encoding="utf-8")
    (folder / "kit.toml").write_text((folder / "kit.toml").read_text() + '\n[[deck]]\nname = "notes"\nart = "notes.py:notes"\n')
    args = ["build", "--kit", str(folder), "--out", str(tmp_path / "out"), "--set"]
    small = CliRunner().invoke(main, [*args, "print.card_width_mm=30"])
    found = re.search(r"error: print\.card_width_mm = 30: .* its cards need at least (\d+) mm wide at 88 mm high", small.output)
    assert small.exit_code != 0 and found and not (tmp_path / "out" / "star-race").exists(), small.output
    fits = CliRunner().invoke(main, [*args, f"print.card_width_mm={found.group(1)}"])
    assert fits.exit_code == 0, fits.output
    never = CliRunner().invoke(main, [*args, "params.goal=6"])
    assert never.exit_code != 0 and "'Antidisestablishment' (7 pt) overflows its 4.0 x 8.0 mm box" in never.output
    assert "card_width_mm" not in never.output
