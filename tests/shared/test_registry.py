"""The games' registry: a game's package is light, its parameters and whether it has a kit are known without its
rules, and an unchanged `build --all` loads no game's rules at all."""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

import pytest

from printkit.errors import UnknownGameError
from printkit.games import available, get_game, has_kit, kit_builder, params_class
from tests.shared.test_cli import _imported

RULES = tuple(f"printkit.games.{game}.{module}" for game in available() for module in ("spec", "engine", "players", "terminal", "rules"))
PLAY = tuple(f"printkit.games.{game}.{module}" for game in available() for module in ("spec", "players", "terminal"))


@pytest.mark.parametrize("game", available())
def test_params_and_kit_are_the_specs_own(game: str) -> None:
    spec = get_game(game)
    assert params_class(game) is spec.params and has_kit(game) == (spec.kit is not None)
    assert spec.kit is kit_builder(game)  # every game is played from its kit folder: the spec builds it as kit_builder does
    assert not find_spec(f"printkit.games.{game}.spec")  # no package behind a SPEC


def test_an_unknown_game_is_refused_by_each_door() -> None:
    for ask in (params_class, has_kit, get_game):
        with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
            ask("chess")


def test_an_unchanged_build_all_loads_no_games_rules(tmp_path: Path) -> None:
    _imported(["build", "--all", "--out", str(tmp_path)])
    assert not _imported(["build", "--all", "--out", str(tmp_path)], RULES) & set(RULES)


@pytest.mark.parametrize("game", available())
def test_a_kit_is_made_without_the_games_players_or_terminal(game: str, tmp_path: Path) -> None:
    """A kit is made from its kit module (here one kit: in this process): what plays the game in a terminal or a
    simulation stays unloaded."""
    assert not _imported(["build", "--game", game, "--out", str(tmp_path)], PLAY) & set(PLAY)


def test_a_kit_without_raster_pictures_never_runs_pillow(tmp_path: Path) -> None:
    """reportlab imports Pillow's Image module at once; a build defers it to its first use (a PNG picture, an export):
    the module is imported, never run (it would import PIL.ImageMode)."""
    assert "PIL.ImageMode" not in _imported(["build", "--game", "warfare", "--out", str(tmp_path)], ("PIL.ImageMode",))
