"""What one seat sees at the table, as the page's data: zones from the state's keys, boards with their pieces, and
the seat's legal moves with the pieces each one uses.

Everything here is made from the seat's ``view()`` (hidden piles and other players' private entries are
:class:`~printkit.kitrules.Hidden` counts there), never from the state itself: the one exception is the back a
face-down pile shows, read from the printed cards the pile holds (what any player sees of it on a real table).
Zones need no code from the designer: a key the rules declare ``private`` or ``per_player`` is one zone per player
(in that player's area, a hand sorted as the terminal prints it), any other key is a zone in the middle, but the
``internal`` ones (bookkeeping); cards the kit prints are drawn with their faces, numbers and text as counters.
kit.toml's ``[table]`` hints reorder, hide or stack them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from printkit.kitgame.blame import short
from printkit.kitgame.engine import KitRules
from printkit.kitgame.figures import placed_on
from printkit.kitgame.printed import PieceRef
from printkit.kitrules import CHANCE, Answered, Game, Hidden, IllegalMove, NotationError, Record, Shown, value_text
from printkit.table.art import KitArt

ROW_LIMIT = 60
"""Items of one zone drawn one by one; a longer row shows its first ones and a count."""
TEXT_LIMIT = 200
"""Characters of a value shown as text."""
POSITION_LIMIT = 4000
"""Characters of the position's text, shown when the rules lay out no zones (a state that is not a dict)."""
SUB_ZONES = 8
"""A dict in the state with at most this many keys is a zone per key (a market's rows); a larger one is one counter
(a board's occupancy, which the board shows anyway)."""


@dataclass
class Item:
    """A thing on the table a move may use: a card or token of a zone, a board's space or a piece on it."""

    id: str
    zone: str
    owner: int | None
    value: Any
    label: str
    space: str = ""
    """A piece on a board: the id of the space it stands on (a click on it may mean the space)."""
    alias: str = ""
    """Another name the moves may call it by: a space named by its SVG id ``wall-B2|C2`` is also ``B2|C2``."""


@dataclass
class Seen:
    """One seat's scene: the page's data and the items by id (for the moves and ``why``)."""

    data: dict[str, Any]
    items: dict[str, Item] = field(default_factory=dict)


def label_of(value: Any) -> str:
    return str(value) if isinstance(value, (Record, Shown, str, int, float)) and not isinstance(value, bool) else ""


def _text(value: Any, limit: int = TEXT_LIMIT) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, Mapping) and not isinstance(value, Record):
        shown = ", ".join(f"{k}: {_text(v)}" for k, v in value.items())
    else:
        shown = ", ".join(_text(v) for v in value) if isinstance(value, (list, tuple)) else str(value)
    return shown if len(shown) <= limit else shown[:limit] + "..."


class SceneMaker:
    """Builds the scenes of one game's states (one per seat and per state)."""

    def __init__(self, rules: KitRules, art: KitArt, hints: Mapping[str, Any]) -> None:
        self.rules, self.art, self.hints = rules, art, hints
        game = rules.game
        self.private, self.per_player, self.hidden = set(game.private), set(game.per_player), set(game.hidden)
        self.internal = set(game.internal)
        """Bookkeeping keys (``Game.internal``): never a zone, as the terminal's text leaves them out."""
        self.names = rules.player_names

    def try_start(self) -> None:
        """Lay out the first position as every player sees it, before the table opens: rules the table cannot show
        (``pieces()`` on a space no board has, ``zones()`` of the wrong kind) are one error now, not a broken page."""
        state = self.rules.initial_state()
        for player in range(self.rules.players):
            view = self.rules.view(state, player)
            self.zones(view, state, Seen({}))
            self.boards(view, Seen({}))

    # --- zones ---------------------------------------------------------------------------------
    def laid_out(self, view: Any) -> Mapping[str, Any] | None:
        """The zones the rules lay out for ``view`` (:meth:`~printkit.kitrules.Game.zones`: a dict state's own keys)."""
        found = self.rules.call(lambda: self.rules.game.zones(view), "in zones(), for the table")
        if found is not None and not isinstance(found, Mapping):
            raise self.rules.fail(f"zones() returned {short(found)}: expected zone name -> what it holds, or None")
        return found

    def zones(self, view: Any, state: Any, seen: Seen) -> list[dict[str, Any]]:
        """The zones of ``view``; ``state`` gives only the backs of face-down cards."""
        shown = self.laid_out(view)
        if shown is None:
            return [{"key": "state", "title": "", "owner": None, "kind": "text",
                     "text": _text(self.rules.render_text(view), POSITION_LIMIT)}]
        default = shown is view
        if not default:
            state = self.laid_out(state)
        view = shown
        hide = set(self.hints.get("hide", ())) | {"to_move"} | self.internal | self._on_boards(view)
        centre = [k for k in self.hints.get("centre", ()) if k in view]
        keys = centre + [k for k in view if k not in centre]
        zones: list[dict[str, Any]] = []
        for key in keys:
            if key in hide:
                continue
            value, full = view[key], state.get(key) if isinstance(state, Mapping) else None
            split = (key in self.private or key in self.per_player) and isinstance(value, (list, tuple)) \
                and len(value) == len(self.names)
            if split:
                for player, entry in enumerate(value):
                    part = full[player] if isinstance(full, (list, tuple)) and len(full) == len(value) else None
                    if default and key in self.private and isinstance(entry, (list, tuple)):  # a hand, sorted as the terminal shows it
                        entry = sorted(entry, key=value_text)
                    zones.append(self.zone(key, entry, part, player, seen))
            elif isinstance(value, Mapping) and not isinstance(value, Record) and len(value) <= SUB_ZONES:
                for sub, entry in value.items():
                    part = full.get(sub) if isinstance(full, Mapping) else None
                    zones.append(self.zone(f"{key}.{sub}", entry, part, None, seen))
            else:
                zones.append(self.zone(key, value, full, None, seen))
        return zones

    def _on_boards(self, view: Mapping[str, Any]) -> set[str]:
        """Keys of dicts from a board's spaces to what stands there, in a game whose ``pieces()`` draws them on the board."""
        if type(self.rules.game).pieces is Game.pieces:
            return set()
        names = {name for board in self.art.boards for name in self.art.spaces(board)}
        return {key for key, value in view.items() if isinstance(value, Mapping) and not isinstance(value, Record) and value
                and all(str(k).upper() in names for k in value)}

    def zone(self, key: str, value: Any, full: Any, owner: int | None, seen: Seen) -> dict[str, Any]:
        """One zone: a row or pile of pieces, a face-down pile (a count), or a counter."""
        zone_id = key if owner is None else f"{key}.{owner}"
        zone: dict[str, Any] = {"key": key, "id": zone_id, "title": key.replace("_", " "), "owner": owner}
        if isinstance(value, Hidden):  # another player's hand is fanned face down, a hidden pile stacked
            return {**zone, "kind": "pile" if owner is None else "fan", "count": value.count, "back": self._back(full), "items": []}
        if isinstance(value, (Record, Shown)) or isinstance(value, (list, tuple)) and (
                not value or any(isinstance(v, (Record, Shown, Hidden)) for v in value)):
            listed = [value] if isinstance(value, (Record, Shown)) else list(value)
            items = [self.item(zone_id, owner, i, v, full, seen) for i, v in enumerate(listed[:ROW_LIMIT])]
            pile = key.split(".")[0] in self.hints.get("piles", ())
            return {**zone, "kind": "pile" if pile else "row", "count": len(listed), "items": items,
                    "back": self._back(full) if pile else None}
        return {**zone, "kind": "counter", "text": _text(value), "token": self._token_face(key)}

    def item(self, zone_id: str, owner: int | None, index: int, value: Any, full: Any, seen: Seen) -> dict[str, Any]:
        item_id = f"{zone_id}.{index}"
        if isinstance(value, Hidden):
            return {"id": item_id, "hidden": True, "back": self._back(full), "count": value.count}
        ref = self.art.printed(value.id) if isinstance(value, Shown) else self.art.find(value)
        label = label_of(value) or _text(value)
        seen.items[item_id] = Item(item_id, zone_id, owner, value, label)
        face, label = self._side(value, ref, label)
        if ref is None:
            return {"id": item_id, "label": label}
        w, h, round_ = self.art.size(ref)
        return {"id": item_id, "label": label, "face": face, "w": w, "h": h, "round": round_}

    def _side(self, value: Any, ref: PieceRef | None, label: str) -> tuple[str | None, str]:
        """The picture and words a piece is shown with: a face-down one (``Shown.face_down``) by its printed back (none
        when it has no back) and no words of its face, any other by its face and its label."""
        if isinstance(value, Shown) and value.face_down:
            return (self.art.url(ref, "back") if ref is not None and self.art.has_back(ref) else None), "face down"
        return (self.art.url(ref, "front") if ref is not None else None), label

    def _back(self, full: Any) -> str | None:
        """The printed back of a face-down pile (``full``: what it holds in the state), None: no printed back."""
        items = [full] if isinstance(full, Record) else list(full) if isinstance(full, (list, tuple)) else []
        for value in items:
            ref = self.art.find(value)
            if ref is not None and self.art.has_back(ref):
                return self.art.url(ref, "back")
        return None

    def _token_face(self, key: str) -> str | None:
        """A counter named like a token set (``coins``) shows that set's first token beside its number."""
        ref = PieceRef("token", key, 0)
        return self.art.url(ref, "front") if self.art.piece(ref) is not None else None

    # --- boards --------------------------------------------------------------------------------
    def boards(self, view: Any, seen: Seen) -> list[dict[str, Any]]:
        """Each board of the kit with the pieces ``pieces(view)`` places (a label naming a token is drawn as it)."""
        if not self.art.boards:
            return []
        placed = self.rules.call(lambda: self.rules.game.pieces(view), "in pieces(), for the table")
        if not isinstance(placed, Mapping):
            raise self.rules.fail(f"pieces() returned {short(placed)}: expected board name -> space -> label(s)")
        boards = []
        order: dict[str, int] = {}
        for name, piece in self.art.boards.items():
            spaces = self.art.spaces(name)
            on_board = []
            for space, labels in dict(placed.get(name, {})).items():
                listed = placed_on(self.rules, space, labels)
                found = spaces.get(str(space).upper())
                if found is None:
                    raise self.rules.fail(f"pieces() placed {short(listed)} on space {short(space)}, which board {name!r} "
                                          f"does not have")
                for i, label in enumerate(listed):
                    text = str(label)
                    item_id = f"board.{name}.{str(space).upper()}.{i}"
                    seen.items[item_id] = Item(item_id, f"board.{name}", None, label, text, f"space.{name}.{str(space).upper()}")
                    ref = self.art.pieces.find(label)  # as the rule sheet's figures find it
                    w, h, round_ = self.art.size(ref) if ref else (0.0, 0.0, True)
                    face, text = self._side(label, ref, text)
                    player = label.player if isinstance(label, Shown) else None  # a player's pieces in one colour
                    on_board.append({"id": item_id, "space": str(space).upper(), "label": text, "slot": i, "of": len(listed),
                                     "face": face, "size": max(w, h), "w": w, "h": h, "round": round_,
                                     "colour": player if player is not None else order.setdefault(text, len(order))})
            for space in spaces:
                item_id = f"space.{name}.{space}"
                seen.items[item_id] = Item(item_id, f"board.{name}", None, space, space, alias=space_alias(space))
            boards.append({"name": name, "title": self.art.board_titles.get(name, name), "url": self.art.board_url(name),
                           "w": piece.w, "h": piece.h, "pieces": on_board,
                           "spaces": [{"id": f"space.{name}.{s}", "name": s, "x": p.x, "y": p.y, "half": p.half, "w": p.w,
                                       "h": p.h} for s, p in spaces.items()]})
        return boards

    # --- moves ---------------------------------------------------------------------------------
    def options(self, seat: int, moves: Sequence[Any], texts: Sequence[str], seen: Seen) -> list[dict[str, Any]]:
        """The seat's choices: each one's notation and the items it uses (its own pieces first, then the shared ones)."""
        index = ItemIndex(seen.items.values())
        return [{"n": text, "uses": index.uses((move, notation_words(text)), seat)} for move, text in zip(moves, texts)]


class ItemIndex:
    """The items of a scene by label (letter case aside) and by row, so each move's parts are looked up, not searched."""

    def __init__(self, items: Any) -> None:
        self.by_label: dict[str, list[Item]] = {}
        self.by_row: dict[Record, list[Item]] = {}
        self.worded: list[Item] = []
        for item in items:
            for name in (item.label, item.alias):
                if name:
                    self.by_label.setdefault(name.casefold(), []).append(item)
            if " " in item.label:
                self.worded.append(item)
            if isinstance(item.value, Record):
                self.by_row.setdefault(item.value, []).append(item)

    def matching(self, atom: Any) -> list[Item]:
        if isinstance(atom, Record):
            return self.by_row.get(atom, [])
        if not isinstance(atom, str):
            return []
        found = list(self.by_label.get(atom.casefold(), []))
        return found + [item for item in self.worded if item not in found and matches_atom(item, atom)]

    def uses(self, move: Any, seat: int) -> list[str]:
        """The ids of the items ``move`` uses: for each of its parts, the matching items nearest to ``seat``."""
        found: list[str] = []
        for atom in atoms(move):
            matches = self.matching(atom)
            if not matches:
                continue
            rank = min(_rank(item, seat) for item in matches)
            found += [item.id for item in matches if _rank(item, seat) == rank and item.id not in found]
        return found


def notation_words(text: str) -> tuple[str, ...]:
    """A move's notation as the names it uses: its words, without the commas that join its parts (``X bomb C3, D4``:
    X, bomb, C3, D4). A move that is an object of the rules' own (not strings or rows) is matched by these alone."""
    return tuple(word for word in text.replace(",", " ").split() if word)


def space_alias(space: str) -> str:
    """The name a space named by its SVG id ``KIND-NAME`` has in moves, when NAME is not a number (``wall-B2|C2``:
    ``B2|C2``; ``track-1-10`` keeps its id)."""
    kind, _, name = space.partition("-")
    return name if kind and name and not name.replace("-", "").isdigit() else ""


def shown_spaces(boards: list[dict[str, Any]], options: list[dict[str, Any]] | None) -> None:
    """Keep in each board's data only the spaces a piece stands on or a choice uses (a page draws no others)."""
    used = {i for option in options or () for i in option["uses"]}
    for board in boards:
        occupied = {piece["space"] for piece in board["pieces"]}
        board["spaces"] = [s for s in board["spaces"] if s["id"] in used or s["name"] in occupied]


def _rank(item: Item, seat: int) -> int:
    """Which of several matching items a move means: the mover's own (0), shared or on a board (1), another's (2)."""
    return 0 if item.owner == seat else 1 if item.owner is None else 2


def atoms(move: Any) -> list[Any]:
    """The parts of a move a piece may stand for: its strings (and their words), numbers and rows, all the way down."""
    if isinstance(move, Answered):
        return atoms(move.move) + atoms(move.answer)
    if isinstance(move, Record):
        return [move]
    if isinstance(move, Mapping):
        return [a for value in move.values() for a in atoms(value)]
    if isinstance(move, (list, tuple)):
        return [a for value in move for a in atoms(value)]
    if isinstance(move, str):
        words = move.split()
        return [move] + (words if len(words) > 1 else [])
    if isinstance(move, (int, float)) and not isinstance(move, bool):
        return [str(move)]
    return []


def matches_atom(item: Item, atom: Any) -> bool:
    if isinstance(atom, Record):
        return isinstance(item.value, Record) and item.value == atom
    if not isinstance(atom, str) or not item.label:
        return False
    label, text = item.label.casefold(), atom.casefold()
    return label == text or " " in label and f" {label} " in f" {text} "


def substituted(move: Any, old: Item, new: Item, by_name: bool = False) -> Any:
    """``move`` with ``old`` (a piece it uses) replaced by ``new``: the same kind of move made with another piece."""
    if isinstance(move, Answered):
        return Answered(substituted(move.move, old, new), substituted(move.answer, old, new))
    if isinstance(move, Record):
        return new.value if isinstance(new.value, Record) and move == old.value else move
    if isinstance(move, tuple):
        return tuple(substituted(v, old, new) for v in move)
    if isinstance(move, list):
        return [substituted(v, old, new) for v in move]
    if isinstance(move, dict):
        return {k: substituted(v, old, new) for k, v in move.items()}
    if isinstance(move, str) and old.label:
        before, after = (old.alias or old.label, new.alias or new.label) if by_name else (old.label, new.label)
        if move.casefold() == before.casefold():
            return after
        words, wanted = move.split(), before.split()
        for i in range(len(words) - len(wanted) + 1):  # (a word may end with the comma that joins a move's parts)
            found = [w.casefold() for w in words[i:i + len(wanted)]]
            if found[:-1] == [w.casefold() for w in wanted[:-1]] and found[-1].rstrip(",") == wanted[-1].casefold():
                comma = "," if words[i + len(wanted) - 1].endswith(",") else ""
                return " ".join(words[:i] + (after + comma).split() + words[i + len(wanted):])
    return move


def refusal_for(rules: KitRules, state: Any, seat: int, moves: Sequence[Any], texts: Sequence[str], seen: Seen,
                item_id: str) -> str:
    """Why the piece ``item_id`` takes part in no legal move: what the rules say of the same kind of move made with it
    (a legal move with another piece of its zone swapped for it: its ``why_not()``, or, for a move the notation writes,
    the refusal of that move as written), else a plain statement."""
    item = seen.items.get(item_id)
    if item is None:
        return "that is not on the table any more"
    if rules.current_player(state) == CHANCE:
        return "chance decides now"
    tried: list[Any] = []
    written: list[str] = []
    index = ItemIndex(seen.items.values())
    meant = [item] + ([seen.items[item.space]] if item.space in seen.items else [])  # a piece, or the space it stands on
    for clicked in meant:
        for move, text in zip(moves, texts):
            for atom in atoms((move, notation_words(text))):
                for other in index.matching(atom):
                    if other.zone != clicked.zone or other.id == clicked.id or other.label == clicked.label:
                        continue
                    candidate = substituted(move, other, clicked)
                    if candidate != move and candidate not in tried and candidate not in moves:
                        tried.append(candidate)
                    line = substituted(text, other, clicked, by_name=True)
                    if line != text and line not in written and line not in texts:
                        written.append(line)
    for candidate in tried[:8]:
        reason = rules.call(lambda: rules.game.why_not(state, candidate), lambda: f"in why_not(), move {short(candidate)}")
        if reason:
            return str(reason)
    for line in written[:8]:
        try:
            rules.apply(state, rules.parse_move(state, line))
        except (IllegalMove, NotationError) as exc:
            return str(exc)
    listed = ", ".join(texts[:6]) + (", ..." if len(texts) > 6 else "")
    return f"no legal move uses {item.label or 'that'} now (legal: {listed})"
