"""A kit folder turned into the same Kit model the built-in games produce."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Mapping

from printkit.art.board import board_drawing
from printkit.art.layout import pieces_drawing
from printkit.datakit import keys
from printkit.datakit.boards import board_piece
from printkit.datakit.components import deck_pieces, token_pieces
from printkit.datakit.data import MAX_KIT_ELEMENTS, MAX_KIT_PIECES, Row, load_rows, param_text
from printkit.datakit.layout import Art, Painter
from printkit.datakit.load import KitFolder, blame_sets, load_kit
from printkit.datakit.packing import SINGLE, token_sections
from printkit.datakit.paths import inside, shown
from printkit.datakit.prescan import check_pictures
from printkit.datakit.schema import DataSource
from printkit.datakit.spaces import spaces_board
from printkit.draw import fonts
from printkit.draw.shapes import Drawing
from printkit.errors import BuildError, ConfigError
from printkit.kit.model import Finding, Kit, PieceSet, Section
from printkit.kitart import ArtKit
from printkit.params import dotted_params, params_class
from printkit.press.pieces import Piece
from printkit.press.settings import PrintSettings
from printkit.press.sheets import grid_sheets
from printkit.press.tiles import board_advice, board_sheets
from printkit.userinput.files import read_bytes, reason
from printkit.userinput.text import LINE_BREAKS, control_problem, quoted

PREVIEW_PIECES = 60
"""A PNG preview of a deck or token sheet from data shows at most this many pieces (the SVG holds them all; a set an art
hook draws is shown whole, as its hook made it)."""


def _columns(rows: list[Row]) -> set[str]:
    return {"n"} | {name for row in rows for name in row.fields}


def _with_params(rows: list[Row], params: Mapping[str, Any]) -> list[Row]:
    """The rows with kit.toml's ``[params]`` as fields ``params.NAME`` (``{params.hand_size}`` in a layout)."""
    if not params:
        return rows
    extra = {f"params.{name}": param_text(value) for name, value in dotted_params(params).items()}
    return [Row({**extra, **row.fields}, row.where, row.index) for row in rows]


def _data_name(kit: KitFolder, data: DataSource) -> str:
    """The data file as messages name it (``my-game/cards.csv``), or the rules' method computing the rows."""
    if data.computed is not None:
        return f"rows_{data.computed}() of {kit.spec.game_rules}"
    return shown(kit.path, kit.display, inside(kit.path, data.path, kit.spec.source, data.key))


def _key(kind: str, index: int, count: int) -> str:
    return kind if count == 1 else f"{kind}[{index}]"


def _grid(pieces: list[Piece], kit: KitFolder, what: str) -> list[Any]:
    try:
        return grid_sheets(pieces, kit.spec.settings, kit.spec.title, what)
    except ValueError as exc:
        raise BuildError(f"{kit.spec.source}: {what}: {exc}") from None


def _rules(kit: KitFolder, counts: dict[str, Any], art: Art) -> tuple[str, dict[str, Drawing], str]:
    """The rule sheet's text, its pictures (and icons, as ``:name:``) and the file it comes from (all empty without
    a ``[rules]`` file)."""
    if kit.spec.rules is None:
        return "", {}, ""
    from printkit.datakit.pictures import rule_icons, rule_pictures

    text = _rules_text(kit, counts)
    _, name = rule_sheet_source(kit) or ("", "")
    return text, {**rule_pictures(text, kit.path, kit.display, name), **rule_icons(text, art.icon)}, name


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


def _rules_text(kit: KitFolder, counts: dict[str, Any]) -> str:
    """The designer's rules.md rendered in jinja2's sandbox (``{{ decks.cards.count }}``)."""
    spec = kit.spec
    source = rule_sheet_source(kit)
    assert source is not None
    text, name = source
    context = {"title": spec.title, "name": spec.name, "params": dict(spec.params), **counts, "sheet": {}}
    if spec.game_rules is not None:
        from printkit.kitgame.sheet import sheet_values

        context["sheet"] = sheet_values(kit, text, name)
    import jinja2

    from printkit.templating import from_source, rule_sheets

    try:
        rendered = from_source(rule_sheets(), text, str((kit.path / str(spec.rules)).resolve())).render(**context)
        return rendered if kit.example is None else with_example(rendered, kit.example[1])
    except jinja2.TemplateSyntaxError as exc:
        raise ConfigError(f"{name}:{exc.lineno}", "", f"template error: {exc.message}") from None
    except (jinja2.TemplateError, jinja2.exceptions.SecurityError) as exc:
        raise ConfigError(name, "", f"template error: {exc}") from None


def with_example(text: str, log: str) -> str:
    """``text`` with the body of its first ```game block replaced by ``log`` (the log standing for the example)."""
    from printkit.kitgame.checks import FENCE

    lines = text.splitlines(keepends=True)
    opened = next((i for i, line in enumerate(lines) if FENCE.match(line.rstrip("\n"))), None)
    if opened is None:
        return text
    fence = lines[opened].strip()[0]
    closed = next((i for i in range(opened + 1, len(lines)) if lines[i].strip() and not lines[i].strip().strip(fence)), len(lines))
    return "".join([*lines[:opened + 1], log.rstrip("\n") + "\n", *lines[closed:]])


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


def data_kit(kit: KitFolder) -> Kit:
    """Every deck, board and token sheet of the folder drawn, imposed and checked; the rule sheet rendered."""
    try:
        return _drawn_kit(kit)
    except ConfigError as exc:
        raise blame_sets(exc, kit.sets) from None


@dataclass
class _Made:
    """What a kit folder's sets made so far: pieces by set (in document order), artwork, previews, counts, findings."""

    pieces: dict[str, list[Piece]] = field(default_factory=dict)
    kinds: dict[str, str] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)
    shapes: dict[str, Any] = field(default_factory=dict)
    """Each data set's spec (its kind's keys: size, back, shape) for its artwork and pages; None for a drawn set."""
    counts: dict[str, dict[str, dict[str, Any]]] = field(default_factory=lambda: {"decks": {}, "boards": {}, "tokens": {}})
    findings: list[Finding] = field(default_factory=list)

    def add(self, kind: str, name: str, title: str, pieces: list[Piece], spec: Any = None) -> None:
        self.pieces[name], self.kinds[name], self.titles[name], self.shapes[name] = pieces, kind, title, spec
        group = {"deck": "decks", "tokens": "tokens", "board": "boards"}[kind]
        self.counts[group][name] = {"title": title, "count": len(pieces)}

    def piece_sets(self, kind: str) -> list[PieceSet]:
        return [PieceSet(name, self.titles[name], tuple(self.pieces[name])) for name in self.pieces if self.kinds[name] == kind]


def _titled(title: str, params: Mapping[str, Any]) -> str:
    """A set's title with ``{params.NAME}`` filled in."""
    return re.sub(keys.PARAM_REF, lambda m: param_text(params.get(m.group(1), m.group(0))), title) if "{" in title else title


def _drawn_kit(kit: KitFolder) -> Kit:
    spec, settings = kit.spec, kit.spec.settings
    inside(kit.path, spec.icons, spec.source, "kit.icons")
    art = Art(kit.path, kit.display, spec.source, spec.icons, fonts=_fonts(kit))
    made = _Made()
    token_rows = [_with_params(kit.rows(t.name, t.data, t.label), spec.params) for t in spec.tokens]
    deck_rows = [_with_params(kit.rows(d.name, d.data, d.label), spec.params) for d in spec.decks]
    check_pictures(art, spec.layouts, [((s.front, s.back), rows) for s, rows in [*zip(spec.tokens, token_rows), *zip(spec.decks, deck_rows)]],
                   spec.rules)
    seen: dict[str, str] = {}  # every front's SVG id so far: a kit's ids must differ
    _boards(kit, art, made, seen)
    _data_sets(kit, art, made, seen, token_rows, deck_rows)
    hooked = _hook_kit(kit, made) if spec.drawn or "figures" in spec.hooks else None
    if hooked is not None:
        _drawn_sets(kit, hooked, made)
    artwork, previews = _artwork(kit, made)
    sections = _sections(kit, made, art)
    rules_text, pictures, rules_source = _rules(kit, made.counts, art)
    if rules_text:
        from printkit.datakit.pictures import piece_sources, pieces_figure

        by_id = {p.front.id: p for group in (*made.piece_sets("deck"), *made.piece_sets("tokens")) for p in group.pieces if p.front.id}
        for src, line in piece_sources(rules_text):
            pictures[src] = pieces_figure(src, f"{rules_source}:{line}", by_id)
    expected: dict[str, set[str]] = {}
    if spec.game_rules is not None:
        from printkit.datakit.pictures import position_sources
        from printkit.kitgame.sheet import board_cells, rule_checks, rules_pages

        board_sets = made.piece_sets("board")
        positions, more = rules_pages(kit, rules_text, rules_source, position_sources(rules_text), {s.name: s.pieces[0] for s in board_sets})
        pictures.update(positions)
        made.findings += more + rule_checks(kit, [*made.piece_sets("deck"), *made.piece_sets("tokens")], board_sets)
        expected = board_cells(kit)
    figures = _figures(kit, hooked) if hooked is not None and "figures" in spec.hooks else {}
    if hooked is not None:
        made.findings += [Finding(level, message) for level, message in hooked.findings]
    cutting = "Cut the pieces along the crop marks; shaped tokens along their dashed guides."
    note = spec.print_note or (f"Rule sheet: single-sided. {cutting}" if rules_text.strip() else cutting)
    return Kit(game=spec.name, title=spec.title, params=kit.params if kit.params is not None else dict(spec.raw), settings=settings,
               artwork=artwork, sections=sections, rules_text=rules_text, rules_source=rules_source, pictures=pictures,
               figures=figures, rules_faces=art.fonts.get(spec.rules_font, ("Vera", "VeraBd")), findings=made.findings,
               previews=previews, print_notes=[note], expected_cells=expected, extra_files=_example_file(kit, rules_text),
               decks=made.piece_sets("deck"), tokens=made.piece_sets("tokens"), boards=made.piece_sets("board"))


def _boards(kit: KitFolder, art: Art, made: _Made, seen: dict[str, str]) -> None:
    """Every board from data: a grid or track, or spaces drawn by a layout."""
    spec = kit.spec
    for i, board in enumerate(spec.boards):
        if board.shape == "spaces":
            assert board.data is not None, "a spaces board has its spaces"
            rows = _with_params(kit.rows(board.name, board.data, None), spec.params)
            painter = Painter(art, _columns(rows), spec.source, _data_name(kit, board.data))
            piece = spaces_board(board, rows, painter, spec.layouts, _key("board", i, len(spec.boards)), seen)
            made.findings += painter.findings
        else:
            rows = load_rows(kit.path, kit.display, board.data, spec.source) if board.data else []
            piece = board_piece(board, rows, spec.settings.safe_mm, art.icon)
        made.add("board", board.name, _titled(board.title, spec.params), [piece], board)


def _data_sets(kit: KitFolder, art: Art, made: _Made, seen: dict[str, str], token_rows: list[list[Row]],
               deck_rows: list[list[Row]]) -> None:
    """Every token sheet and deck from data rows and layouts, within the kit's limits of pieces and elements."""
    spec, settings = kit.spec, kit.spec.settings
    pieces_so_far = drawn = 0
    for i, (tokens, rows) in enumerate(zip(spec.tokens, token_rows)):
        pieces_so_far = _within_limit(pieces_so_far + len(rows), spec.source)
        drawn = _within_drawing_limit(drawn + len(rows) * _elements(tokens, spec.layouts), spec.source)
        painter = Painter(art, _columns(rows), spec.source, _data_name(kit, tokens.data))
        pieces = token_pieces(tokens, rows, painter, spec.layouts, settings, _key("tokens", i, len(spec.tokens)), seen)
        made.findings += painter.findings
        made.add("tokens", tokens.name, _titled(tokens.title, spec.params), pieces, tokens)
    for i, (deck, rows) in enumerate(zip(spec.decks, deck_rows)):
        pieces_so_far = _within_limit(pieces_so_far + len(rows), spec.source)
        drawn = _within_drawing_limit(drawn + len(rows) * _elements(deck, spec.layouts), spec.source)
        painter = Painter(art, _columns(rows), spec.source, _data_name(kit, deck.data))
        pieces = deck_pieces(deck, rows, painter, spec.layouts, settings, _key("deck", i, len(spec.decks)), seen)
        made.findings += painter.findings
        if not pieces:
            made.findings.append(Finding("warning", f"deck {quoted(deck.name)}: no cards to print ({deck.data.path or 'rows_' + str(deck.data.computed) + '()'} "
                                                     f"has no row with a quantity above 0)"))
        made.add("deck", deck.name, _titled(deck.title, spec.params), pieces, deck)


def _hook_kit(kit: KitFolder, made: _Made) -> ArtKit:
    """What the kit folder's art hooks are handed: its parameters, print settings, layouts, rules and example."""
    from printkit.datakit.builtin import draw_cards
    from printkit.kitgame.sheet import example_steps, kit_engine

    spec = kit.spec
    params = kit.params if kit.params is not None else params_class(spec.params, spec.param_limits)(**spec.params)

    def cards(rows: list[Any], pictures: Mapping[str, Drawing], front: str, back: str | None) -> list[Piece]:
        size = (spec.settings.card_width_mm, spec.settings.card_height_mm)
        return draw_cards(spec.layouts, rows, size, spec.settings.bleed_mm, spec.settings.safe_mm, pictures, front, back,
                          findings=made.findings)

    def example() -> list[Any]:
        source = rule_sheet_source(kit)
        return example_steps(kit, kit_engine(kit), *source) if source is not None and spec.game_rules is not None else []

    return ArtKit(spec.title, params, spec.settings, spec.layouts, lambda: kit_engine(kit).game, example, cards)


def _hook(kit: KitFolder, written: str, key: str) -> Any:
    from printkit.kitgame.source import kit_hook

    return kit_hook(kit.path, kit.display, written, kit.spec.source, key)


def _drawn_sets(kit: KitFolder, hooked: ArtKit, made: _Made) -> None:
    """The decks, token sheets and boards the kit folder's Python draws (``art = "art.py:tokens"``)."""
    from printkit.kitgame.blame import blame

    for drawn in kit.spec.drawn:
        draw = _hook(kit, drawn.art, drawn.key)
        try:
            pieces = list(draw(hooked, drawn.name))
        except (ConfigError, BuildError):
            raise
        except Exception as exc:  # the kit's own code
            raise blame(exc, kit.path, kit.display, f"drawing {drawn.name} ({drawn.art})") from None
        if not all(isinstance(p, Piece) for p in pieces):
            raise BuildError(f"{kit.spec.source}: {drawn.key}: {drawn.art} returned {short_type(pieces)}: expected a list of pieces")
        made.add(drawn.kind, drawn.name, _titled(drawn.title, kit.spec.params), pieces)


def short_type(value: Any) -> str:
    return f"a {type(value).__name__}" if not isinstance(value, list) else "a list holding " + ", ".join(
        sorted({type(v).__name__ for v in value}))


def _figures(kit: KitFolder, hooked: ArtKit) -> dict[str, Drawing]:
    """The rule sheet's ``[[figure:NAME]]`` pictures, drawn by ``[hooks] figures``."""
    from printkit.kitgame.blame import blame

    draw = _hook(kit, kit.spec.hooks["figures"], "hooks.figures")
    try:
        figures = dict(draw(hooked))
    except (ConfigError, BuildError):
        raise
    except Exception as exc:  # the kit's own code
        raise blame(exc, kit.path, kit.display, f"drawing the rule sheet's figures ({kit.spec.hooks['figures']})") from None
    return figures


def _group_of(kit: KitFolder, made: _Made) -> dict[str, list[str]]:
    """Each artwork file's sets, in the order the first of them comes: ``[artwork]``'s groups, every other set alone."""
    files: dict[str, list[str]] = {}
    for name in [n for kind in ("board", "tokens", "deck") for n in made.pieces if made.kinds[n] == kind]:
        stem = next((stem for stem, sets in kit.spec.artwork.items() if name in sets), name)
        files.setdefault(stem, []).append(name)
    return files


def _artwork(kit: KitFolder, made: _Made) -> tuple[dict[str, Drawing], dict[str, Drawing]]:
    """artwork/<stem>.svg for every file (boards trimmed, pieces side by side) and the previews of large ones."""
    artwork, previews = {}, {}
    for stem, names in _group_of(kit, made).items():
        pieces = [p for name in names for p in made.pieces[name]]
        first = names[0]
        title = f"{kit.spec.title} {made.titles[first] if len(names) == 1 else stem.replace('_', ' ')}"
        if made.kinds[first] == "board":
            artwork[stem] = board_drawing(pieces[0], title)
            continue
        width = pieces[0].w if pieces else 0.0
        cols = max(1, round(180 / (width + 3))) if made.kinds[first] == "tokens" else max(1, min(6, round(260 / (width + 4))))
        gap = 3.0 if made.kinds[first] == "tokens" else 4.0
        artwork[stem] = pieces_drawing(pieces, title, cols=cols, gap=gap, backs=True)
        if len(pieces) > PREVIEW_PIECES and all(made.shapes[name] is not None for name in names):  # from data: its first
            previews[stem] = pieces_drawing(pieces[:PREVIEW_PIECES], title, cols=cols, gap=gap)
    return artwork, previews


def _sections(kit: KitFolder, made: _Made, art: Art) -> list[Section]:
    """kit.pdf's sections: ``[sections]`` in order, or a section per set (small token sheets sharing pages)."""
    spec, settings = kit.spec, kit.spec.settings
    if not spec.sections:
        return _set_sections(kit, made)
    sections = []
    for section in spec.sections:
        boards = [name for name in section.sets if made.kinds[name] == "board"]
        pieces = [p for name in section.sets if made.kinds[name] != "board" for p in made.pieces[name]]
        sheets = [sheet for name in boards for sheet in board_sheets(made.pieces[name][0], settings,
                                                                     f"{spec.title} {made.titles[name]}")]
        sheets += _grid(pieces, kit, section.label) if pieces else []
        sections.append(Section(section.name, sheets, section.advice or _advice(made, section.sets, sheets, settings)))
    return sections


def _advice(made: _Made, names: tuple[str, ...], sheets: list[Any], settings: Any) -> str:
    """How to print a section's pages: a board's tiling advice, else single- or double-sided."""
    if all(made.kinds[name] == "board" for name in names):
        return board_advice(sheets)
    pieces = [p for name in names for p in made.pieces[name]]
    backs = any(p.back is not None for p in pieces)
    if any(made.kinds[name] == "deck" for name in names):  # a deck is two-sided unless its cards show otherwise
        return f"double-sided, flip on the {settings.duplex_flip} edge: each back lands on its front" if backs or not pieces else "single-sided"
    return f"double-sided, flip on the {settings.duplex_flip} edge" if backs else SINGLE


def _set_sections(kit: KitFolder, made: _Made) -> list[Section]:
    """A section per set: boards, token sheets (small ones sharing pages), decks."""
    spec, settings = kit.spec, kit.spec.settings
    sections = []
    for name in made.pieces:
        if made.kinds[name] == "board":
            sheets = board_sheets(made.pieces[name][0], settings, f"{spec.title} {made.titles[name]}")
            sections.append(Section(f"board {made.titles[name]}", sheets, board_advice(sheets)))
    tokens = [(_Shape(n, made.titles[n], _back(made, n)), made.pieces[n]) for n in made.pieces if made.kinds[n] == "tokens"]
    sections += token_sections(tokens, settings, spec.title, lambda pieces, what: _grid(pieces, kit, what))
    for name in made.pieces:
        if made.kinds[name] == "deck":
            backs = _back(made, name) is not None
            advice = (f"double-sided, flip on the {settings.duplex_flip} edge: each back lands on its front" if backs
                      else "single-sided")
            sections.append(Section(f"cards {made.titles[name]}", _grid(made.pieces[name], kit, made.titles[name]), advice))
    return sections


@dataclass(frozen=True)
class _Shape:
    """A token set as token_sections reads a token sheet: its name, title and back layout (None: single-sided)."""

    name: str
    title: str
    back: str | None = None


def _back(made: _Made, name: str) -> str | None:
    """A set's back layout (a drawn set: ``"drawn"`` when its pieces have backs), None when it is single-sided."""
    spec = made.shapes[name]
    if spec is not None:
        return spec.back  # type: ignore[no-any-return]
    return "drawn" if any(p.back is not None for p in made.pieces[name]) else None


def _example_file(kit: KitFolder, rules_text: str) -> dict[str, str]:
    """``[rules] example_file``: the example game as a log beside the kit (the log standing for it as it is, or
    rules.md's ```game block under a heading)."""
    if kit.spec.example_file is None:
        return {}
    from printkit.kitgame.checks import kit_example
    from printkit.kitgame.sheet import kit_engine

    source = rule_sheet_source(kit)
    rules = kit_engine(kit) if kit.spec.game_rules is not None else None
    example = kit_example(kit, *source, rules) if source is not None else None
    if example is None:
        raise BuildError(f"{kit.spec.source}: rules.example_file: the rule sheet has no example game (a ```game block)")
    if kit.example is not None or kit.spec.examples:
        return {kit.spec.example_file: example.text}
    return {kit.spec.example_file: f"# {kit.spec.title}: the worked example of the rule sheet, one move per line (from rules.md).\n{example.text}"}


def packaged_kit(folder: Path, name: str, params: Any, settings: PrintSettings) -> Kit:
    """A built-in game's kit: its kit folder, shipped in printkit, built with config.toml's parameters (``params``, their
    ``example_log`` standing for the rule sheet's example game) and print settings."""
    from printkit.kit.example import read_configured
    from printkit.rules.log import LogError

    kit = load_kit(folder, display=f"printkit/games/{name}", params=params, settings=settings)
    configured = getattr(params, "example_log", "")
    if configured:
        kit = replace(kit, example=(configured, read_configured(name, configured)))
    try:
        return data_kit(kit)
    except LogError as exc:
        raise BuildError(f"the rule sheet's worked example is illegal under these parameters: {exc} "
                         f"(set games.{name}.example_log to a log that fits your rules)") from None
