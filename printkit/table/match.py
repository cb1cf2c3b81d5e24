"""One game at the table: its states and moves, who sits where, chance drawn here, secret answers held here, undo,
the playtest notes and the log.

Every change goes through :meth:`Match.play` (a person's move), :meth:`Match.think` and :meth:`Match.thought` (a
computer seat's) or :meth:`Match.undo`; a refused move raises :class:`Refused` and changes nothing. Chance moves are
drawn by the table as soon as chance is to move, so a seat never waits on them. In a game with secret answers
(:meth:`Game.answers`) the mover's choice waits here, unseen by anybody else, until the answering seat has answered;
then both are one move, and a computer seat decides its own stage (the mover's choice, or the answer) with its own
player.

A computer's decision is a :class:`Thinking`: taken from one position, run on a thread of its own while the table goes
on, and made only if the game is still at that position. The player is handed the position as the engine contract
hands every player (the state, and for an answer the move answered, which the players do not look at): ``mcts``
searches from ``view(state, seat)`` alone and samples the rest with the rules' ``determinize``; the designer's players
are called with that view.
"""

from __future__ import annotations

import random
import threading
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from printkit.errors import PrintkitError
from printkit.guard.watchdog import TimeLimit
from printkit.kitgame.engine import KitRules
from printkit.kitgame.players import has_answers
from printkit.kitrules import CHANCE, Answered, notation
from printkit.rules.game import IllegalMove, NotationError, Outcome, result_words
from printkit.rules.mcts import Stopped
from printkit.rules.told import chance_told

HERE, REMOTE, COMPUTER = "here", "remote", "computer"
"""Where a seat is played: on the table's own page (hot-seat), from another browser by its link, by the computer."""
MAX_NOTE = 500
"""The longest playtest note kept with a move, in characters."""


class Refused(Exception):
    """A move or request refused; nothing changed. The message says why."""


@dataclass
class Seat:
    kind: str = HERE
    player: str = ""
    """The computer's player (``random``, ``greedy``, ``mcts:0.5s`` ...) when ``kind`` is ``computer``."""
    code: str = ""
    """The join code of a ``remote`` seat."""


@dataclass
class Entry:
    """One move made: by whom (a seat or CHANCE), the move, its notation, what every seat is shown, the note."""

    player: int
    move: Any
    text: str
    shown: str
    by: str
    note: str = ""


@dataclass
class Pending:
    """A mover's choice waiting for another seat's secret answer."""

    mover: int
    move: Any
    answerer: int


@dataclass
class Thinking:
    """A computer seat's decision, taken from one position: :meth:`run` (on a thread of its own) decides; the match
    makes the choice only if it still waits at that position (:meth:`Match.thought`). ``stop`` ends an ``mcts``
    search early when the table no longer wants its move."""

    rules: KitRules
    seat: int
    name: str
    player: Any
    state: Any
    answering: Pending | None
    staged: bool
    rng: random.Random
    stop: threading.Event = field(default_factory=threading.Event)
    choice: Any = None
    error: str | None = None
    """Why the computer could not decide (an error in the rules, a call past the kit's time or memory limit)."""
    trace: str = ""
    """The traceback of a failure of printkit's own code, for the terminal."""
    stopped: bool = False

    def run(self) -> Thinking:
        """Decide (the seat's own stage with its own player); errors are kept, not raised: this runs on a thread the
        table only hears back from."""
        rules, state, rng, player = self.rules, self.state, self.rng, self.player
        try:
            if self.answering is not None:
                self.choice = player.answer(rules, state, self.answering.move, rng)
            elif self.staged:
                self.choice = player.choose(rules, state, rng)
            else:
                self.choice = player(rules, state, rng)
        except Stopped:
            self.stopped = True
        except PrintkitError as exc:
            self.error = str(exc)
        except (TimeLimit, MemoryError) as exc:  # past the kit's limits outside the rules' own calls (they blame it there)
            self.error = str(rules.blame(exc, f"player {self.name} choosing for {rules.player_names[self.seat]}"))
        except Exception as exc:  # a failure of printkit's own code: the game stops with it (not the table)
            self.error = f"the computer player {self.name} failed: {type(exc).__name__}: {exc}"
            self.trace = "".join(traceback.format_exception(exc)).rstrip()
        return self


def shown_to_all(rules: KitRules, player: int, state: Any, move: Any, text: str) -> str:
    """A move as every seat's page shows it: a chance move as the players may know it (the terminal's words: dice as
    rolled, ``the deck is shuffled``, a card dealt as its receiver's view shows it), any other as written."""
    return chance_told(rules, state, move, range(rules.players)) if player == CHANCE else text


def clean_note(text: str) -> str:
    """A note as a log comment holds it: one line, printable, at most :data:`MAX_NOTE` characters."""
    return " ".join("".join(c if c.isprintable() else " " for c in text).split())[:MAX_NOTE]


@dataclass
class Match:
    """The game being played and how it got there."""

    rules: KitRules
    players: Mapping[str, Any]
    seats: list[Seat]
    seed: int
    resolve: Callable[[str], Any]
    """A computer player's policy by its name (``mcts:0.5s`` too)."""
    states: list[Any] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    pending: Pending | None = None

    def __post_init__(self) -> None:
        self.staged = has_answers(type(self.rules.game))
        self.rng = random.Random(self.seed)
        if not self.states:
            self.states = [self.rules.initial_state()]  # chance's first moves are drawn by settle()

    # --- what is going on ----------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.states[-1]

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def to_move(self) -> int:
        return self.rules.current_player(self.state)

    def deciding(self) -> int | None:
        """The seat whose choice the game waits for (the answering seat while a choice waits), None when over."""
        if self.outcome() is not None:
            return None
        return self.pending.answerer if self.pending else self.to_move()

    def hot_seat(self) -> bool:
        """Whether every person plays on the table's own page (then undo is allowed)."""
        return all(seat.kind != REMOTE for seat in self.seats)

    # --- the choices of a seat -----------------------------------------------------------------
    def options(self, seat: int) -> tuple[str, list[Any], list[str]]:
        """(``move`` or ``answer``, the choices, their notation) of ``seat`` now; no choices when it is not its turn."""
        if self.deciding() != seat:
            return "", [], []
        state = self.state
        if self.pending is not None:
            answers = self.rules.answers(state, self.pending.move)
            return "answer", answers, [notation(a) for a in answers]
        if not self.staged:
            moves = list(self.rules.legal_moves(state))
            return "move", moves, [self.rules.format_move(state, m) for m in moves]
        moves = self.rules.player_moves(state, seat)
        texts = [notation(m) if self.rules.answers(state, m) else self.rules.format_move(state, m) for m in moves]
        return "move", moves, texts

    # --- changes -------------------------------------------------------------------------------
    def play(self, seat: int, text: str) -> None:
        """Seat ``seat``'s choice written ``text`` (one of its options' notation); :class:`Refused` when it is not that
        seat's turn or the rules refuse it."""
        if self.outcome() is not None:
            raise Refused("the game is over")
        deciding = self.deciding()
        if deciding == CHANCE:
            raise Refused("chance decides now")
        if deciding != seat:
            raise Refused(f"it is {self.rules.player_names[deciding]}'s turn, not {self.rules.player_names[seat]}'s")
        stage, moves, texts = self.options(seat)
        wanted = " ".join(text.split()).casefold()
        found = [m for m, t in zip(moves, texts) if t.casefold() == wanted]
        if not found:
            raise Refused(self._refusal(seat, stage, text, texts))
        self.choose(seat, found[0], "person")

    def _refusal(self, seat: int, stage: str, text: str, texts: Sequence[str]) -> str:
        """Why ``text`` is none of the seat's choices: the rules' reason for the move it names, if it names one."""
        if stage == "move" and not self.staged:
            try:
                self.rules.parse_move(self.state, text)
            except (IllegalMove, NotationError) as exc:
                return str(exc)
        listed = ", ".join(texts[:8]) + (", ..." if len(texts) > 8 else "")
        return f"{text!r} is not one of {self.rules.player_names[seat]}'s choices here ({listed})"

    def choose(self, seat: int, choice: Any, by: str) -> None:
        """Make a choice of ``seat`` (a move, a staged mover's choice, or an answer) and let chance follow."""
        state = self.state
        if self.pending is not None:
            full = Answered(self.pending.move, choice)
            mover = self.pending.mover
            self.pending = None
            self._apply(mover, full, by)
        elif self.staged and self.rules.answers(state, choice):
            self.pending = Pending(seat, choice, self.rules.answerer(state, choice))
            return
        else:
            self._apply(seat, choice, by)
        self.settle()

    def _apply(self, player: int, move: Any, by: str) -> None:
        state = self.state
        text = self.rules.format_move(state, move)
        after = self.rules.apply(state, move)
        shown = shown_to_all(self.rules, player, state, move, text)
        self.entries.append(Entry(player, move, text, shown, by))
        self.states.append(after)

    def settle(self) -> None:
        """Draw chance's moves until a seat is to decide or the game is over."""
        while self.outcome() is None and self.to_move() == CHANCE and len(self.entries) < self.rules.max_moves:
            self._apply(CHANCE, self.rules.sample_chance(self.state, self.rng), "chance")
        if self.outcome() is None and len(self.entries) >= self.rules.max_moves:
            raise self.rules.endless(self.state, [e.text for e in self.entries[-5:]])

    def think(self) -> Thinking | None:
        """The decision a computer seat is to make now (None: the game waits for no computer). Its random numbers come
        from the match's, so ``--seed`` repeats the computer's play too."""
        seat = self.deciding()
        if seat is None or seat == CHANCE or self.seats[seat].kind != COMPUTER:
            return None
        name = self.seats[seat].player
        thinking = Thinking(self.rules, seat, name, None, self.state, self.pending, self.staged,
                            random.Random(self.rng.getrandbits(64)))
        player = self.resolve(name)
        thinking.player = player.stopping(thinking.stop.is_set) if hasattr(player, "stopping") else player
        return thinking

    def thought(self, thinking: Thinking) -> bool:
        """Make the choice ``thinking`` came to, if the game still waits for it at the position it was taken from;
        whether it was made (an error it met is raised as the rules' error)."""
        if thinking.stopped or self.state is not thinking.state or self.pending is not thinking.answering \
                or self.deciding() != thinking.seat:
            return False
        if thinking.error is not None:
            raise PrintkitError(thinking.error)
        self.choose(thinking.seat, thinking.choice, "computer")
        return True

    def undo(self) -> None:
        """Take back the last move a person made on this page (and whatever followed it); a waiting secret choice first."""
        if not self.hot_seat():
            raise Refused("undo is for games played on one device: ask the other players")
        if self.pending is not None:
            self.pending = None
            return
        last = next((i for i in range(len(self.entries) - 1, -1, -1) if self.entries[i].by == "person"), None)
        if last is None:
            raise Refused("no move of a person to take back")
        del self.entries[last:]
        del self.states[last + 1:]

    def note(self, index: int, text: str) -> None:
        if not 0 <= index < len(self.entries):
            raise Refused(f"no move {index + 1} to note")
        self.entries[index].note = clean_note(text)

    # --- the log -------------------------------------------------------------------------------
    def log_text(self, header: Sequence[str] = (), stopped: str | None = None) -> str:
        """The game as a log that ``printkit replay`` and a rule sheet's example block accept: one move a line, each
        note as the line's comment; the result, or (``stopped``) the error that stopped the game after the last line."""
        lines = [f"# {h}" if h else "#" for h in header]
        lines += [f"{e.text}  # {e.note}" if e.note else e.text for e in self.entries]
        if stopped is not None:
            lines.append(f"# unfinished: error: {clean_note(stopped)}")
        else:
            outcome = self.outcome()
            if outcome is not None:
                lines.append(f"# result: {result_words(self.rules.player_names, outcome, len(self.entries))}")
        return "\n".join(lines) + "\n"
