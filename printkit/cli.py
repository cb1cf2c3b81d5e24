"""The ``printkit`` command line: options, calls and echo; no game logic lives here."""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, NoReturn

import click

from printkit.cli_errors import Group
from printkit.config import load_cli_config, paper_name
from printkit.errors import ConfigError, PrintkitError
from printkit.games import available, get_game, has_kit
from printkit.kit.model import tally
from printkit.press.settings import PAPERS
from printkit.userinput.text import plural, quoted

SHOWN_ERRORS = 5
"""A build prints this many of its check errors itself (verify prints them all)."""


def _fail(message: str) -> NoReturn:
    raise PrintkitError(message)


CONFIG_OPTION = click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
                             help="configuration file (default: ./config.toml if present, else built-in defaults)")
SET_OPTION = click.option("--set", "sets", multiple=True, metavar="KEY=VALUE",
                          help="override a config value by dotted key, e.g. games.warfare.board_size=7 (repeatable)")
OUT_OPTION = click.option("--out", "out", type=click.Path(file_okay=False), default="output", show_default=True,
                          help="output folder")
PAPER_OPTION = click.option("--paper", type=click.Choice(sorted(PAPERS), case_sensitive=False), default=None,
                            help="paper size")
KIT_OPTION = click.option("--kit", "kits", multiple=True, metavar="DIR",
                          help="a kit folder holding kit.toml (your own game from data files; repeatable). A kit with "
                               "rules.py is a program: its code runs with your rights (see --no-code)")
NO_CODE_OPTION = click.option("--no-code", "no_code", is_flag=True,
                              help="do not run the kit's Python code (rules.py): print a kit you have not read; its "
                                   "example game is not replayed, its sheet values and rules' checks are left out")


@contextmanager
def _json_alone(as_json: bool) -> Iterator[Callable[..., None]]:
    """With ``--json``, standard output holds the JSON alone: what the run prints meanwhile (a kit's rules.py calling
    ``print()``, in this process or its workers) goes to standard error. Yields the echo that writes to standard
    output."""
    if not as_json:
        yield click.echo
        return
    real = sys.stdout

    def echo(message: Any = None, err: bool = False) -> None:
        click.echo(message, err=err, file=None if err else real)

    sys.stdout = sys.stderr
    try:
        yield echo
    finally:
        sys.stdout = real


def _memory_of(ref: Any) -> Any:
    """Within the block, a kit's rules may take the memory its ``[game] memory_limit`` allows (a built-in game: no bound)."""
    from contextlib import nullcontext

    from printkit.guard.limits import bounded

    limits = getattr(ref, "limits", None)
    return bounded(limits) if limits is not None else nullcontext()


def _one_source(game: str | None, kits: tuple[str, ...]) -> None:
    if (game is None) == (len(kits) != 1) or (game is not None and kits):
        _fail("name one game with --game NAME or one kit folder with --kit DIR")


def _playable(game: str | None, kits: tuple[str, ...], config_path: str | None, sets: tuple[str, ...]) -> tuple[Any, Any, Any]:
    """(spec, params, game reference) of ``--game NAME`` or of ``--kit DIR`` (a kit folder with rules.py).

    The reference is what tasks carry to worker processes: the game's name, or the kit's KitRef.
    """
    _one_source(game, kits)
    if game is not None:
        return get_game(game), load_cli_config(config_path, sets).game_params(game), game
    if config_path is not None:
        _fail("--kit reads its own kit.toml: give --set KEY=VALUE for its keys instead of --config")
    from printkit.kitgame.spec import open_kit

    opened = open_kit(kits[0], sets)
    return opened.spec, opened.setup, opened.ref


@click.group("printkit", cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="printkit")
@click.option("--debug", is_flag=True, help="with an error in a kit's rules.py, also print its full traceback")
def main(debug: bool) -> None:
    """Print-and-play prototype kits and reference rules engines for tabletop games."""


@main.command("list")
def list_games() -> None:
    """List the games, one line each."""
    for name in available():
        spec = get_game(name)
        state = "kit + rules" if spec.kit is not None else "rules only"
        click.echo(f"{name:<13} {spec.title} ({state})")


@main.command("config")
def show_config() -> None:
    """Print a complete config.toml with every default and its meaning."""
    from printkit.config import default_config_text

    click.echo(default_config_text(), nl=False)


def _chosen_games(games: tuple[str, ...], kits: tuple[str, ...], every: bool, config_path: str | None, verb: str,
                  no_code: bool = False, outline: bool = False) -> list[str]:
    """The built-in games a command names (``--game``, ``--all``), refusing what does not go with them or with ``--kit``."""
    names = [n for n in available() if has_kit(n)] if every else list(games)
    if not names and not kits:
        _fail("name a game with --game NAME or use --all (or a kit folder with --kit DIR)")
    if kits and (names or config_path):
        _fail(f"--kit {verb} a kit folder from its own kit.toml: give it alone (no --game, --all or --config)")
    if no_code and not kits:
        _fail("--no-code is for kit folders (--kit DIR): a built-in game's code is printkit's own")
    if outline and not kits:
        _fail("--outline is for kit folders (--kit DIR): it draws the layouts of their kit.toml")
    return names


def _report(result: Any, verify_hint: str) -> None:
    if result.reused:
        click.echo(f"{result.game}: unchanged, kept {result.folder}/ (use --force to rebuild)")
    else:
        total = sum(result.files.values())
        click.echo(f"{result.game}: wrote {len(result.files)} files ({total / 1024:.0f} KiB) to {result.folder}/")
        for file, size in result.files.items():
            click.echo(f"  {file:<28} {size / 1024:8.1f} KiB")
    click.echo(f"  checks: {tally([f.level for f in result.findings])} (details: printkit verify {verify_hint})")
    errors = [f for f in result.findings if f.level == "error"]
    for finding in errors[:SHOWN_ERRORS]:
        click.echo(f"    {finding}")
    if len(errors) > SHOWN_ERRORS:
        click.echo(f"    ... and {len(errors) - SHOWN_ERRORS} more errors")


@main.command()
@click.option("--game", "games", multiple=True, metavar="NAME", help="game to build (repeatable)")
@KIT_OPTION
@click.option("--all", "build_all", is_flag=True, help="build every game that has a kit")
@CONFIG_OPTION
@OUT_OPTION
@PAPER_OPTION
@SET_OPTION
@click.option("--force", is_flag=True, help="rebuild even when nothing the kit is made from changed")
@NO_CODE_OPTION
@click.option("--outline", is_flag=True, help="also draw the layout view: OUT/<kit>/outline/<set>.<layout>.svg and .png, every "
                                              "element's box, name and kit.toml line over a piece, with the cut, bleed and safe lines")
def build(games: tuple[str, ...], kits: tuple[str, ...], build_all: bool, config_path: str | None, out: str, paper: str | None,
          sets: tuple[str, ...], force: bool, no_code: bool, outline: bool) -> None:
    """Build print-ready kits into OUT/<game>/ (a kit folder: OUT/<kit name>/); a kit whose inputs did not change is kept.

    The build checks the kit as verify does (a kit with rules.py: its example game, the deck its rules deal, random
    games); when the checks find errors the kit is still written, for inspection, and the build exits 1.

    A kit folder with rules.py is a program: building it runs that code with your rights (so do verify, export,
    replay, simulate, balance and play). Give --no-code to print a kit you have not read without running it.
    """
    from printkit.build import build_many, data_job, game_job
    from printkit.kit.outfolder import recover

    names = _chosen_games(games, kits, build_all, config_path, "builds", no_code, outline)
    recover(Path(out))  # a kit a killed build left aside is put back first, even when this build then fails
    batches = [(folder, lambda folder=folder: [data_job(folder, sets, paper_name(paper), Path(out), not no_code, outline)])
               for folder in kits]  # each kit folder built in turn (its jobs made when its turn comes), the games together
    batches += [(", ".join(names), lambda: [game_job(load_cli_config(config_path, sets, paper), n) for n in names])] if names else []
    results: list[Any] = []
    for what, jobs in batches:
        if sys.stderr.isatty():
            click.echo(f"building {what} ...", err=True)
        for result in build_many(jobs(), Path(out), force=force):
            _report(result, f"--kit {what}" if kits else f"--game {result.game}")
            results.append(result)
    _fail_on_errors(results)


def _fail_on_errors(results: list[Any]) -> None:
    """Exit 1 when the checks of a kit built found errors (the kits are written all the same, for inspection)."""
    failing = [result for result in results if any(f.level == "error" for f in result.findings)]
    if failing:
        errors = sum(1 for result in failing for f in result.findings if f.level == "error")
        kits_written = ", ".join(f"{result.folder}/" for result in failing)
        _fail(f"the checks found {plural(errors, 'error')} (listed above): written for inspection only, "
              f"not ready to print: {kits_written}")


@main.command()
@click.option("--game", "game", default=None, metavar="NAME", help="game name (see `printkit list`)")
@KIT_OPTION
@CONFIG_OPTION
@PAPER_OPTION
@SET_OPTION
@click.option("--out", "out", type=click.Path(file_okay=False), default="output", show_default=True,
              help="output folder: a failed game of a kit's checks is kept in OUT/<kit>/failed/ to replay")
def verify(game: str | None, kits: tuple[str, ...], config_path: str | None, paper: str | None, sets: tuple[str, ...],
           out: str) -> None:
    """Check a kit against its rules (the checks build makes): one line per finding; exit 1 on an error."""
    from printkit.build import make_data_kit, make_kit
    from printkit.kit.checks import check_kit

    _one_source(game, kits)
    if game is not None:
        kit = make_kit(load_cli_config(config_path, sets, paper), game)
    else:
        kit = make_data_kit(kits[0], sets, paper_name(paper), Path(out))
    findings = check_kit(kit)
    for finding in findings:
        click.echo(str(finding))
    click.echo(f"{kit.game}: {tally([f.level for f in findings])}")
    if any(f.level == "error" for f in findings):
        sys.exit(1)


@main.command("export")
@click.option("--game", "games", multiple=True, metavar="NAME", help="game to export (repeatable)")
@KIT_OPTION
@click.option("--all", "export_all", is_flag=True, help="every game that has a kit")
@click.option("--to", "target", required=True, metavar="TARGET", help="tts, pod, gutterfold, cmyk or pdfx")
@click.option("--shop", default=None, metavar="SHOP", help="--to pod: thegamecrafter, makeplayingcards or generic (default)")
@click.option("--base-url", "base_url", default=None, metavar="URL", help="--to tts: where the images will be hosted")
@click.option("--deck", "decks", multiple=True, metavar="NAME", help="only this deck (repeatable; no tokens or boards)")
@click.option("--intent", default=None, metavar="NAME", help="--to cmyk/pdfx: the printing condition (FOGRA39 default, FOGRA51, 'CGATS TR 001' ...)")
@click.option("--profile", default=None, metavar="FILE", help="--to cmyk/pdfx: the shop's CMYK ICC profile (default: printkit's FOGRA39 profile)")
@click.option("--pdfx", "as_pdfx", is_flag=True, help="--to cmyk: write PDF/X (as --to pdfx does)")
@click.option("--pdfx-version", "pdfx_version", default=None, metavar="1a|4",
              help="--to pdfx: PDF/X-1a:2003 (default; transparency flattened) or PDF/X-4 (transparency kept)")
@CONFIG_OPTION
@OUT_OPTION
@PAPER_OPTION
@SET_OPTION
@NO_CODE_OPTION
def export(games: tuple[str, ...], kits: tuple[str, ...], export_all: bool, target: str, shop: str | None, base_url: str | None,
           decks: tuple[str, ...], intent: str | None, profile: str | None, as_pdfx: bool, pdfx_version: str | None,
           config_path: str | None, out: str, paper: str | None, sets: tuple[str, ...], no_code: bool) -> None:
    """Export kits for Tabletop Simulator, a print-on-demand shop, gutter-fold printing or CMYK presses (PDF/X) into
    OUT/<game>/export/<target>/."""
    from printkit.build import make_data_kit, make_kit, require_kit
    from printkit.export.run import Press, check_options, export_kit

    if as_pdfx and target != "cmyk":
        _fail(f"--pdfx: only for --to cmyk (--to {target})")
    press = Press(intent, profile, pdfx_version or ("1a" if as_pdfx else None))
    check_options(target, shop, base_url, decks, intent, press)
    names = _chosen_games(games, kits, export_all, config_path, "exports", no_code)
    for name in names:
        require_kit(name)  # before anything is made
    cfg = load_cli_config(config_path, sets, paper) if names else None
    makers = [lambda k=k: make_data_kit(k, sets, paper_name(paper), run_code=not no_code) for k in kits]
    makers += [lambda n=n: make_kit(cfg, n) for n in names]
    skipped = _export_each(makers, lambda kit: export_kit(kit, target, Path(out), shop, base_url, decks, intent, press))
    if decks and skipped == len(makers) > 1:
        _fail(f"--deck: no kit has a deck named {', '.join(repr(d) for d in decks)}")


def _export_each(makers: list[Callable[[], Any]], export_one: Callable[[Any], Any]) -> int:
    """Each kit made and exported, a line each; returns how many had nothing to export (skipped, unless alone)."""
    from printkit.export.common import NothingToExport

    skipped = 0
    for make in makers:
        try:
            result = export_one(make())
        except NothingToExport as exc:
            if len(makers) == 1:
                raise
            click.echo(f"skipped: {exc}")
            skipped += 1
            continue
        for warning in result.warnings:
            click.echo(f"warning: {warning}")
        click.echo(f"{result.game}: wrote {len(result.files)} files ({sum(result.files.values()) / 1024:.0f} KiB) to {result.folder}/")
    return skipped


@main.command("new")
@click.argument("folder", type=click.Path(file_okay=False))
@click.option("--title", default=None, help="the game's title (default: from the folder name); refused when the cards "
              "cannot print it (a character the font lacks, more than the card back holds)")
@click.option("--rules", "with_rules", is_flag=True, help="a two-player card game with rules.py: replay, verify, simulate, balance, play")
def new_kit(folder: str, title: str | None, with_rules: bool) -> None:
    """Start your own game: a kit folder with kit.toml, cards.csv, rules.md and art/ (--rules: and rules.py)."""
    from printkit.datakit.scaffold import scaffold

    written = scaffold(Path(folder), title, rules=with_rules)
    click.echo(f"wrote {folder}/: {', '.join(written)}")
    click.echo(f"next: printkit build --kit {folder}   (then open output/<name>/kit.pdf)")
    if with_rules:
        click.echo(f"      printkit verify --kit {folder}; printkit simulate --kit {folder}; printkit play --kit {folder} --vs-computer")


@main.command("schema")
@click.argument("which", type=click.Choice(["kit", "config"]))
def show_schema(which: str) -> None:
    """Print the JSON Schema of kit.toml or config.toml (editors complete and check keys with it)."""
    from printkit.docs.schemas import config_schema, kit_schema, schema_text

    click.echo(schema_text(kit_schema() if which == "kit" else config_schema()), nl=False)


@main.command()
@OUT_OPTION
@click.option("--open", "open_browser", is_flag=True, help="open the gallery in a web browser")
def gallery(out: str, open_browser: bool) -> None:
    """Write OUT/index.html and OUT/<game>/index.html: every kit built, what changed since its previous build."""
    from printkit.gallery.site import write_gallery

    pages = write_gallery(Path(out))
    click.echo(f"wrote {pages[0]} ({plural(len(pages) - 1, 'kit page')})")
    if open_browser:
        _open_page(pages[0])


def _open_page(page: Path) -> None:
    import webbrowser

    webbrowser.open(page.resolve().as_uri())


@main.command("docs")
@OUT_OPTION
@click.option("--open", "open_browser", is_flag=True, help="open the site in a web browser")
def docs(out: str, open_browser: bool) -> None:
    """Build the documentation site into OUT/site/: run it inside a clone of printkit's repository (mkdocs.yml, docs/),
    with mkdocs installed (pip install '.[test]')."""
    from printkit.docs.site import build_site

    page = build_site(Path(out))
    click.echo(f"wrote {page}")
    if open_browser:
        _open_page(page)


@main.command()
@click.option("--game", "games", multiple=True, metavar="NAME", help="game to keep built (repeatable)")
@KIT_OPTION
@click.option("--all", "watch_all", is_flag=True, help="every game that has a kit")
@CONFIG_OPTION
@OUT_OPTION
@PAPER_OPTION
@SET_OPTION
@click.option("--serve", is_flag=True, help="serve OUT on localhost; open pages reload after each build")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="port for --serve")
@click.option("--outline", is_flag=True, help="--kit: build the layout views too (as build --outline; the gallery shows them)")
def watch(games: tuple[str, ...], kits: tuple[str, ...], watch_all: bool, config_path: str | None, out: str, paper: str | None,
          sets: tuple[str, ...], serve: bool, port: int, outline: bool) -> None:
    """Rebuild kits when their config, templates, game files or kit folder change; one line per rebuild; Ctrl-C stops."""
    from printkit.build import require_kit
    from printkit.watch import Watcher, game_source, kit_source
    from printkit.watch import serve as start_server

    names = _chosen_games(games, kits, watch_all, config_path, "builds", outline=outline)
    for name in names:
        require_kit(name)
    if config_path is not None and not Path(config_path).exists():
        _fail(f"--config: no such file {quoted(config_path)}")
    if not kits:
        _sets_taken(config_path, sets, paper)
    sources = [kit_source(k, sets, paper_name(paper)) for k in kits] or [game_source(n) for n in names]
    names = [s.name for s in sources]
    watcher = Watcher(sources, Path(out), config_path, sets, paper_name(paper), click.echo)
    watcher.outline = outline
    server = start_server(Path(out), port) if serve else None
    if server is not None:
        click.echo(f"serving {out}/ at http://127.0.0.1:{port}/ (pages reload after each build)")
    click.echo(f"watching {', '.join(names)}: Ctrl-C stops")
    try:
        watcher.run()
    except KeyboardInterrupt:
        click.echo("stopped")
    finally:
        if server is not None:
            server.shutdown()


def _sets_taken(config_path: str | None, sets: tuple[str, ...], paper: str | None) -> None:
    """A ``--set`` the configuration refuses ends ``watch`` at once, as it ends every other command (no edit of a
    watched file mends the command line); a refusal of config.toml itself is watched until the file is mended."""
    try:
        load_cli_config(config_path, sets, paper)
    except ConfigError as exc:
        if exc.source == "--set":
            raise


@main.command()
@CONFIG_OPTION
@OUT_OPTION
@PAPER_OPTION
@SET_OPTION
def calibrate(config_path: str | None, out: str, paper: str | None, sets: tuple[str, ...]) -> None:
    """Write OUT/calibration.pdf: a duplex test sheet that measures the printer's back-side shift."""
    from printkit.draw.pdf import pdf_bytes
    from printkit.press.calibration import calibration_pages
    from printkit.userinput.writes import write_file

    settings = load_cli_config(config_path, sets, paper).print
    target = Path(out) / "calibration.pdf"
    write_file(target, pdf_bytes(calibration_pages(settings), "printkit duplex calibration"))
    click.echo(f"wrote {target}: print it double-sided ({settings.duplex_flip} edge), then follow its instructions")


GAME_OR_KIT = click.option("--game", "game", default=None, metavar="NAME", help="game name (see `printkit list`)")
RULES_KIT_OPTION = click.option("--kit", "kits", multiple=True, metavar="DIR",
                                help="a kit folder whose kit.toml names its rules ([game] rules = \"rules.py\")")


@main.command()
@GAME_OR_KIT
@RULES_KIT_OPTION
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="print the replay as JSON")
@CONFIG_OPTION
@SET_OPTION
def replay(game: str | None, kits: tuple[str, ...], log: str, as_json: bool, config_path: str | None, sets: tuple[str, ...]) -> None:
    """Replay a game log: the board after each move, then the result (progress on a terminal; Ctrl-C stops)."""
    from printkit.rules.replay_command import run

    spec, params, ref = _playable(game, kits, config_path, sets)
    rules = spec.rules(params)
    with _json_alone(as_json) as echo, _memory_of(ref):
        code = run(rules, log, as_json, echo)
    if code:
        sys.exit(code)


@main.command()
@GAME_OR_KIT
@RULES_KIT_OPTION
@click.option("--games", "count", type=click.IntRange(1, 10_000_000), default=1000, show_default=True, help="number of games")
@click.option("--seed", type=int, default=1, show_default=True, help="random seed")
@click.option("--players", "players", default="random,random", show_default=True, metavar="A,B",
              help="players for the first and second seat (see the game's players)")
@click.option("--json", "as_json", is_flag=True, help="print the statistics as JSON")
@click.option("--workers", type=click.IntRange(1, 512), default=1, show_default=True,
              help="processes playing the games (same numbers for any count)")
@CONFIG_OPTION
@SET_OPTION
@click.option("--out", "out", type=click.Path(file_okay=False), default="output", show_default=True,
              help="output folder: a finished run is kept in OUT/<game>/balance/simulate.json for the gallery")
@click.option("--log-game", "log_game", type=click.IntRange(1, 10_000_000), default=None, metavar="N",
              help="--kit: also write game N of the run as a log, each move noted with its player, to "
                   "OUT/<kit>/logs/simulate-seed-S-game-N.log (replay it, or paste it into rules.md's ```game block)")
def simulate(game: str | None, kits: tuple[str, ...], count: int, seed: int, players: str, as_json: bool, workers: int,
             config_path: str | None, sets: tuple[str, ...], out: str, log_game: int | None) -> None:
    """Seeded playouts: win and draw rates with 95% intervals, game length, speed."""
    from printkit.balance.latest import keep_simulation
    from printkit.balance.progress import Progress
    from printkit.balance.simulation import simulate_chunked
    from printkit.params import to_mapping
    from printkit.rules.metrics import metrics_lines
    from printkit.rules.reasons import reasons_lines
    from printkit.rules.simulate import RESULTS, counters_lines

    if log_game is not None and not kits:
        _fail("--log-game is for kit folders (--kit DIR): a built-in game's runs are played by its own fast engines")
    if log_game is not None and log_game > count:
        _fail(f"--log-game {log_game}: the run plays {plural(count, 'game')} (--games)")
    spec, params, ref = _playable(game, kits, config_path, sets)
    names = tuple(p.strip() for p in players.split(","))
    if len(names) != 2:
        _fail(f"--players takes two names separated by a comma, got {quoted(players)}")
    with _json_alone(as_json) as echo:
        tally, complete = simulate_chunked(ref, params, (names[0], names[1]), count, seed, workers,
                                           progress=Progress(count, stream=sys.stderr), out=Path(out))
    if not complete:
        click.echo(f"stopped after {tally.games} of {count} games: the statistics so far", err=True)
    data = tally.as_json()
    data["players"] = list(names)
    data["summary"] = dict(spec.summarize(params, tally)) if spec.summarize is not None else {}
    seat_names = spec.rules(params).player_names
    data["metrics"] = tally.metrics(seat_names)
    if as_json:
        echo(json.dumps(data, indent=2))
        if complete:
            keep_simulation(Path(out), spec.name, data, to_mapping(params), seed)
        sys.exit(0 if complete else 130)
    seats = ", ".join(f"{who} = {what}" for who, what in zip(seat_names, names))
    click.echo(f"{spec.title}: {data['games']} games ({seats}), seed {seed}; first = whoever moved first")
    for key in RESULTS:
        lo, hi = data["intervals"][key]
        click.echo(f"  {key:<7} {data['results'][key]:>8}  {100 * data['rates'][key]:5.1f}%  (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)")
    click.echo(f"  length  mean {data['mean_length']:.2f}, min {data['min_length']}, max {data['max_length']} moves")
    for line in reasons_lines(data["reasons"], data["metrics"].get("reason_numbers")):
        click.echo(f"  ended by {line}")
    for line in counters_lines(data["extra"], data["games"]):
        click.echo(line)
    for key, value in data["summary"].items():
        click.echo(f"  {key.replace('_', ' ')}: {value:.3f}")
    for line in metrics_lines(data["metrics"]):
        click.echo(line)
    click.echo(f"  speed   {data['games_per_second']:.0f} games per second")
    kept = keep_simulation(Path(out), spec.name, data, to_mapping(params), seed) if complete else None
    if kept is not None:
        click.echo(f"  kept for the gallery: {kept}")
    if log_game is not None:
        from printkit.balance.gamelog import game_log, write_game_log

        with _memory_of(ref):
            text = game_log(spec, params, (names[0], names[1]), seed, log_game, spec.title)
        click.echo(f"  game {log_game}: {write_game_log(Path(out), spec.name, text, seed, log_game)} "
                   f"(printkit replay --kit {kits[0]} shows it; paste it into rules.md's ```game block)")
    if not complete:
        sys.exit(130)


@main.command()
@click.option("--game", "game", default=None, metavar="NAME", help="game name (see `printkit list`)")
@KIT_OPTION
@click.option("--sweep", "sweeps", multiple=True, metavar="KEY=V1,V2|A..B",
              help="a parameter and its values, e.g. games.warfare.board_size=5..8 (repeatable: every combination)")
@click.option("--players", "players", default="random", show_default=True, metavar="M1,M2",
              help="matchups: NAME plays itself, A/B seats A first and B second (each one more row of results)")
@click.option("--games", "count", type=click.IntRange(1, 10_000_000), default=2000, show_default=True,
              help="games per point and matchup")
@click.option("--seed", type=int, default=1, show_default=True, help="random seed")
@click.option("--abilities", is_flag=True, help="restricted play: what each ability is worth to each seat")
@click.option("--cards", is_flag=True, help="restricted play for every distinct card the rules deal: what each is worth, ranked")
@click.option("--workers", type=click.IntRange(1, 512), default=None, help="local processes (default: the core count)")
@click.option("--scheduler", default=None, metavar="ADDRESS", help="run on an existing Dask cluster (tcp://host:8786)")
@click.option("--resume", is_flag=True, help="complete a stopped run (same options) instead of starting again")
@CONFIG_OPTION
@SET_OPTION
@OUT_OPTION
def balance(game: str | None, kits: tuple[str, ...], sweeps: tuple[str, ...], players: str, count: int, seed: int, abilities: bool,
            cards: bool, workers: int | None, scheduler: str | None, resume: bool, config_path: str | None, sets: tuple[str, ...], out: str) -> None:
    """Balance lab: rates over a parameter sweep, ability values, flags, plots -> OUT/<game>/balance/."""
    from printkit.balance.command import balance as run_balance
    from printkit.balance.execute import default_workers
    from printkit.balance.lab import Request

    _one_source(game, kits)
    if kits and config_path is not None:
        _fail("--kit reads its own kit.toml: give --set KEY=VALUE for its keys instead of --config")
    request = Request(game or "", sweeps, players, count, seed, abilities, config_path, sets, kits[0] if kits else None, cards)
    code = run_balance(request, Path(out), workers or default_workers(), scheduler, resume, click.echo)
    if code:
        sys.exit(code)


def _read_secret(prompt: str) -> str:
    """A line read without echo (a player's secret choice); end of input is EOFError."""
    try:
        return str(click.prompt(prompt, hide_input=True, prompt_suffix="", default="", show_default=False))
    except click.exceptions.Abort:
        raise EOFError from None


def _writable(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A file the command will write, refused before any work where it cannot be (a file in the way of its folder):
    not a whole game played, then its log refused."""
    from printkit.userinput.writes import check_writable

    if value is not None:
        try:
            check_writable(Path(value))
        except PrintkitError as exc:
            raise click.BadParameter(str(exc), ctx, param) from None
    return value


@main.command()
@GAME_OR_KIT
@RULES_KIT_OPTION
@click.option("--seed", type=int, default=None, help="random seed (chance, computer player)")
@click.option("--vs-computer", "vs_computer", is_flag=True, help="play against the computer (it takes the second seat)")
@click.option("--computer", "computer", default=None, metavar="PLAYER",
              help="which player the computer is: one of the game's, or mcts, mcts:easy|medium|hard, mcts:N, mcts:Ns "
                   "(default: the game's strongest); implies --vs-computer")
@click.option("--side", "side", default=None, metavar="SEAT",
              help="the seat the computer takes: 1, 2, a mark (X/O) or a player's name; implies --vs-computer")
@click.option("--log", "log_path", type=click.Path(dir_okay=False), default=None, callback=_writable,
              help="write the game played as a log that `printkit replay` accepts (--web: the game in play, resumed from it)")
@click.option("--web", is_flag=True, help="play in the browser with the kit's own art: rules enforced, seats for the computer "
                                          "and for others on the network")
@click.option("--host", "address", default="127.0.0.1", show_default=True, metavar="ADDRESS",
              help="--web: the address to listen on (0.0.0.0: others on your network can join)")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True, help="--web: the port (0: any free one)")
@click.option("--no-open", "no_open", is_flag=True, help="--web: do not open a browser")
@click.option("--pace", type=click.FloatRange(0, 10), default=0.6, show_default=True, metavar="SECONDS",
              help="--web: the least time before each computer move (its thinking included)")
@OUT_OPTION
@CONFIG_OPTION
@SET_OPTION
def play(game: str | None, kits: tuple[str, ...], seed: int | None, vs_computer: bool, computer: str | None, side: str | None,
         log_path: str | None, web: bool, address: str, port: int, no_open: bool, pace: float, out: str, config_path: str | None,
         sets: tuple[str, ...]) -> None:
    """Play a game in the terminal, reading moves from standard input (log notation or a number from the list); with --web,
    at a table in the browser."""
    if web:
        _play_web(game, kits, config_path, sets, seed, computer, side if side is not None else "2" if vs_computer else None,
                  log_path, out, address, port, not no_open, pace)
        return
    context = click.get_current_context()
    given = [f"--{name.replace('_', '-')}" for name in ("host", "port", "no_open", "pace", "out")
             if context.get_parameter_source("address" if name == "host" else name) != click.core.ParameterSource.DEFAULT]
    if given:
        _fail(f"{', '.join(given)}: for the table in the browser: add --web")
    _play_terminal(game, kits, config_path, sets, seed, vs_computer, computer, side, log_path)


def _play_terminal(game: str | None, kits: tuple[str, ...], config_path: str | None, sets: tuple[str, ...], seed: int | None,
                   vs_computer: bool, computer: str | None, side: str | None, log_path: str | None) -> NoReturn:
    """A game at the terminal; the log (``--log``) is kept whatever ends it, an error or Ctrl-C included."""
    from printkit.kitgame.blame import RulesError
    from printkit.rules.terminal import GameLog, choose_seating

    spec, params, ref = _playable(game, kits, config_path, sets)
    if spec.play is None:
        raise PrintkitError(f"{game} has no terminal game (games with one: "
                            f"{', '.join(n for n in available() if get_game(n).play is not None)})")
    seating = choose_seating(spec, spec.rules(params).player_names, spec.marks, vs_computer, computer, side)
    stdin = sys.stdin
    secret = _read_secret if stdin.isatty() else None
    log = GameLog(Path(log_path) if log_path else None, spec.title)
    try:
        with _memory_of(ref):
            code = spec.play(params, input_stream=stdin, output_stream=sys.stdout,
                             seed=seed, seat=seating.seat, player=seating.player, log=log, read_secret=secret)
    except KeyboardInterrupt:
        log.keep("unfinished: stopped by Ctrl-C")
        raise
    except BaseException as exc:  # an error (a kit's rules.py failing): the game up to it is kept, to replay
        kept = log.keep(f"unfinished: error: {str(exc)[:500]}")
        if isinstance(exc, RulesError) and kits:
            from printkit.kitgame.failures import at_the_terminal

            raise RulesError(f"{exc}: {at_the_terminal(len(log.lines), log.path if kept else None, ref.display, sets)}",
                             exc.debug) from None
        raise
    sys.exit(code)


def _play_web(game: str | None, kits: tuple[str, ...], config_path: str | None, sets: tuple[str, ...], seed: int | None,
              computer: str | None, side: str | None, log_path: str | None, out: str, address: str, port: int,
              open_browser: bool, pace: float) -> None:
    """``play --web``: the table in the browser."""
    from printkit.table.command import WebOptions, run_table
    from printkit.table.kitsource import folder_source, game_source

    _one_source(game, kits)
    if kits and config_path is not None:
        _fail("--kit reads its own kit.toml: give --set KEY=VALUE for its keys instead of --config")
    source = game_source(game, config_path, sets) if game is not None else folder_source(kits[0], sets)
    run_table(source, Path(out), Path(log_path) if log_path else None, seed, computer, side,
              WebOptions(address, port, open_browser, pace), click.echo)
