"""The rule sheet's example game of a kit with rules: found once and replayed once for an opened kit and its rules
(:class:`KitExample`), then handed to the steps of the build that read it (the rows and values rules.py computes, the
art hooks, the position figures, the log beside the kit).

Two texts hold it, by design: rules.md as written (what rules.py's ``sheet(example)`` and ``rows_NAME(example)``, the
art hooks and ``[rules] example_file`` read) and the rule sheet as rendered (what the figures draw and the checks
replay: :meth:`KitExample.in_text`). A log standing for it (``kit.example``, ``[rules] examples``) is the same in both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Mapping

from printkit.datakit.kit import FENCE, game_block, rule_sheet_source
from printkit.datakit.load import KitFolder
from printkit.errors import ConfigError, LogError
from printkit.kitgame.engine import KitRules
from printkit.kitgame.example_fit import declared_params, unfit
from printkit.kitrules import Step
from printkit.params import describe, dotted_params
from printkit.rules.log import LogLine, parse_log, read_text
from printkit.rules.replay import Replay, replay
from printkit.userinput.paths import inside, shown


@dataclass(frozen=True)
class Example:
    """The rule sheet's example game: its log lines, numbered as lines of the rule sheet."""

    lines: tuple[LogLine, ...]
    source: str
    text: str = ""
    """The log as written (the block's lines, comments included)."""
    params: Mapping[str, Any] = field(default_factory=dict)
    """The parameters its ``# params:`` line says it is written for, by dotted name (none: any)."""
    params_at: str = ""
    """Where that line is (``rules.md:41``)."""


def logged_example(log: str, name: str) -> Example:
    """A log file standing for the example game."""
    return Example(tuple(parse_log(log, name)), name, log, *declared_params(log, name))


def example_game(text: str, source: str) -> Example | None:
    """The first fenced ```game block of a rule sheet (None when it has none)."""
    rows = text.splitlines()
    found = game_block(rows)
    if found is None:
        return None
    start, closed = found
    if closed is None:
        fence = FENCE.match(rows[start]).group(2)  # type: ignore[union-attr]
        raise ConfigError(f"{source}:{start + 1}", "", f"the game block opened here is never closed with {fence}")
    written = "\n".join(rows[start + 1:closed])
    moves = parse_log(written)
    return Example(tuple(LogLine(start + 1 + m.number, m.text) for m in moves), source, written + "\n",
                   *declared_params(written, source, start + 2))


def replay_example(rules: KitRules, example: Example) -> Replay[Any, Any]:
    """The example replayed; an illegal line is a LogError naming ``rules.md:LINE``."""
    return replay(rules, example.lines, example.source)


class KitExample:
    """The example game of one opened kit and its rules in one text of the rule sheet (``sheet()``: the text and its
    name in messages, read when first needed; None: no rule sheet, no example): the log standing for it
    (``kit.example``), else the first of ``[rules] examples`` the rules replay (a LogError, the first log's, when none
    does), else the text's ```game block. One written for other parameters than the rules play with (its ``# params:``
    line) is not found, :attr:`unfit` saying why. Each part is worked out when first asked for, once. Without rules (a
    kit of data, ``--no-code``) it is the log standing for it or the block, as written; ``written``: the example in
    rules.md as written, whose replay stands for this one's when they are the same lines."""

    def __init__(self, kit: KitFolder, rules: KitRules | None, sheet: Callable[[], tuple[str, str] | None],
                 written: KitExample | None = None) -> None:
        self.kit, self.rules, self.sheet, self.written = kit, rules, sheet, written

    @property
    def found(self) -> Example | None:
        """The example (None: none, or one written for other parameters)."""
        return self._found[0]

    @property
    def unfit(self) -> str | None:
        """Why the example was left off (written for other parameters), or None."""
        return self._found[1]

    @property
    def from_text(self) -> bool:
        """Whether the example is the text's own ```game block (no log stands for it)."""
        return self.kit.example is None and not (self.kit.spec.examples and self.rules is not None)

    def in_text(self, text: str, source: str) -> KitExample:
        """The example as the rule sheet rendered (``text``; ``source`` empty: no rule sheet) holds it: this one when a
        log stands for it."""
        if not source or self.from_text:
            return KitExample(self.kit, self.rules, lambda: (text, source) if source else None, self)
        return self

    @cached_property
    def played(self) -> Replay[Any, Any] | None:
        """The example replayed by the rules (None without one)."""
        if self._found[2] is not None or self.found is None:
            return self._found[2]
        return self._replayed(self.found)

    def _replayed(self, example: Example) -> Replay[Any, Any]:
        """``example`` replayed by the rules: the sheet as written's replay when it holds the same lines (one replay
        for both)."""
        if self.written is not None and self.written.found == example:
            played = self.written.played
            assert played is not None
            return played
        assert self.rules is not None, "an example is replayed by rules"
        return replay_example(self.rules, example)

    @property
    def steps(self) -> list[Step]:
        """One :class:`Step` per move of the example replayed (empty without one), a list of its own at each call."""
        played = self.played
        if self.found is None or played is None:
            return []
        befores = [played.start, *(step.state for step in played.steps)]
        return [Step(step.line.text, before, step.move, step.state, note)
                for step, before, note in zip(played.steps, befores, notes(self.found))]

    @cached_property
    def _found(self) -> tuple[Example | None, str | None, Replay[Any, Any] | None]:
        """The example, why none fits (written for other parameters), and its replay when finding it replayed it."""
        kit, sheet = self.kit, self.sheet()
        if sheet is None:
            return None, None, None
        if kit.example is not None:
            name, log = kit.example
            return self._fitting(logged_example(log, name))
        if kit.spec.examples and self.rules is not None:
            return self._replaying(self.rules)
        example = example_game(*sheet)
        if example is None and self.written is not None and self.written.unfit is not None:
            return None, self.written.unfit, None  # the rendered sheet left the unfit example out ({% if %})
        return self._fitting(example)

    def _fitting(self, example: Example | None) -> tuple[Example | None, str | None, Replay[Any, Any] | None]:
        """``example``, or None and why, when it is written for other parameters than the rules' (its ``# params:``
        line says so; or, under other parameters than kit.toml's own, it does not replay)."""
        differ = _unfit(self.rules, example)
        if differ is not None or example is None or self.rules is None:
            return (example if differ is None else None), differ, None
        other = _other_setup(self.kit, self.rules)
        if other is None:
            return example, None, None
        try:
            return example, None, self._replayed(example)
        except LogError as exc:
            return None, _unplayable(exc, other), None

    def _replaying(self, rules: KitRules) -> tuple[Example | None, str | None, Replay[Any, Any] | None]:
        """The first of the kit folder's example logs that fits the parameters and the rules replay, and its replay
        (none: why the first does not fit)."""
        kit = self.kit
        first: LogError | None = None
        differ: list[str] = []
        for log in kit.spec.examples:
            path = inside(kit.path, log, kit.spec.source, "rules.examples")
            example = logged_example(read_text(path), shown(kit.path, kit.display, path))
            reason = _unfit(rules, example)
            if reason is not None:
                differ.append(reason)
                continue
            try:
                played = replay_example(rules, example)
            except LogError as exc:
                first = first or exc
                continue
            return example, None, played
        if first is not None:
            other = _other_setup(kit, rules)
            if other is None:
                raise first
            return None, _unplayable(first, other), None
        return None, differ[0], None


def written_example(kit: KitFolder, rules: KitRules | None) -> KitExample:
    """The example game in rules.md as written (read once: :func:`printkit.datakit.kit.rule_sheet_source`)."""
    return KitExample(kit, rules, lambda: rule_sheet_source(kit))


def _unfit(rules: KitRules | None, example: Example | None) -> str | None:
    """Why ``example`` does not fit the parameters ``rules`` play with (None: it fits, or says nothing of them)."""
    if example is None or not example.params or rules is None:
        return None
    differ = unfit(example.params, example.params_at, rules.game.params)
    return None if differ is None else (f"{example.params_at}: the example game is written for other parameters ({differ}): "
                                        "it is not replayed and is left off the rule sheet with its figures")


def _other_setup(kit: KitFolder, rules: KitRules) -> str | None:
    """How the game ``rules`` play differs from the one kit.toml and its data files make (parameters by ``--set`` or
    config.toml, data cells by ``--set data...``), or None."""
    differ = [unfit(dotted_params(kit.spec.own_params), kit.spec.source, rules.game.params)]
    differ += [f"{cell.key} is {describe(cell.value)}" for cell in kit.cells]
    return "; ".join(d for d in differ if d) or None


def _unplayable(exc: LogError, other: str) -> str:
    """Why an example game is left off under parameters or data other than the kit folder's own: it does not replay
    under them."""
    return (f"the example game is written for kit.toml's parameters and data files and does not replay under these "
            f"({other}; {exc}): it is left off the rule sheet with its figures")


def notes(example: Example) -> list[str]:
    """The comment written after each move of the example (``X C3   # takes the centre``), '' where none is; indented
    comment lines right after a move go on with its comment."""
    comments = move_comments(example.text)
    return [comments.get(number, "") for number, line in enumerate(example.text.splitlines(), start=1)
            if line.partition("#")[0].strip()]


def move_comments(text: str) -> dict[int, str]:
    """The comment of each move line of a log, by line number, with indented comment-only lines after it joined on."""
    out: dict[int, str] = {}
    current: int | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        code, _, comment = raw.partition("#")
        if code.strip():
            current = number
            if comment.strip():
                out[number] = comment.strip()
        elif comment.strip() and current is not None and raw[:1].isspace():
            out[current] = (out.get(current, "") + " " + comment.strip()).strip()
        else:
            current = None
    return out
