"""--sweep and --players parsing: values, ranges, the same limits and messages as --set."""

from __future__ import annotations

import pytest

from printkit.balance.sweep import Point, SweepError, parse_players, parse_sweep, parse_sweeps, points
from printkit.errors import ConfigError
from printkit.games import params_class

Params = params_class("warfare")
PLAYERS = ("random", "greedy")


def test_lists_and_ranges() -> None:
    assert parse_sweep("games.warfare.board_size=5,6,8", "warfare", Params).values == (5, 6, 8)
    assert parse_sweep("games.warfare.abilities.bomb=0..2", "warfare", Params).values == (0, 1, 2)
    axis = parse_sweep("games.warfare.cell_mm=20,25.5", "warfare", Params)
    assert axis.values == (20.0, 25.5) and axis.short == "cell_mm"


@pytest.mark.parametrize(("item", "message"), [
    ("games.warfare.board_sise=5,6", "games.warfare.board_sise: unknown key"),
    ("games.warfare.player_x=A,B", "not a numeric parameter"),
    ("games.warfare.territory_victory=true,false", "not a numeric parameter"),
    ("games.warfare.board_size=8..5", "empty range '8..5'"),
    ("games.warfare.board_size=a..b", "a range is two integers"),
    ("games.warfare.board_size=", "expected values"),
    ("games.warfare.abilities=1,2", "is a table"),
    ("games.ultimate.board_size=5", "expected a key of the game's parameters"),
    ("print.bleed_mm=1,2", "expected a key of the game's parameters"),
    ("board_size", "expected KEY=V1,V2"),
])
def test_bad_sweeps_name_the_key(item: str, message: str) -> None:
    with pytest.raises(SweepError, match=message.replace("(", r"\(").replace(".", r"\.")):
        parse_sweep(item, "warfare", Params)


def test_values_get_the_limits_and_words_of_set() -> None:
    with pytest.raises(ConfigError) as info:
        parse_sweep("games.warfare.board_size=6,2", "warfare", Params)
    assert str(info.value) == "--sweep: games.warfare.board_size: expected 3 to 20, got 2"
    with pytest.raises(ConfigError, match="expected an integer, got 'six'"):
        parse_sweep("games.warfare.board_size=six", "warfare", Params)


def test_a_key_swept_twice_is_an_error() -> None:
    with pytest.raises(SweepError, match="swept twice"):
        parse_sweeps(("games.warfare.board_size=5", "games.warfare.board_size=6"), "warfare", Params)


def test_players_are_matchups() -> None:
    assert parse_players("random,greedy", PLAYERS) == [("random", "random"), ("greedy", "greedy")]
    assert parse_players("greedy/random, random", PLAYERS) == [("greedy", "random"), ("random", "random")]
    with pytest.raises(SweepError, match="unknown player 'genius'"):
        parse_players("random,genius", PLAYERS)
    with pytest.raises(SweepError, match="expected NAME or A/B"):
        parse_players("a/b/c", PLAYERS)


def test_points_are_the_product_first_axis_slowest() -> None:
    axes = parse_sweeps(("games.warfare.board_size=6,7", "games.warfare.abilities.bomb=0..1"), "warfare", Params)
    found = points(axes, [("random", "random"), ("greedy", "greedy")])
    assert len(found) == 8
    assert found[0] == Point((("games.warfare.board_size", 6), ("games.warfare.abilities.bomb", 0)), ("random", "random"))
    assert found[-1].values == (("games.warfare.board_size", 7), ("games.warfare.abilities.bomb", 1))
    assert len({p.ident for p in found}) == 8
