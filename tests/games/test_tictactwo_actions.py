"""Tic Tac Two: one scenario per rule of each special action (positions built from text)."""

from __future__ import annotations

import pytest

from printkit.games.tictactwo.rules import Turn
from tests.games.tictactwo_helpers import R, board, illegal, move, pos, walls, winner


# -- double ---------------------------------------------------------------------------------
def test_double_writes_two_letters_and_spends_the_action() -> None:
    after = move(pos(), "X double A1, B1")
    assert board(after) == {"A1": "X", "B1": "X"}
    assert after.hands[0] == ("swap", "shift", "dibs", "intersect", "wall")


def test_double_extra_letter_that_completes_a_line_wins_at_once() -> None:
    start = pos({"A1": "X", "B1": "X", "C1": "X"})
    assert winner(move(start, "X double D1")) == "X"
    illegal(start, "X double D1, A4", "the double ended the game")


def test_double_may_overwrite_own_dibs() -> None:
    after = move(pos({"C3": "O^x"}), "X double C3, A1")
    assert board(after) == {"C3": "X", "A1": "X"}


FULL_BUT_D4 = {
    "A1": "X", "B1": "O", "C1": "X", "D1": "O",
    "A2": "X", "B2": "O", "C2": "X", "D2": "O",
    "A3": "O", "B3": "X", "C3": "O", "D3": "X",
    "A4": "O", "B4": "X", "C4": "O",
}


def test_double_cannot_take_the_last_open_space() -> None:
    start = pos(FULL_BUT_D4)
    illegal(start, "X double D4, A1", "A1 is taken")
    illegal(start, "X double D4", "a turn must end with a letter")
    names = {t.action.name for t in R.legal_moves(start) if isinstance(t, Turn) and t.action is not None}
    assert names == {"swap", "shift", "dibs", "intersect", "wall"}


# -- swap -------------------------------------------------------------------------------------
def test_swap_exchanges_x_and_o() -> None:
    after = move(pos({"B2": "X", "C3": "O"}), "X swap B2 C3, A1")
    assert board(after) == {"B2": "O", "C3": "X", "A1": "X"}


def test_swap_moves_any_letter_into_an_adjacent_empty_space() -> None:
    after = move(pos({"B2": "O"}), "X swap B2 B3, A1")
    assert board(after) == {"B3": "O", "A1": "X"}


@pytest.mark.parametrize(
    ("cells", "text", "reason"),
    [
        ({"B2": "X", "B3": "X"}, "X swap B2 B3, A1", "cannot swap two Xs"),
        ({"B2": "O", "C3": "O"}, "X swap B2 C3, A1", "cannot swap two Os"),
        ({}, "X swap B2 B3, A1", "cannot swap two empty spaces"),
        ({"B2": "###", "B3": "###"}, "X swap B2 B3, A1", "cannot swap two voids"),
        ({"B2": "X"}, "X swap B2 D4, A1", "B2 and D4 are not adjacent"),
        ({"B2": "*X", "B3": "O"}, "X swap B2 B3, A1", "B2 is an intersect or dibs space"),
        ({"B2": "*", "B3": "O"}, "X swap B2 B3, A1", "B2 is an intersect or dibs space"),
        ({"B2": "^o", "B3": "X"}, "X swap B2 B3, A1", "B2 is an intersect or dibs space"),
        ({"B2": "O^o", "B3": "X"}, "X swap B2 B3, A1", "B2 is an intersect or dibs space"),
    ],
)
def test_swap_refusals(cells: dict[str, str], text: str, reason: str) -> None:
    illegal(pos(cells), text, reason)


def test_swap_works_diagonally() -> None:
    after = move(pos({"B2": "X", "C3": "O"}), "X swap C3 B2, A1")
    assert board(after) == {"B2": "O", "C3": "X", "A1": "X"}


def test_swap_never_passes_through_a_wall() -> None:
    illegal(pos({"B2": "X", "C2": "O"}, {"B2|C2": "O"}), "X swap B2 C2, A1", "a wall stands between B2 and C2")
    # a diagonal swap crosses the corner where the wall B3|C3 ends
    illegal(pos({"B2": "X", "C3": "O"}, {"B3|C3": "O"}), "X swap B2 C3, A1", "a wall stands between")
    after = move(pos({"B2": "X", "C3": "O"}, {"C3|D3": "O"}), "X swap B2 C3, A1")
    assert walls(after) == {"C3|D3": "O"}


def test_swap_moves_a_void() -> None:
    after = move(pos({"B2": "###", "C2": "X"}), "X swap B2 C2, A1")
    assert board(after) == {"B2": "X", "C2": "###", "A1": "X"}
    after = move(pos({"B2": "###"}), "X swap B2 C2, A1")
    assert board(after) == {"C2": "###", "A1": "X"}


LINES_BOTH = {
    "A1": "X", "B1": "X", "C1": "O", "D1": "X",
    "A2": "O", "B2": "O", "C2": "X", "D2": "O",
}


def test_swap_that_makes_both_lines_is_a_draw() -> None:
    after = move(pos(LINES_BOTH), "X swap C1 C2")
    result = R.outcome(after)
    assert result is not None and result.winner is None
    assert result.reason == "both players made a line (swap)"
    illegal(pos(LINES_BOTH), "X swap C1 C2, A4", "the swap ended the game")


def test_swap_that_makes_only_the_opponents_line_loses() -> None:
    start = pos({"A2": "O", "B2": "O", "C2": "X", "D2": "O", "C1": "O"})
    assert winner(move(start, "X swap C1 C2")) == "O"


# -- shift ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cells", "text", "expected"),
    [
        ({"A2": "X", "D2": "O"}, "X shift row 2 right, A4", {"A2": "O", "B2": "X", "A4": "X"}),
        ({"A2": "X", "D2": "O"}, "X shift row 2 left, A4", {"C2": "O", "D2": "X", "A4": "X"}),
        ({"B1": "X", "B4": "O"}, "X shift column B down, A4", {"B1": "O", "B2": "X", "A4": "X"}),
        ({"B1": "X", "B4": "O"}, "X shift column B up, A4", {"B3": "O", "B4": "X", "A4": "X"}),
        ({"C2": "*XO", "D2": "###"}, "X shift row 2 right, A4", {"D2": "*XO", "A2": "###", "A4": "X"}),
    ],
)
def test_shift_moves_a_line_with_wrap_intersects_and_voids(
    cells: dict[str, str], text: str, expected: dict[str, str]
) -> None:
    assert board(move(pos(cells), text)) == expected


def test_shift_leaves_dibs_spaces_and_hops_over_them() -> None:
    after = move(pos({"A2": "X", "B2": "O^x", "D2": "O"}), "X shift row 2 right, A4")
    assert board(after) == {"A2": "O", "B2": "O^x", "C2": "X", "A4": "X"}


def test_shift_topples_crossing_walls_against_the_shift() -> None:
    start = pos({"A2": "X", "B2": "O"}, {"B2|C2": "O", "B2|B3": "O"})
    right = move(start, "X shift row 2 right, A4")
    assert board(right) == {"C2": "O", "A4": "X"}  # the X pushed onto B2 is erased by the fall
    assert walls(right) == {"B2|B3": "O"}  # the wall along the row stays
    left = move(start, "X shift row 2 left, A4")
    assert board(left) == {"A2": "O", "D2": "X", "A4": "X"}
    assert walls(left) == {"B2|B3": "O"}


def test_shift_topples_edge_walls_too() -> None:
    start = pos({"C2": "X"}, {"D2|right": "X", "A2|left": "O"})
    after = move(start, "X shift row 2 right, A4")
    assert board(after) == {"A4": "X"}
    assert walls(after) == {}


def test_shift_column_topples_horizontal_walls_upwards_when_pushed_down() -> None:
    after = move(pos({"B1": "O", "B2": "X"}, {"B2|B3": "O"}), "X shift column B down, A4")
    assert board(after) == {"B3": "X", "A4": "X"}


def test_shift_line_whose_completing_letter_is_toppled_does_not_count() -> None:
    cells = {"A1": "X", "A2": "X", "A3": "X", "D4": "X"}
    assert winner(move(pos(cells), "X shift row 4 right")) == "X"
    after = move(pos(cells, {"A4|B4": "O"}), "X shift row 4 right, C1")
    assert R.outcome(after) is None
    assert board(after) == {"A1": "X", "A2": "X", "A3": "X", "C1": "X"}


def test_shift_that_makes_both_lines_is_a_draw() -> None:
    cells = {"A1": "X", "B1": "X", "C1": "X", "D1": "O", "D2": "X", "A4": "O", "B4": "O", "C4": "O"}
    after = move(pos(cells), "X shift column D up")
    result = R.outcome(after)
    assert result is not None and result.winner is None
    assert result.reason == "both players made a line (shift)"


# -- dibs -------------------------------------------------------------------------------------
def test_dibs_claim_and_overwrite_on_the_same_turn() -> None:
    after = move(pos({"C3": "O"}), "X dibs C3, C3")
    assert board(after) == {"C3": "X"}
    assert "dibs" not in after.hands[0]


def test_dibs_overwrite_later_erases_an_intersect_and_both_letters() -> None:
    state = move(pos({"C3": "*XO"}), "X dibs C3, A1")
    assert board(state)["C3"] == "*XO^x"
    state = move(state, "O A4")
    hand = state.hands[0]
    state = move(state, "X C3")
    assert board(state)["C3"] == "X"
    assert state.hands[0] == hand  # the overwrite is the letter, not an action


def test_others_may_write_on_a_pending_dibs_space_and_it_counts() -> None:
    start = pos({"A3": "O", "B3": "O", "D3": "O", "C3": "^x"}, to_move="O")
    assert winner(move(start, "O C3")) == "O"
    illegal(pos({"C3": "X^x"}, to_move="O"), "O C3", "C3 is the other player's dibs space")


def test_dibs_space_is_immune_to_toppling() -> None:
    after = move(pos({"C2": "O^x"}, {"B2|C2": "X"}), "X topple B2|C2 onto C2, A1")
    assert board(after) == {"C2": "O^x", "A1": "X"}
    assert walls(after) == {}


def test_dibs_refusals() -> None:
    illegal(pos({"B2": "###"}), "X dibs B2, A1", "B2 is a void")
    illegal(pos({"B2": "^o"}), "X dibs B2, A1", "B2 is already a dibs space")


def test_dibs_overwrite_leaves_walls() -> None:
    after = move(pos({"C3": "O^x"}, {"C3|D3": "O", "C3|C4": "X"}), "X C3")
    assert board(after) == {"C3": "X"}
    assert walls(after) == {"C3|D3": "O", "C3|C4": "X"}


def test_intersect_may_go_on_a_dibs_space_and_the_overwrite_removes_it() -> None:
    state = move(pos({"C3": "^o"}), "X intersect C3, C3")
    assert board(state) == {"C3": "*X^o"}
    assert board(move(state, "O C3")) == {"C3": "O"}


# -- intersect --------------------------------------------------------------------------------
def test_intersect_shares_a_space() -> None:
    state = move(pos(), "X intersect B2, B2")
    assert board(state) == {"B2": "*X"}
    assert board(move(state, "O B2")) == {"B2": "*XO"}
    assert board(move(pos({"B2": "O"}), "X intersect B2, B2")) == {"B2": "*XO"}


def test_intersect_refusals() -> None:
    illegal(pos({"B2": "###"}), "X intersect B2, A1", "B2 is a void")
    illegal(pos({"B2": "*"}), "X intersect B2, A1", "B2 is already an intersect space")
    illegal(pos({"B2": "*X"}), "X B2", "B2 is an intersect space already holding your letter")


def test_intersect_letter_counts_for_both() -> None:
    assert winner(move(pos({"A1": "X", "B1": "X", "D1": "X", "C1": "*O"}), "X C1")) == "X"
    assert winner(move(pos({"A1": "O", "B1": "O", "D1": "O", "C1": "*X"}, to_move="O"), "O C1")) == "O"
