"""A designer's :class:`printkit.kitrules.Game` as the engine contract every command plays (printkit.rules.game).

Every call into the designer's code goes through :meth:`KitRules.call`, so an exception there is one
:class:`RulesError` naming rules.py's file and line, the method and the move or state at hand. The
engine keeps its states unchanged: ``play`` is handed a copy (:func:`printkit.kitrules.copy_state`),
except in :func:`playouts`, which only goes forward and lets ``play`` change the one state in place.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Callable

from printkit.kitgame.blame import RulesError, blame, short, theirs
from printkit.kitgame.guess import Guesser, GuessError
from printkit.kitgame.seen import told_chance
from printkit.kitgame.setup import KitSetup, numbers_as_text
from printkit.kitrules import (
    CHANCE,
    Answered,
    Chance,
    Game,
    Hidden,
    IllegalMove,
    NotationError,
    Outcome,
    Record,
    choice,
    copy_state,
)
from printkit.rules.game import random_policy
from printkit.rules.metrics import TRACED, Trace
from printkit.rules.metrics import ended as count_ends
from printkit.rules.simulate import MAXIMUM_PREFIX, GameFailure, Tally, result_of
from printkit.userinput.text import shortened

LISTED = 12
"""Legal moves named in an error about a move that is not one of them."""
LISTED_WIDTH = 40
"""Characters of each of those moves shown (a move written from a 120 KB card title is shown short: the line stays
within the bound of every error line)."""
ENGINE_HOOKS = frozenset({"score", "determinize", "secret_parts", "sample_chance"})
"""Optional hooks of the engine contract (looked for with ``getattr(rules, NAME, None)``) that the engine has only when
the rules write them: never read through to the game, whose defaults say "not written"."""


def _normal(text: str) -> str:
    return " ".join(text.split()).casefold()


class KitRules:
    """The engine contract for one kit setup: states are the designer's plain data."""

    def __init__(self, game_class: type[Game], setup: KitSetup, folder: Path, display: str, rules_name: str) -> None:
        self.folder, self.display, self.setup, self.rules_name = folder, display, setup, rules_name
        self.game = self.call(lambda: game_class(setup.params, setup.decks, setup.tokens, setup.boards), "making the game")
        self.players: int = self._checked_players()
        self.player_names: tuple[str, ...] = self._checked_names()
        self.endings: tuple[str, ...] = self._checked_texts("endings")
        moves = self.call(lambda: self.game.max_moves, "reading max_moves")
        if not isinstance(moves, int) or isinstance(moves, bool) or moves < 1:
            raise self.fail(f"max_moves = {short(moves)}: expected a whole number of moves above 0")
        kind = type(self.game)
        self.answered = kind.answers is not Game.answers
        """Whether the rules ask for secret answers (:meth:`Game.answers`)."""
        if self.answered:  # the search decides a secret answer apart from the move (rules/mcts.py)
            self.secret_parts = self._secret_parts
        if kind.private or kind.hidden or kind.view is not Game.view or kind.determinize is not Game.determinize:
            self.determinize = self._determinize  # hidden information: the search samples what a seat cannot see
        self._dealt: Any = None
        self._guesser: Guesser | None = None
        if kind.score is not Game.score:  # standings for the designers' figures (printkit/rules/metrics.py)
            self.score = lambda state, player: self.call(lambda: self.game.score(state, player), "in score()")
        self.counts_moves = bool(self.call(lambda: self.game.counts_moves, "reading counts_moves"))
        """Whether the figures count each decision's legal moves (:attr:`Game.counts_moves`)."""

    def __getattr__(self, name: str) -> Any:
        """The game's own helpers (``rules.geo``, ``rules.scores(board)``), read through the engine; never one of the
        engine contract's optional hooks (:data:`ENGINE_HOOKS`)."""
        if name.startswith("__") or "game" not in self.__dict__ or name in ENGINE_HOOKS:
            raise AttributeError(name)
        return getattr(self.game, name)

    def _checked_players(self) -> int:
        count = self.call(lambda: self.game.players, "reading players")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise self.fail(f"players = {short(count)}: expected the number of players (2 or more)")
        return count

    def _checked_names(self) -> tuple[str, ...]:
        names = self.call(self.game.names, "naming the players")
        if isinstance(names, str) or not isinstance(names, (list, tuple)) or len(names) < self.players \
                or not all(isinstance(name, str) and name.strip() for name in names):
            raise self.fail(f"the players' names are {short(names)}: expected player_names = (\"...\", ...), "
                            f"one text for each of the {self.players} players")
        return tuple(names)

    def _checked_texts(self, name: str) -> tuple[str, ...]:
        value = self.call(lambda: getattr(self.game, name), f"reading {name}")
        if isinstance(value, str) or not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
            raise self.fail(f"{name} = {short(value)}: expected a tuple of texts, such as {name} = (\"...\", \"...\")")
        return tuple(value)

    # --- calling the designer's code ----------------------------------------------------------
    def call(self, call: Callable[[], Any], doing: str | Callable[[], str]) -> Any:
        """``call()`` into the designer's code; what it raises is theirs: one line naming rules.py's line and ``doing``
        (what it was handling)."""
        try:
            return call()
        except RulesError:
            raise
        except BaseException as exc:  # the designer's code: what it raises is theirs (a real Ctrl-C aside)
            raise self.blame(exc, doing if isinstance(doing, str) else doing()) from None

    def blame(self, exc: BaseException, doing: str) -> RulesError:
        """``exc``, raised by the designer's code while ``doing``, as their error (with the fix of a likely slip)."""
        return blame(exc, self.folder, self.display, doing, self.hint(exc))

    def hint(self, exc: BaseException) -> str:
        """The fix of a likely slip behind ``exc``: numbers read as text (a column ``types`` does not declare)."""
        if not isinstance(exc, TypeError) or "str" not in str(exc):
            return ""
        found = numbers_as_text(self.setup)
        if not found:
            return ""
        where = "; ".join(f"{kind} {name!r}: {', '.join(columns)}" for kind, name, columns in found[:3])
        first = found[0][2][0]
        return (f"columns that hold numbers reach the rules as text unless kit.toml declares their type ({where}): "
                f"add types = {{ {first} = \"integer\" }} (or \"number\") to their [[{found[0][0]}]]")

    @property
    def max_moves(self) -> int:
        return int(self.game.max_moves)

    def endless(self, state: Any, recent: Sequence[str]) -> RulesError:
        """The error for a game stopped at ``max_moves`` (``recent``: its last moves' notation)."""
        return self.fail(f"a game did not end within {self.max_moves:,} moves (max_moves): does every game end? "
                         f"The last moves: {', '.join(recent)}; state {short(state)}")

    def fail(self, message: str) -> RulesError:
        """A contradiction in the rules (not an exception), named by the rules file."""
        return RulesError(f"{self.rules_name}: {message}")

    # --- the engine contract --------------------------------------------------------------------
    def initial_state(self) -> Any:
        return self.call(self.game.setup, "in setup(), making the state at the start")

    def hot(self, method: Callable[[Any], Any], state: Any, name: str, player: int | None = None) -> Any:
        """The designer's ``method(state)``, called for every move (so without :meth:`call`'s closures); an exception in
        it is theirs: in ``name``, with the state (or, given ``player``, listing that player's moves)."""
        try:
            return method(state)
        except RulesError:
            raise
        except BaseException as exc:  # the designer's code (a real Ctrl-C goes on as it is)
            doing = f"in {name}, state {short(state)}" if player is None else f"listing the moves of {self.player_names[player]}"
            raise self.blame(exc, doing) from None

    def current_player(self, state: Any) -> int:
        player = self.hot(self.game.to_move, state, "to_move()")
        if type(player) is int and 0 <= player < self.players:
            return player
        if player != CHANCE and not (isinstance(player, int) and 0 <= player < self.players):
            raise self.fail(f"to_move() returned {short(player)}: expected a player from 0 to {self.players - 1} or CHANCE")
        return int(player)

    def legal_moves(self, state: Any) -> Sequence[Any]:
        if self.outcome(state) is not None:
            return []
        player = self.current_player(state)
        if player == CHANCE:
            listed = self.chance(state).outcomes()
            return [move for move, _ in listed] if listed is not None else []
        return self.full_moves(state, player)

    def full_moves(self, state: Any, player: int) -> list[Any]:
        """``player``'s moves with every secret answer (:meth:`Game.answers`): ``Answered(move, answer)`` each."""
        if not self.answered:
            return self.player_moves(state, player)
        full: list[Any] = []
        for move in self.player_moves(state, player):
            answers = self.answers(state, move)
            if answers:
                full.extend(Answered(move, answer) for answer in answers)
            else:
                full.append(move)
        return full

    def answers(self, state: Any, move: Any) -> list[Any]:
        """The secret answers the rules offer to the mover's ``move`` (empty: it stands alone)."""
        doing = lambda: f"in answers(), move {short(move)}"
        found = self.call(lambda: self.game.answers(state, move), doing)
        if isinstance(found, (str, bytes)) or not hasattr(found, "__iter__"):
            raise self.fail(f"answers() returned {short(found)}: expected a list of answers (empty for none)")
        return self.call(lambda: list(found), doing)  # a generator's body runs here: the designer's code

    def answerer(self, state: Any, move: Any) -> int:
        """The player who answers ``move`` in secret."""
        who = self.call(lambda: self.game.answered_by(state, move), lambda: f"in answered_by(), move {short(move)}")
        if not (isinstance(who, int) and 0 <= who < self.players):
            raise self.fail(f"answered_by() returned {short(who)}: expected a player from 0 to {self.players - 1}")
        return who

    def is_legal(self, state: Any, player: int, move: Any) -> bool:
        """Whether ``move`` is legal for ``player`` (to move), without listing every answered move."""
        doing = lambda: f"comparing {short(move)} with the moves of {self.player_names[player]}"
        if isinstance(move, Answered):  # ``in`` calls the moves' own __eq__: the designer's code
            return self.call(lambda: move.move in self.player_moves(state, player), doing) \
                and self.call(lambda: move.answer in self.answers(state, move.move), doing)
        return self.call(lambda: move in self.player_moves(state, player), doing) and not self.answers(state, move)

    def refusal(self, state: Any, player: int, move: Any) -> str:
        """Why ``move`` is not legal: the designer's :meth:`Game.why_not`, else a plain statement."""
        reason = self.call(lambda: self.game.why_not(state, move), lambda: f"in why_not(), move {short(move)}")
        if reason:
            return str(reason)
        return f"{short(self.format_move(state, move))} is not a legal move of {self.player_names[player]}"

    def player_moves(self, state: Any, player: int) -> list[Any]:
        """The designer's moves for ``player`` (to move): a non-empty list, or a RulesError."""
        moves = self.hot(self.game.moves, state, "moves()", player)
        if type(moves) is not list and type(moves) is not tuple and (
                isinstance(moves, (str, bytes)) or not isinstance(moves, Sequence) and not hasattr(moves, "__iter__")):
            raise self.fail(f"moves() returned {short(moves)}: expected a list of moves")
        moves = moves if type(moves) is list else self.call(lambda: list(moves), f"listing the moves of {self.player_names[player]}")  # a generator runs here
        if not moves:
            raise self.fail(f"moves() listed no move for {self.player_names[player]} in a game that has not ended "
                            f"(outcome() returned None); state {short(state)}")
        return moves

    def chance(self, state: Any) -> Chance:
        """What chance decides at a CHANCE state, as a :class:`Chance`."""
        made = self.call(lambda: self.game.chance(state), lambda: f"in chance(), state {short(state)}")
        if isinstance(made, Chance):
            return made
        try:
            return choice(made)
        except (TypeError, ValueError) as exc:
            raise self.fail(f"chance() returned {short(made)}: expected dice(), shuffle(), choice() or a list of moves ({exc})") from None

    def chance_outcomes(self, state: Any) -> Sequence[tuple[Any, float]]:
        return self.chance(state).outcomes() or []

    def sample_chance(self, state: Any, rng: random.Random) -> Any:
        """A chance move drawn by its probability (shuffles too large to list are drawn directly)."""
        return self.chance(state).sample(rng)

    def apply(self, state: Any, move: Any) -> Any:
        """The state after a legal ``move`` (IllegalMove for any other); ``state`` is left as it was."""
        if self.outcome(state) is not None:
            raise IllegalMove("the game is over")
        player = self.current_player(state)
        if player == CHANCE:
            listed = self.chance(state).outcomes()
            if listed is not None and all(move != outcome for outcome, _ in listed):
                reason = self.call(lambda: self.game.why_not(state, move), lambda: f"in why_not(), move {short(move)}")
                raise IllegalMove(str(reason) if reason else self._chance_expected(state, listed))
        elif self.game.play_checks_moves:  # play() refuses an illegal move itself
            return self.advance(copy_state(state), move, refusing=True)
        elif not self.is_legal(state, player, move):
            raise IllegalMove(self.refusal(state, player, move))
        return self.advance(copy_state(state), move)

    def advance(self, state: Any, move: Any, refusing: bool = False) -> Any:
        """The designer's ``play`` on ``state`` itself (changed in place or replaced): the new state. With ``refusing``
        (:attr:`Game.play_checks_moves`) an IllegalMove from ``play`` is the move's refusal, else a contradiction."""
        try:
            result = self.game.play(state, move)
        except IllegalMove as exc:
            if refusing:
                raise
            raise self.fail(f"play() refused {short(notation_of(self.game, state, move))}, a move the rules offered: {exc}") from None
        except BaseException as exc:  # the designer's code
            raise self.blame(exc, f"playing {short(notation_of(self.game, state, move))}") from None
        return state if result is None else result

    def outcome(self, state: Any) -> Outcome | None:
        result = self.hot(self.game.outcome, state, "outcome()")
        if result is None:
            return None
        if not isinstance(result, Outcome):
            raise self.fail(f"outcome() returned {short(result)}: expected None or Outcome(winner, reason)")
        if result.winner is not None and not (isinstance(result.winner, int) and 0 <= result.winner < self.players):
            raise self.fail(f"outcome() named winner {short(result.winner)}: expected a player from 0 to {self.players - 1} or None")
        if not isinstance(result.reason, str) or not result.reason.strip() or "\n" in result.reason:
            raise self.fail(f"outcome() gave the reason {short(result.reason)}: expected one line of text, "
                            "Outcome(winner, \"reached the goal\")")
        if not isinstance(result.scores, (tuple, list)) or not all(isinstance(x, (int, float)) and not isinstance(x, bool)
                                                                 for x in result.scores):
            raise self.fail(f"outcome() gave the scores {short(result.scores)}: expected a tuple of numbers, one per player")
        return result

    def first_player(self, state: Any) -> int | None:
        return self.call(lambda: self.game.first_player(state), lambda: f"in first_player(), state {short(state)}")  # type: ignore[no-any-return]

    def format_move(self, state: Any, move: Any) -> str:
        text = self.call(lambda: self.game.notation(state, move), lambda: f"in notation(), move {short(move)}")
        if not isinstance(text, str) or not text.strip() or "#" in text or "\n" in text:
            raise self.fail(f"notation() wrote {short(text)} for {short(move)}: expected one line of text without '#'")
        return " ".join(text.split())

    def parse_move(self, state: Any, text: str) -> Any:
        """The move written ``text``: what the designer's :meth:`Game.parse` reads (its legality is checked when it is
        played), else the legal move whose notation it is (letter case and spacing aside)."""
        if self.outcome(state) is not None:
            raise IllegalMove("the game is over")
        player = self.current_player(state)
        read = self._read(state, text)
        if read is not None:
            return read
        if player == CHANCE:
            return self._parse_chance(state, text)
        moves = self.full_moves(state, player)
        wanted = _normal(text)
        found = [m for m in moves if _normal(self.format_move(state, m)) == wanted]
        if len(found) > 1:
            raise self.fail(f"{len(found)} legal moves are all written {short(text)}: make notation() tell them apart")
        if not found:
            listed = ", ".join(shortened(self.format_move(state, m), LISTED_WIDTH) for m in moves[:LISTED])
            more = f", ... ({len(moves)} moves)" if len(moves) > LISTED else ""
            raise IllegalMove(f"not a legal move of {self.player_names[player]} here (legal: {listed}{more})")
        return found[0]

    def _read(self, state: Any, text: str) -> Any:
        """The designer's :meth:`Game.parse` (None: match the notation); their refusals pass through as they are."""
        try:
            return self.game.parse(state, text)
        except (IllegalMove, NotationError):
            raise
        except BaseException as exc:  # the designer's code
            raise self.blame(exc, f"reading the move {short(text)}") from None

    def _parse_chance(self, state: Any, text: str) -> Any:
        event = self.chance(state)
        listed = event.outcomes()
        if listed is not None:
            for move, _ in listed:
                if _normal(self.format_move(state, move)) == _normal(text):
                    return move
            raise IllegalMove(self._chance_expected(state, listed))
        return event.parse(text)

    def _chance_expected(self, state: Any, listed: Sequence[tuple[Any, float]]) -> str:
        named = ", ".join(shortened(self.format_move(state, m), LISTED_WIDTH) for m, _ in listed[:LISTED])
        return f"chance decides here: expected one of {named}{', ...' if len(listed) > LISTED else ''}"

    def count(self, tally: Tally, state: Any) -> None:
        """Add the designer's :meth:`Game.counters` of a finished game to ``tally.extra`` (zeros leave no key; a counter
        named ``largest_...`` keeps the largest over the games)."""
        counted = self.call(lambda: self.game.counters(state), lambda: f"in counters(), state {short(state)}")
        if not isinstance(counted, Mapping):
            raise self.fail(f"counters() returned {short(counted)}: expected a dict of names to numbers")
        for key, value in counted.items():
            if not isinstance(key, str) or not isinstance(value, (bool, int, float)) or value != value:
                raise self.fail(f"counters() gave {short(key)}: {short(value)}: expected a name and a number")
            if value and key.startswith(MAXIMUM_PREFIX):
                tally.extra[key] = max(tally.extra[key], value)
            elif value:
                tally.extra[key] += value

    # --- what a search player needs (printkit/rules/mcts.py) ----------------------------------------------
    def _secret_parts(self, state: Any, move: Any) -> tuple[Any, int, Any] | None:
        """(the mover's own move, the answering player, the answer) of a move answered in secret; None for another."""
        if not isinstance(move, Answered):
            return None
        return move.move, self.answerer(state, move.move), move.answer

    def _determinize(self, view: Any, player: int, rng: random.Random) -> Any:
        """A state ``player`` cannot tell from the one behind ``view``: the designer's :meth:`Game.determinize`, else
        what the view hides drawn from the components dealt at setup that the view does not show
        (:class:`printkit.kitgame.guess.Guesser`)."""
        if type(self.game).determinize is not Game.determinize:
            return self.call(lambda: self.game.determinize(copy_state(view), player, rng),
                             lambda: f"in determinize() for {self.player_names[player]}")
        if self._dealt is None:
            self._dealt = self.initial_state()
        try:
            if self._guesser is None or self._guesser.view is not view:  # a search asks again and again of one view
                self._guesser = Guesser(view, self._dealt, set(self.game.per_player))
            return self._guesser(rng)
        except GuessError as exc:
            raise self.fail(f"the mcts player cannot sample what {self.player_names[player]} does not see: {exc}; write "
                            "determinize(self, view, player, rng) returning a state consistent with the view "
                            "(docs: reference/rules-api.md)") from None

    playout_policy: Callable[[Any, Any, random.Random], Any] | None = None
    """The player of the search's playouts (set by printkit.kitgame.game): the designer's ``playout`` player, else their
    own ``random`` player (``player_random``: a turn of many parts drawn part by part), else None: uniform moves."""
    kernel_playout: Callable[[Any, Any, random.Random], tuple[Outcome, int]] | None = None
    """A compiled kernel's playouts (a built-in game's ``[hooks] playout_from``, set by printkit.kitgame.game):
    ``kernel_playout(rules, state, rng)`` -> (outcome, cost), played instead of the rules' own."""

    def playout_from(self, state: Any, rng: random.Random) -> tuple[Outcome, int]:
        """The search's playouts: from ``state`` to the end, by the kernel's :attr:`kernel_playout` where there is one,
        else on a copy of ``state`` (the fast path of :func:`playouts`) by :attr:`playout_policy` or uniform random moves;
        with ``playout_depth`` and ``score``, cut there and judged by score. The outcome and its cost to the search's
        budget: the moves played (a kernel says its own)."""
        if self.kernel_playout is not None:
            return self.kernel_playout(self, state, rng)
        policy = self.playout_policy or random_player
        depth = self.game.playout_depth if self.game.playout_depth > 0 and hasattr(self, "score") else None
        played, ended, _, final = _one_game(self, (policy,) * self.players, rng, start=copy_state(state), depth=depth)
        if ended is not None:
            return ended, played
        standing = [self.score(final, seat) for seat in range(self.players)]
        leaders = [seat for seat, value in enumerate(standing) if value == max(standing)]
        return Outcome(leaders[0] if len(leaders) == 1 else None, "playout cut: the leader by score", tuple(standing)), played

    def render_text(self, state: Any) -> str:
        return str(self.call(lambda: self.game.text(state), "in text()"))

    def view(self, state: Any, player: int) -> Any:
        """What ``player`` sees of ``state`` (the designer's ``view``)."""
        if not (self.game.private or self.game.hidden) and type(self.game).view is Game.view:
            return state  # nothing hidden: what Game.view returns
        return self.call(lambda: self.game.view(state, player), lambda: f"in view() for {self.player_names[player]}")

    def render_view(self, state: Any, player: int) -> str:
        """The position as ``player`` sees it (hidden and private state kept from them); the whole position, without
        saying whose view it is, in a game that hides nothing."""
        if not (self.game.private or self.game.hidden) and type(self.game).view is Game.view:
            return self.render_text(state)
        return f"{self.player_names[player]} sees:\n" + self.render_text(self.view(state, player))

    def tell_chance(self, state: Any, move: Any, player: int) -> str:
        """What ``player`` watching the game is told of the chance move ``move``: the designer's
        :meth:`Game.tell_chance`, else what their view shows of it (:func:`printkit.kitgame.seen.told_chance`)."""
        text = self.call(lambda: self.game.tell_chance(state, move, player),
                         lambda: f"in tell_chance() for {self.player_names[player]}, move {short(move)}")
        if text is None:
            return told_chance(self, state, move, player)
        if not isinstance(text, str) or not text.strip() or "\n" in text.strip():
            raise self.fail(f"tell_chance() returned {short(text)}: expected one line of text or None")
        return " ".join(text.split())

    def state_json(self, state: Any) -> dict[str, Any]:
        """The designer's :meth:`Game.as_json`, else the state's own data."""
        data = self.call(lambda: self.game.as_json(state), "in as_json()")
        data = plain(state) if data is None else data
        return data if isinstance(data, dict) else {"state": data}


random_player = random_policy
"""A uniformly random legal move (the contract's own: the mcts player tells it from a game's shaped random player)."""


def notation_of(game: Game, state: Any, move: Any) -> str:
    """The move's notation for a message (its repr when the designer's notation() fails on it)."""
    try:
        return str(game.notation(state, move))
    except BaseException as exc:
        if not theirs(exc):
            raise
        return repr(move)


def plain(value: Any) -> Any:
    """State data as JSON: rows as objects, tuples and sets as lists, hidden items as counts."""
    if isinstance(value, Record):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True, default=str))
    if isinstance(value, Hidden):
        return {"hidden": value.count}
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if value == value and abs(value) != float("inf") else str(value)
    return str(value)


def playouts(rules: KitRules, policies: Sequence[Callable[[Any, Any, random.Random], Any]], games: int, seed: int,
             budget: float | None = None) -> Tally:
    """``games`` seeded games, the state changed in place (the fast path of simulate and balance); with ``budget``,
    fewer when this thread has used that many CPU seconds (the checks' games: the same games on any machine
    but a slow one).

    The designer's methods are called directly (no copy, no wrapper per call); what they return is checked
    cheaply and anything odd is handed to the checked methods of :class:`KitRules`, which say what is wrong.
    A game that fails is a :class:`GameFailure` holding its moves up to the failing one (the games before it
    played again from the seed, the failing call not made again).
    """
    import time

    rng = random.Random(seed)
    tally = Tally()
    start = time.perf_counter()
    counting = type(rules.game).counters is not Game.counters
    deadline = time.thread_time() + budget if budget is not None else 0.0
    traced, untraced = min(games, TRACED), []
    for number in range(games):
        if budget is not None and time.thread_time() > deadline:
            break
        trace = Trace(rules.players, tally.measures) if number < traced else None
        try:
            length, ended, first, state = _one_game(rules, policies, rng, trace=trace)
            if counting:
                rules.count(tally, state)
        except RulesError as exc:
            failed = exc.failed if isinstance(exc, _InGame) else None
            raise GameFailure(exc.error if isinstance(exc, _InGame) else exc, number,
                              _moves_until(rules, policies, seed, number, failed), seed) from None
        if trace is not None:
            trace.end(ended)
        else:
            untraced.append(ended)
        tally.add(result_of(ended.winner, first), length, ended.reason)
    count_ends(tally.measures, rules.players, untraced)
    tally.seconds = time.perf_counter() - start
    return tally


class _InGame(RulesError):
    """An error of one game, with how far it went: (moves played, whether the failing step's move was chosen)."""

    def __init__(self, error: RulesError, failed: tuple[int, bool]) -> None:
        super().__init__(str(error), error.debug)
        self.error, self.failed = error, failed


class _Reached(Exception):
    """A game played again has reached the step that failed."""


def _moves_until(rules: KitRules, policies: Sequence[Callable[[Any, Any, random.Random], Any]], seed: int, number: int,
                 failed: tuple[int, bool] | None) -> tuple[str, ...]:
    """The moves of game ``number`` of the run seeded ``seed`` up to the step that failed (its move too when it was
    chosen): the games before it played again, then that one, recorded, stopped before its failing call (``failed``
    None: the game ended, what failed came after)."""
    if failed == (0, False):
        return ()
    rng = random.Random(seed)
    try:
        for _ in range(number):
            _one_game(rules, policies, rng)
    except RulesError:  # the designer's code is not the same when played again (it keeps its own state)
        return ()
    moves: list[str] = []
    try:
        _one_game(rules, policies, rng, moves, failed)
    except (_Reached, RulesError):
        pass
    return tuple(moves)


def game_moves(rules: KitRules, policies: Sequence[Callable[[Any, Any, random.Random], Any]], seed: int,
               number: int) -> tuple[str, ...]:
    """Every move (in log notation) of game ``number`` (from 0) of :func:`playouts`' games seeded ``seed``: the games
    before it played again, then that one recorded to its end."""
    return _moves_until(rules, policies, seed, number, None)


def _until(play: Callable[[Any, Any], Any], moves: int) -> Callable[[Any, Any], Any]:
    """``play`` that stops the game (:class:`_Reached`) instead of making move ``moves + 1``."""
    made = [0]

    def play_until(state: Any, move: Any) -> Any:
        if made[0] == moves:
            raise _Reached
        made[0] += 1
        return play(state, move)

    return play_until


def _one_game(rules: KitRules, policies: Sequence[Callable[[Any, Any, random.Random], Any]], rng: random.Random,
              record: list[str] | None = None, upto: tuple[int, bool] | None = None, start: Any = None,
              trace: Trace | None = None, depth: int | None = None) -> tuple[int, Any, int | None, Any]:
    """One game to its end (from ``start``, changed in place, or the start of a game): (moves, outcome, the first player
    to move, the final state). An error is an :class:`_InGame`. ``trace`` is told each decision and, with the rules'
    ``score``, the standings; with ``depth`` the game stops after that many moves (outcome None).

    ``record`` (a game played again) receives every move's notation, and ``upto`` = (moves, chosen) stops the game
    after that many moves (after choosing the next one when ``chosen``): the step that failed is not played again.
    """
    game, count, limit = rules.game, rules.players, rules.max_moves
    score = game.score if trace is not None and type(game).score is not Game.score else None
    answered = type(game).answers is not Game.answers  # moves with secret answers (Answered) are listed whole
    outcome, to_move, moves_of, play = game.outcome, game.to_move, game.moves, game.play
    fast = [p is random_player for p in policies]
    recent: list[str] = [] if record is None else record
    noted = limit - 5 if record is None else 0
    if upto is not None:  # the playouts' own checks and calls, stopped where the game failed
        if upto[1]:
            play = _until(play, upto[0])
        else:
            limit = upto[0]
    first, move, state = None, None, None
    length = 0
    try:
        state = rules.initial_state() if start is None else start
        while True:
            ended = outcome(state)
            if ended is not None:
                if type(ended) is not Outcome or type(ended.reason) is not str or ended.winner is not None and not 0 <= ended.winner < count:
                    ended = rules.outcome(state)  # says what is wrong with it
                return length, ended, first, state
            if length == limit:
                raise rules.endless(state, recent[-5:])
            if length == depth:
                return length, None, first, state
            player = to_move(state)
            if player == CHANCE:
                move = rules.chance(state).sample(rng)
            else:
                if type(player) is not int or not 0 <= player < count:
                    player = rules.current_player(state)  # says what is wrong with it
                if first is None:
                    first = player
                if fast[player]:
                    if answered:
                        moves = rules.full_moves(state, player)
                    else:
                        moves = moves_of(state)
                        if type(moves) is not list or not moves:
                            moves = rules.player_moves(state, player)
                    move = moves[rng.randrange(len(moves))]
                    if trace is not None:
                        trace.decided(player, len(moves))
                else:
                    if trace is not None:
                        trace.decided(player, len(rules.full_moves(state, player)) if rules.counts_moves else None)
                    move = policies[player](rules, state, rng)
            if length >= noted:
                recent.append(rules.format_move(state, move))
            result = play(state, move)
            if result is not None:
                state = result
            length += 1
            if score is not None and player != CHANCE:
                trace.stood([score(state, seat) for seat in range(count)])
            move = None
    except _Reached:
        raise
    except IllegalMove as exc:
        error = rules.fail(f"play() refused {short(notation_of(game, state, move))}, a move the rules offered: {exc}")
    except RulesError as exc:
        error = exc
    except BaseException as exc:  # the designer's code (a real Ctrl-C is raised again by blame)
        doing = f"move {length + 1}" + (f", {short(notation_of(game, state, move))}" if move is not None else "")
        error = rules.blame(exc, doing)
    raise _InGame(error, (length, move is not None)) from None
