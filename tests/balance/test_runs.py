"""Chunked seeded playouts (same numbers for any worker count), restricted play, figures and flags."""

from __future__ import annotations

import random

import pytest

from printkit.balance.chunks import Task, chunk_seed, chunk_tasks, merge, run_task, split
from printkit.balance.figures import flags, newcombe
from printkit.balance.restrict import game_abilities, without
from printkit.balance.simulation import simulate_chunked
from printkit.games import get_game, params_class
from printkit.games.warfare.rules import Turn
from printkit.rules.game import play_out

Params = params_class("warfare")
SMALL = Params(board_size=4, line_length=3)


def test_chunks_and_seeds_are_fixed() -> None:
    assert split(2500) == [1000, 1000, 500] and split(1000) == [1000] and split(3) == [3]
    assert chunk_seed(1, "p", 0) == chunk_seed(1, "p", 0) != chunk_seed(1, "p", 1) != chunk_seed(1, "q", 1)
    tasks = chunk_tasks(Task("warfare", SMALL, ("random", "random"), 0, 0), 2100, 7, "p")
    assert [t.games for t in tasks] == [1000, 1000, 100] and len({t.seed for t in tasks}) == 3


def test_same_seed_same_numbers_for_any_worker_count() -> None:
    one, done_one = simulate_chunked("warfare", SMALL, ("random", "random"), 2500, 5, workers=1)
    two, done_two = simulate_chunked("warfare", SMALL, ("random", "random"), 2500, 5, workers=2)
    assert done_one and done_two and one.games == 2500
    assert one.results == two.results and one.lengths == two.lengths and one.reasons == two.reasons and one.extra == two.extra
    other, _ = simulate_chunked("warfare", SMALL, ("random", "random"), 2500, 6, workers=1)
    assert other.lengths != one.lengths


def test_merge_keeps_chunk_order() -> None:
    tasks = chunk_tasks(Task("warfare", SMALL, ("random", "random"), 0, 0), 30, 1, "m")
    parts = [run_task(t) for t in tasks]
    total = merge(parts)
    assert total.lengths == [n for p in parts for n in p.lengths] and total.games == 30


def test_a_restricted_seat_never_plays_the_ability() -> None:
    spec = get_game("warfare")
    uses = game_abilities(spec, Params())["convert"]
    rules = spec.rules(Params())
    rng = random.Random(3)
    seat0 = without(spec.players["random"], uses)
    used = {0: 0, 1: 0}
    for _ in range(40):
        game = play_out(rules, (seat0, spec.players["random"]), rng)
        for move in game.moves:
            if isinstance(move, Turn) and move.ability == "convert":
                used[move.player] += 1
    assert used[0] == 0 and used[1] > 0


@pytest.mark.parametrize(("game", "expected"), [
    ("warfare", {"bomb", "shield", "convert", "fortress"}),
    ("tictactwo", {"double", "swap", "shift", "dibs", "intersect", "wall"}),
    ("ultimate", {"extra-turn", "triple", "double"}),
    ("sitters", {"return"}),
])
def test_games_name_their_abilities(game: str, expected: set[str]) -> None:
    spec = get_game(game)
    assert set(game_abilities(spec, spec.params())) == expected


def test_abilities_follow_the_parameters() -> None:
    Abilities = type(Params().abilities)

    spec = get_game("warfare")
    assert set(game_abilities(spec, Params(abilities=Abilities(bomb=0, shield=2)))) == {"shield", "convert", "fortress"}


@pytest.mark.parametrize("game", ["tictactwo", "ultimate", "sitters"])
def test_restricted_play_runs_for_every_game(game: str) -> None:
    spec = get_game(game)
    ability = next(iter(game_abilities(spec, spec.params())))
    full = run_task(Task(game, spec.params(), ("random", "random"), 6, 2, None, True))
    restricted = run_task(Task(game, spec.params(), ("random", "random"), 6, 2, (0, ability), True))
    assert full.games == restricted.games == 6
    assert full.extra["seat_1_wins"] + full.extra["seat_2_wins"] + full.results["draw"] == 6


def test_newcombe_interval_contains_the_difference() -> None:
    diff, low, high = newcombe(300, 1000, 250, 1000)
    assert diff == pytest.approx(0.05) and low < diff < high and 0 < low and high < 0.1


def test_flags_in_plain_words() -> None:
    point = {"values": {"games.warfare.board_size": 6}, "players": "random/random", "first_share": 0.65,
             "first_share_interval": [0.6, 0.7], "rates": {"first": 0.35, "second": 0.18, "draw": 0.47},
             "abilities": [{"ability": "bomb", "seat": 1, "seat_name": "X", "change": -0.13, "full_rate": 0.25,
                            "restricted_rate": 0.12}]}
    found = flags("warfare", point, several_matchups=False)
    assert "warfare at board_size 6: 47% draws" in found
    assert any(f.startswith("warfare at board_size 6: the first player wins 65% of decisive games") for f in found)
    assert any("bomb is worth 13 points to X" in f for f in found)
    calm = dict(point, first_share=0.5, rates={"first": 0.4, "second": 0.4, "draw": 0.2}, abilities=[])
    assert flags("warfare", calm, several_matchups=False) == []


def test_progress_bar_on_a_terminal_only() -> None:
    import io

    from printkit.balance.progress import Progress

    quiet = io.StringIO()
    bar = Progress(2000, stream=quiet)
    bar.advance(1000)
    bar.close()
    assert quiet.getvalue() == ""
    shown = io.StringIO()
    bar = Progress(2000, stream=shown, enabled=True)
    bar.advance(1000)
    bar.advance(1000)
    text = shown.getvalue()
    assert "2,000/2,000 games" in text and "games/s" in text and "0:00 left" in text


def test_a_largest_counter_merges_as_a_maximum() -> None:
    from collections import Counter

    from printkit.balance.chunks import merge
    from printkit.rules.simulate import Tally

    parts = [Tally(extra=Counter({"largest_reserve": 15, "attacks": 3})), Tally(extra=Counter({"largest_reserve": 12, "attacks": 4}))]
    assert merge(parts).extra == Counter({"largest_reserve": 15, "attacks": 7})
