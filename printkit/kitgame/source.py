"""rules.py found, snapshotted and loaded: the same code in this process, a local pool or a Dask worker.

A :class:`KitRef` holds the kit folder's Python files themselves (a few KB), so a worker on another
machine loads the very rules this process checked; where the folder is not there, the snapshot is
written to a temporary folder once per process.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.kitgame.blame import RulesError, blame
from printkit.kitrules import Game

MAX_CODE_BYTES = 2 * 1024 * 1024
"""The Python files of one kit folder, together."""


@dataclass(frozen=True)
class KitRef:
    """A kit folder with rules: where it is, how the user wrote it, and its Python code."""

    folder: str
    display: str
    rules: str
    """rules.py's path inside the folder (as kit.toml's ``[game] rules`` writes it)."""
    code: tuple[tuple[str, bytes], ...]
    digest: str

    @property
    def rules_name(self) -> str:
        """rules.py as messages name it (``my-game/rules.py``)."""
        return f"{self.display.rstrip('/')}/{self.rules}"


def kit_ref(folder: Path, display: str, rules: str, source: str) -> KitRef:
    """The folder's Python files snapshotted; a missing rules file is a ConfigError naming kit.toml's key."""
    from printkit.errors import ConfigError
    from printkit.userinput.files import read_bytes, reason
    from printkit.userinput.paths import inside, shown

    path = inside(folder, rules, source, "game.rules")
    if not path.is_file():
        raise ConfigError(source, "game.rules", f"no file {shown(folder, display, path)}")
    code, total = [], 0
    for file in sorted(folder.rglob("*.py")):
        rel = file.relative_to(folder).as_posix()
        if any(part.startswith(".") or part == "__pycache__" for part in rel.split("/")):
            continue
        try:
            data = read_bytes(file, MAX_CODE_BYTES)  # a FIFO named x.py is refused, never read
        except OSError as exc:
            raise ConfigError(shown(folder, display, file), "", f"cannot read the file: {reason(exc)}") from None
        total += len(data)
        if total > MAX_CODE_BYTES:
            raise ConfigError(source, "game.rules", f"the kit's Python files exceed {MAX_CODE_BYTES // 2**20} MB")
        code.append((rel, data))
    digest = hashlib.sha256(b"".join(f"{rel}\0".encode() + data + b"\0" for rel, data in code)).hexdigest()
    return KitRef(str(folder.resolve()), display, path.relative_to(folder.resolve()).as_posix(), tuple(code), digest)


_LOADED: dict[str, type[Game]] = {}


def _folder_for(ref: KitRef) -> Path:
    """The folder to import from: the kit itself when its code is unchanged, else the snapshot written out."""
    here = Path(ref.folder)
    if all((here / rel).is_file() and (here / rel).read_bytes() == data for rel, data in ref.code):
        return here
    there = Path(tempfile.gettempdir()) / f"printkit-kit-{ref.digest[:16]}"
    for rel, data in ref.code:
        target = there / rel
        if not target.is_file() or target.read_bytes() != data:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    return there


def game_class(ref: KitRef) -> type[Game]:
    """The :class:`Game` subclass rules.py defines (``GAME = ...`` picks one of several); loaded once per process."""
    if ref.digest in _LOADED:
        return _LOADED[ref.digest]
    packaged = packaged_module(Path(ref.folder) / ref.rules)
    if packaged is not None:  # a built-in game: its rules are a module of printkit, imported by name
        _LOADED[ref.digest] = chosen = _chosen(importlib.import_module(packaged), ref)
        return chosen
    folder = _folder_for(ref)
    name = f"printkit_kit_{ref.digest[:16]}"
    spec = importlib.util.spec_from_file_location(name, folder / ref.rules)
    if spec is None or spec.loader is None:  # pragma: no cover - a .py file always has a loader
        raise RulesError(f"{ref.rules_name}: cannot be loaded as Python")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    added = str(folder) not in sys.path
    if added:
        sys.path.insert(0, str(folder))  # rules.py may import its own helper modules beside it
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # the designer's code: any exception is theirs
        sys.modules.pop(name, None)
        raise blame(exc, folder, ref.display, f"while loading {ref.rules}") from None
    _LOADED[ref.digest] = chosen = _chosen(module, ref)
    return chosen


def _chosen(module: Any, ref: KitRef) -> type[Game]:
    picked = getattr(module, "GAME", None)
    if picked is not None:
        if isinstance(picked, type) and issubclass(picked, Game):
            return picked
        raise RulesError(f"{ref.rules_name}: GAME must name a class of printkit.kitrules.Game, got {picked!r:.60}")
    found = [v for v in vars(module).values() if isinstance(v, type) and issubclass(v, Game) and v.__module__ == module.__name__]
    if len(found) == 1:
        return found[0]
    if not found:
        raise RulesError(f"{ref.rules_name}: no game in it: write `class MyGame(Game):` "
                         "(from printkit.kitrules import Game)")
    raise RulesError(f"{ref.rules_name}: {len(found)} games in it ({', '.join(c.__name__ for c in found)}): "
                     "say which with GAME = ClassName")


def packaged_module(path: Path) -> str | None:
    """The dotted module name of a Python file shipped inside printkit (a built-in game's kit folder), else None."""
    root = Path(__file__).resolve().parents[1]
    try:
        parts = path.resolve().with_suffix("").relative_to(root).parts
    except ValueError:
        return None
    return ".".join(("printkit", *parts))


_HOOKS: dict[str, Any] = {}


def kit_hook(folder: Path, display: str, written: str, source: str, key: str) -> Any:
    """What ``FILE.py:NAME`` (kit.toml's ``key``, e.g. ``hooks.params``) names: NAME in the kit folder's FILE.py. A kit
    folder shipped in printkit is imported by its module's dotted name; any other file is loaded once per process by
    its path and content (its errors reported as the designer's)."""
    from printkit.errors import ConfigError
    from printkit.userinput.files import read_bytes, reason
    from printkit.userinput.paths import inside, shown

    file, _, attribute = written.partition(":")
    path = inside(folder, file, source, key)
    name = packaged_module(path)
    if name is not None:
        module = importlib.import_module(name)
    else:
        try:
            code = read_bytes(path, MAX_CODE_BYTES)
        except FileNotFoundError:
            raise ConfigError(source, key, f"no file {shown(folder, display, path)}") from None
        except OSError as exc:
            raise ConfigError(shown(folder, display, path), "", f"cannot read the file: {reason(exc)}") from None
        digest = hashlib.sha256(str(path.resolve()).encode() + b"\0" + code).hexdigest()[:16]
        if digest not in _HOOKS:
            module_name = f"printkit_kit_hook_{digest}"
            spec = importlib.util.spec_from_file_location(module_name, path)
            if spec is None or spec.loader is None:  # pragma: no cover - a .py file always has a loader
                raise RulesError(f"{shown(folder, display, path)}: cannot be loaded as Python")
            module = importlib.util.module_from_spec(spec)
            sys.modules[module_name] = module
            try:
                spec.loader.exec_module(module)
            except Exception as exc:  # the designer's code: any exception is theirs
                sys.modules.pop(module_name, None)
                raise blame(exc, folder, display, f"while loading {file}") from None
            _HOOKS[digest] = module
        module = _HOOKS[digest]
    found = getattr(module, attribute, None)
    if found is None:
        raise ConfigError(source, key, f"{shown(folder, display, path)} has no {attribute!r} (kit.toml names {written!r})")
    return found
