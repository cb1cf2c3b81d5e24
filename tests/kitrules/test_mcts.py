"""The mcts player on designers' games: it never peeks (statistically and by construction), it plays games with
secret answers and restricted play, it is reproducible, and its names are checked."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from printkit.kitgame.spec import open_kit
from printkit.kitrules import Hidden
from printkit.rules.game import CHANCE, chance_move
from printkit.rules.mcts import Budget, MctsPlayer, search_player
from printkit.rules.simulate import simulate, wilson_interval
from tests.kitrules.helpers import cli, edit, one_error_line, scaffold

PEEK = Path(__file__).parent / "peek"


class Poison:
    """A hidden card no search may look at: comparing, hashing or printing it fails the test."""

    def _touched(self, *args: object) -> bool:
        raise AssertionError("the search read a card hidden from its seat")

    __eq__ = __hash__ = __str__ = __repr__ = __lt__ = _touched  # type: ignore[assignment]


def test_mcts_does_not_peek_at_the_card_face_down() -> None:
    """Naming the Holder's face-down number wins: mcts wins about 1 game in 6 (chance), a player reading the state
    every game. 600 seeded games: the 95% interval of mcts's rate holds 1/6 and stays far below certainty."""
    rules = open_kit(str(PEEK)).rules()
    mcts = MctsPlayer("mcts", Budget(60))

    def reads_the_state(rules_: object, state: dict, rng: random.Random) -> tuple[str, int]:
        return ("name", state["held"][1][0])

    games = 600
    blind = simulate(rules, (mcts, mcts), games, seed=31)
    low, high = wilson_interval(blind.results["first"], games)
    assert low <= 1 / 6 <= high and high < 0.25, (blind.results, low, high)
    peeking = simulate(rules, (reads_the_state, mcts), 100, seed=31)
    assert peeking.results["first"] == 100


def test_the_search_is_never_handed_the_true_state() -> None:
    """The true state's hidden card is a Poison: any comparison, hash or print of it fails. The search works on the
    Guesser's view (where it is a Hidden count) and samples from the cards dealt at setup."""
    rules = open_kit(str(PEEK)).rules()
    state = rules.initial_state()
    state = rules.apply(state, chance_move(rules, state, random.Random(1)))
    state["held"][1] = [Poison()]
    state["deck"] = [Poison() for _ in state["deck"]]
    assert rules.view(state, 0)["held"][1] == Hidden(1)
    move = MctsPlayer("mcts", Budget(200))(rules, state, random.Random(2))
    assert move in rules.legal_moves(state)


def copied(source: Path, folder: Path, names: tuple[str, ...]) -> Path:
    """A new ``folder`` holding copies of ``source``'s files ``names``."""
    folder.mkdir()
    for name in names:
        (folder / name).write_text((source / name).read_text())
    return folder


def test_a_hidden_entry_that_is_not_a_list_is_one_error_naming_the_hook(tmp_path: Path) -> None:
    folder = copied(PEEK, tmp_path / "peek", ("kit.toml", "peek.py", "rules.md"))
    edit(folder / "peek.py", '"held": [[], []]', '"held": [None, None]')
    edit(folder / "peek.py", 'state["held"][1].append(state["deck"].pop())', 'state["held"][1] = [state["deck"].pop()]')
    line = one_error_line(cli("simulate", "--kit", str(folder), "--players", "mcts:20,random", "--games", "2"))
    assert "peek.py: the mcts player cannot sample what Guesser does not see: state['held'][1] is hidden but was None " \
           "at setup, not a list of items; write determinize(self, view, player, rng)" in line


def test_a_designer_determinize_is_used(tmp_path: Path) -> None:
    folder = copied(PEEK, tmp_path / "peek", ("kit.toml", "peek.py", "rules.md"))
    # a (wrong) guess the designer writes: the Holder always holds 3, so mcts names 3 every time
    edit(folder / "peek.py", "    def outcome(self, state):", """    def determinize(self, view, player, rng):
        view["held"][1] = [3]
        view["deck"] = [n for n in range(1, 7) if n != 3]
        return view

    def outcome(self, state):""")
    rules = open_kit(str(folder)).rules()
    state = rules.initial_state()
    state = rules.apply(state, chance_move(rules, state, random.Random(5)))
    assert MctsPlayer("mcts", Budget(100))(rules, state, random.Random(1)) == ("name", 3)


def test_mcts_beats_random_at_the_scaffold_and_is_reproducible(tmp_path: Path) -> None:
    """The same seed gives the same games with one worker or two (chunks are seeded, mcts draws from the game's rng)."""
    folder = scaffold(tmp_path)
    runs = []
    for workers in ("1", "2"):
        result = cli("simulate", "--kit", str(folder), "--players", "mcts:40,random", "--games", "60", "--seed", "4",
                     "--workers", workers, "--json", "--out", str(tmp_path / "out"))
        assert result.exit_code == 0, result.output
        runs.append(json.loads(result.output))
    assert runs[0]["results"] == runs[1]["results"] and runs[0]["metrics"]["seats"] == runs[1]["metrics"]["seats"]
    seats = runs[0]["metrics"]["seats"]
    assert seats[0]["wins"] > seats[1]["wins"]


def test_mcts_plays_secret_answers_in_stages(tmp_path: Path) -> None:
    """Token Tactics: the attacker's commitment and the defender's answer are chosen apart; mcts as either seat
    answers from the position before the attack (its answer is one the rules offer)."""
    from printkit.games import get_game
    from printkit.rules.playouts import policies

    spec = get_game("tokentactics")
    params = spec.params()
    rules = spec.rules(params)
    seats = policies(spec, ("mcts:30", "random"))
    tally = simulate(rules, seats, 20, seed=3)
    assert tally.games == 20
    mover = search_player("mcts:30")
    state = rules.initial_state()
    assert mover is not None and rules.current_player(state) == 0
    attack = ("attack", 2)
    answer = mover.answer(rules, state, attack, random.Random(1))
    assert answer in rules.answers(state, attack)


@pytest.mark.parametrize("name, error", [
    ("mcts:xyz", "--players: 'mcts:xyz': expected mcts, mcts:N (N iterations a move"),
    ("mcts:0", "--players: 'mcts:0': expected"),
    ("mcts:-1s", "--players: 'mcts:-1s': expected"),
    ("mcts:nans", "--players: 'mcts:nans': expected"),
])
def test_bad_mcts_names_are_one_line_naming_the_flag(tmp_path: Path, name: str, error: str) -> None:
    folder = scaffold(tmp_path)
    assert error in one_error_line(cli("simulate", "--kit", str(folder), "--players", f"{name},random", "--games", "2"))
    assert error in one_error_line(cli("balance", "--kit", str(folder), "--players", name, "--games", "2",
                                       "--out", str(tmp_path / "out")))
    computer = one_error_line(cli("play", "--kit", str(folder), "--computer", name))
    assert computer.startswith(f"error: --computer: '{name}': expected")


def test_named_levels_and_budgets() -> None:
    assert search_player("mcts") == MctsPlayer("mcts", Budget(moves=10_000))
    assert search_player("mcts:hard").budget == Budget(moves=100_000)
    assert search_player("mcts:250").budget == Budget(250)
    assert search_player("mcts:0.5s").budget == Budget(seconds=0.5)
    assert search_player("greedy") is None


def test_play_against_mcts_at_the_terminal(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    lines = "\n".join(["1"] * 12) + "\n"
    result = cli("play", "--kit", str(folder), "--computer", "mcts:30", "--seed", "3", input=lines)
    assert result.exit_code == 0, result.output
    assert "wins" in result.output or "draw" in result.output


def test_restricted_play_with_mcts_keeps_the_ability_from_its_search(tmp_path: Path) -> None:
    """balance --abilities with mcts: the restricted seat's search never plays Storm while it has another move."""
    folder = scaffold(tmp_path)
    edit(folder / "cards.csv", "Storm,2,,,,1,Event,#8E2430,bolt,Pay 2 :coin:: the other player loses 1 :star:.,1",
         "Storm,,,,,1,Event,#8E2430,bolt,The other player loses 1 :star:.,6")
    opened = open_kit(str(folder))
    rules = opened.rules()
    uses = opened.spec.abilities(opened.setup)["storm"]
    player = MctsPlayer("mcts", Budget(40)).without(uses)
    rng = random.Random(3)
    for _ in range(20):
        state = rules.initial_state()
        while rules.outcome(state) is None:
            if rules.current_player(state) == CHANCE:
                state = rules.apply(state, chance_move(rules, state, rng))
                continue
            move = player(rules, state, rng)
            others = [m for m in rules.legal_moves(state) if not uses(rules, state, m)]
            assert not uses(rules, state, move) or not others
            state = rules.apply(state, move)


def test_a_planted_overpowered_card_ranks_first(tmp_path: Path) -> None:
    """balance --cards from the deck alone: a free three-star card added to the scaffold ranks first by what being
    dealt it is worth (an opening hand with it against one without), clearly apart. Restricted play alone cannot rank
    it: the scaffold makes a seat play a free card when it can afford nothing else, so a seat "without" it still plays
    it; against greedy players Wish, three stars for five coins, then looks worth as much. (20 seeds: docs/benchmarks.md.)"""
    folder = scaffold(tmp_path)
    with (folder / "cards.csv").open("a") as deck:
        deck.write("Gift,,,3,,,Event,#B8860B,star,Gain 3 :star:.,2\n")
    out = tmp_path / "out"
    result = cli("balance", "--kit", str(folder), "--cards", "--players", "greedy", "--games", "600", "--seed", "2",
                 "--workers", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    from printkit.balance.report import card_rows

    data = json.loads((out / "star-race" / "balance" / "results.json").read_text())
    ranked = card_rows(data["points"][0])
    assert [row["card"] for row in ranked][0] == "Gift" and len(ranked) == 7
    gift, second = ranked[0]["seats"], ranked[1]["seats"]
    assert ranked[0]["played"] > 0 and all(s["dealt_interval"][0] > 0 for s in gift)  # worth > 0 at 95%
    assert min(s["dealt_interval"][0] for s in gift) > max(s["dealt_interval"][1] for s in second)  # apart at 95%
    assert all(0 < s["dealt"] < 1 for row in ranked for s in row["seats"])
    page = (out / "star-race" / "balance" / "report.html").read_text()
    assert "What each card is worth" in page and "cards.png" in page and "dealt to Player 1" in page
    assert "    Gift: dealt Player 1 +" in result.output
    header = (out / "star-race" / "balance" / "results.csv").read_text().splitlines()[0].split(",")
    assert header[-10:] == ["margin", "draw_rate", "move_limit_stops", "moves", "branching", "forced_share", "lead_changes",
                            "drama", "drama_deficit", "decisiveness"]


def test_a_playout_player_and_a_cut_judged_by_score(tmp_path: Path) -> None:
    """``playout = "greedy"`` makes the search's playouts the designer's player; ``playout_depth`` with ``score`` cuts
    them and names the leader by score the winner."""
    folder = scaffold(tmp_path)
    edit(folder / "rules.py", "    endings = (", '    playout = "greedy"\n    playout_depth = 2\n    endings = (')
    rules = open_kit(str(folder)).rules()
    state = rules.initial_state()
    state = rules.apply(state, chance_move(rules, state, random.Random(1)))
    ended, played = rules.playout_from(state, random.Random(2))
    assert played == 2 and ended.reason == "playout cut: the leader by score" and len(ended.scores) == 2
    assert state["stars"] == [0, 0] and len(state["deck"]) == 8  # the playout played on a copy
    assert MctsPlayer("mcts", Budget(50))(rules, state, random.Random(3)) in rules.legal_moves(state)
    edit(folder / "rules.py", 'playout = "greedy"', 'playout = "clever"')
    line = one_error_line(cli("simulate", "--kit", str(folder), "--games", "2"))
    assert "rules.py: playout = 'clever' is not a player (players: random, greedy)" in line


@pytest.mark.parametrize("game, values", [("warfare", {"board_size": 4, "line_length": 3}), ("ultimate", {}),
                                          ("tictactwo", {})])
def test_the_built_in_games_play_mcts_through_their_kit_folders(game: str, values: dict[str, int]) -> None:
    """A built-in game is a kit folder: mcts plays it through the kit engine's playouts as a designer's game (the
    kernel plays only the pairs it knows), on its rules (nothing hidden: no determinize, no score), traced for the
    figures."""
    from printkit.games import get_game, params_class
    from printkit.kitgame.engine import KitRules
    from printkit.rules.playouts import play_games

    spec, params = get_game(game), params_class(game)(**values)
    rules = spec.rules(params)
    assert isinstance(rules, KitRules) and getattr(rules, "determinize", None) is None and getattr(rules, "score", None) is None
    tally = play_games(spec, params, ("mcts:20", "random"), 2, 1)
    again = spec.kernel(params, ("mcts:20", "random"), 2, 1)  # type: ignore[misc]
    assert again is not None and (tally.results, tally.lengths, tally.reasons) == (again.results, again.lengths, again.reasons)
    assert tally.games == 2 and tally.metrics(rules.player_names)["traced_games"] == 2


def test_play_against_mcts_at_the_terminal_of_a_built_in_game() -> None:
    """Ultimate's own terminal dialogue with mcts at the other seat (``--computer mcts:20``), played to its end."""
    cells = [f"{c}{r}" for r in range(1, 12) for c in "ABCDEFGHIJK"]  # every space of the 11x11 board, in turn
    result = cli("play", "--game", "ultimate", "--computer", "mcts:20", "--seed", "3", input="\n".join(cells) + "\n")
    assert result.exit_code == 0, result.output
    assert "\n> O " in result.output and ("wins" in result.output or "draw" in result.output), result.output  # its moves
    assert "--computer: unknown player 'genius' for ultimate (known: greedy, mcts, random)" in one_error_line(
        cli("play", "--game", "ultimate", "--computer", "genius", input=""))


def test_verify_tries_the_mcts_player_for_an_ending_random_games_miss(tmp_path: Path) -> None:
    """Defuse: random players explode at once, so 1,000 random games never defuse; verify then plays games of
    mcts:easy players, who cut the safe wire every time, and notes the ending reached by them instead of warning."""
    folder = Path(__file__).parent / "defuse"
    result = cli("verify", "--kit", str(folder), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert "note: ending 'defused' was reached by 20 games of mcts:easy players (seed 1), not in 1,000 random games " \
           "(seed 1)" in result.output and "warning: ending" not in result.output
    hard = copied(folder, tmp_path / "defuse", ("kit.toml", "defuse.py", "rules.md"))
    edit(hard / "defuse.py", 'return Outcome(player, "defused")', 'return Outcome(player, "defused")\n        if sum(state["cut"]) > 99:\n            return Outcome(None, "never")')
    edit(hard / "defuse.py", 'endings = ("defused", "exploded")', 'endings = ("defused", "exploded", "never")')
    result = cli("verify", "--kit", str(hard), "--out", str(tmp_path / "out"))
    assert "warning: ending 'never' was not reached in 1,000 random games (seed 1) of random players nor by 20 games " \
           "of mcts:easy players (seed 1)" in result.output


def test_restricted_play_pairs_its_games_across_groups(tmp_path: Path) -> None:
    """balance --abilities and --cards on the reference engine: game i of the full players and game i of every
    restriction start from the same seed, so they meet the same deal (common random numbers), however differently
    the restricted seat then plays."""
    import dataclasses

    from printkit.balance.chunks import paired_games
    from printkit.balance.restrict import restricted_spec

    opened = open_kit(str(scaffold(tmp_path)))
    deals: dict[str, list[object]] = {"full": [], "storm": []}
    for name, restrict in (("full", None), ("storm", (0, "storm"))):
        spec = dataclasses.replace(opened.spec, observe=lambda tally, game, seen=deals[name]: seen.append(game.moves[0]))
        tally = paired_games(restricted_spec(spec, opened.setup, ("mcts:20", "mcts:20"), restrict), opened.setup, 24, 7)
        assert tally.games == 24 and tally.extra["seat_1_wins"] + tally.extra["seat_2_wins"] + tally.results["draw"] == 24
    assert deals["full"] == deals["storm"] and len({repr(deal) for deal in deals["full"]}) == 24


def test_the_tree_goes_no_deeper_than_what_the_searcher_would_tell_apart(tmp_path: Path) -> None:
    """The scaffold draws a card after each move, unseen until drawn and no move of its own: below the root, the
    positions after a move differ in the searcher's hand from sample to sample, so the search plays out from the root's
    children (each marked MIXED, with no statistics below it). Once the deck is empty nothing the searcher sees depends
    on the sample but the moves: the tree grows below the root."""
    from printkit.rules.mcts import MIXED

    rules = open_kit(str(scaffold(tmp_path))).rules()
    rng = random.Random(5)
    state = rules.initial_state()
    state = rules.apply(state, chance_move(rules, state, rng))
    opening = MctsPlayer("mcts", Budget(300)).search(rules, state, 0, random.Random(1))
    assert opening.root.children and all(child.seen is MIXED and not child.children for child in opening.root.children.values())
    while state["deck"] or len(rules.legal_moves(state)) < 2:  # a late position with a choice, the deck empty
        if rules.outcome(state) is not None or not state["deck"] and not state["hands"][state["to_move"]]:
            state = rules.initial_state()
        moves = rules.legal_moves(state) if rules.current_player(state) != CHANCE else [chance_move(rules, state, rng)]
        state = rules.apply(state, moves[rng.randrange(len(moves))])
    late = MctsPlayer("mcts", Budget(300)).search(rules, state, state["to_move"], random.Random(1))
    assert any(child.children and child.seen is not MIXED for child in late.root.children.values())


def test_a_guessed_state_fills_every_hidden_place_and_copies_the_rest() -> None:
    """A guess fills each Hidden count (in a dict, a list, a tuple beside it) from the items out of sight, and every
    place that hides nothing is a copy of the view's, never the view's own list or dict: the rules change a guess in
    place, the view stays as seen."""
    from printkit.kitgame.guess import Guesser

    dealt = {"deck": list("abcdef"), "hands": [["g"], ["h"]], "pair": (["i"], "x"), "score": {"p": [0, 0]}}
    view = {"deck": Hidden(3), "hands": [["g"], Hidden(1)], "pair": (Hidden(1), "x"), "score": {"p": [0, 0]},
            "seen": [["f"]]}
    guess = Guesser(view, dealt, {"score"})(random.Random(3))
    drawn = guess["deck"] + guess["hands"][1] + guess["pair"][0]
    assert len(guess["deck"]) == 3 and len(guess["hands"][1]) == 1 and len(guess["pair"][0]) == 1
    assert sorted(drawn) == sorted(set(drawn)) and set(drawn) <= set("abcdehi")  # f is seen, g in the view's hand
    assert guess["hands"][0] == ["g"] and guess["hands"][0] is not view["hands"][0]
    assert guess["score"] == {"p": [0, 0]} and guess["score"] is not view["score"] and guess["score"]["p"] is not view["score"]["p"]
    assert guess["seen"] == [["f"]] and guess["seen"][0] is not view["seen"][0]
    assert guess["pair"][1] == "x"
