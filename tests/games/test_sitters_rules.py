"""SiTTeRS rules: one scenario per rule of the seed and per clarification."""

from __future__ import annotations

from typing import Iterable

import pytest

from printkit.games.sitters.rules import BATTLE, LOOT, MOVE, OVER, ROLL, Move, State
from printkit.rules.game import CHANCE, IllegalMove, NotationError
from tests.games.sheets import clarifications
from tests.games.sitters_helpers import Params, SittersRules

R = SittersRules()


def cells(names: Iterable[str], rules: SittersRules = R) -> tuple[int, ...]:
    return tuple(sorted(rules.board.cell(n) for n in names))  # type: ignore[misc]


def pos(c: Iterable[str] = ("A4",), o: Iterable[str] = (), x: Iterable[str] = (), roll: int = 1,
        turn: int = 0, phase: str = MOVE, lost: tuple[int, int] = (0, 0), loot: int = 0,
        rules: SittersRules = R) -> State:
    return State(phase=phase, collectors=cells(c, rules), obstructors=cells(o, rules),
                 containers=cells(x, rules), roll=roll, turn=turn, lost=lost, loot=loot)


def dests(state: State, src: str, rules: SittersRules = R) -> list[str]:
    found = rules.destinations(state, rules.board.cell(src))  # type: ignore[arg-type]
    return sorted(rules.board.names[d] for d in found)


def play(state: State, *texts: str, rules: SittersRules = R) -> State:
    for text in texts:
        state = rules.apply(state, rules.parse_move(state, text))
    return state


def names(state_cells: tuple[int, ...]) -> list[str]:
    return [R.board.names[c] for c in state_cells]


def test_setup_order_and_automatic_obstructors() -> None:
    s = R.initial_state()
    assert R.current_player(s) == 0 and len(R.legal_moves(s)) == 34
    s = play(s, "place container D1", "place container D3", "place container D5",
             "place container D7")
    assert R.current_player(s) == 1 and len(R.legal_moves(s)) == 30
    s = play(s, "place container I2", "place container I3", "place container I5",
             "place container I6")
    assert s.phase == "collectors" and R.current_player(s) == 0 and len(R.legal_moves(s)) == 7
    s = play(s, "place collector A1", "place collector A2", "place collector A4")
    assert s.phase == "collectors" and not s.obstructors
    s = play(s, "place collector A7")
    assert s.phase == ROLL and R.current_player(s) == CHANCE
    assert names(s.obstructors) == ["I1", "J1", "J2", "J6", "I7", "J7"]
    assert R.first_player(s) == 0 and R.first_player(R.initial_state()) is None


def test_setup_placements_are_checked() -> None:
    s = play(R.initial_state(), "place container D1")
    with pytest.raises(IllegalMove, match="D1 is not a free X space"):
        play(s, "place container D1")
    with pytest.raises(IllegalMove, match="A1 is not a free X space"):
        play(s, "place container A1")
    with pytest.raises(IllegalMove, match="must place a container, not placing a collector"):
        play(s, "place collector A1")
    with pytest.raises(IllegalMove, match="must place a piece, not roll"):
        play(s, "roll 3")


def test_fewer_obstructors_than_o_spaces_are_placed_by_choice() -> None:
    rules = SittersRules(Params(obstructors=2, containers_per_player=0, collectors=1))
    s = play(rules.initial_state(), "place collector A4", rules=rules)
    assert s.phase == "obstructors" and rules.current_player(s) == 1
    s = play(s, "place obstructor J6", "place obstructor I1", rules=rules)
    assert s.phase == ROLL and [rules.board.names[c] for c in s.obstructors] == ["I1", "J6"]


def test_rounds_are_two_collector_turns_then_one_obstructor_turn() -> None:
    s = pos(o=("J6",), phase=ROLL)
    movers = []
    for _ in range(6):
        s = play(s, "roll 1")
        movers.append(R.current_player(s))
        s = R.apply(s, R.legal_moves(s)[0])
    assert movers == [0, 0, 1, 0, 0, 1]


def test_exact_length_turning_paths_without_revisits() -> None:
    assert dests(pos(roll=1), "A4") == ["A3", "A5", "B4"]
    # two steps: turning is allowed (B3), going back to A4 is not
    assert dests(pos(roll=2), "A4") == ["A2", "A6", "B3", "B5", "C4"]
    assert dests(pos(roll=4, c=("D4",)), "D4").count("D4") == 0


def test_markers_never_share_with_their_own_kind() -> None:
    assert dests(pos(c=("A4", "B4"), roll=1), "A4") == ["A3", "A5"]
    assert dests(pos(c=("A4", "B4"), roll=2), "A4") == ["A2", "A6", "B3", "B5"]


def test_path_stops_early_on_a_container() -> None:
    s = pos(c=("C3",), x=("D3",), roll=3)
    assert "D3" in dests(s, "C3")
    with pytest.raises(IllegalMove, match="the path must stop on D3"):
        play(s, "C3-D3-E3-F3")
    s = play(s, "C3 > D3")
    assert s.phase == LOOT and R.current_player(s) == CHANCE
    s = play(s, "roll 5")
    assert (s.loot, s.containers, s.phase, s.turn) == (5, (), ROLL, 1)


def test_path_stops_early_on_an_opponent_and_battles() -> None:
    s = pos(c=("B4",), o=("D4",), roll=4)
    assert "D4" in dests(s, "B4") and "E4" not in dests(s, "B4")
    s = play(s, "B4 > D4")
    assert s.phase == BATTLE and R.current_player(s) == CHANCE
    assert len(R.chance_outcomes(s)) == 36
    s = play(s, "roll 4 4")
    assert s.phase == BATTLE
    won = play(s, "roll 5 3")
    assert names(won.collectors) == ["D4"] and won.obstructors == () and won.lost == (0, 1)
    assert won.phase == OVER or won.phase == ROLL


def test_collector_losing_a_battle_is_removed() -> None:
    s = play(pos(c=("B4", "A1"), o=("D4",), roll=2), "B4 > D4", "roll 2 6")
    assert names(s.collectors) == ["A1"] and names(s.obstructors) == ["D4"]
    assert s.lost == (1, 0) and s.phase == ROLL


def test_obstructor_attacks_a_collector() -> None:
    s = pos(c=("G4",), o=("J4",), roll=3, turn=2)
    assert R.current_player(s) == 1
    s = play(s, "J4 > G4")
    assert s.phase == BATTLE and s.cell == R.board.cell("G4")


def test_obstructors_never_enter_containers_or_the_safe_zone() -> None:
    assert dests(pos(o=("E4",), x=("E3",), roll=1, turn=2), "E4") == ["D4", "E5", "F4"]
    assert dests(pos(o=("J4",), roll=1, turn=2), "J4") == ["I4", "J3", "J5"]
    with pytest.raises(IllegalMove, match="K4 may not be entered"):
        play(pos(o=("I4",), roll=2, turn=2), "I4-J4-K4")


def test_collector_reaching_the_safe_zone_leaves_at_once() -> None:
    s = pos(c=("J4", "A1"), roll=3)
    assert "K4" in dests(s, "J4")
    s = play(s, "J4 > K4")
    assert names(s.collectors) == ["A1"] and s.survivors == 1 and s.phase == ROLL


def test_return_with_a_six() -> None:
    s = pos(c=("A4",), o=("A1",), roll=6, lost=(1, 0))
    returns = [R.format_move(s, m) for m in R.legal_moves(s) if m.kind == "return"]
    assert returns == ["return A2", "return A3", "return A5", "return A6", "return A7"]
    s = play(s, "return A7")
    assert names(s.collectors) == ["A4", "A7"] and s.lost == (0, 0) and s.phase == ROLL
    with pytest.raises(IllegalMove, match="returns only on a roll of 6, rolled 5"):
        play(pos(roll=5, lost=(1, 0)), "return A1")
    with pytest.raises(IllegalMove, match="no defeated collector to return"):
        play(pos(roll=6), "return A1")
    with pytest.raises(IllegalMove, match="A1 is not a free C space"):
        play(pos(c=("A1",), roll=6, lost=(1, 0)), "return A1")


def test_obstructors_with_no_marker_pass_or_return() -> None:
    s = pos(c=("A4",), roll=5, turn=2, lost=(0, 6))
    assert R.legal_moves(s) == [Move("pass")]
    s = play(s, "pass")
    assert s.phase == ROLL and s.turn == 3
    six = pos(c=("A4",), roll=6, turn=2, lost=(0, 6))
    assert len(R.legal_moves(six)) == 6


def test_no_move_of_the_full_length_loses_the_turn() -> None:
    rules = SittersRules(Params(map="| O | X | C | SZ |", collectors=1, obstructors=1,
                                containers_per_player=0))
    s = pos(c=("C1",), o=("A1",), x=("B1",), roll=1, turn=2, rules=rules)
    assert rules.legal_moves(s) == [Move("pass")]
    assert play(s, "pass", rules=rules).turn == 3
    with pytest.raises(IllegalMove, match=r"a turn is passed only when no move is possible "
                       r"\(C3 > C2 is possible\)"):
        play(pos(c=("C3",), roll=1), "pass")


def test_game_ends_the_moment_no_collector_is_on_the_board() -> None:
    s = play(pos(c=("B4",), o=("D4",), roll=2, lost=(3, 0)), "B4 > D4", "roll 1 6")
    assert s.phase == OVER and R.legal_moves(s) == [] and s.lost == (4, 0)
    outcome = R.outcome(s)
    assert outcome is not None and outcome.winner == 1
    assert outcome.reason == "score 10 (0 survivors, 0 loot) is below 50"
    with pytest.raises(IllegalMove, match="the game is over"):
        R.apply(s, Move("roll", dice=(6,)))


@pytest.mark.parametrize("survivors,loot,winner,reason", [
    (2, 10, 1, "score 40 (2 survivors, 10 loot) is below 50"),
    (3, 8, None, "score 50 (3 survivors, 8 loot) equals 50"),
    (4, 0, None, "score 50 (4 survivors, 0 loot) equals 50"),
    (0, 40, None, "score 50 (0 survivors, 40 loot) equals 50"),
    (2, 24, 0, "score 60 (2 survivors, 24 loot) is above 50"),
])
def test_outcome_from_the_table(survivors: int, loot: int, winner: int | None,
                                reason: str) -> None:
    if survivors:  # the last collector leaves through the safe zone
        s = play(State(phase=MOVE, collectors=cells(["J4"]), roll=1, survivors=survivors - 1,
                       loot=loot), "J4 > K4")
    else:  # the last collector is defeated
        s = play(pos(c=("B4",), o=("C4",), loot=loot), "B4 > C4", "roll 1 2")
    outcome = R.outcome(s)
    assert outcome is not None and (outcome.winner, outcome.reason) == (winner, reason)
    assert R.outcome(pos()) is None


def test_chance_outcomes() -> None:
    assert [(R.format_move(pos(phase=ROLL), m), p) for m, p in
            R.chance_outcomes(pos(phase=ROLL))][:2] == [("roll 1", 1 / 6), ("roll 2", 1 / 6)]
    assert sum(p for _, p in R.chance_outcomes(pos(phase=BATTLE))) == pytest.approx(1.0)
    with pytest.raises(IllegalMove, match="a die shows 1 to 6, got 7"):
        play(pos(phase=ROLL), "roll 7")
    with pytest.raises(IllegalMove, match="expected a battle roll of two dice"):
        play(pos(phase=BATTLE), "roll 3")


def test_notation() -> None:
    s = pos(c=("A4",), roll=3)
    assert R.parse_move(s, "A4 > D4") == R.parse_move(s, "move a4>d4") == \
        R.parse_move(s, "A4-B4-C4-D4") == Move("move", R.board.cell("A4"), R.board.cell("D4"))
    with pytest.raises(IllegalMove, match="A4-B5 is not one orthogonal step"):
        R.parse_move(s, "A4-B5-C5")
    with pytest.raises(IllegalMove, match="the path enters B4 twice"):
        R.parse_move(s, "A4-B4-B5-B4")
    with pytest.raises(IllegalMove, match="the path has 2 steps, the roll is 3"):
        R.parse_move(s, "A4-B4-C4")
    with pytest.raises(IllegalMove, match="no path of 3 steps from A4 ends on E4"):
        play(s, "A4 > E4")
    with pytest.raises(IllegalMove, match="no collector on B4"):
        play(s, "B4 > C4")
    with pytest.raises(NotationError, match=r"'K1' is not a space of the map \(columns A-K, "
                       r"rows 1-7\)"):
        R.parse_move(s, "K1 > A1")
    with pytest.raises(NotationError, match="expected 'roll N'"):
        R.parse_move(s, "jump A4")
    with pytest.raises(NotationError, match="expected 'roll N' or 'roll N N'"):
        R.parse_move(s, "roll x")


def test_render_text_and_json() -> None:
    s = pos(c=("A4", "D3"), o=("D3", "J1"), x=("E5",), roll=3, loot=9)
    text = R.render_text(s)
    assert text.splitlines()[4] == "  4  C  .  .  .  .  .  .  .  .  .  s"
    assert text.splitlines()[3] == "  3  c  .  .  *  x  x  x  x  x  .  s"
    assert "round 1, turn 1: collectors rolled 3, to move" in text
    data = R.state_json(s)
    assert data["collectors"] == ["D3", "A4"] and data["containers"] == ["E5"]
    assert data["loot"] == 9 and data["to_move"] == 0


def test_clarifications_are_listed() -> None:
    titles = [t for t, _ in clarifications("sitters", Params())]
    assert titles == ["Paths may turn", "No space twice", "Stopping early", "No move possible",
                      "Safe zone", "Set-up order", "Rounds", "Returning with a 6",
                      "Loot and battles", "End of the game", "Score"]
    text = dict(clarifications("sitters", Params()))["Score"]
    assert text.startswith("Score = 10 + 10 x survivors + 10 x loot band")
