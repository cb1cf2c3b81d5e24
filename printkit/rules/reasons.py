"""How games ended, grouped into a few kinds a designer reads at a glance, for any game's reason strings.

A reason's kind is its text with every free-standing number made a slot (``score 30 (1 survivors,
13 loot) is below 50`` is of the kind ``score # (# survivors, # loot) is below #``); numbers inside
a word stay (``P1 has no tokens left`` and ``P2 ...`` are two kinds). Each kind keeps how often each
slot took each value, so a report can show ranges (``score 10-40``) and plot histograms.

A slot is named by the word beside it (``loot``), or, when the games' :class:`~printkit.rules.game.Outcome` scores
tell, by whose score it is: a slot that held the winner's score in every game of its kind is the "winner's score"
(``the market ran dry: 12 to 9``: the winner's score to the loser's). :func:`count_numbers` counts those matches
while games are played; :func:`number_roles` reads them.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping, Sequence

NUMBER = re.compile(r"(?<![\w.])[-+]?\d+(?:\.\d+)?(?![\w.])")
SLOT = "#"
WORD_AFTER = re.compile(r"^\s+([A-Za-z][\w-]*)")
WORD_BEFORE = re.compile(r"([A-Za-z][\w-]*)\W*$")


@dataclass
class ReasonKind:
    """Reasons of one kind: the text with ``#`` for each number, games in all, and each slot's values."""

    kind: str
    games: int = 0
    slots: list[Counter[float]] = field(default_factory=list)
    roles: Sequence[str | None] = ()
    """What each slot is, where the games' scores tell (``winner's score``): see :func:`number_roles`."""

    def worded(self) -> list[str | None]:
        """The word the text gives each slot: the word after the number (``3 loot``), else the one before
        (``score 30``); None where neither is a word, or where two slots would share one (``# to #``)."""
        parts = self.kind.split(SLOT)
        found: list[str | None] = []
        for i in range(len(parts) - 1):
            after, before = WORD_AFTER.match(parts[i + 1]), WORD_BEFORE.search(parts[i])
            found.append(after.group(1) if after else before.group(1) if before else None)
        return [word if word is not None and found.count(word) == 1 else None for word in found]

    @property
    def names(self) -> list[str]:
        """A distinct name for each slot: whose score it is (``winner's score``), else its word, else its place in
        the text (``2nd number``)."""
        roles = list(self.roles) + [None] * (len(self.slots) - len(self.roles))
        return [role or word or f"{_ordinal(i + 1)} number" for i, (role, word) in enumerate(zip(roles, self.worded()))]

    def varying(self) -> list[int]:
        """The slots that took more than one value (worth a histogram)."""
        return [i for i, values in enumerate(self.slots) if len(values) > 1]

    def short(self) -> str:
        """The kind with its constant slots filled in: ``score # (# survivors, # loot) is below 50``."""
        parts = self.kind.split(SLOT)
        text = parts[0]
        for values, part in zip(self.slots, parts[1:]):
            text += _number(min(values)) if len(values) == 1 else SLOT
            text += part
        return text

    def label(self) -> str:
        """The kind with its ranges. Where the words around each varying number name it, the range stands in its
        place: ``score 10-40 (0-2 survivors, 3-17 loot) is below 50``. Where they do not (``# to #`` reads like a
        score, ``18-32 to 7-19``), or the number is someone's score, the text keeps ``#`` and the ranges follow,
        each named: ``the market ran dry: # to # (winner's score 18-32, loser's score 7-19)``."""
        varying, worded = self.varying(), self.worded()
        if not any(i < len(self.roles) and self.roles[i] or worded[i] is None for i in varying):
            return self._filled(_range)
        names = self.names
        return self._filled(lambda values: SLOT) + " (" + ", ".join(f"{names[i]} {_range(self.slots[i])}" for i in varying) + ")"

    def _filled(self, varying: Any) -> str:
        """The kind with each constant slot as its value and each varying one as ``varying(values)``."""
        parts = self.kind.split(SLOT)
        text = parts[0]
        for values, part in zip(self.slots, parts[1:]):
            text += (_number(min(values)) if len(values) == 1 else varying(values)) + part
        return text


def _number(value: float) -> str:
    return f"{value:g}"


def _range(values: Counter[float]) -> str:
    """``3-17``; ``-3 to -1`` when a bound is negative (``-3--1`` would not read)."""
    low, high = min(values), max(values)
    if low == high:
        return _number(low)
    return f"{_number(low)} to {_number(high)}" if low < 0 or high < 0 else f"{_number(low)}-{_number(high)}"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


@lru_cache(maxsize=4096)
def kind_of(reason: str) -> tuple[str, tuple[float, ...]]:
    """The reason's kind (``#`` for each free-standing number) and its numbers in order."""
    text = reason.replace(SLOT, "＃")
    return NUMBER.sub(SLOT, text), tuple(float(m) for m in NUMBER.findall(text))


def group_reasons(reasons: Mapping[str, int], roles: Mapping[str, Sequence[str | None]] | None = None) -> list[ReasonKind]:
    """The kinds of ``reasons`` (reason -> games), most games first (then by text); ``roles``: what the numbers of
    each kind are (:func:`number_roles`)."""
    kinds: dict[str, ReasonKind] = {}
    for reason, games in reasons.items():
        kind, numbers = kind_of(reason)
        entry = kinds.setdefault(kind, ReasonKind(kind, 0, [Counter() for _ in numbers], _roles_of(roles, kind)))
        entry.games += games
        for slot, number in zip(entry.slots, numbers):
            slot[number] += games
    return sorted(kinds.values(), key=lambda k: (-k.games, k.kind))


def _roles_of(roles: Any, kind: str) -> tuple[str | None, ...]:
    """The roles of ``kind``'s numbers in ``roles`` (a run's ``reason_numbers``, perhaps read back from a file)."""
    found = roles.get(kind) if isinstance(roles, Mapping) else None
    return tuple(role if isinstance(role, str) else None for role in found) if isinstance(found, (list, tuple)) else ()


def reasons_lines(reasons: Mapping[str, int], roles: Mapping[str, Sequence[str | None]] | None = None) -> list[str]:
    """One line per kind: ``score 10-40 (0-2 survivors, 3-17 loot) is below 50: 812 (41%)``."""
    total = sum(reasons.values()) or 1
    return [f"{k.label()}: {k.games:,} ({100 * k.games / total:.0f}%)" for k in group_reasons(reasons, roles)]


GAMES, DECISIVE = "why-games|", "why-decisive|"
"""Measures (printkit/rules/metrics.py) of :func:`count_numbers`: games of a kind that gave every player's score, and
those of them with a winner; ``why|KIND|SLOT|ROLE`` counts the games where the slot held that score."""
ROLE_GAMES = 3
"""Games of a kind, at least, before its numbers are named by the scores they matched (one game's number may match
a score by chance)."""


def count_numbers(measures: Counter[str], players: int, outcomes: Sequence[Any]) -> None:
    """Add to ``measures`` which score each number of the games' end reasons held (``outcomes``: Outcome-like, with
    ``winner``, ``reason`` and ``scores``): the winner's, the best other player's, the top one of a draw, a seat's.
    Games that ended alike (reason, scores, winner) are counted together: a fast game's run holds few such ends."""
    ends = Counter((o.reason, tuple(o.scores), o.winner) for o in outcomes if len(o.scores) == players)
    found: Counter[str] = Counter()
    for (reason, scores, winner), games in ends.items():
        kind, numbers = kind_of(reason)
        if not numbers:
            continue
        found[GAMES + kind] += games
        top = max(scores)
        other = max((scores[p] for p in range(players) if p != winner), default=top) if winner is not None else top
        if winner is not None:
            found[DECISIVE + kind] += games
        for slot, number in enumerate(numbers):
            key = f"why|{kind}|{slot}|"
            if winner is None:
                found[key + "top"] += games * (number == top)
            else:
                found[key + "winner"] += games * (number == scores[winner])
                found[key + "other"] += games * (number == other)
            for seat in range(players):
                found[key + f"seat{seat}"] += games * (number == scores[seat])
    measures.update({key: value for key, value in found.items() if value})


def number_roles(measures: Mapping[str, float], names: Sequence[str]) -> dict[str, list[str | None]]:
    """What each number of each kind of end reason is, where the scores tell (a kind left out: none): the
    ``winner's score`` (the winner's in every decisive game, the top score in a draw), the ``loser's score`` (two
    players; ``runner-up's score`` with more: the best other score), a seat's (``Player 1's score``), or the
    ``tied score`` (every player's, in every game)."""
    players = len(names)
    found: dict[str, list[str | None]] = {}
    for key in measures:
        if not key.startswith(GAMES):
            continue
        kind = key[len(GAMES):]
        games, decisive = measures[key], measures.get(DECISIVE + kind, 0)
        if games < ROLE_GAMES:
            continue
        roles: list[str | None] = []
        for slot in range(kind.count(SLOT)):
            def held(role: str) -> float:
                return measures.get(f"why|{kind}|{slot}|{role}", 0)
            draws_top = held("top") == games - decisive
            winner = decisive > 0 and held("winner") == decisive and draws_top
            other = decisive > 0 and held("other") == decisive and draws_top
            seats = [seat for seat in range(players) if held(f"seat{seat}") == games]
            if winner != other:
                roles.append("winner's score" if winner else "loser's score" if players == 2 else "runner-up's score")
            elif len(seats) == 1:
                roles.append(f"{names[seats[0]]}'s score")
            elif players > 1 and len(seats) == players:
                roles.append("tied score")
            else:
                roles.append(None)
        if any(roles):
            found[kind] = roles
    return dict(sorted(found.items()))
