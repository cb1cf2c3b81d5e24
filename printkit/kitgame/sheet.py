"""A kit with rules on paper: its rule sheet's example game replayed (an illegal line fails the build,
naming ``rules.md:LINE``), the positions it draws (``![caption](game:N)``), and the deck check."""

from __future__ import annotations

import hashlib
from typing import Any, Mapping, Sequence

from printkit.art.board import board_drawing
from printkit.datakit.load import KitFolder
from printkit.draw.shapes import Drawing, walk
from printkit.errors import ConfigError
from printkit.kit.model import Finding, PieceSet
from printkit.kitgame.blame import short
from printkit.kitgame.checks import deck_findings, ending_findings, kit_example, replay_example
from printkit.kitgame.engine import KitRules
from printkit.kitgame.figures import SOURCE, position_figure
from printkit.kitgame.spec import open_loaded
from printkit.kitrules import Game, Printed, Step
from printkit.press.pieces import Piece
from printkit.userinput.text import quoted


def kit_engine(kit: KitFolder) -> KitRules:
    """The rules of a kit with rules, made once per read folder (its parameters, data and computed rows)."""
    if "engine" not in kit.cache:
        kit.cache["engine"] = open_loaded(kit).rules()
    return kit.cache["engine"]  # type: ignore[no-any-return]


def example_steps(kit: KitFolder, rules: KitRules, text: str, rules_name: str) -> list[Step]:
    """The rule sheet's example game (its ```game block, or the log standing for it) replayed, one :class:`Step` per
    move (empty without one)."""
    example = kit_example(kit, text, rules_name)
    steps: list[Step] = []
    if example is not None:
        played = replay_example(rules, example)
        before = played.start
        for step in played.steps:
            steps.append(Step(step.line.text, before, step.move, step.state))
            before = step.state
    return steps


def sheet_values(kit: KitFolder, text: str, rules_name: str) -> dict[str, Any]:
    """rules.py's ``sheet(example)``: the values rules.md reads as ``{{ sheet.NAME }}`` (``text``: rules.md as written,
    whose ```game block is the example; empty when the game computes none)."""
    if kit.spec.game_rules is None:
        return {}
    rules = kit_engine(kit)
    if type(rules.game).sheet is Game.sheet:
        return {}
    steps = example_steps(kit, rules, text, rules_name)
    values = rules.call(lambda: rules.game.sheet(steps), "in sheet(), computing the rule sheet's values")
    if not isinstance(values, Mapping) or not all(isinstance(k, str) for k in values):
        raise rules.fail(f"sheet() returned {type(values).__name__}: expected a dict of name -> value for rules.md")
    return dict(values)


def _back(piece: Piece) -> str:
    """A short text equal for backs that draw the same ('' for none)."""
    return hashlib.sha256(repr(piece.back).encode()).hexdigest()[:16] if piece.back is not None else ""


def printed_pieces(sets: Sequence[PieceSet], boards: Sequence[PieceSet]) -> dict[str, list[Printed]]:
    """Every piece of ``sets`` by set name; for ``boards``, every shape with an id on them (spaces, cells)."""
    printed = {s.name: [Printed(p.front.id or "", tuple(p.front.cls), _back(p)) for p in s.pieces] for s in sets}
    for board in boards:
        printed[board.name] = [Printed(shape.id, tuple(getattr(shape, "cls", ())), "")
                               for piece in board.pieces for shape, _, _ in walk((piece.front,)) if getattr(shape, "id", None)]
    return printed


def rule_checks(kit: KitFolder, sets: Sequence[PieceSet], boards: Sequence[PieceSet]) -> list[Finding]:
    """rules.py's ``checks(printed)`` as findings (text: an error; ``("warning", text)``: a warning)."""
    rules = kit_engine(kit)
    if type(rules.game).checks is Game.checks:
        return []
    printed = printed_pieces(sets, boards)
    found = rules.call(lambda: rules.game.checks(printed), "in checks(), checking the printed kit")
    if found is None:
        found = ()
    if isinstance(found, (str, bytes)) or not isinstance(found, (list, tuple)):
        raise rules.fail(f"checks() returned {short(found)}: expected a list of problems, each text (an error) "
                         "or ('warning', text); an empty list when all is well")
    findings = []
    for item in found:
        if isinstance(item, str):
            findings.append(Finding("error", item))
        elif isinstance(item, tuple) and len(item) == 2 and item[0] in ("error", "warning") and isinstance(item[1], str):
            findings.append(Finding(item[0], item[1]))
        else:
            raise rules.fail(f"checks() gave {short(item)}: expected text (an error) or ('warning', text)")
    return findings


def rules_pages(kit: KitFolder, text: str, rules_name: str, figures: list[tuple[str, int]],
                boards: Mapping[str, Piece]) -> tuple[dict[str, Drawing], list[Finding]]:
    """The position figures ``figures`` ((src, line) pairs) and the findings of a kit with rules."""
    rules = kit_engine(kit)
    example = kit_example(kit, text, rules_name) if rules_name else None
    played = replay_example(rules, example) if example is not None else None
    findings = deck_findings(rules) + ending_findings(rules, kit.out)
    if example is None:
        findings.append(Finding("warning", f"{rules_name or 'the rule sheet'}: no example game (a ```game block of log lines): "
                                           "verify replays one with your rules"))
    drawn: dict[str, Drawing] = {}
    for src, line in figures:
        where = f"{rules_name}:{line}"
        match = SOURCE.fullmatch(src)
        if match is None:
            raise ConfigError(where, "", f"figure {quoted(src)}: expected game:N (the position after move N of the example "
                                         "game, 0 for the start), or game:N/BOARD for one of several boards")
        if played is None:
            raise ConfigError(where, "", f"figure {src!r}: the rule sheet has no example game (a ```game block) to draw")
        n = int(match.group(1))
        if n > len(played.steps):
            raise ConfigError(where, "", f"figure {src!r}: the example game has {len(played.steps)} moves")
        state: Any = played.steps[n - 1].state if n else played.start
        drawn[src] = position_figure(rules, state, boards, src, where)
    return drawn, findings


NOT_RUN = ("--no-code: the kit's Python code (rules.py) was not run: the rule sheet's example game was not replayed "
           "(its figures show the boards without pieces), its sheet values are placeholders and the rules' checks "
           "were not made")


def unplayed_pages(figures: list[tuple[str, int]], rules_name: str, boards: Mapping[str, Piece]) -> tuple[dict[str, Drawing],
                                                                                                        list[Finding]]:
    """What :func:`rules_pages` gives when the kit's code is not to run (``--no-code``): each position figure the board
    without pieces, and a warning saying what was not done."""
    drawn = {}
    for src, line in figures:
        match = SOURCE.fullmatch(src)
        name = match.group(2) if match is not None and match.group(2) else next(iter(boards), None)
        if name not in boards:
            raise ConfigError(f"{rules_name}:{line}", "", f"figure {quoted(src)}: no board to draw it on "
                                                          f"(boards: {', '.join(boards) or 'none'})")
        drawn[src] = board_drawing(boards[name], f"{name}: {src} (rules.py not run)")
    return drawn, [Finding("warning", NOT_RUN)]
