"""A kit with rules on paper: its rule sheet's example game replayed (an illegal line fails the build,
naming ``rules.md:LINE``), the positions it draws (``![caption](game:N)``), and the deck check."""

from __future__ import annotations

import hashlib
import re
from typing import Any, Callable, Mapping, Sequence

from printkit.art.board import board_drawing
from printkit.datakit.kit import game_block
from printkit.datakit.load import KitFolder
from printkit.draw.shapes import Drawing, walk
from printkit.errors import ConfigError
from printkit.kit.model import Finding, PieceSet
from printkit.kitgame.blame import short
from printkit.kitgame.checks import deck_findings, ending_findings
from printkit.kitgame.engine import KitRules
from printkit.kitgame.example import KitExample
from printkit.kitgame.figures import SOURCE, position_figure
from printkit.kitgame.printed import NO_PIECES, PrintedPieces
from printkit.kitgame.source import packaged_module
from printkit.kitrules import Game, Printed
from printkit.press.pieces import Piece
from printkit.userinput.text import quoted


def sheet_values(rules: KitRules, example: KitExample) -> dict[str, Any]:
    """rules.py's ``sheet(example)``: the values rules.md reads as ``{{ sheet.NAME }}`` (``example``: in rules.md as
    written; empty when the game computes none)."""
    if type(rules.game).sheet is Game.sheet:
        return {}
    steps = example.steps
    values = rules.call(lambda: rules.game.sheet(steps), "in sheet(), computing the rule sheet's values")
    if not isinstance(values, Mapping) or not all(isinstance(k, str) for k in values):
        raise rules.fail(f"sheet() returned {type(values).__name__}: expected a dict of name -> value for rules.md")
    return dict(values)


def board_cells(rules: KitRules) -> dict[str, set[str]]:
    """The spaces the rules play on, each with the classes its printed cell must carry (rules.py's ``board_cells``)."""
    cells = rules.call(rules.game.board_cells, "in board_cells()")
    if not isinstance(cells, Mapping):
        raise rules.fail(f"board_cells() returned {type(cells).__name__}: expected a dict of space -> classes")
    return {str(name): set(classes) for name, classes in cells.items()}


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


def rule_checks(rules: KitRules, sets: Sequence[PieceSet], boards: Sequence[PieceSet], text: str) -> list[Finding]:
    """rules.py's ``checks(printed)`` and ``sheet_checks(text)`` (``text``: the rule sheet as rendered) as findings
    (text: an error; ``("warning", text)``: a warning)."""
    findings = []
    if type(rules.game).checks is not Game.checks:
        printed = printed_pieces(sets, boards)
        findings += _problems(rules, "checks()", "checking the printed kit", lambda: rules.game.checks(printed))
    if type(rules.game).sheet_checks is not Game.sheet_checks:
        findings += _problems(rules, "sheet_checks()", "checking the rule sheet", lambda: rules.game.sheet_checks(text))
    return findings


def _problems(rules: KitRules, method: str, doing: str, call: Callable[[], Any]) -> list[Finding]:
    """What ``call`` (rules.py's ``method``) returns as findings; a result that is not a list of problems is refused."""
    found = rules.call(call, f"in {method}, {doing}")
    if found is None:
        found = ()
    if isinstance(found, (str, bytes)) or not isinstance(found, (list, tuple)):
        raise rules.fail(f"{method} returned {short(found)}: expected a list of problems, each text (an error) "
                         "or ('warning', text); an empty list when all is well")
    findings = []
    for item in found:
        if isinstance(item, str):
            findings.append(Finding("error", item))
        elif isinstance(item, tuple) and len(item) == 2 and item[0] in ("error", "warning") and isinstance(item[1], str):
            findings.append(Finding(item[0], item[1]))
        else:
            raise rules.fail(f"{method} gave {short(item)}: expected text (an error) or ('warning', text)")
    return findings


def rules_pages(kit: KitFolder, rules: KitRules, shown: KitExample, rules_name: str, figures: list[tuple[str, int]],
                boards: Mapping[str, Piece], printed: PrintedPieces = NO_PIECES) -> tuple[dict[str, Drawing], list[Finding]]:
    """The position figures ``figures`` ((src, line) pairs of the example ``shown`` in the rule sheet as rendered,
    ``rules_name``; ``printed``: the cards and tokens they draw pieces as) and the findings of a kit with rules: the
    example replayed, the deck check, and the checks' random games for rules that are not printkit's own (a built-in
    game's rules are tested by printkit's suite on recorded games and against their kernels; random games would cost
    its every build seconds)."""
    example, played = shown.found, shown.played
    findings = deck_findings(rules)
    if packaged_module(rules.folder / str(kit.spec.game_rules)) is None:
        findings += ending_findings(rules, kit.out)
    left_off = shown.unfit if example is None else None
    if left_off is not None:
        findings.append(Finding("note", left_off))
    elif example is None:
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
        drawn[src] = position_figure(rules, state, boards, src, where, printed)
    return drawn, findings


FIGURE = re.compile(r"!\[[^\]\n]*\]\(game:[^)\s]*\)")
"""A position figure of the example game (``![After move 3](game:3)``)."""


def without_unfit_example(text: str, shown: KitExample) -> str:
    """``text`` (the rule sheet rendered, holding the example ``shown``) without its ```game block and the figures of
    its positions when the example game is written for other parameters (its ``# params:`` line): the rest of the sheet
    prints as written (a designer keeps text about the example to its parameters with ``{% if params.size == 5 %}``)."""
    if shown.found is not None or shown.unfit is None:
        return text
    lines = text.split("\n")
    found = game_block(lines)
    if found is not None:
        opened, closed = found
        lines[opened:(len(lines) - 1 if closed is None else closed) + 1] = []
    return "\n".join(FIGURE.sub("", line) for line in lines if not FIGURE.fullmatch(line.strip()))


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
