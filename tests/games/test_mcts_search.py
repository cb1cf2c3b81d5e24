"""The mcts player's search on the built-in games: budgets of simulated moves, the game's own random playouts,
progressive widening where a turn has thousands of moves, and MCTS-Solver on tic-tac-toe."""

from __future__ import annotations

import random

from printkit.games import get_game, params_class
from printkit.games.warfare.rules import Turn
from printkit.rules.game import CHANCE, chance_move, random_policy
from printkit.rules.mcts import WIDENING, Budget, ExactSearch, MctsPlayer, search_player
from printkit.rules.playouts import resolve

Params = params_class("warfare")
Abilities = type(Params().abilities)
TIC_TAC_TOE = Params(board_size=3, line_length=3, abilities=Abilities(0, 0, 0, 0), territory_victory=False)


def started(rules: object, seed: int = 1) -> object:
    """The first position with a player to move."""
    rng = random.Random(seed)
    state = rules.initial_state()  # type: ignore[attr-defined]
    while rules.current_player(state) == CHANCE:  # type: ignore[attr-defined]
        state = rules.apply(state, chance_move(rules, state, rng))  # type: ignore[attr-defined]
    return state


def test_a_budget_of_simulated_moves_counts_every_move_of_the_playouts() -> None:
    """Ultimate's playouts are whole games of up to 119 moves: 3,000 simulated moves make a few dozen iterations, and
    the search stops within one iteration of the budget. The same seed gives the same search."""
    spec = get_game("ultimate")
    rules = spec.rules(spec.params())
    state = started(rules)
    player = resolve(spec.players, "mcts", "ultimate")
    assert isinstance(player, MctsPlayer) and player.playout is None  # Ultimate's random player is the generic one
    searches = [MctsPlayer("mcts", Budget(moves=3000)).search(rules, state, 0, random.Random(4)) for _ in range(2)]
    assert 3000 <= searches[0].moves < 3000 + 200 and 20 <= searches[0].iterations <= 40
    assert searches[0].ranked(0) == searches[1].ranked(0)


def test_levels_are_budgets_of_simulated_moves() -> None:
    assert [search_player(f"mcts:{level}").budget.moves for level in ("easy", "medium", "hard")] == [1000, 10_000, 100_000]
    assert search_player("mcts").budget == search_player("mcts:medium").budget


def test_warfare_turns_of_thousands_of_moves_grow_by_progressive_widening() -> None:
    """Tic Tac Warfare's first turn has 2,592 moves (a placement with or without a fortress, before or after): the
    search plays out with the game's own random player and widens the root by its draws, a few dozen children for a
    few hundred iterations, with the placements without a card among them."""
    spec = get_game("warfare")
    rules = spec.rules(spec.params())
    state = started(rules)
    player = resolve(spec.players, "mcts:400", "warfare")
    assert isinstance(player, MctsPlayer) and player.playout is spec.players["random"]
    search = player.search(rules, state, rules.current_player(state), random.Random(2))
    assert isinstance(search, ExactSearch) and search.widen
    children = search.root.children
    assert len(children) <= WIDENING * (search.iterations + 1) ** 0.5 + 1
    assert any(isinstance(move, Turn) and move.ability is None for move in children)
    assert player(rules, state, random.Random(2)) in rules.legal_moves(state)


def test_tic_tac_toe_is_searched_in_full_and_solved() -> None:
    """Nine moves: no widening. MCTS-Solver proves a win in one and takes it, and blocks the other's line."""
    spec = get_game("warfare")
    rules = spec.rules(TIC_TAC_TOE)
    state = started(rules)
    mover = rules.current_player(state)
    search = resolve(spec.players, "mcts:50", "warfare").search(rules, state, mover, random.Random(1))
    assert isinstance(search, ExactSearch) and not search.widen
    for cells, answer in (((0, 4, 1, 8), 2), ((0, 4, 8, 1), 7)):  # the mover completes A1-C1; blocks B1-B3
        position = state
        for cell in cells:
            position = rules.apply(position, Turn(position.to_move, cell))
        move = search_player("mcts:200")(rules, position, random.Random(3))  # type: ignore[misc]
        assert move.place == answer, (cells, move)


def test_mcts_beats_random_at_tic_tac_toe_without_a_loss() -> None:
    spec = get_game("warfare")
    rules = spec.rules(TIC_TAC_TOE)
    mcts = resolve(spec.players, "mcts:300", "warfare")
    rng = random.Random(5)
    from printkit.rules.game import play_out

    for game in range(12):
        seats = (mcts, random_policy) if game % 2 == 0 else (random_policy, mcts)
        winner = play_out(rules, seats, rng).outcome.winner  # type: ignore[union-attr]
        assert winner in (None, game % 2)
