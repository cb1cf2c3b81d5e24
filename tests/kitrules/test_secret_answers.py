"""printkit.kitrules' secret answers (Game.answers), counters, parse and why_not, through a kit folder's rules.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.kitgame.blame import RulesError
from printkit.kitgame.players import pair, without_ability
from printkit.kitgame.spec import open_kit
from printkit.kitrules import Answered
from printkit.rules.game import IllegalMove
from tests.datakit.helpers import CARD, CSV, write_kit

KIT = CARD.replace('name = "t"\ntitle = "Test Kit"', 'name = "guess"\ntitle = "Guess"') + """
[game]
rules = "rules.py"

[params]
goal = 3
"""

RULES = '''
from printkit.kitrules import Game, Outcome

class Guess(Game):
    """The mover hides 1 to 3; the other player guesses in secret; a right guess scores for the guesser."""
    per_player = ("score",)
    seen = []

    def setup(self):
        return {"score": [0, 0], "to_move": 0, "guessed": 0}

    def moves(self, state):
        return [("hide", n) for n in (1, 2, 3)]

    def answers(self, state, move):
        return [1, 2, 3]

    def play(self, state, move):
        me = state["to_move"]
        right = move.move[1] == move.answer
        state["score"][1 - me if right else me] += 1
        state["guessed"] += right
        state["to_move"] = 1 - me

    def outcome(self, state):
        for player, score in enumerate(state["score"]):
            if score >= self.params.goal:
                return Outcome(player, "reached the goal")
        return None

    def counters(self, state):
        return {"right_guesses": state["guessed"], "shutout": 0 in state["score"]}

    def player_high(self, view, moves, rng):
        return moves[-1]

    def answer_high(self, view, answers, rng):
        Guess.seen.append((dict(view), list(answers)))
        return answers[-1]

    def player_low(self, view, moves, rng):
        return moves[0]

    def ability_three(self, state, move):
        return move == ("hide", 3)
'''


@pytest.fixture()
def kit(tmp_path: Path) -> Path:
    return write_kit(tmp_path / "guess", KIT, {"cards.csv": CSV, "rules.py": RULES})


def test_a_move_and_its_secret_answer_are_one_move(kit: Path) -> None:
    rules = open_kit(str(kit)).rules()
    state = rules.initial_state()
    moves = rules.legal_moves(state)
    assert moves == [Answered(("hide", n), g) for n in (1, 2, 3) for g in (1, 2, 3)]
    assert rules.format_move(state, moves[1]) == "hide 1 vs 2"
    assert rules.parse_move(state, "HIDE 1  vs 2") == moves[1]
    after = rules.apply(state, Answered(("hide", 2), 2))
    assert after["score"] == [0, 1] and state["score"] == [0, 0]
    with pytest.raises(IllegalMove, match=r"^'hide 2 vs 4' is not a legal move of Player 1$"):
        rules.apply(state, Answered(("hide", 2), 4))
    with pytest.raises(IllegalMove):
        rules.apply(state, ("hide", 2))  # the answer is part of the move


def test_answers_come_from_the_answering_seat(kit: Path) -> None:
    opened = open_kit(str(kit))
    rules, players = opened.rules(), opened.spec.players
    assert opened.spec.pair_players is pair and set(players) == {"random", "high", "low"}
    high, low = pair(players["high"], players["low"])
    state = rules.initial_state()
    type(rules.game).seen.clear()
    assert high(rules, state, random.Random(1)) == Answered(("hide", 3), 1)  # low answers the guess
    their_turn = {**state, "to_move": 1}
    assert low(rules, their_turn, random.Random(1)) == Answered(("hide", 1), 3)  # high answers
    view, answers = type(rules.game).seen[0]
    assert answers == [1, 2, 3] and view == their_turn  # the position before the move: no hidden number in it
    alone = players["high"](rules, state, random.Random(1))
    assert alone == Answered(("hide", 3), 3)  # called alone, a player answers for the other side too


def test_restricted_play_applies_at_the_movers_stage(kit: Path) -> None:
    opened = open_kit(str(kit))
    rules = opened.rules()
    restricted = without_ability(opened.spec.players["high"], "three")
    move = restricted(rules, rules.initial_state(), random.Random(1))
    assert move == Answered(("hide", 2), 3)  # never hides 3; its own answer is unrestricted


def test_counters_reach_simulate(kit: Path) -> None:
    result = CliRunner().invoke(main, ["simulate", "--kit", str(kit), "--players", "high,high", "--games", "20", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    # high hides 3 and guesses 3: every guess is right, the guesser scores; the second seat reaches 3 first, 3-2.
    assert data["results"]["second"] == 20 and data["extra"] == {"right_guesses": 100}  # no shutout: zeros leave no key
    result = CliRunner().invoke(main, ["simulate", "--kit", str(kit), "--players", "high,low", "--games", "20", "--json"])
    # high hides 3, low guesses 1; low hides 1, high guesses 3: no guess is right, each mover scores: 3-2.
    assert json.loads(result.output)["extra"] == {}


def test_a_bad_answers_hook_is_the_designers_error(kit: Path) -> None:
    (kit / "rules.py").write_text(RULES.replace("return [1, 2, 3]", "return 3"), encoding="utf-8")
    rules = open_kit(str(kit)).rules()
    with pytest.raises(RulesError, match=r"guess/rules.py: answers\(\) returned 3: expected a list of answers"):
        rules.legal_moves(rules.initial_state())


def test_play_asks_the_move_and_the_answer_apart(kit: Path, tmp_path: Path) -> None:
    log = tmp_path / "game.log"
    script = "3\nx\n2\n" + "1\n1\n" * 4
    result = CliRunner().invoke(main, ["play", "--kit", str(kit), "--log", str(log)], input=script)
    out = result.output
    assert result.exit_code == 0, out
    assert ("Player 1: pick a number or type a move\n  1) hide 1    2) hide 2    3) hide 3\n> 3\n"
            "Player 2: your secret answer (the move stays hidden until both are revealed)\n  1) 1    2) 2    3) 3\n"
            "> x\n'x': not one of the choices: type its number or its text; try again\n> 2\nrevealed: hide 3 vs 2\n") in out
    assert log.read_text(encoding="utf-8").splitlines()[1:3] == ["hide 3 vs 2", "hide 1 vs 1"]


def test_the_computer_chooses_in_secret(kit: Path) -> None:
    result = CliRunner().invoke(main, ["play", "--kit", str(kit), "--computer", "high"], input="1\n" * 10)
    assert result.exit_code == 0, result.output
    assert ("Player 2 has chosen in secret\nPlayer 1: your secret answer (the move stays hidden until both are revealed)\n"
            "  1) 1    2) 2    3) 3\n> 1\nrevealed: hide 3 vs 1\n") in result.output


DIALOGUE = '''
    def dialogue(self, table):
        state = table.state
        table.say(f"== {table.title} ==")
        while self.outcome(state) is None:
            me = state["to_move"]
            if table.is_computer(me):
                move = table.computer_move(state)
            else:
                move = ("hide", table.ask_number(f"P{me + 1} hides:", 1, 3, "1, 2 or 3", secret=True))
            if table.is_computer(1 - me):
                guess = table.computer_answer(state, move)
            else:
                guess = table.ask_number(f"P{2 - me} guesses:", 1, 3, "1, 2 or 3")
            state = table.play(state, Answered(move, guess))
            table.say(f"score {state['score'][0]}-{state['score'][1]}")
'''


def test_a_dialogue_of_the_designers_own(kit: Path, tmp_path: Path) -> None:
    rules_py = RULES.replace("from printkit.kitrules import Game, Outcome", "from printkit.kitrules import Answered, Game, Outcome")
    (kit / "rules.py").write_text(rules_py + DIALOGUE, encoding="utf-8")
    log = tmp_path / "game.log"
    result = CliRunner().invoke(main, ["play", "--kit", str(kit), "--computer", "high", "--log", str(log)],
                                input="4\nx\n2\n2\n1\n1\n3\n")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("== Guess ==\nP1 hides:\n> 4\n'4' is out of range: enter 1, 2 or 3.\nP1 hides:\n"
                                    "> x\n'x' is not a number: enter 1, 2 or 3.\nP1 hides:\n> 2\nscore 1-0\nP1 guesses:\n> 2\nscore 1-1\n")
    assert log.read_text(encoding="utf-8").splitlines()[1:3] == ["hide 2 vs 3", "hide 3 vs 2"]
    result = CliRunner().invoke(main, ["play", "--kit", str(kit), "--computer", "high"], input="2\n")
    assert result.exit_code == 1 and result.output.endswith("\nInput ended before the game was over: the game is abandoned.\n")


def test_a_dialogue_that_stops_early_is_the_designers_error(kit: Path) -> None:
    (kit / "rules.py").write_text(RULES + "\n    def dialogue(self, table):\n        table.say('bye')\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["play", "--kit", str(kit)], input="")
    assert result.exit_code == 1
    assert "guess/rules.py: dialogue() returned before the game ended" in result.output


def test_a_long_list_of_answers_is_numbered_on_request() -> None:
    import io

    from printkit.kitgame.terminal import _choose
    from printkit.rules.terminal import Console

    out = io.StringIO()
    chosen = _choose(Console(io.StringIO("list 4\n2\n"), out), "Pick:", list(range(60)), None)
    assert chosen == 14
    assert out.getvalue().startswith("Pick:\n60 choices: type one, 'list' to number them or 'list WORD'\n> list 4\n  1) 4     2) 14")


def test_a_dialogue_draws_chance_with_the_seeded_generator_and_tells_only_what_a_seat_may_see(tmp_path: Path) -> None:
    """``take_turns`` in a dialogue: chance's moves drawn by ``table.chance_move`` (seeded: ``--seed`` repeats the game),
    shown as ``table.told`` says (the scaffold's shuffle: not its order), the full line kept in the log; the position
    shown as the person at the terminal sees it (``table.position``: the computer's hand and the deck hidden)."""
    from tests.kitrules.helpers import edit, scaffold

    kit = scaffold(tmp_path)
    edit(kit / "rules.py", "from printkit.kitrules import ", "from printkit.kitrules import take_turns, ")
    (kit / "rules.py").write_text((kit / "rules.py").read_text() + '''
    def dialogue(self, table):
        table.say(f"drawn {table.rng.random():.6f}")
        take_turns(table, self, lambda state: self.ask_move(table, state))

    def ask_move(self, table, state):
        while True:  # `list` prints the moves numbered and names none
            move = table.pick(state, table.ask())
            if move is not None:
                return move
''', encoding="utf-8")

    def played(seed: str, log: Path) -> str:
        result = CliRunner().invoke(main, ["play", "--kit", str(kit), "--vs-computer", "--seed", seed, "--log", str(log)],
                                    input="list\n1\n" * 200)
        assert result.exit_code == 0, result.output
        return result.output

    once, again, other = (played(seed, tmp_path / f"{n}.log") for n, seed in (("a", "5"), ("b", "5"), ("c", "6")))
    assert once == again and once != other
    logs = [(tmp_path / f"{n}.log").read_text(encoding="utf-8") for n in "abc"]
    assert logs[0] == logs[1] != logs[2]
    shuffles = [line for line in logs[0].splitlines() if line.startswith("shuffle ")]
    assert shuffles and all(line not in once for line in shuffles)  # the order stays in the log, off the screen
    assert "chance: " in once and once.splitlines()[0].startswith("drawn 0.")
    assert "Player 1 sees:\ndeck: (8 hidden)\n" in once and "Player 2: (3 hidden)" in once  # table.position: a view
