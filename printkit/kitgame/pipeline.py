"""The build pipeline: a kit folder's kit, made in the steps it takes. Load the folder (every set's rows, those rules.py
computes too, and the rules made from them once: :func:`printkit.kitgame.spec.open_loaded`; the rule sheet's example
game found and replayed once: :class:`printkit.kitgame.example.KitExample`) -> lay out the pieces (of data and layouts,
and those the kit's Python draws: :mod:`printkit.datakit.kit`) -> impose them on pages (:mod:`printkit.datakit.impose`)
-> render the rule sheet with the values the rules compute -> check (the example replayed, the deck, random games,
rules.py's checks). Built-in games and designers' kits alike come through :func:`folder_kit`."""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Mapping

from printkit.datakit.builtin import draw_cards
from printkit.datakit.impose import impose
from printkit.datakit.kit import Laid, lay_out, print_note, rule_sheet, rule_sheet_source
from printkit.datakit.load import KitFolder, blame_sets, read_rows
from printkit.datakit.pictures import position_sources
from printkit.datakit.schema import Drawn, SectionSpec
from printkit.draw.shapes import Drawing
from printkit.errors import BuildError, ConfigError, LogError
from printkit.guard.limits import bounded
from printkit.kit.model import Finding, Kit
from printkit.kitart import ArtKit, CardRow
from printkit.kitgame.blame import blame
from printkit.kitgame.cardsize import refuse_small_cards
from printkit.kitgame.engine import KitRules
from printkit.kitgame.example import KitExample, written_example
from printkit.kitgame.example_print import printed_example
from printkit.kitgame.printed import PrintedPieces
from printkit.kitgame.setup import rules_params
from printkit.kitgame.sheet import board_cells, rule_checks, rules_pages, sheet_values, unplayed_pages, without_unfit_example
from printkit.kitgame.source import kit_hook, packaged_module
from printkit.kitgame.spec import OpenKit, open_loaded, read_kit
from printkit.params import ParamSet, params_class
from printkit.press.pieces import Piece
from printkit.press.settings import PrintSettings
from printkit.press.sheets import Page
from printkit.rules.example import read_configured
from printkit.templating import not_computed


def folder_kit(kit: KitFolder, opened: OpenKit | None = None) -> Kit:
    """Every deck, board and token sheet of the folder drawn, imposed and checked; the rule sheet rendered (``opened``:
    the folder opened already, its rules made: the browser table's; else it is opened here). A kit whose Python runs is
    made within the memory its ``[game] memory_limit`` allows (its code runs all through it)."""
    runs = kit.run_code and (kit.spec.game_rules is not None or _draws(kit))
    try:
        with bounded(kit.spec.code_limits) if runs else nullcontext():
            return _steps(kit, opened) if kit.run_code else _unrun_steps(kit)
    except ConfigError as exc:
        raise blame_sets(exc, kit.sets) from None


def _steps(kit: KitFolder, opened: OpenKit | None) -> Kit:
    """The build's steps: load the folder -> lay out -> impose -> the rule sheet -> check."""
    if opened is None and kit.spec.game_rules is not None:
        opened = open_loaded(kit, kit.set_items)  # load: every set's rows (rules.py's too), the rules made from them once
    rules = opened.made if opened is not None else None
    example = written_example(kit, rules)  # the example game, found and replayed when first asked for
    params = opened.setup.params if opened is not None else rules_params(kit)
    drawing: list[Finding] = []  # the drawn sets' cards that do not fit
    hooked = _art_kit(kit, rules, params, example, drawing) if _draws(kit) else None
    laid = _laid_out(kit, opened.rows if opened is not None else read_rows(kit), hooked)  # lay out
    if hooked is not None:  # cards too small for their text: one error, before the sheets are imposed
        refuse_small_cards(kit.spec.title, kit.spec.settings, _drawn_cards(kit, laid.pieces),
                           lambda settings: _cards_at(kit, settings, rules, params, example))
    laid.sections = impose(kit, laid, _blocks_of(kit, hooked))  # impose
    laid.findings += drawing
    source = rule_sheet_source(kit)  # the rule sheet: rules.md as written, with the values the rules compute
    values = sheet_values(rules, example) if rules is not None and source is not None else {}
    text, pictures, rules_source = rule_sheet(kit, laid, source, values, hooked.values if hooked else {})
    expected: dict[str, set[str]] = {}
    if rules is not None:  # check: the example replayed and its positions drawn, the rules' checks
        text, expected = _checked(kit, laid, rules, example.in_text(text, rules_source), text, rules_source, pictures)
    figures = _figures(kit, hooked) if hooked is not None and "figures" in kit.spec.hooks else {}
    laid.findings += [Finding(level, message) for level, message in (hooked.findings if hooked else [])]
    laid.findings += _unused_kernels(kit)
    return _kit(kit, laid, text, rules_source, pictures, figures, expected, params, _example_file(kit, example))


def _laid_out(kit: KitFolder, rows: Mapping[str, list[Any]], hooked: ArtKit | None) -> Laid:
    """The pieces of data and layouts and those the kit's Python draws laid out, with their artwork files."""
    drawn = {d.name: _drawn(kit, hooked, d) for d in kit.spec.drawn} if hooked else {}
    artwork = (lambda pieces: _artwork(kit, hooked, pieces)) if hooked and "artwork" in kit.spec.hooks else None
    return lay_out(kit, rows, drawn, artwork)


def _drawn_cards(kit: KitFolder, pieces: Mapping[str, list[Piece]]) -> list[Piece]:
    """The pieces of the decks the kit's Python draws (sized by ``print.card_width_mm`` and ``card_height_mm``)."""
    return [p for made in kit.spec.drawn if made.kind == "deck" for p in pieces[made.name]]


def _cards_at(kit: KitFolder, settings: PrintSettings, rules: KitRules | None, params: Any, example: KitExample) -> list[Piece]:
    """The decks the kit's Python draws, drawn again with other print ``settings`` (another card size)."""
    other = replace(kit, spec=replace(kit.spec, settings=settings))
    hooked = _art_kit(other, rules, params, example, [])
    return _drawn_cards(other, {d.name: _drawn(other, hooked, d) for d in other.spec.drawn if d.kind == "deck"})


def _checked(kit: KitFolder, laid: Laid, rules: KitRules, shown: KitExample, text: str, rules_source: str,
             pictures: dict[str, Drawing]) -> tuple[str, dict[str, set[str]]]:
    """The rule sheet ``text`` as printed (an example written for other parameters left off, its chance moves as the
    players are told them) and the board cells the rules play on; the example's position figures added to ``pictures``,
    the rules' checks to the kit's findings (``shown``: the example game as the rendered sheet holds it)."""
    text = without_unfit_example(text, shown)
    boards = laid.piece_sets("board")
    printed = PrintedPieces(laid.piece_sets("deck"), laid.piece_sets("tokens"), rules.game.decks, rules.game.tokens)
    positions, more = rules_pages(kit, rules, shown, rules_source, position_sources(text),
                                  {s.name: s.pieces[0] for s in boards}, printed)
    pictures.update(positions)
    laid.findings += more + rule_checks(rules, [*laid.piece_sets("deck"), *laid.piece_sets("tokens")], boards, text)
    expected = board_cells(rules)
    return printed_example(text, rules, rules_source, shown), expected


KERNEL_HOOKS = ("kernel", "restricted_kernel", "playout_from")
"""``[hooks]`` of compiled games: read for printkit's built-in games (their code runs without the time limit)."""


def _unused_kernels(kit: KitFolder) -> list[Finding]:
    """A warning for the kernel ``[hooks]`` a designer's kit names: its games are played by its rules.py, which runs
    under the time limit (a kernel would not), so a kernel of its own is not used; said rather than ignored."""
    named = [key for key in KERNEL_HOOKS if key in kit.spec.hooks]
    if not named or packaged_module(kit.path / kit.spec.hooks[named[0]].partition(":")[0]) is not None:
        return []
    return [Finding("warning", f"{kit.spec.source}: [hooks] {', '.join(named)}: not used for a kit folder of your own "
                               "(its games are played by rules.py, under the time limit; compiled kernels, which run "
                               "without it, are read for printkit's built-in games only)")]


def _unrun_steps(kit: KitFolder) -> Kit:
    """The kit printed without running its Python (``--no-code``): the data's pieces laid out, the rule sheet's values
    placeholders, its position figures the boards without pieces (rows rules.py computes, pieces its Python draws:
    one error each, naming the key)."""
    spec = kit.spec
    if spec.drawn:
        drawn = spec.drawn[0]
        what = "pages" if drawn.kind == "pages" else "pieces"
        raise ConfigError(spec.source, drawn.key, f"the {what} of {drawn.name!r} are drawn by {drawn.art}: they cannot be "
                                                  "printed with --no-code")
    if "figures" in spec.hooks:
        raise ConfigError(spec.source, "hooks.figures", f"the rule sheet's figures are drawn by {spec.hooks['figures']}: "
                                                        "they cannot be printed with --no-code")
    laid = lay_out(kit, read_rows(kit), {})
    laid.sections = impose(kit, laid)
    if "artwork" in spec.hooks:  # after the rows: a kit whose rules compute rows is refused for those first
        raise ConfigError(spec.source, "hooks.artwork", f"the artwork files are drawn by {spec.hooks['artwork']}: "
                                                        "they cannot be made with --no-code")
    values = not_computed("sheet", "rules.py not run: --no-code") if spec.game_rules is not None else {}
    text, pictures, rules_source = rule_sheet(kit, laid, rule_sheet_source(kit), values)
    if spec.game_rules is not None:
        boards = {s.name: s.pieces[0] for s in laid.piece_sets("board")}
        positions, more = unplayed_pages(position_sources(text), rules_source, boards)
        pictures.update(positions)
        laid.findings += more
    return _kit(kit, laid, text, rules_source, pictures, {}, {}, rules_params(kit),
                _example_file(kit, written_example(kit, None)))


def _kit(kit: KitFolder, laid: Laid, text: str, source: str, pictures: dict[str, Drawing], figures: dict[str, Drawing],
         expected: dict[str, set[str]], params: Any, extra_files: dict[str, str]) -> Kit:
    """The kit made (``params``: the parameters the rules were handed, for the print note)."""
    spec = kit.spec
    return Kit(game=spec.name, title=spec.title, params=kit.params if kit.params is not None else dict(spec.raw),
               settings=spec.settings, artwork=laid.artwork, sections=laid.sections, rules_text=text, rules_source=source,
               pictures=pictures, figures=figures, rules_faces=laid.art.fonts.get(spec.rules_font, ("Vera", "VeraBd")),
               findings=laid.findings, previews=laid.previews, print_notes=[print_note(kit, text, params)],
               expected_cells=expected, extra_files=extra_files, decks=laid.piece_sets("deck"), tokens=laid.piece_sets("tokens"),
               boards=laid.piece_sets("board"), outlines=laid.outlines)


def _art_kit(kit: KitFolder, rules: KitRules | None, params: Any, example: KitExample, drawing: list[Finding]) -> ArtKit:
    """What the kit folder's art hooks are handed: its parameters (the rules', as a class), print settings, layouts,
    rules and example (the findings of the cards they draw go to ``drawing``)."""
    spec = kit.spec
    params = params if isinstance(params, ParamSet) else params_class(spec.params, spec.param_limits)(**spec.params)

    def cards(rows: list[CardRow], pictures: Mapping[str, Drawing], front: str, back: str | None) -> list[Piece]:
        size = (spec.settings.card_width_mm, spec.settings.card_height_mm)
        return draw_cards(spec.layouts, rows, size, spec.settings.bleed_mm, spec.settings.safe_mm, pictures, front, back,
                          findings=drawing)

    def steps() -> list[Any]:
        return example.steps if rules is not None else []

    def game() -> Any:
        if rules is None:
            raise ConfigError(spec.source, "game.rules", "the kit's art asks for its rules: `[game] rules = \"rules.py\"`")
        return rules.game

    return ArtKit(spec.title, params, spec.settings, spec.layouts, game, steps, cards)


def _called(kit: KitFolder, written: str, key: str, doing: str, made: Callable[[Any], Any], *args: Any) -> Any:
    """What the hook ``written`` (kit.toml's ``key``) returns for ``args``, taken in by ``made`` (which may run more of
    the kit's code: a generator); its exceptions told as the kit's, ``doing`` what."""
    call = kit_hook(kit.path, kit.display, written, kit.spec.source, key, kit.spec.code_limits)
    try:
        return made(call(*args))
    except (ConfigError, BuildError):
        raise
    except BaseException as exc:  # the kit's own code (a real Ctrl-C goes on as it is)
        raise blame(exc, kit.path, kit.display, f"{doing} ({written})") from None


def _refuse_strays(kit: KitFolder, key: str, written: str, found: Any, kind: type, expected: str) -> None:
    """A hook's result holding something that is not a ``kind``: one error naming kit.toml's ``key``."""
    strays = sorted({type(item).__name__ for item in found if not isinstance(item, kind)})
    if strays:
        raise BuildError(f"{kit.spec.source}: {key}: {written} returned {', '.join(strays)}: expected {expected}")


def _drawn(kit: KitFolder, hooked: ArtKit, made: Drawn) -> list[Any]:
    """The pieces of a set the kit's Python draws (``art = "art.py:tokens"``), or the pages of a ``[[pages]]``."""
    found: list[Any] = _called(kit, made.art, made.key, f"drawing {made.name}", list, hooked, made.name)
    if made.kind == "pages":
        _refuse_strays(kit, made.key, made.art, found, Page, "a list of pages (printkit.kitart.Page)")
    else:
        _refuse_strays(kit, made.key, made.art, found, Piece, "a list of pieces")
    return found


def _draws(kit: KitFolder) -> bool:
    """Whether the kit's Python draws anything: sets, figures, artwork files, blocks of a section."""
    spec = kit.spec
    return (bool(spec.drawn) or "figures" in spec.hooks or "artwork" in spec.hooks
            or any(s.blocks is not None for s in spec.sections))


def _blocks_of(kit: KitFolder, hooked: ArtKit | None) -> Callable[[SectionSpec, Mapping[str, list[Piece]]], Any] | None:
    """How the kit's Python groups a section's pieces into blocks, for the imposition (None: it draws nothing)."""
    return (lambda section, pieces: _blocks(kit, hooked, section, pieces)) if hooked else None


def _blocks(kit: KitFolder, hooked: ArtKit, section: SectionSpec, pieces: Mapping[str, list[Piece]]) -> list[tuple[str, list[Piece]]]:
    """A section's pieces in the captioned blocks ``[sections.NAME] blocks`` groups them into."""
    written, key = str(section.blocks), f"sections.{section.name}.blocks"
    found: list[tuple[str, list[Piece]]] = _called(
        kit, written, key, f"grouping the pieces of section {section.name}",
        lambda groups: [(str(caption), list(items)) for caption, items in groups], hooked, pieces)
    _refuse_strays(kit, key, written, [p for _, items in found for p in items], Piece, "(caption, pieces) pairs")
    return found


def _artwork(kit: KitFolder, hooked: ArtKit, pieces: Mapping[str, list[Piece]]) -> dict[str, Drawing]:
    """The decks' and token sheets' artwork files, drawn by ``[hooks] artwork`` from their pieces by set name."""
    written = kit.spec.hooks["artwork"]
    files: dict[str, Drawing] = _called(kit, written, "hooks.artwork", "drawing the artwork files",
                                        lambda made: {str(name): drawing for name, drawing in dict(made).items()}, hooked, pieces)
    _refuse_strays(kit, "hooks.artwork", written, files.values(), Drawing,
                   "drawings by file name (kit.artwork(pieces, title, columns))")
    return files


def _figures(kit: KitFolder, hooked: ArtKit) -> dict[str, Drawing]:
    """The rule sheet's ``[[figure:NAME]]`` pictures, drawn by ``[hooks] figures``."""
    return _called(kit, kit.spec.hooks["figures"], "hooks.figures", "drawing the rule sheet's figures", dict,  # type: ignore[no-any-return]
                   hooked)


def _example_file(kit: KitFolder, written: KitExample) -> dict[str, str]:
    """``[rules] example_file``: the example game (``written``: in rules.md as written) as a log beside the kit (the log
    standing for it as it is, or rules.md's ```game block under a heading)."""
    if kit.spec.example_file is None:
        return {}
    example = written.found
    if example is None and written.unfit is not None:
        return {}  # written for other parameters: no log of it beside the kit (the build's note says why)
    if example is None:
        raise BuildError(f"{kit.spec.source}: rules.example_file: the rule sheet has no example game (a ```game block)")
    if kit.example is not None or kit.spec.examples:
        return {kit.spec.example_file: example.text}
    return {kit.spec.example_file: f"# {kit.spec.title}: the worked example of the rule sheet, one move per line (from rules.md).\n"
                                   f"{example.text}"}


def packaged_kit(folder: Path, name: str, params: Any, settings: PrintSettings) -> Kit:
    """A built-in game's kit: its kit folder, shipped in printkit, built with config.toml's parameters (``params``, their
    ``example_log`` standing for the rule sheet's example game) and print settings."""
    kit = read_kit(folder, display=f"printkit/games/{name}", params=params, settings=settings)
    configured = getattr(params, "example_log", "")
    if configured:
        kit = replace(kit, example=(configured, read_configured(name, configured)))
    try:
        return folder_kit(kit)
    except LogError as exc:
        raise BuildError(f"the rule sheet's worked example is illegal under these parameters: {exc} "
                         f"(set games.{name}.example_log to a log that fits your rules)") from None

