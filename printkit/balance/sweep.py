"""``--sweep KEY=V1,V2`` / ``KEY=A..B`` and ``--players``: the points of a balance run.

Sweep keys are config keys in dotted form (``games.warfare.board_size``); each value is checked by
the same limits as ``--set`` (printkit/params.py), so a designer sees the same ranges and messages.
A value that is fine alone but impossible beside another (a line longer than the board) makes only
that point unplayable: it is reported, not run.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import typing
from dataclasses import dataclass
from typing import Any

from printkit.errors import ConfigError, PrintkitError
from printkit.params import convert_value, describe, limit_problem
from printkit.rules.mcts import PlayerNameError
from printkit.userinput.text import quoted
from printkit.userinput.toml import parse_set


class SweepError(PrintkitError):
    """A ``--sweep`` or ``--players`` value that cannot be run."""


@dataclass(frozen=True)
class Axis:
    """One swept key and its values, in the order given."""

    key: str
    values: tuple[Any, ...]

    @property
    def short(self) -> str:
        """The key without ``games.<game>.`` (``board_size``, ``abilities.bomb``)."""
        return self.key.split(".", 2)[-1]


@dataclass(frozen=True)
class Point:
    """One combination of swept values and one matchup (player names of seat 1 and seat 2)."""

    values: tuple[tuple[str, Any], ...]
    players: tuple[str, str]

    @property
    def matchup(self) -> str:
        return "/".join(self.players)

    @property
    def ident(self) -> str:
        """A stable name of the point: it seeds the point's chunks and matches stored results on --resume."""
        return json.dumps({"values": dict(self.values), "players": self.matchup}, sort_keys=True)

    def sets(self) -> tuple[str, ...]:
        """The point's values as ``--set`` items."""
        return tuple(f"{key}={json.dumps(value)}" for key, value in self.values)


def _field(cls: type, parts: list[str], key: str) -> tuple[Any, dict[str, Any]]:
    """The type and limits of the parameter at ``parts`` inside ``cls``."""
    node: Any = cls
    for depth, part in enumerate(parts):
        fields = {f.name: f for f in dataclasses.fields(node)} if dataclasses.is_dataclass(node) else {}
        if part not in fields:
            known = ", ".join(sorted(fields)) or "none: not a table"
            where = ".".join(key.split(".")[: 2 + depth]) or key
            raise SweepError(f"--sweep: {key}: unknown key (known keys of {where}: {known})")
        tp = typing.get_type_hints(node)[part]
        if depth == len(parts) - 1:
            if dataclasses.is_dataclass(tp):
                raise SweepError(f"--sweep: {key}: is a table; sweep one of its keys "
                                 f"({', '.join(key + '.' + f.name for f in dataclasses.fields(tp))})")
            return tp, dict(fields[part].metadata)
        node = tp
    raise SweepError(f"--sweep: {key}: expected a dotted key such as games.warfare.board_size")


MAX_POINTS = 10_000
"""The most values one swept key takes (each is a point of games to play)."""


def sweep_values(key: str, text: str) -> list[Any]:
    """``1,2,3`` or ``A..B`` as TOML values."""
    text = text.strip()
    if ".." in text and "," not in text:
        low, _, high = text.partition("..")
        try:
            start, stop = int(low), int(high)
        except ValueError:
            raise SweepError(f"--sweep: {key}: a range is two integers A..B, got {quoted(text)}") from None
        if stop < start:
            raise SweepError(f"--sweep: {key}: empty range {quoted(text)} ({start} is above {stop})")
        if stop - start >= MAX_POINTS:
            raise SweepError(f"--sweep: {key}: a range of at most {MAX_POINTS:,} values, got {quoted(text)}")
        return list(range(start, stop + 1))
    items = [item.strip() for item in text.split(",")]
    if not text or any(not item for item in items):
        raise SweepError(f"--sweep: {key}: expected values V1,V2,... or a range A..B, got {quoted(text)}")
    try:
        return [parse_set(f"v={item}")[1] for item in items]
    except ConfigError as exc:
        raise SweepError(f"--sweep: {key}: {exc.message}") from None


def parse_sweep(item: str, game: str, params: type) -> Axis:
    """One ``--sweep KEY=VALUES`` item, every value checked against the key's type and limits."""
    if "=" not in item:
        raise SweepError(f"--sweep: expected KEY=V1,V2,... or KEY=A..B, got {quoted(item)}")
    key, _, text = (part.strip() for part in item.partition("="))
    parts = key.split(".")
    if len(parts) < 3 or parts[0] != "games" or parts[1] != game or any(not p for p in parts):
        raise SweepError(f"--sweep: {key}: expected a key of the game's parameters, e.g. games.{game}.<key>")
    tp, meta = _field(params, parts[2:], key)
    if tp not in (int, float):
        raise SweepError(f"--sweep: {key}: not a numeric parameter (only numbers can be swept)")
    values = []
    for raw in sweep_values(key, text):
        try:
            value = convert_value(tp, raw)
        except ValueError as exc:
            raise ConfigError("--sweep", key, f"{exc}, got {describe(raw)}") from None
        problem = limit_problem(meta, value)
        if problem:
            raise ConfigError("--sweep", key, f"{problem}, got {describe(raw)}")
        if value not in values:
            values.append(value)
    return Axis(key, tuple(values))


def parse_sweeps(items: tuple[str, ...], game: str, params: type) -> list[Axis]:
    """Every ``--sweep``; a key swept twice is an error."""
    axes = [parse_sweep(item, game, params) for item in items]
    keys = [a.key for a in axes]
    for key in keys:
        if keys.count(key) > 1:
            raise SweepError(f"--sweep: {key}: swept twice (give all its values in one --sweep)")
    return axes


def parse_players(text: str, known: typing.Collection[str]) -> list[tuple[str, str]]:
    """``random,greedy,greedy/random``: each item a matchup; ``NAME`` plays itself, ``A/B`` seats A first."""
    matchups: list[tuple[str, str]] = []
    for item in (part.strip() for part in text.split(",")):
        names = tuple(n.strip() for n in item.split("/"))
        if not item or len(names) > 2 or any(not n for n in names):
            raise SweepError(f"--players: expected NAME or A/B items separated by commas, got {quoted(text)}")
        pair = (names[0], names[-1])
        for name in pair:
            try:
                found = name in known
            except PlayerNameError as exc:
                raise SweepError(f"--players: {exc}") from None
            if not found:
                raise SweepError(f"--players: unknown player {quoted(name)} (known: {', '.join(sorted(known))})")
        if pair not in matchups:
            matchups.append(pair)
    return matchups


def points(axes: list[Axis], matchups: list[tuple[str, str]]) -> list[Point]:
    """The product of the axes' values (first axis slowest), each with every matchup."""
    combos = itertools.product(*[[(a.key, v) for v in a.values] for a in axes])
    return [Point(tuple(combo), pair) for combo in combos for pair in matchups]
