"""``printkit play --game tokentactics``: the kit folder's dialogue (rules.py's ``dialogue``, the seed's
wording) for one set of :class:`Params`.

Answers are read a line at a time from ``input_stream`` so a game can be scripted; piped answers are
echoed after their ``> `` prompt, so a piped game prints the seed's "Command-Line Interaction Example".
``read_secret`` (a getpass-like reader) reads both commitments of a battle without echo.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from printkit.games.tokentactics.params import Params
from printkit.games.tokentactics.source import TITLE
from printkit.games.tokentactics.source import rules as kit_rules
from printkit.kitgame.dialogue import run_dialogue
from printkit.rules.terminal import ABANDONED, Console, GameLog, seat_and_policy

__all__ = ["ABANDONED", "play"]


def play(
    params: Params,
    *,
    input_stream: TextIO,
    output_stream: TextIO,
    seed: int | None = None,
    computer: str | None = None,
    read_secret: Callable[[str], str] | None = None,
    seat: int | None = None,
    player: str | None = None,
    log: GameLog | None = None,
) -> int:
    """Play one game; 0 when it ends normally, 1 when the input ends first.

    ``seat``/``player``: the computer's seat and player (printkit/rules/terminal.py); ``computer``
    names a seat and plays the strategic player.
    """
    from printkit.games.tokentactics import SPEC

    rules = kit_rules(params)
    seat, _ = seat_and_policy(SPEC, rules.player_names, computer, seat, player)
    return run_dialogue(rules, console=Console(input_stream, output_stream), seat=seat, player=player or SPEC.strongest,
                        seed=seed, log=log or GameLog(None), read_secret=read_secret, title=TITLE)
