"""Token Tactics playouts, players, simulate and the designer figures."""

from __future__ import annotations

import random
from typing import Any

import pytest

from printkit.games import get_game
from printkit.games.tokentactics.rules import peak_histogram, peak_percentile
from printkit.kitgame.engine import KitRules
from printkit.kitgame.players import pair
from printkit.kitrules import Answered
from printkit.rules.simulate import simulate
from tests.games.tokentactics_helpers import Params, game, kit_rules

pytestmark = pytest.mark.usefixtures("kernel_unwatched")

SPEC = get_game("tokentactics")
PLAYERS = SPEC.players
observe, fast_simulate = SPEC.observe, SPEC.fast_simulate
RULES = kit_rules()
FORTIFY = "fortify"


def at(p1: int, p2: int, to_move: int = 0) -> dict[str, Any]:
    """A position with the given reserves (rules.py's state)."""
    return {"reserves": [p1, p2], "to_move": to_move, "turn": 0, "peak": [p1, p2], "winner": None, "cap_reached": False}


def checked_playout(rules: KitRules, names: tuple[str, str], rng: random.Random) -> int:
    """Play one game move by move, checking notation round trips and that the end comes last."""
    policies = pair(PLAYERS[names[0]], PLAYERS[names[1]])
    state, moves, game = rules.initial_state(), 0, rules.game
    while rules.outcome(state) is None:
        assert game.can_fortify(state) or game.can_attack(state), "a player with no legal action"
        move = policies[state["to_move"]](rules, state, rng)
        text = rules.format_move(state, move)
        assert rules.parse_move(state, text) == move
        state = rules.apply(state, move)
        moves += 1
        assert max(state["reserves"]) <= max(game.params.reserve_cap, game.params.starting_tokens)
    assert rules.legal_moves(state) == [] and 0 in state["reserves"]
    return moves


@pytest.mark.parametrize("params", [Params(), Params(starting_tokens=3, reserve_cap=6, fortify_amount=2,
                                                     minimum_attack=2)])
def test_random_playouts_never_raise(params: Params) -> None:
    rules, rng = kit_rules(params), random.Random(7)
    lengths = [checked_playout(rules, ("random", "random"), rng) for _ in range(1500)]
    assert min(lengths) == 1 and max(lengths) < 200


def test_mixed_pairings_play_out() -> None:
    rng = random.Random(3)
    for names in [("strategic", "random"), ("random", "mixed"), ("mixed", "strategic")]:
        for _ in range(300):
            checked_playout(RULES, names, rng)


def test_random_moves_are_legal_moves() -> None:
    rng, state = random.Random(1), RULES.initial_state()
    for _ in range(200):
        if RULES.outcome(state) is not None:
            state = RULES.initial_state()
        move = PLAYERS["random"](RULES, state, rng)
        assert move in RULES.legal_moves(state)
        state = RULES.apply(state, move)


def test_strategic_choices() -> None:
    player, rng = PLAYERS["strategic"], random.Random(0)
    assert player(RULES, at(11, 10), rng) == Answered(("attack", 11), 10)
    assert player(RULES, at(10, 10), rng) == FORTIFY
    assert player(RULES, at(15, 15), rng) == Answered(("attack", 15), 15)
    assert player.answer(RULES, at(4, 9), ("attack", 4), rng) == 9


def test_pair_takes_the_defence_from_the_defender() -> None:
    first, second = pair(PLAYERS["strategic"], PLAYERS["random"])
    rng = random.Random(5)
    moves = [second(RULES, at(12, 9, 1), rng) for _ in range(50)]
    defences = {m.answer for m in moves if m != FORTIFY}
    assert defences == {12}  # the strategic defender always defends with everything
    commits = {first(RULES, at(12, 9), rng) for _ in range(50)}
    assert {m.move[1] for m in commits} == {12} and len({m.answer for m in commits}) > 3


def test_strategic_against_itself_second_player_wins() -> None:
    tally = simulate(RULES, pair(PLAYERS["strategic"], PLAYERS["strategic"]), 50, 1, observe=observe)
    data = tally.as_json()
    assert data["results"] == {"first": 0, "second": 50, "draw": 0}
    assert (data["min_length"], data["max_length"]) == (11, 11)
    assert data["reasons"] == {"both reserves empty, defender won the battle": 50}
    assert data["extra"]["cap_reached"] == 50 and data["extra"]["both_empty"] == 50
    assert data["extra"]["fortifies"] == 500 and data["extra"]["attacks"] == 50


def test_perfect_play_winner() -> None:
    # The second player wins under perfect play for every setting: the first player always faces
    # equal reserves and can only fortify until stuck at the cap.
    for cap in range(1, 31):
        for start in range(1, cap + 1):
            for step in (1, 2, 3):
                for low in (1, cap):
                    params = Params(starting_tokens=start, reserve_cap=cap, fortify_amount=step, minimum_attack=low)
                    assert game(params).perfect_play_winner() == 1


def test_fast_simulate_matches_simulate() -> None:
    slow = simulate(RULES, (PLAYERS["random"], PLAYERS["random"]), 1000, 42, observe=observe).as_json()
    fast = fast_simulate(Params(), 1000, 42).as_json()
    for key in ("results", "mean_length", "min_length", "max_length", "reasons", "extra"):
        assert fast[key] == slow[key], key


def test_random_figures_are_pinned() -> None:
    data = SPEC.fast_simulate(Params(), 2000, 1).as_json()  # type: ignore[misc]
    assert data["results"] == {"first": 1074, "second": 926, "draw": 0}
    assert data["extra"]["cap_reached"] == 2 and data["extra"]["largest_reserve"] == 15


def test_chips_needed_and_the_999th_percentile() -> None:
    assert game(Params()).reserve_bound() == 15
    assert game(Params(starting_tokens=20, reserve_cap=25)).reserve_bound() == 25
    for names in [("strategic", "strategic"), ("strategic", "mixed"), ("mixed", "strategic"), ("mixed", "mixed")]:
        tally = simulate(RULES, pair(PLAYERS[names[0]], PLAYERS[names[1]]), 1000, 9, observe=observe)
        assert max(peak_histogram(tally.extra)) <= game(Params()).reserve_bound()
        assert tally.extra["largest_reserve"] == 15
    strategic = simulate(RULES, pair(PLAYERS["strategic"], PLAYERS["strategic"]), 100, 2, observe=observe)
    assert peak_percentile(strategic.extra, 99.9) == 15 == game(Params()).reserve_bound()


def test_peak_percentile_reads_the_histogram() -> None:
    from printkit.rules.simulate import Tally

    tally = Tally()
    tally.extra.update({"max_reserve_11": 998, "max_reserve_14": 1, "max_reserve_15": 1})
    assert peak_percentile(tally.extra, 99.8) == 11 and peak_percentile(tally.extra, 99.9) == 14
    assert peak_percentile(tally.extra, 100) == 15


@pytest.mark.parametrize("name", ["random", "strategic", "mixed"])
def test_a_seat_without_fortify_attacks_whenever_it_may(name: str) -> None:
    """Restricted play (``balance --abilities``): the seat never fortifies while it may attack; its
    commitments and its defence are still its own player's (a strategic seat commits and defends in full)."""
    from printkit.balance.restrict import restricted_spec

    spec = get_game("tokentactics")
    params = Params()
    rules = kit_rules(params)
    first, second = restricted_spec(spec, params, (name, "strategic"), (0, "fortify")).players.values()
    rng, attacks = random.Random(3), 0
    for _ in range(200):
        state = rules.initial_state()
        while rules.outcome(state) is None:
            mover = state["to_move"]
            move = (first if mover == 0 else second)(rules, state, rng)
            if mover == 0:
                assert move != FORTIFY or not rules.game.can_attack(state)
                attacks += move != FORTIFY
            if name == "strategic" and move != FORTIFY:
                own = move.move[1] if mover == 0 else move.answer
                assert own == state["reserves"][0]
            state = rules.apply(state, move)
    assert attacks > 0
    assert set(spec.abilities(params)) == {"fortify"}  # type: ignore[misc]
