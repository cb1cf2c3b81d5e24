"""The registry of games: ``--game`` name to the package that defines its ``SPEC``.

A game's package is light to import: its ``params`` module holds its :class:`Params` (what config.toml's table
is checked against) and a ``kit`` module is there when it has a print kit, so a build's parent process knows
both without loading any game's rules; ``SPEC`` (rules, players, engines) loads when first read.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from typing import TYPE_CHECKING, Any, Callable, Mapping

from printkit.errors import UnknownGameError
from printkit.userinput.text import quoted

if TYPE_CHECKING:
    from printkit.games.spec import GameSpec

GAMES: dict[str, str] = {
    "warfare": "printkit.games.warfare",
    "ultimate": "printkit.games.ultimate",
    "sitters": "printkit.games.sitters",
    "tictactwo": "printkit.games.tictactwo",
    "tokentactics": "printkit.games.tokentactics",
}


def available() -> list[str]:
    """Names of the games whose module is present, in registry order."""
    names = []
    for name, module in GAMES.items():
        if importlib.util.find_spec(module) is not None:
            names.append(name)
    return names


def lazy_names(package: str, names: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A package's ``__getattr__`` and ``__dir__`` for ``names`` (name -> the submodule defining it), each imported
    when first read (PEP 562). A name its submodule shares (``clarifications`` from ``clarifications.py``) cannot be
    lazy: importing the submodule binds the module to that name; the package imports such a name itself."""
    shared = [name for name, module in names.items() if name == module]
    if shared:
        raise ValueError(f"{package}: import {', '.join(shared)} in the package itself (a submodule of that name would shadow it)")

    def getattr_(name: str) -> Any:
        if name not in names:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{names[name]}"), name)

    def dir_() -> list[str]:
        return sorted({*names, *vars(sys.modules[package])})

    return getattr_, dir_


def _package(name: str) -> str:
    if name not in available():
        raise UnknownGameError(f"unknown game {quoted(name)} (known games: {', '.join(available())})")
    return GAMES[name]


def params_class(name: str) -> type:
    """A registered game's parameters (its ``params`` module's ``Params``: the same class as its ``SPEC.params``),
    without loading its rules."""
    return importlib.import_module(f"{_package(name)}.params").Params  # type: ignore[no-any-return]


def has_kit(name: str) -> bool:
    """Whether a registered game has a print kit (a ``kit`` module), without loading its rules."""
    return importlib.util.find_spec(f"{_package(name)}.kit") is not None


def kit_builder(name: str) -> Callable[[Any, Any], Any]:
    """A game's kit: its kit module's ``build_kit(params, settings)`` (``SPEC.kit`` loads the same), without the
    rest of its ``SPEC`` (players, terminal play)."""
    return importlib.import_module(f"{_package(name)}.kit").build_kit  # type: ignore[no-any-return]


def get_game(name: Any) -> GameSpec:
    """The spec of a game: a registered name, or a kit folder's :class:`printkit.kitgame.source.KitRef`
    (how tasks name a designer's game in worker processes); an unknown or absent name is a UnknownGameError."""
    if not isinstance(name, str):
        from printkit.kitgame.spec import kit_game

        return kit_game(name)
    spec: GameSpec = importlib.import_module(_package(name)).SPEC
    return spec
