"""kit.toml as validated, frozen specs: the kit, its layouts, decks, boards, tokens and rule sheet.

Nothing here reads data files or draws: :func:`parse_kit` only checks the document and names the
file and dotted key of every problem. Element values stay templates (``"{cost}"``) until a row fills them.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Mapping

from printkit.datakit import keys
from printkit.datakit.keys import CARD_SIZES, NAME, element_keys
from printkit.datakit.reader import Table
from printkit.errors import ConfigError
from printkit.guard.limits import Limits
from printkit.params import checked_params, describe, from_mapping, limit_names
from printkit.press.settings import PAPERS, PrintSettings
from printkit.userinput.text import quoted, unknown_key

if TYPE_CHECKING:
    from printkit.datakit.when import Condition

LAYOUT_MM = 10_000.0
"""The largest coordinate or length a layout takes, in mm (far past any card, safe from overflow)."""
MIN_DASH_MM = 0.05
"""The shortest dash: a line of shorter dashes takes the renderers ages."""
MAX_BOARD_MM = 1500.0
"""The longest side a board from data may have: 1.5 m builds in seconds; 10 m took minutes and 5 GB."""

DELIMITERS = keys.DELIMITERS
ELEMENT_KEYS: dict[str, tuple[str, ...]] = {kind: element_keys(kind) for kind in keys.ELEMENT_TYPES}
"""The keys each element type takes, from the declarations in :mod:`printkit.datakit.keys`."""
NUMBERS = tuple(name for name, key in keys.ELEMENT.items() if key.type == "measure")
CHOICES = {name: key.choices for name, key in keys.ELEMENT.items() if key.choices and name != "type"}
BOOLS = tuple(name for name, key in keys.ELEMENT.items() if key.type == "boolean")


@dataclass(frozen=True)
class Element:
    """One drawn element of a layout; ``props`` values may hold ``{field}`` templates."""

    name: str
    type: str
    frame: str
    props: Mapping[str, Any]
    when: Condition | None
    """Drawn only for rows where this holds (``when = "{cost} > 2"``); None: always."""
    key: str
    """Where it was written (``layouts.front.title``), for messages."""


@dataclass(frozen=True)
class Layout:
    name: str
    elements: tuple[Element, ...]


@dataclass(frozen=True)
class DataSource:
    """A data file and how to read it: which column counts copies, declared column types."""

    path: str
    key: str
    quantity: str | None
    columns: Mapping[str, str]
    sheet: str | None = None
    delimiter: str | None = None
    """A CSV's separator (``;`` as Excel writes it in most European locales); None: found from the header row."""
    computed: str | None = None
    """``rules_rows = "NAME"``: the rows come from rules.py's ``rows_NAME(self)`` (``path`` is then empty)."""


@dataclass(frozen=True)
class PieceIds:
    """``id``, ``class``, ``back_id`` and ``back_class`` templates of a deck or token sheet (None: the defaults)."""

    front: str | None = None
    front_class: str | None = None
    back: str | None = None
    back_class: str | None = None


@dataclass(frozen=True)
class Deck:
    name: str
    title: str
    data: DataSource
    width: float
    height: float
    front: str
    back: str | None
    label: str | None
    """The column that names a card (None: the first column)."""
    ids: PieceIds = PieceIds()


@dataclass(frozen=True)
class Board:
    name: str
    title: str
    shape: str  # square | hex | track
    rows: int
    columns: int
    cell_mm: float
    labels: bool
    data: DataSource | None
    background: str
    ink: str
    cell_fill: str
    spaces: int
    start: int
    orientation: str
    key: str
    space: str | None = None
    """``spaces`` boards: the layout (or template) each row is drawn with."""
    margin: float = 8.0
    ids: PieceIds = PieceIds()


@dataclass(frozen=True)
class Tokens:
    name: str
    title: str
    data: DataSource
    shape: str  # round | square | hex
    size: float
    front: str
    back: str | None
    label: str | None
    ids: PieceIds = PieceIds()


@dataclass(frozen=True)
class Drawn:
    """A deck, token sheet or board whose pieces a hook of the kit folder draws (``art = "art.py:tokens"``)."""

    kind: str
    """deck, tokens, board or pages."""
    name: str
    title: str
    art: str
    key: str
    omit_empty: bool = False
    """``omit_empty``: without pieces the set is left out of the kit's components (its artwork file stays)."""
    turn_to_fit: bool = False
    """A board's ``turn_to_fit``: printed a quarter turn round when that fits the paper better."""


@dataclass(frozen=True)
class SectionSpec:
    """A ``[sections.<name>]`` entry: kit.pdf's pages of some sets, labelled, with printing advice."""

    name: str
    sets: tuple[str, ...]
    label: str
    advice: str | None
    blocks: str | None = None
    """``blocks``: the kit's function grouping the section's pieces into captioned blocks (None: one grid)."""
    pack: bool = False
    """``pack``: its token sheets packed as a kit without ``[sections]`` packs them (small ones sharing pages)."""


@dataclass(frozen=True)
class KitSpec:
    """A whole kit.toml, validated; paths are as written (resolved against the folder later)."""

    name: str
    title: str
    settings: PrintSettings
    icons: str
    rules: str | None
    layouts: Mapping[str, Layout]
    decks: tuple[Deck, ...]
    boards: tuple[Board, ...]
    tokens: tuple[Tokens, ...]
    fonts: Mapping[str, tuple[str, str | None]]
    """Font name -> (regular file, bold file or None), paths as written."""
    source: str
    raw: Mapping[str, Any] = field(repr=False, default_factory=dict)
    rules_font: str = "Vera"
    """The rule sheet's font: Vera or a name from ``[fonts]``."""
    game_rules: str | None = None
    """``[game] rules``: the rules.py that plays the game (None: a kit from data only)."""
    params: Mapping[str, Any] = field(default_factory=dict)
    """``[params]``: the game's numbers, read by the rules, the layouts (``{params.NAME}``) and rules.md."""
    param_limits: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """``[param_limits]``: parameter name -> ``min``, ``max``, ``choices``, ``pattern``, ``doc`` (its ``[params]`` value
    checked)."""
    hooks: Mapping[str, str] = field(default_factory=dict)
    """``[hooks]``: what printkit calls of the kit folder's own Python, by name -> ``FILE.py:NAME``."""
    drawn: tuple[Drawn, ...] = ()
    """Decks, token sheets and boards whose pieces a hook draws (``art = "FILE.py:NAME"``)."""
    artwork: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """``[artwork]``: artwork files drawn from several sets, stem -> the sets' names."""
    sections: tuple[SectionSpec, ...] = ()
    """``[sections]``: kit.pdf's sections in order (empty: one per set)."""
    print_note: str | None = None
    """``[kit] print_note``: the print note's advice (None: the default)."""
    examples: tuple[str, ...] = ()
    """``[rules] examples``: logs of the folder standing for the rule sheet's example game, the first that replays."""
    example_file: str | None = None
    """``[rules] example_file``: the output file the example game is written to."""
    artwork_columns: Mapping[str, int] = field(default_factory=dict)
    """``[artwork]``: stem -> pieces side by side, for the files that set it."""
    artwork_gaps: Mapping[str, float] = field(default_factory=dict)
    """``[artwork]``: stem -> the space between pieces in mm, for the files that set it."""
    artwork_titles: Mapping[str, str] = field(default_factory=dict)
    """``[artwork]``: stem -> the file's title after the kit's, for the files that set it."""
    code_limits: Limits = field(default_factory=Limits)
    """``[game] time_limit`` and ``memory_limit``: what one call into the kit's code (rules.py, rules.md's template, the
    Python ``[hooks]`` and ``art`` name) may take."""
    table: Mapping[str, Any] = field(default_factory=dict)
    """``[table]``: the browser table's layout hints (``centre``, ``hide``, ``piles``, ``boards``), each with its default."""
    own_params: Mapping[str, Any] = field(default_factory=dict)
    """``[params]`` as kit.toml writes them, before ``--set`` and config.toml: what an example game that names no
    parameters of its own (no ``# params:`` line) is written for."""


def _name(table: Table, key: str) -> str:
    value = table.value(key)
    if not re.fullmatch(NAME, value):
        raise table.fail(key, f"expected a short name of lowercase letters, digits, - and _ (like 'my-cards'), got {quoted(value)}")
    return str(value)


def _element_value(table: Table, key: str) -> Any:
    value = table.raw(key)
    kind = table.data.get("type")
    kind = kind if isinstance(kind, str) else None  # a list or table here is reported by _element
    allowed = ELEMENT_KEYS[kind] if kind in ELEMENT_KEYS else tuple(keys.ELEMENT)
    if key not in allowed:
        what = f"a {kind}" if kind in ELEMENT_KEYS else "an element"
        raise table.fail(key, unknown_key(key, allowed, what))
    if key in NUMBERS:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise table.fail(key, f"expected a number or a '{{field}}' template, got {quoted(value)}")
        return float(value) if isinstance(value, int) else value
    if key in BOOLS:
        if not isinstance(value, bool):
            raise table.fail(key, f"expected true or false, got {quoted(value)}")
        return value
    if key == "points":
        ok = isinstance(value, list) and len(value) >= 3 and all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                                        and -LAYOUT_MM <= v <= LAYOUT_MM for v in p) for p in value)
        if not ok:
            raise table.fail(key, f"expected a list of at least 3 [x, y] pairs in mm (-{LAYOUT_MM:g} to {LAYOUT_MM:g})")
        return tuple((float(x), float(y)) for x, y in value)
    if key == "dash":
        if not isinstance(value, list) or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                                  and MIN_DASH_MM <= v <= LAYOUT_MM for v in value):
            raise table.fail(key, f"expected a list of positive dash lengths in mm ({MIN_DASH_MM:g} to {LAYOUT_MM:g})")
        return tuple(float(v) for v in value)
    if not isinstance(value, str):
        raise table.fail(key, f"expected a string, got {quoted(value)}")
    if key in CHOICES and "{" not in value and value not in CHOICES[key]:
        raise table.fail(key, f"expected one of {', '.join(CHOICES[key])}, got {quoted(value)}")
    return value


def _raw_layouts(doc: Table) -> dict[str, tuple[str | None, dict[str, Table]]]:
    """Each layout's ``extends`` and its element tables, in document order."""
    layouts: dict[str, tuple[str | None, dict[str, Table]]] = {}
    table = doc.table("layouts")
    for name in table.data:
        _check_name(table, name)
        body = table.table(name)
        parent = body.get("extends", str, None)
        elements = {}
        for key, value in body.data.items():
            if key == "extends":
                continue
            if not isinstance(value, Mapping):
                raise body.fail(key, f"expected an element table ([layouts.{name}.{key}]) or 'extends', got {quoted(value)}")
            elements[key] = body.table(key)
        layouts[name] = (parent, elements)
    return layouts


def _check_name(table: Table, name: str) -> None:
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", name):
        raise table.fail(name, "expected a name of letters, digits, - and _")


def _resolve(name: str, raw: dict[str, tuple[str | None, dict[str, Table]]], source: str,
             chain: tuple[str, ...] = ()) -> list[tuple[str, dict[str, Any], str]]:
    """A layout's elements after ``extends``: (element, merged keys, where written), parent first."""
    if name in chain:
        raise ConfigError(source, f"layouts.{chain[0]}.extends", f"layouts extend each other in a circle ({' -> '.join((*chain, name))})")
    parent, own = raw[name]
    merged: list[tuple[str, dict[str, Any], str]] = []
    if parent is not None:
        if parent not in raw:
            raise ConfigError(source, f"layouts.{name}.extends", f"unknown layout {quoted(parent)} (layouts: {', '.join(raw)})")
        merged = [(n, dict(d), k) for n, d, k in _resolve(parent, raw, source, (*chain, name))]
    for element, table in own.items():
        values = {key: _element_value(table, key) for key in table.data}
        for i, (other, data, _) in enumerate(merged):
            if other == element:
                merged[i] = (element, {**data, **values}, table.prefix)
                break
        else:
            merged.append((element, values, table.prefix))
    return merged


def _element(name: str, data: dict[str, Any], key: str, source: str) -> Element:
    kind = data.get("type")
    if kind is None:
        raise ConfigError(source, f"{key}.type", f"missing: one of {', '.join(ELEMENT_KEYS)}")
    if not isinstance(kind, str) or kind not in ELEMENT_KEYS:
        raise ConfigError(source, f"{key}.type", f"expected one of {', '.join(ELEMENT_KEYS)}, got {quoted(kind)}")
    allowed = ELEMENT_KEYS[kind]
    for prop in sorted(data):
        if prop not in allowed:
            raise ConfigError(source, f"{key}.{prop}", unknown_key(prop, allowed, f"a {kind}"))
    if kind == "polygon" and "points" not in data and "sides" not in data:
        raise ConfigError(source, key, "a polygon needs points = [[x, y], ...] or sides with cx, cy, r")
    if kind == "image" and "src" not in data:
        raise ConfigError(source, f"{key}.src", "missing: the picture's path (art/...svg or .png)")
    props = {k: v for k, v in data.items() if k not in ("type", "frame", "when")}
    when = None
    if "when" in data:
        from printkit.datakit.when import WhenSyntaxError, parse_when  # imported by a kit that has a `when`

        try:
            when = parse_when(data["when"])
        except WhenSyntaxError as exc:
            raise ConfigError(source, f"{key}.when", f"{exc} (in {data['when']!r})") from None
    return Element(name, kind, data.get("frame", "trim"), props, when, key)


def _layouts(doc: Table) -> dict[str, Layout]:
    raw = _raw_layouts(doc)
    return {name: Layout(name, tuple(_element(n, d, k, doc.source) for n, d, k in _resolve(name, raw, doc.source))) for name in raw}


def _data(table: Table, required: bool = True) -> DataSource | None:
    if not required and not table.has("data"):
        return None
    path = table.value("data", ...)
    columns_table = table.table("types")
    columns = {}
    for column in columns_table.data:
        columns[column] = columns_table.get(column, str, choices=table.keys["types"].choices if table.keys else None)
    quantity = table.value("quantity")
    sheet = table.value("sheet")
    delimiter = table.value("delimiter")
    return DataSource(path, table.key("data"), quantity, columns, sheet, delimiter)


def _rows(table: Table) -> DataSource:
    """A deck's or token sheet's rows: ``data = "cards.csv"`` or ``rules_rows = "NAME"`` (rules.py's ``rows_NAME``)."""
    computed, path = table.value("rules_rows"), table.value("data")
    if computed is None:
        if path is None:
            raise table.fail("data", "missing (required): a data file, or `rules_rows` computed by rules.py")
        return _data(table)  # type: ignore[return-value]
    if path is not None:
        raise table.fail("rules_rows", "give either `data` (a file) or `rules_rows` (computed by rules.py), not both")
    if not re.fullmatch(keys.ROWS["rules_rows"].pattern or "", computed):
        raise table.fail("rules_rows", f"expected a method name's end such as 'chips' (rules.py's rows_chips), got {quoted(computed)}")
    for name in ("sheet", "delimiter"):
        if table.value(name) is not None:
            raise table.fail(name, "only for a data file: these rows come from rules.py")
    columns_table = table.table("types")
    columns = {c: columns_table.get(c, str, choices=keys.COLUMN_TYPES) for c in columns_table.data}
    return DataSource("", table.key("rules_rows"), table.value("quantity"), columns, computed=computed)


def _ids(table: Table) -> PieceIds:
    return PieceIds(table.value("id"), table.value("class"), table.value("back_id"), table.value("back_class"))


def _layout_ref(table: Table, key: str, layouts: Mapping[str, Layout], required: bool = True) -> str | None:
    value = table.value(key, ... if required else None)
    if value is not None and "{" not in value and value not in layouts:
        raise table.fail(key, f"unknown layout {quoted(value)} (layouts: {', '.join(layouts) or 'none defined'})")
    return value  # type: ignore[no-any-return]


def _size(table: Table) -> tuple[float, float]:
    value = table.raw("size", table.keys["size"].default if table.keys else "poker")
    if isinstance(value, str) and value in CARD_SIZES:
        w, h = CARD_SIZES[value]
    elif isinstance(value, list) and len(value) == 2 and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
        w, h = float(value[0]), float(value[1])
        lo, hi = (table.keys["size"].lo, table.keys["size"].hi) if table.keys else (15, 400)
        if not (lo <= w <= hi and lo <= h <= hi):  # type: ignore[operator]
            raise table.fail("size", f"expected a card of {lo:g} to {hi:g} mm a side, got {w:g} x {h:g}")
    else:
        raise table.fail("size", f"expected a size name ({', '.join(CARD_SIZES)}) or [width, height] in mm, got {quoted(value)}")
    if table.value("landscape"):
        w, h = h, w
    return w, h


def _deck(table: Table, layouts: Mapping[str, Layout]) -> Deck:
    name = _name(table, "name")
    w, h = _size(table)
    deck = Deck(name, table.value("title", name.replace("-", " ").replace("_", " ").capitalize()), _rows(table),
                w, h, _layout_ref(table, "front", layouts), _layout_ref(table, "back", layouts, False),  # type: ignore[arg-type]
                table.value("label"), _ids(table))
    table.done()
    return deck


def _board_data(table: Table, shape: str) -> DataSource | None:
    """A board's cells from a data file; a ``spaces`` board's spaces from a data file or rules.py."""
    if shape != "spaces":
        for name in ("rules_rows", "space", "id", "class"):
            if table.value(name) is not None:
                raise table.fail(name, f"only for a board of shape 'spaces', this one is {shape!r}")
        return _data(table, required=False)
    if table.value("space") is None:
        raise table.fail("space", "missing (required for shape 'spaces'): the layout each space is drawn with")
    return _rows(table)


GRID_HINT = ("; a board that is no grid of rows and columns (spaces of their own sizes, placed anywhere): "
             "shape = \"spaces\", each row of its data (or of rules.py's rules_rows) a space")


def _track_frame(spaces: int) -> tuple[int, int]:
    """The rows and columns of the smallest track frame round ``spaces`` spaces: two rows up to 12 spaces, else the
    squarest frame that holds them."""
    rows = 2
    while max(2, math.ceil((spaces + 4) / 2) - rows) > max(6, rows + 2):
        rows += 1
    return rows, max(2, math.ceil((spaces + 4) / 2) - rows)


def edge_spaces(rows: int, columns: int) -> int:
    """The spaces of a track around the edge of a ``columns`` x ``rows`` frame: its border's cells, or every cell of a
    frame one row or one column wide (a straight track: each cell once, not there and back)."""
    return rows * columns if min(rows, columns) == 1 else 2 * (rows + columns) - 4


def _board(table: Table, layouts: Mapping[str, Layout], params: Mapping[str, Any], settings: PrintSettings) -> Board:
    name = _name(table, "name")
    shape = table.value("shape")
    rows, columns = (_param_number(table, key, params, True, GRID_HINT if shape in ("square", "hex") else "")
                     for key in ("rows", "columns"))
    spaces = int(_param_number(table, "spaces", params, whole=True))
    if table.raw("last") is not None:
        if shape != "track" or table.raw("spaces") is not None:
            raise table.fail("last", "for a track, instead of `spaces`" if shape == "track" else f"only for a track, this board is {shape!r}")
        spaces = int(_param_number(table, "last", params, whole=True)) - table.value("start") + 1
        if spaces < 1:
            raise table.fail("last", f"expected the last space at or after the first ({table.value('start')}), got {spaces + table.value('start') - 1}")
        if table.raw("rows") is None and table.raw("columns") is None:
            rows, columns = _track_frame(spaces)
    spec = Board(
        name, table.value("title", name.replace("-", " ").capitalize()), shape,
        int(rows), int(columns), _param_number(table, "cell_mm", params), table.value("labels", shape != "track"),
        _board_data(table, shape), *(_colour(table, key, settings) for key in ("background", "ink", "cell_fill")),
        spaces, table.value("start"), table.value("orientation"), table.prefix,
        _layout_ref(table, "space", layouts, False), table.value("margin_mm"),
        PieceIds(table.value("id"), table.value("class")),
    )
    if shape == "track" and spec.spaces and spec.spaces > edge_spaces(spec.rows, spec.columns):
        limit = edge_spaces(spec.rows, spec.columns)
        raise table.fail("spaces", f"a {spec.columns} x {spec.rows} track has {limit} spaces around its edge, got {spec.spaces}")
    if spec.rows * spec.columns > 2500:
        raise table.fail("rows", f"a board of at most 2500 cells, got {spec.columns} x {spec.rows}")
    side = max(spec.rows, spec.columns) * spec.cell_mm
    if side > MAX_BOARD_MM:
        raise table.fail("cell_mm", f"a board of at most {MAX_BOARD_MM:g} mm a side (about 70 tiled pages), got "
                                    f"{max(spec.rows, spec.columns)} cells of {spec.cell_mm:g} mm = {side:g} mm")
    table.done()
    return spec


def _tokens(table: Table, layouts: Mapping[str, Layout], params: Mapping[str, Any]) -> Tokens:
    name = _name(table, "name")
    spec = Tokens(name, table.value("title", name.replace("-", " ").capitalize()), _rows(table),
                  table.value("shape"), _param_number(table, "size_mm", params),
                  _layout_ref(table, "front", layouts), _layout_ref(table, "back", layouts, False), table.value("label"),  # type: ignore[arg-type]
                  _ids(table))
    table.done()
    return spec


def _param_number(table: Table, name: str, params: Mapping[str, Any], whole: bool = False, hint: str = "") -> float:
    """A ``param number`` key: a number, or ``"{params.NAME}"`` taking one of ``[params]`` (limits checked either way);
    ``whole``: a whole number (a ``param integer``); ``hint`` ends every refusal (what else the designer may write)."""
    assert table.keys is not None, "a declared key"
    key = table.keys[name]
    raw = table.raw(name)
    if not isinstance(raw, str):
        try:
            return float(table.get(name, int if whole else float, key.default, None, key.lo, key.hi))
        except ConfigError as exc:
            raise ConfigError(exc.source, exc.key, exc.message + hint) from None
    found = re.fullmatch(keys.PARAM_REF, raw.strip())
    if found is None:
        raise table.fail(name, f"expected {'a whole' if whole else 'a'} number or \"{{params.NAME}}\" (one of [params], "
                               f"as written: no arithmetic), got {quoted(raw)}{hint}")
    param = found.group(1)
    if param not in params:
        raise table.fail(name, f"no parameter {param!r} in [params] (parameters: {', '.join(params) or 'none'}){hint}")
    value = params[param]
    if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
        raise table.fail(name, f"params.{param} is {describe(value)}: expected {'a whole' if whole else 'a'} number{hint}")
    if key.lo is not None and key.hi is not None and not key.lo <= value <= key.hi:
        raise table.fail(name, f"expected {key.lo:g} to {key.hi:g}, got {value:g} (params.{param}){hint}")
    return float(value)


def _colour(table: Table, key: str, settings: PrintSettings | None = None) -> str:
    """A colour: ``#rrggbb``, or (a ``print colour`` key) ``"{print.colours.NAME}"``, one of the print settings'."""
    value = table.value(key)
    found = re.fullmatch(keys.PRINT_COLOUR, value) if settings is not None else None
    if found is not None:
        known = [f.name for f in fields(settings.colours)]
        if found.group(1) not in known:
            raise table.fail(key, f"no colour {found.group(1)!r} in the print settings (colours: {', '.join(known)})")
        return str(getattr(settings.colours, found.group(1)))
    if not re.fullmatch(keys.COLOUR, value):
        raise table.fail(key, f"expected a colour like #2a6fdb, got {quoted(value)}")
    return str(value)


def _settings(doc: Table, kit: Table) -> PrintSettings:
    data = doc.raw("print", {}) or {}
    if not isinstance(data, dict):
        raise doc.fail("print", "expected a table")
    data = dict(data)
    paper = kit.get("paper", str, None)  # any letter case: checked below
    if paper is not None:
        data["paper"] = {p.lower(): p for p in PAPERS}.get(paper.lower(), paper)
        if data["paper"] not in PAPERS:
            raise kit.fail("paper", f"expected one of {', '.join(PAPERS)}, got {quoted(paper)}")
    return from_mapping(PrintSettings, data, doc.source, "print")


def _fonts(doc: Table) -> dict[str, tuple[str, str | None]]:
    """``[fonts]``: ``title = "fonts/Title.ttf"`` or ``body = { regular = "...ttf", bold = "...ttf" }``."""
    table = doc.table("fonts")
    fonts: dict[str, tuple[str, str | None]] = {}
    for name, value in table.data.items():
        _check_name(table, name)
        if name == "Vera":
            raise table.fail(name, "Vera is the built-in font: name yours differently")
        if isinstance(value, str):
            fonts[name] = (table.get(name, str), None)
            continue
        entry = Table(value, table.source, table.key(name), keys.FONT)
        fonts[name] = (entry.value("regular"), entry.value("bold"))
        entry.done()
    table.used.update(table.data)
    return fonts


def _table(doc: Table) -> dict[str, Any]:
    """``[table]``: layout hints for the browser table, every key with its value or default."""
    table = doc.table("table", keys.TABLE)
    hints = {name: table.value(name, ()) if key.type == "names" else table.value(name) for name, key in keys.TABLE.items()}
    table.done()
    return hints


def _game(doc: Table) -> tuple[str | None, Limits]:
    """``[game] rules = "rules.py"``: the Python file with the game's rules (see printkit.kitrules), and the limits of the
    kit's code (``time_limit``, ``memory_limit``)."""
    table = doc.table("game", keys.GAME)
    rules = table.value("rules")
    if rules is not None and not rules.endswith(".py"):
        raise table.fail("rules", f"expected a Python file such as 'rules.py', got {rules!r}")
    limits = Limits(float(table.value("time_limit")), int(table.value("memory_limit")))
    table.done()
    return rules, limits


PARAM_VALUE = (str, int, float, bool)


def _param_name(table: Table, name: str) -> None:
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,63}", name):
        raise table.fail(name, "expected a parameter name of letters, digits and _ (like hand_size)")


def _param_value(table: Table, name: str, value: Any) -> Any:
    """One ``[params]`` value: a number, string, true/false or a list of them."""
    _param_name(table, name)
    items = value if isinstance(value, list) else [value]
    if not all(isinstance(v, PARAM_VALUE) for v in items) or isinstance(value, float) and not math.isfinite(value):
        raise table.fail(name, f"expected a number, string, true/false or a list of them, got {describe(value)}")
    return tuple(value) if isinstance(value, list) else value


def _param_kind(value: Any) -> str:
    """The kind of a parameter's value as a message names it (a whole number and a decimal are both numbers)."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    return "a table of parameters (a group)" if isinstance(value, Mapping) else "a list"


def _as_written(table: Table, name: str, written: Mapping[str, Any]) -> None:
    """Refuse a parameter kit.toml's ``[params]`` does not write (``--set params.NAME=...`` adds none: a misspelt name
    would change nothing), or a value of another kind than the one written there (text for a number)."""
    if name not in written:
        raise table.fail(name, unknown_key(name, written) if written else "unknown key (kit.toml has no [params])")
    value, before = table.raw(name), written[name]
    if _param_kind(value) != _param_kind(before):
        raise table.fail(name, f"expected {_param_kind(before)}, as kit.toml writes it ({quoted(before)}), "
                               f"got {describe(value)}")


def _params(doc: Table, written: Mapping[str, Any]) -> dict[str, Any]:
    """``[params]``: names to numbers, strings, booleans or lists of them (the game's parameters), or a table of them
    (a group: ``abilities = { bomb = 1 }``) where kit.toml writes one (``written``: before ``--set``, whose names and
    kinds of value the parameters keep)."""
    table = doc.table("params")
    written = written if isinstance(written, Mapping) else {}
    params: dict[str, Any] = {}
    for name in table.data:
        _param_name(table, name)
        _as_written(table, name, written)
        if isinstance(written[name], Mapping):
            group = table.table(name)
            for inner in group.data:
                _param_name(group, inner)
                _as_written(group, inner, written[name])
            params[name] = {inner: _param_value(group, inner, group.raw(inner)) for inner in group.data}
        else:
            params[name] = _param_value(table, name, table.raw(name))
    return params


def _limit_entry(table: Table, name: str, value: Any, siblings: Mapping[str, Any]) -> dict[str, Any]:
    """One parameter's ``[param_limits]`` entry: ``min``, ``max``, ``choices``, ``pattern``, ``doc``; ``siblings``: the
    parameters of its table, which a ``min`` or ``max`` written as text may name (``max = "size"``)."""
    entry = Table(table.raw(name), table.source, table.key(name), keys.PARAM_LIMIT)
    limits = {key: entry.raw(key) if keys.PARAM_LIMIT[key].type in ("choices", "limit") else entry.value(key)
              for key in keys.PARAM_LIMIT if entry.has(key)}
    entry.done()
    for which in ("min", "max"):
        if which in limits:
            limits[which] = _limit(entry, which, limits[which], name, siblings)
    choices = limits.get("choices")
    if choices is not None:
        if not isinstance(choices, list) or not choices or not all(isinstance(c, PARAM_VALUE) for c in choices):
            raise entry.fail("choices", f"expected a list of the values the parameter may take, got {describe(choices)}")
        limits["choices"] = tuple(choices)
    pattern = limits.get("pattern")
    if pattern is not None:
        try:
            re.compile(pattern)
        except re.error as exc:
            raise entry.fail("pattern", f"not a regular expression: {exc}") from None
    return limits


def _limit(entry: Table, which: str, limit: Any, name: str, siblings: Mapping[str, Any]) -> float | str:
    """A ``min`` or ``max``: a number, or text naming other numeric parameters of the same table (``"size"``,
    ``"size * size - 1"``), checked whenever the parameters are."""
    if isinstance(limit, (int, float)) and not isinstance(limit, bool) and math.isfinite(limit):
        return limit
    if not isinstance(limit, str):
        raise entry.fail(which, f"expected a number, or another parameter's name (\"size\"), got {describe(limit)}")
    try:
        named = limit_names(limit)
    except ValueError as exc:
        raise entry.fail(which, str(exc)) from None
    for other in named:
        if other == name or other not in siblings:
            known = ", ".join(k for k in siblings if k != name) or "none"
            raise entry.fail(which, f"{quoted(limit)} names {other!r}: a limit may name the other parameters of its "
                                    f"table ({known})")
        if isinstance(siblings[other], bool) or not isinstance(siblings[other], (int, float)):
            raise entry.fail(which, f"{quoted(limit)} names {other!r}, which is {describe(siblings[other])}: "
                                    "a limit names numbers")
    return limit


def _param_limits(doc: Table, params: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """``[param_limits]``: an entry of ``min``, ``max``, ``choices``, ``pattern``, ``doc`` for parameters of ``[params]``;
    for a group, its ``doc`` and an entry per parameter of the group."""
    table = doc.table("param_limits")
    limits: dict[str, dict[str, Any]] = {}
    for name in table.data:
        if name not in params:
            raise table.fail(name, f"no parameter {name!r} in [params] (parameters: {', '.join(params) or 'none'})")
        if not isinstance(params[name], Mapping):
            limits[name] = _limit_entry(table, name, params[name], params)
            continue
        group = table.table(name)
        limits[name] = {"doc": group.get("doc", str, "")} if group.has("doc") else {}
        for inner in group.data:
            if inner == "doc":
                continue
            if inner not in params[name]:
                raise group.fail(inner, f"no parameter {inner!r} in [params.{name}] (parameters: {', '.join(params[name])})")
            limits[name][inner] = _limit_entry(group, inner, params[name][inner], params[name])
    return limits


def _hooks(doc: Table) -> dict[str, str]:
    """``[hooks]``: what printkit calls of the kit's own Python, each ``FILE.py:NAME``."""
    table = doc.table("hooks", keys.HOOKS)
    hooks = {name: table.value(name) for name in keys.HOOKS if table.has(name)}
    for name, written in hooks.items():
        if not re.fullmatch(keys.HOOK, written):
            raise table.fail(name, f"expected a Python file of the kit folder and a name in it, like 'params.py:Derived', "
                                   f"got {quoted(written)}")
    table.done()
    return hooks


def parse_kit(data: Mapping[str, Any], source: str, written: Mapping[str, Any] | None = None,
              settings: PrintSettings | None = None) -> KitSpec:
    """Validate a kit.toml document (as data) into a KitSpec; any problem is a ConfigError. ``written``: ``[params]`` as
    kit.toml writes them, before ``--set`` (a limited parameter keeps the type written there); ``settings``: the print
    settings to use instead of the document's (a built-in game's, from config.toml)."""
    doc = Table(data, source, "", keys.DOCUMENT)
    kit = doc.table("kit", keys.KIT)
    name = _name(kit, "name")
    title = kit.value("title", name.replace("-", " ").title())
    if settings is None:
        settings = _settings(doc, kit)
    else:
        kit.get("paper", str, None)
        doc.raw("print")
    icons = kit.value("icons")
    print_note = kit.value("print_note")
    kit.done()
    fonts = _fonts(doc)
    rules, rules_font, examples, example_file = _rules(doc, fonts)
    game_rules, code_limits = _game(doc)
    hooks = _hooks(doc)
    hints = _table(doc)
    own = data.get("params", {}) if written is None else written  # [params] as kit.toml writes them
    params = _params(doc, own)
    limits = _param_limits(doc, params)
    if limits:
        params = checked_params(params, limits, source, params if written is None else written)
    layouts = _layouts(doc)
    decks, boards, tokens, drawn = _sets(doc, layouts, params, settings, game_rules)
    names = [d.name for d in decks] + [b.name for b in boards] + [t.name for t in tokens] + [d.name for d in drawn]
    artwork, columns, gaps, titles = _artwork(doc, names, {d.name for d in drawn if d.kind == "pages"})
    if artwork and "artwork" in hooks:
        raise ConfigError(source, "artwork", f"the artwork files are drawn by [hooks] artwork ({hooks['artwork']}): "
                                             "leave [artwork] out")
    sections = _sections(doc, names)
    doc.done()
    return KitSpec(name, title, settings, icons, rules, layouts, decks, boards, tokens, fonts, source, data, rules_font,
                   game_rules, params, limits, hooks, drawn, artwork, sections, print_note, examples, example_file, columns,
                   gaps, titles, code_limits, hints,
                   own_params=dict(own))


def _rules(doc: Table, fonts: Mapping[str, Any]) -> tuple[str | None, str, tuple[str, ...], str | None]:
    """``[rules]``: the rule sheet's file and font, the logs standing for its example game and the file it is written to."""
    table = doc.table("rules", keys.RULES)
    rules, font = table.value("file"), table.value("font")
    examples, example_file = _files(table, "examples"), table.value("example_file")
    table.done()
    if font != "Vera" and font not in fonts:
        raise table.fail("font", f"unknown font {quoted(font)} (fonts: {', '.join(['Vera', *fonts])})")
    return rules, font, examples, example_file


def _sets(doc: Table, layouts: Mapping[str, Layout], params: Mapping[str, Any], settings: PrintSettings,
          game_rules: str | None) -> tuple[tuple[Deck, ...], tuple[Board, ...], tuple[Tokens, ...], tuple[Drawn, ...]]:
    """Every ``[[deck]]``, ``[[board]]`` and ``[[tokens]]``: from data, or drawn by a hook (``art = ...``); at least one,
    each name once."""
    tables = [(kind, t) for kind, declared in (("deck", keys.DECK), ("board", keys.BOARD), ("tokens", keys.TOKENS),
                                               ("pages", keys.PAGES))
              for t in doc.tables(kind, declared)]
    for kind, table in tables:
        if table.has("art") and kind != "pages":  # drawn by a hook: its own few keys
            table.keys = keys.DRAWN
    drawn = tuple(_drawn(kind, t) for kind, t in tables if t.has("art") or kind == "pages")
    decks = tuple(_deck(t, layouts) for kind, t in tables if kind == "deck" and not t.has("art"))
    boards = tuple(_board(t, layouts, params, settings) for kind, t in tables if kind == "board" and not t.has("art"))
    tokens = tuple(_tokens(t, layouts, params) for kind, t in tables if kind == "tokens" and not t.has("art"))
    for made in (*decks, *tokens, *boards):
        if made.data is not None and made.data.computed is not None and game_rules is None:
            raise ConfigError(doc.source, made.data.key, "rows computed by rules.py need `[game] rules = \"rules.py\"`")
    names = [d.name for d in decks] + [b.name for b in boards] + [t.name for t in tokens] + [d.name for d in drawn]
    for item in names:
        if names.count(item) > 1:
            raise ConfigError(doc.source, "", f"two decks, boards or token sheets are named {quoted(item)}: names become file names")
    if not names:
        raise ConfigError(doc.source, "", "nothing to print: add a [[deck]], [[board]] or [[tokens]]")
    return decks, boards, tokens, drawn


def _drawn(kind: str, table: Table) -> Drawn:
    """A deck, token sheet or board drawn by a hook, or a ``[[pages]]``: its name, title and ``art``, nothing else."""
    name = _name(table, "name")
    art = table.value("art")
    if not re.fullmatch(keys.HOOK, art):
        raise table.fail("art", f"expected a Python file of the kit folder and a name in it, like 'art.py:tokens', got {quoted(art)}")
    if kind != "board" and table.has("turn_to_fit"):
        raise table.fail("turn_to_fit", f"only for a [[board]], this is a [[{kind}]]")
    pages = kind == "pages"  # their own keys: no pieces to leave out or turn
    drawn = Drawn(kind, name, table.value("title", name.replace("-", " ").capitalize()), art, table.key("art"),
                  not pages and bool(table.value("omit_empty", False)), not pages and bool(table.value("turn_to_fit", False)))
    table.done()
    return drawn


def _names(table: Table, key: str, names: list[str]) -> tuple[str, ...]:
    """A list of set names, each a deck, token sheet or board of the kit."""
    value = table.raw(key)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise table.fail(key, f"expected a list of decks, token sheets or boards, got {describe(value)}")
    for item in value:
        if item not in names:
            raise table.fail(key, f"no deck, token sheet or board {quoted(item)} (those of this kit: {', '.join(names)})")
    return tuple(value)


def _artwork(doc: Table, names: list[str], pages: set[str]
             ) -> tuple[dict[str, tuple[str, ...]], dict[str, int], dict[str, float], dict[str, str]]:
    """``[artwork]``: artwork files drawn from several sets, each set in at most one (a table: with its columns, gap and
    title), none a ``[[pages]]`` set (``pages``: their names)."""
    table = doc.table("artwork")
    artwork: dict[str, tuple[str, ...]] = {}
    columns: dict[str, int] = {}
    gaps: dict[str, float] = {}
    titles: dict[str, str] = {}
    for stem in table.data:
        if not re.fullmatch(NAME, stem):
            raise table.fail(stem, "expected a file name of lowercase letters, digits, - and _")
        if isinstance(table.raw(stem), dict):
            entry = table.table(stem, keys.ARTWORK)
            artwork[stem] = _names(entry, "sets", names)
            if entry.has("columns"):
                columns[stem] = int(entry.value("columns"))
            if entry.has("gap_mm"):
                gaps[stem] = float(entry.value("gap_mm"))
            if entry.has("title"):
                titles[stem] = str(entry.value("title"))
            entry.done()
            continue
        artwork[stem] = _names(table, stem, names)
    drawn = [name for sets in artwork.values() for name in sets]
    for name in drawn:
        stem = next(stem for stem, sets in artwork.items() if name in sets)
        if drawn.count(name) > 1:
            raise table.fail(stem, f"{quoted(name)} is drawn into two artwork files")
        if name in pages:
            raise table.fail(stem, f"{quoted(name)} is a [[pages]] set: its pages are artwork files of their own")
    return artwork, columns, gaps, titles


def _sections(doc: Table, names: list[str]) -> tuple[SectionSpec, ...]:
    """``[sections]``: kit.pdf's sections in order, every set in exactly one (none: a section per set)."""
    table = doc.table("sections")
    sections = []
    for name in table.data:
        entry = table.table(name, keys.SECTION)
        sections.append(SectionSpec(name, _names(entry, "sets", names), entry.value("label", name), entry.value("advice"),
                                    entry.value("blocks"), bool(entry.value("pack", False))))
        entry.done()
    placed = [item for section in sections for item in section.sets]
    if sections:
        for item in names:
            if placed.count(item) != 1:
                where = "in two sections" if placed.count(item) > 1 else "in no section"
                raise ConfigError(doc.source, "sections", f"{quoted(item)} is {where}: [sections] places every set once")
    return tuple(sections)


def _files(table: Table, key: str) -> tuple[str, ...]:
    """A list of file names of the kit folder."""
    value = table.raw(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise table.fail(key, f"expected a list of file names, got {describe(value)}")
    return tuple(value)
