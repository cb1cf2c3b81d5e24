"""kitrules' small helpers the built-in games' rules.py share: each says one thing the games used to write apiece."""

from __future__ import annotations

from typing import Any

from printkit.art.board import coord
from printkit.kitrules import Game, IllegalMove, Numbered, Outcome, grid_names, play_refusal, plural, result_text


class _Counting(Game):
    """A game whose play() changes the state in place and refuses moves itself."""

    why_not = play_refusal

    def setup(self) -> dict[str, Any]:
        return {"left": 3, "to_move": 0}

    def moves(self, state: dict[str, Any]) -> list[int]:
        return list(range(1, state["left"] + 1))

    def play(self, state: dict[str, Any], move: int) -> None:
        if move > state["left"]:
            raise IllegalMove(f"only {plural(state['left'], 'stone')} left, not {move}")
        state["left"] -= move
        state["to_move"] = 1 - state["to_move"]

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        return Outcome(1 - state["to_move"], "took the last stone") if state["left"] == 0 else None


def test_play_refusal_is_the_reason_play_gives_and_leaves_the_state_as_it_was() -> None:
    game = _Counting({}, {}, {}, {})
    state = game.setup()
    assert game.why_not(state, 5) == "only 3 stones left, not 5"
    assert game.why_not(state, 2) is None
    assert state == {"left": 3, "to_move": 0}  # play() changed a copy


def test_plural_and_result_text() -> None:
    assert (plural(1, "token"), plural(0, "token"), plural(3, "Fortress card")) == ("1 token", "0 tokens", "3 Fortress cards")
    names = ("Alice", "Bob")
    assert result_text(None, names) == "unfinished"
    assert result_text(Outcome(None, "board full"), names) == "a draw"
    assert result_text(Outcome(1, "line"), names) == "Bob wins (line)"


def test_grid_names_are_the_names_the_kit_prints_past_z() -> None:
    assert grid_names(3, 2) == ("A1", "B1", "C1", "A2", "B2", "C2")
    assert grid_names(53, 2) == tuple(coord(c, r) for r in range(2) for c in range(53))
    assert grid_names(53, 1)[25:28] == ("Z1", "AA1", "AB1") and grid_names(53, 1)[-1] == "BA1"


def test_numbered_counts_each_kind_apart() -> None:
    ids = Numbered()
    assert [ids("token-X"), ids("token-O"), ids("token-X"), ids("fortress-X")] == [
        "token-X-1", "token-O-1", "token-X-2", "fortress-X-1"]
    assert Numbered()("token-X") == "token-X-1"  # a new position numbers from 1 again
