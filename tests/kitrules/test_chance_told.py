"""`printkit play` tells a seat only what its view holds of a chance move: a shuffle of a face-down pile is "the deck
is shuffled", a die roll is shown as it is; the log keeps every chance move whole, so `printkit replay` repeats the
game (item 9 of issue 35)."""

from __future__ import annotations

import re
from pathlib import Path

from printkit.kitgame.spec import open_kit
from printkit.kitrules import Shuffle
from printkit.rules.told import NOT_EVERY_PLAYER, chance_told
from tests.datakit.helpers import CARD, write_kit
from tests.kitrules.helpers import cli, edit, one_error_line, scaffold

RANKS = tuple(range(71, 79))
"""The tiles' secret ranks: numbers that appear nowhere else in a game's transcript."""

KIT = CARD.replace('name = "t"\ntitle = "Test Kit"', 'name = "tiles"\ntitle = "Face-Down Tiles"') + """
[game]
rules = "rules.py"
"""

TILES = "title,colour,rank\n" + "".join(f"Tile {rank},#AA3300,{rank}\n" for rank in RANKS)

RULES = '''
from printkit.kitrules import CHANCE, Game, Outcome, dice, shuffle

CELLS = [column + row for row in "123" for column in "ABC"]


class Tiles(Game):
    """A 3x3 board: each player places three face-down tiles of secret rank; a die before every turn scores points
    in the open. The higher total of points and ranks wins."""
    player_names = ("Red", "Blue")
    private = ("hand", "placed")   # a player's tiles in hand and their ranks on the board: their own only
    hidden = ("bag",)              # the tiles not dealt, face down
    per_player = ("points",)
    endings = ("higher total", "tied totals")

    def setup(self):
        return {"bag": list(self.decks["cards"]), "hand": [[], []], "placed": [{}, {}], "board": {}, "points": [0, 0],
                "turn": 0, "step": "deal", "to_move": CHANCE}

    def to_move(self, state):
        return state["to_move"]

    def chance(self, state):
        return shuffle("bag", len(state["bag"])) if state["step"] == "deal" else dice(1, 6)

    def moves(self, state):
        hand = state["hand"][state["to_move"]]
        return [("place", i + 1, cell) for i in range(len(hand)) for cell in CELLS if cell not in state["board"]]

    def play(self, state, move):
        if state["step"] == "deal":
            state["bag"] = move.apply(state["bag"])
            for _ in range(3):
                for hand in state["hand"]:
                    hand.append(state["bag"].pop())
            state["step"] = "roll"
        elif state["step"] == "roll":
            state["points"][state["turn"]] += move.total
            state["to_move"], state["step"] = state["turn"], "place"
        else:
            me = state["to_move"]
            _, index, cell = move
            state["placed"][me][cell] = state["hand"][me].pop(index - 1)
            state["board"][cell] = "RB"[me]
            state["turn"], state["to_move"], state["step"] = 1 - me, CHANCE, "roll"

    def outcome(self, state):
        if state["step"] == "deal" or any(state["hand"]):
            return None
        totals = [state["points"][p] + sum(int(tile.rank) for tile in state["placed"][p].values()) for p in (0, 1)]
        if totals[0] == totals[1]:
            return Outcome(None, "tied totals")
        return Outcome(0 if totals[0] > totals[1] else 1, "higher total")
'''


def tiles_kit(tmp_path: Path, rules: str = RULES) -> Path:
    return write_kit(tmp_path / "tiles", KIT, {"cards.csv": TILES, "rules.py": rules})


def chance_lines(log: Path) -> list[str]:
    return [line for line in log.read_text().splitlines() if line.startswith(("shuffle ", "roll "))]


def test_the_scaffold_against_the_computer_shows_no_deck_order_and_no_card_of_its_hand(tmp_path: Path) -> None:
    folder = scaffold(tmp_path)
    log = tmp_path / "played.log"
    result = cli("play", "--kit", str(folder), "--vs-computer", "--seed", "3", "--log", str(log), input="1\n" * 60)
    assert result.exit_code == 0, result.output
    shuffled = chance_lines(log)[0]  # the log keeps the whole order
    assert re.fullmatch(r"shuffle deck( \d+){14}", shuffled), shuffled
    out = result.output  # stdout and stderr together
    assert "chance: the deck is shuffled" in out and "shuffle deck" not in out and shuffled[len("shuffle deck "):] not in out
    hands = [line for line in out.splitlines() if line.startswith("hands: ")]
    assert hands and all(re.search(r"; Player 2: \(\d+ hidden\)$", line) for line in hands), hands
    assert "Player 1 sees:" in out.strip().split("\n\n")[-1].splitlines()[-8]  # the final position too
    replayed = cli("replay", "--kit", str(folder), str(log))
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.strip().splitlines()[-1] == out.strip().splitlines()[-1]
    assert shuffled in replayed.output  # replay is no seat: it shows every move


def test_a_board_game_shows_none_of_the_opponents_secret_ranks_and_every_public_die(tmp_path: Path) -> None:
    folder = tiles_kit(tmp_path)
    log = tmp_path / "played.log"
    result = cli("play", "--kit", str(folder), "--vs-computer", "--seed", "7", "--log", str(log), input="1\n" * 20)
    assert result.exit_code == 0, result.output
    shuffle_line, *rolls = chance_lines(log)
    order = [int(n) - 1 for n in shuffle_line.split()[2:]]
    bag = [RANKS[i] for i in order]
    blue = [bag[-2], bag[-4], bag[-6]]  # dealt alternately from the top: Red, Blue, Red, Blue, ...
    red = [bag[-1], bag[-3], bag[-5]]
    out = result.output
    assert "chance: the bag is shuffled" in out and "shuffle bag" not in out
    assert [line for line in out.splitlines() if line.startswith("chance: roll ")] == [f"chance: {r}" for r in rolls]
    assert len(rolls) == 6
    assert not [rank for rank in blue if str(rank) in out], out
    assert all(f"Tile {rank}" in out for rank in red)  # the human sees their own tiles
    replayed = cli("replay", "--kit", str(folder), str(log))
    assert replayed.exit_code == 0 and replayed.output.strip().splitlines()[-1] == out.strip().splitlines()[-1]
    assert all(f"Tile {rank}" in replayed.output for rank in blue)


def test_two_players_at_one_screen_are_told_what_both_may_know(tmp_path: Path) -> None:
    folder = tiles_kit(tmp_path)
    result = cli("play", "--kit", str(folder), "--seed", "7", input="1\n" * 20)
    assert result.exit_code == 0, result.output
    assert "chance: the bag is shuffled" in result.output and "chance: roll " in result.output
    rules = open_kit(str(folder)).rules()
    state = rules.initial_state()
    dealt = rules.apply(state, Shuffle("bag", tuple(range(len(RANKS)))))
    assert chance_told(rules, dealt, rules.chance_outcomes(dealt)[2][0], [0, 1]) == "roll 3"  # a die: everyone sees it


def test_a_hidden_draw_is_told_by_what_the_view_shows(tmp_path: Path) -> None:
    drawn = RULES.replace('return shuffle("bag", len(state["bag"])) if state["step"] == "deal" else dice(1, 6)',
                          'return choice(state["bag"]) if state["step"] == "deal" else dice(1, 6)').replace(
        'from printkit.kitrules import CHANCE', 'from printkit.kitrules import choice, CHANCE').replace(
        '''            state["bag"] = move.apply(state["bag"])
            for _ in range(3):
                for hand in state["hand"]:
                    hand.append(state["bag"].pop())
            state["step"] = "roll"''', '''            state["bag"].remove(move)
            state["hand"][1].append(move)
            state["step"] = "roll" if len(state["hand"][1]) == 3 else "deal"''')
    rules = open_kit(str(tiles_kit(tmp_path, drawn))).rules()
    state = rules.initial_state()
    tile = rules.chance_outcomes(state)[0][0]
    assert rules.tell_chance(state, tile, 1) == "Tile 71"  # into Blue's own hand: Blue sees which tile
    assert rules.tell_chance(state, tile, 0) == "hidden; you now see bag: (7 hidden); hand: Red: []; Blue: (1 hidden)"
    assert chance_told(rules, state, tile, [0, 1]) == NOT_EVERY_PLAYER


def test_a_designer_words_a_chance_move_their_own_way(tmp_path: Path) -> None:
    folder = tiles_kit(tmp_path, RULES + '''
    def tell_chance(self, state, move, player):
        return "the tiles are mixed face down" if state["step"] == "deal" else None
''')
    result = cli("play", "--kit", str(folder), "--vs-computer", "--seed", "7", input="1\n" * 20)
    assert result.exit_code == 0, result.output
    assert "chance: the tiles are mixed face down" in result.output and "chance: roll " in result.output
    edit(folder / "rules.py", 'else None', 'else 5')
    line = one_error_line(cli("play", "--kit", str(folder), "--vs-computer", "--seed", "7", input="1\n" * 20))
    assert "tell_chance() returned 5: expected one line of text or None" in line, line
