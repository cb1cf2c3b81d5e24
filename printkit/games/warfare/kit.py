"""The Tic Tac Warfare print kit: board, tokens, ability cards and rule sheet from one Params."""

from __future__ import annotations

from typing import Any

from printkit.art import symbols
from printkit.art.board import GridStyle, board_drawing, grid_board
from printkit.art.diagram import in_a_row, position_diagram
from printkit.art.layout import pieces_drawing
from printkit.art.tokens import token_piece
from printkit.datakit.builtin import CardRow, draw_cards, package_layouts
from printkit.draw.shapes import Drawing, Group, Shape
from printkit.games.warfare import info
from printkit.games.warfare.engine import WarfareRules
from printkit.games.warfare.params import Params
from printkit.kit import example
from printkit.kit.model import Finding, Kit, Section, piece_set
from printkit.press.pieces import Piece
from printkit.press.settings import PrintSettings
from printkit.press.sheets import grid_sheets
from printkit.press.tiles import board_advice, board_sheets
from printkit.rules.replay import Replay
from printkit.rulesheet import render_template

TITLE = "Tic Tac Warfare"
ABILITY_ORDER = ("bomb", "shield", "convert", "fortress")
MARKS = ("X", "O")


def colours(params: Params) -> tuple[str, str]:
    return params.colour_x, params.colour_o


def names(params: Params) -> tuple[str, str]:
    return params.player_x, params.player_o


def mark_art(player: int, params: Params, fortress: bool = False) -> Any:
    """Diagram art of one token (for rule-sheet figures)."""
    colour = colours(params)[player]

    def draw(cx: float, cy: float, r: float) -> Shape:
        if fortress:
            return Group((symbols.ring(cx, cy, r * 1.15, colour, 0.18), symbols.tower(cx, cy, r * 0.75, colour)))
        return symbols.player_mark(MARKS[player], cx, cy, r, colour)

    return draw


# --- tokens -----------------------------------------------------------------------------


def tokens(params: Params, bleed: float) -> list[Piece]:
    """Ordinary tokens (as many as one player can need at once) and fortress tokens, per player."""
    d, need = params.token_mm, info.max_tokens_on_board(params)
    pieces: list[Piece] = []
    for player, mark in enumerate(MARKS):
        colour = colours(params)[player]
        for i in range(need):
            symbol = symbols.player_mark(mark, d / 2, d / 2, d * 0.36, "#FFFFFF")
            pieces.append(token_piece(f"{mark} token {i + 1}", d, colour, symbol, f"token-{mark}-{i + 1}", (mark.lower(),), bleed))
        for i in range(params.abilities.fortress):
            art = Group((symbols.tower(d / 2, d / 2 - d * 0.04, d * 0.3, "#FFFFFF"),
                         symbols.player_mark(mark, d / 2, d * 0.8, d * 0.1, "#FFFFFF")))
            pieces.append(token_piece(f"{mark} fortress {i + 1}", d, colour, art, f"fortress-{mark}-{i + 1}", (mark.lower(), "fortress"), bleed))
    return pieces


# --- ability cards ------------------------------------------------------------------------


def card_text(ability: str, params: Params) -> str:
    """The rule text printed on a card, following the engine's readings."""
    win = params.fortress_victory
    return {
        "bomb": "Before or after placing: choose an enemy token. It and its four orthogonal neighbours "
                "(yours too) are removed, except shielded tokens.",
        "shield": "Before or after placing: choose one of your tokens. Until the start of your next turn "
                  "it cannot be bombed or converted.",
        "convert": "Before or after placing: choose an enemy token that is not shielded. It becomes one "
                   "of your ordinary tokens.",
        "fortress": f"Before or after placing: put your fortress token on an empty cell. It counts for "
                    f"lines and territory; {win} of your fortresses on the board win.",
    }[ability]


def diagram(ability: str, colour: str, enemy: str) -> Group:
    """A 30 x 30 mm picture of the ability: the Bomb's cross, a shield, arrows, a tower."""
    size = 30.0
    if ability == "bomb":
        cross = {"B1", "A2", "B2", "C2", "B3"}
        d = position_diagram(3, 3, {"B2": lambda cx, cy, r: symbols.star(cx, cy, r * 1.2, enemy)}, cell=8.0,
                             highlight={c: "#F2C5A8" if c != "B2" else "#E88E5A" for c in cross}, labels=False)
        return Group(d.children, dx=1)
    pictures: dict[str, Shape] = {
        "shield": symbols.shield(size / 2, size / 2, 12, colour),
        "convert": symbols.arrows(size / 2, size / 2, 12, colour),
        "fortress": symbols.tower(size / 2, size / 2, 12, colour),
    }
    return Group((pictures[ability],))


def ability_rows(params: Params, settings: PrintSettings) -> tuple[list[CardRow], dict[str, Drawing]]:
    """One row per ability card of each player (what the card says), and the pictures they show."""
    rows: list[CardRow] = []
    pictures: dict[str, Drawing] = {}
    for player, mark in enumerate(MARKS):
        colour, enemy = colours(params)[player], colours(params)[1 - player]
        pictures[f"mark-{mark}"] = Drawing(8.4, 8.4, (symbols.player_mark(mark, 4.2, 4.2, 4.2, "#FFFFFF"),))
        pictures[f"emblem-{mark}"] = Drawing(26, 26, (symbols.player_mark(mark, 13, 13, 13, "#FFFFFF"),))
        for ability in ABILITY_ORDER:
            pictures[f"{ability}-{mark}"] = Drawing(30, 30, (diagram(ability, colour, enemy),))
            count = params.abilities[ability]
            for i in range(count):
                fields = {"title": ability.capitalize(), "text": card_text(ability, params), "colour": colour,
                          "footer": f"{names(params)[player]} - {ability.capitalize()} {i + 1} of {count} - use once",
                          "corner": f"mark-{mark}", "diagram": f"{ability}-{mark}", "emblem": f"emblem-{mark}",
                          "back_colour": settings.colours.card_back, "back_title": TITLE,
                          "back_subtitle": f"ability card - {names(params)[player]}"}
                rows.append(CardRow(fields, f"card-{mark}-{ability}-{i + 1}", f"{mark} {ability} card {i + 1}"))
    return rows, pictures


def ability_cards(params: Params, settings: PrintSettings, problems: list[Finding] | None = None) -> list[Piece]:
    """One set of ability cards per player, each with its player's back: layouts from ``ability_cards.toml``."""
    rows, pictures = ability_rows(params, settings)
    layouts = package_layouts("printkit.games.warfare", "ability_cards.toml")
    size = (settings.card_width_mm, settings.card_height_mm)
    return draw_cards(layouts, rows, size, settings.bleed_mm, settings.safe_mm, pictures, findings=problems)


# --- board --------------------------------------------------------------------------------


def board(params: Params, settings: PrintSettings) -> Piece:
    style = GridStyle(cell=params.cell_mm, label_band=10.0, ink=settings.colours.ink, background=settings.colours.board,
                      safe=settings.safe_mm)
    return grid_board(params.board_size, params.board_size, style, title="board")


# --- rule sheet -----------------------------------------------------------------------------


def replay_example(params: Params) -> tuple[WarfareRules, str, Replay[Any, Any]]:
    """The example game replayed by the engine; an illegal example fails the build."""
    rules = WarfareRules(params)
    text, game = example.replay_example(rules, "warfare", params.example_log)
    return rules, text, game


def position_figure(rules: WarfareRules, state: Any, params: Params, caption: str) -> Drawing:
    data = rules.state_json(state)
    pieces = {name: mark_art(MARKS.index(c["owner"]), params, c["fortress"]) for name, c in data["cells"].items()}
    shaded = {name: "#DDDDDD" for name, c in data["cells"].items() if c["shielded"]}
    n = params.board_size
    return position_diagram(n, n, pieces, cell=min(7.0, 60.0 / n), highlight=shaded, caption=caption)


def example_figure(rules: WarfareRules, game: Replay[Any, Any], params: Params) -> Drawing:
    """The example as the engine played it: before and after its first Bomb (if any), and the end."""
    states = [game.start] + [step.state for step in game.steps]
    final = position_figure(rules, game.final, params, "")
    for i, step in enumerate(game.steps):
        if getattr(step.move, "ability", None) == "bomb":
            before, after = (position_figure(rules, states[k], params, "") for k in (i, i + 1))
            caption = f"Before and after turn {i + 1} ({step.line.text}), and the final position"
            return in_a_row([before, "->", after, " ", final], caption)
    return in_a_row([final], "The final position")


def log_notes(text: str) -> dict[int, str]:
    """The ``#`` comment of each move line of a log, by line number."""
    notes = {}
    for number, line in enumerate(text.splitlines(), start=1):
        move, _, comment = line.partition("#")
        if move.strip() and comment.strip():
            notes[number] = comment.strip()
    return notes


def rule_context(params: Params, settings: PrintSettings, game: Replay[Any, Any], rules: WarfareRules, log_text: str) -> dict[str, Any]:
    notes = log_notes(log_text)
    steps = [{"line": s.line.text, "number": i + 1, "note": notes.get(s.line.number, "")} for i, s in enumerate(game.steps)]
    outcome = game.outcome
    return {
        "title": TITLE,
        "p": params,
        "names": names(params),
        "tokens_each": info.max_tokens_on_board(params),
        "cards_each": sum(params.abilities[a] for a in ABILITY_ORDER),
        "abilities": [(a.capitalize(), params.abilities[a], card_text(a, params)) for a in ABILITY_ORDER],
        "victories": info.victory_reachability(params),
        "clarifications": info.clarifications(params),
        "example": steps,
        "example_result": "unfinished" if outcome is None else (
            "a draw" if outcome.winner is None else f"{rules.player_names[outcome.winner]} wins ({outcome.reason})"),
        "paper": settings.paper,
        "flip": settings.duplex_flip,
    }


def findings(params: Params, token_pieces: list[Piece], cards: list[Piece]) -> list[Finding]:
    """Game checks: enough tokens and cards, every victory condition reachable."""
    found = []
    for mark in MARKS:
        for ability in ABILITY_ORDER:
            have = sum(1 for p in cards if p.name.startswith(f"{mark} {ability} card"))
            if have != params.abilities[ability]:
                found.append(Finding("error", f"cards: {have} {mark} {ability} cards printed, the rules deal {params.abilities[ability]}"))
    need = info.max_tokens_on_board(params)
    for mark in MARKS:
        have = sum(1 for p in token_pieces if p.name.startswith(f"{mark} token"))
        if have < need:
            found.append(Finding("error", f"tokens: {have} {mark} tokens printed, the rules can need {need}"))
        forts = sum(1 for p in token_pieces if p.name.startswith(f"{mark} fortress"))
        if forts != params.abilities.fortress:
            found.append(Finding("error", f"tokens: {forts} {mark} fortresses printed for {params.abilities.fortress} Fortress cards"))
    for name, reachable, why in info.victory_reachability(params):
        if not reachable:
            found.append(Finding("warning", f"{name} victory cannot be reached: {why}"))
    return found


def build_kit(params: Params, settings: PrintSettings) -> Kit:
    """Everything the warfare kit prints, computed from the parameters."""
    rules, log_text, game = replay_example(params)
    board_piece = board(params, settings)
    token_pieces = tokens(params, settings.bleed_mm)
    problems: list[Finding] = []
    cards = ability_cards(params, settings, problems)
    figures = {
        "example": example_figure(rules, game, params),
        "bomb": position_diagram(3, 3, {"B2": lambda cx, cy, r: symbols.star(cx, cy, r * 1.2, params.colour_o)}, cell=8.0,
                                 highlight={c: "#F2C5A8" for c in ("B1", "A2", "B2", "C2", "B3")},
                                 caption="Bomb on B2: the shaded cross is cleared"),
    }
    text = render_template("warfare/rules.md.j2", rule_context(params, settings, game, rules, log_text))
    board_pages = board_sheets(board_piece, settings, f"{TITLE} board")
    sections = [
        Section("board", board_pages, board_advice(board_pages)),
        Section("tokens", grid_sheets(token_pieces, settings, TITLE, "tokens"), "single-sided, on card stock if you can"),
        Section("cards", grid_sheets(cards, settings, TITLE, "ability cards"),
                f"double-sided, flip on the {settings.duplex_flip} edge: each back lands on its front"),
    ]
    cols = max(1, round(180 / (params.token_mm + 3)))
    artwork = {
        "board": board_drawing(board_piece, f"{TITLE} board"),
        "tokens": pieces_drawing(token_pieces, f"{TITLE} tokens", cols=cols, gap=3.0),
        "ability_cards": pieces_drawing(cards, f"{TITLE} ability cards", cols=4, gap=4.0, backs=True),
    }
    return Kit(
        game="warfare", title=TITLE, params=params, settings=settings, artwork=artwork, sections=sections,
        rules_text=text, figures=figures,
        print_notes=["Rule sheet: single-sided. Cut the pieces along the crop marks; tokens round along their dashed guides."],
        findings=problems + findings(params, token_pieces, cards),
        expected_cells={name: {"cell"} for name in info.cells(params)},
        extra_files={"example.log": log_text},
        decks=[piece_set(f"{names(params)[i]} ability cards", [c for c in cards if c.name.startswith(f"{mark} ")], f"{mark.lower()}-ability-cards")
               for i, mark in enumerate(MARKS)],
        tokens=[piece_set(f"{names(params)[i]} tokens", [t for t in token_pieces if t.name.startswith(f"{mark} ")], f"{mark.lower()}-tokens")
                for i, mark in enumerate(MARKS)],
        boards=[piece_set("board", [board_piece])],
    )
