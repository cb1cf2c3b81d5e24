"""rules.py found, snapshotted and loaded: the same code in this process, a local pool or a Dask worker.

A :class:`KitRef` holds the kit folder's Python files themselves (a few KB), so a worker on another
machine loads the very rules this process checked; where the folder is not there, the snapshot is
written to a temporary folder once per process.

A kit's modules shadow nothing: rules.py is loaded as a module of a private package
(``printkit_kit_<digest>.rules``) whose path is the kit folder, and the kit's modules import through an
``__import__`` of their own that finds the kit's other modules (``import helper`` for ``helper.py`` beside
rules.py) in that package before anything else. ``sys.path`` is left as it was: a ``jinja2.py`` in a kit is
the kit's own module, never the one printkit imports.
"""

from __future__ import annotations

import builtins
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import tempfile
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from printkit.errors import ConfigError
from printkit.guard.limits import Limits, bounded
from printkit.guard.watchdog import watch
from printkit.kitgame.blame import RulesError, blame, guard_exits
from printkit.kitrules import Game
from printkit.userinput.files import read_bytes, reason
from printkit.userinput.paths import inside, shown

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
    limits: Limits = field(default_factory=Limits)
    """CPU time per call and memory the kit's code may use (kit.toml's ``[game] time_limit`` and ``memory_limit``)."""

    @property
    def key(self) -> tuple[str, str, str, Limits]:
        """What tells one kit's code from another's in a process: the code, its folder, how the user names it and
        its limits."""
        return self.digest, self.folder, self.display, self.limits

    @property
    def rules_name(self) -> str:
        """rules.py as messages name it (``my-game/rules.py``)."""
        return f"{self.display.rstrip('/')}/{self.rules}"


def kit_ref(folder: Path, display: str, rules: str, source: str, limits: Limits | None = None) -> KitRef:
    """The folder's Python files snapshotted; a missing rules file is a ConfigError naming kit.toml's key."""
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
    return KitRef(str(folder.resolve()), display, path.relative_to(folder.resolve()).as_posix(), tuple(code), digest,
                  limits or Limits())


@dataclass(frozen=True)
class Loaded:
    """A kit's game class and the folder its code was loaded from (the kit folder, or its snapshot)."""

    game: type[Game]
    folder: Path


_LOADED: dict[tuple[str, str, str, Limits], Loaded] = {}


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
    return loaded(ref).game


def loaded(ref: KitRef) -> Loaded:
    """The kit's code loaded (once per process and folder: the same code in two folders is two kits, each naming its
    own files) and watched by the watchdog with the kit's limits. A built-in game's rules are a module of printkit,
    imported by its name (so the rules' classes are the package's own), and watched as any kit's."""
    if ref.key in _LOADED:
        return _LOADED[ref.key]
    packaged = packaged_module(Path(ref.folder) / ref.rules)
    if packaged is not None:
        watch(ref.folder, ref.display, ref.limits)
        _LOADED[ref.key] = made = Loaded(_chosen(importlib.import_module(packaged), ref), Path(ref.folder))
        return made
    folder = _folder_for(ref)
    watch(folder, ref.display, ref.limits)
    guard_exits(folder)
    package = _package(folder, repr(ref.key), ref.display)
    module = _load(package, folder, ref.rules, ref.limits, ref.display, ref.rules_name)
    _LOADED[ref.key] = made = Loaded(_chosen(module, ref), folder)
    return made


def _package(folder: Path, key: str, display: str) -> str:
    """The private package of the kit code in ``folder`` known by ``key`` (made once per process): its modules come
    from ``folder`` and import the kit's other modules first (:class:`_KitLoader`)."""
    package = f"printkit_kit_{hashlib.sha256(key.encode()).hexdigest()[:16]}"
    _PACKAGES[package] = folder
    if package not in sys.modules:
        root = types.ModuleType(package, f"the code of kit {display}")
        root.__path__ = [str(folder)]
        root.__package__ = package
        root.__spec__ = importlib.machinery.ModuleSpec(package, None, is_package=True)
        root.__spec__.submodule_search_locations = [str(folder)]
        sys.modules[package] = root
    return package


def _load(package: str, folder: Path, file: str, limits: Limits, display: str, shown: str) -> types.ModuleType:
    """The kit's Python file ``file`` (of ``folder``) run as a module of ``package`` within ``limits``' memory; what it
    raises is the designer's error (``shown``: the file as messages name it)."""
    name = f"{package}.{Path(file).with_suffix('').as_posix().replace('/', '.')}"
    spec = importlib.util.spec_from_file_location(name, folder / file, loader=_KitLoader(name, str(folder / file)))
    if spec is None or spec.loader is None:  # pragma: no cover - a .py file always has a loader
        raise RulesError(f"{shown}: cannot be loaded as Python")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        with bounded(limits):
            spec.loader.exec_module(module)
    except BaseException as exc:  # the designer's code: what it raises is theirs (a real Ctrl-C aside)
        sys.modules.pop(name, None)
        raise blame(exc, folder, display, f"while loading {file}") from None
    return module


_PACKAGES: dict[str, Path] = {}
"""The private package of each kit loaded in this process, and the folder its modules come from."""


def _kit_import(package: str, folder: Path) -> Any:
    """An ``__import__`` for the kit's modules: a top-level name the kit folder holds (``helper.py``, ``helpers/``) is
    the kit's module, imported as ``package.name``; anything else is imported as usual."""
    local: dict[str, bool] = {}

    def kit_import(name: str, globals: Any = None, locals: Any = None, fromlist: Sequence[str] = (), level: int = 0) -> Any:
        if level == 0 and name:
            top = name.partition(".")[0]
            mine = local.get(top)
            if mine is None:
                mine = local[top] = (folder / f"{top}.py").is_file() or (folder / top).is_dir()
            if mine:
                module = importlib.import_module(f"{package}.{name}")
                return module if fromlist else sys.modules[f"{package}.{top}"]
        return builtins.__import__(name, globals, locals, fromlist, level)

    return kit_import


class _KitLoader(importlib.machinery.SourceFileLoader):
    """Loads a kit's module with the kit's own ``__import__`` in its builtins."""

    def exec_module(self, module: types.ModuleType) -> None:
        package = module.__name__.partition(".")[0]
        own = dict(vars(builtins))
        own["__import__"] = _kit_import(package, _PACKAGES[package])
        module.__dict__["__builtins__"] = own
        super().exec_module(module)


class _KitFinder(importlib.abc.MetaPathFinder):
    """Finds the modules of the kits' private packages (``printkit_kit_<digest>.helper``) in their folders, and
    nothing else."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        if fullname.partition(".")[0] not in _PACKAGES or "." not in fullname:
            return None
        found = importlib.machinery.PathFinder.find_spec(fullname, path)
        if found is None or not isinstance(found.loader, importlib.machinery.SourceFileLoader):
            return found
        found.loader = _KitLoader(fullname, str(found.origin))
        return found


sys.meta_path.insert(0, _KitFinder())


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


def kit_hook(folder: Path, display: str, written: str, source: str, key: str, limits: Limits | None = None) -> Any:
    """What ``FILE.py:NAME`` (kit.toml's ``key``, e.g. ``hooks.params``) names: NAME in the kit folder's FILE.py, its
    calls watched with ``limits`` (kit.toml's ``[game] time_limit``, when given). A kit folder shipped in printkit is
    imported by its module's dotted name; any other file is loaded once per process by its path and content, as a
    module of the kit's private package (so it shadows nothing; its errors reported as the designer's)."""
    file, _, attribute = written.partition(":")
    path = inside(folder, file, source, key)
    name = shown(folder, display, path)
    if limits is not None:
        watch(folder, display, limits)
    packaged = packaged_module(path)
    if packaged is not None:
        module = importlib.import_module(packaged)
    else:
        try:
            code = read_bytes(path, MAX_CODE_BYTES)
        except FileNotFoundError:
            raise ConfigError(source, key, f"no file {name}") from None
        except OSError as exc:
            raise ConfigError(name, "", f"cannot read the file: {reason(exc)}") from None
        digest = hashlib.sha256(str(path).encode() + b"\0" + code).hexdigest()[:16]
        if digest not in _HOOKS:
            root = folder.resolve()
            guard_exits(root)
            package = _package(root, f"hooks {root} {display} {digest}", display)
            _HOOKS[digest] = _load(package, root, path.relative_to(root).as_posix(), limits or Limits(), display, name)
        module = _HOOKS[digest]
    found = getattr(module, attribute, None)
    if found is None:
        raise ConfigError(source, key, f"{name} has no {attribute!r} (kit.toml names {written!r})")
    return found
