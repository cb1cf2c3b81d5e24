"""The Tic Tac Two print kit: board with wall slots, tokens, walls, markers, action cards, draft
trackers and rule sheet, all from one Params and checked against the engine."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from printkit.art.board import board_drawing
from printkit.art.layout import pieces_drawing
from printkit.games.tictactwo import kit_art, kit_cards, kit_figures
from printkit.games.tictactwo.clarifications import clarifications
from printkit.games.tictactwo.engine import TicTacTwo
from printkit.games.tictactwo.params import ACTIONS, Params
from printkit.kit.model import Finding, Kit, Section, piece_set
from printkit.press.blocks import Block, block_sheets
from printkit.press.pieces import Piece
from printkit.press.settings import PrintSettings
from printkit.press.sheets import grid_sheets
from printkit.press.tiles import board_advice, board_sheets
from printkit.rules import example
from printkit.rules.replay import Replay
from printkit.rulesheet import render_template

TITLE = kit_cards.TITLE
MARKS = kit_art.MARKS


# --- what the rules can need -------------------------------------------------------------------


@dataclass(frozen=True)
class Counts:
    """Pieces the rules can need: per player (tokens, walls, dibs) or in all (intersects, voids)."""

    tokens: int
    walls: int
    dibs: int
    intersects: int
    voids: int


def picks_each(params: Params) -> int:
    """How often one player can hold one action: once (standard), or every pick (Meta)."""
    return params.actions_each if params.meta else min(1, params.actions_each)


def needs(params: Params) -> Counts:
    """The most of each piece a game can have in play at once.

    Tokens: a space holds at most one X (an intersect space one X and one O), so a player never
    has more letters on the board than there are spaces that are not voids. Walls and dibs claims:
    one per Wall or Dibs action a player holds (placing costs the action; toppling and overwriting
    only remove). Intersects: one per Intersect action in the game (standard: one player holds it),
    never more than the spaces. Voids: one per player in the Void variation; printed for every kit
    since the variation is chosen at the table.
    """
    spaces = params.board_size ** 2
    voids = 2 if params.void else 0
    intersects = picks_each(params) * (2 if params.meta else 1)
    return Counts(tokens=spaces - voids, walls=picks_each(params), dibs=picks_each(params),
                  intersects=min(intersects, spaces - voids), voids=2)


# --- the worked example ----------------------------------------------------------------------------


def replay_example(params: Params) -> tuple[TicTacTwo, Replay[Any, Any], str]:
    """The example game replayed by the engine (``example-void.log`` under the Void variation)."""
    rules = TicTacTwo(params)
    text, game = example.replay_example(rules, "tictactwo", params.example_log)
    return rules, game, text


def log_comments(text: str) -> dict[int, str]:
    """The comment of each move line, with indented comment-only lines after it joined on."""
    out: dict[int, str] = {}
    current: int | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        code, _, comment = raw.partition("#")
        if code.strip():
            current = number
            if comment.strip():
                out[number] = comment.strip()
        elif comment.strip() and current is not None and raw[:1].isspace():
            out[current] = (out.get(current, "") + " " + comment.strip()).strip()
        else:
            current = None
    return out


def example_steps(game: Replay[Any, Any], text: str) -> tuple[list[str], list[dict[str, Any]]]:
    """The draft picks, then each later move with its number and comment."""
    comments = log_comments(text)
    picks: list[str] = []
    moves: list[dict[str, Any]] = []
    for step in game.steps:
        words = step.line.text.split()
        if len(words) == 3 and words[1] == "picks":
            picks.append(f"{words[0]} {kit_cards.TITLES[words[2]]}")
        elif len(words) == 3 and words[1] == "void":
            picks.append(f"{words[0]} places a void on {words[2]}")
        else:
            moves.append({"number": len(moves) + 1, "line": step.line.text, "note": comments.get(step.line.number, "")})
    return picks, moves


def mid_position(rules: TicTacTwo, game: Replay[Any, Any]) -> tuple[int, Any]:
    """The play move (numbered as in the example list) that last places a wall, and the position after it."""
    play = [s for s in game.steps if " picks " not in s.line.text]
    walls = [i for i, s in enumerate(play) if " wall " in f" {s.line.text} "]
    index = walls[-1] if walls else max(0, len(play) // 2 - 1)
    return index + 1, (play[index].state if play else game.final)


# --- the rule sheet ---------------------------------------------------------------------------------


def rule_context(params: Params, settings: PrintSettings, rules: TicTacTwo, game: Replay[Any, Any], text: str,
                 counts: Counts, tiles: int) -> dict[str, Any]:
    picks, moves = example_steps(game, text)
    outcome = game.outcome
    meta = needs(replace(params, meta=True, void=params.void))
    return {
        "title": TITLE,
        "p": params,
        "x": params.player_x,
        "o": params.player_o,
        "last_column": chr(64 + params.board_size),
        "counts": counts,
        "meta_counts": meta,
        "slots": len(rules.geo.slots),
        "interior_slots": sum(1 for s in rules.geo.slots if not s.edge),
        "actions": [(kit_cards.TITLES[a], kit_cards.action_text(a, params)) for a in ACTIONS],
        "clarifications": clarifications(params),
        "picks": picks,
        "example": moves,
        "example_result": "unfinished" if outcome is None else (
            "a draw" if outcome.winner is None else f"{rules.player_names[outcome.winner]} wins ({outcome.reason})"),
        "mid_move": mid_position(rules, game)[0],
        "tiles": tiles,
        "paper": settings.paper,
        "flip": settings.duplex_flip,
    }


# --- checks ------------------------------------------------------------------------------------------


def count_findings(counts: Counts, pieces: dict[str, list[Piece]]) -> list[Finding]:
    """Enough of every piece for what the rules can need."""
    found = []
    per_player = (("token", counts.tokens), ("wall", counts.walls), ("dibs marker", counts.dibs))
    for what, need in per_player:
        for mark in MARKS:
            have = sum(1 for p in pieces[what] if p.name.startswith(f"{mark} "))
            if have < need:
                found.append(Finding("error", f"{what}s: {have} for {mark} printed, the rules can need {need}"))
    for what, need in (("intersect marker", counts.intersects), ("void", counts.voids)):
        if len(pieces[what]) < need:
            found.append(Finding("error", f"{what}s: {len(pieces[what])} printed, the rules can need {need}"))
    return found


def card_findings(cards: list[Piece]) -> list[Finding]:
    """One card per special action, each with a back."""
    have = sorted(p.name.removesuffix(" card") for p in cards if p.name.endswith(" card"))
    found = []
    if have != sorted(ACTIONS):
        found.append(Finding("error", f"action cards: {', '.join(have)} printed, the rules have {', '.join(ACTIONS)}"))
    if any(p.back is None for p in cards):
        found.append(Finding("error", "cards: every card needs a back (they are printed double-sided)"))
    return found


# --- the kit ------------------------------------------------------------------------------------------


def piece_sets(params: Params, settings: PrintSettings, counts: Counts) -> dict[str, list[Piece]]:
    return {
        "token": kit_art.tokens(params, counts.tokens, settings.bleed_mm),
        "wall": kit_art.wall_pieces(params, counts.walls),
        "dibs marker": kit_art.dibs_markers(params, counts.dibs),
        "intersect marker": kit_art.intersect_markers(params, counts.intersects),
        "void": kit_art.void_markers(params, counts.voids, settings.safe_mm),
    }


def piece_blocks(pieces: dict[str, list[Piece]], counts: Counts) -> list[Block]:
    """Equal-sized pieces share a block: tokens, walls, square markers, voids."""
    markers = pieces["dibs marker"] + pieces["intersect marker"]
    return [
        Block(f"Tokens: {counts.tokens} X, {counts.tokens} O", pieces["token"]),
        Block(f"Walls: {counts.walls} X, {counts.walls} O", pieces["wall"]),
        Block(f"Markers: {counts.dibs} X dibs, {counts.dibs} O dibs, {counts.intersects} intersect", markers),
        Block(f"Voids: {counts.voids} (Void variation)", pieces["void"]),
    ]


def build_kit(params: Params, settings: PrintSettings) -> Kit:
    """Everything the Tic Tac Two kit prints, computed from the parameters."""
    rules, game, log_text = replay_example(params)
    counts = needs(params)
    board = kit_art.board_piece(rules, settings)
    board_pages = board_sheets(board, settings, f"{TITLE} board")
    pieces = piece_sets(params, settings, counts)
    actions, trackers = kit_cards.action_cards(params, settings), kit_cards.trackers(params, settings)
    cards = actions + trackers
    figures = kit_figures.figures(TicTacTwo(replace(params, board_size=4, line_length=4)))
    figures["space"] = kit_figures.space_layout(params)
    move, state = mid_position(rules, game)
    figures["example-mid"] = kit_figures.single(rules, state, f"The worked example after move {move}: walls are bars in their "
                                                "owner's colour, flags mark dibs spaces, green the intersect spaces.")
    line = kit_figures.winning_cells(rules, game.final)
    figures["example-final"] = kit_figures.single(rules, game.final, "The worked example's final position"
                                                  + (", the winning line shaded." if line else "."), line)
    text = render_template("tictactwo/rules.md.j2",
                           rule_context(params, settings, rules, game, log_text, counts, len(board_pages)))
    sections = [
        Section("board", board_pages, board_advice(board_pages)),
        Section("cards", grid_sheets(cards, settings, TITLE, "action cards and draft trackers"),
                f"double-sided, flip on the {settings.duplex_flip} edge: each back lands on its front"),
        Section("pieces", block_sheets(piece_blocks(pieces, counts), settings, TITLE),
                "single-sided, on card stock; tokens round along the dashed guides, the rest along the crop marks"),
    ]
    board_art = board_drawing(board, f"{TITLE} board")
    found = count_findings(counts, pieces) + card_findings(cards) + kit_art.slot_findings(rules, board_art.children)
    artwork = {
        "board": board_art,
        "cards": pieces_drawing(cards, f"{TITLE} action cards and draft trackers", cols=4, gap=4.0, backs=True),
        "tokens": pieces_drawing(pieces["token"], f"{TITLE} tokens", cols=max(1, round(180 / (params.token_mm + 3))), gap=3.0),
        "walls": pieces_drawing(pieces["wall"], f"{TITLE} walls", cols=2, gap=4.0),
        "markers": pieces_drawing(pieces["dibs marker"] + pieces["intersect marker"], f"{TITLE} dibs and intersect markers",
                                  cols=6, gap=3.0),
        "voids": pieces_drawing(pieces["void"], f"{TITLE} voids", cols=2, gap=4.0),
    }
    return Kit(
        game="tictactwo", title=TITLE, params=params, settings=settings, artwork=artwork, sections=sections,
        rules_text=text, figures=figures,
        print_notes=["Rule sheet: single-sided. You also need a pen or pencil for the draft trackers."],
        findings=found,
        expected_cells={c["id"]: {"cell"} for c in rules.geometry()["cells"]},
        extra_files={"example.log": log_text},
        decks=[piece_set("action cards", actions), piece_set("draft trackers", trackers)],
        tokens=[piece_set(name + "s", pieces[name]) for name in pieces if pieces[name]], boards=[piece_set("board", [board])],
    )
