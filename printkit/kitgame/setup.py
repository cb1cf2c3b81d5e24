"""What a kit's rules are made from: ``[params]`` and every deck, token set and board as typed rows.

The rows are the very rows the printed kit is drawn from, read once (:func:`printkit.datakit.load.read_rows`), so the
deck the rules shuffle is the deck that is printed: change a cost in cards.csv and both follow.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

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


def records(rows: list[Row], source: DataSource, set_name: str) -> tuple[Record, ...]:
    """Typed records of ``rows`` (every copy, in order), each named by its row's label (else its number)."""
    return tuple(Record({k: typed(v, source.columns.get(k)) for k, v in row.fields.items() if not k.startswith("params.")},
                        row.label or str(n), set_name) for n, row in enumerate(rows, start=1))


def kit_setup(kit: KitFolder, rows: Mapping[str, list[Row]], sets: tuple[str, ...] = ()) -> KitSetup:
    """The kit's data as the rules read it: every set of ``rows`` typed (the data files' rows, then those rules.py
    computes), with the parameters. A set whose rows rules.py computes is left out until they are among ``rows``: the
    game that computes them is made from the others."""
    spec = kit.spec
    decks = {d.name: records(rows[d.name], d.data, d.name) for d in spec.decks if d.name in rows}
    tokens = {t.name: records(rows[t.name], t.data, t.name) for t in spec.tokens if t.name in rows}
    boards = {b.name: _board(b, rows.get(b.name, [])) for b in spec.boards if b.shape != "spaces" or b.name in rows}
    return KitSetup(spec.name, spec.title, rules_params(kit), decks, tokens, boards, sets)


def rules_params(kit: KitFolder) -> Mapping[str, Any]:
    """The parameters the kit's rules and art are handed, worked out here alone (the print note is handed them too): a
    built-in game's (config.toml's), else kit.toml's ``[params]`` as the class its ``[hooks] params`` names (with what
    it derives), else as they are."""
    if kit.params is not None:
        return kit.params  # type: ignore[no-any-return]
    return kit.checked or dict(kit.spec.params)


def _board(board: BoardSpec, rows: list[Row]) -> Board:
    """A board as the rules see it: a ``spaces`` board's rows by their ``space`` names (where they have one), a grid's or
    track's cells named as printed, each with its data row (by its ``cell`` or ``space`` column) where it has one."""
    from printkit.datakit.boards import cell_names

    if board.shape == "spaces":
        assert board.data is not None, "a spaces board has its spaces"
        spaces = {str(row["space"]): row for row in records(rows, board.data, board.name) if row.get("space") not in (None, "")}
        return Board(board.name, board.shape, 0, 0, tuple(spaces), spaces)
    column = "space" if board.shape == "track" else "cell"
    cells = {r.fields.get(column, "").strip().upper(): r for r in rows}
    typed_cells = {name: records([row], board.data, board.name)[0] for name, row in cells.items()} if board.data else {}
    return Board(board.name, board.shape, board.columns, board.rows, tuple(cell_names(board)), typed_cells, board.orientation)


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
