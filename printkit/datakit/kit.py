"""A kit folder laid out: its boards, token sheets and decks drawn from data and layouts (and the pieces its Python
draws, handed in), artwork files and the rule sheet rendered with the values its rules computed (kit.pdf's sections:
:mod:`printkit.datakit.impose`).

This is the data layer: it never asks the rules anything. :mod:`printkit.kitgame.pipeline` (the build pipeline)
asks them and hands their rows and values here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from printkit.art.board import board_drawing
from printkit.art.layout import pieces_drawing
from printkit.datakit import keys
from printkit.datakit.boards import board_piece
from printkit.datakit.components import deck_pieces, deck_sides, token_pieces, token_sides
from printkit.datakit.data import MAX_KIT_ELEMENTS, MAX_KIT_PIECES, Row, param_fields, param_text
from printkit.datakit.layout import Art, Painter
from printkit.datakit.load import KitFolder
from printkit.datakit.outline import set_outlines
from printkit.datakit.prescan import check_pictures
from printkit.datakit.schema import DataSource
from printkit.datakit.spaces import spaces_board
from printkit.draw import fonts
from printkit.draw.shapes import Drawing
from printkit.errors import ConfigError
from printkit.kit.model import Finding, PieceSet, Section
from printkit.press.pieces import Piece
from printkit.press.sheets import Page
from printkit.userinput.files import read_bytes, reason
from printkit.userinput.paths import inside, shown
from printkit.userinput.text import LINE_BREAKS, control_problem, quoted

PREVIEW_PIECES = 60
"""A PNG preview of a deck or token sheet from data shows at most this many pieces (the SVG holds them all; a set an art
hook draws is shown whole, as its hook made it)."""
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*game\s*$")
"""The line opening rules.md's example game: ```game (or ~~~game)."""


def game_block(lines: Sequence[str]) -> tuple[int, int | None] | None:
    """Where the first ```game block of rule-sheet ``lines`` is: the index of its opening line and of its closing fence
    (a line of the fence's character alone, at least as long as the opening one; None: never closed); None without a
    block."""
    for start, line in enumerate(lines):
        opened = FENCE.match(line.rstrip("\n"))
        if opened:
            fence = opened.group(2)
            rows = ((i, lines[i].strip()) for i in range(start + 1, len(lines)))
            return start, next((i for i, row in rows if row.startswith(fence[0] * len(fence)) and not row.strip(fence[0])), None)
    return None


@dataclass
class Laid:
    """A kit folder's sets laid out: pieces by set (in document order), their kinds and titles, artwork, previews,
    kit.pdf's sections, the counts rules.md reads and the findings of drawing them."""

    art: Art
    pieces: dict[str, list[Piece]] = field(default_factory=dict)
    kinds: dict[str, str] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)
    shapes: dict[str, Any] = field(default_factory=dict)
    """Each data set's spec (its kind's keys: size, back, shape) for its artwork and pages; None for a drawn set."""
    counts: dict[str, dict[str, dict[str, Any]]] = field(default_factory=lambda: {"decks": {}, "boards": {}, "tokens": {}})
    findings: list[Finding] = field(default_factory=list)
    artwork: dict[str, Drawing] = field(default_factory=dict)
    previews: dict[str, Drawing] = field(default_factory=dict)
    sections: list[Section] = field(default_factory=list)
    omitted: set[str] = field(default_factory=set)
    """Drawn sets left out of the kit's components when they have no pieces (``omit_empty``)."""
    pages: dict[str, list[Page]] = field(default_factory=dict)
    """The pages the kit's Python draws whole (``[[pages]]``), by set."""
    turnable: set[str] = field(default_factory=set)
    """Boards printed a quarter turn round when that fits the paper better (``turn_to_fit``)."""
    outlines: dict[str, Drawing] = field(default_factory=dict)
    """The layout views (``build --outline``), by ``<set>.<layout>``: see :mod:`printkit.datakit.outline`."""

    def add(self, kind: str, name: str, title: str, pieces: list[Piece], spec: Any = None) -> None:
        self.pieces[name], self.kinds[name], self.titles[name], self.shapes[name] = pieces, kind, title, spec
        group = {"deck": "decks", "tokens": "tokens", "board": "boards"}[kind]
        self.counts[group][name] = {"title": title, "count": len(pieces)}

    def add_pages(self, name: str, title: str, pages: list[Page]) -> None:
        self.pages[name], self.kinds[name], self.titles[name] = pages, "pages", title

    def piece_sets(self, kind: str) -> list[PieceSet]:
        return [PieceSet(name, self.titles[name], tuple(self.pieces[name])) for name in self.pieces
                if self.kinds[name] == kind and not (name in self.omitted and not self.pieces[name])]


Artwork = Callable[[Mapping[str, list[Piece]]], Mapping[str, Drawing]]
"""``artwork(pieces)``: the artwork files of the decks and token sheets (their pieces by set name), drawn by the kit's
Python (``[hooks] artwork``)."""


def lay_out(kit: KitFolder, rows: Mapping[str, list[Row]], drawn: Mapping[str, list[Any]],
            artwork: Artwork | None = None) -> Laid:
    """Every board, token sheet and deck of the folder drawn (from ``rows``, every set's by name, and layouts; ``drawn``:
    the pieces of the sets the kit's Python draws, and the pages of its ``[[pages]]``, by name) and their artwork files
    (``artwork``: the files of the decks and token sheets the kit's Python draws); kit.pdf's sections are
    :func:`printkit.datakit.impose.impose`'s."""
    spec = kit.spec
    inside(kit.path, spec.icons, spec.source, "kit.icons")
    laid = Laid(Art(kit.path, kit.display, spec.source, spec.icons, fonts=_fonts(kit)))
    token_rows = [_with_params(rows[t.name], spec.params) for t in spec.tokens]
    deck_rows = [_with_params(rows[d.name], spec.params) for d in spec.decks]
    check_pictures(laid.art, spec.layouts, [((s.front, s.back), set_rows) for s, set_rows in
                                            [*zip(spec.tokens, token_rows), *zip(spec.decks, deck_rows)]], spec.rules)
    seen: dict[str, str] = {}  # every front's SVG id so far: a kit's ids must differ
    _boards(kit, laid.art, laid, seen, rows)
    _data_sets(kit, laid.art, laid, seen, token_rows, deck_rows)
    for made in spec.drawn:
        if made.kind == "pages":
            laid.add_pages(made.name, _titled(made.title, spec.params), list(drawn[made.name]))
            continue
        laid.add(made.kind, made.name, _titled(made.title, spec.params), list(drawn[made.name]))
        if made.omit_empty:
            laid.omitted.add(made.name)
        if made.turn_to_fit:
            laid.turnable.add(made.name)
    laid.artwork, laid.previews = _artwork(kit, laid, artwork)
    return laid


def rule_sheet(kit: KitFolder, laid: Laid, source: tuple[str, str] | None, sheet: Mapping[str, Any] | Any,
               art: Mapping[str, Any] | None = None) -> tuple[str, dict[str, Drawing], str]:
    """The rule sheet's text (``source``: rules.md as written and its name, :func:`rule_sheet_source`, rendered with
    ``sheet``: the values the rules computed, or what stands for them when they were not computed, and ``art``: those the
    art hooks found), its pictures (files, icons as ``:name:``, printed pieces as ``pieces:ID``) and the file it comes
    from (all empty without ``[rules]``)."""
    if source is None:
        return "", {}, ""
    from printkit.datakit.pictures import piece_sources, pieces_figure, position_sources, rule_icons, rule_pictures

    text = _rules_text(kit, source, laid.counts, sheet, art or {})
    name = source[1]
    for src, line in position_sources(text) if kit.spec.game_rules is None else ():
        raise ConfigError(f"{name}:{line}", "", f"figure {quoted(src)}: a position of the example game, which the game's "
                                                "rules replay: kit.toml names none ([game] rules = \"rules.py\")")
    pictures = {**rule_pictures(text, kit.path, kit.display, name), **rule_icons(text, laid.art.icon, name)}
    by_id = {p.front.id: p for group in (*laid.piece_sets("deck"), *laid.piece_sets("tokens")) for p in group.pieces if p.front.id}
    for src, line in piece_sources(text):
        pictures[src] = pieces_figure(src, f"{name}:{line}", by_id)
    return text, pictures, name


def print_note(kit: KitFolder, rules_text: str, params: Any) -> str:
    """The print note's advice: ``[kit] print_note`` with ``{params.NAME}`` filled in (``params``: the parameters the
    rules were handed, :func:`printkit.kitgame.setup.rules_params`: what they derive too), or how to print the rule
    sheet and cut the pieces."""
    cutting = "Cut the pieces along the crop marks."
    if kit.spec.print_note:
        return _titled(kit.spec.print_note, _ParamValues(kit.spec.params, params))
    return f"Rule sheet: single-sided. {cutting}" if rules_text.strip() else cutting


class _ParamValues(dict):  # type: ignore[type-arg]
    """``[params]`` as written, then what the parameters' class derives from them (``[hooks] params``' properties), by
    name."""

    def __init__(self, written: Mapping[str, Any], params: Any) -> None:
        super().__init__(written)
        self.params = params

    def get(self, name: str, default: Any = None) -> Any:
        if name in self or isinstance(self.params, dict):  # [params] as written derive nothing
            return super().get(name, default)
        return getattr(self.params, name, default)


def _titled(title: str, params: Mapping[str, Any]) -> str:
    """A set's title with ``{params.NAME}`` filled in."""
    return re.sub(keys.PARAM_REF, lambda m: param_text(params.get(m.group(1), m.group(0))), title) if "{" in title else title


def _boards(kit: KitFolder, art: Art, made: Laid, seen: dict[str, str], rows: Mapping[str, list[Row]]) -> None:
    """Every board from data: a grid or track, or spaces drawn by a layout."""
    spec = kit.spec
    for i, board in enumerate(spec.boards):
        if board.shape == "spaces":
            assert board.data is not None, "a spaces board has its spaces"
            cells = _with_params(rows[board.name], spec.params)
            painter = Painter(art, _columns(cells), spec.source, _data_name(kit, board.data))
            piece = spaces_board(board, cells, painter, spec.layouts, _key("board", i, len(spec.boards)), seen)
            made.findings += painter.findings
        else:
            piece = board_piece(board, rows.get(board.name, []), spec.settings.safe_mm, art.icon)
        made.add("board", board.name, _titled(board.title, spec.params), [piece], board)


def _data_sets(kit: KitFolder, art: Art, made: Laid, seen: dict[str, str], token_rows: list[list[Row]],
               deck_rows: list[list[Row]]) -> None:
    """Every token sheet and deck from data rows and layouts, within the kit's limits of pieces and elements."""
    spec, settings = kit.spec, kit.spec.settings
    pieces_so_far = drawn = 0
    for kind, sets, rows_of, make in (("tokens", spec.tokens, token_rows, token_pieces), ("deck", spec.decks, deck_rows, deck_pieces)):
        for i, (item, rows) in enumerate(zip(sets, rows_of)):
            pieces_so_far = _within_limit(pieces_so_far + len(rows), spec.source)
            drawn = _within_drawing_limit(drawn + len(rows) * _elements(item, spec.layouts), spec.source)
            painter = Painter(art, _columns(rows), spec.source, _data_name(kit, item.data))
            pieces = make(item, rows, painter, spec.layouts, settings, _key(kind, i, len(sets)), seen)  # type: ignore[operator]
            made.findings += painter.findings
            if kit.outline:
                made.outlines.update(_outlines(kit, art, item, rows, kind, _key(kind, i, len(sets))))
            if kind == "deck" and not pieces:
                where = item.data.path or f"rows_{item.data.computed}()"
                made.findings.append(Finding("warning", f"deck {quoted(item.name)}: no cards to print ({where} has no row "
                                                         "with a quantity above 0)"))
            made.add(kind, item.name, _titled(item.title, spec.params), pieces, item)


def _outlines(kit: KitFolder, art: Art, item: Any, rows: list[Row], kind: str, key: str) -> dict[str, Drawing]:
    """The layout views of a deck or token sheet (drawn with a painter of their own: its findings are the build's
    already)."""
    painter = Painter(art, _columns(rows), kit.spec.source, _data_name(kit, item.data))
    if kind == "deck":
        return set_outlines(deck_sides(item, key), "rect", rows, painter, kit.spec.layouts, kit.spec.settings, "card")
    return set_outlines(token_sides(item, key), item.shape, rows, painter, kit.spec.layouts, kit.spec.settings, "token")


def _group_of(kit: KitFolder, made: Laid) -> dict[str, list[str]]:
    """Each artwork file's sets, in the order the first of them comes: ``[artwork]``'s groups, every other set alone."""
    files: dict[str, list[str]] = {}
    for name in [n for kind in ("board", "tokens", "deck") for n in made.pieces if made.kinds[n] == kind]:
        stem = next((stem for stem, sets in kit.spec.artwork.items() if name in sets), name)
        files.setdefault(stem, []).append(name)
    return files


def _artwork(kit: KitFolder, made: Laid, drawn: Artwork | None) -> tuple[dict[str, Drawing], dict[str, Drawing]]:
    """artwork/<stem>.svg for every file (boards trimmed, pieces side by side) and the previews of large ones; with
    ``drawn`` (``[hooks] artwork``) the decks' and token sheets' files are the ones it draws."""
    artwork: dict[str, Drawing] = {}
    previews: dict[str, Drawing] = {}
    for stem, names in _group_of(kit, made).items():
        if drawn is not None and made.kinds[names[0]] != "board":
            continue
        pieces = [p for name in names for p in made.pieces[name]]
        first = names[0]
        title = f"{kit.spec.title} {kit.spec.artwork_titles.get(stem) or (made.titles[first] if len(names) == 1 else stem.replace('_', ' '))}"
        if made.kinds[first] == "board":
            artwork[stem] = board_drawing(pieces[0], title)
            continue
        width = pieces[0].w if pieces else 0.0
        cols = kit.spec.artwork_columns.get(stem) or (max(1, round(180 / (width + 3))) if made.kinds[first] == "tokens"
                                                      else max(1, min(6, round(260 / (width + 4)))))
        gap = kit.spec.artwork_gaps.get(stem, 3.0 if made.kinds[first] == "tokens" else 4.0)
        artwork[stem] = pieces_drawing(pieces, title, cols=cols, gap=gap, backs=True)
        if len(pieces) > PREVIEW_PIECES and all(made.shapes[name] is not None for name in names):  # from data: its first
            previews[stem] = pieces_drawing(pieces[:PREVIEW_PIECES], title, cols=cols, gap=gap)
    if drawn is not None:
        artwork.update(drawn({name: made.pieces[name] for name in made.pieces if made.kinds[name] != "board"}))
    for name, pages in made.pages.items():
        for number, page in enumerate(pages, start=1):
            stem = name if len(pages) == 1 else f"{name}-{number}"
            artwork[stem] = page.artwork if page.artwork is not None else page.drawing(kit.spec.settings)
    return artwork, previews


def _columns(rows: list[Row]) -> set[str]:
    return {"n"} | {name for row in rows for name in row.fields}


def _with_params(rows: list[Row], params: Mapping[str, Any]) -> list[Row]:
    """The rows with kit.toml's ``[params]`` as fields ``params.NAME`` (``{params.hand_size}`` in a layout)."""
    if not params:
        return rows
    extra = param_fields(params)
    return [Row({**extra, **row.fields}, row.where, row.index, row.label) for row in rows]


def _data_name(kit: KitFolder, data: DataSource) -> str:
    """The data file as messages name it (``my-game/cards.csv``), or the rules' method computing the rows."""
    if data.computed is not None:
        return f"rows_{data.computed}() of {kit.spec.game_rules}"
    return shown(kit.path, kit.display, inside(kit.path, data.path, kit.spec.source, data.key))


def _key(kind: str, index: int, count: int) -> str:
    return kind if count == 1 else f"{kind}[{index}]"


def _within(count: int, limit: int, what: str, source: str) -> int:
    """``count`` so far, refused past ``limit`` with the limit named (``what`` says what is counted)."""
    if count > limit:
        raise ConfigError(source, "", f"more than {limit:,} {what}: the limit of one kit "
                                      "(a build must stay within seconds and memory)")
    return count


def _within_limit(pieces: int, source: str) -> int:
    """``pieces`` (cards and tokens so far), refused past :data:`MAX_KIT_PIECES`."""
    return _within(pieces, MAX_KIT_PIECES, "cards and tokens in all", source)


def _elements(sides: Any, layouts: Mapping[str, Any]) -> int:
    """Elements drawn for one piece: its front and back layouts (a ``{column}`` choice counts the largest)."""
    largest = max((len(layout.elements) for layout in layouts.values()), default=0)
    return sum(largest if "{" in name else len(layouts[name].elements) if name in layouts else 0
               for name in (sides.front, sides.back) if name)


def _within_drawing_limit(drawn: int, source: str) -> int:
    """``drawn`` (layout elements times pieces so far), refused past :data:`MAX_KIT_ELEMENTS`."""
    return _within(drawn, MAX_KIT_ELEMENTS, "layout elements to draw (elements per piece times pieces)", source)


def rule_sheet_source(kit: KitFolder) -> tuple[str, str] | None:
    """rules.md as written and its name in messages (``my-game/rules.md``); None without ``[rules] file``. Read once."""
    if kit.spec.rules is None:
        return None
    if "rules.md" in kit.cache:
        return kit.cache["rules.md"]  # type: ignore[no-any-return]
    from printkit.datakit.pictures import MAX_RULES_BYTES

    path = inside(kit.path, kit.spec.rules, kit.spec.source, "rules.file")
    name = shown(kit.path, kit.display, path)
    try:
        text = read_bytes(path, MAX_RULES_BYTES).decode("utf-8-sig")
    except FileNotFoundError:
        raise ConfigError(kit.spec.source, "rules.file", f"no file {name}") from None
    except OSError as exc:
        raise ConfigError(name, "", f"cannot read the file: {reason(exc)}") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(name, "", f"cannot read the file as UTF-8 text ({exc})") from None
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        problem = control_problem(line, LINE_BREAKS)
        if problem:
            raise ConfigError(f"{name}:{number}", "", f"{problem}: a rule sheet is plain Markdown text")
    kit.cache["rules.md"] = (text, name)
    return text, name


def _fonts(kit: KitFolder) -> dict[str, tuple[str, str]]:
    """The kit's TrueType files registered (embedded in the PDF): name -> (regular, bold) faces."""
    registered = {}
    for name, files in kit.spec.fonts.items():
        faces = []
        for written, key in ((files[0], f"fonts.{name}"), (files[1], f"fonts.{name}.bold")):
            if written is None:
                faces.append(faces[0])
                continue
            path = inside(kit.path, written, kit.spec.source, key)
            if not path.exists():
                raise ConfigError(kit.spec.source, key, f"no file {shown(kit.path, kit.display, path)}")
            try:
                faces.append(fonts.register_file(str(path)))
            except OSError as exc:
                raise ConfigError(shown(kit.path, kit.display, path), "", f"cannot read the file: {reason(exc)}") from None
            except ValueError as exc:
                raise ConfigError(shown(kit.path, kit.display, path), "", str(exc)) from None
        registered[name] = (faces[0], faces[1])
    return registered


def _rules_text(kit: KitFolder, source: tuple[str, str], counts: dict[str, Any], sheet: Mapping[str, Any] | Any,
                art: Mapping[str, Any]) -> str:
    """The designer's rules.md rendered in jinja2's sandbox (``{{ decks.cards.count }}``, ``{{ boards.board.pages }}``,
    ``{{ sheet.NAME }}``, ``{{ art.NAME }}``)."""
    spec = kit.spec
    text, name = source
    context = {"title": spec.title, "name": spec.name, "params": dict(spec.params), **counts,
               "sheet": dict(sheet) if isinstance(sheet, Mapping) else sheet, "art": dict(art)}
    from printkit.templating import render_sheet

    rendered = render_sheet(text, context, str((kit.path / str(spec.rules)).resolve()), name, kit.path, kit.display,
                            spec.code_limits)
    _paragraphs_bounded(rendered, text, name)
    return rendered if kit.example is None else with_example(rendered, kit.example[1])


MAX_PARAGRAPH = 20_000
"""The most characters of one paragraph of a kit's rule sheet (a page holds about 5,000): the layout of a longer one
takes more than in proportion (a paragraph of 1 MB, minutes)."""


def _paragraphs_bounded(rendered: str, source: str, name: str) -> None:
    """No paragraph of the rendered rule sheet past :data:`MAX_PARAGRAPH` characters: a ConfigError naming its line
    (rules.md's when the template kept the lines where they were)."""
    from printkit.markdown_blocks import longest_run

    length, line = longest_run(rendered)
    if length <= MAX_PARAGRAPH:
        return
    same = rendered.count("\n") == source.count("\n")
    raise ConfigError(f"{name}:{line}" if same else name, "", f"a paragraph of {length:,} characters"
                      f"{'' if same else f' (line {line:,} once rendered)'}: at most {MAX_PARAGRAPH:,}; "
                      "break it into paragraphs (a blank line between them)")


def with_example(text: str, log: str) -> str:
    """``text`` with the body of its first ```game block replaced by ``log`` (the log standing for the example)."""
    lines = text.splitlines(keepends=True)
    found = game_block(lines)
    if found is None:
        return text
    opened, closed = found
    return "".join([*lines[:opened + 1], log.rstrip("\n") + "\n", *lines[len(lines) if closed is None else closed:]])
