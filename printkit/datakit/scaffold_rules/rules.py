"""__TITLE__: the rules, played by printkit (replay, verify, simulate, balance, play).

A two-player race for stars. The deck is cards.csv: the same rows print the cards and deal the game,
so a cost changed there changes the printed card and the simulated one. [params] in kit.toml hold
the numbers (hand size, starting coins, the goal). The API is printkit.kitrules (see printkit's docs).
"""

from printkit.kitrules import CHANCE, Game, Outcome, shuffle


class StarRace(Game):
    players = 2
    private = ("hands",)           # each player sees only their own hand
    hidden = ("deck",)             # nobody sees the draw pile, only how many cards it holds
    per_player = ("coins", "stars")  # shown with the players' names
    endings = ("reached the goal", "the cards ran out")  # verify checks that simulated games end each way

    def setup(self):
        return {
            "deck": list(self.decks["cards"]),
            "hands": [[], []],
            "coins": [self.params.start_coins] * 2,
            "stars": [0, 0],
            "discard": [],         # played and discarded cards, face up: everyone sees them
            "to_move": CHANCE,     # chance shuffles the deck first
        }

    def to_move(self, state):
        return state["to_move"]

    def chance(self, state):
        return shuffle("deck", len(state["deck"]))  # logged "shuffle deck 12 8 ...": cards.csv numbers, last = top (pop())

    def moves(self, state):
        me = state["to_move"]
        hand = state["hands"][me]
        titles = sorted({card.title for card in hand if (card.cost or 0) <= state["coins"][me]})
        if titles:
            return [("play", title) for title in titles]
        return [("discard", title) for title in sorted({card.title for card in hand})]

    def play(self, state, move):
        if state["to_move"] == CHANCE:          # the shuffle: deal the hands, the first player starts
            state["deck"] = move.apply(state["deck"])
            for _ in range(self.params.hand_size):
                for hand in state["hands"]:
                    hand.append(state["deck"].pop())
            state["to_move"] = 0
            return
        me, other = state["to_move"], 1 - state["to_move"]
        action, title = move
        hand = state["hands"][me]
        card = next(c for c in hand if c.title == title)
        hand.remove(card)
        state["discard"].append(card)
        if action == "play":
            state["coins"][me] -= card.cost or 0
            state["coins"][me] += card.coins or 0
            state["stars"][me] += card.stars or 0
            taken = min(card.steal or 0, state["coins"][other])
            state["coins"][other] -= taken
            state["coins"][me] += taken
            state["stars"][other] = max(0, state["stars"][other] - (card.storm or 0))
        if state["deck"]:
            hand.append(state["deck"].pop())
        state["to_move"] = other

    def outcome(self, state):
        stars = state["stars"]
        for player in (0, 1):
            if stars[player] >= self.params.goal:
                return Outcome(player, f"reached the goal of {self.params.goal} stars", tuple(stars))
        if not state["deck"] and not any(state["hands"]):
            ranked = [(stars[p], state["coins"][p]) for p in (0, 1)]
            if ranked[0] == ranked[1]:
                return Outcome(None, "the cards ran out with stars and coins tied", tuple(stars))
            return Outcome(0 if ranked[0] > ranked[1] else 1, "the cards ran out: most stars (then coins) wins", tuple(stars))
        return None

    # Why a move is refused, for the terminal, replay and the browser table (printkit play --web): a card you
    # cannot afford says so instead of "not a legal move".
    def why_not(self, state, move):
        if not (isinstance(move, tuple) and len(move) == 2):
            return None
        me = state["to_move"]
        action, title = move
        card = next((c for c in state["hands"][me] if c.title == title), None)
        if card is None:
            return f"{title} is not in your hand"
        if action == "play" and (card.cost or 0) > state["coins"][me]:
            return f"{title} costs {card.cost} coins and you have {state['coins'][me]}"
        if action == "discard":
            return "you may discard only when you cannot afford any card in your hand"
        return None

    # How well a player stands (simulate and balance report lead changes and drama from it).
    def score(self, state, player):
        return state["stars"][player]

    # Where the markers stand on the score track: the rule sheet draws ![After move 3](game:3) with it.
    def pieces(self, state):
        spaces = {}
        for player, stars in enumerate(state["stars"]):
            spaces.setdefault(str(min(stars, self.params.goal)), []).append(f"P{player + 1}")
        return {"score-track": spaces}

    # The kit's own check of what it prints (build and verify report it): coins enough for the players' first coins.
    def checks(self, printed):
        supply = sum(int(coin.value) for coin in self.tokens["coins"])
        if supply < 2 * self.params.start_coins:
            return [f"the coins printed (tokens.csv) add up to {supply}, the players start with "
                    f"{2 * self.params.start_coins} (start_coins = {self.params.start_coins} each): print more coins"]
        return []

    # A computer player: the card with the most stars, then the most coins; it sees only its own hand.
    def player_greedy(self, view, moves, rng):
        hand = {card.title: card for card in view["hands"][view["to_move"]]}

        def value(move):
            card = hand[move[1]]
            gain = 3 * (card.stars or 0) + (card.coins or 0) + (card.steal or 0) + 2 * (card.storm or 0) - (card.cost or 0)
            return gain if move[0] == "play" else -gain

        return max(moves, key=value)

    # An ability for `printkit balance --abilities`: what is Storm worth to each seat?
    def ability_storm(self, state, move):
        return move == ("play", "Storm")
