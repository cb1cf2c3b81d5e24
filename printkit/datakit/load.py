"""A kit folder read: kit.toml with ``--set`` overrides applied, validated into a KitSpec."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from printkit.clashes import set_values, told_clash
from printkit.datakit.data import CellSet, Row, cell_text, load_rows, param_fields
from printkit.datakit.schema import DataSource, KitSpec, parse_kit
from printkit.errors import ConfigError
from printkit.params import from_mapping, plain_params, to_mapping
from printkit.press.settings import PrintSettings
from printkit.userinput.documents import DocumentError, check_document
from printkit.userinput.text import LINE_BREAKS
from printkit.userinput.toml import apply_sets, parse_set, read_toml

KIT_FILE = "kit.toml"


@dataclass(frozen=True)
class KitFolder:
    """Where a kit lives (``display``: the folder as the user wrote it) and its validated spec."""

    path: Path
    display: str
    spec: KitSpec
    sets: dict[str, str] = field(default_factory=dict)
    """The keys ``--set`` gave, as errors name them (``deck.size``, ``deck[1].size``), to the key as written."""
    cells: tuple[CellSet, ...] = ()
    """``--set data.<deck>.<row label>.<column>=VALUE`` items (a deck, token set or board of spaces): data cells the rules
    and the printed pieces share."""
    example: tuple[str, str] | None = None
    """A game log (its name in messages, its text) that stands for the rule sheet's example game (the ```game block of
    rules.md): replayed, drawn and shown in its place (a built-in game's ``example_log``)."""
    cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """What reading the folder made once (rules.md as written: :func:`printkit.datakit.kit.rule_sheet_source`)."""
    params: Any = None
    """The parameters given with the folder (a built-in game's, from config.toml), typed; None: kit.toml's."""
    checked: Any = None
    """``[params]`` as the class ``[hooks] params`` names makes them (with what it derives), checked by the kit's own
    Python when the folder was read (:func:`printkit.kitgame.spec.read_kit`); None: no such class, or its code not run."""
    out: Path | None = None
    """The output folder of the command reading the kit: a game of the checks that fails is kept there as a log."""
    run_code: bool = True
    """False (``build --no-code``): the kit's Python code is not run (a kit from someone else, printed unread)."""
    outline: bool = False
    """True (``build --outline``): the layout view of every layout its decks and token sheets use is drawn too."""
    set_items: tuple[str, ...] = ()
    """The ``--set`` items as given (data cells too, ``--paper`` left out): a failed game's replay command repeats them,
    so it plays the game the kit's checks played."""
    written: Mapping[str, Any] = field(default_factory=dict)
    """kit.toml's ``[params]`` as it writes them (before ``--set``): where a refused parameter's value came from."""

    def cells_of(self, name: str) -> tuple[CellSet, ...]:
        """The ``--set data...`` cells of deck, token set or board of spaces ``name``."""
        return tuple(c for c in self.cells if c.target == name)

    @property
    def param_fields(self) -> dict[str, str]:
        """``[params]`` as the ``{params.NAME}`` fields data cells and layouts read."""
        return param_fields(self.spec.params)


def data_sets(spec: KitSpec) -> list[tuple[str, DataSource, str | None]]:
    """Every deck, token set and board with rows: its name, data and label column (None: a row's first cell)."""
    return [*((d.name, d.data, d.label) for d in spec.decks), *((t.name, t.data, t.label) for t in spec.tokens),
            *((b.name, b.data, None) for b in spec.boards if b.data is not None)]


def read_rows(kit: KitFolder) -> dict[str, list[Row]]:
    """The rows of every deck, token set and board a data file holds, by name, read once for the printed kit and the
    rules alike (``--set data...`` cells applied, ``{params.NAME}`` filled). Those rules.py computes (``rules_rows``)
    are left to it (:mod:`printkit.kitgame.rows`); with ``--no-code`` they are refused."""
    rows: dict[str, list[Row]] = {}
    try:
        for name, data, label in data_sets(kit.spec):
            if data.computed is None:
                rows[name] = load_rows(kit.path, kit.display, data, kit.spec.source, kit.cells_of(name), label, kit.param_fields)
            elif not kit.run_code:
                raise ConfigError(kit.spec.source, data.key, f"the rows of {name!r} come from rules.py (rules_rows = "
                                                             f"{data.computed!r}): they cannot be printed with --no-code")
    except ConfigError as exc:
        raise blame_sets(exc, kit.sets) from None
    return rows


def blame_sets(exc: ConfigError, sets: dict[str, str]) -> ConfigError:
    """``exc`` told as a ``--set`` error when its key is one ``--set`` gave, or holds one (the file it came up in, in
    brackets); one told so already is as it is."""
    written = sets.get(exc.key) or next((w for key, w in sets.items() if key.startswith(f"{exc.key}.")), None)
    if written is None or exc.source == "--set":
        return exc
    return ConfigError("--set", written, f"{exc.message} (in {exc.source})")


def _as_toml(value: Any) -> Any:
    """A parameter's value as kit.toml writes it (a tuple as a list, a group as a table)."""
    if isinstance(value, Mapping):
        return {k: _as_toml(v) for k, v in value.items()}
    return [_as_toml(v) for v in value] if isinstance(value, tuple) else value


def load_kit(folder: str | Path, sets: tuple[str, ...] = (), paper: str | None = None, display: str | None = None,
             params: Mapping[str, Any] | None = None, settings: PrintSettings | None = None) -> KitFolder:
    """Read and validate ``folder/kit.toml``; a missing folder or file is one clear error. ``display`` names the folder in
    messages (default: as given). ``params`` (checked already: a built-in game's, from config.toml) stand for the values
    of ``[params]``, ``settings`` for its print settings."""
    display = str(folder) if display is None else display
    path = Path(folder)
    source = f"{display.rstrip('/')}/{KIT_FILE}"
    if not path.is_dir():
        raise ConfigError(display, "", "no such kit folder (make one with `printkit new NAME`)")
    if not (path / KIT_FILE).exists():
        raise ConfigError(source, "", "missing: a kit folder holds kit.toml (see `printkit new`)")
    data = read_toml(path / KIT_FILE)
    written = copy.deepcopy(data["params"]) if isinstance(data.get("params"), dict) else {}  # --set changes data's tables
    if params is not None:
        data["params"] = {**written, **{k: _as_toml(v) for k, v in plain_params(params).items() if k in written}}
    given = sets
    if paper is not None:
        sets = (*sets, f"kit.paper={json.dumps(paper)}")
    cells = tuple(_cell(item) for item in sets if item.strip().startswith(DATA_PREFIX))
    before = copy.deepcopy(data)
    set_keys = apply_sets(data, tuple(item for item in sets if not item.strip().startswith(DATA_PREFIX)))
    try:
        try:
            check_document(data, LINE_BREAKS)
        except DocumentError as exc:
            raise ConfigError(source, exc.key, exc.message) from None
        spec = parse_kit(data, source, written, settings)
    except ConfigError as exc:
        told = _told_clash(exc, before, data, set_keys, lambda changed: parse_kit(changed, source, written, settings))
        raise blame_sets(told, set_keys) from None
    known = {d.name for d in spec.decks} | {t.name for t in spec.tokens} | {b.name for b in spec.boards if b.shape == "spaces"}
    for cell in cells:
        if cell.target not in known:
            raise ConfigError("--set", cell.key, f"no deck, token set or board of spaces {cell.target!r} "
                                                 f"(those of this kit: {', '.join(sorted(known)) or 'none'})")
    return KitFolder(path, display, spec, set_keys, cells, params=params, set_items=given,
                     written=before.get("params", {}))


def _told_clash(exc: ConfigError, before: Mapping[str, Any], data: Mapping[str, Any], set_keys: Mapping[str, str],
                check: Callable[[dict[str, Any]], Any]) -> ConfigError:
    """A refusal across the keys of ``[params]`` or ``[print]`` told as the key the user wrote (in kit.toml,
    ``before``, or with ``--set``: ``set_keys`` of ``data``), naming the others it rests on and where their values came
    from. ``check(document)``: the document read again (a refusal raised)."""
    table = exc.key.split(".")[0]
    if table not in ("params", "print") or not all(isinstance(doc.get(table, {}), Mapping) for doc in (before, data)):
        return exc
    written = before.get(table, {})
    kit = [(exc.source, f"from {exc.source}" + ("" if table == "params" else "'s [print]"), written)]
    lowest = [] if table == "params" else [(exc.source, "(the default)", to_mapping(PrintSettings()))]
    given = ("--set", "from --set", set_values(table, data.get(table, {}), set_keys))
    return told_clash(exc, table, [*lowest, *kit, given], lambda values: check({**data, table: values}))


def told_params_clash(exc: ConfigError, kit: KitFolder, cls: Callable[[Mapping[str, Any]], type]) -> ConfigError:
    """A refusal of the parameters' own check (``cls(values)``: their class) told as :func:`_told_clash` tells it."""
    data = {"params": kit.spec.params}
    return _told_clash(exc, {"params": kit.written}, data, kit.sets,
                       lambda changed: from_mapping(cls(changed["params"]), changed["params"], exc.source, "params"))


DATA_PREFIX = "data."


def _cell(item: str) -> CellSet:
    """``data.<deck>.<row label>.<column>=VALUE`` (a label may hold dots) as a CellSet."""
    path, value = parse_set(item)
    key = ".".join(path)
    if len(path) < 4:
        raise ConfigError("--set", key, "expected data.<deck, tokens or board of spaces>.<row label>.<column>, "
                                        "e.g. data.cards.Wish.cost=3")
    if isinstance(value, (dict, list)):
        raise ConfigError("--set", key, f"expected a cell's value (a number or text), got {value!r}")
    return CellSet(path[1], ".".join(path[2:-1]), path[-1], cell_text(value), key)


