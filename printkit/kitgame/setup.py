"""What a kit's rules are made from: ``[params]`` and every deck, token set and board as typed rows.

The rows are read by the same loader the printed kit is drawn from, so the deck the rules shuffle is
the deck that is printed: change a cost in cards.csv and both follow.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from printkit.errors import ConfigError
from printkit.kitrules import Board, Record
from printkit.params import plain_params

if TYPE_CHECKING:  # the data layer is imported when a kit is read (a built-in game's rules need none of it)
    from printkit.datakit.data import Row
    from printkit.datakit.load import KitFolder
    from printkit.datakit.schema import Board as BoardSpec
    from printkit.datakit.schema import DataSource


@dataclass(frozen=True)
class KitSetup:
    """One set of a kit's parameters and data: what ``Game(...)`` is made from (plain, picklable data)."""

    name: str
    title: str
    params: Mapping[str, Any]
    decks: Mapping[str, tuple[Record, ...]]
    tokens: Mapping[str, tuple[Record, ...]]
    boards: Mapping[str, Board]
    sets: tuple[str, ...] = ()
    """The ``--set`` items (sweep values included) this setup was made with."""

    def as_parameters(self) -> dict[str, Any]:
        """The setup as plain data for reports: ``[params]``, the ``--set`` items, and a digest of the data
        (a stored balance run is resumed only with the same cards)."""
        data = repr(sorted((kind, name, [sorted(r.items()) for r in rows]) for kind, group in (("decks", self.decks), ("tokens", self.tokens))
                           for name, rows in group.items()))
        return {"params": {k: list(v) if isinstance(v, tuple) else v for k, v in plain_params(self.params).items()}, "sets": list(self.sets),
                "data_digest": hashlib.sha256(data.encode()).hexdigest()[:16]}


def typed(value: str, kind: str | None) -> Any:
    """A cell as its declared column type: integer -> int, number -> float, empty -> None, else the text."""
    if value == "":
        return None
    if kind == "integer":
        return int(value)
    if kind == "number":
        number = float(value)
        return int(number) if number.is_integer() and "." not in value and "e" not in value.lower() else number
    return value


def records(rows: list[Row], source: DataSource, label: str | None, set_name: str) -> tuple[Record, ...]:
    """Typed records of ``rows`` (every copy, in order)."""
    from printkit.datakit.data import record_label

    out = []
    for n, row in enumerate(rows, start=1):
        fields = {k: typed(v, source.columns.get(k)) for k, v in row.fields.items() if not k.startswith("params.")}
        out.append(Record(fields, record_label(row.fields, label) or str(n), set_name))
    return tuple(out)


def kit_setup(kit: KitFolder, sets: tuple[str, ...] = ()) -> KitSetup:
    """The kit's data as the rules read it; a bad data file is the same ConfigError a build gives. Decks and token
    sheets whose rows rules.py computes (``rules_rows = "NAME"``) come last, made by a game of the other data."""
    from printkit.datakit.load import blame_sets

    base = file_setup(kit, sets)
    spec = kit.spec
    try:
        decks = {d.name: base.decks[d.name] if d.name in base.decks else
                 records(kit.rows(d.name, d.data, d.label), d.data, d.label, d.name) for d in spec.decks}
        tokens = {t.name: base.tokens[t.name] if t.name in base.tokens else
                  records(kit.rows(t.name, t.data, t.label), t.data, t.label, t.name) for t in spec.tokens}
        boards = {b.name: base.boards[b.name] if b.name in base.boards else _spaces(kit, b) for b in spec.boards}
    except ConfigError as exc:
        raise blame_sets(exc, kit.sets) from None
    return KitSetup(spec.name, spec.title, rules_params(kit), decks, tokens, boards, sets)


def rules_params(kit: KitFolder) -> Mapping[str, Any]:
    """The parameters the kit's rules and art are handed: a built-in game's (config.toml's), else kit.toml's ``[params]``
    as the class its ``[hooks] params`` names (with what it derives), else as they are."""
    if kit.params is not None:
        return kit.params  # type: ignore[no-any-return]
    return kit.cache.get("params") or dict(kit.spec.params)


def _spaces(kit: KitFolder, board: BoardSpec) -> Board:
    """A ``spaces`` board as the rules see it: its rows' ``space`` names (where they have one) and rows."""
    assert board.data is not None, "a spaces board has its spaces"
    rows = records(kit.rows(board.name, board.data, None), board.data, None, board.name)
    cells = {str(row["space"]): row for row in rows if row.get("space") not in (None, "")}
    return Board(board.name, board.shape, 0, 0, tuple(cells), cells)


def file_setup(kit: KitFolder, sets: tuple[str, ...] = ()) -> KitSetup:
    """The kit's parameters and the data of its files (the sets whose rows rules.py computes left out): what the game
    that computes those rows is made from."""
    from printkit.datakit.boards import cell_names
    from printkit.datakit.data import load_rows
    from printkit.datakit.load import blame_sets

    if "file_setup" in kit.cache:
        return kit.cache["file_setup"]  # type: ignore[no-any-return]
    spec = kit.spec
    try:
        decks = {d.name: records(kit.rows(d.name, d.data, d.label), d.data, d.label, d.name) for d in spec.decks
                 if d.data.computed is None}
        tokens = {t.name: records(kit.rows(t.name, t.data, t.label), t.data, t.label, t.name) for t in spec.tokens
                  if t.data.computed is None}
        boards = {}
        for board in spec.boards:
            if board.shape == "spaces":
                if board.data is not None and board.data.computed is None:
                    boards[board.name] = _spaces(kit, board)
                continue
            rows = load_rows(kit.path, kit.display, board.data, spec.source, params=kit.param_fields) if board.data else []
            column = "space" if board.shape == "track" else "cell"
            cells = {r.fields.get(column, "").strip().upper(): r for r in rows}
            typed_cells = {name: records([row], board.data, None, board.name)[0] for name, row in cells.items()} if board.data else {}
            boards[board.name] = Board(board.name, board.shape, board.columns, board.rows, tuple(cell_names(board)), typed_cells,
                                       board.orientation)
    except ConfigError as exc:
        raise blame_sets(exc, kit.sets) from None
    made = kit.cache["file_setup"] = KitSetup(spec.name, spec.title, rules_params(kit), decks, tokens, boards, sets)
    return made


def _number_text(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        float(value)
    except ValueError:
        return False
    return True


def numbers_as_text(setup: KitSetup) -> list[tuple[str, str, list[str]]]:
    """``(kit.toml array, name, columns)`` of the decks and token sets with columns whose every filled cell is a number
    written as text: a column ``types`` does not declare, so the rules get ``"3"`` where they expect 3."""
    found = []
    for kind, group in (("deck", setup.decks), ("tokens", setup.tokens)):
        for name, rows in group.items():
            columns = {column for row in rows for column in row}
            texts = sorted(column for column in columns
                           if any(row.get(column) is not None for row in rows)
                           and all(row.get(column) is None or _number_text(row.get(column)) for row in rows))
            if texts:
                found.append((kind, name, texts))
    return found
