"""``printkit build --game tokentactics``: the kit folder built as any designer's kit, with config.toml's
``[games.tokentactics]`` as its ``[params]`` and ``[print]`` as its print settings.

Everything printed comes from kitfolder/: the pieces from rules.py's rows and kit.toml's layouts, the rule sheet
from rules.md with rules.py's ``sheet()`` values, the checks from rules.py's ``checks()``. This module only gives
the built-in game's output its established names: the artwork files (``chips``, ``commit_cards``,
``commit_backs``, ``player_aid``, ``tracker``), the sections of kit.pdf and ``example.log``.
"""

from __future__ import annotations

import json
from dataclasses import replace

from printkit.art.layout import pieces_drawing
from printkit.datakit.kit import rule_sheet_source
from printkit.datakit.load import KitFolder
from printkit.errors import BuildError
from printkit.games.tokentactics.params import KIT_FOLDER, Params
from printkit.games.tokentactics.source import NAME, TITLE
from printkit.kit.model import Kit, PieceSet, Section
from printkit.kitgame.checks import kit_example
from printkit.kitgame.kit import folder_kit
from printkit.kitgame.spec import read_kit
from printkit.press.settings import PrintSettings
from printkit.rules.example import read_configured
from printkit.rules.log import LogError

SECTIONS = {"board": "tracker", "tokens": "chips", "cards Commit cards": "commit cards", "cards Player aids": "player aids"}
"""kit.pdf's sections as the kit folder names them (a prefix) -> as the built-in game names them, in print order."""


def kit_folder(params: Params, settings: PrintSettings) -> KitFolder:
    """The kit folder read with ``params`` as its ``[params]`` (through ``--set``, as a designer would) and ``settings``
    as its print settings; a configured ``example_log`` stands for the rule sheet's example game."""
    sets = tuple(f"params.{key}={json.dumps(value)}" for key, value in params.kit_values().items())
    kit = read_kit(KIT_FOLDER, sets, display=NAME)
    example = (params.example_log, read_configured(NAME, params.example_log)) if params.example_log else None
    return replace(kit, spec=replace(kit.spec, settings=settings), example=example)


def _set(sets: list[PieceSet], name: str) -> PieceSet:
    return next(s for s in sets if s.name == name)


def build_kit(params: Params, settings: PrintSettings) -> Kit:
    """Token Tactics' print kit: tracker, chips and markers, commit cards, player aids and the rule sheet."""
    kit = kit_folder(params, settings)
    try:
        made = folder_kit(kit)
    except LogError as exc:
        raise BuildError(f"the rule sheet's worked example is illegal under these parameters: {exc} "
                         f"(set games.{NAME}.example_log to a log that fits your rules)") from None
    cards, aids = _set(made.decks, "commit-cards").pieces, _set(made.decks, "player-aids").pieces
    tokens = [p for name in ("chips-1", "chips-2", "markers-1", "markers-2") for p in _set(made.tokens, name).pieces]
    firsts = [next(c for c in cards if c.front.id == f"commit-{p}-0") for p in (1, 2)]
    artwork = {
        "tracker": made.artwork["tracker"],
        "chips": pieces_drawing(tokens, f"{TITLE} chips and markers", cols=max(len(_set(made.tokens, "chips-1").pieces), 4),
                                gap=3.0),
        "commit_cards": pieces_drawing(list(cards), f"{TITLE} commit cards", cols=len(cards) // 2, gap=3.0),
        "commit_backs": pieces_drawing(firsts, f"{TITLE} commit card backs", cols=2, gap=3.0, backs=True),
        "player_aid": pieces_drawing(list(aids), f"{TITLE} player aids", cols=2, gap=4.0, backs=True),
    }
    sections = [Section(ours, s.sheets, s.advice) for theirs, ours in SECTIONS.items()
                for s in made.sections if s.name.startswith(theirs)]
    return replace(made, game=NAME, params=params, artwork=artwork, sections=sections, previews={},
                   extra_files={"example.log": example_log(kit)})


def example_log(kit: KitFolder) -> str:
    """The rule sheet's example game as a log file (``example.log`` beside the kit): the configured log as it is, or
    rules.md's ```game block under a heading."""
    if kit.example is not None:
        return kit.example[1]
    source = rule_sheet_source(kit)
    example = kit_example(kit, *source) if source is not None else None
    if example is None:
        raise BuildError(f"{KIT_FOLDER.name}/rules.md has no example game (a ```game block)")
    return f"# {TITLE}: the worked example of the rule sheet, one move per line (from rules.md).\n{example.text}"
