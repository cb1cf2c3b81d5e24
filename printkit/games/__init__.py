"""The registry of the built-in games: their names, kit folders (``printkit/games/NAME/``, each a kit folder as a
designer writes one) and seed documents.

A build's parent process reads a game's parameters from its kit.toml (and the ``[hooks] params`` class of its
params.py) without loading its rules; the game itself (rules, players, kernels, terminal) is made from the folder
when first asked for (:func:`get_game`).
"""

from __future__ import annotations

import importlib
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from printkit.errors import UnknownGameError
from printkit.guard.limits import DEFAULT_MEGABYTES, DEFAULT_SECONDS, Limits
from printkit.params import params_class as make_params
from printkit.userinput.text import quoted

if TYPE_CHECKING:
    from printkit.kitgame.game import KitGame

GAMES: tuple[str, ...] = ("warfare", "ultimate", "sitters", "tictactwo", "tokentactics")
"""The built-in games' names (``--game``), each the name of its kit folder here."""

SEEDS: dict[str, str] = {
    "warfare": "000_1aa8353d7c29ab02.txt",
    "ultimate": "001_13b6a92f50f535d8.txt",
    "sitters": "002_247f853217ad7fb5.txt",
    "tictactwo": "003_005c91f7ab348a9c.txt",
    "tokentactics": "004_a520edffd42cb51b.txt",
}
"""The seed document (../shared/seeds/) each built-in game is specified by."""


def available() -> list[str]:
    """Names of the games whose kit folder is present, in registry order."""
    return [name for name in GAMES if (Path(__file__).parent / name / "kit.toml").is_file()]


def kit_folder(name: str) -> Path:
    """The kit folder of a registered game (an unknown or absent name is a UnknownGameError)."""
    if name not in available():
        raise UnknownGameError(f"unknown game {quoted(name)} (known games: {', '.join(available())})")
    return Path(__file__).parent / name


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


def has_kit(name: str) -> bool:
    """Whether a registered game has a print kit: every built-in game does (its kit folder)."""
    return kit_folder(name).is_dir()


@lru_cache(maxsize=None)
def kit_builder(name: str) -> Callable[[Any, Any], Any]:
    """A game's kit from ``(params, settings)``: its kit folder built with them, without its players or terminal
    play."""
    folder = kit_folder(name)

    def build(params: Any, settings: Any) -> Any:
        from printkit.kitgame.pipeline import packaged_kit  # the build pipeline loads when a kit is built

        return packaged_kit(folder, name, params, settings)

    return build


@lru_cache(maxsize=None)
def _kit_game(name: str) -> KitGame:
    from printkit.kitgame.game import packaged_game

    folder = kit_folder(name)
    with (folder / "kit.toml").open("rb") as file:
        data = tomllib.load(file)
    game = data["game"]
    limits = Limits(float(game.get("time_limit", DEFAULT_SECONDS)), int(game.get("memory_limit", DEFAULT_MEGABYTES)))
    return packaged_game(folder, name, data["kit"]["title"], params_class(name), data.get("hooks", {}), game["rules"],
                         kit_builder(name), SEEDS[name], limits)


def get_game(name: Any) -> KitGame:
    """The spec of a game: a registered name, or a kit folder's :class:`printkit.kitgame.source.KitRef`
    (how tasks name a designer's game in worker processes); an unknown or absent name is a UnknownGameError."""
    if not isinstance(name, str):
        from printkit.kitgame.game import kit_game

        return kit_game(name)
    return _kit_game(name)
