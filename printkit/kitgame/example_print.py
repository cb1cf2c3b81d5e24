"""The rule sheet's example game as players read it: each chance move told as a player at the table learns it.

rules.md's ```game block is a log the rules replay, so it holds every chance move whole (``shuffle deck 12 8 7 ...``:
the deck's new order). A printed sheet shows what the players are told instead (``the deck is shuffled``, a die roll
as rolled: :func:`printkit.rules.told.chance_told` with every seat watching); the comments keep their column. The
log itself stays whole where it is read back: the kit folder's rules.md and the output's ``example.log``.
"""

from __future__ import annotations

from printkit.errors import ConfigError, LogError
from printkit.kitgame.engine import KitRules
from printkit.kitgame.example import KitExample, example_game, replay_example
from printkit.kitrules import CHANCE
from printkit.rules.told import NOT_EVERY_PLAYER, chance_told


def printed_example(text: str, rules: KitRules, source: str, shown: KitExample) -> str:
    """``text`` (the rendered rule sheet, ``shown`` its example game) with the chance moves of its first ```game block
    told as every player is told them; a move told differently to different players stays as logged (an example shows
    the table from above); its ``# params:`` line left out. A block that does not replay (one a log stands for as the
    example) is left as written (the kit's checks report it)."""
    try:
        example = shown.found if shown.from_text else example_game(text, source)
        if example is None:
            return text
        played = shown.played if shown.from_text else replay_example(rules, example)
    except (ConfigError, LogError):
        return text
    assert played is not None, "an example found is replayed"
    seats = list(range(len(rules.player_names)))
    lines = text.split("\n")
    before = played.start
    for step in played.steps:
        if rules.current_player(before) == CHANCE:
            told = chance_told(rules, before, step.move, seats)
            if told != NOT_EVERY_PLAYER and told != str(rules.format_move(before, step.move)):
                lines[step.line.number - 1] = _retold(lines[step.line.number - 1], told)
        before = step.state
    if example.params_at:  # the parameters it is written for: the build's business, not the players'
        del lines[int(example.params_at.rsplit(":", 1)[1]) - 1]
    return "\n".join(lines)


def _retold(line: str, told: str) -> str:
    """The log line with its move replaced by ``told``, its indentation and comment (in the same column, where the
    text leaves room) kept."""
    code, hash_, comment = line.partition("#")
    indent = code[:len(code) - len(code.lstrip())]
    if not hash_:
        return indent + told
    width = len(code.rstrip()) - len(indent)
    gap = len(code) - len(code.rstrip())
    return indent + told.ljust(width) + " " * max(gap, 1) + hash_ + comment
