"""The table itself, without the network: the kit, the game, the seats, each page's scene and what a page may ask.

A page is the table's own (``host``: it holds the key the command printed; it plays the seats marked ``here``, sets
the seats and starts games) or a seat's (``seat``: it joined with that seat's code and plays that seat only). Each page
is sent the scene of one seat, made from that seat's ``view()`` alone: the host page shows the ``here`` seat whose turn
it is, behind a "pass the device" screen when the turn goes from one person at this device to another in a game with
secrets; a page watching computers play sees what no seat keeps secret. Every request is checked here (whose turn,
which seat, which page version) and a refused one changes nothing. The server calls this from one thread at a time,
except :meth:`Thinking.run <printkit.table.match.Thinking.run>`: a computer seat thinks on a thread of its own while
the pages go on, and its choice is made (:meth:`Host.computer_done`) only if the game is still where it was.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, TypeVar

from printkit.errors import PrintkitError
from printkit.guard.limits import bounded
from printkit.guard.watchdog import TimeLimit
from printkit.kitgame.players import has_answers
from printkit.kitrules import CHANCE, Game, notation
from printkit.rules.game import result_words
from printkit.rules.mcts import LEVELS, NAME, search_player
from printkit.rules.playouts import resolve
from printkit.table.kitsource import KitSource, TableKit, read_kit
from printkit.table.match import COMPUTER, HERE, REMOTE, Match, Refused, Seat, Thinking
from printkit.table.saved import TableStore, replayed, seats_data, seats_from
from printkit.table.scene import SceneMaker, Seen, refusal_for, shown_spaces

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Join codes: no 0/O, 1/I/L to mix up when read aloud or typed on a phone."""
CODE_LENGTH = 6
T = TypeVar("T")


@dataclass(frozen=True)
class Who:
    """Who sent a request: the table's own page, or the page of one seat."""

    role: str
    seat: int | None = None
    code: str = ""
    """The join code a seat's page came with (a page of a seat given another code, or taken back, is no longer seated)."""


@dataclass
class Looked:
    """What a page was last shown: its version, the items on it and its seat's choices (for ``why`` and moves)."""

    version: int
    seat: int | None
    seen: Seen
    moves: list[Any] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)


def new_code(taken: set[str]) -> str:
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def seat_words(seat: Seat) -> str:
    """How a seat is played, in words."""
    return f"computer {seat.player}" if seat.kind == COMPUTER else "another browser" if seat.kind == REMOTE else "this device"


def computer_players(kit: TableKit, seats: list[Seat]) -> list[dict[str, str]]:
    """The players the Seats panel offers a computer seat: the kit's own (``random`` and every ``player_NAME``), ``mcts``
    at each level, and any other budget a seat plays now (``mcts:2s``); each with a line saying what it is."""
    names = [*kit.players, *(f"{NAME}:{level}" for level in LEVELS)]
    names += [s.player for s in seats if s.kind == COMPUTER and s.player not in names]
    return [{"name": name, "text": player_words(kit, name)} for name in dict.fromkeys(names)]


def player_words(kit: TableKit, name: str) -> str:
    if name == "random":
        return "uniformly random legal moves"
    if name in kit.players:
        return "the strongest of the game's own players" if name == kit.strongest else "one of the game's own players"
    found = search_player(name)
    return f"tree search, {found.budget}" if found is not None else ""


def has_secrets(game: Game) -> bool:
    """Whether players of the game may not see everything: private or hidden keys, a view of its own, secret answers."""
    return bool(game.private or game.hidden) or type(game).view is not Game.view or has_answers(type(game))


class Host:
    """The table: one kit, one game at a time, its seats and its pages."""

    def __init__(self, source: KitSource, out: Path, log: Path | None, seed: int | None, seating: list[Seat] | None,
                 say: Callable[[str], None]) -> None:
        self.source, self.say = source, say
        self.version_of_kit = 1
        self.kit: TableKit = read_kit(source, self.version_of_kit)
        self.fresh: TableKit | None = None
        self.store = TableStore(out / self.kit.name, log)
        kept = self.store.read_settings()
        self.key = str(kept.get("key") or secrets.token_urlsafe(16))
        self.seed = seed if seed is not None else int(kept.get("seed", secrets.randbelow(2**31)))
        self.number = int(kept.get("game", 1))
        self.seats = seating or seats_from(kept.get("seats"), self.kit.rules.players) or \
            [Seat(HERE) for _ in range(self.kit.rules.players)]
        self._check_seats()
        self.version = 1
        """Counts the changes of position (moves, undo, games): a page's request names the version it was drawn at."""
        self.error: str | None = None
        self.notice: str | None = None
        self.invite: str | None = None
        """Where others on the network open the table (None: it listens on this machine only)."""
        self.viewer: int | None = None
        self.passing: int | None = None
        self.announced = 0
        """The number of the last game whose end the terminal was told."""
        self.looked: dict[tuple[str, int | None], Looked] = {}
        self.connected: dict[int, int] = {}
        self.thinking: tuple[int, Thinking] | None = None
        """The computer decision under way and the version it was taken at."""
        self.maker = SceneMaker(self.kit.rules, self.kit.art, self.kit.hints)
        self.match = self._resumed() or self._new_match()
        self._follow_turn()
        self.save()

    # --- games ---------------------------------------------------------------------------------
    def _new_match(self) -> Match:
        match = Match(self.kit.rules, self.kit.players, self.seats, self.seed + self.number, self.player)
        self._checked(match.settle)
        return match

    def _resumed(self) -> Match | None:
        """The saved game brought back (None: none saved, or it does not fit the kit any more: it is kept aside)."""
        moves = self.store.read_moves()
        if moves is None:
            return None
        match = Match(self.kit.rules, self.kit.players, self.seats, self.seed + self.number, self.player)
        try:
            replayed(match, moves, str(self.store.log))
        except PrintkitError as exc:
            kept = self.store.archive()
            self.say(f"the saved game does not fit the kit any more ({exc}): kept as {kept}; a new game starts")
            return None
        self._checked(match.settle)
        self.say(f"resumed the saved game {self.store.log} after {len(match.entries)} moves")
        return match

    def new_game(self) -> None:
        """Start the next game (with the kit as it is now, when its files changed); the last game is kept."""
        if self.match.entries:
            kept = self.store.archive()
            if kept is not None:
                self.say(f"game {self.number} kept as {kept}")
        self.number += 1
        if self.fresh is not None or self.error is not None:
            if self.fresh is None:  # after an error, read the rules again: the designer may have mended them
                self.reload()
            if self.fresh is not None:
                self.kit, self.fresh = self.fresh, None
                self.maker = SceneMaker(self.kit.rules, self.kit.art, self.kit.hints)
                if len(self.seats) != self.kit.rules.players:
                    self.seats = [Seat(HERE) for _ in range(self.kit.rules.players)]
                self._check_seats()
                self.notice = "this game uses the kit as it is now"
        self.error = None
        self.passing = None  # the page keeps its viewer: the device passes to the first player if someone else holds it
        self.version += 1
        self.drop_thinking()
        self.looked.clear()
        self.match = self._new_match()
        self._follow_turn()
        self.save()

    def reload(self) -> bool:
        """Read the kit's files again for the next game; whether they read cleanly (the error is shown otherwise)."""
        try:
            self.fresh = read_kit(self.source, self.version_of_kit + 1)
        except PrintkitError as exc:
            self.notice = f"the kit's files changed but do not read: {exc}"
            self.say(f"error: {exc}")
            return False
        self.version_of_kit += 1
        self.notice = "the kit's files changed: the next game uses them"
        self.say(f"{self.kit.name}: the kit's files changed; the next game uses them")
        return True

    def _checked(self, call: Callable[[], Any]) -> Any:
        """``call()`` into the game; an error in the rules stops the game with its message (kept for every page)."""
        try:
            return call()
        except PrintkitError as exc:
            self.stop_on(str(exc))
        except TimeLimit as exc:  # the watchdog's stop landed outside the rules' own calls (they blame it themselves)
            self.stop_on(str(self.kit.rules.blame(exc, "at the table")))
        return None

    def stop_on(self, error: str) -> None:
        """Stop the game on an error of the rules: one line in the terminal, the same on every page, the game saved
        with it (the moves before it replay)."""
        self.error = error
        self.drop_thinking()
        self.say(f"error: {error}")
        self.save()

    def guarded(self, call: Callable[[], T], fallback: T) -> T:
        """``call()`` on the table's thread under the kit's memory limit (``[game] memory_limit``, as every command runs
        rules.py): the watchdog's TimeLimit (a BaseException) that reaches past the calls that blame it stops the game
        with its message, and ``fallback`` is returned; the table goes on serving."""
        try:
            with bounded(self.kit.limits):
                return call()
        except TimeLimit as exc:
            self.stop_on(str(self.kit.rules.blame(exc, "at the table")))
            return fallback

    def header(self) -> list[str]:
        names = self.kit.rules.player_names
        sat = "; ".join(f"{names[i]}: {seat_words(seat)}" for i, seat in enumerate(self.seats))
        return [f"{self.kit.title}: game {self.number} at the table (printkit play --web {self.source.describe})", sat]

    def log_text(self) -> str:
        """The game in play as a log (the error that stopped it, if one did, after its moves)."""
        return self.match.log_text(self.header(), self.error)

    def save(self) -> None:
        try:
            self.store.save(self.log_text(), {"key": self.key, "seed": self.seed, "game": self.number,
                                              "seats": seats_data(self.seats)})
        except PrintkitError as exc:
            self.notice = f"the game cannot be saved: {exc}"
            self.say(f"error: {exc}")

    # --- seats ---------------------------------------------------------------------------------
    def player(self, name: str) -> Any:
        """A computer player by its name: the kit's own, ``mcts`` at any level (:func:`printkit.rules.playouts.resolve`)."""
        try:
            return resolve(self.kit.players, name, self.kit.name, "computer player")
        except PrintkitError as exc:
            raise Refused(str(exc)) from None

    def _check_seats(self) -> None:
        """Seats kept from before that the kit no longer has a player for are played here; remote seats get a code."""
        for index, seat in enumerate(self.seats):
            if seat.kind != COMPUTER:
                continue
            try:
                self.player(seat.player)
            except Refused as exc:
                self.say(f"{self.kit.rules.player_names[index]}: {exc}: played on this device")
                seat.kind, seat.player = HERE, ""
            if seat.kind == REMOTE and not seat.code:
                seat.code = new_code({s.code for s in self.seats})

    def set_seat(self, index: int, kind: str, player: str = "") -> None:
        if not 0 <= index < len(self.seats):
            raise Refused(f"no seat {index + 1}")
        if kind not in (HERE, REMOTE, COMPUTER):
            raise Refused(f"a seat is {HERE}, {REMOTE} or {COMPUTER}, not {kind!r}")
        seat = self.seats[index]
        if kind == COMPUTER:
            player = " ".join((player or self.kit.strongest).split())
            self.player(player)
            seat.player = player
        if self.thinking is not None and self.thinking[1].seat == index:
            self.drop_thinking()
        if kind == REMOTE and seat.kind != REMOTE:
            seat.code = new_code({s.code for s in self.seats})
        if kind != REMOTE:
            seat.code = ""
        seat.kind = kind
        self.match.seats = self.seats
        self._follow_turn()
        self.save()

    def seated(self, who: Who) -> bool:
        """Whether a page may still act as it joined: the table's own page always; a seat's page while its seat is
        played from another browser with the code it came with."""
        if who.role == "host":
            return True
        seat = self.seats[who.seat] if who.seat is not None and 0 <= who.seat < len(self.seats) else None
        return seat is not None and seat.kind == REMOTE and secrets.compare_digest(seat.code, who.code)

    def seat_of_code(self, code: str) -> int | None:
        wanted = code.strip().upper()
        return next((i for i, s in enumerate(self.seats) if s.kind == REMOTE and s.code and secrets.compare_digest(s.code, wanted)),
                    None)

    def _follow_turn(self) -> None:
        """Which seat the table's own page shows: the person at this device to decide, behind a pass screen when the
        device goes from one person to another in a game with secrets."""
        here = [i for i, seat in enumerate(self.seats) if seat.kind == HERE]
        if not here:
            self.viewer = self.passing = None
            return
        deciding = self.match.deciding() if self.error is None else None
        wanted = deciding if deciding in here else (self.viewer if self.viewer in here else here[0])
        if wanted == self.viewer:
            return
        if self.viewer is not None and has_secrets(self.kit.rules.game) and len(here) > 1:
            self.passing = wanted
        else:
            self.viewer, self.passing = wanted, None

    # --- requests ------------------------------------------------------------------------------
    def acting_seat(self, who: Who) -> int:
        """The seat a page's move is for; Refused when that page may not move now."""
        deciding = self.match.deciding()
        if deciding is None:
            raise Refused("the game is over")
        if deciding == CHANCE:
            raise Refused("chance decides now")
        name = self.kit.rules.player_names[deciding]
        if who.role == "seat":
            if who.seat != deciding:
                raise Refused(f"it is {name}'s turn")
            return deciding
        if self.seats[deciding].kind == COMPUTER:
            raise Refused(f"the computer plays {name}")
        if self.seats[deciding].kind == REMOTE:
            raise Refused(f"{name} plays from their own browser")
        if self.passing is not None or self.viewer != deciding:
            raise Refused(f"pass the device to {name} first")
        return deciding

    def handle(self, who: Who, message: Mapping[str, Any]) -> dict[str, Any] | None:
        """Carry out one checked request; a reply for the sender only (None: the new scenes say it all)."""
        kind = message["type"]
        if not self.seated(who):
            raise Refused("this page's seat is played elsewhere now")
        if kind == "why":
            return {"type": "why", "item": message["item"], "reason": self.why(who, message["item"], message["at"])}
        if kind == "note":
            self.match.note(message["move"] - 1, message["text"])
            self.save()
            return None
        if who.role != "host":
            if kind != "move":
                raise Refused(f"only the table's own page may {kind.replace('-', ' ')}")
        if self.error is not None and kind not in ("new", "seat"):
            raise Refused(f"the game stopped on an error in the rules: {self.error}")
        if kind == "move":
            seat = self.acting_seat(who)
            if message.get("seat") is not None and message["seat"] != seat:
                raise Refused(f"that page is {self.kit.rules.player_names[seat]}'s, not seat {message['seat'] + 1}'s")
            if message["at"] != self.version:
                raise Refused("the game has moved on since that page was drawn: look again")
            self._checked(lambda: self.match.play(seat, message["move"]))
            self.version += 1
        elif kind == "undo":
            self.match.undo()
            self.version += 1
            self.drop_thinking()
        elif kind == "new":
            self.new_game()
            return None
        elif kind == "seat":
            self.set_seat(message["seat"], message["kind"], message.get("player", ""))
            return None
        elif kind == "ready":
            if self.passing is None or message["seat"] != self.passing:
                raise Refused("nobody is waiting for the device")
            self.viewer, self.passing = self.passing, None
            return None
        self._moved()
        return None

    def _moved(self) -> None:
        """After a change of position: whose page shows, the game saved, its end said in the terminal once."""
        self._follow_turn()
        self.save()
        outcome = self.match.outcome() if self.error is None else None
        if outcome is not None and self.announced != self.number:
            self.announced = self.number
            self.say(f"game {self.number}: {result_words(self.kit.rules.player_names, outcome, len(self.match.entries))}")

    def why(self, who: Who, item: str, version: int) -> str:
        looked = self.looked.get(self._view_key(who))
        if looked is None or looked.version != version:
            return "the game has moved on: look again"
        if looked.seat is None or not looked.moves:
            return "it is not your turn"
        try:
            return refusal_for(self.kit.rules, self.match.state, looked.seat, looked.moves, looked.texts, looked.seen, item)
        except PrintkitError as exc:  # the rules failed on a move nobody made: said, and the game goes on
            self.say(f"error: {exc}")
            return f"the rules could not say why: {exc}"

    def computer_due(self) -> bool:
        seat = self.match.deciding() if self.error is None else None
        return seat is not None and seat != CHANCE and self.seats[seat].kind == COMPUTER

    def computer_turn(self) -> Thinking | None:
        """The decision a computer seat is to make now, if any (then :meth:`Thinking.run` it on a thread of its own and
        hand it to :meth:`computer_done`); one at a time."""
        if self.thinking is not None or not self.computer_due():
            return None
        found = self._checked(self.match.think)
        if found is not None:
            self.thinking = (self.version, found)
        return found  # type: ignore[no-any-return]

    def computer_done(self, thinking: Thinking) -> bool:
        """The computer's decision made, if the game is still where it was taken (else dropped); whether the position
        changed. An error it met stops the game, as one of a person's move would."""
        if self.thinking is None or self.thinking[1] is not thinking:
            return False
        version, self.thinking = self.thinking[0], None
        if thinking.trace:
            self.say(f"error: the table failed: {thinking.trace}")
        if version != self.version or self.error is not None or self.seats[thinking.seat].kind != COMPUTER \
                or self.seats[thinking.seat].player != thinking.name:
            return False
        made = self._checked(lambda: self.match.thought(thinking))
        if not made and self.error is None:
            return False
        self.version += 1
        self._moved()
        return True

    def drop_thinking(self) -> None:
        """The computer's decision under way is no longer wanted: its search stops, its choice will not be made."""
        if self.thinking is not None:
            self.thinking[1].stop.set()
            self.thinking = None

    def computer_step(self) -> bool:
        """One computer decision made here and now (tests, and a table without threads); whether one was made."""
        thinking = self.computer_turn()
        return thinking is not None and self.computer_done(thinking.run())

    # --- scenes --------------------------------------------------------------------------------
    def _view_key(self, who: Who) -> tuple[str, int | None]:
        return (who.role, who.seat if who.role == "seat" else self.viewer)

    def scene(self, who: Who) -> dict[str, Any]:
        """Everything one page is sent now (made from its seat's view only)."""
        rules, match = self.kit.rules, self.match
        names = rules.player_names
        deciding = match.deciding() if self.error is None else None
        seat = who.seat if who.role == "seat" else self.viewer
        outcome = self._checked(match.outcome) if self.error is None else None
        data: dict[str, Any] = {
            "type": "state", "version": self.version, "game": self.number, "title": self.kit.title,
            "role": who.role, "seat": seat, "error": self.error, "notice": self.notice,
            "players": [{"name": names[i], "kind": s.kind, "player": s.player if s.kind == COMPUTER else "",
                         "deciding": deciding == i, "online": self.connected.get(i, 0) > 0} for i, s in enumerate(self.seats)],
            "log": [{"n": i + 1, "who": "chance" if e.player == CHANCE else names[e.player], "text": e.shown, "note": e.note}
                    for i, e in enumerate(match.entries)],
            "outcome": None if outcome is None else {"winner": outcome.winner,
                                                     "text": result_words(rules.player_names, outcome, len(match.entries))},
            "status": self._status(deciding, seat),
            "undo": who.role == "host" and match.hot_seat() and any(e.by == "person" for e in match.entries) or
            who.role == "host" and match.pending is not None and match.hot_seat(),
            "download": (who.role == "host" and match.hot_seat()) or outcome is not None,
            "boardsAt": self.kit.hints.get("boards", "centre"),
            "chance": next((e.shown for e in reversed(match.entries[-2:]) if e.player == CHANCE), None),
        }
        if who.role == "host":
            data["seats"] = [{"kind": s.kind, "player": s.player, "code": s.code} for s in self.seats]
            data["computers"] = computer_players(self.kit, self.seats)
            data["invite"] = self.invite
        if who.role == "host" and self.passing is not None:
            data["pass"] = {"seat": self.passing, "name": names[self.passing]}
            return data
        data.update(self._seat_scene(who, seat, deciding))
        return data

    def _status(self, deciding: int | None, seat: int | None) -> str:
        names = self.kit.rules.player_names
        if self.error is not None:
            return "the game stopped: an error in the rules"
        outcome = self.match.outcome()
        if outcome is not None:
            return result_words(self.kit.rules.player_names, outcome, len(self.match.entries))
        if deciding is None or deciding == CHANCE:
            return ""
        pending = self.match.pending
        if pending is not None:
            if seat == pending.answerer:
                return f"{names[pending.mover]} has chosen in secret: your secret answer"
            return f"{names[pending.mover]} has chosen in secret; {names[pending.answerer]} answers"
        if deciding == seat:
            return f"{names[deciding]}: your turn"
        if self.seats[deciding].kind == COMPUTER:
            return f"{names[deciding]} to move: the computer ({self.seats[deciding].player}) is thinking"
        return f"{names[deciding]} to move"

    def _seat_scene(self, who: Who, seat: int | None, deciding: int | None) -> dict[str, Any]:
        rules, match = self.kit.rules, self.match
        seen = Seen({})
        part: dict[str, Any] = {"zones": [], "boards": [], "choices": None, "secret": None}
        if self.error is not None:
            return part
        try:
            view = rules.view(match.state, seat) if seat is not None else Game.view(rules.game, match.state, -1)
            part["zones"] = self.maker.zones(view, match.state, seen)
            part["boards"] = self.maker.boards(view, seen)
            looked = Looked(self.version, seat, seen)
            if seat is not None and deciding == seat and self._may_act(who, seat):
                stage, moves, texts = match.options(seat)
                looked.moves, looked.texts = moves, texts
                part["choices"] = {"stage": stage, "options": self.maker.options(seat, moves, texts, seen)}
            shown_spaces(part["boards"], part["choices"]["options"] if part["choices"] else None)
            if match.pending is not None and match.pending.mover == seat:
                part["secret"] = f"your secret choice: {notation(match.pending.move)}"
            self.looked[self._view_key(who)] = looked
        except PrintkitError as exc:
            self.error = str(exc)
            self.say(f"error: {exc}")
            return {"zones": [], "boards": [], "choices": None, "secret": None, "error": self.error}
        return part

    def _may_act(self, who: Who, seat: int) -> bool:
        return who.role == "seat" or (self.seats[seat].kind == HERE and self.passing is None)
