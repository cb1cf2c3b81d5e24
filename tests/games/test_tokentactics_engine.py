"""Token Tactics engine (its kit folder's rules.py through printkit.kitgame): parameters, each rule, each
clarification, notation and golden logs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from printkit.errors import ConfigError, LogError
from printkit.games import get_game
from printkit.games.tokentactics.rules import resolve
from printkit.kitgame.engine import KitRules
from printkit.kitrules import Answered
from printkit.params import from_mapping
from printkit.rules.game import IllegalMove, NotationError
from printkit.rules.log import parse_log, read_log
from printkit.rules.replay import replay, replay_json
from tests.games.sheets import clarifications
from tests.games.tokentactics_helpers import Params, example_log, kit_rules

pytestmark = pytest.mark.usefixtures("kernel_unwatched")

DATA = Path(__file__).parent.parent / "data" / "tokentactics"
RULES = kit_rules()
FORTIFY = "fortify"
State = dict[str, Any]


def at(p1: int, p2: int, to_move: int = 0) -> State:
    """A position with the given reserves (rules.py's state)."""
    return {"reserves": [p1, p2], "to_move": to_move, "turn": 0, "peak": [p1, p2], "winner": None, "cap_reached": False,
            "attacks": 0}


def attack(a: int, d: int) -> Answered:
    """An attack committing ``a`` against a defence of ``d``: one move, both revealed together."""
    return Answered(("attack", a), d)


def reserves(state: State) -> tuple[int, int]:
    return state["reserves"][0], state["reserves"][1]


def play(state: State, *moves: Any, rules: KitRules = RULES) -> State:
    for move in moves:
        state = rules.apply(state, move)
    return state


# ---- parameters -------------------------------------------------------------------------------

def test_defaults_are_the_seed() -> None:
    p = Params()
    assert (p.starting_tokens, p.reserve_cap, p.fortify_amount, p.minimum_attack) == (10, 15, 1, 1)
    assert p.player_names == ("Player 1", "Player 2")
    assert p.check() == []


def test_config_overrides_and_limits() -> None:
    p = from_mapping(Params, {"starting_tokens": 12, "reserve_cap": 20, "fortify_amount": 2,
                              "minimum_attack": 3, "player_names": ["Ann", "Bob"]}, "config.toml",
                     "games.tokentactics")
    assert p == Params(12, 20, 2, 3, ("Ann", "Bob"))
    with pytest.raises(ConfigError, match=r"games.tokentactics.starting_tokens: expected 1 to 99, got 0"):
        from_mapping(Params, {"starting_tokens": 0}, "config.toml", "games.tokentactics")
    with pytest.raises(ConfigError, match=r"fortify_amount: expected an integer, got 'one'"):
        from_mapping(Params, {"fortify_amount": "one"}, "config.toml", "games.tokentactics")


@pytest.mark.parametrize(("values", "key", "message"), [
    ({"starting_tokens": 16}, "starting_tokens", "expected at most reserve_cap (15), got 16"),
    ({"minimum_attack": 16}, "minimum_attack", "expected at most reserve_cap (15), got 16"),
    ({"player_names": ("A", "B", "C")}, "player_names", "expected 2 names, got 3"),
    ({"player_names": ("Ann", "ann")}, "player_names", "expected two different names, got 'Ann' twice"),
])
def test_check_cross_field(values: dict[str, object], key: str, message: str) -> None:
    assert Params(**values).check() == [(key, message)]  # type: ignore[arg-type]


def test_bad_name_pattern_is_refused() -> None:
    with pytest.raises(ConfigError, match=r"player_names: expected text matching"):
        from_mapping(Params, {"player_names": ["Ann", ""]}, "config.toml", "games.tokentactics")


# ---- fortify ----------------------------------------------------------------------------------

def test_fortify_adds_one_and_passes_the_turn() -> None:
    after = RULES.apply(RULES.initial_state(), FORTIFY)
    assert reserves(after) == (11, 10) and after["to_move"] == 1 and after["turn"] == 1


def test_fortify_refused_at_the_cap() -> None:
    with pytest.raises(IllegalMove, match=r"^P1 cannot fortify: reserve 15 is at the cap of 15$"):
        RULES.apply(at(15, 3), FORTIFY)
    assert FORTIFY not in RULES.legal_moves(at(15, 3))
    assert RULES.legal_moves(at(14, 3))[0] == FORTIFY


def test_clarification_fortify_clamps_to_the_cap() -> None:
    rules = kit_rules(Params(fortify_amount=3))
    assert reserves(rules.apply(at(14, 3), FORTIFY)) == (15, 3)
    assert reserves(rules.apply(at(11, 3), FORTIFY)) == (14, 3)


# ---- attack -----------------------------------------------------------------------------------

def test_resolution_attacker_wins() -> None:
    assert resolve(10, 11, 3, 2) == (True, 1, 8, 8)  # (attacker wins, difference, attacker after, defender after)
    assert reserves(RULES.apply(at(11, 10, 1), attack(3, 2))) == (8, 8)


def test_resolution_defender_wins_takes_the_difference() -> None:
    after = RULES.apply(at(10, 10), attack(2, 5))
    assert reserves(after) == (10 - 2 - 3, 10 - 5 + 3)


def test_clarification_tie_goes_to_the_defender_who_takes_nothing() -> None:
    attacker_wins, difference, _, _ = resolve(10, 10, 4, 4)
    assert (attacker_wins, difference) == (False, 0)
    assert reserves(RULES.apply(at(10, 10), attack(4, 4))) == (6, 6)


def test_clarification_clamp_happens_on_the_final_total() -> None:
    after = RULES.apply(at(2, 3, 1), attack(3, 2))
    assert reserves(after) == (0, 1) and after["winner"] == 1


def test_clarification_winner_gains_the_full_difference() -> None:
    # Player 2 holds 2 and defends with 0 against 9: the difference 9 is more than Player 2 had.
    # (Were winnings capped at what the loser held, Player 1 would end on 10 - 9 + 2 = 3.)
    after = RULES.apply(at(10, 2), attack(9, 0))
    assert reserves(after) == (10, 0) and after["winner"] == 0
    after = RULES.apply(at(2, 12), attack(1, 12))
    assert reserves(after) == (0, 11) and after["winner"] == 1


def test_clarification_a_battle_never_raises_a_reserve() -> None:
    for a in range(1, 16):
        for d in range(16):
            _, _, attacker_after, defender_after = resolve(15, 15, a, d)
            assert attacker_after == max(0, 15 - d)
            assert defender_after == max(0, 15 - a)


@pytest.mark.parametrize(("move", "message"), [
    (attack(0, 0), "P1 must commit at least 1 to attack, got 0"),
    (attack(9, 0), "P1 cannot commit 9 tokens (reserve 8)"),
    (attack(3, 6), "P2 cannot defend with 6 tokens (0 to reserve 5)"),
    (attack(3, -1), "P2 cannot defend with -1 tokens (0 to reserve 5)"),
])
def test_attack_limits(move: Answered, message: str) -> None:
    with pytest.raises(IllegalMove) as info:
        RULES.apply(at(8, 5), move)
    assert str(info.value) == message


def test_clarification_minimum_attack_forces_fortify() -> None:
    rules = kit_rules(Params(minimum_attack=3))
    assert rules.legal_moves(at(2, 9)) == [FORTIFY]
    with pytest.raises(IllegalMove, match="P1 must commit at least 3 to attack, got 2"):
        rules.apply(at(2, 9), attack(2, 0))
    assert len(rules.legal_moves(at(3, 9))) == 1 + 10


def test_legal_move_counts_and_order() -> None:
    moves = RULES.legal_moves(RULES.initial_state())
    assert len(moves) == 1 + 10 * 11
    assert moves[:3] == [FORTIFY, attack(1, 0), attack(1, 1)] and moves[-1] == attack(10, 10)
    assert len(RULES.legal_moves(at(15, 4))) == 15 * 5
    assert RULES.legal_moves(at(1, 30)) == [FORTIFY] + [attack(1, d) for d in range(31)]


def test_clarification_player_one_starts() -> None:
    state = RULES.initial_state()
    assert RULES.current_player(state) == 0
    assert reserves(state) == (10, 10)


# ---- end of the game ---------------------------------------------------------------------------

def test_clarification_attacker_all_in_and_losing_ends_the_game() -> None:
    after = RULES.apply(at(5, 9), attack(5, 7))
    assert reserves(after) == (0, 9 - 7 + 2) and after["winner"] == 1
    outcome = RULES.outcome(after)
    assert outcome is not None and (outcome.winner, outcome.reason) == (1, "P1 has no tokens left")
    assert outcome.scores == (0.0, 4.0) and RULES.legal_moves(after) == []
    with pytest.raises(IllegalMove, match="^the game is over$"):
        RULES.apply(after, FORTIFY)


def test_clarification_both_empty_defender_wins() -> None:
    after = RULES.apply(at(6, 6, 1), attack(6, 6))
    assert reserves(after) == (0, 0) and after["winner"] == 0
    outcome = RULES.outcome(after)
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == (0, "both reserves empty, defender won the battle")


def test_game_goes_on_while_both_hold_tokens() -> None:
    after = RULES.apply(at(1, 1), attack(1, 0))
    assert reserves(after) == (1, 0) and after["winner"] == 0
    after = RULES.apply(at(3, 3), attack(1, 1))
    assert reserves(after) == (2, 2) and RULES.outcome(after) is None


def builtin_text() -> str:
    """The kit folder's example game: the log written beside a built kit (example.log)."""
    return example_log()


def test_clarifications_text() -> None:
    titles = [title for title, _ in clarifications("tokentactics", Params())]
    assert titles == ["Who starts", "Resolving a battle", "The winner gains the whole difference", "Ties",
                      "Defending and attacking limits", "Fortifying near the cap", "Reserves above the cap",
                      "End of the game", "Both reserves empty"]
    text = dict(clarifications("tokentactics", Params(reserve_cap=20, fortify_amount=2, minimum_attack=2)))
    assert "Fortify adds 2 tokens but never takes a reserve past 20" in text["Fortifying near the cap"]
    assert text["Defending and attacking limits"].startswith("The attacker commits at least 2 tokens")


# ---- notation -----------------------------------------------------------------------------------

def test_notation_examples() -> None:
    state = at(8, 5, 1)
    assert RULES.format_move(state, FORTIFY) == "P2 fortify"
    assert RULES.format_move(state, attack(3, 2)) == "P2 attack 3 vs 2"
    assert RULES.parse_move(state, "p2  ATTACK 3 VS 2") == attack(3, 2)
    assert RULES.parse_move(state, "fortify") == FORTIFY


@pytest.mark.parametrize(("text", "error", "message"), [
    ("bomb C3", NotationError, "expected 'P1 fortify' or 'P1 attack N vs M' (attacker's tokens vs defender's)"),
    ("P2 attack 3", NotationError, "expected 'P1 fortify' or 'P1 attack N vs M' (attacker's tokens vs defender's)"),
    ("P3 fortify", NotationError, "'P3' is not a player (P1 or P2)"),
    ("P1 fortify", IllegalMove, "it is P2's turn, not P1's"),
])
def test_notation_errors(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as info:
        RULES.parse_move(at(8, 5, 1), text)
    assert str(info.value) == message


def test_every_legal_move_round_trips() -> None:
    for state in (RULES.initial_state(), at(15, 3, 1), at(1, 30)):
        for move in RULES.legal_moves(state):
            assert RULES.parse_move(state, RULES.format_move(state, move)) == move


def test_render_and_json() -> None:
    state = RULES.apply(RULES.initial_state(), FORTIFY)
    assert RULES.render_text(state) == "Player 1 Tokens: 11\nPlayer 2 Tokens: 10\nPlayer 2 to move (turn 2)"
    assert RULES.state_json(state) == {
        "reserves": [11, 10], "to_move": 1, "turn": 1, "peak": [11, 10], "winner": None, "cap_reached": False}


# ---- golden logs ----------------------------------------------------------------------------------

def test_seed_example_is_the_package_example() -> None:
    """The seed's example, comments and all, is rules.md's ```game block (the example written once)."""
    seed = (DATA / "seed_example.log").read_text(encoding="utf-8").splitlines(keepends=True)
    assert builtin_text().splitlines(keepends=True)[1:] == seed[3:]


def test_seed_example_replays_number_for_number() -> None:
    game = replay(RULES, read_log(DATA / "seed_example.log"), "seed_example.log")
    assert [reserves(s.state) for s in game.steps] == [(11, 10), (8, 8), (4, 3), (1, 3), (2, 3), (0, 1)]
    assert [s.line.number for s in game.steps] == [4, 5, 6, 7, 8, 9]
    assert game.outcome is not None and game.outcome.winner == 1
    assert RULES.render_text(game.final) == "Player 1 Tokens: 0\nPlayer 2 Tokens: 1\nPlayer 2 wins"


def test_replay_json_reports_reserves_every_turn() -> None:
    data = replay_json(RULES, replay(RULES, parse_log(builtin_text()), "example.log"))
    assert (data["moves"], data["result"], data["winner"], data["reason"]) == (6, "win", "Player 2",
                                                                              "P1 has no tokens left")
    assert [s["state"]["reserves"] for s in data["steps"]] == [[11, 10], [8, 8], [4, 3], [1, 3], [2, 3], [0, 1]]
    assert data["steps"][1]["move"] == "P2 attack 3 vs 2" and data["final"]["winner"] == 1


@pytest.mark.parametrize(("log", "line", "message"), [
    ("P1 fortify\nP2 attack 11 vs 2\n", 2, "illegal move 'P2 attack 11 vs 2': P2 cannot commit 11 tokens (reserve 10)"),
    ("# start\nP1 attack 3 vs 11\n", 2, "illegal move 'P1 attack 3 vs 11': P2 cannot defend with 11 tokens (0 to reserve 10)"),
    ("P1 fortify\n\nP1 fortify\n", 3, "illegal move 'P1 fortify': it is P2's turn, not P1's"),
    ("P1 fortify\nP2 retreat\n", 2, "cannot read 'P2 retreat': expected 'P1 fortify' or 'P1 attack N vs M' (attacker's tokens vs defender's)"),
    ("P1 fortify\nP2 attack 10 vs 11\nP1 fortify\n", 3, "move 'P1 fortify' after the game has ended"),
])
def test_illegal_logs(log: str, line: int, message: str) -> None:
    with pytest.raises(LogError) as info:
        replay(RULES, parse_log(log), "bad.log")
    assert info.value.line == line
    assert str(info.value) == f"bad.log:{line}: {message}"


def test_fortify_to_the_cap_log() -> None:
    log = "\n".join(["P1 fortify", "P2 fortify"] * 5) + "\nP1 fortify\n"
    with pytest.raises(LogError, match=r"bad.log:11: illegal move 'P1 fortify': P1 cannot fortify: reserve 15"):
        replay(RULES, parse_log(log), "bad.log")


def test_registry() -> None:
    spec = get_game("tokentactics")
    assert (spec.name, spec.title, spec.seed) == ("tokentactics", "Token Tactics", "004_a520edffd42cb51b.txt")
    assert set(spec.players) == {"random", "strategic", "mixed"} and spec.kit is not None
    assert spec.play is not None and spec.fast_simulate is not None and spec.observe is not None
