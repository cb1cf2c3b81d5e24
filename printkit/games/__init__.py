"""The registry of games: ``--game`` name to the package that defines its ``SPEC``.

A game's package is light to import: its ``params`` module holds its :class:`Params` (what config.toml's table
is checked against) and a ``kit`` module is there when it has a print kit, so a build's parent process knows
both without loading any game's rules; ``SPEC`` (rules, players, engines) loads when first read.
"""

from __future__ import annotations

import importlib
import importlib.util
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from printkit.errors import UnknownGameError
from printkit.guard.limits import DEFAULT_MEGABYTES, DEFAULT_SECONDS, Limits
from printkit.params import params_class as make_params
from printkit.userinput.text import quoted

if TYPE_CHECKING:
    from printkit.rules.spec import GameSpec

GAMES: dict[str, str] = {
    "warfare": "printkit.games.warfare",
    "ultimate": "printkit.games.ultimate",
    "sitters": "printkit.games.sitters",
    "tictactwo": "printkit.games.tictactwo",
    "tokentactics": "printkit.games.tokentactics",
}

SEEDS: dict[str, str] = {
    "warfare": "000_1aa8353d7c29ab02.txt",
    "ultimate": "001_13b6a92f50f535d8.txt",
    "sitters": "002_247f853217ad7fb5.txt",
    "tictactwo": "003_005c91f7ab348a9c.txt",
    "tokentactics": "004_a520edffd42cb51b.txt",
}
"""The seed document (../shared/seeds/) each built-in game is specified by."""


def available() -> list[str]:
    """Names of the games whose module is present, in registry order."""
    names = []
    for name, module in GAMES.items():
        if importlib.util.find_spec(module) is not None:
            names.append(name)
    return names


def _package(name: str) -> str:
    if name not in available():
        raise UnknownGameError(f"unknown game {quoted(name)} (known games: {', '.join(available())})")
    return GAMES[name]


def kit_folder(name: str) -> Path:
    """The folder of a registered game's kit.toml: its package's folder."""
    return Path(__file__).parent / _package(name).rpartition(".")[2]


def _shipped_hook(folder: Path, written: str) -> Any:
    """What ``FILE.py:NAME`` of a kit folder shipped in printkit names: NAME of the module FILE, imported by its name."""
    file, _, attribute = written.partition(":")
    parts = (folder / file).with_suffix("").relative_to(Path(__file__).parent).parts
    return getattr(importlib.import_module(".".join((__name__, *parts))), attribute)


EXAMPLE_LOG = {"doc": "log of the rule sheet's worked example (empty: the built-in one)"}
"""``example_log``: config.toml's key of every built-in game besides its kit folder's ``[params]``."""


@lru_cache(maxsize=None)
def params_class(name: str) -> type:
    """A registered game's parameters: its kit.toml's ``[params]`` and ``[param_limits]`` with config.toml's
    ``example_log``, the class ``[hooks] params`` names (in the game's package) as their base, without loading its
    rules."""
    folder = kit_folder(name)
    with (folder / "kit.toml").open("rb") as file:
        data = tomllib.load(file)
    written = data.get("hooks", {}).get("params")
    derived = _shipped_hook(folder, written) if written is not None else None
    title = data["kit"].get("title", name)
    return make_params({**data["params"], "example_log": ""}, {**data.get("param_limits", {}), "example_log": EXAMPLE_LOG},
                       doc=f"{title}: the parameters of its kit folder (printkit/games/{name}/kit.toml) and the rule sheet's "
                           "example log.", derived=derived)


def is_packaged(name: str) -> bool:
    """Whether a registered game is played from its kit folder alone (no ``spec`` module of its own)."""
    return importlib.util.find_spec(f"{_package(name)}.spec") is None


def has_kit(name: str) -> bool:
    """Whether a registered game has a print kit (a kit folder, or a ``kit`` module), without loading its rules."""
    return is_packaged(name) or importlib.util.find_spec(f"{_package(name)}.kit") is not None


@lru_cache(maxsize=None)
def kit_builder(name: str) -> Callable[[Any, Any], Any]:
    """A game's kit from ``(params, settings)``: its kit folder built with them (or its kit module's ``build_kit``),
    without its players or terminal play."""
    if is_packaged(name):
        def build(params: Any, settings: Any) -> Any:
            from printkit.kitgame.kit import packaged_kit  # the kit's pipeline loads when a kit is built

            return packaged_kit(kit_folder(name), name, params, settings)

        return build
    return importlib.import_module(f"{_package(name)}.kit").build_kit  # type: ignore[no-any-return]


@lru_cache(maxsize=None)
def _kit_game(name: str) -> GameSpec:
    from printkit.kitgame.game import packaged_game

    folder = kit_folder(name)
    with (folder / "kit.toml").open("rb") as file:
        data = tomllib.load(file)
    game = data["game"]
    limits = Limits(float(game.get("time_limit", DEFAULT_SECONDS)), int(game.get("memory_limit", DEFAULT_MEGABYTES)))
    return packaged_game(folder, name, data["kit"]["title"], params_class(name), data.get("hooks", {}), game["rules"],
                         kit_builder(name), SEEDS[name], limits)


def get_game(name: Any) -> GameSpec:
    """The spec of a game: a registered name, or a kit folder's :class:`printkit.kitgame.source.KitRef`
    (how tasks name a designer's game in worker processes); an unknown or absent name is a UnknownGameError."""
    if not isinstance(name, str):
        from printkit.kitgame.game import kit_game

        return kit_game(name)
    if is_packaged(name):
        return _kit_game(name)
    spec: GameSpec = importlib.import_module(_package(name)).SPEC
    return spec
