"""Readings chosen where the seed is silent or ambiguous, worded for the rule sheet."""

from __future__ import annotations

from printkit.games.tokentactics.params import Params


def _s(n: int, word: str = "token") -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def clarifications(params: Params) -> list[tuple[str, str]]:
    """(title, text) pairs for the rule sheet; each is pinned by a test."""
    p1 = params.player_names[0]
    cap, step, low = params.reserve_cap, params.fortify_amount, params.minimum_attack
    return [
        ("Who starts", f"{p1} takes the first turn; then turns alternate."),
        ("Resolving a battle",
         ("Work out both new reserves from the reserves before the battle. The winner of the battle "
          "ends with: reserve - tokens committed + difference. The loser ends with: reserve - tokens "
          "committed - difference, and if that is below 0 the loser has 0. This is the arithmetic of "
          "the worked example (2 - 2 - 1 = -1, so 0 tokens).")),
        ("The winner gains the whole difference",
         ("The winner of a battle always gains the full difference, even when the loser cannot pay all "
          "of it; the missing tokens come from the bank. (The loser is then at 0 and the game is over, "
          "so this only changes the winner's final count.)")),
        ("Ties",
         ("If both commit the same number, the defender wins the battle and takes 0 tokens: both players "
          "only spend what they committed.")),
        ("Defending and attacking limits",
         (f"The attacker commits at least {_s(low)} and at most their reserve; a player with fewer than "
          f"{_s(low)} cannot attack and must fortify. The defender commits from 0 up to their reserve.")),
        ("Fortifying near the cap",
         (f"Fortify adds {_s(step)} but never takes a reserve past {cap}: a reserve that would pass {cap} "
          f"stops at {cap}. A player with {cap} or more tokens cannot fortify and must attack.")),
        ("Reserves above the cap",
         (f"A battle never raises a reserve: the attacker always ends with their reserve minus the "
          f"defender's commitment, and the defender with their reserve minus the attacker's commitment. "
          f"So, although the rules allow winnings to pass {cap}, no reserve ever goes above {cap}.")),
        ("End of the game",
         ("The game ends as soon as a reserve reaches 0, and the other player wins. An attacker who "
          "commits everything and loses the battle (or ties) is left with 0 and loses at once.")),
        ("Both reserves empty",
         ("If a tie leaves both players at 0 (both committed everything), the defender won the battle "
          "and wins the game.")),
    ]
