"""Every kit.toml key, declared once: its type, default, limits and meaning.

The loader (:mod:`printkit.datakit.schema`) reads each table through these declarations (a key it reads
that is not declared here is a programming error), and the kit.toml reference page and JSON Schema are
generated from them (:mod:`printkit.docs`). ``[print]`` is not repeated here: it is config.toml's
``[print]`` table, :class:`printkit.press.settings.PrintSettings`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

NAME = r"[a-z0-9][a-z0-9_-]{0,63}"
"""A kit's, deck's, board's or token sheet's name: it becomes a folder or file name."""
ENTRY_NAME = r"[A-Za-z0-9_-]{1,64}"
"""A layout's, element's or font's name."""
COLOUR = r"#[0-9A-Fa-f]{6}"

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "mini-euro": (44.0, 68.0),
    "euro": (59.0, 92.0),
    "mini-american": (41.0, 63.0),
    "american": (56.0, 87.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
    "business": (51.0, 89.0),
    "jumbo": (89.0, 127.0),
}
"""Card sizes by name, portrait, in mm (``landscape = true`` turns them)."""

ELEMENT_TYPES = ("rect", "circle", "polygon", "line", "text", "image")
SHAPES = ("rect", "circle", "polygon", "line")
FILLED = ("rect", "circle", "polygon")
COLUMN_TYPES = ("text", "integer", "number", "colour")

PARAM_REF = r"\{params\.([A-Za-z_][A-Za-z0-9_]{0,63})\}"
PRINT_COLOUR = r"\{print\.colours\.([a-z_]{1,64})\}"
"""A ``print colour`` key's reference to a colour of the print settings: ``"{print.colours.ink}"``."""
"""A ``param number`` key's reference to one of ``[params]``: ``"{params.chip_mm}"``."""

REQUIRED: Any = object()
"""The default of a key that must be written."""


@dataclass(frozen=True)
class Key:
    """One key of a kit.toml table.

    ``type`` is one of: ``string``, ``integer``, ``number``, ``boolean``, ``name`` (NAME), ``colour``
    (#rrggbb), ``size`` (a CARD_SIZES name or [width, height] in mm), ``types`` (column -> COLUMN_TYPES),
    ``measure`` (a number, a ``"25%"`` share or a ``"{field}"`` template), ``param number`` (a number or
    ``"{params.NAME}"``, one of ``[params]``), ``template`` (text that may hold
    ``{field}``), ``points`` ([[x, y], ...]), ``dash`` (a list of lengths in mm) or ``names`` (a list of texts, each
    matching ``pattern``).
    """

    type: str
    doc: str
    default: Any = None
    choices: tuple[str, ...] = ()
    lo: float | None = None
    hi: float | None = None
    elements: tuple[str, ...] = ()
    """Layout elements only: the element types that take this key."""
    pattern: str | None = None
    """Text keys: what the whole value must match (a Python regular expression the loader checks too)."""
    example: Any = None
    """A value the loader accepts, for the reference and the tests (default: one made from the type)."""

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


KIT: dict[str, Key] = {
    "name": Key("name", "the output folder's name: lowercase letters, digits, `-`, `_`", REQUIRED),
    "title": Key("string", "the game's title on every page (default: from the name)"),
    "paper": Key("string", "the paper, same as `print.paper` (any letter case)", choices=("A4", "letter", "A3", "universal")),
    "icons": Key("string", "folder of inline icons: `:coin:` in any text is `art/coin.svg` (or `.png`)", "art"),
    "print_note": Key("string", "the print note's advice on the rule sheet and cutting (default: \"Rule sheet: single-sided. "
                                "Cut the pieces along the crop marks.\"); `{params.NAME}` is filled in, a value the "
                                "parameters' class derives too (`[hooks] params`: a print note that follows a parameter)"),
}

RULES: dict[str, Key] = {
    "file": Key("string", "a Markdown rule sheet, rendered by jinja2's sandbox first (`{{ title }}`, "
                          "`{{ decks.<name>.count }}`, `{{ tokens.<name>.count }}`, `{{ boards.<name>.title }}`, and "
                          "`{{ sheet.<name> }}`: values the game's rules.py computes in `sheet()`); without it the sheet lists the components"),
    "font": Key("string", "the rule sheet's font: `Vera` or a name from `[fonts]` (for letters Vera lacks: Greek, "
                          "Cyrillic, ...; a kit font has no italic, so captions and `*emphasis*` stay upright)", "Vera"),
    "examples": Key("files", "game logs of the kit folder standing for the rule sheet's example game instead of a ```game "
                             "block: the first the rules replay under the parameters is the example (`[\"example.log\", "
                             "\"example-small.log\"]`: a small board takes the second)", example=["example.log"]),
    "example_file": Key("string", "the file of the kit folder's output the example game is written to (`example.log`), "
                                  "for `printkit replay`", pattern=r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}", example="example.log"),
}

FONT: dict[str, Key] = {
    "regular": Key("string", "the TrueType file of the regular face", REQUIRED),
    "bold": Key("string", "the TrueType file of the bold face (default: the regular one)"),
}
"""``[fonts]``: ``name = "fonts/Name.ttf"`` or ``name = { regular = ..., bold = ... }``."""

DATA: dict[str, Key] = {
    "data": Key("string", "the data file: `.csv` (header row first), `.toml` (one array of tables), `.json` (a list of "
                          "objects, or an object holding one) or `.xlsx` (header row first)", REQUIRED),
    "quantity": Key("string", "the column of copies per row (default: a column named `quantity`, if any); 0 leaves a row out"),
    "types": Key("types", "declared column types checked in every row: `{ cost = \"integer\", colour = \"colour\" }`",
                 choices=COLUMN_TYPES),
    "sheet": Key("string", "`.xlsx` only: the sheet to read (default: the first)"),
    "delimiter": Key("string", "`.csv` only: the separator, `,` `;` tab or `|` (default: found from the header row, so a "
                               "semicolon CSV as Excel writes it in most European locales is read as it is)",
                     choices=(",", ";", "\t", "|")),
}
"""The keys naming a data file and how to read it, shared by decks, token sheets and boards."""

DELIMITERS: tuple[str, ...] = DATA["delimiter"].choices
"""The separators a CSV may use."""

ROWS: dict[str, Key] = {
    **{**DATA, "data": Key("string", DATA["data"].doc + "; or `rules_rows` instead")},
    "rules_rows": Key("string", "instead of `data`: the rows come from the game's rules.py, `rules_rows = \"chips\"` calls its "
                          "`rows_chips(self)`, which returns a list of dicts (column -> value) computed from `self.params`, "
                          "so `--set params.NAME=...` changes the printed pieces; read like a data file's rows (`types`, "
                          "`quantity`, `label`, `--set data...`)", pattern=r"[A-Za-z_][A-Za-z0-9_]{0,63}", example="chips"),
}
"""A deck's or token sheet's rows: a data file, or rows computed by rules.py."""

PIECE: dict[str, Key] = {
    "front": Key("string", "the front's layout; a template such as `\"{kind}\"` picks a layout per row from a column", REQUIRED),
    "back": Key("string", "the back's layout (or a template): two-sided pieces, backs mirrored for duplex; without it the pieces are single-sided"),
    "label": Key("string", "the column that names a piece in messages (default: the first column)"),
    "id": Key("template", "the SVG id of each front, from the row: `\"chip-{player}-{n}\"` (`{n}`: the piece's number); "
                          "every id of the kit must differ (default: `<kind>-<name>-<n>`, e.g. `card-cards-3`)"),
    "class": Key("template", "more SVG classes of each front, space-separated, from the row: `\"value-{value} player-{player}\"` "
                             "(the front always has `card` or `token` and the set's name)"),
    "back_id": Key("template", "the SVG id of each back, from the row (a shared back may repeat it; default: none)"),
    "back_class": Key("template", "more SVG classes of each back, from the row"),
}

TITLE = Key("string", "shown on page labels and the print note (default: from the name); `{params.NAME}` is filled in")

DRAWN: dict[str, Key] = {
    "name": Key("name", "the artwork file's name", REQUIRED),
    "title": TITLE,
    "art": Key("string", "instead of data and layouts: the pieces are drawn by Python of the kit folder's own, `art = "
                         "\"art.py:tokens\"` calls its `tokens(kit, name)` with the kit (`kit.params`, `kit.settings`, "
                         "`kit.game`, `kit.cards(...)`) and the set's name, which returns the pieces (`printkit.kitart`)",
               REQUIRED, pattern=r"[A-Za-z0-9_][A-Za-z0-9_./-]{0,200}\.py:[A-Za-z_][A-Za-z0-9_]{0,63}", example="art.py:tokens"),
    "omit_empty": Key("boolean", "`true`: when the function draws no pieces the set is left out of the kit's components "
                                 "(the print note's list, the exports); its artwork file stays", False),
    "turn_to_fit": Key("boolean", "a `[[board]]`: `true` prints it a quarter turn round when that fits one page, or takes "
                                  "fewer tiles, than upright (its artwork file stays upright)", False),
}
"""A ``[[deck]]``, ``[[tokens]]`` or ``[[board]]`` whose pieces a hook draws: ``name``, ``title`` and ``art`` only."""

PAGES: dict[str, Key] = {
    "name": Key("name", "the artwork file's name (a set of several pages: `<name>-1`, `<name>-2`, ...)", REQUIRED),
    "title": TITLE,
    "art": Key("string", "the function drawing the pages: `art = \"art.py:score_sheet\"` calls its `score_sheet(kit, name)`, "
                         "which returns the pages (`printkit.kitart.Page`: shapes on the paper, the label at its foot, the "
                         "parts to cut out, the artwork file's picture)",
               REQUIRED, pattern=DRAWN["art"].pattern, example="art.py:score_sheet"),
}
"""A ``[[pages]]`` entry: pages of kit.pdf the kit's Python draws whole (a score sheet, a die net)."""

DECK: dict[str, Key] = {
    "name": Key("name", "the artwork file's name and the card ids' middle part (`card-<deck>-<n>`)", REQUIRED),
    "title": TITLE,
    **ROWS,
    "size": Key("size", "a card size name or `[width, height]` in mm (15 to 400)", "poker", choices=tuple(CARD_SIZES), lo=15, hi=400),
    "landscape": Key("boolean", "`true` turns the size", False),
    **PIECE,
}

TOKENS: dict[str, Key] = {
    "name": Key("name", "the artwork file's name and the token ids' middle part (`token-<name>-<n>`)", REQUIRED),
    "title": TITLE,
    **ROWS,
    "shape": Key("string", "`round` and `hex` (pointy top) counters sit apart, their bleed in their own shape; "
                           "`square` ones sit apart like cards (butted with `print.butted`); all cut on crop marks", "round", choices=("round", "square", "hex")),
    "size_mm": Key("param number", "the counter's width in mm (a hex is 2/sqrt(3) times as tall); `\"{params.chip_mm}\"` "
                                   "takes it from `[params]`, so `--set params.chip_mm=20` resizes the counters", 25.0, lo=8, hi=150),
    **PIECE,
}

BOARD: dict[str, Key] = {
    "name": Key("name", "the artwork file's name", REQUIRED),
    "title": TITLE,
    "shape": Key("string", "`square` grid, `hex` grid, `track` (spaces around the edge of a frame) or `spaces` (every data "
                           "row a space of its own, placed at its `x`, `y` (from the top-left corner inside the margin) and sized "
                           "`w`, `h` in mm, drawn with the `space` layout: any track or chart; the board is as large as "
                           "its spaces with `margin_mm` all round)", "square",
                 choices=("square", "hex", "track", "spaces")),
    "rows": Key("param number", "rows of the grid (a track: of its frame), a whole number; at most 2,500 cells; "
                                "`\"{params.size}\"` takes it from `[params]`, so `--set params.size=6` redraws the board "
                                "and the rules play on the same one (`self.boards[NAME]`)", 8, lo=1, hi=100),
    "columns": Key("param number", "columns of the grid (a track: of its frame), a whole number; `\"{params.size}\"` "
                                   "takes it from `[params]`; cells are named by column letter and row number, `A1` at "
                                   "the top left, `B1` right of it, `A2` below it (after `Z`: `AA`, `AB` ...; a hex "
                                   "board names its cells the same way, by the row or column they are drawn in)", 8, lo=1, hi=100),
    "cell_mm": Key("param number", "a cell's side in mm (a hex: its width across flats); at most 1.5 m a side in all; "
                                   "`\"{params.cell_mm}\"` takes it from `[params]`", 25.0, lo=5, hi=200),
    "labels": Key("boolean", "coordinate labels (columns A, B ... from the left, rows 1, 2 ... from the top); "
                             "default on, off for tracks"),
    **{**DATA, "data": Key("string", "optional cells that take a `label`, `class` (space- or comma-separated) and `fill` by "
                                     "`cell` (`C3`) or, on a track, `space` (its number); on a `spaces` board, its spaces "
                                     "(columns `x`, `y`, `w`, `h` and whatever the layout reads); file types as for a deck")},
    "rules_rows": Key("string", "`spaces` boards: the rows come from rules.py instead of a data file, `rules_rows = "
                                "\"track\"` calls its `rows_track(self)` (as for a deck)", pattern=ROWS["rules_rows"].pattern,
                      example="track"),
    "space": Key("string", "`spaces` boards: the layout drawing each row in its box (a template such as `\"{kind}\"` picks "
                           "one per row)"),
    "margin_mm": Key("number", "`spaces` boards: the border all round the spaces, in mm", 8.0, lo=0, hi=100),
    "id": Key("template", "`spaces` boards: each space's SVG id, from the row (`\"track-{n}\"`; empty: none)"),
    "class": Key("template", "`spaces` boards: each space's SVG classes, space-separated, from the row"),
    "background": Key("colour", "the board's background colour; `\"{print.colours.board}\"` takes a colour of the "
                                "print settings", "#F4EFE3"),
    "ink": Key("colour", "lines and labels (`\"{print.colours.ink}\"`: the print settings' ink)", "#1A1A1A"),
    "cell_fill": Key("colour", "the cells' colour", "#FFFFFF"),
    "spaces": Key("param number", "tracks: how many spaces (0: the whole edge; a frame one row or column wide is a "
                                  "straight track of its cells), a whole number; "
                                  "`\"{params.goal}\"` takes it from `[params]`", 0, lo=0, hi=400),
    "start": Key("integer", "tracks: the first space's number", 0, lo=-1000, hi=1000),
    "last": Key("param number", "tracks: the last space's number, instead of `spaces`: `\"{params.goal}\"` ends the track "
                                "on the goal, so `--set params.goal=8` prints spaces `start` to 8; without `columns` and "
                                "`rows` the frame is as small as holds them (two rows up to 12 spaces)", lo=-1000, hi=1000),
    "orientation": Key("string", "hex boards: `pointy` (rows, odd rows shifted right) or `flat` (columns, odd columns "
                                 "shifted down)", "pointy", choices=("pointy", "flat")),
}

LAYOUT: dict[str, Key] = {
    "extends": Key("string", "start with another layout's elements; an element of the same name changes only the keys it gives"),
}
"""A ``[layouts.<name>]`` table: ``extends`` and one table per element, drawn in the order written."""

_BOX = ("rect", "text", "image")
_ROUND = ("circle", "polygon")
_ALL = ELEMENT_TYPES

ELEMENT: dict[str, Key] = {
    "type": Key("string", "what the element is", REQUIRED, choices=ELEMENT_TYPES, elements=_ALL),
    "frame": Key("string", "what `x`, `y` measure from: the cut line, the bleed (outside it) or the safe line (`safe_mm` "
                           "inside it)", "trim", choices=("trim", "bleed", "safe"), elements=_ALL),
    "when": Key("template", "a condition: the element is drawn only for rows where it holds: `{cost}` (not empty; 0 is a "
                            "value), `{cost} > 2`, `{suit} = hearts`, `{kind} != Event and not {cost} is empty` (`=` `!=` "
                            "`<` `<=` `>` `>=`, `and` `or` `not`, `is empty`, brackets)", elements=_ALL),
    **{k: Key("measure", f"the box's {what} in mm (default: the whole frame)", elements=_BOX)
       for k, what in (("x", "left"), ("y", "top"), ("w", "width"), ("h", "height"))},
    **{k: Key("measure", f"{what} (default: the frame's centre, half its shorter side)", elements=_ROUND)
       for k, what in (("cx", "centre, from the left"), ("cy", "centre, from the top"), ("r", "radius, 0 or more"))},
    "points": Key("points", "the corners, `[[x, y], ...]` in mm (at least 3)", elements=("polygon",)),
    "sides": Key("measure", "a regular polygon's corners (3 to 64), with `cx`, `cy`, `r`, `rotate`", elements=("polygon",)),
    **{k: Key("measure", "an end of the line, in mm", elements=("line",)) for k in ("x1", "y1", "x2", "y2")},
    "fill": Key("template", "`#rrggbb`, `#rgb` or `none`", elements=FILLED),
    "stroke": Key("template", "the outline's colour: `#rrggbb`, `#rgb` or `none`", elements=SHAPES),
    "stroke_width": Key("measure", "the outline's width in mm (0 or more)", elements=SHAPES),
    "dash": Key("dash", "dash lengths in mm (0.05 to 10,000): `dash = [1, 1]`", elements=SHAPES),
    "opacity": Key("measure", "0 (clear) to 1 (solid)", elements=SHAPES),
    "radius": Key("measure", "rounded corners' radius in mm (0 or more)", elements=("rect",)),
    "rotate": Key("measure", "degrees clockwise about the centre (upside-down corner indices: `180`)",
                  elements=("rect", "polygon", "text", "image")),
    "text": Key("template", "what to write; `:name:` places an inline icon from the icons folder, scaled to the text",
                elements=("text",)),
    "size": Key("measure", "points; the text shrinks in 0.25 pt steps down to `min_size` until it fits its box both ways",
                elements=("text",)),
    "min_size": Key("measure", "the smallest size the text may shrink to (default: 7 or `size`)", elements=("text",)),
    "bold": Key("boolean", "the bold face", elements=("text",)),
    "align": Key("template", "`left`, `center` or `right`", choices=("left", "center", "right"), elements=("text", "image")),
    "valign": Key("template", "`top`, `middle` or `bottom`", choices=("top", "middle", "bottom"), elements=("text", "image")),
    "colour": Key("template", "the text's colour", elements=("text",)),
    "wrap": Key("boolean", "wrap into the box (default true)", elements=("text",)),
    "line_height": Key("measure", "line height in ems (default 1.2)", elements=("text",)),
    "icon_size": Key("measure", "the height of inline `:icon:` pictures in ems of the text's size (default 1; 1.5 draws "
                                "them half as large again; 0.5 to 3)", elements=("text",)),
    "font": Key("template", "`Vera` (default) or a name from `[fonts]`; may come from a column (`\"{face}\"`)", elements=("text",)),
    "src": Key("template", "an SVG (kept vector in the PDF) or PNG inside the kit folder, e.g. `\"art/{icon}.svg\"`",
               elements=("image",)),
    "fit": Key("template", "`contain` (keep the shape, aligned in the box) or `stretch`", "contain",
               choices=("contain", "stretch"), elements=("image",)),
}
"""The keys of one layout element (``[layouts.<layout>.<element>]``), with the element types that take them."""

ARRAYS: dict[str, tuple[str, Mapping[str, Key]]] = {
    "deck": ("a deck of cards, one card per data row (times its quantity)", DECK),
    "tokens": ("a sheet of counters, one per data row (times its quantity)", TOKENS),
    "board": ("a board: a square or hex grid, or a track", BOARD),
    "pages": ("pages of kit.pdf drawn whole by the kit's Python (a score sheet, a die net to fold)", PAGES),
}
"""kit.toml's arrays of tables (``[[deck]]``, ...): what each is and its keys."""

GAME: dict[str, Key] = {
    "rules": Key("string", "a Python file of the kit folder holding the game's rules (a `printkit.kitrules.Game`): "
                           "replay, verify, simulate, balance and play the kit", pattern=r".*\.py", example="rules.py"),
    "time_limit": Key("number", "CPU seconds one call into the kit's Python (rules.py: a move, a player's choice, setup; "
                                "the files `[hooks]` and `art` name: a set drawn) or the rule sheet's template may take "
                                "before the command stops it with an error naming the line it was at (a `[hooks] kernel` "
                                "is not timed: it plays many games a call)", 10.0, lo=0.1, hi=86400),
    "memory_limit": Key("integer", "MB of memory the kit's Python and the rule sheet's template may take beyond what "
                                   "printkit holds (past it: a MemoryError naming the line)", 2048, lo=64, hi=1048576),
}

HOOK = r"[A-Za-z0-9_][A-Za-z0-9_./-]{0,200}\.py:[A-Za-z_][A-Za-z0-9_]{0,63}"
"""A name in a Python file of the kit folder: ``FILE.py:NAME``."""

HOOKS: dict[str, Key] = {
    "params": Key("string", "a class in a Python file of the kit folder (`params.py:Derived`) that the parameters' class is "
                            "made on: its `check(self)` returns problems across parameters as `[(\"name\", \"message\"), ...]` "
                            "(refused like a limit: config.toml, `--set params.NAME=...`, `balance --sweep`), and its "
                            "properties and methods are values computed from the parameters",
                  pattern=HOOK, example="params.py:Derived"),
    "figures": Key("string", "a function drawing the rule sheet's figures: `figures(kit)` returns drawings by name "
                             "(`printkit.kitart`), placed where rules.md writes `[[figure:NAME]]`; `kit.example` holds the "
                             "example game replayed", pattern=HOOK, example="art.py:figures"),
    "kernel": Key("string", "a function playing many games fast (numpy, numba): `kernel(params, players, games, seed)` "
                            "returns a `printkit.rules.simulate.Tally`, or None for players it does not play (the rules "
                            "play them); simulate and balance use it, and its games must follow rules.py's (test it on "
                            "recorded games). The kernel hooks are read for printkit's built-in games only (a kit of your "
                            "own naming them is warned)", pattern=HOOK, example="kernel.py:kernel"),
    "restricted_kernel": Key("string", "a function playing `balance --abilities` games fast: `restricted_kernel(params, "
                                       "players, games, seed, restrict)`, `restrict` = (seat, ability) or None, returns a "
                                       "Tally counting each seat's wins (`seat_1_wins`, `seat_2_wins`) or None",
                             pattern=HOOK, example="kernel.py:restricted"),
    "playout_from": Key("string", "a function playing the `mcts` player's playouts fast (a built-in game's compiled kernel): "
                                  "`playout_from(rules, state, rng)` plays a random game from `state` (a position of "
                                  "rules.py's) and returns its `Outcome` and its cost to the search's budget in moves of "
                                  "the rules (1 for a compiled game); its games must follow rules.py's random player",
                        pattern=HOOK, example="kernel.py:playout_from"),
    "artwork": Key("string", "a function drawing the artwork files of the decks and token sheets (instead of `[artwork]` and "
                             "a file per set; boards keep theirs): `artwork(kit, pieces)`, handed their pieces by set name, "
                             "returns drawings by file name, each made by `kit.artwork(pieces, title, columns)` (columns "
                             "that follow the pieces, a file of some cards only)", pattern=HOOK, example="art.py:artwork"),
}
"""``[hooks]``: Python of the kit folder's own that printkit calls, each ``FILE.py:NAME`` (see the kit folder guide)."""

STATE_KEY = r"[A-Za-z_][A-Za-z0-9_]{0,63}"
"""A key of a game's state, as a kit.toml hint names it."""

TABLE: dict[str, Key] = {
    "centre": Key("names", "state keys shown first in the middle of the table, in this order (the middle holds every key "
                           "that is not one player's; the others follow in the state's order)", pattern=STATE_KEY,
                  example=["market", "deck"]),
    "hide": Key("names", "state keys the table leaves out (bookkeeping such as a turn counter or a flag; `to_move` is always "
                         "shown as whose turn it is)", pattern=STATE_KEY, example=["turn"]),
    "piles": Key("names", "state keys of cards drawn as a pile (the top card and a count) instead of a row of every card "
                          "(`hidden` keys are piles anyway)", pattern=STATE_KEY, example=["discard"]),
    "boards": Key("string", "where the boards sit: `centre` (large, in the middle) or `side` (beside the zones, for a "
                            "card game with a score track)", "centre", choices=("centre", "side")),
}
"""``[table]``: hints for ``printkit play --web``, which lays out the state's keys by itself."""

TABLES: dict[str, tuple[str, Mapping[str, Key]]] = {
    "kit": ("the kit itself", KIT),
    "rules": ("the rule sheet", RULES),
    "game": ("the game's rules in Python", GAME),
    "hooks": ("Python of the kit's own that printkit calls", HOOKS),
    "table": ("the browser table (`printkit play --web`): hints for laying out the state's keys; every key is optional", TABLE),
}
"""kit.toml's plain tables with fixed keys: the loader reads them with these declarations, the reference and the JSON
Schema list them (``[print]``, ``[fonts]`` and ``[layouts]`` are described apart; a ``DOCUMENT`` table in none of
these is a free table of the designer's own keys)."""


PARAM_LIMIT: dict[str, Key] = {
    "min": Key("limit", "the smallest value a number (or each number of a list) may take: a number, or another parameter "
                        "of the same table by name (`\"size\"`) or arithmetic of them (`\"size * size - 1\"`), "
                        "checked whenever either is set"),
    "max": Key("limit", "the largest value a number (or each number of a list) may take: a number, or another parameter "
                        "of the same table by name (`max = \"size\"`: at most as many tiles as columns) or arithmetic of "
                        "them, checked whenever either is set"),
    "choices": Key("choices", "the values a parameter (or each item of a list) may take: `[\"wild\", \"blocked\", \"open\"]`"),
    "pattern": Key("string", "a Python regular expression text (or each text of a list) must match whole"),
    "doc": Key("string", "what the parameter means (a built-in game's config.toml reference shows it)"),
}
"""``[param_limits]``: ``hand_size = { min = 1, max = 8, doc = "cards in a hand" }``, one entry per parameter; a group of
parameters (a table in ``[params]``) has an entry of its ``doc`` and an entry per parameter of the group."""


def element_keys(kind: str) -> tuple[str, ...]:
    """The keys an element of ``kind`` takes (``type``, ``frame`` and ``when`` included)."""
    return tuple(name for name, key in ELEMENT.items() if kind in key.elements)

ARTWORK_DOC = ("artwork files drawn from several decks, token sheets or boards: `tokens = [\"x-tokens\", \"o-tokens\"]` "
               "draws both sets into artwork/tokens.svg (default: a file per set, named after it); a table sets how many "
               "pieces stand side by side: `cards = { sets = [\"cards\"], columns = 1 }`")
ARTWORK: dict[str, Key] = {
    "sets": Key("names", "the decks, token sheets or boards drawn into the file, in order", REQUIRED, example=["cards"]),
    "columns": Key("integer", "pieces side by side (default: about 18 cm of tokens or 26 cm of cards, at most 6 cards)",
                   lo=1, hi=50),
    "gap_mm": Key("number", "the space between pieces in mm (default: 3 between tokens, 4 between cards)", lo=0, hi=50),
    "title": Key("string", "the file's title after the kit's (default: its set's title, or the file's name)"),
}
"""An ``[artwork]`` entry written as a table."""
SECTIONS_DOC = ("kit.pdf's sections in print order, each the pages of the sets it names: `tokens = { sets = [\"x-tokens\", "
                "\"o-tokens\"], label = \"tokens\", advice = \"single-sided\" }`; every set in one section (default: a section "
                "per set, boards, tokens, decks)")
SECTION: dict[str, Key] = {
    "sets": Key("names", "the decks, token sheets or boards whose pieces the section's pages hold, in order", REQUIRED,
                example=["cards"]),
    "label": Key("string", "the pages' label after the title (`Title - tokens, sheet 1 of 2`; default: the section's name)"),
    "advice": Key("string", "how to print the section, in the print note (default: single- or double-sided, from the pieces)"),
    "blocks": Key("string", "instead of one grid: blocks of pieces, each under its caption, sharing the pages; "
                            "`blocks = \"art.py:blocks\"` calls the kit folder's `blocks(kit, pieces)` with the section's "
                            "pieces by set name, which returns `(caption, pieces)` pairs in print order",
                  pattern=r"[A-Za-z0-9_][A-Za-z0-9_./-]{0,200}\.py:[A-Za-z_][A-Za-z0-9_]{0,63}", example="art.py:blocks"),
    "pack": Key("boolean", "`true`: the section's token sheets are packed as a kit without `[sections]` packs them (small "
                           "sheets share pages, each in a captioned block; a sheet larger than a page keeps its own grid)",
                False),
}
"""A ``[sections.<name>]`` entry."""

DOCUMENT: dict[str, Key] = {
    "kit": Key("table", "the kit itself: name, title, paper, icons", REQUIRED),
    "print": Key("table", "any key of config.toml's `[print]` table: bleed, margins, safe zone, crop marks, duplex flip, "
                          "back offsets, preview dpi, colours"),
    "rules": Key("table", "the rule sheet: a Markdown file and its font"),
    "fonts": Key("table", "your own TrueType fonts, embedded in the PDF: `title = \"fonts/Title.ttf\"` or "
                          "`body = { regular = \"fonts/Body.ttf\", bold = \"fonts/Body-Bold.ttf\" }`; text elements name "
                          "them with `font` (the built-in font is `Vera`)"),
    "layouts": Key("table", "named layouts: `[layouts.<name>]` with `extends` and one table per element"),
    "game": Key("table", "the game's rules: `rules = \"rules.py\"`"),
    "hooks": Key("table", "Python of the kit's own that printkit calls: `params = \"params.py:Derived\"`"),
    "table": Key("table", "hints for the browser table (`printkit play --web`): which state keys sit in the middle, "
                          "which to leave out, which cards to stack as piles, where the boards go"),
    "params": Key("table", "the game's numbers (`hand_size = 3`): numbers, strings, true/false or lists of them, or a table "
                           "of them (a group: `abilities = { bomb = 1, shield = 1 }`, `params.abilities.bomb`), read by "
                           "rules.py (`self.params.hand_size`), rules.md (`{{ params.hand_size }}`) and layouts "
                           "(`{params.hand_size}`); `--set params.NAME=...` changes one kit.toml writes, to a value "
                           "of the same kind (a number for a number)"),
    "param_limits": Key("table", "limits of `[params]`, checked whenever they are set (`--set params.NAME=...`, "
                                 "`balance --sweep`): `hand_size = { min = 1, max = 8, doc = \"cards in a hand\" }`; a "
                                 "parameter listed here also keeps the type of its value (a whole number stays whole)"),
    "artwork": Key("table", ARTWORK_DOC),
    "sections": Key("table", SECTIONS_DOC),
    "deck": Key("array", ARRAYS["deck"][0]),
    "tokens": Key("array", ARRAYS["tokens"][0]),
    "board": Key("array", ARRAYS["board"][0]),
    "pages": Key("array", ARRAYS["pages"][0]),
}
"""kit.toml's top-level tables and arrays of tables; at least one deck, token sheet or board."""
