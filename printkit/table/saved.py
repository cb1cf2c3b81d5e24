"""The table's games on disk: the game in play as a log (written after every move, so a restarted table resumes it),
the seating beside it, finished games kept one log each.

``OUT/<kit>/table/game.log`` is an ordinary game log (``printkit replay`` takes it; each playtest note is its move's
comment); ``table.json`` holds the seats, their join codes and the page's key, so links still work after a restart;
``games/game-N.log`` are the games played before. A rebuild of the kit keeps the folder (``build.CARRIED``), and every
write holds the output folder's lock, so a build's swap never loses one.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from printkit.kit.outfolder import swap_lock
from printkit.kitrules import CHANCE
from printkit.rules.log import LogLine, parse_log, read_text
from printkit.table.match import COMPUTER, HERE, Entry, Match, Seat, clean_note, shown_to_all
from printkit.userinput.writes import write_file

FOLDER = "table"
SETTINGS_FILE = "table.json"
LOG_FILE = "game.log"


class TableStore:
    """The table's folder of one kit in the output folder."""

    def __init__(self, kit_folder: Path, log: Path | None = None) -> None:
        self.kit_folder = kit_folder
        self.folder = kit_folder / FOLDER
        self.log = log or self.folder / LOG_FILE
        self.settings = self.folder / SETTINGS_FILE

    def write(self, target: Path, data: bytes) -> None:
        """Write one file while no build swaps the kit's folder."""
        self.kit_folder.parent.mkdir(parents=True, exist_ok=True)
        with swap_lock(self.kit_folder):
            write_file(target, data)

    def save(self, log: str, settings: dict[str, Any]) -> None:
        """The game in play (its log's text) and the seating."""
        self.write(self.log, log.encode("utf-8"))
        self.write(self.settings, json.dumps(settings, indent=1, sort_keys=True).encode("utf-8"))

    def read_settings(self) -> dict[str, Any]:
        try:
            data = json.loads(self.settings.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def archive(self) -> Path | None:
        """Keep the game in play as ``games/game-N.log`` (the next free N); None when there is none."""
        if not self.log.is_file():
            return None
        archive = self.folder / "games"
        number = 1 + max((int(p.stem.split("-")[-1]) for p in archive.glob("game-*.log") if p.stem.split("-")[-1].isdigit()),
                         default=0)
        target = archive / f"game-{number}.log"
        self.write(target, self.log.read_bytes())
        self.log.unlink(missing_ok=True)
        return target

    def read_moves(self) -> list[tuple[LogLine, str]] | None:
        """The moves of the saved game with their notes (None: no saved game)."""
        if not self.log.is_file():
            return None
        text = read_text(self.log)
        raw = text.splitlines()
        moves = []
        for line in parse_log(text, str(self.log)):
            body = raw[line.number - 1]
            moves.append((line, clean_note(body.split("#", 1)[1]) if "#" in body else ""))
        return moves


def seats_data(seats: list[Seat]) -> list[dict[str, str]]:
    return [asdict(seat) for seat in seats]


def seats_from(data: Any, count: int) -> list[Seat] | None:
    """The seats kept in table.json (None when they do not fit the game: another number of players)."""
    if not isinstance(data, list) or len(data) != count:
        return None
    seats = []
    for item in data:
        if not isinstance(item, dict) or item.get("kind") not in (HERE, COMPUTER, "remote"):
            return None
        seats.append(Seat(str(item["kind"]), str(item.get("player", "")), str(item.get("code", ""))))
    return seats


def replayed(match: Match, moves: list[tuple[LogLine, str]], source: str) -> None:
    """``match`` (at its start, nothing drawn) brought to the end of the saved moves, notes included; a LogError names
    the line the rules refuse."""
    from printkit.errors import LogError
    from printkit.rules.game import IllegalMove, NotationError

    rules = match.rules
    for line, note in moves:
        state = match.state
        if rules.outcome(state) is not None:
            raise LogError(source, line.number, "the game was already over")
        player = rules.current_player(state)
        try:
            move = rules.parse_move(state, line.text)
            after = rules.apply(state, move)
        except (IllegalMove, NotationError) as exc:
            raise LogError(source, line.number, str(exc)) from None
        text = rules.format_move(state, move)
        shown = shown_to_all(rules, player, state, move, text)
        by = "chance" if player == CHANCE else "computer" if match.seats[player].kind == COMPUTER else "person"
        match.entries.append(Entry(player, move, text, shown, by, note))
        match.states.append(after)
