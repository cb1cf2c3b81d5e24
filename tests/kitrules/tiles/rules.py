from printkit.kitrules import Game, Outcome, Shown

SIDES = ("red", "blue")
COLOURS = ("#B03A2E", "#1F4E99")


class Tiles(Game):
    """Move a tile a step at a time; a tile stepping onto another side's tile attacks it (both are turned face up, the
    higher rank stays, equal ranks both go); reach the far row to win."""

    player_names = ("Red", "Blue")
    player_colours = COLOURS
    endings = ("reached the far row", "took every tile", "no move left", "the game ran long")

    def setup(self):
        size, board = self.params.size, {}
        for column in range(self.params.tiles):
            board[self.boards["field"].at(column, 0)] = [0, column + 1, False]
            board[self.boards["field"].at(size - 1 - column, size - 1)] = [1, column + 1, False]
        return {"board": board, "to_move": 0, "moves": 0}

    def to_move(self, state):
        return state["to_move"]

    def moves(self, state):
        me, field = state["to_move"], self.boards["field"]
        return [f"{cell}-{to}" for cell, (owner, _, _) in sorted(state["board"].items()) if owner == me
                for to in field.neighbours(cell) if state["board"].get(to, [None])[0] != me]

    def play(self, state, move):
        start, to = move.split("-")
        tile, board = state["board"].pop(start), state["board"]
        if to in board:
            other = board[to]
            tile[2] = other[2] = True
            if tile[1] > other[1]:
                board[to] = tile
            elif tile[1] < other[1]:
                pass
            else:
                del board[to]
        else:
            board[to] = tile
        state["moves"] += 1
        state["to_move"] = 1 - state["to_move"]

    def outcome(self, state):
        far = (self.params.size - 1, 0)
        for cell, (owner, _, _) in state["board"].items():
            if self.boards["field"].position(cell)[1] == far[owner]:
                return Outcome(owner, "reached the far row")
        for player in (0, 1):
            if not any(owner == player for owner, _, _ in state["board"].values()):
                return Outcome(1 - player, "took every tile")
        if not self.moves(state):
            return Outcome(1 - state["to_move"], "no move left")
        if state["moves"] >= 200:
            return Outcome(None, "the game ran long")
        return None

    def rows_tiles(self):
        return [{"side": side, "rank": rank, "colour": colour} for side, colour in zip(SIDES, COLOURS)
                for rank in range(1, self.params.tiles + 1)]

    def pieces(self, state):
        return {"field": {cell: Shown(f"tile-{SIDES[owner]}-{rank}", player=owner, face_down=not up)
                          for cell, (owner, rank, up) in state["board"].items()}}
