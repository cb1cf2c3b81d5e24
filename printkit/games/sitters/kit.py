"""The SiTTeRS print kit: the map as a (tiled) board, standees and container tokens, a die net, the loot
tally and score sheet, and the rule sheet with a worked example replayed by the engine."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from printkit.art.board import board_drawing
from printkit.art.layout import pieces_drawing
from printkit.draw.shapes import Drawing, Group, Text
from printkit.games.sitters import art_board, art_pieces, art_sheet
from printkit.games.sitters.board import SAFE_ZONE
from printkit.games.sitters.clarifications import clarifications
from printkit.games.sitters.engine import SittersRules
from printkit.games.sitters.params import Params, cell_kinds, sided, theme_names
from printkit.games.sitters.scoring import score, score_table
from printkit.games.sitters.state import BATTLE, LOOT, MOVE, ROLL, SETUP, State
from printkit.kit.model import Finding, Kit, Section, piece_set
from printkit.press.pieces import Piece
from printkit.press.settings import PrintSettings
from printkit.press.sheets import grid_sheets
from printkit.press.tiles import board_advice, board_sheets, oriented
from printkit.rules import example
from printkit.rules.replay import Replay
from printkit.rulesheet import render_template

TITLE = "SiTTeRS"
SIDE_KIND = ("collector", "obstructor")


# --- the worked example ----------------------------------------------------------------------------


def replay_example(params: Params) -> tuple[SittersRules, str, Replay[Any, Any]]:
    """The whole example game replayed by the engine; an illegal example fails the build."""
    rules = SittersRules(params)
    text, game = example.replay_example(rules, "sitters", params.example_log)
    return rules, text, game


@dataclass
class Turn:
    """One turn of the example: its roll, the move, the rolls that followed and what came of it."""

    number: int
    side: int
    roll: int = 0
    move: str = ""
    path: tuple[str, ...] = ()
    rolls: list[str] = field(default_factory=list)
    result: str = ""
    kind: str = "plain"
    after: State | None = None
    moved: State | None = None
    """The position right after the move, before its loot roll or battle (markers may share a space)."""


def _result(rules: SittersRules, before: State, after: State, names: dict[str, str]) -> tuple[str, str]:
    """What a turn did, in words, and its kind (loot, safe, battle, return, pass, plain)."""
    if after.survivors > before.survivors:
        return f"reaches the safe zone: survivors {after.survivors}", "safe"
    if after.loot > before.loot:
        return f"opens a {names['container']}: +{after.loot - before.loot} {names['loot']} ({after.loot})", "loot"
    lost = [a - b for a, b in zip(after.lost, before.lost)]
    if lost[0] > 0 or lost[1] > 0:
        who = names["collector"] if lost[0] > 0 else names["obstructor"]
        return f"battle: the {who} is defeated", "battle"
    if after.lost[0] < before.lost[0] or after.lost[1] < before.lost[1]:
        return "a defeated marker returns", "return"
    return "", "plain"


def example_turns(rules: SittersRules, game: Replay[Any, Any]) -> tuple[list[Turn], State]:
    """The turns of the example (each with its rolls grouped) and the position after set-up."""
    names = theme_names(rules.params.theme)
    turns: list[Turn] = []
    before, setup, start = game.start, game.start, game.start
    for step in game.steps:
        text = step.line.text
        if before.phase in SETUP:
            setup = step.state
        elif before.phase == ROLL:
            start = before
            turns.append(Turn(before.turn + 1, before.mover, roll=step.move.dice[0]))
        elif before.phase == MOVE:
            turn = turns[-1]
            turn.move, turn.moved = text, step.state
            if step.move.kind == "move":
                path = rules.destinations(before, step.move.src)[step.move.dst]
                turn.path = tuple(rules.board.names[c] for c in path)
            elif step.move.kind == "pass":
                turn.result, turn.kind = "no move possible", "pass"
        elif before.phase in (LOOT, BATTLE):
            turns[-1].rolls.append(" ".join(str(d) for d in step.move.dice))
        if turns and step.state.phase not in (MOVE, LOOT, BATTLE):
            turn = turns[-1]
            if turn.after is None:
                turn.after = step.state
                if turn.kind != "pass":
                    turn.result, turn.kind = _result(rules, start, step.state, names)
        before = step.state
    return turns, setup


def markers(rules: SittersRules, state: State) -> dict[str, list[str]]:
    """Coordinate -> marker kinds on it (containers first) for a figure."""
    found: dict[str, list[str]] = {}
    names = rules.board.names
    for kind, cells in (("container", state.containers), ("collector", state.collectors),
                        ("obstructor", state.obstructors)):
        for c in cells:
            found.setdefault(names[c], []).append(kind)
    return found


def key_turns(turns: list[Turn]) -> list[Turn]:
    """The first turn of each kind that teaches something (loot, safe zone, battle, return), and the last."""
    chosen: list[Turn] = []
    for kind in ("loot", "safe", "battle", "return"):
        first = next((t for t in turns if t.kind == kind), None)
        if first is not None and first not in chosen:
            chosen.append(first)
    if turns and turns[-1] not in chosen:
        chosen.append(turns[-1])
    return sorted(chosen, key=lambda t: t.number)[:4]


def turn_panel(rules: SittersRules, turn: Turn, names: tuple[str, str]) -> Drawing:
    state = turn.moved if turn.moved is not None and turn.kind in ("loot", "battle") else turn.after
    assert state is not None
    caption = f"Turn {turn.number}: {names[turn.side]} roll {turn.roll}, {turn.move}"
    return art_board.map_panel(rules.board, markers(rules, state), caption, path=turn.path)


def figures(rules: SittersRules, setup: State, turns: list[Turn]) -> dict[str, Drawing]:
    """The set-up and the key turns, two maps per figure."""
    names = rules.player_names
    panels = [art_board.map_panel(rules.board, markers(rules, setup), "After set-up: every marker placed")]
    panels += [turn_panel(rules, t, names) for t in key_turns(turns)]
    found = {"key": art_board.key_panel()}
    for i in range(0, len(panels), 2):
        found[f"example-{i // 2 + 1}"] = art_board.side_by_side(panels[i:i + 2])
    return found


# --- counts, findings and the rule sheet -----------------------------------------------------------


def setup_summary(rules: SittersRules, game: Replay[Any, Any]) -> dict[str, str]:
    """Where the example's set-up put things: containers of each side, collectors, obstructors."""
    placed: dict[str, list[str]] = {"container": [], "collector": [], "obstructor": []}
    for step in game.steps:
        if step.move.kind in placed:
            placed[step.move.kind].append(rules.board.names[step.move.dst])
    cpp = rules.params.containers_per_player
    return {"containers_c": ", ".join(sorted(placed["container"][:cpp])) or "no squares",
            "containers_o": ", ".join(sorted(placed["container"][cpp:])) or "no squares",
            "collectors": ", ".join(sorted(placed["collector"])),
            "obstructors": ", ".join(sorted(placed["obstructor"])) or "fill the O squares"}


def rule_context(params: Params, settings: PrintSettings, rules: SittersRules, game: Replay[Any, Any],
                 turns: list[Turn], tiles: int, figure_names: list[str]) -> dict[str, Any]:
    outcome = game.outcome
    final = game.final
    key = {t.number for t in key_turns(turns)}
    return {
        "title": TITLE,
        "p": params,
        "n": theme_names(params.theme),
        "board": rules.board,
        "cells": len(rules.board.kinds),
        "counts": {kind: len(rules.board.cells_of(kind)) for kind in art_board.KIND_ORDER},
        "safe_cells": ", ".join(rules.board.names[c] for c in rules.board.cells_of(SAFE_ZONE)),
        "table": score_table(params),
        "rows": art_sheet.table_rows(params),
        "verdict": art_sheet.verdict_line(params),
        "die": sided(params.die_sides),
        "clarifications": clarifications(params),
        "turns": [{"number": t.number, "side": rules.player_names[t.side], "roll": t.roll, "move": t.move,
                   "rolls": ", ".join(t.rolls) or "-", "result": t.result or "-", "key": t.number in key}
                  for t in turns],
        "setup": setup_summary(rules, game),
        "log_lines": len(game.steps),
        "final": {"loot": final.loot, "survivors": final.survivors,
                  "score": score(params, final.survivors, final.loot)},
        "example_result": "unfinished" if outcome is None else (
            "a draw" if outcome.winner is None else f"the {rules.player_names[outcome.winner]} win ({outcome.reason})"),
        "tiles": tiles,
        "standee": art_pieces.standee_size(params),
        "container_mm": art_pieces.container_size(params),
        "figures": figure_names,
        "paper": settings.paper,
    }


def table_findings(params: Params, sheet: Drawing, rules_text: str) -> list[Finding]:
    """The printed scoring table (score sheet and rule sheet) against the scoring function."""
    found: list[Finding] = []
    printed: dict[str, str] = {}

    def collect(shapes: tuple[Any, ...]) -> None:
        for s in shapes:
            if isinstance(s, Group):
                collect(s.children)
            elif isinstance(s, Text) and s.id:
                printed[s.id] = s.text

    collect(sheet.children)
    table = score_table(params)
    for r, label in enumerate(table["rows"]):
        loot = r * params.band_width
        if printed.get(f"loot-band-{r}") != label:
            found.append(Finding("error", f"score sheet: loot row {r + 1} reads {printed.get(f'loot-band-{r}')!r}, "
                                          f"expected {label!r}"))
        for s in table["columns"]:
            want = str(score(params, s, loot))
            if printed.get(f"score-{r}-{s}") != want:
                found.append(Finding("error", f"score sheet: {label} loot, {s} survivors reads "
                                              f"{printed.get(f'score-{r}-{s}')!r}, the scoring function gives {want}"))
        line = "| " + " | ".join([label, *(str(score(params, s, loot)) for s in table["columns"])]) + " |"
        if line not in rules_text:
            found.append(Finding("error", f"rule sheet: the scoring table lacks the row {line}"))
    return found


def findings(params: Params, standees: list[Piece], tokens: list[Piece], sheet: Drawing,
             rules_text: str) -> list[Finding]:
    """Enough markers for the parameters, pieces that fit a square, the table equal to the scoring function."""
    found: list[Finding] = []
    for kind, need, pieces in (("collector", params.collectors, standees),
                               ("obstructor", params.obstructors, standees),
                               ("container", 2 * params.containers_per_player, tokens)):
        have = sum(1 for p in pieces if p.name.startswith(kind))
        if have < need:
            found.append(Finding("error", f"markers: {have} {kind} markers printed, the rules need {need}"))
    for piece in standees[:1] + tokens[:1]:
        if piece.w + 3 > params.square_mm + 1e-9:
            found.append(Finding("error", f"markers: a {piece.w:g} mm {piece.kind} does not fit a "
                                          f"{params.square_mm:g} mm square (needs 3 mm to spare)"))
    found += table_findings(params, sheet, rules_text)
    table = score_table(params)
    values = [v for row in table["scores"] for v in row]
    if max(values) <= params.target:
        found.append(Finding("warning", f"scoring: no score is above {params.target}: the collectors can never win"))
    if min(values) >= params.target:
        found.append(Finding("warning", f"scoring: no score is below {params.target}: the obstructors can never win"))
    most_loot = 2 * params.containers_per_player * params.die_sides
    top_band = (params.bands - 1) * params.band_width
    if top_band > most_loot:
        found.append(Finding("warning", f"scoring: the table's last row ({top_band}+) needs more loot than all "
                                        f"containers can give ({most_loot})"))
    return found


def build_kit(params: Params, settings: PrintSettings) -> Kit:
    """Everything the SiTTeRS kit prints, computed from the parameters."""
    rules, log_text, game = replay_example(params)
    turns, setup = example_turns(rules, game)
    board = art_board.board_piece(params, settings)
    board_pages = board_sheets(oriented(board, settings), settings, f"{TITLE} board")
    standees, tokens = art_pieces.marker_pieces(params, settings.safe_mm)
    figs = figures(rules, setup, turns)
    text = render_template("sitters/rules.md.j2", rule_context(params, settings, rules, game, turns,
                                                               len(board_pages), sorted(figs)))
    sheet = art_sheet.score_sheet_page(params, settings)
    die_sheet, die_art = art_sheet.die_page(params, settings)
    sections = [
        Section("board", board_pages, board_advice(board_pages)),
        Section("standees", grid_sheets(standees, settings, TITLE, "standees"),
                "single-sided, on card stock; cut along the crop marks, fold on the dashed lines"),
        Section("container tokens", grid_sheets(tokens, settings, TITLE, "container tokens"),
                "single-sided, on card stock; cut along the crop marks"),
        Section("die", [die_sheet], "single-sided, on card stock; skip it if you have a die"),
        Section("score sheet", [sheet], "single-sided; copy it for more games"),
    ]
    die_w, die_h = (86.0, 60.0) if params.die_sides == 6 else (76.0, 76.0)
    artwork = {
        "board": board_drawing(board, f"{TITLE} board"),
        "standees": pieces_drawing(standees, f"{TITLE} standees", cols=max(1, params.collectors), gap=4.0),
        "containers": pieces_drawing(tokens, f"{TITLE} container tokens", cols=max(1, params.containers_per_player),
                                     gap=3.0),
        "die": Drawing(die_w + 4, die_h + 16, (die_art,), title=f"{TITLE} die"),
        "score_sheet": sheet.page.drawing,
    }
    return Kit(
        game="sitters", title=TITLE, params=params, settings=settings, artwork=artwork, sections=sections,
        rules_text=text, figures=figs,
        print_notes=[params.print_advice],
        findings=findings(params, standees, tokens, sheet.page.drawing, text),
        expected_cells={name: {"cell", kind} for name, kind in cell_kinds(params).items()},
        extra_files={"example.log": log_text},
        tokens=[piece_set("standees", standees), piece_set("container tokens", tokens)], boards=[piece_set("board", [board])],
    )
