"""What build and verify check of a kit with rules: the rule sheet's example game is legal, the deck the rules deal
is the deck that is printed, and random games end without an error, each ending the rules name reached."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from printkit.datakit.kit import FENCE, game_block
from printkit.datakit.load import KitFolder
from printkit.errors import ConfigError, LogError
from printkit.kit.model import Finding
from printkit.kitgame.engine import KitRules, playouts, random_player
from printkit.kitgame.example_fit import declared_params, unfit
from printkit.kitgame.players import pair
from printkit.kitrules import Record
from printkit.rules.log import LogLine, parse_log, read_text
from printkit.rules.mcts import search_player
from printkit.rules.replay import Replay, replay
from printkit.rules.simulate import GameFailure
from printkit.userinput.paths import inside, shown

CHECK_GAMES = 1000
"""Games simulated (random players, seed 1) to see every ending reached and no game failing."""
CHECK_SECONDS = 2.0
"""CPU seconds those games may take in all (build and verify check the same games; a slow game plays fewer)."""
SEARCHED_PLAYER, SEARCHED_GAMES = "mcts:easy", 20
"""Where random games miss an ending: games of this player against itself, as many as fit in CHECK_SECONDS more."""


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


UNFIT = "example unfit"
"""kit.cache's key of the note saying the example game was left off (written for other parameters)."""


def kit_example(kit: KitFolder, text: str, source: str, rules: KitRules | None = None) -> Example | None:
    """The kit's example game: the log standing for it (``kit.example``), else the first of ``[rules] examples`` that
    ``rules`` replay (a LogError, the first log's, when none does), else rules.md's ```game block (``text``). An example
    written for other parameters than ``rules`` play with (its ``# params:`` line) is None, :func:`unfit_note` saying so."""
    if kit.example is not None:
        name, log = kit.example
        return _fitting(kit, rules, logged_example(log, name))
    if kit.spec.examples and rules is not None:
        if "example" not in kit.cache:
            kit.cache["example"] = _replaying(kit, rules)
        return kit.cache["example"]  # type: ignore[no-any-return]
    return _fitting(kit, rules, example_game(text, source))


def _fitting(kit: KitFolder, rules: KitRules | None, example: Example | None) -> Example | None:
    """``example``, or None (and :func:`unfit_note` why) when it is written for other parameters than ``rules``'."""
    differ = _unfit(rules, example)
    if differ is None:
        return example
    kit.cache[UNFIT] = differ
    return None


def _unfit(rules: KitRules | None, example: Example | None) -> str | None:
    """Why ``example`` does not fit the parameters ``rules`` play with (None: it fits, or says nothing of them)."""
    if example is None or not example.params or rules is None:
        return None
    differ = unfit(example.params, example.params_at, rules.game.params)
    return None if differ is None else (f"{example.params_at}: the example game is written for other parameters ({differ}): "
                                        "it is not replayed and is left off the rule sheet with its figures")


def unfit_note(kit: KitFolder) -> str | None:
    """Why the kit's example game was left off (:func:`kit_example` found it written for other parameters), or None."""
    return kit.cache.get(UNFIT)


def _replaying(kit: KitFolder, rules: KitRules) -> Example | None:
    """The first of the kit folder's example logs that fits the parameters and ``rules`` replay (None: none fits)."""
    first: LogError | None = None
    differ: list[str] = []
    for written in kit.spec.examples:
        path = inside(kit.path, written, kit.spec.source, "rules.examples")
        name = shown(kit.path, kit.display, path)
        example = logged_example(read_text(path), name)
        reason = _unfit(rules, example)
        if reason is not None:
            differ.append(reason)
            continue
        try:
            replay_example(rules, example)
        except LogError as exc:
            first = first or exc
            continue
        return example
    if first is not None:
        raise first
    kit.cache[UNFIT] = differ[0]
    return None


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


def replay_example(rules: KitRules, example: Example) -> Replay[Any, Any]:
    """The example replayed; an illegal line is a LogError naming ``rules.md:LINE``."""
    return replay(rules, example.lines, example.source)


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
