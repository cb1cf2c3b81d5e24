"""Token Tactics' artwork files (kit.toml's ``[hooks] artwork``): their columns follow the pieces the rules count."""

from __future__ import annotations

from typing import Mapping

from printkit.kitart import ArtKit, Drawing, Piece

TOKENS = ("chips-1", "chips-2", "markers-1", "markers-2")


def artwork(kit: ArtKit, pieces: Mapping[str, list[Piece]]) -> dict[str, Drawing]:
    """``chips``: one row a player's chips, then the markers; ``commit_cards``: one row a player; ``commit_backs``: the
    first card of each player with its back; ``player_aid``: both aids, each with its back."""
    cards = pieces["commit-cards"]
    firsts = [next(c for c in cards if c.front.id == f"commit-{p}-0") for p in (1, 2)]
    return {
        "chips": kit.artwork([p for name in TOKENS for p in pieces[name]], "chips and markers",
                             max(len(pieces["chips-1"]), 4)),
        "commit_cards": kit.artwork(cards, "commit cards", len(cards) // 2),
        "commit_backs": kit.artwork(firsts, "commit card backs", 2, backs=True),
        "player_aid": kit.artwork(pieces["player-aids"], "player aids", 2, gap_mm=4.0, backs=True),
    }
