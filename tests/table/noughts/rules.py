from printkit.kitrules import Game, Outcome

LINES = [("A1", "B1", "C1"), ("A2", "B2", "C2"), ("A3", "B3", "C3"), ("A1", "A2", "A3"), ("B1", "B2", "B3"),
         ("C1", "C2", "C3"), ("A1", "B2", "C3"), ("C1", "B2", "A3")]


class Noughts(Game):
    player_names = ("X", "O")
    endings = ("three in a row", "a full board")

    def setup(self):
        return {"marks": {}, "to_move": 0}

    def moves(self, state):
        return [space for space in self.boards["grid"].spaces if space not in state["marks"]]

    def play(self, state, move):
        state["marks"][move] = "XO"[state["to_move"]]
        state["to_move"] = 1 - state["to_move"]

    def outcome(self, state):
        for line in LINES:
            found = {state["marks"].get(space) for space in line}
            if len(found) == 1 and None not in found:
                return Outcome("XO".index(found.pop()), "three in a row")
        return Outcome(None, "a full board") if len(state["marks"]) == 9 else None

    def why_not(self, state, move):
        return f"{move} is taken" if move in state["marks"] else None

    def pieces(self, state):
        return {"grid": {space: f"mark-{mark}" for space, mark in state["marks"].items()}}

    def player_first(self, view, moves, rng):
        return moves[0]
