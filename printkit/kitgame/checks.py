"""What build and verify check of a kit with rules beside its example game (replayed by :mod:`printkit.kitgame.example`):
the deck the rules deal is the deck that is printed, and random games end without an error, each ending the rules
name reached."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Iterable

from printkit.kit.model import Finding
from printkit.kitgame.engine import KitRules, playouts, random_player
from printkit.kitgame.players import pair
from printkit.kitrules import Record
from printkit.rules.mcts import search_player
from printkit.rules.simulate import GameFailure

CHECK_GAMES = 1000
"""Games simulated (random players, seed 1) to see every ending reached and no game failing."""
CHECK_SECONDS = 2.0
"""CPU seconds those games may take in all (build and verify check the same games; a slow game plays fewer)."""
SEARCHED_PLAYER, SEARCHED_GAMES = "mcts:easy", 20
"""Where random games miss an ending: games of this player against itself, as many as fit in CHECK_SECONDS more."""


def _records(value: Any) -> Iterable[Record]:
    if isinstance(value, Record):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _records(item)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _records(item)


def deck_findings(rules: KitRules) -> list[Finding]:
    """The cards setup() deals against the cards printed, deck by deck."""
    used = Counter(record.set_name for record in _records(rules.initial_state()))
    found = []
    for name, printed in rules.setup.decks.items():
        if name in rules.game.aids:
            continue
        if used[name] == 0:
            found.append(Finding("warning", f"deck {name!r}: {len(printed)} cards are printed, but the rules' setup() holds none of "
                                             "them (a play aid the rules do not deal? name it in aids = (...))"))
        elif used[name] != len(printed):
            found.append(Finding("error", f"deck {name!r}: the rules' setup() holds {used[name]} cards, the kit prints {len(printed)}: "
                                          "deal the deck's rows (self.decks[...]) rather than cards of your own"))
    return found


def searched_endings(rules: KitRules, seconds: float) -> tuple[set[str], str]:
    """The outcome reasons of up to :data:`SEARCHED_GAMES` games of ``mcts:easy`` players (seed 1, within ``seconds``
    of CPU time), and those games in words; a game that fails is said in the words instead."""
    player = search_player(SEARCHED_PLAYER)
    players = [player] * rules.players
    try:
        tally = playouts(rules, pair(*players) if hasattr(rules, "secret_parts") else players, SEARCHED_GAMES, 1,
                         budget=seconds)
    except GameFailure as failure:
        return set(), f"{SEARCHED_PLAYER} players (their game {failure.game + 1} failed: {failure.error})"
    return set(tally.reasons), f"{tally.games:,} games of {SEARCHED_PLAYER} players (seed 1)"


def ending_findings(rules: KitRules, out: Path | None = None, games: int = CHECK_GAMES, seconds: float = CHECK_SECONDS) -> list[Finding]:
    """Each ending named in ``endings`` reached in ``games`` random games (seed 1; as many as ``seconds`` of CPU time
    play), every reason one of them, and no game failing: a failed game is an error naming its log, kept in
    ``out``'s kit folder (:mod:`printkit.kitgame.failures`)."""
    from printkit.kitgame.failures import kept

    try:
        tally = playouts(rules, [random_player] * rules.players, games, 1, budget=seconds)
    except GameFailure as failure:
        about = "the checks' random games (seed 1)"
        if out is None:
            return [Finding("error", f"{failure.error}: game {failure.game + 1:,} of {about}")]
        error = kept(failure, out, rules.setup.name, rules.display, rules.setup.sets, "check-seed-1", about, failure.game + 1)
        return [Finding("error", str(error))]
    played = f"{tally.games:,} random games (seed 1)"
    found = []
    if tally.games < games:
        found.append(Finding("note", f"{played} played of {games:,}: the checks stop after {seconds:g} s of CPU time"))
    endings = rules.endings
    if not endings:
        seen = ", ".join(sorted(tally.reasons)[:4])
        return found + [Finding("warning", f"rules.py names no endings: list them (endings = (...)) so verify checks each can be "
                                           f"reached (seen in {played}: {seen})")]
    missing = [ending for ending in endings if not any(reason.startswith(ending) for reason in tally.reasons)]
    reasons = set(tally.reasons)
    if missing:  # an ending only purposeful play reaches: the mcts player tries
        searched, note = searched_endings(rules, seconds)
        reasons |= searched
        for ending in missing:
            if any(reason.startswith(ending) for reason in searched):
                found.append(Finding("note", f"ending {ending!r} was reached by {note}, not in {played}"))
            else:
                found.append(Finding("warning", f"ending {ending!r} was not reached in {played} of random players nor by {note}"))
    strays = sorted(reason for reason in reasons if not any(reason.startswith(e) for e in endings))
    if strays:
        found.append(Finding("warning", f"outcome reason {strays[0]!r} begins with none of the endings rules.py names "
                                        f"({', '.join(map(repr, endings))})"))
    return found
