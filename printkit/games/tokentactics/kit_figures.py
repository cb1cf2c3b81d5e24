"""Rule-sheet figures for Token Tactics: a battle's two commit cards revealed side by side."""

from __future__ import annotations

from typing import Any

from printkit.draw import fonts
from printkit.draw.shapes import Drawing, Group, Shape, Text
from printkit.games.tokentactics import kit_art as art
from printkit.games.tokentactics.analysis import resolve
from printkit.games.tokentactics.params import Params
from printkit.press.settings import PrintSettings

SCALE = 0.5
INK = "#1A1A1A"


def reveal_figure(params: Params, before: dict[str, Any], move: Any) -> Drawing:
    """The attacker's and the defender's cards face up, with the battle's result beside them (``move``: an
    attack, ``Answered(("attack", commitment), defence)``)."""
    settings = PrintSettings()
    me, you = before["to_move"], 1 - before["to_move"]
    commit, defence, reserves = move.move[1], move.answer, before["reserves"]
    names = params.player_names
    w, h = art.COMMIT_W * SCALE, art.COMMIT_H * SCALE
    shapes: list[Shape] = []
    for slot, (player, n, role) in enumerate(((me, commit, "attacks"), (you, defence, "defends"))):
        x = 2 + slot * (w + 6)
        card = Group((art.commit_front(player, n, params, settings),), scale=SCALE, clip=(0, 0, art.COMMIT_W, art.COMMIT_H))
        shapes.append(Group((card,), dx=x, dy=2))
        shapes.append(Text(x + w / 2, h + 6, f"{names[player]} {role}", size=7, anchor="middle", fill=INK))
    battle = resolve(reserves[me], reserves[you], commit, defence)
    d = battle.difference
    won = "the attacker" if battle.attacker_wins else "the defender"
    lines = [f"Revealed together: {commit} against {defence}.",
             f"Difference {d}: {won} wins the battle.",
             f"{names[me]}: {reserves[me]} -> {battle.attacker_after}",
             f"{names[you]}: {reserves[you]} -> {battle.defender_after}"]
    x0 = 2 + 2 * (w + 6) + 2
    for i, line in enumerate(lines):
        shapes.append(Text(x0, 8 + i * 5.5, line, size=8, bold=i == 1, fill=INK))
    width = x0 + max(fonts.text_width(ln, 8, True) for ln in lines) + 2
    return Drawing(width, h + 9, tuple(shapes), title="a battle revealed")
