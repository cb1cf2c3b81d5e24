"""The rules API itself: hidden information, notation, chance, rows, copies, the code snapshot for workers."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from printkit.kitgame.source import KitRef, game_class
from printkit.kitgame.spec import open_kit
from printkit.kitrules import Hidden, IllegalMove, Record, copy_state, dice, notation, shuffle
from printkit.rules.game import CHANCE, chance_move
from tests.kitrules.helpers import cli, edit, example_log, scaffold


def dealt(folder: Path, seed: int = 2):
    opened = open_kit(str(folder))
    rules = opened.rules()
    state = rules.initial_state()
    state = rules.apply(state, chance_move(rules, state, random.Random(seed)))
    return opened, rules, state


def test_a_player_sees_their_hand_and_only_the_size_of_the_others(tmp_path: Path) -> None:
    opened, rules, state = dealt(scaffold(tmp_path))
    seen = rules.view(state, 0)
    assert seen["hands"][0] == state["hands"][0] and seen["hands"][1] == Hidden(3) and seen["deck"] == Hidden(8)
    assert state["hands"][1] and isinstance(state["hands"][1][0], Record)  # the engine's state is untouched
    text = rules.render_view(state, 0)
    assert all(str(card) not in text.split("hands:")[1].split(";")[1] for card in state["hands"][1])


def test_players_are_handed_the_view_not_the_state(tmp_path: Path) -> None:
    opened, rules, state = dealt(scaffold(tmp_path))
    seen_by = []

    class Spy:
        def player_spy(self, view, moves, rng):
            seen_by.append(view)
            return moves[0]

    rules.game.player_spy = Spy.player_spy.__get__(rules.game)
    from printkit.kitgame.game import _designer_player

    _designer_player("spy")(rules, state, random.Random(1))
    assert seen_by[0]["hands"][1] == Hidden(3) and seen_by[0]["deck"] == Hidden(8)


def test_apply_leaves_the_state_it_was_given(tmp_path: Path) -> None:
    opened, rules, state = dealt(scaffold(tmp_path))
    before = copy_state(state)
    after = rules.apply(state, rules.legal_moves(state)[0])
    assert state == before and after != before


def test_moves_round_trip_through_their_notation(tmp_path: Path) -> None:
    opened, rules, state = dealt(scaffold(tmp_path))
    rng = random.Random(7)
    while rules.outcome(state) is None:
        for move in rules.legal_moves(state):
            assert rules.parse_move(state, rules.format_move(state, move)) == move
        assert rules.parse_move(state, rules.format_move(state, rules.legal_moves(state)[0]).upper()) == rules.legal_moves(state)[0]
        state = rules.apply(state, opened.spec.players["random"](rules, state, rng))
    with pytest.raises(IllegalMove, match="the game is over"):
        rules.parse_move(state, "play Harvest")


def test_chance_moves_are_written_and_read_back(tmp_path: Path) -> None:
    opened = open_kit(str(scaffold(tmp_path)))
    rules = opened.rules()
    start = rules.initial_state()
    assert rules.current_player(start) == CHANCE
    move = rules.sample_chance(start, random.Random(3))
    assert rules.parse_move(start, rules.format_move(start, move)) == move
    for bad, message in [("shuffle deck 1 2", "names each of 1 to 14 once"), ("roll 3", "expected 'shuffle deck'"),
                         ("shuffle deck " + " ".join(["1"] * 14), "names each of 1 to 14 once")]:
        with pytest.raises(IllegalMove, match=message):
            rules.parse_move(start, bad)


def test_the_chance_helpers() -> None:
    two = dice(2, 6)
    assert len(two.outcomes()) == 36 and abs(sum(p for _, p in two.outcomes()) - 1) < 1e-9
    roll = two.sample(random.Random(1))
    assert two.parse(str(roll)) == roll and 2 <= roll.total <= 12
    with pytest.raises(IllegalMove, match="from 1 to 6"):
        two.parse("roll 7 1")
    assert shuffle("deck", 3).outcomes() and shuffle("deck", 20).outcomes() is None
    with pytest.raises(ValueError):
        dice(0)


def test_default_notation_and_rows() -> None:
    card = Record({"title": "Harvest", "cost": None, "coins": 2}, "Harvest", "cards")
    assert notation(("play", card)) == "play Harvest" and notation({"act": "draw", "n": 2}) == "draw 2" and notation(3) == "3"
    assert card.coins == 2 and card["cost"] is None and card == Record(dict(card), "Harvest", "cards") and hash(card)
    with pytest.raises(AttributeError, match="no column 'colour'"):
        card.colour
    with pytest.raises(AttributeError, match="read-only"):
        card.coins = 3
    state = {"hands": [[card], []], "score": (1, 2)}
    copied = copy_state(state)
    copied["hands"][0].pop()
    assert state["hands"][0] == [card] and copied["score"] is state["score"]


def test_a_worker_without_the_folder_loads_the_snapshot(tmp_path: Path) -> None:
    opened = open_kit(str(scaffold(tmp_path)))
    moved = replace(opened.ref, folder=str(tmp_path / "not-here"), digest="0" * 63 + "1")
    cls = game_class(moved)
    assert cls.__name__ == "StarRace" and cls is not game_class(opened.ref)
    assert isinstance(moved, KitRef)


def test_the_default_text_sorts_each_hand_and_leaves_out_internal_keys(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    log = example_log(folder, tmp_path)
    before = cli("replay", "--kit", str(folder), str(log))
    assert before.exit_code == 0 and "discard: [" in before.output, before.output
    edit(folder / "rules.py", '    private = ("hands",)', '    internal = ("discard",)\n    private = ("hands",)')
    after = cli("replay", "--kit", str(folder), str(log))
    assert after.exit_code == 0, after.output
    assert "discard:" not in after.output  # bookkeeping the designer marked internal
    # Player 1's first hand, dealt Market Day, Wish, Market Day, reads sorted by the cards' labels
    assert "hands: Player 1: [Market Day, Market Day, Wish]; Player 2: [Harvest, Harvest, Shooting Star]" in after.output


def test_each_seats_opening_hand_is_read_back_from_a_games_moves(tmp_path: Path) -> None:
    """``balance --cards`` knows what each seat was dealt from the game's moves alone: the cards in its own private
    entry (the scaffold's hand) when it first decides, as the game held them while it was played."""
    from printkit.kitgame.cards import opening_hands
    from printkit.kitgame.engine import random_player
    from printkit.rules.game import play_out

    rules = open_kit(str(scaffold(tmp_path))).rules()
    for seed in range(5):
        trail: list = []
        game = play_out(rules, (random_player, random_player), random.Random(seed), trail=trail)
        seen = [next({str(card) for card in state["hands"][seat]} for state, _ in trail if rules.current_player(state) == seat)
                for seat in (0, 1)]
        assert opening_hands(rules, game.moves) == seen and all(len(hand) >= 2 for hand in seen)
