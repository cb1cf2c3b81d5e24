from printkit.kitrules import CHANCE, Game, Outcome, dice


class Race(Game):
    players = 3
    player_names = ("Red", "Green", "Blue")
    per_player = ("at",)
    endings = ("reached the finish",)

    def setup(self):
        return {"at": [0, 0, 0], "turn": 0, "rolled": None}

    def to_move(self, state):
        return CHANCE if state["rolled"] is None else state["turn"]

    def chance(self, state):
        return dice(1, 3)

    def moves(self, state):
        return ["stay"] + (["go"] if state["at"][state["turn"]] + state["rolled"] <= self.params.finish else [])

    def play(self, state, move):
        if state["rolled"] is None:
            state["rolled"] = move.total
            return
        if move == "go":
            state["at"][state["turn"]] += state["rolled"]
        state["rolled"] = None
        state["turn"] = (state["turn"] + 1) % 3

    def outcome(self, state):
        for player, at in enumerate(state["at"]):
            if at == self.params.finish:
                return Outcome(player, f"reached the finish at {at}", tuple(state["at"]))
        return None

    def pieces(self, state):
        spaces = {}
        for player, at in enumerate(state["at"]):
            spaces.setdefault(str(at), []).append("RGB"[player])
        return {"lane": spaces}

    def player_runner(self, view, moves, rng):
        return moves[-1]
