"""Tic Tac Warfare's pieces that data cannot draw (kit.toml names these functions): the X and O tokens with their
marks and fortress towers, the ability cards' rows and pictures (their look is kit.toml's ``[layouts]``), and the rule
sheet's figures (the example game on the board, the Bomb's cross)."""

from __future__ import annotations

from typing import Any

from printkit.art import symbols
from printkit.games.warfare.rules import ABILITIES, MARKS, card_text, geometry, max_tokens_on_board
from printkit.kitart import ArtKit, CardRow, Drawing, Group, Piece, Shape, in_a_row, mark_tokens, position_diagram, token_piece

BOMB_CROSS = tuple(geometry(3, 3).name(cell) for cell in geometry(3, 3).crosses[4])
"""The cells a Bomb on B2 clears on a 3 x 3 board (rules.py's cross)."""


def _player(name: str) -> int:
    """0 for X's sets (``x-tokens``), 1 for O's."""
    return MARKS.index(name[0].upper())


def _colours(kit: ArtKit) -> tuple[str, str]:
    return kit.params.colour_x, kit.params.colour_o


def tokens(kit: ArtKit, name: str) -> list[Piece]:
    """One player's ordinary tokens (as many as they can need at once) and fortress tokens."""
    player = _player(name)
    mark, colour, d = MARKS[player], _colours(kit)[player], kit.params.token_mm
    bleed = kit.settings.bleed_mm
    pieces = mark_tokens(mark, max_tokens_on_board(kit.params), d, colour, bleed)
    for i in range(kit.params.abilities.fortress):
        art = Group((symbols.tower(d / 2, d / 2 - d * 0.04, d * 0.3, "#FFFFFF"), symbols.player_mark(mark, d / 2, d * 0.8, d * 0.1, "#FFFFFF")))
        pieces.append(token_piece(f"{mark} fortress {i + 1}", d, colour, art, f"fortress-{mark}-{i + 1}", (mark.lower(), "fortress"), bleed))
    return pieces


def _diagram(ability: str, colour: str, enemy: str) -> Group:
    """A 30 x 30 mm picture of the ability: the Bomb's cross, a shield, arrows, a tower."""
    if ability == "bomb":
        return Group(_bomb(enemy, "#E88E5A", labels=False).children, dx=1)
    draw = {"shield": symbols.shield, "convert": symbols.arrows, "fortress": symbols.tower}[ability]
    return Group((draw(15.0, 15.0, 12, colour),))


def _bomb(colour: str, centre: str, labels: bool = True, caption: str = "") -> Drawing:
    """A Bomb in ``colour`` on B2 of a 3 x 3 board, the cross it clears shaded (B2 ``centre``)."""
    return position_diagram(3, 3, {"B2": lambda cx, cy, r: symbols.star(cx, cy, r * 1.2, colour)}, cell=8.0,
                            highlight={c: "#F2C5A8" if c != "B2" else centre for c in BOMB_CROSS}, caption=caption,
                            labels=labels)


def ability_cards(kit: ArtKit, name: str) -> list[Piece]:
    """One player's ability cards, as many of each as the parameters deal, each with its player's back."""
    player = _player(name)
    mark, params = MARKS[player], kit.params
    colour, enemy = _colours(kit)[player], _colours(kit)[1 - player]
    who = (params.player_x, params.player_o)[player]
    pictures = {f"mark-{mark}": Drawing(8.4, 8.4, (symbols.player_mark(mark, 4.2, 4.2, 4.2, "#FFFFFF"),)),
                f"emblem-{mark}": Drawing(26, 26, (symbols.player_mark(mark, 13, 13, 13, "#FFFFFF"),))}
    rows = []
    for ability in ABILITIES:
        pictures[f"{ability}-{mark}"] = Drawing(30, 30, (_diagram(ability, colour, enemy),))
        count = params.abilities[ability]
        for i in range(count):
            fields = {"title": ability.capitalize(), "text": card_text(ability, params), "colour": colour,
                      "footer": f"{who} - {ability.capitalize()} {i + 1} of {count} - use once",
                      "corner": f"mark-{mark}", "diagram": f"{ability}-{mark}", "emblem": f"emblem-{mark}",
                      "back_colour": kit.settings.colours.card_back, "back_title": kit.title,
                      "back_subtitle": f"ability card - {who}"}
            rows.append(CardRow(fields, f"card-{mark}-{ability}-{i + 1}", f"{mark} {ability} card {i + 1}"))
    return kit.cards(rows, pictures)


def _mark_art(player: int, colour: str, fortress: bool = False) -> Any:
    """A token in a rule-sheet figure."""

    def draw(cx: float, cy: float, r: float) -> Shape:
        if fortress:
            return Group((symbols.ring(cx, cy, r * 1.15, colour, 0.18), symbols.tower(cx, cy, r * 0.75, colour)))
        return symbols.player_mark(MARKS[player], cx, cy, r, colour)

    return draw


def _position(kit: ArtKit, state: Any) -> Drawing:
    data = kit.game.as_json(state)
    colours = _colours(kit)
    pieces = {name: _mark_art(MARKS.index(c["owner"]), colours[MARKS.index(c["owner"])], c["fortress"])
              for name, c in data["cells"].items()}
    shaded = {name: "#DDDDDD" for name, c in data["cells"].items() if c["shielded"]}
    n = kit.params.board_size
    return position_diagram(n, n, pieces, cell=min(7.0, 60.0 / n), highlight=shaded, caption="")


def figures(kit: ArtKit) -> dict[str, Drawing]:
    """The example game as the rules played it (before and after its first Bomb, if any, and the end), and the
    Bomb's cross."""
    steps = kit.example
    final = _position(kit, steps[-1].after if steps else kit.game.setup())
    example = in_a_row([final], "The final position")
    for i, step in enumerate(steps):
        if getattr(step.move, "ability", None) == "bomb":
            before, after = _position(kit, step.before), _position(kit, step.after)
            example = in_a_row([before, "->", after, " ", final], f"Before and after turn {i + 1} ({step.line}), and the final position")
            break
    return {"example": example, "bomb": _bomb(kit.params.colour_o, "#F2C5A8", caption="Bomb on B2: the shaded cross is cleared")}
