"""Tic Tac Warfare engine: rules, clarifications, notation, logs."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.errors import ConfigError, LogError
from printkit.games import get_game, params_class
from printkit.games.warfare.rules import First, State, Turn, cells, max_tokens_on_board, token, victory_reachability
from printkit.params import from_mapping
from printkit.rules.game import CHANCE, IllegalMove, NotationError
from printkit.rules.log import parse_log, read_log
from printkit.rules.replay import replay
from tests.games.sheets import clarifications

SPEC = get_game("warfare")
WarfareRules = SPEC.rules
Params = params_class("warfare")
Abilities = type(Params().abilities)

DATA = Path(__file__).parent.parent / "data" / "warfare"


def play(rules: WarfareRules, *lines: str) -> State:
    state = rules.initial_state()
    for line in lines:
        state = rules.apply(state, rules.parse_move(state, line))
    return state


def rules_for(**kw: object) -> WarfareRules:
    return WarfareRules(Params(**kw))  # type: ignore[arg-type]


def board(rules: WarfareRules, state: State) -> list[str]:
    return ["".join("." if v == 0 else "XOxo"[v - 1] for v in state.board[r * rules.geo.size:(r + 1) * rules.geo.size]) for r in range(rules.geo.size)]


def test_params_defaults_and_checks() -> None:
    p = Params()
    assert (p.board_size, p.line_length, p.fortress_victory, p.territory_victory) == (6, 6, 3, True)
    assert p.abilities == Abilities(1, 1, 1, 1) and p.check() == []
    assert Params(line_length=7).check() == [("line_length", "expected at most board_size (6), got 7")]
    assert Params(token_mm=26).check() == [("token_mm", "expected at most cell_mm - 3 (25), got 26")]
    with pytest.raises(ConfigError, match="games.warfare.board_size: expected 3 to 20, got 2"):
        from_mapping(Params, {"board_size": 2}, "config.toml", "games.warfare")
    with pytest.raises(ConfigError, match="games.warfare.abilities.bomb"):
        from_mapping(Params, {"abilities": {"bomb": 10}}, "config.toml", "games.warfare")
    with pytest.raises(ConfigError, match="colour_x"):
        from_mapping(Params, {"colour_x": "red"}, "config.toml", "games.warfare")


def test_first_player_is_a_chance_move() -> None:
    rules = WarfareRules(Params())
    start = rules.initial_state()
    assert rules.current_player(start) == CHANCE
    assert rules.chance_outcomes(start) == [(First(0), 0.5), (First(1), 0.5)]
    state = play(rules, "first O")
    assert rules.current_player(state) == 1 and rules.first_player(state) == 1
    with pytest.raises(IllegalMove, match="it is O's turn"):
        rules.apply(state, rules.parse_move(state, "X A1"))
    with pytest.raises(IllegalMove, match="decide who goes first"):
        rules.apply(start, Turn(0, 0))


def test_bomb_cross_removes_all_unshielded_tokens_including_own() -> None:
    rules = rules_for()
    s = play(rules, "first X", "X C3", "O C2", "X B3, shield B3", "O D3", "X bomb C2, F6")
    # cross of C2: C1 C2 C3 B2 D2; X's own C3 goes too
    assert board(rules, s)[:3] == ["......", "......", ".X.O.."] and s.board[35] == token(0)


def test_bomb_spares_shielded_target_and_neighbours() -> None:
    rules = rules_for()
    s = play(rules, "first X", "X C3", "O C2, shield C2", "X bomb C2, A6")
    assert s.board[rules.geo.parse("C2")] == token(1) and s.board[rules.geo.parse("C3")] == 0


def test_shield_lasts_until_owner_next_turn() -> None:
    rules = rules_for(abilities=Abilities(bomb=2, shield=1, convert=2, fortress=1))
    s = play(rules, "first X", "X C3, shield C3", "O A1")
    with pytest.raises(IllegalMove, match="C3 is shielded"):
        rules.apply(play(rules, "first X", "X C3, shield C3"), rules.parse_move(s, "O convert C3, A1"))
    with_shield = play(rules, "first X", "X C3, shield C3")
    assert with_shield.shields == (rules.geo.parse("C3"), -1)
    s = play(rules, "first X", "X C3, shield C3", "O A1", "X A6")  # X's next turn: shield gone
    s = rules.apply(s, rules.parse_move(s, "O convert C3, B1"))
    assert s.board[rules.geo.parse("C3")] == token(1)


def test_shield_must_target_own_token() -> None:
    rules = rules_for()
    s = play(rules, "first X", "X A1")
    with pytest.raises(IllegalMove, match="the shield must target an O token, A1 holds an X token"):
        rules.apply(s, rules.parse_move(s, "O B1, shield A1"))


def test_convert_fortress_becomes_ordinary() -> None:
    rules = rules_for(fortress_victory=2, abilities=Abilities(fortress=2))
    s = play(rules, "first X", "X fortress A1, B1", "O convert A1, C1")
    assert s.board[0] == token(1) and s.board[0] != token(1, True)


def test_fortress_victory_and_line_counts_fortress() -> None:
    rules = rules_for(fortress_victory=2, abilities=Abilities(fortress=2))
    s = play(rules, "first X", "X fortress A1, B1", "O A6", "X fortress F1")
    assert s.result is not None and (s.result.winner, s.result.reason) == (0, "fortress")
    line = rules_for(board_size=3, line_length=3)
    s = play(line, "first X", "X fortress A1, A2", "O B1", "X A3")
    assert s.result is not None and (s.result.winner, s.result.reason) == (0, "line")


def test_no_ability_after_a_winning_placement_and_no_place_after_winning_ability() -> None:
    rules = rules_for(board_size=3, line_length=3)
    s = play(rules, "first X", "X A1", "O B1", "X A2", "O B2")
    with pytest.raises(IllegalMove, match="the placement on A3 already won the game: no ability may follow"):
        rules.apply(s, rules.parse_move(s, "X A3, bomb B1"))
    with pytest.raises(IllegalMove, match="the fortress on A3 already won the game: no placement follows"):
        rules.apply(s, rules.parse_move(s, "X fortress A3, C3"))
    s = rules.apply(s, rules.parse_move(s, "X fortress A3"))
    assert s.result is not None and s.result.reason == "line"


def test_one_card_of_each_per_game() -> None:
    rules = rules_for()
    s = play(rules, "first X", "X A1", "O B1", "X bomb B1, C1", "O D1")
    with pytest.raises(IllegalMove, match="X has no bomb card left"):
        rules.apply(s, rules.parse_move(s, "X bomb D1, E1"))


def test_territory_and_stalemate_on_full_board() -> None:
    rules = rules_for(board_size=3, line_length=3, abilities=Abilities(0, 0, 0, 0))
    moves = ["first X", "X A1", "O B1", "X C1", "O B2", "X A2", "O C2", "X B3", "O A3", "X C3"]
    s = play(rules, *moves)
    assert s.result is not None and (s.result.winner, s.result.reason, s.result.scores) == (0, "territory", (5.0, 4.0))
    off = rules_for(board_size=3, line_length=3, abilities=Abilities(0, 0, 0, 0), territory_victory=False)
    s = play(off, *moves)
    assert s.result is not None and (s.result.winner, s.result.reason) == (None, "full board")
    fort = rules_for(board_size=3, line_length=3, abilities=Abilities(0, 0, 0, 1), territory_victory=True)
    s = play(fort, "first X", "X A1", "O fortress B1, C1", "X B2", "O A2", "X C2", "O B3", "X A3", "O C3")
    # the fortress counts for territory: O 5 (fortress included) to X 4
    assert s.result is not None and (s.result.winner, s.result.reason, s.result.scores) == (1, "territory", (4.0, 5.0))
    even = rules_for(board_size=4, line_length=4, abilities=Abilities(0, 0, 0, 0))
    order = "X A1,O C1,X B1,O D1,X C2,O A2,X D2,O B2,X A3,O C3,X B3,O D3,X C4,O A4,X D4,O B4".split(",")
    s = play(even, "first X", *order)
    assert s.result is not None and (s.result.winner, s.result.reason, s.result.scores) == (None, "stalemate", (8.0, 8.0))


def test_notation_round_trip_and_errors() -> None:
    rules = rules_for()
    geo = rules.geo
    s = play(rules, "first X")
    for text in ("X C3", "X bomb D4, C3", "X C3, shield C3", "X fortress B2, C3", "X convert D4", "first O"):
        assert rules.format_move(s, rules.parse_move(s, text)) == text
    assert rules.parse_move(s, "x c3,  SHIELD c3") == Turn(0, geo.parse("C3"), "shield", geo.parse("C3"), False)
    with pytest.raises(NotationError, match="'C9' is off the board \\(columns A-F, rows 1-6\\)"):
        rules.parse_move(s, "X C9")
    with pytest.raises(NotationError, match="at most one ability per turn"):
        rules.parse_move(s, "X bomb C3, shield C4")
    with pytest.raises(NotationError, match="places one token"):
        rules.parse_move(s, "X C3, C4")
    with pytest.raises(NotationError, match="expected the mover's mark"):
        rules.parse_move(s, "Z C3")


def test_legal_moves_counts() -> None:
    rules = rules_for()
    s = play(rules, "first X")
    # placements (36), shield after on the placed token (36), fortress before or after (36 x 35 each)
    assert len(rules.legal_moves(s)) == 36 + 36 + 2 * 36 * 35
    s = play(rules, "first X", "X A1")
    # O: 35 placements; bomb A1 before (then 36 places: A1 is empty again) / after (35 x 1);
    # shield after 35; convert before (A1 then 35 places) / after 35; fortress 35 x 34 twice
    assert len(rules.legal_moves(s)) == 35 + 36 + 35 + 35 + 35 + 35 + 2 * 35 * 34


def test_legal_moves_match_brute_force() -> None:
    rules = rules_for(board_size=3, line_length=3)
    s = play(rules, "first X", "X A1", "O B2, shield B2", "X A2")
    legal = set(rules.legal_moves(s))
    brute = set()
    for place in [None, *range(9)]:
        for ability in [None, "bomb", "shield", "convert", "fortress"]:
            for target in [None] if ability is None else range(9):
                for before in [False] if ability is None else [True, False]:
                    move = Turn(1, place, ability, target, before)
                    try:
                        rules.apply(s, move)
                    except IllegalMove:
                        continue
                    brute.add(move)
    assert legal == brute and len(legal) > 50


def test_golden_log() -> None:
    rules = rules_for(board_size=4, line_length=4)
    game = replay(rules, read_log(DATA / "golden.log"), "golden.log")
    assert game.outcome is not None and (game.outcome.winner, game.outcome.reason) == (0, "line")
    after_bomb = game.steps[5].state
    # B2 shielded stays; X's B1 and O's own A2 fortress are removed
    assert board(rules, after_bomb) == ["O...", ".X..", "O...", "..O."]
    assert board(rules, game.steps[3].state) == ["OX..", "o...", "O...", "...."]
    assert game.steps[4].state.shields == (rules.geo.parse("B2"), -1)
    assert board(rules, game.final) == ["OXO.", "OX..", "XX..", ".XO."]


def test_illegal_log_line_number() -> None:
    rules = rules_for()
    with pytest.raises(LogError, match="illegal.log:5: illegal move 'X A1': A1 is occupied"):
        replay(rules, read_log(DATA / "illegal.log"), "illegal.log")
    with pytest.raises(LogError, match="x.log:2: cannot read 'X Q1'"):
        replay(rules, parse_log("first X\nX Q1\n"), "x.log")
    with pytest.raises(LogError, match="x.log:3: move 'X A2' after the game has ended"):
        replay(rules_for(board_size=3, line_length=3, fortress_victory=1), parse_log("first X\nX fortress A1\nX A2\n"), "x.log")


def test_example_log_replays() -> None:
    rules = SPEC.rules(Params())
    path = Path(__file__).parents[2] / "printkit" / "games" / "warfare" / "example.log"
    game = replay(rules, read_log(path), "example.log")
    assert len(game.steps) == 9 and game.outcome is None


def test_kit_facts() -> None:
    assert cells(Params())[:7] == ["A1", "B1", "C1", "D1", "E1", "F1", "A2"] and len(cells(Params())) == 36
    assert max_tokens_on_board(Params()) == 24
    ttt = Params(board_size=3, line_length=3, abilities=Abilities(0, 0, 0, 0))
    assert max_tokens_on_board(ttt) == 5
    reach = victory_reachability(Params())
    assert reach[1] == ("fortress", False, "it needs 3 fortress tokens but each player has only 1 Fortress card")
    assert [r[1] for r in reach] == [True, False, True]
    assert victory_reachability(Params(territory_victory=False))[2][1] is False
    assert victory_reachability(Params(abilities=Abilities(fortress=3)))[1][1] is True


def test_clarifications_listed() -> None:
    titles = [t for t, _ in clarifications("warfare", Params())]
    assert titles == ["Who goes first", "One turn", "Bomb", "Shield", "Convert", "Fortress",
                      "Immediate victory", "Full board", "A finite game"]
    assert "stalemate" in dict(clarifications("warfare", Params(territory_victory=False)))["Full board"]


def test_render_and_json() -> None:
    rules = rules_for()
    s = play(rules, "first X", "X fortress A1, B1")
    s = rules.apply(s, rules.parse_move(s, "O C1, shield C1"))
    text = rules.render_text(s)
    assert "  1 [X] X (O) .  .  . " in text and "X to move" in text
    data = rules.state_json(s)
    assert data["cells"]["A1"] == {"owner": "X", "fortress": True, "shielded": False}
    assert data["rows"][0][:3] == ["[X]", "X", "(O)"] and data["to_move"] == "X"
