"""Terminal play shared by every game: who the computer is, reading answers, picking moves, the log.

``printkit play`` resolves ``--vs-computer`` / ``--computer PLAYER`` / ``--side SEAT`` once
(:func:`choose_seating`) and hands every game the same keywords: ``seat`` (the computer's seat or
None), ``player`` (its name in the game's players), ``seed`` and ``log`` (a :class:`GameLog`).
Games without a dialogue of their own play through :func:`play_game`: the position, then for a
human a move typed in log notation or picked by number from the listed legal moves. The humans see the position
and the chance moves only as their views show them (:mod:`printkit.rules.told`); the log keeps every move.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence, TextIO

from printkit.rules.game import CHANCE, IllegalMove, NotationError, Rules, chance_move, result_words
from printkit.rules.playouts import UnknownPlayer, resolve
from printkit.rules.seats import PlayError, computer_seat
from printkit.rules.told import chance_told, watchers
from printkit.userinput.text import printable, quoted

ABANDONED = "Input ended before the game was over: the game is abandoned."
LISTED = 40
"""Legal moves listed by themselves on each turn when there are at most this many."""
MAX_ANSWER = 1_000
"""The longest answer taken, in characters (a move is a few dozen); the rest of a longer line is skipped."""
MAX_SKIPPED = 1_000_000
"""Characters of an over-long line skipped looking for its end; a line longer still (``/dev/zero``) ends the input."""


def read_answer(stream: TextIO) -> str | None:
    """One line of a player's input without its line break, at most :data:`MAX_ANSWER` characters, control
    characters shown escaped (``\\x1b``: never sent to the terminal as they are); None at the end of the input.
    Ctrl-C is not the end of the input: it stops the command (the game so far is kept by ``play --log``)."""
    try:
        line = stream.readline(MAX_ANSWER + 1)
        if len(line) > MAX_ANSWER and not line.endswith("\n"):
            skipped = 0
            while (rest := stream.readline(64 * 1024)) and not rest.endswith("\n"):
                skipped += len(rest)
                if skipped > MAX_SKIPPED:
                    return None
            line = line[:MAX_ANSWER]
    except UnicodeDecodeError:
        return None
    if not line:
        return None
    return printable(line.rstrip("\r\n").replace("\t", " "))


class EndOfInput(Exception):
    """The input ended before the game did."""


@dataclass(frozen=True)
class Seating:
    """Where the computer sits (None: two humans) and which of the game's players it is."""

    seat: int | None
    player: str


def choose_seating(spec: Any, names: Sequence[str], marks: Sequence[str], vs_computer: bool,
                   computer: str | None, side: str | None) -> Seating:
    """``--vs-computer`` / ``--computer PLAYER`` / ``--side SEAT`` as a seating; any of them brings the computer in.

    The computer takes the second seat unless ``side`` names another; it plays ``computer``
    (default: the game's strongest player).
    """
    player = computer if computer is not None else spec.strongest
    try:
        resolve(spec.players, player, spec.name, "--computer")
    except UnknownPlayer as exc:
        raise PlayError(str(exc)) from None
    if not (vs_computer or computer is not None or side is not None):
        return Seating(None, player)
    try:
        seat = computer_seat(names, side if side is not None else "2", marks)
    except PlayError as exc:
        raise PlayError(f"--side: {exc}") from None
    return Seating(seat, player)


@dataclass
class GameLog:
    """The moves played, in log notation, written as a log ``printkit replay`` accepts."""

    path: Path | None
    title: str = ""
    lines: list[str] = field(default_factory=list)
    written: bool = False

    def record(self, rules: Rules[Any, Any], state: Any, move: Any) -> None:
        """Note ``move`` (before it is played: a move the rules fail on is the log's last line)."""
        self.lines.append(rules.format_move(state, move))

    def write(self, note: str = "") -> None:
        """Write the log (nothing when no path was given); a disk error is one ``error:`` line."""
        self.written = True
        if self.path is None:
            return
        from printkit.userinput.writes import write_file

        head = [f"# {self.title}: played at the terminal (printkit play)"] + ([f"# {printable(note)}"] if note else [])
        write_file(self.path, ("\n".join(head + self.lines) + "\n").encode("utf-8"))

    def keep(self, note: str) -> bool:
        """Write the game so far when it was not written (a game stopped by Ctrl-C or an error: ``note`` says which);
        a disk error then is not reported over the reason the game stopped. Whether the log is there."""
        from printkit.errors import PrintkitError

        if self.written:
            return self.path is not None
        try:
            self.write(note)
        except PrintkitError:
            return False
        return self.path is not None


class Console:
    """Lines to and from the player; when the input is not a terminal each answer is echoed after its prompt."""

    def __init__(self, input_stream: TextIO, output_stream: TextIO) -> None:
        self.input, self.output = input_stream, output_stream
        self.echo = not getattr(input_stream, "isatty", lambda: False)()

    def say(self, *lines: str) -> None:
        self.output.write("".join(line + "\n" for line in lines))
        self.output.flush()

    def ask(self, prompt: str = "> ") -> str:
        """One answer, stripped; EndOfInput when the input is exhausted."""
        self.output.write(prompt)
        self.output.flush()
        line = read_answer(self.input)
        if line is None:
            self.say("")
            raise EndOfInput
        if self.echo:
            self.say(line)
        return line.strip()


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"\s*,\s*", ", ", text.strip().lower()))


class MovePicker:
    """Turns an answer into a legal move: a number from the last list, or the move in log notation."""

    def __init__(self, rules: Rules[Any, Any], state: Any, mark: str) -> None:
        self.rules, self.state, self.mark = rules, state, mark
        self.moves = list(rules.legal_moves(state))
        self.texts = [rules.format_move(state, m) for m in self.moves]
        self.listed: list[int] = list(range(len(self.moves))) if len(self.moves) <= LISTED else []

    def listing(self, words: str = "") -> list[str]:
        """Number the moves whose notation holds ``words`` (all when empty); later numbers refer to this list."""
        wanted = _normal(words)
        self.listed = [i for i, text in enumerate(self.texts) if wanted in _normal(text)]
        return self.option_lines()

    def option_lines(self) -> list[str]:
        options = [f"{n:>3}) {self._short(self.texts[i])}" for n, i in enumerate(self.listed, start=1)]
        width = max((len(o) for o in options), default=0) + 2
        per_line = max(1, 100 // width)
        return ["".join(o.ljust(width) for o in options[k:k + per_line]).rstrip() for k in range(0, len(options), per_line)]

    def _short(self, text: str) -> str:
        prefix = f"{self.mark} "
        return text[len(prefix):] if self.mark and text.startswith(prefix) else text

    def pick(self, text: str) -> Any:
        """The move ``text`` names; raises NotationError or IllegalMove saying why it names none."""
        if text.isascii() and text.isdigit() and len(text) <= 9:
            if not self.listed:
                raise NotationError("no moves are listed: type 'list' (or 'list WORD') to number them")
            number = int(text)
            if not 1 <= number <= len(self.listed):
                raise NotationError(f"not an option (1-{len(self.listed)})")
            return self.moves[self.listed[number - 1]]
        wanted = _normal(text)
        for move, notation in zip(self.moves, self.texts):
            if wanted in (_normal(notation), _normal(self._short(notation))):
                return move
        candidates = [text] + ([f"{self.mark} {text}"] if self.mark else [])
        error: Exception = NotationError(f"{quoted(text)} is not a legal move")
        for candidate in candidates:
            try:
                move = self.rules.parse_move(self.state, candidate)
                self.rules.apply(self.state, move)
                return move
            except (NotationError, IllegalMove) as exc:
                error = exc if candidate == text or isinstance(exc, IllegalMove) else error
        raise error


def list_command(picker: MovePicker, answer: str) -> list[str] | None:
    """The numbered moves when ``answer`` is ``list`` / ``list WORD`` (or ``moves``), else None."""
    word, _, rest = answer.strip().partition(" ")
    if word.lower() not in ("list", "moves"):
        return None
    return picker.listing(rest) or ["no legal move matches"]


def _result_line(rules: Rules[Any, Any], state: Any, moves: int) -> str:
    """The result in ``printkit replay``'s words."""
    outcome = rules.outcome(state)
    assert outcome is not None
    return f"result: {result_words(rules.player_names, outcome, moves)}"


def play_game(rules: Rules[Any, Any], *, console: Console, seat: int | None, policy: Callable[..., Any] | None,
              seed: int | None, log: GameLog, marks: Sequence[str] = (), hint: str = "",
              turn: Callable[[Any, int, random.Random], Any] | None = None) -> int:
    """Play one game at the terminal; 0 when it ends, 1 when the input ends first (the log is written either way).

    ``turn(state, player, rng)``, when given, asks every player's move itself (a game that asks in stages)."""
    rng = random.Random(seed)
    state = rules.initial_state()
    seats = watchers(len(rules.player_names), seat)
    try:
        while rules.outcome(state) is None:
            player = rules.current_player(state)
            if player == CHANCE:
                move = chance_move(rules, state, rng)
                console.say(f"chance: {chance_told(rules, state, move, seats)}")
            elif turn is not None:
                move = turn(state, player, rng)
            elif player == seat:
                assert policy is not None
                console.say(_position(rules, state, _human(rules, seat)))
                move = policy(rules, state, rng)
                console.say(f"computer: {rules.format_move(state, move)}")
            else:
                console.say(_position(rules, state, player))
                move = _ask(rules, state, console, marks[player] if player < len(marks) else "", hint)
            log.record(rules, state, move)
            state = rules.apply(state, move)
    except EndOfInput:
        console.say(ABANDONED)
        log.write("unfinished: the input ended")
        return 1
    console.say(_position(rules, state, _human(rules, seat)), _result_line(rules, state, len(log.lines)))
    log.write()
    return 0


def position_shown(rules: Rules[Any, Any], state: Any, computer: int | None) -> str:
    """The position as a terminal game with the computer at ``computer`` shows it: as the human to move sees it, else
    as the one human beside the computer does (all of it when more than one person plays at the terminal)."""
    player = rules.current_player(state)
    return _position(rules, state, player if 0 <= player != computer else _human(rules, computer))


def _position(rules: Rules[Any, Any], state: Any, player: int | None) -> str:
    """The position as ``player`` sees it (rules with hidden information offer ``render_view``), else all of it."""
    render_view = getattr(rules, "render_view", None)
    if render_view is None or player is None:
        return rules.render_text(state)
    return str(render_view(state, player))


def _human(rules: Rules[Any, Any], computer: int | None) -> int | None:
    """The one human's seat beside the computer's (None with more than one human)."""
    others = watchers(len(rules.player_names), computer)
    return others[0] if len(others) == 1 else None


def _ask(rules: Rules[Any, Any], state: Any, console: Console, mark: str, hint: str) -> Any:
    """A legal move from the human to move, asked again after a bad answer."""
    picker = MovePicker(rules, state, mark)
    name = rules.player_names[rules.current_player(state)]
    if picker.listed:
        console.say(f"{name}: pick a number or type a move", *picker.option_lines())
    else:
        console.say(f"{name}: {len(picker.moves)} legal moves; type one in log notation{hint}, "
                    "'list' to number them all or 'list WORD' to number those with WORD")
    return pick_answer(console, picker, help_text=f"type a move in log notation{hint}, a number from the list, 'list' or 'list WORD'")


def pick_answer(console: Console, picker: MovePicker, read: Callable[[], str] | None = None, help_text: str = "",
                shown: Callable[[str], str] = quoted) -> Any:
    """What ``picker`` offers, asked until an answer names one (``read``: default the console); ``list`` and
    ``list WORD`` number the choices, ``help`` prints ``help_text``, a refusal quotes the answer by ``shown``."""
    while True:
        answer = read() if read is not None else console.ask()
        listed = list_command(picker, answer)
        if listed is not None:
            console.say(*listed)
            continue
        if help_text and answer.lower() == "help":
            console.say(help_text)
            continue
        if not answer:
            continue
        try:
            return picker.pick(answer)
        except (NotationError, IllegalMove) as exc:
            console.say(f"{shown(answer)}: {exc}; try again")
