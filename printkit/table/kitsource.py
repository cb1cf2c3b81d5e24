"""A kit folder (``--kit DIR``) or a built-in game's kit folder (``--game NAME``) read for the table: the engine that
plays it, the art it prints, its players and its layout hints; read again when its files change.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

from printkit.guard.limits import Limits
from printkit.kitgame.engine import KitRules
from printkit.table.art import Face, KitArt, vera_faces
from printkit.table.scene import SceneMaker

if TYPE_CHECKING:  # the data layer is imported when a kit is read
    from printkit.datakit.load import KitFolder


@dataclass(frozen=True)
class TableKit:
    """One reading of the kit: ``rules`` plays it, ``art`` draws it, ``players`` are its computer players."""

    name: str
    title: str
    rules: KitRules
    art: KitArt
    players: Mapping[str, Any]
    strongest: str
    hints: Mapping[str, Any]
    source: str
    """kit.toml as messages name it (the ``[table]`` hints' file)."""
    watched: tuple[Path, ...]
    """The files and folders it is read from (a change there is read at the next game)."""
    limits: Limits = Limits()
    """What one call into rules.py may take (``[game] time_limit``, ``memory_limit``)."""


@dataclass(frozen=True)
class KitSource:
    """How to read the kit again: the loader of its folder, what it watches, and how it was named."""

    describe: str
    load: Callable[[], KitFolder]
    watched: tuple[Path, ...]
    sets: tuple[str, ...] = ()


def folder_source(folder: str, sets: tuple[str, ...] = ()) -> KitSource:
    """``--kit DIR`` with ``--set`` items."""
    from printkit.datakit.load import load_kit

    def load() -> KitFolder:
        return load_kit(folder, sets)

    return KitSource(f"--kit {folder}", load, (Path(folder).resolve(),), sets)


def game_source(game: str, config_path: str | None, sets: tuple[str, ...] = ()) -> KitSource:
    """``--game NAME``: the game's kit folder with config.toml's parameters (``--set`` over them)."""
    from printkit.build import require_kit
    from printkit.config import load_config

    require_kit(game)
    make = built_in_kit_folder(game)

    def load() -> KitFolder:
        config = load_config(config_path, sets)
        return make(config.game_params(game), config.print)

    config_file = Path(config_path or "config.toml").resolve()
    return KitSource(f"--game {game}", load, (config_file,))


def built_in_kit_folder(game: str) -> Callable[[Any, Any], KitFolder]:
    """A built-in game's packaged kit folder read with config.toml's parameters and print settings."""
    from printkit.games import kit_folder
    from printkit.kitgame.spec import read_kit as read_folder

    folder = kit_folder(game)

    def make(params: Any, settings: Any) -> KitFolder:
        return read_folder(folder, display=f"printkit/games/{game}", params=params, settings=settings)

    return make


def read_kit(source: KitSource, version: int) -> TableKit:
    """The kit read now: every piece drawn as printed, the rules loaded, the layout hints checked later against the
    state (:mod:`printkit.table.scene`)."""
    from printkit.kitgame.pipeline import folder_kit
    from printkit.kitgame.spec import open_loaded

    folder = source.load()
    opened = open_loaded(folder, source.sets)  # opened once: the kit built from it, its rules played
    rules = opened.rules()
    built = folder_kit(folder, opened)
    art = KitArt(built, {"decks": opened.setup.decks, "tokens": opened.setup.tokens}, vera_faces() + kit_faces(folder), version)
    watched = source.watched + ((folder.path.resolve(),) if folder.path.resolve() not in source.watched else ())
    check_hints(folder.spec.table, rules, folder.spec.source)
    SceneMaker(rules, art, folder.spec.table).try_start()
    return TableKit(opened.setup.name, opened.setup.title, rules, art, opened.spec.players, opened.spec.strongest,
                    folder.spec.table, folder.spec.source, watched, opened.ref.limits)


def kit_faces(folder: KitFolder) -> tuple[Face, ...]:
    """The kit's own fonts (``[fonts]``) for the SVG: family names as the SVG writes them, with their files."""
    from printkit.draw import fonts
    from printkit.userinput.paths import inside

    faces = []
    for name, (regular, bold) in folder.spec.fonts.items():
        for written, is_bold in ((regular, False), (bold, True)):
            if written is None:
                continue
            path = inside(folder.path, written, folder.spec.source, f"fonts.{name}")
            registered = fonts.register_file(str(path))
            faces.append(Face(fonts.svg_family(registered).split(",")[0], is_bold, False, path.read_bytes()))
    return tuple(faces)


def check_hints(hints: Mapping[str, Any], rules: KitRules, source: str) -> None:
    """``[table]`` names only keys the game's state has (at its start)."""
    from printkit.errors import ConfigError

    named = {key: names for key, names in hints.items() if isinstance(names, tuple) and names}
    if not named:
        return
    state = rules.initial_state()
    if not isinstance(state, Mapping):
        raise ConfigError(source, f"table.{next(iter(named))}", "names state keys, but the game's state is not a dict")
    for key, names in named.items():
        unknown = [name for name in names if name not in state]
        if unknown:
            raise ConfigError(source, f"table.{key}", f"no state key {unknown[0]!r} (the state's keys: {', '.join(map(str, state))})")
