"""The Token Tactics print kit: chips, commit cards, reserve tracker, player aids and rule sheet.

Every count follows from :class:`Params` and the engine: the reserve bound is
:func:`chips_needed` (a battle never raises a reserve, so no reserve passes the larger of the
start and the cap); chips, commit cards (0 to the bound) and the tracker are sized by it, and
the worked example is the engine's replay of ``example.log``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from printkit.art.board import board_drawing
from printkit.art.layout import pieces_drawing
from printkit.draw.shapes import Drawing
from printkit.draw.svg import to_svg
from printkit.games.tokentactics import kit_art as art
from printkit.games.tokentactics.analysis import chips_needed, fast_simulate, peak_percentile, perfect_play_winner, resolve
from printkit.games.tokentactics.clarifications import clarifications
from printkit.games.tokentactics.kit_figures import reveal_figure
from printkit.games.tokentactics.params import Params
from printkit.games.tokentactics.source import rules as kit_rules
from printkit.kit import example
from printkit.kit.model import Finding, Kit, Section, piece_set
from printkit.kitgame.engine import KitRules
from printkit.press.blocks import Block, block_sheets
from printkit.press.pieces import Piece
from printkit.press.settings import PrintSettings
from printkit.press.sheets import grid_sheets
from printkit.press.tiles import board_advice, board_sheets
from printkit.rules.replay import Replay

TITLE = art.TITLE
SIM_GAMES, SIM_SEED = 2000, 2026
State = dict[str, Any]
"""rules.py's state (``reserves``, ``to_move`` ...); a move is ``fortify`` or ``Answered(("attack", n), defence)``."""
Game = Replay[State, Any]


def _s(n: int, word: str = "token") -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --- the worked example ---------------------------------------------------------------------


def replay_example(params: Params) -> tuple[KitRules, str, Game]:
    """The example game (the seed's, unless the config names another) replayed by the engine."""
    rules = kit_rules(params)
    text, game = example.replay_example(rules, "tokentactics", params.example_log)
    return rules, text, game


def _minus_clamped(before: int, spent: int, diff: int) -> str:
    raw = before - spent - diff
    return f"{before} - {spent} - {diff} = {raw}, so 0" if raw < 0 else f"{before} - {spent} - {diff} = {raw}"


def battle_words(rules: KitRules, before: State, move: Any) -> tuple[str, dict[int, str]]:
    """What happened in an attack and each player's arithmetic (player index -> text)."""
    me, you = before["to_move"], 1 - before["to_move"]
    mine, theirs = before["reserves"][me], before["reserves"][you]
    battle = resolve(mine, theirs, move.move[1], move.answer)
    d = battle.difference
    if battle.attacker_wins:
        what = f"attacker wins by {d}"
        sums = {me: f"{mine} - {move.move[1]} + {d} = {battle.attacker_after}", you: _minus_clamped(theirs, move.answer, d)}
    else:
        what = "tie: defender wins, takes 0" if d == 0 else f"defender wins by {d}"
        sums = {me: _minus_clamped(mine, move.move[1], d), you: f"{theirs} - {move.answer} + {d} = {battle.defender_after}"}
    return what, sums


def example_rows(rules: KitRules, game: Game) -> list[dict[str, Any]]:
    """One row per turn: who, the log line, what happened, the arithmetic and both reserves after."""
    rows, before = [], game.start
    step_amount = rules.game.params.fortify_amount
    for number, step in enumerate(game.steps, 1):
        who = before["to_move"]
        if step.move == "fortify":
            after = step.state["reserves"][who]
            what, sums = "fortifies", {who: f"{before['reserves'][who]} + {step_amount} = {after}"
                                       if after == before["reserves"][who] + step_amount else f"stops at the cap, {after}"}
        else:
            what, sums = battle_words(rules, before, step.move)
            what = f"attacks with {step.move.move[1]}, defence {step.move.answer}: {what}"
        rows.append({"number": number, "player": rules.player_names[who], "line": step.line.text, "what": what,
                     "sums": "; ".join(f"{rules.player_names[p]}: {sums[p]}" for p in sorted(sums)),
                     "reserves": tuple(step.state["reserves"])})
        before = step.state
    return rows


def first_battle(rules: KitRules, game: Game) -> tuple[State, Any] | None:
    before = game.start
    for step in game.steps:
        if step.move != "fortify":
            return before, step.move
        before = step.state
    return None


# --- texts shared by the aid card and the rule sheet ----------------------------------------


def turn_items(params: Params) -> list[tuple[str, str]]:
    """The turn in brief, as (heading, text) paragraphs for the player aid."""
    cap, step, low = params.reserve_cap, params.fortify_amount, params.minimum_attack
    return [
        ("", "Do one of these, then your opponent takes a turn."),
        ("Fortify", f"Take {_s(step)} into your reserve. Only while your reserve is below {cap}; it never goes past {cap}."),
        ("Attack", f"Lay one of your commit cards face down: {low} up to your reserve. Your opponent lays one of theirs "
                   "face down: 0 up to their reserve. Turn both over together and resolve (see the back)."),
        ("After the battle", "Move both tracker markers and set your chips to your new reserve."),
        ("End", "A reserve of 0 ends the game at once: the other player wins."),
    ]


def battle_items(rules: KitRules, game: Game) -> list[tuple[str, str]]:
    """The resolution in brief with the worked arithmetic of the example's first battle."""
    items = [
        ("Difference", "the larger card minus the smaller card."),
        ("Who wins the battle", "the attacker if their card is larger; otherwise the defender (a tie takes 0)."),
        ("Winner ends on", "reserve - own card + difference."),
        ("Loser ends on", "reserve - own card - difference, never below 0."),
        ("In short", "attacker: reserve - defender's card; defender: reserve - attacker's card (never below 0)."),
    ]
    found = first_battle(rules, game)
    if found is not None:
        before, move = found
        me, you = before["to_move"], 1 - before["to_move"]
        what, sums = battle_words(rules, before, move)
        names = rules.player_names
        items.append(("Example", f"{names[me]} ({before['reserves'][me]}) attacks with {move.move[1]}, {names[you]} "
                                 f"({before['reserves'][you]}) defends with {move.answer}: {what}. "
                                 f"{names[me]}: {sums[me]}. {names[you]}: {sums[you]}."))
    return items


# --- pieces ---------------------------------------------------------------------------------


def chip_blocks(params: Params, settings: PrintSettings, bound: int) -> list[Block]:
    blocks = []
    for player in (0, 1):
        pieces = art.chips(player, params, settings, bound)
        chosen = art.chip_set(bound, params.five_chips)
        caption = (f"{params.player_names[player]} chips ({art.SHAPES[player]}): {_s(chosen.ones, 'one')}"
                   + (f", {_s(chosen.fives, 'five')}" if chosen.fives else ""))
        blocks.append(Block(caption, pieces))
    for player in (0, 1):
        blocks.append(Block(f"{params.player_names[player]} tracker marker ({art.SHAPES[player]})",
                            [art.marker(player, params, settings)]))
    return blocks


def simulation(params: Params) -> dict[str, int]:
    """Seeded random games: the largest reserve any reached, its 99.9th percentile, games at the cap."""
    tally = fast_simulate(params, SIM_GAMES, SIM_SEED)
    return {"games": SIM_GAMES, "seed": SIM_SEED, "largest": int(tally.extra["largest_reserve"]),
            "p999": peak_percentile(tally), "capped": int(tally.extra["cap_reached"])}


# --- findings ---------------------------------------------------------------------------------


def chip_findings(params: Params, blocks: list[Block], bound: int) -> list[Finding]:
    found = []
    for player in (0, 1):
        pieces = [p for b in blocks for p in b.pieces if p.front.id and p.front.id.startswith(f"chip-{player + 1}-")]
        ones = sum(1 for p in pieces if "value-1" in p.front.cls)
        fives = sum(1 for p in pieces if "value-5" in p.front.cls)
        have = art.ChipSet(ones, fives)
        if not have.covers(bound):
            found.append(Finding("error", f"chips: {params.player_names[player]} has {ones} ones and {fives} fives, "
                                          f"which cannot show every reserve up to {bound} (chips_needed)"))
        markers = sum(1 for b in blocks for p in b.pieces if p.front.id == f"marker-{player + 1}")
        if markers != 1:
            found.append(Finding("error", f"markers: {markers} tracker markers printed for {params.player_names[player]}"))
    return found


def card_findings(params: Params, cards: list[Piece], bound: int) -> list[Finding]:
    found = []
    for player in (0, 1):
        mine = [p for p in cards if p.front.id and p.front.id.startswith(f"commit-{player + 1}-")]
        numbers = sorted(int(p.front.id.rsplit("-", 1)[1]) for p in mine if p.front.id)
        if numbers != list(range(bound + 1)):
            found.append(Finding("error", f"commit cards: {params.player_names[player]} has cards {numbers}, "
                                          f"the rules can need every number from 0 to {bound}"))
        if len({repr(p.back) for p in mine}) > 1:
            found.append(Finding("error", f"commit cards: {params.player_names[player]}'s backs differ, "
                                          "so a face-down card gives its number away"))
    return found


def tracker_findings(params: Params, drawing: Drawing, bound: int, space: float) -> list[Finding]:
    """The tracker SVG has ``track-<player>-<n>`` for 0..top, with the start and cap marked."""
    root = ET.fromstring(to_svg(drawing))
    drawn = {e.get("id", ""): set(e.get("class", "").split()) for e in root.iter() if e.get("id", "").startswith("track-")}
    found = []
    top = art.track_top(params, bound)
    for player in (1, 2):
        want = {f"track-{player}-{n}" for n in range(top + 1)}
        missing = sorted(want - set(drawn), key=lambda s: int(s.rsplit("-", 1)[1]))
        if missing:
            found.append(Finding("error", f"tracker.svg lacks spaces {', '.join(missing)} (the reserve bound is {bound})"))
        for n, cls in ((params.starting_tokens, "start"), (params.reserve_cap, "cap")):
            if cls not in drawn.get(f"track-{player}-{n}", set()):
                found.append(Finding("error", f"tracker.svg: space track-{player}-{n} is not marked {cls}"))
    if params.marker_mm + 3 > space + 1e-9:
        found.append(Finding("error", f"tracker: a {params.marker_mm:g} mm marker needs spaces of "
                                      f"{params.marker_mm + 3:g} mm, they are {space:g} mm"))
    return found


# --- the kit ----------------------------------------------------------------------------------


def rule_context(params: Params, settings: PrintSettings, rules: KitRules, game: Game,
                 bound: int, sim: dict[str, int]) -> dict[str, Any]:
    outcome = game.outcome
    chosen = art.chip_set(bound, params.five_chips)
    return {
        "title": TITLE, "p": params, "names": rules.player_names, "bound": bound,
        "chips": chosen, "all_ones": chosen.fives == 0, "track_top": art.track_top(params, bound),
        "commit_w": art.COMMIT_W, "commit_h": art.COMMIT_H,
        "battle": battle_items(rules, game),
        "example": example_rows(rules, game), "start": params.starting_tokens,
        "example_result": "unfinished" if outcome is None or outcome.winner is None
        else f"{rules.player_names[outcome.winner]} wins ({outcome.reason})",
        "clarifications": clarifications(params), "sim": sim,
        "perfect": rules.player_names[perfect_play_winner(params)],
        "perfect_first": perfect_play_winner(params) == 0,
        "flip": settings.duplex_flip,
    }


def build_kit(params: Params, settings: PrintSettings) -> Kit:
    """Everything the Token Tactics kit prints, computed from the parameters and the engine."""
    rules, log_text, game = replay_example(params)
    bound, sim = chips_needed(params), simulation(params)
    blocks = chip_blocks(params, settings, bound)
    problems: list[Finding] = []
    cards = art.commit_cards(0, params, settings, bound, problems) + art.commit_cards(1, params, settings, bound, problems)
    aids = art.aid_cards(params, settings, turn_items(params), battle_items(rules, game))
    board = art.tracker(params, settings, bound)
    tracker_art = board_drawing(board, f"{TITLE} reserve tracker")
    chips_flat = [p for b in blocks[:2] for p in b.pieces]
    markers = [p for b in blocks[2:] for p in b.pieces]
    text = _render(params, settings, rules, game, bound, sim)
    duplex = f"double-sided, flip on the {settings.duplex_flip} edge: each back lands on its front"
    tracker_pages = board_sheets(board, settings, f"{TITLE} reserve tracker")
    sections = [
        Section("tracker", tracker_pages, board_advice(tracker_pages)),
        Section("chips", block_sheets(blocks, settings, TITLE),
                "single-sided, on card stock if you can; round pieces along their dashed guides"),
        Section("commit cards", grid_sheets(cards, settings, TITLE, "commit cards"), duplex),
        Section("player aids", grid_sheets(aids, settings, TITLE, "player aids"), duplex),
    ]
    artwork = {
        "tracker": tracker_art,
        "chips": pieces_drawing(chips_flat + markers, f"{TITLE} chips and markers",
                                cols=max(art.chip_set(bound, params.five_chips).chips, 4), gap=3.0),
        "commit_cards": pieces_drawing(cards, f"{TITLE} commit cards", cols=bound + 1, gap=3.0, backs=False),
        "commit_backs": pieces_drawing([cards[0], cards[bound + 1]], f"{TITLE} commit card backs", cols=2, gap=3.0, backs=True),
        "player_aid": pieces_drawing(aids, f"{TITLE} player aids", cols=2, gap=4.0, backs=True),
    }
    space = max(params.marker_mm + 4.0, 12.0)
    found = chip_findings(params, blocks, bound) + card_findings(params, cards, bound)
    found += tracker_findings(params, tracker_art, bound, space)
    if sim["largest"] > bound:
        found.append(Finding("error", f"simulation: a reserve reached {sim['largest']}, above the bound {bound} the chips assume"))
    return Kit(
        game="tokentactics", title=TITLE, params=params, settings=settings, artwork=artwork, sections=sections,
        rules_text=text, figures=_figures(params, rules, game),
        print_notes=["Rule sheet: single-sided. Cut the pieces along the crop marks; round chips along their dashed guides."],
        findings=problems + found, extra_files={"example.log": log_text},
        decks=[piece_set(f"{params.player_names[p]} commit cards", cards[p * (bound + 1):(p + 1) * (bound + 1)], f"commit-cards-{p + 1}")
               for p in (0, 1)] + [piece_set("player aids", aids)],
        tokens=[piece_set(b.caption.split(":")[0].split(" (")[0], b.pieces) for b in blocks],
        boards=[piece_set("reserve tracker", [board])],
    )


def _render(params: Params, settings: PrintSettings, rules: KitRules, game: Game, bound: int,
            sim: dict[str, int]) -> str:
    from printkit.rulesheet import render_template

    return render_template("tokentactics/rules.md.j2", rule_context(params, settings, rules, game, bound, sim))


def _figures(params: Params, rules: KitRules, game: Game) -> dict[str, Drawing]:
    found = first_battle(rules, game)
    if found is None:
        return {}
    before, move = found
    return {"reveal": reveal_figure(params, before, move)}

