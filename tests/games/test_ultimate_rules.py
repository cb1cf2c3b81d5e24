"""Scenarios for every rule and clarification of Ultimate Tic-Tac-Toe."""

from __future__ import annotations

import pytest

from printkit.errors import ConfigError
from printkit.games import get_game, params_class
from printkit.games.ultimate.rules import State, cell_kinds, score_table
from printkit.params import from_mapping
from printkit.rules.game import IllegalMove, NotationError
from tests.games.sheets import clarifications

SPEC = get_game("ultimate")
Params = params_class("ultimate")


def UltimateRules(params: object = None):  # type: ignore[no-untyped-def]  # noqa: N802
    """The rules engine for ``params`` (default: the defaults)."""
    return SPEC.rules(params if params is not None else Params())


def play(rules: UltimateRules, *moves: str) -> State:
    """The state after the moves, in log notation, from the start."""
    state = rules.initial_state()
    for text in moves:
        state = rules.apply(state, rules.parse_move(state, text))
    return state


RULES = UltimateRules()


def test_lone_mark_scores_one() -> None:
    assert play(RULES, "X A6").last.points == 1


def test_seed_example_own_and_opponent() -> None:
    state = play(RULES, "X F6", "O G6", "X F5")
    assert [p.points for p in state.history] == [1, 3, 4]
    assert state.scores == (5, 3)


def test_diagonals_count() -> None:
    assert play(RULES, "X B2", "O C3").last.points == (1 + 2) * 3
    assert play(RULES, "X A6", "O B7").last.points == 3


def test_touching_counts_all_eight_neighbours() -> None:
    state = play(RULES, "X J1", "O A1", "X K1", "O A2", "X K2", "O A3")
    # J2 touches I1, J1 (X), K1 (X), I2, K2 (X), I3, J3, K3
    assert RULES.points(state, RULES.parse_move(state, "J2")) == 4


def test_scored_once_when_placed() -> None:
    state = play(RULES, "X F6", "O G6")
    assert state.scores == (1, 3)
    state = play(RULES, "X F6", "O G6", "X A11", "O F7")
    assert state.scores == (2, 3 + 1 + 1 + 2)


@pytest.mark.parametrize("space, factor", [("D5", 2), ("H7", 2), ("C3", 3), ("I9", 3)])
def test_multiplier_spaces_multiply_the_whole_sum(space: str, factor: int) -> None:
    col, row = space[0], int(space[1:])
    neighbour = f"{col}{row + 1}"
    assert play(RULES, f"X {space}").last.points == factor
    assert play(RULES, f"X {neighbour}", f"O {space}").last.points == 3 * factor


def test_touching_a_multiplier_space_multiplies_nothing() -> None:
    assert play(RULES, "X D5", "O D6").last.points == 3


def test_x_moves_first_then_alternate() -> None:
    state = RULES.initial_state()
    assert RULES.current_player(state) == 0 and RULES.first_player(state) == 0
    state = play(RULES, "X A6")
    assert RULES.current_player(state) == 1
    assert RULES.current_player(play(RULES, "X A6", "O B9")) == 0


@pytest.mark.parametrize("space", ["E3", "G3", "E9", "G9"])
def test_extra_turn_space(space: str) -> None:
    state = play(RULES, f"X {space}")
    assert state.last.points == 1 and state.last.extra_turn
    assert RULES.current_player(state) == 0
    assert RULES.format_move(state, RULES.legal_moves(state)[0]) == "X A1"


def test_extra_turn_scores_normally() -> None:
    state = play(RULES, "X F6", "O E2", "X F4", "O E3")
    assert state.last.points == 1 + 1 + 2
    assert RULES.current_player(state) == 1


def test_free_space_wild_counts_as_own_for_both() -> None:
    assert play(RULES, "X F2").last.points == 2
    assert play(RULES, "X A6", "O E1").last.points == 2
    assert play(RULES, "X A6", "O F10").last.points == 2
    state = RULES.initial_state()
    assert len(RULES.legal_moves(state)) == 119
    assert RULES.parse_move(state, "F1") not in RULES.legal_moves(state)


def test_free_space_blocked_scores_nothing() -> None:
    rules = UltimateRules(Params(free_space="blocked"))
    assert play(rules, "X F2").last.points == 1
    state = rules.initial_state()
    assert len(rules.legal_moves(state)) == 119
    with pytest.raises(IllegalMove, match="F11 is a free space"):
        rules.apply(state, rules.parse_move(state, "X F11"))


def test_free_space_open_is_an_ordinary_space() -> None:
    rules = UltimateRules(Params(free_space="open"))
    state = rules.initial_state()
    assert len(rules.legal_moves(state)) == 121
    state = play(rules, "X F1", "O F2")
    assert [p.points for p in state.history] == [1, 3]
    assert not state.history[0].extra_turn


def test_free_space_not_taken_by_illegal_apply() -> None:
    state = RULES.initial_state()
    with pytest.raises(IllegalMove, match="F1 is a free space"):
        RULES.apply(state, RULES.parse_move(state, "F1"))


def test_occupied_and_out_of_range() -> None:
    state = play(RULES, "X F6")
    with pytest.raises(IllegalMove, match="^F6 already holds an X$"):
        RULES.apply(state, 60)
    with pytest.raises(IllegalMove, match="^121 is not a cell of the board$"):
        RULES.apply(state, 121)


def test_apply_does_not_change_the_state() -> None:
    state = play(RULES, "X F6")
    before = (state.cells, state.scores, state.empty, state.history)
    RULES.apply(state, 0)
    assert (state.cells, state.scores, state.empty, state.history) == before


def test_outcome_only_when_board_full() -> None:
    rules = UltimateRules(Params(board_size=3, extra_turn=(), triple=(), double=(), free=("B2",)))
    state = play(rules, "X A1", "O B1", "X C1", "O A2", "X C2", "O A3", "X B3")
    assert rules.outcome(state) is None
    state = play(rules, "X A1", "O B1", "X C1", "O A2", "X C2", "O A3", "X B3", "O C3")
    # B2 is a wild free space that every mark touches: +1 each
    assert [p.points for p in state.history] == [2, 4, 4, 5, 5, 3, 7, 6]
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.reason == "board full"
    assert (outcome.winner, outcome.result, outcome.scores) == (None, "draw", (18.0, 18.0))
    with pytest.raises(IllegalMove, match="the game is over"):
        rules.apply(state, 0)


def test_notation_round_trip_and_forms() -> None:
    state = RULES.initial_state()
    for move in RULES.legal_moves(state):
        assert RULES.parse_move(state, RULES.format_move(state, move)) == move
    assert RULES.format_move(state, 26) == "X E3"
    assert RULES.parse_move(state, "x e3") == RULES.parse_move(state, "E3") == 26
    assert RULES.parse_move(state, "  X   K11 ") == 120


@pytest.mark.parametrize(
    "text, error, message",
    [
        ("O E3", IllegalMove, "it is X's turn, not O's"),
        ("Z E3", NotationError, "expected the mark X or O, got 'Z'"),
        ("X L1", NotationError, "'L1' is off the board (columns A-K, rows 1-11)"),
        ("X A12", NotationError, "'A12' is off the board (columns A-K, rows 1-11)"),
        ("X A0", NotationError, "'A0' is off the board (columns A-K, rows 1-11)"),
        ("pass", NotationError, "expected a mark and a space like 'X E3', got 'pass'"),
        ("", NotationError, "expected a mark and a space like 'X E3', got ''"),
    ],
)
def test_notation_errors(text: str, error: type, message: str) -> None:
    with pytest.raises(error) as err:
        RULES.parse_move(RULES.initial_state(), text)
    assert str(err.value) == message


def test_cell_kinds_default_board() -> None:
    kinds = cell_kinds(Params())
    assert len(kinds) == 121 and list(kinds)[:3] == ["A1", "B1", "C1"] and list(kinds)[-1] == "K11"
    special = {k: v for k, v in kinds.items() if v}
    assert special == {
        "E3": "extra-turn", "G3": "extra-turn", "E9": "extra-turn", "G9": "extra-turn",
        "C3": "triple", "I3": "triple", "C9": "triple", "I9": "triple",
        "D5": "double", "H5": "double", "D7": "double", "H7": "double",
        "F1": "free", "F11": "free",
    }
    assert RULES.cell_kinds() == kinds and RULES.cells == tuple(kinds)


def test_geometry_indices() -> None:
    geo = RULES.geometry
    assert geo.coords[13] == "C2" and geo.coords[26] == "E3"
    assert len(geo.neighbours[0]) == 3 and len(geo.neighbours[1]) == 5 and len(geo.neighbours[60]) == 8
    assert sorted(geo.coords[c] for c in geo.extra_turn) == ["E3", "E9", "G3", "G9"]


def test_score_table_rows() -> None:
    rows = score_table(Params())
    assert [r["points"] for r in rows] == ["1", "+1 each", "+2 each", "+1 each", "x2", "x3"]
    assert rows[4]["action"].endswith("(D5, H5, D7, H7)")
    assert [r["points"] for r in score_table(Params(free_space="open"))] == ["1", "+1 each", "+2 each", "x2", "x3"]


def test_clarifications_cover_each_reading() -> None:
    titles = [t for t, _ in clarifications("ultimate", Params())]
    assert titles == [
        "Coordinates", "Touching", "Scored once", "x2 and x3 spaces", "Extra turns",
        "Free spaces (F1 and F11)", "Free space variants", "End of the game",
    ]
    texts = dict(clarifications("ultimate", Params()))
    assert "119 marks" in texts["End of the game"]
    assert "1 + 1 + 2 = 4" in texts["Touching"]
    assert "counts as a mark of your own" in texts["Free spaces (F1 and F11)"]
    assert "Variant (blocked)" in texts["Free space variants"] and "Variant (open)" in texts["Free space variants"]
    opened = dict(clarifications("ultimate", Params(free_space="open")))
    assert "121 marks" in opened["End of the game"] and "ordinary empty space" in opened["Free spaces (F1 and F11)"]


def test_params_defaults_are_the_seed() -> None:
    p = Params()
    assert (p.board_size, p.extra_turn, p.triple, p.double, p.free) == (
        11, ("E3", "G3", "E9", "G9"), ("C3", "I3", "C9", "I9"), ("D5", "H5", "D7", "H7"), ("F1", "F11"),
    )
    assert p.free_space == "wild" and p.check() == []


@pytest.mark.parametrize(
    "data, message",
    [
        ({"board_size": 9}, "games.ultimate.free: 'F11' is off the board (columns A-I, rows 1-9)"),
        ({"double": ["D5", "E3"]}, "games.ultimate.double: 'E3' is already in extra_turn"),
        ({"free": ["F1", "F1"]}, "games.ultimate.free: 'F1' is twice in this list"),
        ({"board_size": 27}, "games.ultimate.board_size: expected 3 to 26, got 27"),
        ({"triple": ["c3"]}, "games.ultimate.triple: expected text matching [A-Z][1-9][0-9]?, got ['c3']"),
        ({"free_space": "bingo"}, "games.ultimate.free_space: expected one of 'wild', 'blocked', 'open', got 'bingo'"),
        (
            {"board_size": 3, "extra_turn": [], "triple": [], "double": [],
             "free": ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]},
            "games.ultimate.free: expected at least one space to play on, every space is free",
        ),
    ],
)
def test_params_errors(data: dict, message: str) -> None:
    with pytest.raises(ConfigError) as err:
        from_mapping(Params, data, "config.toml", "games.ultimate")
    assert str(err.value) == f"config.toml: {message}"


def test_all_free_open_is_fine() -> None:
    p = Params(board_size=3, extra_turn=(), triple=(), double=(), free=("A1",) , free_space="open")
    assert p.check() == [] and p.playable_count() == 9


def test_render_text() -> None:
    text = RULES.render_text(play(RULES, "X F6", "O G6", "X F5"))
    lines = text.splitlines()
    assert lines[0] == "    A B C D E F G H I J K"
    assert lines[1] == " 1  . . . . . * . . . . ."
    assert lines[3] == " 3  . . 3 . T . T . 3 . ."
    assert lines[6] == " 6  . . . . . X O . . . ."
    assert lines[-1] == "X 5, O 3; last: X F5 scored 4; O to move"


def test_render_text_names_and_end() -> None:
    rules = UltimateRules(Params(board_size=3, extra_turn=(), triple=(), double=(), free=(),
                                 player_x="Ann", player_o="Bob"))
    state = play(rules, "A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3")
    assert rules.render_text(state).splitlines()[-1] == (
        "Ann (X) 21, Bob (O) 20; last: X C3 scored 6; board full, Ann wins"
    )
    assert rules.player_names == ("Ann", "Bob")
