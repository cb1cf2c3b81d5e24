"""The ``printkit`` command line: options, calls and echo; no game logic lives here."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable, NoReturn

import click

from printkit.config import Config, load_config
from printkit.errors import PrintkitError
from printkit.games import available, get_game
from printkit.press.settings import PAPERS


def _fail(message: str) -> NoReturn:
    raise PrintkitError(message)


class _Group(click.Group):
    """Turns every PrintkitError (and an unwritable disk) into one clean line and exit 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except PrintkitError as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(1)
        except BrokenPipeError:
            ctx.exit(1)


def _config(config: str | None, sets: tuple[str, ...], paper: str | None = None) -> Config:
    """The configuration with ``--set`` overrides and ``--paper`` (any letter case) applied last."""
    paper = {p.lower(): p for p in PAPERS}[paper.lower()] if paper else None
    extra = (f"print.paper={json.dumps(paper)}",) if paper else ()
    return load_config(config, sets + extra)


CONFIG_OPTION = click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
                             help="configuration file (default: ./config.toml if present, else built-in defaults)")
SET_OPTION = click.option("--set", "sets", multiple=True, metavar="KEY=VALUE",
                          help="override a config value by dotted key, e.g. games.warfare.board_size=7 (repeatable)")
GAME_OPTION = click.option("--game", "game", required=True, metavar="NAME", help="game name (see `printkit list`)")


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="printkit")
def main() -> None:
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


@main.command()
@click.option("--game", "games", multiple=True, metavar="NAME", help="game to build (repeatable)")
@click.option("--all", "build_all", is_flag=True, help="build every game that has a kit")
@CONFIG_OPTION
@click.option("--out", "out", type=click.Path(file_okay=False), default="output", show_default=True, help="output folder")
@click.option("--paper", type=click.Choice(sorted(PAPERS), case_sensitive=False), default=None, help="paper size")
@SET_OPTION
@click.option("--force", is_flag=True, help="rebuild even when nothing the kit is made from changed")
def build(games: tuple[str, ...], build_all: bool, config_path: str | None, out: str, paper: str | None, sets: tuple[str, ...],
          force: bool) -> None:
    """Build print-ready kits into OUT/<game>/ (a kit whose inputs did not change is kept)."""
    from printkit.build import build_many

    cfg = _config(config_path, sets, paper)
    names = [n for n in available() if get_game(n).kit is not None] if build_all else list(games)
    if not names:
        _fail("name a game with --game NAME or use --all")
    for name in names:
        get_game(name)
    if sys.stderr.isatty():
        click.echo(f"building {', '.join(names)} ...", err=True)
    for result in build_many(cfg, names, Path(out), force=force):
        name = result.game
        if result.reused:
            click.echo(f"{name}: unchanged, kept {result.folder}/ (use --force to rebuild)")
        else:
            total = sum(result.files.values())
            click.echo(f"{name}: wrote {len(result.files)} files ({total / 1024:.0f} KiB) to {result.folder}/")
            for file, size in result.files.items():
                click.echo(f"  {file:<28} {size / 1024:8.1f} KiB")
        errors = [f for f in result.findings if f.level == "error"]
        warnings = [f for f in result.findings if f.level == "warning"]
        click.echo(f"  checks: {len(errors)} errors, {len(warnings)} warnings (details: printkit verify --game {name})")


@main.command()
@GAME_OPTION
@CONFIG_OPTION
@click.option("--paper", type=click.Choice(sorted(PAPERS), case_sensitive=False), default=None, help="paper size")
@SET_OPTION
def verify(game: str, config_path: str | None, paper: str | None, sets: tuple[str, ...]) -> None:
    """Check a kit against its rules: one line per finding; exit 1 on an error."""
    from printkit.build import make_kit
    from printkit.kit.checks import check_kit

    findings = check_kit(make_kit(_config(config_path, sets, paper), game))
    for finding in findings:
        click.echo(str(finding))
    errors = sum(1 for f in findings if f.level == "error")
    click.echo(f"{game}: {errors} errors, {len(findings) - errors} warnings")
    if errors:
        sys.exit(1)


@main.command()
@CONFIG_OPTION
@click.option("--out", "out", type=click.Path(file_okay=False), default="output", show_default=True, help="output folder")
@click.option("--paper", type=click.Choice(sorted(PAPERS), case_sensitive=False), default=None, help="paper size")
@SET_OPTION
def calibrate(config_path: str | None, out: str, paper: str | None, sets: tuple[str, ...]) -> None:
    """Write OUT/calibration.pdf: a duplex test sheet that measures the printer's back-side shift."""
    from printkit.build import write_file
    from printkit.draw.pdf import pdf_bytes
    from printkit.press.calibration import calibration_pages

    settings = _config(config_path, sets, paper).print
    target = Path(out) / "calibration.pdf"
    write_file(target, pdf_bytes(calibration_pages(settings), "printkit duplex calibration"))
    click.echo(f"wrote {target}: print it double-sided ({settings.duplex_flip} edge), then follow its instructions")


@main.command()
@GAME_OPTION
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="print the replay as JSON")
@CONFIG_OPTION
@SET_OPTION
def replay(game: str, log: str, as_json: bool, config_path: str | None, sets: tuple[str, ...]) -> None:
    """Replay a game log: the board after each move, then the result."""
    from printkit.rules.log import read_log
    from printkit.rules.replay import replay as run_replay
    from printkit.rules.replay import replay_json

    spec = get_game(game)
    rules = spec.rules(_config(config_path, sets).game_params(game))
    played = run_replay(rules, read_log(log), log)
    if as_json:
        click.echo(json.dumps(replay_json(rules, played), indent=2))
        return
    click.echo(rules.render_text(played.start))
    for step in played.steps:
        click.echo(f"\n{log}:{step.line.number}: {step.line.text}")
        click.echo(rules.render_text(step.state))
    outcome = played.outcome
    if outcome is None:
        click.echo(f"\nunfinished after {len(played.steps)} moves")
    elif outcome.winner is None:
        click.echo(f"\nresult: draw ({outcome.reason}) after {len(played.steps)} moves")
    else:
        click.echo(f"\nresult: {rules.player_names[outcome.winner]} wins ({outcome.reason}) after {len(played.steps)} moves")


def _players(spec: Any, names: tuple[str, str]) -> tuple[Callable[..., Any], Callable[..., Any]]:
    for name in names:
        if name not in spec.players:
            _fail(f"unknown player {name!r} for {spec.name} (known: {', '.join(sorted(spec.players))})")
    policies = spec.players[names[0]], spec.players[names[1]]
    return spec.pair_players(*policies) if spec.pair_players is not None else policies


@main.command()
@GAME_OPTION
@click.option("--games", "count", type=click.IntRange(1, 10_000_000), default=1000, show_default=True, help="number of games")
@click.option("--seed", type=int, default=1, show_default=True, help="random seed")
@click.option("--players", "players", default="random,random", show_default=True, metavar="A,B",
              help="players for the first and second seat (see the game's players)")
@click.option("--json", "as_json", is_flag=True, help="print the statistics as JSON")
@CONFIG_OPTION
@SET_OPTION
def simulate(game: str, count: int, seed: int, players: str, as_json: bool, config_path: str | None, sets: tuple[str, ...]) -> None:
    """Seeded playouts: win and draw rates with 95% intervals, game length, speed."""
    from printkit.rules.simulate import RESULTS
    from printkit.rules.simulate import simulate as run

    spec = get_game(game)
    params = _config(config_path, sets).game_params(game)
    names = tuple(p.strip() for p in players.split(","))
    if len(names) != 2:
        _fail(f"--players takes two names separated by a comma, got {players!r}")
    if names == ("random", "random") and spec.fast_simulate is not None:
        tally = spec.fast_simulate(params, count, seed)
    else:
        tally = run(spec.rules(params), _players(spec, names), count, seed, observe=spec.observe)  # type: ignore[arg-type]
    data = tally.as_json()
    data["players"] = list(names)
    data["summary"] = spec.summarize(tally) if spec.summarize is not None else {}
    if as_json:
        click.echo(json.dumps(data, indent=2))
        return
    seats = ", ".join(f"{who} = {what}" for who, what in zip(spec.rules(params).player_names, names))
    click.echo(f"{spec.title}: {data['games']} games ({seats}), seed {seed}; first = whoever moved first")
    for key in RESULTS:
        lo, hi = data["intervals"][key]
        click.echo(f"  {key:<7} {data['results'][key]:>8}  {100 * data['rates'][key]:5.1f}%  (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)")
    click.echo(f"  length  mean {data['mean_length']:.2f}, min {data['min_length']}, max {data['max_length']} moves")
    for reason, n in data["reasons"].items():
        click.echo(f"  ended by {reason}: {n}")
    for key, n in data["extra"].items():
        click.echo(f"  {key}: {n}")
    for key, value in data["summary"].items():
        click.echo(f"  {key.replace('_', ' ')}: {value:.3f}")
    click.echo(f"  speed   {data['games_per_second']:.0f} games per second")


def _read_secret(prompt: str) -> str:
    """A line read without echo (a player's secret choice); end of input is EOFError."""
    try:
        return str(click.prompt(prompt, hide_input=True, prompt_suffix="", default="", show_default=False))
    except click.exceptions.Abort:
        raise EOFError from None


@main.command()
@GAME_OPTION
@click.option("--seed", type=int, default=None, help="random seed (dice, computer player)")
@click.option("--vs-computer", "vs_computer", is_flag=True, help="the computer takes one side")
@click.option("--computer", "computer", default=None, metavar="SIDE", help="which side the computer plays")
@CONFIG_OPTION
@SET_OPTION
def play(game: str, seed: int | None, vs_computer: bool, computer: str | None, config_path: str | None, sets: tuple[str, ...]) -> None:
    """Play a game in the terminal, reading moves from standard input."""
    spec = get_game(game)
    if spec.play is None:
        raise PrintkitError(f"{game} has no terminal game (games with one: "
                            f"{', '.join(n for n in available() if get_game(n).play is not None)})")
    params = _config(config_path, sets).game_params(game)
    stdin = click.get_text_stream("stdin")
    secret = _read_secret if stdin.isatty() else None
    side = computer if computer is not None else ("2" if vs_computer else None)
    code = spec.play(params, input_stream=stdin, output_stream=click.get_text_stream("stdout"),
                     seed=seed, computer=side, read_secret=secret)
    sys.exit(code)
