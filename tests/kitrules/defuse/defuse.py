from printkit.kitrules import Game, Outcome


class Defuse(Game):
    endings = ("defused", "exploded")

    def setup(self):
        return {"cut": [0, 0], "exploded": None, "to_move": 0}

    def moves(self, state):
        return [f"cut {wire}" for wire in range(1, self.params.wires + 1)]

    def play(self, state, move):
        me = state["to_move"]
        if move == "cut 1":
            state["cut"][me] += 1
        else:
            state["exploded"] = me
        state["to_move"] = 1 - me

    def outcome(self, state):
        if state["exploded"] is not None:
            return Outcome(1 - state["exploded"], "exploded")
        for player, cut in enumerate(state["cut"]):
            if cut == self.params.cuts:
                return Outcome(player, "defused")
        return None
