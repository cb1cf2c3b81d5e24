"""Readings chosen where the seed is silent or ambiguous, worded for the rule sheet."""

from __future__ import annotations

from printkit.games.tictactwo.params import Params


def clarifications(params: Params) -> list[tuple[str, str]]:
    """(title, text) pairs for the rule sheet; each is pinned by a test."""
    k, each = params.line_length, params.actions_each
    x, o = params.player_x, params.player_o
    out = [
        ("Who is who",
         f"{x} writes X and writes first; {o} writes O and drafts first. Picks alternate, O first, "
         f"until each player holds {each} special actions."),
        ("The draft",
         "No player picks the same action twice and no player picks an action the other already holds."
         + (" (Meta: both limits are lifted; a player holding an action twice may use it twice.)"
            if params.meta else "")),
    ]
    if params.void:
        out.append(("Placing the voids",
                    "After the draft, O places a void on any space, then X on any other space; then X "
                    "writes first. A void never holds a letter, a dibs claim or an intersect and is never "
                    "erased, but Shift and Swap move it."))
    out += [
        ("The first turn",
         "Each player's first turn is a letter only: no special action and no topple."),
        ("Order within a turn",
         "A turn is: at most one unused special action, then at most one topple of one of your own "
         "walls, then your letter, which ends the turn. A wall may be toppled on the turn it is placed."),
        ("Lines are checked after every step",
         f"After the action, after the topple and after the letter, look for lines of {k}. The first "
         "step that makes a line ends the game at once and the rest of the turn is not played. A line "
         "of your opponent's letters made by your step wins for your opponent. A step that makes lines "
         "for both players at once (a swap, a shift, a topple) is a draw."),
        ("Double",
         "Double writes one extra letter of your own before your turn's letter, on any space where you "
         "could write (it may overwrite your dibs space). If the extra letter completes a line you win "
         "at once; otherwise you still write your turn's letter."),
        ("Swap",
         "Swap exchanges the contents of two neighbouring spaces (diagonal neighbours included): an X "
         "with an O, a letter with an empty space, or a void with a letter or an empty space. Either "
         "player's letters may be moved. Two things of the same kind are never swapped, intersect spaces "
         "and dibs spaces awaiting their letter never take part, walls never move, and no swap passes "
         "through a wall (the same test as for lines)."),
        ("How walls cut lines",
         "A wall cuts a row or column where it stands between two neighbouring spaces of it. It cuts a "
         "diagonal that passes through either end of the wall (the corner where it ends). A wall on "
         "the outer edge of the grid cuts nothing."),
        ("Placing walls",
         "A wall goes on any border slot without a wall, the outer edge included. It belongs to the "
         "player who placed it."),
        ("Toppling a wall",
         "Only its owner topples a wall, during their own turn and before their letter. The owner "
         "chooses the space on either side it falls onto (an edge wall has one). The wall is removed and "
         "the X and O on that space are erased: an intersect indicator stays, a dibs space awaiting its "
         "letter and a void are not affected. Toppling costs no action; placing a wall does."),
        ("Shift",
         "Shift moves every space of a row (left or right) or a column (up or down) one step, the end "
         "one wrapping to the other end. Letters, intersect indicators and voids move; a dibs space "
         "awaiting its letter stays with whatever is written on it and the others hop over it. Walls "
         "across the shifted line (between its spaces and at both of its ends) stay and topple against "
         "the shift, erasing the letters now on that side; any player's walls topple. Walls along the "
         "line's sides do not move. Lines are checked after the toppling."),
        ("Dibs",
         "A dibs claim goes on any space that is not a void and not already claimed; it may hold "
         "letters or an intersect (the claim then protects them). Anyone may still write on the space "
         "where the rules allow, and those letters count for lines, until the owner overwrites it: as "
         "their letter on any later turn, or on the same turn, the owner writes their letter there, "
         "erasing every letter, the intersect and the claim. Walls on its borders stay. Since a line "
         "ends the game at once, no overwrite can undo a finished line."),
        ("Intersect",
         "An intersect goes on any space that is not a void and has no intersect yet: empty, with a "
         "letter, or a dibs space. An intersect space takes one X and one O; each counts for its own "
         "player's lines."),
        ("A full board",
         "If the player to move has no space where they could write their letter (every space is a "
         "void, holds a letter, or is an intersect space already holding their letter, and they have no "
         "dibs space), the game is a draw, even if a special action could open a space."),
    ]
    return out
