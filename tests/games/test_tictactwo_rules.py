"""Tic Tac Two: walls, lines, the draft, voids, turns, full boards, params and notation."""

from __future__ import annotations

import pytest

from printkit.errors import ConfigError
from printkit.games import get_game, params_class
from printkit.games.tictactwo.params import ACTIONS
from printkit.games.tictactwo.rules import Action, Pick, PlaceVoid, State, Turn, position
from printkit.params import from_mapping
from printkit.rules.game import IllegalMove, NotationError
from tests.games.sheets import clarifications
from tests.games.tictactwo_helpers import R, board, illegal, move, pos, walls, winner

SPEC = get_game("tictactwo")
Params = params_class("tictactwo")


def TicTacTwo(params: object = None):  # type: ignore[no-untyped-def]  # noqa: N802
    """The rules engine for ``params`` (default: the defaults)."""
    return SPEC.rules(params if params is not None else Params())

FULL_BUT_D4 = {
    "A1": "X", "B1": "O", "C1": "X", "D1": "O",
    "A2": "X", "B2": "O", "C2": "X", "D2": "O",
    "A3": "O", "B3": "X", "C3": "O", "D3": "X",
    "A4": "O", "B4": "X", "C4": "O",
}


def draft(rules: TicTacTwo, picks: str) -> State:
    state = rules.initial_state()
    for line in picks.split(";"):
        state = rules.apply(state, rules.parse_move(state, line.strip()))
    return state


STANDARD_DRAFT = "O picks swap; X picks wall; O picks shift; X picks dibs; O picks double; X picks intersect"


# -- walls ------------------------------------------------------------------------------------
def test_wall_cuts_a_row() -> None:
    start = pos({"A1": "X", "B1": "X", "C1": "X"}, {"C1|D1": "O"})
    assert R.outcome(move(start, "X D1")) is None


def test_wall_cuts_a_diagonal_through_its_end() -> None:
    cells = {"A1": "X", "B2": "X", "C3": "X"}
    assert R.outcome(move(pos(cells, {"B3|C3": "O"}), "X D4")) is None  # ends at the B2/C3 corner
    assert winner(move(pos(cells, {"B1|C1": "O"}), "X D4")) == "X"  # touches no corner of the diagonal
    anti = {"D1": "X", "C2": "X", "B3": "X"}
    assert R.outcome(move(pos(anti, {"B2|B3": "O"}), "X A4")) is None


def test_edge_walls_cut_nothing() -> None:
    start = pos({"A1": "X", "B1": "X", "C1": "X"}, {"A1|top": "O", "D1|right": "O", "B1|top": "O"})
    assert winner(move(start, "X D1")) == "X"


def test_wall_placement_on_the_edge_and_refusals() -> None:
    after = move(pos(), "X wall A1|top, B2")
    assert walls(after) == {"A1|top": "X"}
    illegal(pos({}, {"B2|C2": "O"}), "X wall C2|B2, A1", "there is already a wall on B2|C2")


def test_topple_by_the_owner_onto_the_chosen_side_then_write_there() -> None:
    start = pos({"B2": "O", "C2": "O"}, {"B2|C2": "X"})
    after = move(start, "X topple B2|C2 onto C2, C2")
    assert board(after) == {"B2": "O", "C2": "X"}
    assert walls(after) == {}
    assert after.hands[0] == ACTIONS  # toppling is free
    illegal(start, "X topple B2|C2 onto D2, D2", "cannot fall onto D2")
    illegal(pos({}, {"B2|C2": "O"}), "X topple B2|C2 onto C2, C2", "not yours")
    illegal(pos(), "X topple B2|C2 onto C2, C2", "there is no wall on B2|C2")


def test_topple_erases_both_letters_of_an_intersect_but_not_the_indicator_nor_a_void() -> None:
    after = move(pos({"C2": "*XO"}, {"B2|C2": "X"}), "X topple B2|C2 onto C2, C2")
    assert board(after) == {"C2": "*X"}
    after = move(pos({"C2": "###"}, {"B2|C2": "X"}), "X topple B2|C2 onto C2, A1")
    assert board(after) == {"C2": "###", "A1": "X"}


def test_wall_and_topple_in_one_turn_and_edge_topple() -> None:
    after = move(pos({"B2": "O"}), "X wall B2|C2, topple B2|C2 onto B2, B2")
    assert board(after) == {"B2": "X"} and walls(after) == {}
    assert "wall" not in after.hands[0]
    after = move(pos({"A1": "O"}, {"A1|top": "X"}), "X topple A1|top onto A1, A1")
    assert board(after) == {"A1": "X"}


def test_topple_that_uncovers_a_line_wins_at_once() -> None:
    start = pos({"A1": "X", "B2": "X", "C3": "X", "D4": "X"}, {"C3|D3": "X"})
    assert R.outcome(start) is None
    assert winner(move(start, "X topple C3|D3 onto D3")) == "X"
    illegal(start, "X topple C3|D3 onto D3, A4", "the topple ended the game")


# -- lines and the end ------------------------------------------------------------------------
def test_lines_of_each_direction_win() -> None:
    assert winner(move(pos({"A2": "X", "B2": "X", "C2": "X"}), "X D2")) == "X"
    assert winner(move(pos({"C1": "O", "C2": "O", "C4": "O"}, to_move="O"), "O C3")) == "O"
    assert winner(move(pos({"D1": "X", "C2": "X", "A4": "X"}), "X B3")) == "X"
    assert R.outcome(move(pos({"A1": "X", "B1": "X"}), "X C1")) is None


def test_full_board_is_a_draw_for_the_player_who_cannot_write() -> None:
    full = dict(FULL_BUT_D4, D4="O")
    result = R.outcome(pos(full))
    assert result is not None and result.winner is None and result.reason == "board full"
    assert R.legal_moves(pos(full)) == []
    assert R.outcome(pos(dict(FULL_BUT_D4, D4="*X"))) is not None
    assert R.outcome(pos(dict(FULL_BUT_D4, D4="*X"), to_move="O")) is None
    assert R.outcome(pos(dict(FULL_BUT_D4, D4="O^x"))) is None


def test_first_turn_is_a_letter_only() -> None:
    state = draft(R, STANDARD_DRAFT)
    assert state.phase == "play" and state.to_move == 0
    illegal(state, "X intersect B2, B2", "first turn is a letter only")
    assert len(R.legal_moves(state)) == 16
    state = move(state, "X B2")
    illegal(state, "O swap B2 C2, A1", "first turn is a letter only")
    state = move(move(state, "O A1"), "X intersect A1, A1")
    assert board(state) == {"A1": "*XO", "B2": "X"}


def test_turn_counts_from_fixed_positions() -> None:
    def count(hand: tuple[str, ...]) -> int:
        state = position(R, {"A1": "X", "D4": "O"}, {}, "X", (hand, ()))
        return len(R.legal_moves(state))

    assert count(()) == 14
    assert count(("shift",)) == 14 + 16 * 14
    assert count(("double",)) == 14 + 14 * 13
    # wall: no topple (14) or onto either side (14 each, 15 when the side holds a letter)
    assert count(("wall",)) == 14 + 24 * (14 + 28) + 16 * (14 + 14) + 8


def test_an_action_is_used_once_and_only_from_the_hand() -> None:
    state = move(pos(), "X shift row 1 right, A1")
    assert state.hands[0] == ("double", "swap", "dibs", "intersect", "wall")
    state = move(state, "O B2")
    illegal(state, "X shift row 1 right, A2", "shift is not among your unused actions")


def test_turn_order_is_fixed_by_the_notation() -> None:
    with pytest.raises(NotationError, match="the letter ends the turn"):
        R.parse_move(pos(), "X C3, swap B2 C3")
    with pytest.raises(NotationError, match="the special action comes first"):
        R.parse_move(pos(), "X topple B2|C2 onto B2, swap B2 C3, A1")
    illegal(pos(), "O C3", "it is X's turn, not O's")


# -- the draft, meta and void -----------------------------------------------------------------
def test_draft_order_and_limits() -> None:
    state = R.initial_state()
    assert (state.phase, state.to_move) == ("draft", 1)
    assert [m.action for m in R.legal_moves(state)] == list(ACTIONS)
    illegal(state, "X picks swap", "it is O's turn")
    state = move(state, "O picks swap")
    illegal(state, "X picks swap", "swap is already held by O")
    state = move(move(state, "X picks wall"), "O picks shift")
    illegal(state, "X picks wall", "wall is already held by you")
    state = draft(R, STANDARD_DRAFT)
    assert state.hands == (("wall", "dibs", "intersect"), ("swap", "shift", "double"))
    illegal(state, "O picks wall", "the draft is over")


def test_meta_allows_repeats_and_the_opponents_actions() -> None:
    rules = TicTacTwo(Params(meta=True))
    state = draft(rules, "O picks swap; X picks swap; O picks swap; X picks wall; O picks double; X picks wall")
    assert state.hands == (("swap", "wall", "wall"), ("swap", "swap", "double"))
    state = move_with(rules, state, ["X A1", "O B1", "X wall A1|B1, C1", "O A2", "X wall C1|D1, D1"])
    assert state.hands[0] == ("swap",)


def move_with(rules: TicTacTwo, state: State, lines: list[str]) -> State:
    for line in lines:
        state = rules.apply(state, rules.parse_move(state, line))
    return state


def test_void_variation_voids_before_play() -> None:
    rules = TicTacTwo(Params(void=True))
    state = draft(rules, STANDARD_DRAFT)
    assert (state.phase, state.to_move) == ("void", 1)
    assert len(rules.legal_moves(state)) == 16
    state = move_with(rules, state, ["O void B2"])
    with pytest.raises(IllegalMove, match="B2 is already a void"):
        move_with(rules, state, ["X void B2"])
    state = move_with(rules, state, ["X void C3"])
    assert (state.phase, state.to_move) == ("play", 0)
    assert len(rules.legal_moves(state)) == 14
    with pytest.raises(IllegalMove, match="B2 is a void"):
        move_with(rules, state, ["X B2"])


def test_no_draft_when_no_actions() -> None:
    state = TicTacTwo(Params(actions_each=0)).initial_state()
    assert (state.phase, state.to_move) == ("play", 0)


# -- params, notation, geometry ---------------------------------------------------------------
def test_params_limits() -> None:
    assert Params().variation == "standard"
    assert Params(meta=True, void=True).variation == "meta+void"
    with pytest.raises(ConfigError, match=r"line_length: expected at most board_size \(4\), got 5"):
        from_mapping(Params, {"line_length": 5}, "config.toml", "games.tictactwo")
    with pytest.raises(ConfigError, match="actions_each: expected at most 3 without meta"):
        from_mapping(Params, {"actions_each": 4}, "config.toml", "games.tictactwo")
    assert from_mapping(Params, {"actions_each": 4, "meta": True}, "c", "g").actions_each == 4
    with pytest.raises(ConfigError, match="board_size: expected 3 to 8, got 9"):
        from_mapping(Params, {"board_size": 9}, "config.toml", "games.tictactwo")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("O picks swap", Pick(1, "swap")),
        ("x void b2", PlaceVoid(0, 5)),
        ("X C3", Turn(0, None, None, 10)),
        ("X double B2, C3", Turn(0, Action("double", (5,)), None, 10)),
        ("X swap C3 B2, D4", Turn(0, Action("swap", (5, 10)), None, 15)),
        ("X shift row 2 right, A1", Turn(0, Action("shift", ("row", 1, 1)), None, 0)),
        ("X shift column B up, A1", Turn(0, Action("shift", ("column", 1, -1)), None, 0)),
        ("X wall C2|B2, D4", Turn(0, Action("wall", (R.geo.slot("B2|C2").index,)), None, 15)),
        ("O topple B2|C2 onto C2, C2", Turn(1, None, (R.geo.slot("B2|C2").index, 6), 6)),
        ("X swap B2 C3", Turn(0, Action("swap", (5, 10)))),
    ],
)
def test_notation_reads(text: str, expected: object) -> None:
    assert R.parse_move(pos(), text) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("C3", "a move starts with the player's letter"),
        ("X E5", "'E5' is off the board \\(columns A-D, rows 1-4\\)"),
        ("X shift row 5 right, A1", "'5' is off the board \\(rows 1-4\\)"),
        ("X shift row 2 up, A1", "a row shifts right or left"),
        ("X wall B2|D2, A1", "'B2\\|D2' is not a wall slot"),
        ("X wall B2, A1", "'B2' is not a wall slot"),
        ("X swap B2, A1", "expected like 'swap B2 C3'"),
        ("O picks magic", "expected 'picks' and one of double"),
        ("X topple B2|C2 C2, C2", "expected like 'topple B2\\|C2 onto C2'"),
    ],
)
def test_notation_errors(text: str, reason: str) -> None:
    with pytest.raises(NotationError, match=reason):
        R.parse_move(pos(), text)


def test_geometry_is_plain_data() -> None:
    data = R.geometry()
    assert [c["id"] for c in data["cells"]][:5] == ["A1", "B1", "C1", "D1", "A2"]
    assert len(data["walls"]) == 40
    assert sum(w["edge"] for w in data["walls"]) == 16
    assert data["walls"][0] == {
        "id": "A1|B1", "cells": ["A1", "B1"], "orientation": "vertical", "edge": False,
        "from": [1, 0], "to": [1, 1],
    }
    assert len(data["lines"]) == 10


def test_clarifications_cover_variations() -> None:
    titles = [t for t, _ in clarifications("tictactwo", Params())]
    assert len(titles) == 14 and "Placing the voids" not in titles
    assert "Placing the voids" in [t for t, _ in clarifications("tictactwo", Params(void=True))]
    assert "Meta" in dict(clarifications("tictactwo", Params(meta=True)))["The draft"]


PINNED = {
    "Who is who": ["test_draft_order_and_limits", "test_who_writes_first"],
    "The draft": ["test_draft_order_and_limits", "test_meta_allows_repeats_and_the_opponents_actions"],
    "Placing the voids": ["test_void_variation_voids_before_play", "actions:test_swap_moves_a_void",
                          "actions:test_dibs_refusals", "actions:test_intersect_refusals",
                          "test_topple_erases_both_letters_of_an_intersect_but_not_the_indicator_nor_a_void"],
    "The first turn": ["test_first_turn_is_a_letter_only"],
    "Order within a turn": ["test_turn_order_is_fixed_by_the_notation", "test_wall_and_topple_in_one_turn_and_edge_topple"],
    "Lines are checked after every step": [
        "test_topple_that_uncovers_a_line_wins_at_once", "actions:test_swap_that_makes_both_lines_is_a_draw",
        "actions:test_swap_that_makes_only_the_opponents_line_loses", "actions:test_shift_that_makes_both_lines_is_a_draw"],
    "Double": ["actions:test_double_extra_letter_that_completes_a_line_wins_at_once",
               "actions:test_double_may_overwrite_own_dibs", "actions:test_double_cannot_take_the_last_open_space"],
    "Swap": ["actions:test_swap_refusals", "actions:test_swap_never_passes_through_a_wall",
             "actions:test_swap_moves_any_letter_into_an_adjacent_empty_space"],
    "How walls cut lines": ["test_wall_cuts_a_row", "test_wall_cuts_a_diagonal_through_its_end", "test_edge_walls_cut_nothing"],
    "Placing walls": ["test_wall_placement_on_the_edge_and_refusals"],
    "Toppling a wall": ["test_topple_by_the_owner_onto_the_chosen_side_then_write_there",
                        "test_topple_erases_both_letters_of_an_intersect_but_not_the_indicator_nor_a_void",
                        "actions:test_dibs_space_is_immune_to_toppling"],
    "Shift": ["actions:test_shift_moves_a_line_with_wrap_intersects_and_voids",
              "actions:test_shift_leaves_dibs_spaces_and_hops_over_them",
              "actions:test_shift_topples_crossing_walls_against_the_shift", "actions:test_shift_topples_edge_walls_too",
              "actions:test_shift_line_whose_completing_letter_is_toppled_does_not_count"],
    "Dibs": ["actions:test_dibs_overwrite_later_erases_an_intersect_and_both_letters",
             "actions:test_others_may_write_on_a_pending_dibs_space_and_it_counts",
             "actions:test_dibs_overwrite_leaves_walls", "actions:test_dibs_claim_and_overwrite_on_the_same_turn"],
    "Intersect": ["actions:test_intersect_shares_a_space", "actions:test_intersect_letter_counts_for_both",
                  "actions:test_intersect_may_go_on_a_dibs_space_and_the_overwrite_removes_it"],
    "A full board": ["test_full_board_is_a_draw_for_the_player_who_cannot_write"],
}


def test_who_writes_first() -> None:
    state = draft(R, STANDARD_DRAFT)
    assert R.first_player(state) == 0 and R.player_names == ("X", "O")
    assert TicTacTwo(Params(player_x="Ann", player_o="Bob")).player_names == ("Ann", "Bob")
    assert dict(clarifications("tictactwo", Params(player_x="Ann")))["Who is who"].startswith("Ann writes X")


def test_every_clarification_is_pinned_by_a_test() -> None:
    from pathlib import Path

    actions = (Path(__file__).parent / "test_tictactwo_actions.py").read_text()
    titles = [t for t, _ in clarifications("tictactwo", Params(meta=True, void=True))]
    assert sorted(titles) == sorted(PINNED)
    for names in PINNED.values():
        for name in names:
            module, _, func = name.rpartition(":")
            assert (f"def {func}(" in actions) if module else callable(globals().get(func)), name


def test_no_topple_on_a_first_turn() -> None:
    state = position(R, {"B2": "O"}, {"B2|C2": "X"}, "X", (ACTIONS, ACTIONS), (0, 1))
    illegal(state, "X topple B2|C2 onto B2, B2", "first turn is a letter only")
    assert all(t.topple is None and t.action is None for t in R.legal_moves(state))
    assert len(R.legal_moves(state)) == 15
