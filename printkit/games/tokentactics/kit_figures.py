"""Rule-sheet figures for Token Tactics: a battle's two commit cards revealed side by side."""

from __future__ import annotations

from printkit.draw import fonts
from printkit.draw.shapes import Drawing, Group, Shape, Text
from printkit.games.tokentactics import kit_art as art
from printkit.games.tokentactics.engine import State, resolve
from printkit.games.tokentactics.moves import Move
from printkit.games.tokentactics.params import Params
from printkit.press.settings import PrintSettings

SCALE = 0.5
INK = "#1A1A1A"


def reveal_figure(params: Params, before: State, move: Move) -> Drawing:
    """The attacker's and the defender's cards face up, with the battle's result beside them."""
    settings = PrintSettings()
    me, you = before.to_move, 1 - before.to_move
    names = params.player_names
    w, h = art.COMMIT_W * SCALE, art.COMMIT_H * SCALE
    shapes: list[Shape] = []
    for slot, (player, n, role) in enumerate(((me, move.attack, "attacks"), (you, move.defend, "defends"))):
        x = 2 + slot * (w + 6)
        card = Group((art.commit_front(player, n, params, settings),), scale=SCALE, clip=(0, 0, art.COMMIT_W, art.COMMIT_H))
        shapes.append(Group((card,), dx=x, dy=2))
        shapes.append(Text(x + w / 2, h + 6, f"{names[player]} {role}", size=7, anchor="middle", fill=INK))
    battle = resolve(before.reserves[me], before.reserves[you], move.attack, move.defend)
    d = battle.difference
    won = "the attacker" if battle.attacker_wins else "the defender"
    lines = [f"Revealed together: {move.attack} against {move.defend}.",
             f"Difference {d}: {won} wins the battle.",
             f"{names[me]}: {before.reserves[me]} -> {battle.attacker_after}",
             f"{names[you]}: {before.reserves[you]} -> {battle.defender_after}"]
    x0 = 2 + 2 * (w + 6) + 2
    for i, line in enumerate(lines):
        shapes.append(Text(x0, 8 + i * 5.5, line, size=8, bold=i == 1, fill=INK))
    width = x0 + max(fonts.text_width(ln, 8, True) for ln in lines) + 2
    return Drawing(width, h + 9, tuple(shapes), title="a battle revealed")
