"""The rules of your own game: what a kit folder's ``rules.py`` writes.

Subclass :class:`Game` and fill in five methods over plain data (dicts, lists, numbers, strings, the
kit's card rows)::

    from printkit.kitrules import CHANCE, Game, Outcome, shuffle

    class CoinRace(Game):
        def setup(self):                   # the state at the start, from self.params and self.decks
            return {"deck": list(self.decks["cards"]), "to_move": CHANCE, ...}
        def to_move(self, state):          # the player to move (0, 1, ...) or CHANCE
            return state["to_move"]
        def chance(self, state):           # at a CHANCE state: what chance decides
            return shuffle("deck", len(state["deck"]))
        def moves(self, state):            # the legal moves of the player to move
            return [("play", card["title"]) for card in state["hands"][state["to_move"]]]
        def play(self, state, move):       # change the state (it is a copy of the engine's)
            ...
        def outcome(self, state):          # None while the game goes on
            return Outcome(0, "reached the goal") if ... else None

Everything else has a default: move notation (a move's text in a log), the text view of a position,
what each player sees (``private`` and ``hidden`` state keys) and is told of a chance move (:meth:`Game.tell_chance`),
the ``random`` player. Add players
as ``player_NAME(self, view, moves, rng)`` methods and abilities (for ``balance --abilities``) as
``ability_NAME(self, state, move) -> bool`` methods (or one ``uses(self, state, move, ability)``). A move another player completes in secret (an attack
and its defence, revealed together) comes from :meth:`Game.answers`: the answering player is asked through
``answer_NAME(self, view, answers, rng)`` (default: its ``player_NAME``), seeing the position before the
move, not the move. :meth:`Game.parse` and :meth:`Game.why_not` give a notation of its own and precise
refusals, :meth:`Game.counters` numbers for simulate, :meth:`Game.dialogue` a terminal dialogue of its own (:func:`take_turns` its usual loop; ``dialogue_seats``: the seatings it plays).
The printed kit may come from the rules too: ``rows_NAME(self)`` methods give the rows of a deck or token sheet
whose kit.toml entry says ``rules_rows = "NAME"``, :meth:`Game.sheet` values for rules.md (``{{ sheet.NAME }}``) and
:meth:`Game.checks` the kit's own checks of the printed pieces (:meth:`Game.sheet_checks`: of the rule sheet as rendered).
This module imports nothing else of printkit's
but the engine contract's small types, and its names are a stable API.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping, Protocol, Sequence

from printkit.rules.game import CHANCE, IllegalMove, NotationError, Outcome, drawn

__all__ = [
    "CHANCE", "Answered", "Board", "Chance", "Game", "Hidden", "IllegalMove", "NotationError", "Numbered", "Outcome", "Printed",
    "Record", "Roll", "Shown", "Shuffle", "Step", "Table", "choice", "dice", "grid_names", "odds", "play_refusal", "plural",
    "result_text", "shuffle", "take_turns",
]

MAX_LISTED_OUTCOMES = 10_000
"""A chance event with at most this many outcomes lists them (exact probabilities); larger ones are sampled."""


class Record(Mapping[str, Any]):
    """One row of the kit's data (a card, a token, a board space): read-only, typed as kit.toml declares.

    ``card["cost"]`` and ``card.cost`` read a column (an empty cell is None); ``str(card)`` is its
    label (the deck's ``label`` column, else the first column). Two copies of a card are equal.
    """

    __slots__ = ("__dict__", "_label", "_set", "_hash")
    # The columns live in the instance's __dict__: ``card.cost`` is a plain attribute look-up (rules read
    # rows in their innermost loops); the slots keep the row's own bookkeeping apart from its columns.

    def __init__(self, fields: Mapping[str, Any], label: str = "", set_name: str = "") -> None:
        object.__setattr__(self, "__dict__", {str(k): v for k, v in fields.items()})
        object.__setattr__(self, "_label", label)
        object.__setattr__(self, "_set", set_name)
        object.__setattr__(self, "_hash", None)

    @property
    def _fields(self) -> dict[str, Any]:
        return self.__dict__

    def __getitem__(self, key: str) -> Any:
        try:
            return self.__dict__[key]
        except KeyError:
            raise KeyError(_unknown("column", key, self.__dict__, f"of {self._set or 'this row'}")) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self.__dict__)

    def __len__(self) -> int:
        return len(self.__dict__)

    def __getattr__(self, key: str) -> Any:  # only reached for a column the row does not have
        if key.startswith("__"):  # a library probing for a protocol (copy, pickle, numpy)
            raise AttributeError(key)
        raise AttributeError(_unknown("column", key, self.__dict__, f"of {self._set or 'this row'}"))

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError("a card row is read-only: keep what changes in the state")

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash((self._set, tuple(sorted(self._fields.items(), key=repr)))))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Record):
            return self._set == other._set and self._fields == other._fields
        return isinstance(other, Mapping) and self._fields == dict(other)

    def __str__(self) -> str:
        return self._label

    def __repr__(self) -> str:
        return f"<{self._set or 'row'} {self._label!r}>"

    def __reduce__(self) -> Any:
        return (Record, (self._fields, self._label, self._set))

    @property
    def set_name(self) -> str:
        """The deck, token set or board this row belongs to."""
        return self._set


@dataclass(frozen=True, eq=False)
class Board:
    """A board of the kit as the rules see it: its spaces by name, and the data file's row of each space.

    A grid's cells are named as the board prints them: column letter and row number, ``A1`` at the top left, ``B1`` to
    its right, ``A2`` below it (after ``Z``: ``AA``, ``AB`` ...); a hex board's the same way by the row (``pointy``) or
    column (``flat``) each hex is drawn in. A track's spaces are its numbers (``0``, ``1`` ...)."""

    name: str
    shape: str
    """square, hex, track or spaces."""
    columns: int
    rows: int
    spaces: tuple[str, ...]
    """Every cell (A1, B1, ... row by row) or track space (0, 1, ...) in order: the names the art prints."""
    cells: Mapping[str, Record]
    """The data file's row of each space that has one, by space name."""
    orientation: str = "pointy"
    """hex boards: ``pointy`` (rows, odd rows shifted right: A2 sits between A1 and B1) or ``flat`` (columns, odd
    columns shifted down)."""

    def position(self, space: str) -> tuple[int, int]:
        """A grid cell's column and row, from 0 at the top left: ``position("C2") == (2, 1)``."""
        if self.shape not in ("square", "hex"):
            raise ValueError(f"board {self.name!r} is a {self.shape}, not a grid: its spaces have no column and row")
        index = self._index().get(str(space).upper())
        if index is None:
            raise KeyError(_unknown("space", space, dict.fromkeys(self.spaces), f"on board {self.name!r}"))
        return index % self.columns, index // self.columns

    def at(self, column: int, row: int) -> str | None:
        """The grid cell at ``column`` and ``row`` (from 0 at the top left), None off the board: ``at(2, 1) == "C2"``."""
        if self.shape not in ("square", "hex"):
            raise ValueError(f"board {self.name!r} is a {self.shape}, not a grid: its spaces have no column and row")
        return self.spaces[row * self.columns + column] if 0 <= column < self.columns and 0 <= row < self.rows else None

    def neighbours(self, space: str, diagonal: bool = False) -> list[str]:
        """The spaces next to ``space``, in the board's order (row by row): a square grid's up to four orthogonal
        neighbours (eight with ``diagonal=True``), a hex grid's up to six (``diagonal`` aside), a track's space before and
        after it (the first and last spaces meet when the track runs all round its frame). A ``spaces`` board has no
        geometry to go by: ValueError (keep its links in its data)."""
        key = (str(space), diagonal)
        known: dict[tuple[str, bool], tuple[str, ...]] = self.__dict__.setdefault("_known_neighbours", {})
        if key not in known:  # a game's moves() asks for the same spaces' neighbours turn after turn
            known[key] = tuple(self._neighbours(space, diagonal))
        return list(known[key])

    def _neighbours(self, space: str, diagonal: bool) -> list[str]:
        """:meth:`neighbours`, worked out."""
        if self.shape == "track":
            at = self._index().get(str(space))
            if at is None:
                raise KeyError(_unknown("space", space, dict.fromkeys(self.spaces), f"on track {self.name!r}"))
            ring = len(self.spaces) == 2 * (self.columns + self.rows) - 4 and len(self.spaces) > 2
            beside = {(at + step) % len(self.spaces) if ring else at + step for step in (-1, 1)}
            return [self.spaces[i] for i in sorted(beside) if 0 <= i < len(self.spaces) and i != at]
        column, row = self.position(space)
        if self.shape == "hex":
            steps = _HEX_STEPS[self.orientation == "flat"][(column if self.orientation == "flat" else row) % 2]
        else:
            steps = _DIAGONAL_STEPS if diagonal else _SQUARE_STEPS
        found = (self.at(column + dc, row + dr) for dc, dr in steps)
        return sorted((name for name in found if name is not None), key=self._index().__getitem__)

    def _index(self) -> dict[str, int]:
        """Each space's place in :attr:`spaces` (made once)."""
        index: dict[str, int] | None = self.__dict__.get("_by_name")
        if index is None:
            index = {name: i for i, name in enumerate(self.spaces)}
            object.__setattr__(self, "_by_name", index)
        return index


_SQUARE_STEPS = ((0, -1), (-1, 0), (1, 0), (0, 1))
_DIAGONAL_STEPS = (*_SQUARE_STEPS, (-1, -1), (1, -1), (-1, 1), (1, 1))
_HEX_STEPS = (
    (((-1, -1), (0, -1), (-1, 0), (1, 0), (-1, 1), (0, 1)),    # pointy, an even row (0, 2 ...: not shifted)
     ((0, -1), (1, -1), (-1, 0), (1, 0), (0, 1), (1, 1))),     # pointy, an odd row (shifted right)
    (((0, -1), (-1, -1), (1, -1), (-1, 0), (1, 0), (0, 1)),    # flat, an even column (not shifted)
     ((0, -1), (-1, 0), (1, 0), (-1, 1), (1, 1), (0, 1))),     # flat, an odd column (shifted down)
)
"""(column, row) steps to a hex's six neighbours, by orientation (pointy, flat) and by whether its row (pointy) or
column (flat) is shifted."""


@dataclass(frozen=True)
class Hidden:
    """What a player sees of something hidden from them: how many items it holds."""

    count: int

    def __str__(self) -> str:
        return f"({self.count} hidden)"

    def __len__(self) -> int:
        return self.count


@dataclass(frozen=True)
class Roll:
    """A chance move: the dice rolled, in order."""

    dice: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.dice)

    def __str__(self) -> str:
        return "roll " + " ".join(map(str, self.dice))


@dataclass(frozen=True)
class Shuffle:
    """A chance move: ``pile`` shuffled; ``order[i]`` is the old position of the item now at position ``i``."""

    pile: str
    order: tuple[int, ...]

    def apply(self, items: Sequence[Any]) -> list[Any]:
        """``items`` in the shuffled order."""
        if len(items) != len(self.order):
            raise IllegalMove(f"the shuffle of {self.pile} orders {len(self.order)} items, the pile holds {len(items)}")
        return [items[i] for i in self.order]

    def __str__(self) -> str:
        return f"shuffle {self.pile} " + " ".join(str(i + 1) for i in self.order)


@dataclass(frozen=True)
class Answered:
    """A move and another player's secret answer to it, revealed together: one move, one log line.

    Made by the engine when :meth:`Game.answers` offers answers to a move (an attack's commitment and
    the defence). ``move`` is the mover's choice, ``answer`` the answering player's; ``play`` and
    ``notation`` receive both at once. Default notation: ``attack 3 vs 2``.
    """

    move: Any
    answer: Any

    def __str__(self) -> str:
        return f"{notation(self.move)} vs {notation(self.answer)}"


@dataclass(frozen=True)
class Step:
    """One move of the rule sheet's example game, as :meth:`Game.sheet` is handed it."""

    line: str
    """The log line as written in rules.md's ```game block."""
    before: Any
    """The state before the move (the engine's: read it, do not change it)."""
    move: Any
    after: Any
    """The state after the move."""
    note: str = ""
    """The comment written after the move (``X C3   # takes the centre``), without its ``#``."""


@dataclass(frozen=True)
class Printed:
    """One printed piece, as :meth:`Game.checks` is handed it: its SVG id and classes, and its back."""

    id: str
    classes: tuple[str, ...]
    back: str
    """The same text for pieces whose backs look the same ('' for a single-sided piece): compare it to find a back
    that gives its face away."""


@dataclass(frozen=True)
class Shown:
    """A piece the kit prints, as :meth:`Game.pieces` and :meth:`Game.zones` name it for the browser table and the rule
    sheet's figures: the SVG id of its face (``token-X-3``, ``card-bomb``, drawn by kit.toml's layouts or an art hook
    alike) and the word the moves' notation calls it by (``bomb``: a move written ``X bomb C3, D4`` uses it), if any.
    ``player``: whose piece it is (a figure rings it in :attr:`Game.player_colours`; a piece without an id is a disc of
    that colour with its label); ``face_down``: a figure draws its printed back (its outline in the player's colour
    when it has none)."""

    id: str
    label: str = ""
    player: int | None = None
    face_down: bool = False

    def __str__(self) -> str:
        return self.label or self.id


class Table(Protocol):
    """What :meth:`Game.dialogue` is handed: the terminal, the computer and the game's log.

    printkit reads the answers (echoed when the input is piped, so a scripted game prints a transcript;
    without echo when secret on a real terminal), keeps the log, plays the computer's seat and ends the
    game cleanly when the input ends.
    """

    title: str
    state: Any
    """The state at the start (then keep the states :meth:`play` returns)."""
    rng: random.Random
    """The game's random generator, seeded by ``play --seed``: draw anything random of the dialogue's own with it, so
    that a seed repeats the game."""
    computer_player: str
    """The player the computer plays (``play --computer``: ``random``, ``mcts``, one of your ``player_NAME``), to name
    it in your greeting."""

    def say(self, *lines: str) -> None:
        """Print lines."""

    def ask_number(self, question: str, low: int, high: int, what: str, secret: bool = False) -> int:
        """Ask ``question`` after a ``> `` prompt until the answer is a whole number from ``low`` to ``high``
        (refusals: ``'x' is not a number: enter WHAT.``, ``'9' is out of range: enter WHAT.``)."""

    def ask(self, prompt: str = "> ", echo: bool = True) -> str:
        """Print ``prompt`` (no line break is added) and read one answer, stripped; ``echo=False``: a piped answer is not
        repeated after the prompt."""

    def options(self, state: Any, mark: str = "") -> list[str]:
        """The legal moves numbered, a few to a line (without the mover's ``mark``), when there are few enough to list
        (40 at most; else none): a number typed then picks one (:meth:`pick`)."""

    def pick(self, state: Any, answer: str, mark: str = "") -> Any:
        """The legal move ``answer`` names: a move in log notation (without the mover's ``mark`` too), or a number from
        the moves listed; ``list`` or ``list WORD`` prints the moves (those with WORD) numbered and returns None.
        Raises :class:`NotationError` or :class:`IllegalMove` saying why an answer names no legal move."""

    def is_computer(self, player: int) -> bool:
        """Whether the computer plays ``player``."""

    def computer_move(self, state: Any) -> Any:
        """The computer's move as the player to move (its own part: answers come from :meth:`computer_answer`)."""

    def computer_answer(self, state: Any, move: Any) -> Any:
        """The computer's secret answer to ``move`` (its player is shown the position, not ``move``)."""

    def chance_move(self, state: Any) -> Any:
        """At a state where chance moves (``to_move`` is ``CHANCE``): the move your :meth:`Game.chance` makes, drawn
        with :attr:`rng` (so ``--seed`` repeats it). Make it with :meth:`play` and show it with :meth:`told`."""

    def position(self, state: Any) -> str:
        """The position as the people at this terminal may see it: your :meth:`Game.text` of the view of the player to
        move when a person plays it, else of the one person playing the computer (all of it when nothing is hidden)."""

    def told(self, state: Any, move: Any) -> str:
        """A chance ``move`` as the people at this terminal may see it (your :meth:`Game.tell_chance`; the whole
        line when it hides nothing, "the deck is shuffled" style text when it does)."""

    def play(self, state: Any, move: Any) -> Any:
        """Make ``move`` (written to the log): the state after it."""


def take_turns(table: Table, game: Game, ask: Callable[[Any], Any]) -> Any:
    """The usual loop of a :meth:`Game.dialogue`: until the game ends, the position (``table.position``), then the move of
    the player to move, the computer's shown after ``> `` (``game.notation``), a human's from ``ask(state)``, chance's
    drawn by ``table.chance_move`` and shown as ``table.told`` says; played through ``table.play`` (so logged).
    Returns the final state."""
    state = table.state
    while game.outcome(state) is None:
        if game.to_move(state) == CHANCE:
            move = table.chance_move(state)
            table.say(f"chance: {table.told(state, move)}")
            state = table.play(state, move)
            continue
        table.say(table.position(state))
        if table.is_computer(game.to_move(state)):
            move = table.computer_move(state)
            table.say(f"> {game.notation(state, move)}")
        else:
            move = ask(state)
        state = table.play(state, move)
    return state


# --- small helpers a rules.py may use ----------------------------------------------------------------------------------


def play_refusal(game: Game, state: Any, move: Any) -> str | None:
    """A :meth:`Game.why_not` for rules whose :meth:`Game.play` refuses an illegal move itself (``play_checks_moves``):
    the reason its IllegalMove gives, or None. Opt in with ``why_not = play_refusal`` in the class."""
    try:
        game.after(state, move)
    except IllegalMove as exc:
        return str(exc)
    return None


def plural(count: int, word: str) -> str:
    """``1 token``, ``3 tokens``: a count and its word, with an s unless the count is 1."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def result_text(outcome: Outcome | None, names: Sequence[str]) -> str:
    """An outcome in words for a rule sheet: ``unfinished``, ``a draw`` or ``Alice wins (line)``."""
    if outcome is None:
        return "unfinished"
    return "a draw" if outcome.winner is None else f"{names[outcome.winner]} wins ({outcome.reason})"


def grid_names(columns: int, rows: int) -> tuple[str, ...]:
    """A grid's cells named as :class:`Board` names them, row by row: ``A1``, ``B1`` ... (after ``Z``: ``AA``, ``AB``)."""
    return tuple(f"{_column(column)}{row + 1}" for row in range(rows) for column in range(columns))


def _column(index: int) -> str:
    """A column's letters: 0 -> A, 25 -> Z, 26 -> AA."""
    return _column(index // 26 - 1) + chr(65 + index % 26) if index >= 26 else chr(65 + index)


class Numbered:
    """Printed pieces handed out one by one, numbered by kind as the kit prints them: ``ids = Numbered()``, then
    ``ids("token-X")`` is ``token-X-1``, the next ``token-X-2`` (for :meth:`Game.pieces`)."""

    def __init__(self) -> None:
        self.taken: dict[str, int] = {}

    def __call__(self, kind: str) -> str:
        self.taken[kind] = self.taken.get(kind, 0) + 1
        return f"{kind}-{self.taken[kind]}"


class Chance:
    """What chance decides at a CHANCE state: made by :func:`dice`, :func:`shuffle` or :func:`choice`."""

    def sample(self, rng: random.Random) -> Any:
        raise NotImplementedError

    def outcomes(self) -> list[tuple[Any, float]] | None:
        """Every outcome with its probability, or None when there are too many to list."""
        raise NotImplementedError

    def parse(self, text: str) -> Any:
        """The outcome written ``text``; IllegalMove when it is not one."""
        raise NotImplementedError


@dataclass(frozen=True)
class _Dice(Chance):
    count: int
    sides: int

    def sample(self, rng: random.Random) -> Roll:
        return Roll(tuple(rng.randint(1, self.sides) for _ in range(self.count)))

    def outcomes(self) -> list[tuple[Any, float]] | None:
        if self.sides ** self.count > MAX_LISTED_OUTCOMES:
            return None
        p = 1.0 / self.sides ** self.count
        return [(Roll(faces), p) for faces in itertools.product(range(1, self.sides + 1), repeat=self.count)]

    def parse(self, text: str) -> Roll:
        words = text.split()
        if not words or words[0].lower() != "roll" or not all(w.isdigit() for w in words[1:]):
            raise IllegalMove(f"expected a roll of {self.count} d{self.sides}, such as 'roll {' '.join(['1'] * self.count)}'")
        faces = tuple(int(w) for w in words[1:])
        if len(faces) != self.count or not all(1 <= f <= self.sides for f in faces):
            raise IllegalMove(f"expected {plural(self.count, 'die face')} from 1 to {self.sides}")
        return Roll(faces)


@dataclass(frozen=True)
class _Shuffle(Chance):
    pile: str
    size: int

    def sample(self, rng: random.Random) -> Shuffle:
        order = list(range(self.size))
        rng.shuffle(order)
        return Shuffle(self.pile, tuple(order))

    def outcomes(self) -> list[tuple[Any, float]] | None:
        if math.factorial(self.size) > MAX_LISTED_OUTCOMES:
            return None
        p = 1.0 / math.factorial(self.size)
        return [(Shuffle(self.pile, order), p) for order in itertools.permutations(range(self.size))]

    def parse(self, text: str) -> Shuffle:
        words = text.split()
        if len(words) < 2 or words[0].lower() != "shuffle" or words[1] != self.pile:
            raise IllegalMove(f"expected 'shuffle {self.pile}' and the new order of its {self.size} items")
        try:
            order = tuple(int(w) - 1 for w in words[2:])
        except ValueError:
            raise IllegalMove(f"the order of a shuffle is numbers from 1 to {self.size}") from None
        if sorted(order) != list(range(self.size)):
            raise IllegalMove(f"the order of a shuffle of {self.pile} names each of 1 to {self.size} once")
        return Shuffle(self.pile, order)


@dataclass(frozen=True)
class _Choice(Chance):
    moves: tuple[Any, ...]
    weights: tuple[float, ...]

    weighted: bool = False

    def sample(self, rng: random.Random) -> Any:
        if self.weighted:  # one uniform number, mapped by the weights' running total
            return rng.choices(self.moves, self.weights)[0]
        return self.moves[rng.randrange(len(self.moves))]

    def outcomes(self) -> list[tuple[Any, float]] | None:
        total = sum(self.weights)
        return [(m, w / total) for m, w in zip(self.moves, self.weights)]

    def parse(self, text: str) -> Any:
        raise IllegalMove("listed outcomes are read by their notation")  # the engine matches listed outcomes


@dataclass(frozen=True)
class _Odds(_Choice):
    listed: tuple[tuple[Any, float], ...] = ()

    def sample(self, rng: random.Random) -> Any:
        return drawn(self.listed, rng)

    def outcomes(self) -> list[tuple[Any, float]] | None:
        return list(self.listed)


def dice(count: int = 1, sides: int = 6) -> Chance:
    """``count`` dice of ``sides`` sides; the move is a :class:`Roll` (``move.dice``, ``move.total``)."""
    if count < 1 or sides < 2:
        raise ValueError(f"dice({count}, {sides}): at least one die of at least two sides")
    return _Dice(count, sides)


def shuffle(pile: str, size: int) -> Chance:
    """A pile of ``size`` items shuffled; the move is a :class:`Shuffle` (``move.apply(items)``)."""
    if size < 0:
        raise ValueError(f"shuffle({pile!r}, {size}): a size of at least 0")
    return _Shuffle(pile, size)


def choice(outcomes: Sequence[Any] | Mapping[Any, float]) -> Chance:
    """One of ``outcomes``: a list (each as likely: one ``rng.randrange``) or a mapping of outcome to weight (drawn by
    weight: one ``rng.random()`` against the weights' running total)."""
    if isinstance(outcomes, Mapping):
        moves, weights = tuple(outcomes), tuple(float(w) for w in outcomes.values())
    else:
        moves, weights = tuple(outcomes), (1.0,) * len(outcomes)
    if not moves or any(w < 0 for w in weights) or sum(weights) <= 0:
        raise ValueError("choice(): at least one outcome, weights of at least 0 adding up to more than 0")
    return _Choice(moves, weights, isinstance(outcomes, Mapping))


def odds(outcomes: Sequence[tuple[Any, float]]) -> Chance:
    """Each of ``outcomes`` with its probability, drawn as printkit's Python engines draw chance
    (:func:`printkit.rules.game.chance_move`: one ``rng.random()`` against the running total of the probabilities), so a
    game moved from such an engine into rules.py keeps every seeded game (SiTTeRS' dice)."""
    listed = tuple((move, float(p)) for move, p in outcomes)
    if not listed or any(p < 0 for _, p in listed):
        raise ValueError("odds(): at least one outcome, probabilities of at least 0")
    return _Odds(tuple(m for m, _ in listed), tuple(p for _, p in listed), True, listed)


class Game:
    """A game's rules: subclass it in rules.py. The engine makes one per set of parameters.

    ``self.params`` holds kit.toml's ``[params]`` (``self.params.hand_size`` or ``self.params["hand_size"]``);
    ``self.decks``, ``self.tokens`` and ``self.boards`` hold the kit's data by name: every card of a deck
    as a :class:`Record`, one per copy, in the data file's order.
    """

    players: int = 2
    """How many players the game has."""
    player_names: tuple[str, ...] = ()
    """Their names in messages and logs (default: Player 1, Player 2, ...)."""
    private: tuple[str, ...] = ()
    """State keys holding one entry per player (a hand): only that player sees their entry."""
    hidden: tuple[str, ...] = ()
    """State keys nobody sees (a face-down draw pile): players see how many items they hold."""
    per_player: tuple[str, ...] = ()
    """State keys holding one entry per player that everyone sees (scores, coins): shown with the players' names."""
    internal: tuple[str, ...] = ()
    """State keys of bookkeeping (a flag such as ``over``, a turn counter): the default :meth:`text` and the browser
    table (``play --web``) leave them out."""
    endings: tuple[str, ...] = ()
    """The ways a game can end: each outcome's reason starts with one. verify checks each is reached."""
    aids: tuple[str, ...] = ()
    """Decks printed as play aids that the rules do not deal (commit cards, reference cards): verify does not
    look for their cards in the state."""
    max_moves: int = 10_000
    """A game longer than this is stopped and reported (a game that never ends is a bug in the rules)."""
    player_colours: tuple[str, ...] = ()
    """The players' colours (``#rrggbb``, in player order) in the rule sheet's figures: a :class:`Shown` piece's ring and
    a marker's disc (default: dark blue, yellow, green, white, which stay apart printed in greyscale)."""
    strongest: str = ""
    """The player the computer plays by default in a terminal game (default: the last one defined)."""
    marks: tuple[str, ...] = ()
    """Short names of the players besides their names (``("X", "O")``): ``play --side X`` takes them, and a move typed
    at the terminal may leave out the mover's mark (``C3`` for ``X C3``)."""
    dialogue_seats: tuple[int | None, ...] | None = None
    """The seatings your :meth:`dialogue` plays: the computer's seat (0, 1, ...) or None for two players at the terminal
    (``(1,)``: only against a computer in the second seat); every other seating gets printkit's own terminal game.
    Default: None, every seating."""
    abandoned: str = ""
    """What a terminal game of your :meth:`dialogue` says when the input ends before the game does (default: an empty
    line, then ``Input ended before the game was over: the game is abandoned.``)."""
    hint: str = ""
    """Words added to the terminal's prompt after "type one in log notation" (``" (e.g. 'C3')"``)."""
    allowed: Callable[[Any, Any], bool] | None = None
    """While a player of yours chooses under ``balance --abilities`` (one ability taken away from its seat): whether it
    may play a move, ``self.allowed(state, move)``; None otherwise. A player handed ``moves`` gets the allowed ones;
    one that builds its move itself asks this (``[m for m in mine if self.allowed(state, m)] or mine``)."""
    play_checks_moves: bool = False
    """True when :meth:`play` refuses every illegal move itself (raising :class:`IllegalMove` with the reason, and
    changing nothing): the engine then tests a move by playing it instead of listing every legal move first, which a
    game with hundreds of legal moves a turn needs to play quickly. Default: the engine lists them."""
    playout: str = ""
    """The player the ``mcts`` player's playouts use (a ``player_NAME`` method's NAME; default: random moves). A
    better playout makes the search stronger, a slower one gives it fewer iterations a second."""
    playout_depth: int = 0
    """With :meth:`score`: the ``mcts`` player's playouts stop after this many moves, the leader by score counting as
    the winner (0: every playout plays to the end). For long games whose standing tells who is ahead."""
    counts_moves: bool = True
    """Whether ``simulate``'s figures count the legal moves at each decision (branching, forced moves). False (or a
    property) where listing a turn's every move costs far more than playing it: those figures are then left out."""

    def __init__(self, params: Mapping[str, Any], decks: Mapping[str, Sequence[Record]],
                 tokens: Mapping[str, Sequence[Record]], boards: Mapping[str, Any]) -> None:
        self.params = params if hasattr(type(params), "__dataclass_fields__") else _Params(params)  # typed: as given
        self.decks = _Named("deck", decks)
        self.tokens = _Named("token set", tokens)
        self.boards = _Named("board", boards)

    # --- what a game must write ---------------------------------------------------------------
    def setup(self) -> Any:
        """The state at the start of a game (plain data: a dict of lists, numbers, strings, rows)."""
        raise NotImplementedError("rules.py: write setup(self), returning the state at the start")

    def to_move(self, state: Any) -> int:
        """The player to move (0 for the first), or CHANCE. Default: ``state["to_move"]``."""
        return int(state["to_move"])

    def moves(self, state: Any) -> Sequence[Any]:
        """The legal moves of the player to move: strings, tuples or small dicts, in a stable order."""
        raise NotImplementedError("rules.py: write moves(self, state), returning the legal moves")

    def play(self, state: Any, move: Any) -> Any:
        """Make ``move``: change ``state`` in place (it is the engine's copy) or return a new state."""
        raise NotImplementedError("rules.py: write play(self, state, move)")

    def outcome(self, state: Any) -> Outcome | None:
        """None while the game goes on; else ``Outcome(winner, reason, scores)`` (winner None: a draw)."""
        raise NotImplementedError("rules.py: write outcome(self, state)")

    def chance(self, state: Any) -> Chance | Sequence[Any] | Mapping[Any, float]:
        """At a CHANCE state: :func:`dice`, :func:`shuffle`, :func:`choice`, or a list of equally likely moves."""
        raise NotImplementedError("rules.py: to_move returned CHANCE: write chance(self, state)")

    # --- secret answers (a move another player completes unseen) ------------------------------------
    def answers(self, state: Any, move: Any) -> Sequence[Any]:
        """The answers another player may give to ``move`` of the player to move, chosen in secret (without
        seeing ``move``) and revealed with it, such as a defence against an attack's hidden commitment.
        Default: none, ``move`` stands alone. When there are some, the legal move is ``Answered(move, answer)``
        for each answer: ``play`` and ``notation`` get both. ``moves`` lists the mover's own choices only."""
        return ()

    def answered_by(self, state: Any, move: Any) -> int:
        """The player who answers ``move`` (see :meth:`answers`). Default: the next player."""
        return (self.to_move(state) + 1) % self.players

    # --- what a game may change -----------------------------------------------------------------
    def dialogue(self, table: Table) -> None:
        """A terminal dialogue of your own for ``printkit play`` (your wording, your questions): play one game
        from ``table.state`` through ``table.play`` until it ends. Default: printkit's own dialogue (the
        position, then the legal moves to pick from)."""
        raise NotImplementedError

    def sheet(self, example: Sequence[Step]) -> Mapping[str, Any]:
        """Values for the rule sheet, computed from the rules: rules.md reads them as ``{{ sheet.NAME }}`` (numbers,
        text, lists, dicts). ``example`` is the rule sheet's example game (its ```game block) replayed, one
        :class:`Step` per move (empty without one), for a table of the example with its arithmetic. Default: none."""
        return {}

    def checks(self, printed: Mapping[str, Sequence[Printed]]) -> Sequence[str | tuple[str, str]]:
        """The kit's own checks of what is printed: ``printed`` holds every deck, token sheet and board by name, a
        :class:`Printed` per piece. Return problems as text (errors) or ``("warning", text)``; build and verify report
        them with the other findings. Default: none."""
        return ()

    def sheet_checks(self, text: str) -> Sequence[str | tuple[str, str]]:
        """The kit's own checks of the rule sheet: ``text`` is rules.md as rendered (Markdown, every ``{{ ... }}`` filled
        in), to hold what it prints (a scoring table, a cost) to what the rules compute. Return problems as
        :meth:`checks` does; build and verify report them with the other findings. Default: none."""
        return ()

    def counters(self, state: Any) -> Mapping[str, float]:
        """Numbers of a finished game (``state`` is its end) that ``simulate`` and ``balance`` report beside the
        results as means a game (``--json``: ``counters_per_game``, and ``extra`` their sums):
        ``{"cap_reached": state["capped"], f"longest_{n}": 1}`` (True counts 1: its mean is the share of games). Keep
        what you want counted in the state. A counter named ``largest_...`` is the largest over the games instead
        (``{"largest_hand": max(state["hand_sizes"])}``). Default: none."""
        return {}

    def summary(self, counted: Mapping[str, float], games: int) -> Mapping[str, float]:
        """Figures over ``games`` simulated games that ``simulate`` and ``balance`` report after the counters: means,
        spreads (``{"mean_margin": counted["margin"] / games}``); ``counted`` holds the sums of :meth:`counters` (one
        that was 0 in every game reads 0). Default: none."""
        return {}

    def parse(self, state: Any, text: str) -> Any:
        """The move a log line or a typed move ``text`` means, for games with a notation of their own (an
        optional player tag, several spellings). Raise :class:`NotationError` when ``text`` is not a move at
        all and :class:`IllegalMove` when it is one the rules refuse here, saying why. Default: None, the
        engine then finds the legal move whose :meth:`notation` is ``text``."""
        return None

    def why_not(self, state: Any, move: Any) -> str | None:
        """Why ``move`` is not legal in ``state``, for the messages of replay, the terminal and tests.
        Default: None (the message then lists the legal moves).

        It is asked about moves the engine holds: those :meth:`parse` returns and the browser table's clicks. Without a
        :meth:`parse` of its own a log line is matched against the legal moves' notations, and a line naming none of
        them lists the legal moves: give the game a :meth:`parse` for this method to explain such lines."""
        return None

    def notation(self, state: Any, move: Any) -> str:
        """A move's text in a log and at the terminal. Default: derived from the move's data."""
        return notation(move)

    def view(self, state: Any, player: int) -> Any:
        """What ``player`` sees of ``state``. Default: the state, with ``private`` entries of the other
        players and ``hidden`` keys replaced by :class:`Hidden` counts."""
        if not (self.private or self.hidden) or not isinstance(state, Mapping):
            return state
        seen = dict(state)
        for key in self.hidden:
            if key in seen:
                seen[key] = Hidden(len(seen[key]))
        for key in self.private:
            if key in seen:
                seen[key] = [entry if i == player else Hidden(len(entry)) for i, entry in enumerate(seen[key])]
        return seen

    def tell_chance(self, state: Any, move: Any, player: int) -> str | None:
        """What ``player``, watching the game (``printkit play``), is told of the chance move ``move`` at ``state``: one
        line, or None for printkit's default, decided from :meth:`view`: the move as logged when the player would see
        any other outcome differently (a die roll, a card turned face up, a card drawn into their own hand); for a
        shuffle they cannot follow, ``the deck is shuffled`` (naming the pile); for another move hidden from them, the
        parts of their view it changed. The log keeps the move itself, so ``printkit replay`` shows it all."""
        return None

    def score(self, state: Any, player: int) -> float:
        """How well ``player`` stands now, higher is better (points, stars, material): the standings behind the
        lead changes, drama and decisiveness that ``simulate`` and ``balance`` report. Optional: not written, those
        figures are left out (the results, scores and lengths are still reported)."""
        raise NotImplementedError

    def determinize(self, view: Any, player: int, rng: random.Random) -> Any:
        """A full state that ``player``, seeing ``view`` (what :meth:`view` showed them), cannot tell from the real one:
        every hidden item filled in, drawn with ``rng`` as the player would guess it. The ``mcts`` player calls it
        (it is handed views only, never the state). Default: each :class:`Hidden` pile or hand of the view filled
        with the components dealt at setup that the view does not show, at random; write it when that is not
        exact (cards that leave the game unseen, cards a player saw go into a hand) or not possible (a hidden
        entry that is not a list of items). ``view`` is a copy: change it and return it."""
        raise NotImplementedError

    def text(self, state: Any) -> str:
        """The position as text for a terminal and ``printkit replay``. Default: one line per state key but the
        :attr:`internal` ones, each player's entry of a :attr:`private` key (a hand) sorted by its items' text."""
        if not isinstance(state, Mapping):
            return str(state)
        names = self.names()
        lines = []
        for key, value in state.items():
            if key in self.internal:
                continue
            if key == "to_move":
                value = "chance" if value == CHANCE else names[value] if isinstance(value, int) and 0 <= value < len(names) else value
            if key in self.private and isinstance(value, (list, tuple)):
                value = [sorted(entry, key=value_text) if isinstance(entry, (list, tuple)) else entry for entry in value]
            lines.append(f"{key}: {value_text(value, names if key in self.private or key in self.per_player else None)}")
        return "\n".join(lines)

    def greeting(self, seating: str) -> str | None:
        """The first line of a terminal game; ``seating`` says who plays (``two players``, ``the computer (greedy) plays
        O``). Default: ``---- TITLE ----``; None: no greeting line, the game starts with the position."""
        return ""

    def first_player(self, state: Any) -> int | None:
        """The player who made the first move, once known (a game where chance decides who starts). Default: None,
        simulate then counts whoever moved first itself."""
        return None

    def as_json(self, state: Any) -> Any:
        """The position as JSON data (``replay --json``). Default: None, the state's own data (rows as objects, hidden
        items as counts)."""
        return None

    def uses(self, state: Any, move: Any, ability: str) -> bool:
        """Whether ``move`` uses ``ability`` (one of :meth:`abilities`), for ``balance --abilities``: one method for every
        ability, instead of an ``ability_NAME(state, move)`` each. Default: the ``ability_NAME`` method."""
        raise NotImplementedError

    def abilities(self) -> Sequence[str]:
        """The abilities ``balance --abilities`` may take away, with these parameters: names of ``ability_NAME``
        methods (default: every one; a game without Bomb cards has none to take away). A name with hyphens is answered
        by the method with underscores (``extra-turn``: ``ability_extra_turn``), or every name by :meth:`uses`."""
        return sorted(name[len("ability_"):] for name in dir(type(self))
                      if name.startswith("ability_") and callable(getattr(type(self), name)))

    def board_cells(self) -> Mapping[str, Any]:
        """The spaces the rules play on, each with the SVG classes its printed cell must carry (``{"A1": {"cell"}}``):
        verify checks that the board artwork draws exactly these. Default: none (no check)."""
        return {}

    def pieces(self, state: Any) -> Mapping[str, Mapping[str, Any]]:
        """Where pieces stand on the kit's boards, for the rule sheet's figures (``![After move 3](game:3)``):
        board name -> space name -> a short label, or a list of labels (a :class:`Shown` piece: the browser table draws
        that printed piece there). Default: none."""
        return {}

    def zones(self, view: Any) -> Mapping[str, Any] | None:
        """What the browser table lays out beside the boards for a player seeing ``view``: zone name -> what it holds
        (a list of cards or tokens: rows, or :class:`Shown` printed pieces; a number or text: a counter), laid out as a
        state's keys are (a name in ``private`` or ``per_player`` holds one entry per player, in each player's area).
        Default: ``view`` itself when it is a dict (its keys are the zones), else None (the position's text). Write it
        when the state is not a dict, or holds counts where the players see printed pieces (cards left in a hand)."""
        return view if isinstance(view, Mapping) else None

    def names(self) -> tuple[str, ...]:
        """The players' names."""
        given = tuple(self.player_names)
        return given + tuple(f"Player {i + 1}" for i in range(len(given), self.players))

    # --- helpers ---------------------------------------------------------------------------------
    def after(self, state: Any, move: Any) -> Any:
        """The state after ``move``, leaving ``state`` as it was (for players that look ahead)."""
        copied = copy_state(state)
        result = self.play(copied, move)
        return copied if result is None else result


class _Params(Mapping[str, Any]):
    """kit.toml's ``[params]``: ``params.hand_size`` or ``params["hand_size"]`` (a group: ``params.abilities.bomb``)."""

    def __init__(self, values: Mapping[str, Any]) -> None:
        self._values = {key: _Params(value) if isinstance(value, Mapping) else value for key, value in values.items()}
        for key, value in self._values.items():  # plain attributes: a playout reads them at every move
            if key.isidentifier() and not hasattr(type(self), key):
                self.__dict__[key] = value

    def __getitem__(self, key: str) -> Any:
        try:
            return self._values[key]
        except KeyError:
            raise KeyError(_unknown("parameter", key, self._values, "in kit.toml's [params]")) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __getattr__(self, key: str) -> Any:
        try:
            return self._values[key]
        except KeyError:
            raise AttributeError(_unknown("parameter", key, self._values, "in kit.toml's [params]")) from None


class _Named(dict):  # type: ignore[type-arg]
    """The kit's decks, token sets or boards by name (a plain dict to read): a name the kit does not have is a KeyError
    that names those it has."""

    def __init__(self, kind: str, items: Mapping[str, Any]) -> None:
        super().__init__(items)
        self.kind = kind

    def __missing__(self, key: Any) -> Any:
        raise KeyError(_unknown(self.kind, key, self, "in kit.toml"))


def _unknown(kind: str, key: Any, known: Mapping[str, Any], where: str) -> str:
    """``no deck 'spice' in kit.toml (decks: spices; did you mean 'spices'?)``."""
    import difflib

    names = [str(name) for name in known]
    close = difflib.get_close_matches(str(key), names, n=1) if isinstance(key, str) else []
    listed = ", ".join(names[:12]) + (", ..." if len(names) > 12 else "") or "none"
    plural = "token sets" if kind == "token set" else f"{kind}s"
    shown = repr(key) if len(repr(key)) <= 60 else repr(key)[:60] + "..."
    return f"no {kind} {shown} {where} ({plural}: {listed}{'; did you mean ' + repr(close[0]) + '?' if close else ''})"


def notation(move: Any) -> str:
    """The default text of a move: a string as it is, a tuple's or dict's values joined by spaces, a card by its label."""
    if isinstance(move, str):
        return move
    if isinstance(move, (Record, Answered)):
        return str(move)
    if isinstance(move, Mapping):
        return " ".join(notation(v) for v in move.values())
    if isinstance(move, (tuple, list)):
        return " ".join(notation(v) for v in move)
    if isinstance(move, bool) or move is None:
        return str(move).lower()
    return str(move)


_COPIED = frozenset({dict, list, set, tuple})
"""The types :func:`copy_state` looks into (a tuple only to copy what it holds)."""


def copy_state(state: Any) -> Any:
    """A copy of plain state data: dicts, lists and sets copied all the way down, everything else shared."""
    kind = type(state)
    if kind is dict:
        return {k: copy_state(v) if type(v) in _COPIED else v for k, v in state.items()}
    if kind is list:
        return [copy_state(v) if type(v) in _COPIED else v for v in state]
    if kind is set:
        return set(state)
    if kind is tuple:
        return tuple(copy_state(v) for v in state) if any(type(v) in (dict, list, set) for v in state) else state
    return state


def value_text(value: Any, names: Sequence[str] | None = None) -> str:
    """A state value as text: rows by their labels, per-player lists with the players' names."""
    if names is not None and isinstance(value, (list, tuple)) and len(value) == len(names):
        return "; ".join(f"{name}: {value_text(v)}" for name, v in zip(names, value))
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(value_text(v) for v in value) + "]" if len(value) <= 30 else f"[{len(value)} items]"
    if isinstance(value, Mapping) and not isinstance(value, Record):
        return "{" + ", ".join(f"{k}: {value_text(v)}" for k, v in value.items()) + "}"
    return str(value)
