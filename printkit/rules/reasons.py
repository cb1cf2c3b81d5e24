"""How games ended, grouped into a few kinds a designer reads at a glance, for any game's reason strings.

A reason's kind is its text with every free-standing number made a slot (``score 30 (1 survivors,
13 loot) is below 50`` is of the kind ``score # (# survivors, # loot) is below #``); numbers inside
a word stay (``P1 has no tokens left`` and ``P2 ...`` are two kinds). Each kind keeps how often each
slot took each value, so a report can show ranges (``score 10-40``) and plot histograms.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Mapping

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

    @property
    def names(self) -> list[str]:
        """A word for each slot: the word after the number (``3 loot``), else the one before (``score 30``)."""
        parts = self.kind.split(SLOT)
        found = []
        for i in range(len(parts) - 1):
            after, before = WORD_AFTER.match(parts[i + 1]), WORD_BEFORE.search(parts[i])
            found.append(after.group(1) if after else before.group(1) if before else f"value {i + 1}")
        return found

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
        """The kind with each slot shown as its value, or its range: ``score 10-40 (0-2 survivors, 3-17 loot) is below 50``."""
        parts = self.kind.split(SLOT)
        text = parts[0]
        for values, part in zip(self.slots, parts[1:]):
            low, high = min(values), max(values)
            text += _number(low) if low == high else f"{_number(low)}-{_number(high)}"
            text += part
        return text


def _number(value: float) -> str:
    return f"{value:g}"


def kind_of(reason: str) -> tuple[str, list[float]]:
    """The reason's kind (``#`` for each free-standing number) and its numbers in order."""
    return NUMBER.sub(SLOT, reason.replace(SLOT, "＃")), [float(m) for m in NUMBER.findall(reason.replace(SLOT, "＃"))]


def group_reasons(reasons: Mapping[str, int]) -> list[ReasonKind]:
    """The kinds of ``reasons`` (reason -> games), most games first (then by text)."""
    kinds: dict[str, ReasonKind] = {}
    for reason, games in reasons.items():
        kind, numbers = kind_of(reason)
        entry = kinds.setdefault(kind, ReasonKind(kind, 0, [Counter() for _ in numbers]))
        entry.games += games
        for slot, number in zip(entry.slots, numbers):
            slot[number] += games
    return sorted(kinds.values(), key=lambda k: (-k.games, k.kind))


def reasons_lines(reasons: Mapping[str, int]) -> list[str]:
    """One line per kind: ``score 10-40 (0-2 survivors, 3-17 loot) is below 50: 812 (41%)``."""
    total = sum(reasons.values()) or 1
    return [f"{k.label()}: {k.games:,} ({100 * k.games / total:.0f}%)" for k in group_reasons(reasons)]
