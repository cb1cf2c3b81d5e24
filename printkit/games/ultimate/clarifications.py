"""Readings chosen where the seed is silent or ambiguous, worded for the rule sheet."""

from __future__ import annotations

from printkit.games.ultimate.params import Params, board_extent

FREE_READINGS = {
    "wild": "A free space starts the game already marked and counts as a mark of your own for "
    "whoever touches it: a new mark next to a free space earns +1 for it, like touching one of "
    "your own marks. Nobody can mark a free space.",
    "blocked": "A free space starts the game already marked but belongs to nobody: nobody can "
    "mark it and touching it earns nothing.",
    "open": "A free space is an ordinary empty space: either player may mark it, and it scores "
    "like any plain space.",
}
"""What a free space does, by the ``free_space`` parameter."""


def _free(params: Params) -> list[tuple[str, str]]:
    """The free-space reading in force and the other readings as variants."""
    if not params.free:
        return []
    spaces = " and ".join(params.free)
    others = [r for r in FREE_READINGS if r != params.free_space]
    variants = " ".join(f"Variant ({r}): {FREE_READINGS[r]}" for r in others)
    return [
        (f"Free spaces ({spaces})", FREE_READINGS[params.free_space]),
        ("Free space variants", variants),
    ]


def _end(params: Params) -> str:
    marks = params.playable_count()
    return (f"The game ends when no empty space is left: {marks} marks in all. The player with "
            "more points wins; equal points is a draw.")


def clarifications(params: Params) -> list[tuple[str, str]]:
    """(title, text) for every reading the engine chose, for the current parameters."""
    items = [
        ("Coordinates", f"Columns are letters from the left, rows are numbers from the top "
         f"({board_extent(params.board_size)}): C5 is column C, fifth row down."),
        ("Touching", "A mark touches the up to 8 spaces around it, diagonals included. Each of "
         "your own marks it touches earns +1, each of your opponent's marks earns +2 (an X "
         "touching one X and one O scores 1 + 1 + 2 = 4)."),
        ("Scored once", "A mark scores only when it is placed. Marks placed later next to it "
         "score for their own player; they never change points already written down."),
        ("x2 and x3 spaces", "On a x2 or x3 space, the whole sum (1 for the mark plus the points "
         "for touching) is multiplied. Touching a x2 or x3 space multiplies nothing."),
        ("Extra turns", "A mark on a T space scores normally, then the same player marks again. "
         "That mark may be on another T space and earn yet another turn. A mark on a T space "
         "that fills the board's last empty space ends the game."),
    ]
    items.extend(_free(params))
    items.append(("End of the game", _end(params)))
    return items
