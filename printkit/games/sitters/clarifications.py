"""The readings chosen where the seed leaves a rule open, worded for the rule sheet."""

from __future__ import annotations

from printkit.games.sitters.params import Params


def clarifications(params: Params) -> list[tuple[str, str]]:
    """(title, text) for every settled reading; each one is pinned by a test."""
    six, o_count = params.die_sides, params.obstructors
    return [
        ("Paths may turn",
         "A marker moves one space at a time up, down, left or right and may change direction "
         "during its move."),
        ("No space twice",
         "A path never enters the same space twice and never comes back to the space it "
         "started from."),
        ("Stopping early",
         "A move is exactly the number rolled, except that it stops at once on a space holding "
         "an opponent or (for a collector) a container, and a collector stops on reaching the "
         "safe zone. The spaces passed on the way must be empty."),
        ("No move possible",
         "If none of your markers has a legal path and you cannot return a marker, your turn "
         "is lost (written 'pass' in a game record). You must move if any move is possible."),
        ("Safe zone",
         "A collector reaching a safe-zone space leaves the board at once and counts as a "
         "survivor, even with steps left. Obstructors may not enter the safe zone."),
        ("Set-up order",
         f"The collectors place their {params.containers_per_player} containers first, then the "
         f"obstructors theirs; then the collectors choose their start spaces. The {o_count} "
         "obstructors stand on the O spaces (if there are more O spaces than obstructors, the "
         "obstructor player chooses). The collectors take the first turn."),
        ("Rounds",
         "Turns follow the pattern collector, collector, obstructor, again and again, whether "
         "or not a player could move."),
        (f"Returning with a {six}",
         f"On a roll of {six} you may instead put one of your defeated markers on any empty "
         "start space of your side; it does not move this turn. A player with no marker on "
         f"the board still rolls each turn and can only come back with a {six}."),
        ("Loot and battles",
         "Loot belongs to the collector player: it is kept when the collector who found it is "
         "defeated later. In a battle the collector's die and the obstructor's die are rolled "
         "together; on a tie both roll again. The winner stays on the space."),
        ("End of the game",
         "The game ends the moment no collector stands on the board, even if defeated "
         f"collectors could have come back with a {six}. Defeated collectors are not "
         "survivors."),
        ("Score",
         f"Score = {params.base} + {params.step} x survivors + {params.step} x loot band, where "
         f"the loot band is loot divided by {params.band_width} (rounded down, at most "
         f"{params.bands - 1}). Above {params.target} the collectors win, below it the "
         "obstructors win, exactly on it the game is a draw."),
    ]
