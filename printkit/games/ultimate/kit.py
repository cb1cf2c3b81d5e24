"""The Ultimate Tic-Tac-Toe print kit: board with legend, score cards, X and O tokens, rule sheet."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printkit.art.board import board_drawing
from printkit.art.layout import pieces_drawing
from printkit.draw.shapes import Drawing
from printkit.errors import BuildError
from printkit.games.ultimate import art_board, art_scorecard
from printkit.games.ultimate.board import EMPTY, FREE, MARKS, cell_kinds, score_table
from printkit.games.ultimate.clarifications import clarifications
from printkit.games.ultimate.engine import State, UltimateRules
from printkit.games.ultimate.params import Params, board_extent, column_letter
from printkit.kit.model import Finding, Kit, Section, piece_set
from printkit.press.pieces import Piece
from printkit.press.settings import PrintSettings
from printkit.press.sheets import grid_sheets
from printkit.press.tiles import board_advice, board_sheets
from printkit.rules import example
from printkit.rules.log import parse_log
from printkit.rules.replay import Replay, replay
from printkit.rulesheet import render_template

TITLE = "Ultimate Tic-Tac-Toe"
SEED_EXAMPLE = ("X A1", "O C1", "X B2")
"""The seed's scoring example on a plain 3 x 3 board: the X on B2 touches one X and one O."""


# --- how many marks a player can place ---------------------------------------------------------


def max_marks(params: Params) -> tuple[int, int]:
    """The most marks X and O can each place in one game (also the rows and tokens each needs).

    Marks alternate, except that a mark on an extra-turn space is followed by another mark of the
    same player (unless it filled the board). Exact over every order of plain and extra-turn spaces.
    """
    rules = UltimateRules(params)
    total = len(rules.initial_state().empty)
    specials = len(rules.geometry.extra_turn & set(rules.initial_state().empty))
    return _most(total, specials, 0), _most(total, specials, 1)


def _most(total: int, specials: int, player: int) -> int:
    """Backward DP over (marks placed, extra-turn spaces left, mover): the most marks of ``player``."""
    best = {(t, m): 0 for t in range(specials + 1) for m in (0, 1)}
    for placed in range(total - 1, -1, -1):
        left = total - placed
        step = {}
        for t in range(specials + 1):
            for m in (0, 1):
                gain, options = int(m == player), []
                if left - t > 0:
                    options.append(best[(t, 1 - m)])
                if t > 0:
                    options.append(best[(t - 1, m if left > 1 else 1 - m)])
                step[(t, m)] = gain + max(options) if options else 0
        best = step
    return best[(specials, 0)] if total else 0


# --- the worked example ------------------------------------------------------------------------


def replay_example(params: Params) -> tuple[UltimateRules, str, Replay[Any, Any]]:
    """The example game replayed by the engine; an illegal example fails the build."""
    rules = UltimateRules(params)
    text, game = example.replay_example(rules, "ultimate", params.example_log)
    return rules, text, game


def breakdown(rules: UltimateRules, before: State, cell: int, player: int) -> tuple[str, str]:
    """The sum behind a mark's points (``1 + 1 + 2 = 4``, ``(1 + 2) x 2 = 6``), checked against the
    engine, and the marks it touches (``F6 (X), G6 (O)``)."""
    terms, touched = ["1"], []
    for n in rules.geometry.neighbours[cell]:
        value, name = before.cells[n], rules.geometry.coords[n]
        if value == FREE:
            touched.append(f"{name} (free)")
            if rules.wild:
                terms.append("1")
        elif value != EMPTY:
            touched.append(f"{name} ({MARKS[value - 1]})")
            terms.append("1" if value == player + 1 else "2")
    terms = ["1"] + sorted(terms[1:])
    factor = rules.geometry.multiplier[cell]
    total = sum(int(t) for t in terms) * factor
    engine = rules.points(before, cell, player)
    if total != engine:
        raise BuildError(f"worked example: the sum for {rules.geometry.coords[cell]} ({total}) differs from the engine's {engine}")
    text = " + ".join(terms)
    if factor > 1:
        text = f"({text}) x {factor} = {total}" if len(terms) > 1 else f"1 x {factor} = {total}"
    elif len(terms) > 1:
        text = f"{text} = {total}"
    return text, ", ".join(touched) or "nothing"


def example_steps(rules: UltimateRules, game: Replay[Any, Any]) -> list[dict[str, Any]]:
    """Each replayed mark: its notation, space kind, what it touches, its points and both running totals."""
    rows, before = [], game.start
    kinds = rules.geometry.kinds
    for number, step in enumerate(game.steps, start=1):
        placed = step.state.last
        note = {"extra-turn": "T: marks again", "triple": "x3", "double": "x2"}.get(kinds[placed.cell], "-")
        if kinds[placed.cell] == "extra-turn" and not placed.extra_turn:
            note = "T, but the board is full"
        total, touched = breakdown(rules, before, placed.cell, placed.player)
        rows.append({"number": number, "move": step.line.text, "sum": total, "touches": touched,
                     "points": placed.points, "x": step.state.scores[0], "o": step.state.scores[1], "note": note})
        before = step.state
    return rows


def seed_example(params: Params) -> tuple[Drawing, str]:
    """The seed's example (an X touching one X and one O) replayed on a plain 3 x 3 board."""
    plain = Params(board_size=3, extra_turn=(), triple=(), double=(), free=(), player_x=params.player_x,
                   player_o=params.player_o)
    rules = UltimateRules(plain)
    game = replay(rules, parse_log("\n".join(SEED_EXAMPLE)), "seed example")
    last = game.final.last
    assert last is not None
    total, _ = breakdown(rules, game.steps[-2].state, last.cell, last.player)
    board = rules.state_json(game.final)["board"]
    drawing = art_board.position_figure(board, {}, f"X on B2 scores {total}", cell=9.0, new="B2")
    return drawing, total


# --- the rule sheet -------------------------------------------------------------------------------


def special_rows(params: Params) -> list[dict[str, str]]:
    """Rows of the special-spaces table: mark on the board, spaces, what it does."""
    keys = {"extra-turn": "extra_turn", "triple": "triple", "double": "double", "free": "free"}
    return [{"mark": art_board.KIND_STYLE[k][0], "spaces": ", ".join(getattr(params, keys[k])),
             "effect": art_board.legend_text(k, params)} for k in art_board.present_kinds(params)]


@dataclass(frozen=True)
class Counts:
    """What the kit prints per player, derived from the engine."""

    marks: tuple[int, int]
    playable: int
    extra_turn_spaces: int
    layouts: tuple[art_scorecard.CardLayout, ...]


def rule_context(params: Params, settings: PrintSettings, rules: UltimateRules, game: Replay[Any, Any],
                 counts: Counts, seed_sum: str, tiles: int) -> dict[str, Any]:
    outcome = game.outcome
    return {
        "title": TITLE,
        "p": params,
        "names": rules.player_names,
        "extent": board_extent(params.board_size),
        "last_column": column_letter(params.board_size - 1),
        "scoring": score_table(params),
        "specials": special_rows(params),
        "clarifications": clarifications(params),
        "counts": counts,
        "cards": [lay.cards for lay in counts.layouts],
        "seed_sum": seed_sum,
        "example": example_steps(rules, game),
        "setup_free": (f" The free spaces ({', '.join(params.free)}) count as marked from the start: leave them as they are."
                       if params.free and params.free_space != "open" else ""),
        "final": game.final.scores,
        "example_result": "unfinished" if outcome is None else (
            "a draw" if outcome.winner is None else f"{rules.player_names[outcome.winner]} wins"),
        "tiles": tiles,
        "paper": settings.paper,
    }


def findings(params: Params, counts: Counts, tokens: list[Piece], cards: list[Piece]) -> list[Finding]:
    """Enough tokens and score-card rows for every mark a player can place."""
    found = []
    for player, mark in enumerate(MARKS):
        need = counts.marks[player]
        have = sum(1 for p in tokens if p.name.startswith(f"{mark} token"))
        if have < need:
            found.append(Finding("error", f"tokens: {have} {mark} tokens printed, a player can place {need} marks"))
        lay = counts.layouts[player]
        rows = lay.cards * lay.per_card
        if rows < need:
            found.append(Finding("error", f"score cards: {rows} rows for {mark}, a player can place {need} marks"))
    if sum(counts.marks) < counts.playable:
        found.append(Finding("error", "tokens: fewer tokens than spaces to fill"))
    return found


def build_kit(params: Params, settings: PrintSettings) -> Kit:
    """Everything the ultimate kit prints, computed from the parameters."""
    rules, log_text, game = replay_example(params)
    marks = max_marks(params)
    board = art_board.board_piece(params, settings)
    tokens = art_board.token_pieces(params, marks, settings.bleed_mm)
    cards, layouts = art_scorecard.score_cards(rules.player_names, art_board.MARK_COLOURS, marks, settings.safe_mm,
                                               settings.colours.ink)
    counts = Counts(marks, params.playable_count(), len(params.extra_turn), tuple(layouts))
    board_pages = board_sheets(board, settings, f"{TITLE} board")
    seed_figure, seed_sum = seed_example(params)
    kinds = cell_kinds(params)
    final = rules.state_json(game.final)["board"]
    figures = {
        "seed-example": seed_figure,
        "example-final": art_board.position_figure(final, kinds, "The worked example after its last mark",
                                                   cell=min(7.0, 80.0 / params.board_size)),
    }
    text = render_template("ultimate/rules.md.j2",
                           rule_context(params, settings, rules, game, counts, seed_sum, len(board_pages)))
    sections = [
        Section("board", board_pages, board_advice(board_pages)),
        Section("score cards", grid_sheets(cards, settings, TITLE, "score cards"),
                "single-sided, on card stock if you can; cut along the crop marks, one card per player"),
        Section("tokens", grid_sheets(tokens, settings, TITLE, "tokens"),
                "single-sided, on card stock; cut round along the dashed guides (skip it to play with a pen)"),
    ]
    cols = max(1, round(180 / (params.token_mm + 3)))
    artwork = {
        "board": board_drawing(board, f"{TITLE} board"),
        "score_cards": pieces_drawing(cards, f"{TITLE} score cards", cols=1, gap=4.0),
        "tokens": pieces_drawing(tokens, f"{TITLE} tokens", cols=cols, gap=3.0),
    }
    return Kit(
        game="ultimate", title=TITLE, params=params, settings=settings, artwork=artwork, sections=sections,
        rules_text=text, figures=figures,
        print_notes=["Rule sheet: single-sided. Play with a pen on the board, or with the X and O tokens."],
        findings=findings(params, counts, tokens, cards),
        expected_cells={name: {"cell", kind} if kind else {"cell"} for name, kind in kinds.items()},
        extra_files={"example.log": log_text},
        decks=[piece_set("score cards", cards)], tokens=[piece_set("tokens", tokens)], boards=[piece_set("board", [board])],
    )

