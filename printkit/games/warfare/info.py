"""Facts about a parameter set that the kit, the rule sheet and verify need."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from printkit.games.warfare.board import geometry
from printkit.games.warfare.engine import State, WarfareRules
from printkit.games.warfare.params import Params


def cells(params: Params) -> list[str]:
    """The coordinates in board order: A1, B1, ... along the top row, then row 2, ..."""
    return list(geometry(params.board_size, params.line_length).names)


def max_tokens_on_board(params: Params) -> int:
    """An upper bound on the ordinary tokens ONE player can have on the board at once.

    Say P has made ``t`` placements and O ``u``, with ``t <= u + 1``. P's tokens come from its
    placements and its Converts: ``n_P <= t + c`` (``c`` Convert cards). O's placements stay
    on the board except those removed by Bombs (at most 5 tokens per Bomb, ``b`` Bombs in
    all, both players) or converted: ``n_O >= u - 5b - c``. Both fit on the board:
    ``n_P + n_O <= cells``. So ``n_P <= min(u + 1 + c, cells - u + 5b + c)``, largest when the
    two meet: ``n_P <= (cells + 5b + 1) // 2 + c``, and never above ``cells``.
    Fortress tokens are counted apart: each player has ``abilities.fortress`` of them.
    """
    size = params.board_size**2
    bombs = 2 * params.abilities.bomb
    return min(size, (size + 5 * bombs + 1) // 2 + params.abilities.convert)


def victory_reachability(params: Params) -> list[tuple[str, bool, str]]:
    """(condition, reachable?, why) for line, fortress and territory victory."""
    n, length = params.board_size, params.line_length
    line = (
        "line",
        length <= n,
        f"a line of {length} fits on the {n}x{n} board"
        if length <= n
        else f"a line of {length} does not fit on the {n}x{n} board",
    )
    return [line, _fortress(params), _territory(params)]


def _fortress(params: Params) -> tuple[str, bool, str]:
    need, have, size = params.fortress_victory, params.abilities.fortress, params.board_size**2
    if need > have:
        cards = "card" if have == 1 else "cards"
        return ("fortress", False, f"it needs {need} fortress tokens but each player has only {have} Fortress {cards}")
    # P plays a fortress on each of `need` turns (the last one before placing, winning at once)
    # and places after the others; the opponent places once in between: 3 * need - 2 cells.
    cells_needed = 3 * need - 2
    if cells_needed > size and params.abilities.bomb == 0:
        return ("fortress", False, f"{need} fortresses need {cells_needed} cells, the board has {size}")
    return ("fortress", True, f"each player has {have} Fortress cards, {need} fortress tokens are needed")


def _territory(params: Params) -> tuple[str, bool, str]:
    if not params.territory_victory:
        return ("territory", False, "territory victory is off: a full board is a stalemate")
    return ("territory", True, "a full board is won by the player with more tokens")


def clarifications(params: Params) -> list[tuple[str, str]]:
    """Every reading chosen where the seed is ambiguous, worded for the rule sheet."""
    full = (
        "When the board is full at the end of a turn the player with more tokens on the board "
        "(fortresses included) wins; equal counts are a stalemate (a draw)."
        if params.territory_victory
        else "Territory victory is off: a board full at the end of a turn is a stalemate (a draw)."
    )
    return [
        ("Who goes first", "Decide randomly (toss a coin). X plays red, O plays blue."),
        ("One turn", "Place one token on an empty cell; you must. You may also play one ability "
         "card, either before or after placing. The card is then discarded."),
        ("Bomb", "Target any enemy token, fortresses and shielded tokens included. Every token in "
         "the cross (the target and its four orthogonal neighbours), yours included, is removed "
         "unless it is shielded."),
        ("Shield", "Target one of your own tokens: it cannot be bombed or converted until the "
         "start of your next turn."),
        ("Convert", "Target an enemy token that is not shielded: it becomes one of your ordinary "
         "tokens. A converted fortress no longer counts as a fortress."),
        ("Fortress", "Place your fortress token on an empty cell. It is your token for lines and "
         "territory too, and counts toward Fortress Victory. Each Fortress card is one more "
         "fortress token."),
        ("Immediate victory", "Line and Fortress Victory are checked after every action and end "
         "the game at once: if your placement wins, you may not play a card after it, and if a "
         "card played first wins, you do not place."),
        ("Full board", full),
        ("A finite game", "Every turn without a Bomb fills a cell and Bombs are few, so every "
         "game ends."),
    ]


def exact_random_results(params: Params) -> dict[str, Fraction]:
    """Exact first/second/draw probabilities of random-vs-random play, by enumeration.

    Follows ``turns.walk`` over every position (memoised); feasible for tiny games only,
    such as tic-tac-toe (board 3, line 3, no abilities).
    """
    rules = WarfareRules(params)

    @lru_cache(maxsize=None)
    def value(state: State) -> tuple[Fraction, Fraction, Fraction]:
        from printkit.games.warfare.turns import walk

        result = state.result
        if result is not None:
            if result.winner is None:
                return (Fraction(0), Fraction(0), Fraction(1))
            first = result.winner == state.first
            return (Fraction(int(first)), Fraction(int(not first)), Fraction(0))
        total = [Fraction(0)] * 3
        for move, prob in walk(rules, state):
            for i, v in enumerate(value(rules.apply(state, move))):
                total[i] += prob * v
        return (total[0], total[1], total[2])

    start = rules.initial_state()
    both = [value(rules.apply(start, m)) for m in rules.legal_moves(start)]
    return {k: (both[0][i] + both[1][i]) / 2 for i, k in enumerate(("first", "second", "draw"))}
