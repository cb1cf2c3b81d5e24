from printkit.kitrules import Game, Outcome


class Ladder(Game):
    """Climb by `step` or by 1; the first on `top` wins."""

    aids = ("rungs",)
    endings = ("reached the top",)

    def setup(self):
        return {"at": [0, 0], "to_move": 0}

    def moves(self, state):
        room = self.params.top - state["at"][state["to_move"]]
        return [f"climb {n}" for n in sorted({1, self.params.step}) if n <= room]

    def play(self, state, move):
        state["at"][state["to_move"]] += int(move.split()[1])
        state["to_move"] = 1 - state["to_move"]

    def outcome(self, state):
        for player, at in enumerate(state["at"]):
            if at == self.params.top:
                return Outcome(player, "reached the top")
        return None

    def rows_rungs(self):
        return [{"n": n, "kind": "top" if n == self.params.top else "rung"} for n in range(self.params.top + 1)]

    def rows_climbers(self):
        return [{"player": p + 1, "colour": colour} for p, colour in enumerate(("#D55E00", "#0072B2"))]

    def rows_steps(self):
        return [{"id": f"cell-{n}", "n": n, "kind": "top" if n == self.params.top else "rung", "x": 20 * n, "y": 0, "w": 18,
                 "h": 18} for n in range(self.params.top + 1)]

    def pieces(self, state):
        return {"ladder": {str(at): f"P{p + 1}" for p, at in enumerate(state["at"])}}

    def sheet(self, example):
        rows = [f"{step.line}: {step.before['at']} -> {step.after['at']}" for step in example]
        return {"rungs": self.params.top + 1, "rows": rows}

    def checks(self, printed):
        numbers = sorted(int(p.id.rsplit("-", 1)[1]) for p in printed["rungs"])
        found = []
        if numbers != list(range(self.params.top + 1)):
            found.append(f"rungs: printed {numbers}, the ladder needs 0 to {self.params.top}")
        if len({p.back for p in printed["rungs"]}) != 2:
            found.append(("warning", "rungs: expected two kinds of back"))
        return found
