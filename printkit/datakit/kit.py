"""A kit folder turned into the same Kit model the built-in games produce."""

from __future__ import annotations

from typing import Any, Mapping

from printkit.art.board import board_drawing
from printkit.art.layout import pieces_drawing
from printkit.datakit.boards import board_piece
from printkit.datakit.components import deck_pieces, token_pieces
from printkit.datakit.data import MAX_KIT_ELEMENTS, MAX_KIT_PIECES, Row, load_rows, param_text
from printkit.datakit.layout import Art, Painter
from printkit.datakit.load import KitFolder, blame_sets
from printkit.datakit.packing import token_sections
from printkit.datakit.paths import inside, shown
from printkit.datakit.prescan import check_pictures
from printkit.datakit.schema import DataSource, Tokens
from printkit.datakit.spaces import spaces_board
from printkit.draw import fonts
from printkit.draw.shapes import Drawing
from printkit.errors import BuildError, ConfigError
from printkit.kit.model import Finding, Kit, PieceSet, Section
from printkit.press.pieces import Piece
from printkit.press.sheets import grid_sheets
from printkit.press.tiles import board_advice, board_sheets
from printkit.userinput.files import read_bytes, reason
from printkit.userinput.text import LINE_BREAKS, control_problem, quoted

PREVIEW_PIECES = 60
"""A PNG preview shows at most this many pieces (the SVG holds them all)."""


def _columns(rows: list[Row]) -> set[str]:
    return {"n"} | {name for row in rows for name in row.fields}


def _with_params(rows: list[Row], params: Mapping[str, Any]) -> list[Row]:
    """The rows with kit.toml's ``[params]`` as fields ``params.NAME`` (``{params.hand_size}`` in a layout)."""
    if not params:
        return rows
    extra = {f"params.{name}": param_text(value) for name, value in params.items()}
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
    return text, {**rule_pictures(text, kit.path, kit.display, name), **rule_icons(text, art.icon, name)}, name


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
    if spec.game_rules is not None and kit.run_code:
        from printkit.kitgame.sheet import sheet_values

        context["sheet"] = sheet_values(kit, text, name)
    elif spec.game_rules is not None:
        from printkit.templating import not_computed

        context["sheet"] = not_computed("sheet", "rules.py not run: --no-code")
    from printkit.templating import render_sheet

    rendered = render_sheet(text, context, str((kit.path / str(spec.rules)).resolve()), name, kit.path, kit.display,
                            spec.code_limits)
    return rendered if kit.example is None else with_example(rendered, kit.example[1])


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
    """Every deck, board and token sheet of the folder drawn, imposed and checked; the rule sheet rendered. A kit whose
    rules.py runs is made within the memory its ``[game] memory_limit`` allows (the rules run all through it)."""
    from contextlib import nullcontext

    from printkit.guard.limits import bounded

    try:
        with bounded(kit.spec.code_limits) if kit.spec.game_rules is not None and kit.run_code else nullcontext():
            return _drawn_kit(kit)
    except ConfigError as exc:
        raise blame_sets(exc, kit.sets) from None


def _drawn_kit(kit: KitFolder) -> Kit:
    spec, settings = kit.spec, kit.spec.settings
    inside(kit.path, spec.icons, spec.source, "kit.icons")
    art = Art(kit.path, kit.display, spec.source, spec.icons, fonts=_fonts(kit))
    artwork, previews, sections, findings = {}, {}, [], []
    sets: dict[str, list[PieceSet]] = {"decks": [], "boards": [], "tokens": []}
    counts: dict[str, dict[str, dict[str, Any]]] = {"decks": {}, "boards": {}, "tokens": {}}
    token_rows = [_with_params(kit.rows(t.name, t.data, t.label), spec.params) for t in spec.tokens]
    deck_rows = [_with_params(kit.rows(d.name, d.data, d.label), spec.params) for d in spec.decks]
    check_pictures(art, spec.layouts, [((s.front, s.back), rows) for s, rows in [*zip(spec.tokens, token_rows), *zip(spec.decks, deck_rows)]],
                   spec.rules)
    seen: dict[str, str] = {}  # every front's SVG id so far: a kit's ids must differ
    for i, board in enumerate(spec.boards):
        if board.shape == "spaces":
            assert board.data is not None, "a spaces board has its spaces"
            rows = _with_params(kit.rows(board.name, board.data, None), spec.params)
            painter = Painter(art, _columns(rows), spec.source, _data_name(kit, board.data))
            piece = spaces_board(board, rows, painter, spec.layouts, _key("board", i, len(spec.boards)), seen)
            findings += painter.findings
        else:
            rows = load_rows(kit.path, kit.display, board.data, spec.source) if board.data else []
            piece = board_piece(board, rows, settings.safe_mm, art.icon)
        sheets = board_sheets(piece, settings, f"{spec.title} {board.title}")
        sections.append(Section(f"board {board.title}", sheets, board_advice(sheets)))
        artwork[board.name] = board_drawing(piece, f"{spec.title} {board.title}")
        counts["boards"][board.name] = {"title": board.title, "count": 1}
        sets["boards"].append(PieceSet(board.name, board.title, (piece,)))
    pieces_so_far = drawn = 0
    token_sets: list[tuple[Tokens, list[Piece]]] = []
    for i, (tokens, rows) in enumerate(zip(spec.tokens, token_rows)):
        pieces_so_far = _within_limit(pieces_so_far + len(rows), spec.source)
        drawn = _within_drawing_limit(drawn + len(rows) * _elements(tokens, spec.layouts), spec.source)
        painter = Painter(art, _columns(rows), spec.source, _data_name(kit, tokens.data))
        pieces = token_pieces(tokens, rows, painter, spec.layouts, settings, _key("tokens", i, len(spec.tokens)), seen)
        findings += painter.findings
        token_sets.append((tokens, pieces))
        cols = max(1, round(180 / (tokens.size + 3)))
        artwork[tokens.name] = pieces_drawing(pieces, f"{spec.title} {tokens.title}", cols=cols, gap=3.0, backs=True)
        if len(pieces) > PREVIEW_PIECES:
            previews[tokens.name] = pieces_drawing(pieces[:PREVIEW_PIECES], f"{spec.title} {tokens.title}", cols=cols, gap=3.0)
        counts["tokens"][tokens.name] = {"title": tokens.title, "count": len(pieces)}
        sets["tokens"].append(PieceSet(tokens.name, tokens.title, tuple(pieces)))
    sections += token_sections(token_sets, settings, spec.title, lambda pieces, what: _grid(pieces, kit, what))
    for i, (deck, rows) in enumerate(zip(spec.decks, deck_rows)):
        pieces_so_far = _within_limit(pieces_so_far + len(rows), spec.source)
        drawn = _within_drawing_limit(drawn + len(rows) * _elements(deck, spec.layouts), spec.source)
        painter = Painter(art, _columns(rows), spec.source, _data_name(kit, deck.data))
        pieces = deck_pieces(deck, rows, painter, spec.layouts, settings, _key("deck", i, len(spec.decks)), seen)
        findings += painter.findings
        if not pieces:
            findings.append(Finding("warning", f"deck {quoted(deck.name)}: no cards to print ({deck.data.path or 'rows_' + str(deck.data.computed) + '()'} "
                                                f"has no row with a quantity above 0)"))
        advice = (f"double-sided, flip on the {settings.duplex_flip} edge: each back lands on its front" if deck.back
                  else "single-sided")
        sections.append(Section(f"cards {deck.title}", _grid(pieces, kit, deck.title), advice))
        cols = max(1, min(6, round(260 / (deck.width + 4))))
        artwork[deck.name] = pieces_drawing(pieces, f"{spec.title} {deck.title}", cols=cols, gap=4.0, backs=True)
        if len(pieces) > PREVIEW_PIECES:
            previews[deck.name] = pieces_drawing(pieces[:PREVIEW_PIECES], f"{spec.title} {deck.title}", cols=cols, gap=4.0)
        counts["decks"][deck.name] = {"title": deck.title, "count": len(pieces)}
        sets["decks"].append(PieceSet(deck.name, deck.title, tuple(pieces)))
    rules_text, pictures, rules_source = _rules(kit, counts, art)
    if rules_text:
        from printkit.datakit.pictures import piece_sources, pieces_figure

        by_id = {p.front.id: p for group in (*sets["decks"], *sets["tokens"]) for p in group.pieces if p.front.id}
        for src, line in piece_sources(rules_text):
            pictures[src] = pieces_figure(src, f"{rules_source}:{line}", by_id)
    if spec.game_rules is not None:
        from printkit.datakit.pictures import position_sources
        from printkit.kitgame.sheet import rule_checks, rules_pages, unplayed_pages

        boards = {s.name: s.pieces[0] for s in sets["boards"]}
        if kit.run_code:
            positions, more = rules_pages(kit, rules_text, rules_source, position_sources(rules_text), boards)
            more += rule_checks(kit, [*sets["decks"], *sets["tokens"]], sets["boards"])
        else:
            positions, more = unplayed_pages(position_sources(rules_text), rules_source, boards)
        pictures.update(positions)
        findings += more
    cutting = "Cut the pieces along the crop marks."
    return Kit(game=spec.name, title=spec.title, params=dict(spec.raw), settings=settings, artwork=artwork, sections=sections,
               rules_text=rules_text, rules_source=rules_source, pictures=pictures,
               rules_faces=art.fonts.get(spec.rules_font, ("Vera", "VeraBd")), findings=findings, previews=previews,
               print_notes=[f"Rule sheet: single-sided. {cutting}" if rules_text.strip() else cutting],
               decks=sets["decks"], tokens=sets["tokens"], boards=sets["boards"])
