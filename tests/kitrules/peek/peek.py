from printkit.kitrules import CHANCE, Game, Outcome, shuffle


class Peek(Game):
    player_names = ("Guesser", "Holder")
    private = ("held",)      # the holder's card, face down: only the holder sees it
    hidden = ("deck",)       # the rest of the cards, face down
    endings = ("named the card", "missed the card")

    def setup(self):
        return {"deck": list(range(1, self.params.numbers + 1)), "held": [[], []], "guess": None, "to_move": CHANCE}

    def to_move(self, state):
        return state["to_move"]

    def chance(self, state):
        return shuffle("deck", len(state["deck"]))

    def moves(self, state):
        return [("name", n) for n in range(1, self.params.numbers + 1)]

    def play(self, state, move):
        if state["to_move"] == CHANCE:
            state["deck"] = move.apply(state["deck"])
            state["held"][1].append(state["deck"].pop())
            state["to_move"] = 0
            return
        state["guess"] = move[1]

    def outcome(self, state):
        if state["guess"] is None:
            return None
        if state["guess"] == state["held"][1][0]:
            return Outcome(0, f"named the card {state['guess']}")
        return Outcome(1, f"missed the card: named {state['guess']}")
